"""Engine "python" (xcc/engines/dlx/python.py) against Knuth's published
statistics and brute force."""
from __future__ import annotations

import warnings

import pytest
from hypothesis import given, settings

import xcc
from xcc.engines import DONE, PAUSED, SOLUTION
from xcc.engines.dlx.arrays import build_arrays, sanity
from xcc.engines.dlx.python import PythonRun

from ...bruteforce import all_solutions
from ...strategies import cycle_problems, one_cycle, present_edges, problems, total_cycle_problems


def solutions(run, budget=0):
    """Step ``run`` to the end: its solutions (option indices) in order."""
    out = []
    while (status := run.step(budget)) != DONE:
        assert status in (SOLUTION, PAUSED)
        if status == SOLUTION:
            out.append(run.solution())
    return out


def load(shared, name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return xcc.read_dlx(shared / "xcc" / name)


def test_color_example_matches_dlx2(shared):
    with pytest.warns(UserWarning, match="no primary items"):
        p = xcc.read_dlx(shared / "xcc" / "color.dlx")
    assert p.dropped == (2,)
    sols = list(xcc.solve(p, engine="python"))
    assert [s.text() for s in sols] == ["A C X:1 Y:1\nB X:1"]
    s = xcc.count(p, engine="python")
    assert (s.solutions, s.nodes, s.updates, s.cleansings, s.mems) == (1, 4, 14, 5, 268)


def test_queens4_matches_dlx2(shared):
    s = xcc.count(load(shared, "queens4.dlx"), engine="python")
    assert (s.solutions, s.nodes, s.updates, s.mems) == (2, 17, 237, 3333)


def test_queens8_matches_dlx2(shared):
    s = xcc.count(load(shared, "queens8.dlx"), engine="python")
    assert (s.solutions, s.nodes, s.updates, s.cleansings, s.mems, s.max_level) == \
        (92, 1199, 21375, 0, 305205, 8)


def test_solutions_are_exact_covers(shared):
    p = load(shared, "queens8.dlx")
    for sol in xcc.solve(p, engine="python"):
        rows = sorted(i for opt in sol.options for i, _ in opt if i.startswith("r"))
        assert rows == [f"r{k}" for k in range(8)]


def test_limit_stops_early(shared):
    p = load(shared, "queens8.dlx")
    assert len(list(xcc.solve(p, engine="python", limit=5))) == 5
    s = xcc.count(p, engine="python", limit=5)
    assert s.solutions == 5 and not s.complete and s.nodes < 1199


def test_links_sane_at_every_node_and_restored(shared):
    p = load(shared, "queens4.dlx")
    a = build_arrays(p)
    before = (list(a.up), list(a.down), list(a.itm), list(a.color), list(a.llink), list(a.rlink))
    run = PythonRun(a)
    run.check_sanity = True
    assert len(solutions(run)) == 2
    assert sanity(a) == []
    assert (a.up, a.down, a.itm, a.color, a.llink, a.rlink) == before


def test_sanity_detects_a_broken_link(shared):
    a = build_arrays(load(shared, "queens4.dlx"))
    a.up[a.down[1]] = 0
    assert sanity(a)


@settings(max_examples=400, deadline=None)
@given(problems())
def test_solution_set_equals_brute_force(problem):
    found = [frozenset(s.indices) for s in xcc.solve(problem, engine="python")]
    assert len(found) == len(set(found))
    assert set(found) == all_solutions(problem)
    assert xcc.count(problem, engine="python").solutions == len(found)


@settings(max_examples=300, deadline=None)
@given(cycle_problems())
def test_cycle_guard_equals_filter(case):
    problem, cycle = case
    expected = {s for s in all_solutions(problem)
                if one_cycle(present_edges(problem, cycle, s), cycle.required)}
    found = [frozenset(s.indices) for s in xcc.solve(problem, engine="python", cycle=cycle)]
    assert len(found) == len(set(found))
    assert set(found) == expected


def test_unknown_engine_lists_valid_ones(shared):
    with pytest.raises(xcc.XCCError, match="valid engines: python"):
        xcc.count(load(shared, "queens4.dlx"), engine="nope")


@settings(max_examples=300, deadline=None)
@given(total_cycle_problems())
def test_propagation_keeps_exactly_the_guards_solutions(case):
    problem, cycle = case
    plain = xcc.Cycle(cycle.edges, cycle.required, cycle.present)
    guarded = sorted(sorted(s.indices) for s in xcc.solve(problem, engine="python", cycle=plain))
    a = build_arrays(problem)
    run = PythonRun(a, cycle.compile_for(problem))
    run.check_sanity = True
    before = (list(a.up), list(a.down), list(a.itm), list(a.color))
    found = sorted(sorted(s) for s in solutions(run, budget=7))  # paused and resumed often
    assert found == guarded
    assert (a.up, a.down, a.itm, a.color) == before  # forced colors undone exactly


def test_examples_queens_counts_as_knuths_queens8():
    from xcc.examples import queens
    s = xcc.count(queens(8), engine="python")
    assert (s.solutions, s.nodes, s.updates, s.mems) == (92, 1199, 21375, 305205)


def test_pausing_changes_nothing(shared):
    """Resuming after every tiny budget gives the same run as no budget."""
    p = load(shared, "queens8.dlx")
    runs = []
    for budget in (0, 1, 13, 5000):
        run = PythonRun(build_arrays(p))
        runs.append((solutions(run, budget), run.counters()))
    assert all(r == runs[0] for r in runs) and len(runs[0][0]) == 92
    assert runs[0][1]["mems"] == 305205


def test_a_step_pauses_once_its_budget_is_spent(shared):
    run = PythonRun(build_arrays(load(shared, "queens8.dlx")))
    statuses = []
    while (status := run.step(1000)) != DONE:
        statuses.append(status)
        if status == PAUSED:
            assert run.counters()["mems"] >= 1000 * statuses.count(PAUSED)
    assert statuses.count(SOLUTION) == 92 and statuses.count(PAUSED) > 200
    assert run.step(1000) == DONE  # and stays done


def test_counters_have_only_what_the_run_counts(shared):
    p = load(shared, "queens4.dlx")
    assert list(PythonRun(build_arrays(p)).counters()) == \
        ["nodes", "updates", "cleansings", "mems", "max_level"]
    cycle = xcc.Cycle({"a0": [((0, 1), "1")]}).compile_for(p)
    assert list(PythonRun(build_arrays(p), cycle).counters())[-1] == "cycle_cuts"
