"""Algorithm M (multiplicities): engines "mult" (C) and "mult-python" against
Knuth's DLX3 and against brute force.

The figures of DLX3 (solutions, nodes, updates, cleansings, and its second mem
figure, the search's) were printed by dlx3.w, built with CWEB's ctangle from
the public CWEB mirror (github.com/ascherer/cwebtest) and gb_flip.w, on the
files of tests/data/xcc/dlx3/ (DLX3 does not print its maximum level: the
engines' ``max_level`` is taken from its byte count, which holds it).
"""
from __future__ import annotations

import itertools
import random
import warnings

import pytest

import xcc
from xcc.engines import DONE, PAUSED, REGISTRY, SOLUTION
from xcc.engines.mult.python import MultArrays, MultRun
from xcc.examples import queens, sums2
from tests.data import HERE

DLX3 = HERE / "xcc" / "dlx3"
ENGINES = [e for e in ("mult", "mult-python") if e in xcc.ENGINES]

# file: (solutions, nodes, updates, cleansings, mems, max level), as DLX3 prints them
DLX3_FACTS = {
    "knuth.dlx": (1, 6, 14, 7, 362, 4),
    "mixed.dlx": (184, 427, 699, 112, 19196, 10),
    "sums2-4.dlx": (90, 300, 973, 0, 20806, 8),
    "sums2-5.dlx": (2040, 6150, 21913, 0, 451650, 10),
    "sums2-6.dlx": (67950, 198658, 715151, 0, 14631402, 12),
    "sums2-7.dlx": (3110940, 8857320, 32081499, 0, 653042668, 14),
}
# DLX3 on the DLX2 files (no multiplicities): its own figures, not DLX2's
PLAIN_FACTS = {
    "queens8.dlx": (92, 1199, 21121, 0, 313152, 8),
    "queens4.dlx": (2, 17, 233, 0, 3434, 4),
    "color.dlx": (1, 4, 13, 5, 279, 2),
}
SLOW_FOR_PYTHON = {"sums2-6.dlx", "sums2-7.dlx"}


def facts(problem, engine):
    s = xcc.count(problem, engine=engine)
    assert s.complete
    return (s.solutions, s.nodes, s.updates, s.cleansings, s.mems, s.max_level)


