"""Engine "c" (xcc/engines/dlx/native.py over xcc._native) against engine
"python": node for node, mem for mem.

Every comparison runs both engines on the same input and demands the same
solutions in the same order and the same statistics (nodes, updates,
cleansings, mems, max level, cycle cuts).
"""
from __future__ import annotations

import _thread
import itertools
import os
import pickle
import threading
import time
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import xcc
from xcc.engines import DONE, SOLUTION
from xcc.engines.dlx.arrays import build_arrays, sanity
from xcc.engines.dlx.python import PythonRun
from xcc.examples import queens

from ...strategies import cycle_problems, problems, total_cycle_problems

_native = pytest.importorskip("xcc._native")
from xcc.engines.dlx import native  # noqa: E402

ROOT = Path(__file__).resolve().parents[4]
from tests.data import DATA as SHARED

DIFFERENTIAL = settings(max_examples=1500, deadline=None, derandomize=True, database=None,
                        suppress_health_check=[HealthCheck.too_slow])


def both(problem, cycle=None, limit=None):
    """(solutions, stats) of each engine, through the public Search."""
    out = []
    for engine in ("python", "c"):
        search = xcc.Search(problem, engine=engine, cycle=cycle, limit=limit)
        sols = [s.indices for s in search]
        stats = search.stats.as_dict()
        del stats["seconds"], stats["cpu_seconds"], stats["engine"]
        out.append((sols, stats))
    return out


def assert_same(problem, cycle=None, limit=None):
    (py_sols, py_stats), (c_sols, c_stats) = both(problem, cycle, limit)
    assert c_sols == py_sols
    assert c_stats == py_stats
    return py_stats


def load(path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return xcc.read_dlx(path)


# ---- the published facts and every .dlx file the project holds --------------

def test_c_engine_is_available_and_default():
    assert "c" in xcc.ENGINES
    assert xcc.DEFAULT_ENGINE == "c"


@pytest.mark.parametrize("name, facts", [
    ("queens8.dlx", (92, 1199, 21375, 0, 305205, 8)),
    ("queens4.dlx", (2, 17, 237, 0, 3333, 4)),
    ("color.dlx", (1, 4, 14, 5, 268, 2)),
])
def test_dlx2_facts(name, facts):
    stats = assert_same(load(SHARED / "xcc" / name))
    assert (stats["solutions"], stats["nodes"], stats["updates"], stats["cleansings"],
            stats["mems"], stats["max_level"]) == facts


def dlx_files():
    found = sorted(SHARED.glob("**/*.dlx")) + sorted(
        p for p in ROOT.glob("**/*.dlx")
        if not any(part.startswith(".") or part in ("build", "node_modules") for part in p.parts))
    return found


@pytest.mark.parametrize("path", dlx_files(), ids=lambda p: p.name)
def test_every_dlx_file(path):
    problem = load(path)
    if problem.bounds:  # DLX3's multiplicities: tests/xcc/engines/mult holds them
        pytest.skip("multiplicities: engines mult and mult-python")
    assert_same(problem, limit=20000)


def test_dlx_files_written_by_the_tests(tmp_path):
    """Problems written to DLX and read back, as the CLI and the tests do."""
    for n in range(1, 8):
        path = tmp_path / f"queens{n}.dlx"
        xcc.write_dlx(queens(n), path)
        assert_same(load(path))


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6, 7, 9])
def test_queens(n):
    assert_same(queens(n))


# ---- random problems ---------------------------------------------------------

@DIFFERENTIAL
@given(problems(max_primary=6, max_secondary=5, max_options=14, colors="abc"))
def test_random_problems(problem):
    assert_same(problem)


@settings(DIFFERENTIAL, max_examples=500)
@given(problems(max_primary=8, max_secondary=8, max_options=30, colors="ab"))
def test_random_larger_problems(problem):
    assert_same(problem)


@DIFFERENTIAL
@given(cycle_problems(max_vertices=6))
def test_random_cycle_problems(case):
    problem, cycle = case
    assert_same(problem, cycle)


def run_all(run):
    """A run's solutions (indices) and counters, stepped to the end."""
    sols = []
    with run:
        while True:
            status, got = run.batch(1 << 40, 1 << 40)
            sols.extend(got)
            if status == DONE:
                return sols, run.counters()


@settings(max_examples=300, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(cycle_problems(max_vertices=6), total_cycle_problems()))
def test_a_prepared_problem_searches_as_the_problem(case):
    """``NativeEngine.prepare`` (what xcc.parallel's workers are sent): a run
    of the prepared problem, pickled and back, is the run of the problem and
    its cycle, solution for solution and counter for counter."""
    problem, cycle = case
    engine = xcc.engines.get("c")
    prepared = pickle.loads(pickle.dumps(engine.prepare(problem, cycle)))
    assert prepared[1] is None  # the cycle is inside
    assert run_all(engine.start(*prepared)) == run_all(engine.start(problem, cycle))


