"""Engine "sat" (xcc/engines/sat/) against engine "python" and brute force."""
from __future__ import annotations

import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xcc
from xcc.engines import REGISTRY
from xcc.engines.sat import engine as sat
from xcc.engines.sat.translate import Layout, Translation

from ...bruteforce import all_solutions
from ...strategies import cycle_problems, problems, total_cycle_problems

needs_sat = pytest.mark.skipif(sat.solver_class() is None, reason="python-sat is not installed")


def load(shared, name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return xcc.read_dlx(shared / "xcc" / name)


@st.composite
def table_problems(draw, with_cycle=False):
    """Problems with *table* items (each option: the item and the same colored
    secondary items, distinct color tuples, as Masyu tiles) among others."""
    base = draw(problems(max_primary=2, max_secondary=4, max_options=4, colors="abc"))
    secondary = list(base.secondary) or ["s0"]
    primary = list(base.primary)
    options = [list(o) for o in base.options]
    for t in range(draw(st.integers(1, 3))):
        name = f"t{t}"
        primary.append(name)
        names = draw(st.lists(st.sampled_from(secondary), min_size=1, max_size=3, unique=True))
        tuples = draw(st.lists(st.tuples(*[st.sampled_from("abc") for _ in names]),
                               min_size=1, max_size=4, unique=True))
        for tup in tuples:
            options.append([(name, None)] + list(zip(names, tup)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        problem = xcc.Problem(primary, secondary, options)
    if not with_cycle:
        return problem
    edges = {}
    for s in secondary:
        edges[s] = [((draw(st.integers(0, 3)), draw(st.integers(0, 3))), draw(st.sampled_from("abc")))
                    for _ in range(draw(st.integers(0, 2)))]
        edges[s] = [((u, v), c) for (u, v), c in edges[s] if u != v]
    required = draw(st.lists(st.integers(0, 3), max_size=2, unique=True))
    return problem, xcc.Cycle(edges, required)


def solution_set(problem, cycle=None, cuts=None):
    """Solutions as sets of option indices, each found once."""
    engine = sat.SatEngine(cuts=cuts or sat.DEFAULT_CUTS)
    found = [frozenset(s.indices) for s in xcc.solve(problem, engine=engine, cycle=cycle)]
    assert len(found) == len(set(found))
    return set(found)


def reference(problem, cycle=None):
    return {frozenset(s.indices) for s in xcc.solve(problem, engine="python", cycle=cycle)}


def test_sat_is_listed_exactly_when_python_sat_imports():
    assert ("sat" in xcc.ENGINES) == (sat.solver_class() is not None)
    assert list(REGISTRY) == ["python", "c", "sat", "memo", "memo-python", "mult", "mult-python",
                              "cells", "cells-python", "costs", "costs-python", "auto"]


def test_missing_python_sat_is_explained(monkeypatch, shared):
    monkeypatch.setattr(sat, "solver_class", lambda: None)
    assert not REGISTRY["sat"].available()
    assert "pip install 'xcc-masyu[sat]'" in REGISTRY["sat"].why_not()
    with pytest.raises(xcc.XCCError, match=r"pip install 'xcc-masyu\[sat\]'"):
        xcc.count(load(shared, "queens4.dlx"), engine="sat")
    with pytest.raises(xcc.XCCError, match=r"pip install 'xcc-masyu\[sat\]'"):
        xcc.Search(load(shared, "queens4.dlx"), engine=sat.SatEngine())


@needs_sat
def test_color_example(shared):
    p = load(shared, "color.dlx")
    sols = list(xcc.solve(p, engine="sat"))
    assert [s.text() for s in sols] == ["A C X:1 Y:1\nB X:1"]


@needs_sat
@pytest.mark.parametrize("name, expected", [("queens4.dlx", 2), ("queens8.dlx", 92)])
def test_queens(shared, name, expected):
    p = load(shared, name)
    stats = xcc.count(p, engine="sat")
    assert stats.solutions == expected and stats.complete
    assert {frozenset(s.indices) for s in xcc.solve(p, engine="sat")} == reference(p)
    d = stats.as_dict()
    assert d["solves"] == expected + 1 and "conflicts" in d and d["engine"] == "sat"
    assert list(d) == ["solutions", "solves", "conflicts", "decisions", "propagations",
                       "restarts", "variables", "clauses", "seconds", "cpu_seconds", "complete",
                       "interrupted", "engine"]
    assert "nodes" not in d and "cycle_cuts" not in d  # counters the engine does not have


@needs_sat
def test_limit_stops_early(shared):
    stats = xcc.count(load(shared, "queens8.dlx"), engine="sat", limit=5)
    assert stats.solutions == 5 and not stats.complete


@needs_sat
def test_unknown_cuts_are_refused(shared):
    with pytest.raises(xcc.XCCError, match="valid: lazy, propagator"):
        sat.SatEngine(cuts="eager")


@needs_sat
@settings(max_examples=400, deadline=None)
@given(problems())
def test_solution_set_equals_brute_force(problem):
    assert solution_set(problem) == all_solutions(problem)


@needs_sat
@settings(max_examples=300, deadline=None)
@given(table_problems())
def test_tables_equal_brute_force(problem):
    assert solution_set(problem) == all_solutions(problem)


@needs_sat
@settings(max_examples=200, deadline=None)
@given(table_problems(with_cycle=True))
def test_tables_with_cycle_equal_reference(case):
    problem, cycle = case
    expected = reference(problem, cycle)
    assert solution_set(problem, cycle, "lazy") == expected
    assert solution_set(problem, cycle, "propagator") == expected


def test_a_tile_item_becomes_a_table():
    p = xcc.Problem(["t"], ["x", "y"], [["t", "x:0", "y:0"], ["t", "x:1", "y:0"], ["t", "x:0", "y:1"]])
    tr = Translation(Layout(p))
    assert len(tr.tables) == 1 and tr.option_lit == [0, 0, 0]


@needs_sat
@settings(max_examples=300, deadline=None)
@given(cycle_problems())
def test_cycle_lazy_cuts_equal_reference(case):
    problem, cycle = case
    assert solution_set(problem, cycle, "lazy") == reference(problem, cycle)


@needs_sat
@settings(max_examples=300, deadline=None)
@given(cycle_problems())
def test_cycle_propagator_equals_reference(case):
    problem, cycle = case
    assert solution_set(problem, cycle, "propagator") == reference(problem, cycle)


@needs_sat
@settings(max_examples=150, deadline=None)
@given(total_cycle_problems())
def test_total_cycle_problems_equal_reference(case):
    problem, cycle = case  # parity cuts and the promise of colors: the same solutions
    expected = reference(problem, xcc.Cycle(cycle.edges, cycle.required, cycle.present))
    assert solution_set(problem, cycle, "lazy") == expected
    assert solution_set(problem, cycle, "propagator") == expected


@needs_sat
@settings(max_examples=100, deadline=None)
@given(cycle_problems())
def test_api_counts_equal_reference(case):
    problem, cycle = case
    stats = xcc.count(problem, engine="sat", cycle=cycle)
    assert stats.solutions == len(reference(problem, cycle))


@needs_sat
def test_the_statistics_line_shows_the_sat_counters(shared):
    stats = xcc.count(load(shared, "queens4.dlx"), engine="sat")
    text = str(stats)
    assert text.startswith("2 solutions, 3 solves, ") and "conflicts" in text
    assert "nodes" not in text  # the SAT engine walks no search tree


@needs_sat
@pytest.mark.parametrize("cuts", sat.CUTS)
def test_cycle_counters(cuts):
    """With a cycle: cycle_cuts (and loop_propagations for the propagator)."""
    edges = {"x": (0, 1), "y": (1, 2), "z": (2, 0), "w": (2, 3)}  # a triangle and a tail
    problem = xcc.Problem(list(edges.values()) and ["a", "b", "c", "d"], list(edges),
                          [[p, f"{e}:{c}"] for p, e in zip("abcd", edges) for c in "01"])
    cycle = xcc.Cycle({e: [(uv, "1")] for e, uv in edges.items()}, required=[0])
    stats = xcc.count(problem, engine=sat.SatEngine(cuts=cuts), cycle=cycle)
    assert stats.solutions == xcc.count(problem, engine="python", cycle=cycle).solutions == 1
    assert "cycle_cuts" in stats.counters
    assert ("loop_propagations" in stats.counters) == (cuts == "propagator")


@needs_sat
def test_closing_releases_the_solver(shared):
    search = xcc.Search(load(shared, "queens8.dlx"), engine="sat")
    with search:
        first = next(iter(search))
    assert len(first) == 8 and search._run._solver is None
    assert search.stats.solutions == 1 and search.stats.solves == 1