def load(path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return xcc.read_dlx(path)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name", sorted(DLX3_FACTS))
def test_dlx3_facts(name, engine):
    if engine == "mult-python" and name in SLOW_FOR_PYTHON:
        pytest.skip("minutes in Python: test_sums2_in_python_slow")
    assert facts(load(DLX3 / name), engine) == DLX3_FACTS[name]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name", sorted(PLAIN_FACTS))
def test_dlx3_facts_without_multiplicities(name, engine):
    assert facts(load(HERE / "xcc" / name), engine) == PLAIN_FACTS[name]


@pytest.mark.parametrize("n, count", [(4, 90), (5, 2040), (6, 67950), (7, 3110940)])
def test_sums2_through_the_python_api(n, count):
    """The issue's counts (OEIS A001499), from xcc.examples.sums2, the
    same problem as the stored file and DLX3's figures."""
    problem = sums2(n)
    assert problem == load(DLX3 / f"sums2-{n}.dlx")
    assert problem.bounds == ((2, 2),) * (2 * n)
    if "mult" in xcc.ENGINES:
        assert facts(problem, "mult") == DLX3_FACTS[f"sums2-{n}.dlx"]
        assert DLX3_FACTS[f"sums2-{n}.dlx"][0] == count
    if n <= 5:
        assert facts(problem, "mult-python") == DLX3_FACTS[f"sums2-{n}.dlx"]


@pytest.mark.slow
def test_sums2_in_python_slow():
    assert facts(sums2(6), "mult-python") == DLX3_FACTS["sums2-6.dlx"]


def test_first_solution_is_dlx3s():
    """DLX3 m1 prints, for mixed.dlx, the options of its first solution by
    level (null moves aside, each option from the node of the item chosen):
    the same options, in the same order."""
    problem = load(DLX3 / "mixed.dlx")
    dlx3 = ["p5 z:b x", "p1 p0 p4 y", "p5 p3 p2", "p1 p2"]
    for engine in ENGINES:
        first = next(iter(xcc.solve(problem, engine=engine)))
        assert [set(problem.option_text(k).split()) for k in first.indices] == \
            [set(text.split()) for text in dlx3]


# ---- against brute force ------------------------------------------------------------

def is_solution(problem, chosen):
    """Every primary item covered within its bounds; every secondary item
    either uncovered, covered once without a color, or with one color."""
    bounds = dict(zip(problem.primary, problem.bounds or [(1, 1)] * len(problem.primary)))
    times: dict[str, int] = {}
    colors: dict[str, set] = {}
    for k in chosen:
        for item, color in problem.options[k]:
            if color is None:
                times[item] = times.get(item, 0) + 1
            else:
                colors.setdefault(item, set()).add(color)
    if any(not u <= times.get(i, 0) <= v for i, (u, v) in bounds.items()):
        return False
    return all(times.get(i, 0) + (i in colors) <= 1 and len(colors.get(i, ())) <= 1
               for i in problem.secondary)


def random_problem(rng):
    n1, n2 = rng.randint(1, 4), rng.randint(0, 2)
    primary = [f"p{i}" for i in range(n1)]
    secondary = [f"s{i}" for i in range(n2)]
    bounds = {}
    for item in primary:
        u = rng.randint(0, 2)
        bounds[item] = (u, rng.randint(max(u, 1), 3))
    options = []
    for _ in range(rng.randint(1, 9)):
        items = rng.sample(primary, rng.randint(1, n1)) + rng.sample(secondary, rng.randint(0, n2))
        options.append([i if i in bounds or rng.random() < 0.3 else f"{i}:{rng.choice('ab')}"
                        for i in items])
    return xcc.Problem(primary, secondary, options, bounds=bounds)


def test_against_brute_force():
    rng = random.Random(35)
    for _ in range(300):
        problem = random_problem(rng)
        m = len(problem.options)
        want = {frozenset(c) for size in range(m + 1)
                for c in itertools.combinations(range(m), size) if is_solution(problem, c)}
        for engine in ENGINES:
            got = [frozenset(s.indices) for s in xcc.solve(problem, engine=engine)]
            assert len(got) == len(set(got)) and set(got) == want, (engine, problem.options)


def test_the_twins_agree_solution_for_solution():
    rng = random.Random(7)
    if len(ENGINES) < 2:
        pytest.skip("needs the compiled extension")
    for _ in range(200):
        problem = random_problem(rng)
        runs = []
        for engine in ENGINES:
            search = xcc.Search(problem, engine=engine)
            runs.append(([s.indices for s in search], search.stats.counters))
        assert runs[0] == runs[1]


@pytest.mark.parametrize("engine", ENGINES)
def test_small_budgets_pause_and_go_on(engine):
    """A run stepped a few mems at a time finds the same solutions and counts."""
    problem = load(DLX3 / "mixed.dlx")
    with REGISTRY[engine].start(problem) as run:
        found, pauses = [], 0
        while (status := run.step(50)) != DONE:
            if status == SOLUTION:
                found.append(run.solution())
            else:
                assert status == PAUSED
                pauses += 1
        counters = run.counters()
    assert pauses > 100 and len(found) == 184
    assert [counters[k] for k in ("nodes", "updates", "cleansings", "mems")] == \
        list(DLX3_FACTS["mixed.dlx"][1:5])
    assert found == [s.indices for s in xcc.solve(problem, engine=engine)]


def test_the_python_run_restores_its_arrays():
    problem = load(DLX3 / "mixed.dlx")
    a = MultArrays(problem)
    before = [list(x) for x in (a.up, a.down, a.itm, a.color, a.prev, a.next, a.bound)]
    run = MultRun(a)
    while run.step(0) != DONE:
        pass
    assert [list(x) for x in (a.up, a.down, a.itm, a.color, a.prev, a.next, a.bound)] == before


@pytest.mark.parametrize("engine", ENGINES)
def test_limit_and_counters(engine):
    stats = xcc.count(sums2(4), engine=engine, limit=7)
    assert stats.solutions == 7 and not stats.complete
    assert list(stats.counters) == ["nodes", "updates", "cleansings", "mems", "max_level"]
    assert str(xcc.count(load(DLX3 / "knuth.dlx"), engine=engine)).startswith(
        "1 solution, 6 nodes, 14 updates, 7 cleansings, 362 mems, max level 4")


# ---- the doors ---------------------------------------------------------------------

@pytest.mark.parametrize("engine", [e for e in xcc.ENGINES if e not in ("mult", "mult-python")])
def test_other_engines_refuse_multiplicities(engine):
    with pytest.raises(xcc.XCCError, match=f"engine '{engine}' does not solve a problem with "
                                           "multiplicities.*use engine 'mult' or 'mult-python'"):
        xcc.count(sums2(4), engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_cycle_is_refused(engine):
    p = xcc.Problem(["a", "b"], ["x"], [["a", "x:1"], ["b", "x:1"], ["a", "b"]])
    with pytest.raises(xcc.XCCError, match="does not take the single-cycle constraint"):
        xcc.count(p, engine=engine, cycle=xcc.Cycle({"x": [((0, 1), "1")]}))


def test_every_engine_fact():
    for name in ("mult", "mult-python"):
        engine = REGISTRY[name]
        assert engine.multiplicities and not engine.splits and not engine.exact
        assert engine.cycle is False
    assert not any(REGISTRY[n].multiplicities
                   for n in REGISTRY if n not in ("mult", "mult-python"))


def test_plain_problems_keep_dlx2s_statistics_elsewhere():
    """Without multiplicities the dancing-links engines are DLX2's, as before."""
    stats = xcc.count(queens(8), engine="python")
    assert (stats.nodes, stats.updates, stats.mems) == (1199, 21375, 305205)
