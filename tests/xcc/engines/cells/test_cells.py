"""The Dancing Cells engines ("cells" in C, "cells-python") against Knuth's
SSXCC, against each other and against brute force.

SSXCC's figures (``ssxcc.w`` of 2023, with Christine Solnon's forced moves,
built with ctangle from github.com/ascherer/cwebtest and run on each file,
``t20000`` for the limited ones) are stored here, so the tests need no
binary: solutions, nodes, updates, the search's mems (the second figure of
"imems+mems") and the maximum level (its profile's last line, ``v129``).
"""
from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

import xcc
from xcc.engines import DONE, PAUSED, REGISTRY, SOLUTION
from xcc.engines.cells.layout import build_cells, sanity
from xcc.engines.cells.python import PythonRun
from xcc.examples import queens
from xcc.puzzles_examples import langford, pentominoes

from ...bruteforce import all_solutions
from ...strategies import problems

ROOT = Path(__file__).resolve().parents[4]
HAVE_C = "cells" in xcc.ENGINES
ENGINES = ["cells-python"] + (["cells"] if HAVE_C else [])
needs_c = pytest.mark.skipif(not HAVE_C, reason="xcc._cells is not built")

DIFFERENTIAL = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                        suppress_health_check=[HealthCheck.too_slow])

# file (under the tree), limit -> SSXCC's (solutions, nodes, updates, mems, max level)
SSXCC = {
    ("tests/data/xcc/color.dlx", None): (1, 3, 16, 226, 2),
    ("tests/data/xcc/queens4.dlx", None): (2, 13, 221, 2754, 4),
    ("tests/data/xcc/queens8.dlx", None): (92, 947, 20078, 265765, 8),
    ("benchmarks/dlx/queens11.dlx", None): (2680, 52413, 1236986, 17072152, 11),
    ("benchmarks/dlx/empty4x6-422.dlx", None): (13262, 85031, 580851, 9227091, 24),
    ("benchmarks/dlx/empty5x5-422.dlx", 20000): (20000, 127178, 881472, 13901883, 25),
    ("benchmarks/dlx/psm-6x6-easy-2581930-422.dlx", None): (2, 92, 1387, 22190, 50),
    ("benchmarks/dlx/psm-8x8-hard-4957631-423.dlx", None): (33, 540, 6368, 95286, 64),
    ("benchmarks/dlx/psm-10x10-hard-2497611-422.dlx", 20000):
        (322, 237884, 6187601, 116157320, 121),
    ("benchmarks/dlx/rcra-masyu06-423.dlx", None): (12, 63128, 1464502, 28386238, 225),
}
# the generated puzzles, written by xcc.write_dlx and read by SSXCC
SSXCC_PUZZLES = {
    "langford7": (52, 466, 7734, 94241, 7),
    "langford8": (300, 2267, 34765, 425084, 8),
    "langford11": (35584, 345410, 5532652, 68545249, 11),
    "pentominoes3x20": (8, 9328, 8765722, 85258826, 12),
}
SMALL = 1_000_000  # mems: the python twin runs files up to about this


def load(path: Path) -> xcc.Problem:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return xcc.read_dlx(path)


def figures(problem, engine, limit=None):
    """(solutions, nodes, updates, mems, max level) and the solutions' option indices."""
    search = xcc.Search(problem, engine=engine, limit=limit)
    sols = [s.indices for s in search]
    c = search.stats.counters
    return (len(sols), c["nodes"], c["updates"], c["mems"], c["max_level"]), sols


def puzzle(name):
    if name.startswith("langford"):
        return langford(int(name[8:]))
    rows, cols = name[11:].split("x")
    return pentominoes(int(rows), int(cols))


# ---- SSXCC's statistics --------------------------------------------------------

@pytest.mark.parametrize("path, limit", list(SSXCC), ids=lambda v: str(v).rpartition("/")[2])
def test_ssxcc_figures_on_the_projects_files(path, limit):
    facts = SSXCC[path, limit]
    problem = load(ROOT / path)
    engines = ENGINES if facts[3] <= SMALL else ENGINES[-1:]
    got = [figures(problem, e, limit) for e in engines]
    for stats, sols in got:
        assert stats == facts
        assert sols == got[0][1]  # the same solutions in the same order


@pytest.mark.parametrize("name", list(SSXCC_PUZZLES))
def test_ssxcc_figures_on_the_puzzles(name, tmp_path):
    facts = SSXCC_PUZZLES[name]
    path = tmp_path / f"{name}.dlx"
    xcc.write_dlx(puzzle(name), path)  # through the DLX format, as SSXCC read them
    problem = load(path)
    engines = ENGINES if facts[3] <= SMALL else ENGINES[-1:]
    for engine in engines:
        assert figures(problem, engine)[0] == facts