@st.composite
def graph_cycles(draw):
    """Single cycles in a random small graph, encoded like Masyu's tiles.

    A primary item per vertex, whose options are its local states (degree 0
    or 2) naming each incident edge item with color 1 (used) or 0; a cycle
    constraint maps edge items to edges, sometimes with extra edges meaning
    "present" on color 0 (as classes of the reduced encoding do), plus a few
    edges present from the start and required vertices.
    """
    nv = draw(st.integers(3, 6))
    pairs = [(u, v) for u in range(nv) for v in range(u + 1, nv)]
    edges = draw(st.lists(st.sampled_from(pairs), min_size=3, unique=True))
    items = [f"e{u}_{v}" for u, v in edges]
    options = []
    for w in range(nv):
        incident = [k for k, (u, v) in enumerate(edges) if w in (u, v)]
        states = [()] + list(itertools.combinations(incident, 2))
        for state in states:
            if draw(st.integers(0, 9)) == 0:
                continue  # drop a few local states
            option = [(f"v{w}", None)] + [(items[k], "1" if k in state else "0")
                                          for k in incident]
            options.append(draw(st.permutations(option)))
    options = draw(st.permutations(options))
    cycle_edges = {items[k]: [(edges[k], "1")] for k in range(len(edges))}
    for k in range(len(edges)):
        if draw(st.integers(0, 5)) == 0:
            cycle_edges[items[k]].append((draw(st.sampled_from(pairs)), "0"))
    required = draw(st.lists(st.integers(0, nv - 1), max_size=3, unique=True))
    present = draw(st.lists(st.sampled_from(pairs), max_size=1))
    problem = xcc.Problem([f"v{w}" for w in range(nv)], items, options)
    return problem, xcc.Cycle(cycle_edges, required, present)


@DIFFERENTIAL
@given(graph_cycles())
def test_random_graph_cycles(case):
    problem, cycle = case
    assert_same(problem, cycle)


def test_graph_cycles_exercise_the_guard():
    """The cycle strategy reaches accepted cycles and cuts (not only one of them)."""
    sols = cuts = 0

    @settings(max_examples=200, deadline=None, derandomize=True, database=None)
    @given(graph_cycles())
    def tally(case):
        nonlocal sols, cuts
        stats = xcc.count(case[0], engine="c", cycle=case[1])
        sols += stats.solutions
        cuts += stats.cycle_cuts

    tally()
    assert sols > 50 and cuts > 50


@settings(DIFFERENTIAL, max_examples=300)
@given(problems(max_primary=6, max_secondary=4, max_options=14), st.integers(1, 4))
def test_random_limits(problem, limit):
    assert_same(problem, limit=limit)


@settings(DIFFERENTIAL, max_examples=300)
@given(problems(max_primary=6, max_secondary=5, max_options=14, colors="abc"))
def test_nodes_and_links_match_at_every_solution(problem):
    """The raw chosen nodes agree, and both structures stay sane at each solution."""
    solver, py = lockstep(problem)
    assert solver.stats()[1:6] == tuple(py.counters().values())


def lockstep(problem, cycle=None):
    """Run both engines solution by solution: the same raw nodes each time,
    sane links in both; the C solver and the Python run at the end (the C
    solver's count of solutions checked against the steps)."""
    a_py, a_c = build_arrays(problem), build_arrays(problem)
    solver = native.make_solver(a_c, None if cycle is None else cycle.compile_for(problem))
    py = PythonRun(a_py, None if cycle is None else cycle.compile_for(problem))
    found = 0
    while True:
        status = solver.run(0)
        if status != _native.SOLUTION:
            assert py.step(0) == DONE
            break
        assert py.step(0) == SOLUTION
        found += 1
        assert solver.choices() == py.choices()
        assert solver.sanity() == [] and sanity(a_py) == []
    assert solver.sanity() == [] and solver.stats()[0] == found
    return solver, py


# ---- propagation (Cycle(..., propagate=True), xcc/propagate.py) -----------------

@DIFFERENTIAL
@given(total_cycle_problems())
def test_random_propagation(case):
    """Solutions in order and every statistic (forced colors included) agree."""
    problem, cycle = case
    assert_same(problem, cycle)


@settings(DIFFERENTIAL, max_examples=300)
@given(total_cycle_problems(), st.integers(1, 3))
def test_random_propagation_limits(case, limit):
    problem, cycle = case
    assert_same(problem, cycle, limit=limit)


def test_propagation_strategy_forces_and_solves():
    """The strategy reaches forced colors, cuts, solutions found at the root."""
    tally = {"forced": 0, "cuts": 0, "solutions": 0, "root": 0}

    @settings(max_examples=300, deadline=None, derandomize=True, database=None)
    @given(total_cycle_problems())
    def run(case):
        stats = xcc.count(case[0], engine="c", cycle=case[1])
        tally["forced"] += stats.forced > 0
        tally["cuts"] += stats.cycle_cuts > 0
        tally["solutions"] += stats.solutions
        tally["root"] += stats.solutions == 1 and stats.nodes == 1

    run()
    assert tally["forced"] > 10 and tally["cuts"] > 10 and tally["solutions"] > 10, tally
    assert tally["root"] >= 1, tally


@settings(DIFFERENTIAL, max_examples=300)
@given(total_cycle_problems())
def test_propagation_nodes_and_links_at_every_solution(case):
    """The raw nodes (choices, then forced options) agree; the links stay sane,
    and the C search undoes every forced color and option by the end."""
    problem, cycle = case
    solver, py = lockstep(problem, cycle)
    assert solver.stats()[1:] == tuple(py.counters().values())


def test_propagation_pausing_changes_nothing():
    import masyu
    puzzle = masyu.Puzzle.parse("..W...\n.B..W.\n......\n...B..\n.W....\n......")
    enc = masyu.encode(puzzle, "423")
    a = build_arrays(enc.problem)
    cc = enc.cycle(propagate=True).compile_for(enc.problem)
    runs = []
    for budget in (0, 1, 13, 1000):
        solver = native.make_solver(a, cc)
        sols = []
        while (status := solver.run(budget)) != _native.DONE:
            if status == _native.SOLUTION:
                sols.append(solver.choices())
        runs.append((sols, solver.stats()))
    assert all(r == runs[0] for r in runs) and runs[0][1][0] >= 1


@pytest.mark.parametrize("name", ["psm-10x10-hard-7520147", "psm-15x15-hard-9022176"])
def test_propagation_on_masyu(name):
    import masyu
    puzzle = next(p for p in masyu.load(SHARED / "puzzles" / "psm.txt") if p.name == name)
    enc = masyu.encode(puzzle, "423")
    stats = assert_same(enc.problem, enc.cycle(propagate=True), limit=2)
    assert stats["solutions"] == 1 and stats["forced"] > 0


def test_lookahead_proves_a_hard_25x25_almost_without_search():
    """The hardest hard 25x25 for the guard alone (hours of search) takes a
    few nodes: the probes decide nearly every item (a node count, not a time)."""
    import masyu
    puzzle = next(p for p in masyu.load(SHARED / "puzzles" / "psm.txt")
                  if p.name == "psm-25x25-hard-1303933")
    count = masyu.count(puzzle, method="propagate", engine="c", limit=2)
    assert count == 1 and count.complete
    assert count.stats.nodes <= 3 and count.stats.probes > 0


def test_cuts_need_a_cycle():
    a = build_arrays(queens(4))
    arrays = a.as_numpy()
    cuts = (np.zeros(1, np.int32), np.zeros(0, np.int32))
    with pytest.raises(ValueError):
        _native.Solver(a.n1, a.n, arrays["llink"], arrays["rlink"], arrays["up"],
                        arrays["down"], arrays["itm"], arrays["color"], None, cuts)


# ---- streaming, pausing, interrupting -------------------------------------------

def test_pausing_changes_nothing():
    """Resuming after every tiny budget gives the same run as no budget."""
    a = build_arrays(queens(7))
    runs = []
    for budget in (0, 1, 7, 1000):
        solver = native.make_solver(a)
        sols = []
        while (status := solver.run(budget)) != _native.DONE:
            if status == _native.SOLUTION:
                sols.append(solver.choices())
        runs.append((sols, solver.stats()))
    assert all(r == runs[0] for r in runs)


def test_solutions_stream_lazily():
    search = iter(xcc.solve(queens(12), engine="c"))
    first = next(search)
    assert len(first) == 12
    search.close()


def test_limit_on_queens():
    stats = assert_same(queens(8), limit=5)
    assert stats["solutions"] == 5 and not stats["complete"]


def test_progress_is_reported():
    seen = []
    stats = xcc.count(queens(10), engine="c",
                      on_progress=lambda s: seen.append((s.nodes, s.mems)))
    assert stats.solutions == 724
    search = xcc.Search(queens(11), engine="c", on_progress=lambda s: seen.append((s.nodes, s.mems)),
                        progress_every=0.0)
    assert sum(1 for _ in search) == 2680
    assert len(seen) > 3 and seen == sorted(seen)