def test_the_puzzles_counts():
    """Published counts: Langford pairs L(n) (OEIS A014552) twice, each and
    its mirror; the pentominoes in 3 x 20 (2 up to symmetry) and, in C, 6 x 10."""
    engine = ENGINES[-1]
    assert [xcc.count(langford(n), engine=engine).solutions for n in (3, 4, 5, 7, 8)] == \
        [2, 2, 0, 52, 300]
    assert len(pentominoes(6, 10).options) == 2056
    assert xcc.count(pentominoes(3, 20), engine=engine).solutions == 8
    with pytest.raises(ValueError):
        pentominoes(5, 10)


# ---- the twins against each other and against brute force ---------------------

@DIFFERENTIAL
@given(problems(max_primary=6, max_secondary=5, max_options=14, colors="abc"))
def test_random_problems(problem):
    """The twins alike, and the solutions those of Algorithm C (engine "python")."""
    out = [figures(problem, e) for e in ENGINES]
    assert all(o == out[0] for o in out)
    found = [frozenset(s) for s in out[0][1]]
    assert len(found) == len(set(found))
    assert set(found) == {frozenset(s) for s in figures(problem, "python")[1]}


@settings(DIFFERENTIAL, max_examples=100)
@given(problems(max_primary=5, max_secondary=4, max_options=9, colors="abc"))
def test_brute_force(problem):
    assert {frozenset(s) for s in figures(problem, ENGINES[-1])[1]} == all_solutions(problem)


def test_a_primary_item_without_options():
    """SSXCC does not search (no node, no mem), as the layout's ``bad`` says."""
    p = xcc.Problem(["a", "b"], [], [["a"]])
    assert build_cells(p).bad
    for engine in ENGINES:
        assert figures(p, engine)[0] == (0, 0, 0, 0, 0)


def test_sanity_at_every_node():
    run = PythonRun(build_cells(queens(6)))
    run.check_sanity = True
    found = 0
    with run:
        while run.step(0) == SOLUTION:
            found += 1
            assert not sanity(run.a)
    assert found == 4


@pytest.mark.parametrize("engine", ENGINES)
def test_small_budgets_change_nothing(engine):
    """Pausing every few mems (the driver's budget) gives the same run."""
    problem = queens(7)
    whole = figures(problem, engine)
    run = REGISTRY[engine].start(problem)
    sols, pauses = [], 0
    with run:
        while True:
            status = run.step(97)
            if status == SOLUTION:
                sols.append(run.solution())
            elif status == PAUSED:
                pauses += 1
            else:
                assert status == DONE and run.step(97) == DONE
                break
        counters = run.counters()
    assert pauses > 100 and sols == whole[1]
    assert (len(sols), *counters.values()) == whole[0]


@pytest.mark.parametrize("engine", ENGINES)
def test_count_and_batch_keep_their_room(engine):
    problem = queens(8)
    run = REGISTRY[engine].start(problem)
    with run:
        assert run.count(0, 10) == (SOLUTION, 10)
        status, got = run.batch(0, 5)
        assert status == SOLUTION and len(got) == 5
        assert run.count(0, 1000) == (DONE, 77)
    assert got == figures(problem, engine)[1][10:15]


# ---- the engines' facts and refusals ---------------------------------------------

def test_facts():
    for name in ("cells", "cells-python"):
        engine = REGISTRY[name]
        assert not engine.splits and not engine.exact and not engine.cycle
        assert list(engine.counter_labels) == ["nodes", "updates", "mems", "max_level"]
    assert "cells-python" in xcc.ENGINES


@pytest.mark.parametrize("engine", ENGINES)
def test_a_cycle_constraint_is_refused(engine):
    problem = xcc.Problem(["p"], ["e1"], [["p", "e1"]])
    cycle = xcc.Cycle({"e1": [(("u", "v"), "1")]})
    with pytest.raises(xcc.XCCError, match=f"engine '{engine}' does not take the single-cycle constraint"):
        xcc.count(problem, engine=engine, cycle=cycle)


@needs_c
def test_parallel_runs_are_refused():
    with pytest.raises(xcc.XCCError, match="split"):
        xcc.count(queens(6), engine="cells", jobs=2)


@needs_c
def test_str_of_the_stats():
    text = str(xcc.count(queens(8), engine="cells"))
    assert text.startswith("92 solutions, 947 nodes, 20,078 updates, 265,765 mems, max level 8")


def test_without_the_extension_it_gives_its_hint(monkeypatch):
    from xcc.engines.cells import native
    monkeypatch.setattr(native, "_cells", None)
    assert not REGISTRY["cells"].available()
    with pytest.raises(xcc.XCCError, match="engine 'cells' is not available here: .*_cells"):
        xcc.engines.get("cells")