def test_ctrl_c_is_noticed_quickly():
    """An interrupt inside the C search stops it within a fraction of a second."""
    problem = queens(18)  # hours of search
    fired = []

    def interrupt():
        fired.append(time.perf_counter())
        _thread.interrupt_main()

    timer = threading.Timer(0.5, interrupt)
    timer.start()
    try:
        with pytest.warns(UserWarning, match="interrupted"):
            stats = xcc.count(problem, engine="c")
    finally:
        timer.cancel()
    delay = time.perf_counter() - fired[0]
    assert stats.interrupted and not stats.complete
    assert stats.nodes > 0 and stats.mems > 0 and stats.solutions > 0
    assert delay < 0.2, delay


# ---- big problems and memory --------------------------------------------------

def uniform_solver(options: int, width: int) -> "_native.Solver":
    """``options`` options that each cover all ``width`` primary items, laid out
    as xcc.arrays does (built with numpy: the Problem would take minutes)."""
    n = width
    first = n + 2  # node of option 0's first item
    size = n + 2 + options * (width + 1)
    ks = np.arange(options, dtype=np.int64)[:, None]
    js = np.arange(width, dtype=np.int64)[None, :]
    node = first + ks * (width + 1) + js  # node of item j+1 in option k
    up = np.zeros(size, np.int64)
    down = np.zeros(size, np.int64)
    itm = np.zeros(size, np.int64)
    color = np.zeros(size, np.int32)
    up[node] = np.where(ks == 0, js + 1, node - (width + 1))
    down[node] = np.where(ks == options - 1, js + 1, node + (width + 1))
    itm[node] = js + 1
    headers = np.arange(1, n + 1)
    up[headers] = node[-1, :]
    down[headers] = node[0, :]
    itm[headers] = options
    spacers = np.concatenate([[n + 1], first + np.arange(options) * (width + 1) + width])
    itm[spacers[1:]] = -(np.arange(options) + 1)
    up[spacers[1:]] = spacers[:-1] + 1
    down[spacers[:-1]] = spacers[:-1] + width
    llink = np.concatenate([[n], np.arange(0, n), [n + 1]])
    rlink = np.concatenate([np.arange(1, n + 1), [0], [n + 1]])
    rlink[n] = 0
    i32 = lambda x: np.ascontiguousarray(x, dtype=np.int32)  # noqa: E731
    return _native.Solver(n, n, i32(llink), i32(rlink), i32(up), i32(down), i32(itm), color)


def test_uniform_layout_matches_build_arrays():
    problem = xcc.Problem([f"p{j}" for j in range(3)], [], [[f"p{j}" for j in range(3)]] * 4)
    a = build_arrays(problem)
    solver = uniform_solver(4, 3)
    reference = native.make_solver(a)
    for s in (solver, reference):
        while s.run(0) != _native.DONE:
            pass
    assert solver.stats() == reference.stats()


def count_all(solver) -> int:
    while solver.run(0) != _native.DONE:
        pass
    return solver.stats()[0]


@pytest.mark.slow
def test_ten_million_nodes():
    solver = uniform_solver(1_000_000, 9)  # 10,000,011 nodes
    assert count_all(solver) == 1_000_000
    solutions, nodes, updates, cleansings, mems, max_level, cuts, forced, probes = solver.stats()
    assert nodes == 1_000_001 and max_level == 1
    assert solver.sanity() == []


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="needs /proc")
@pytest.mark.skipif(bool(os.environ.get("XCC_SANITIZED")),
                    reason="AddressSanitizer holds freed memory; it checks leaks itself")
def test_memory_is_freed():
    count_all(uniform_solver(100_000, 9))  # warm up the allocator
    before = rss_mb()
    for _ in range(30):  # 30 x 1M nodes x 6 arrays x 4 bytes = 720 MB if leaked
        count_all(uniform_solver(100_000, 9))
        for _ in itertools.islice(xcc.solve(queens(8), engine="c"), 3):
            pass
    assert rss_mb() - before < 60


def test_bad_arrays_are_refused():
    a = build_arrays(queens(4))
    arrays = a.as_numpy()
    arrays["down"][5] = 10**6
    with pytest.raises(ValueError):
        _native.Solver(a.n1, a.n, arrays["llink"], arrays["rlink"], arrays["up"],
                        arrays["down"], arrays["itm"], arrays["color"])
    with pytest.raises(TypeError):
        _native.Solver(a.n1, a.n, [0], arrays["rlink"], arrays["up"],
                        arrays["down"], arrays["itm"], arrays["color"])
