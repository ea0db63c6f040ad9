"""The C layout (xcc/csrc/dlx/layout.c) against the Python one, node for node;
kept on the problem, so that a second search builds nothing; counting and
batches (Run.count, Run.batch) against one solution per step, in both
engines."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings

import xcc
from xcc.engines import DONE, PAUSED, SOLUTION
from xcc.engines.dlx import native
from xcc.engines.dlx.arrays import build_arrays, layout_from_options
from xcc.engines.dlx.python import PythonRun
from xcc.examples import queens

from ...strategies import cycle_problems, problems

TIMELESS = {"seconds": 0, "cpu_seconds": 0}

_native = pytest.importorskip("xcc._native")
NAMES = ("llink", "rlink", "up", "down", "itm", "color")


def c_arrays(layout) -> dict[str, list[int]]:
    n1, n, *arrays = layout.arrays()
    return {name: np.frombuffer(a, np.int32).tolist() for name, a in zip(NAMES, arrays)}


@settings(max_examples=300, deadline=None)
@given(problems(max_primary=6, max_secondary=5, max_options=14, colors="abc"))
def test_the_c_layout_is_the_python_one(problem):
    a = layout_from_options(problem)
    assert c_arrays(native.layout_of(problem)) == {name: getattr(a, name) for name in NAMES}


def test_the_c_layout_of_files_and_boards(shared):
    import masyu
    cases = [queens(8), xcc.Problem(["a"], [], []), xcc.Problem(["a"], ["x"], [["a"]])]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases += [xcc.read_dlx(p) for p in sorted((shared / "xcc").glob("*.dlx"))]
    for kind in ("422", "423"):
        cases.append(masyu.encode(masyu.Puzzle(5, 4), kind).problem)
    for problem in cases:
        a = layout_from_options(problem)
        assert c_arrays(native.layout_of(problem)) == {name: getattr(a, name) for name in NAMES}


def test_counting_twice_does_not_build_the_layout_again(monkeypatch):
    problem = queens(6)
    built = []
    real = _native.layout_compact

    def spy(*args):
        built.append(args[:2])
        return real(*args)

    monkeypatch.setattr(_native, "layout_compact", spy)
    first = xcc.count(problem, engine="c")
    second = xcc.count(problem, engine="c")
    listed = sum(1 for _ in xcc.solve(problem, engine="c"))
    assert built == [(len(problem.primary), len(problem.items))]  # once, for the first count
    assert first.as_dict() | TIMELESS == second.as_dict() | TIMELESS
    assert first.solutions == listed == 4


def test_bad_compact_arrays_are_refused():
    i32 = lambda x: np.asarray(x, np.int32)  # noqa: E731
    good = (2, 3, i32([0, 2, 3]), i32([0, 2, 1]), i32([0, 1, 0]))
    assert _native.layout_compact(*good).arrays()[:2] == (2, 3)
    bad = [
        (2, 3, i32([0, 2, 3]), i32([0, 3, 1]), i32([0, 1, 0])),  # item 3 of 3
        (2, 3, i32([0, 2, 3]), i32([0, 0, 1]), i32([0, 0, 0])),  # an item twice
        (2, 3, i32([0, 2, 3]), i32([0, 2, 1]), i32([1, 1, 0])),  # a color on a primary item
        (2, 3, i32([0, 2, 2, 3]), i32([0, 2, 1]), i32([0, 1, 0])),  # an empty option
        (2, 3, i32([1, 2, 3]), i32([0, 2, 1]), i32([0, 1, 0])),  # starts[0] != 0
        (2, 3, i32([0, 2, 4]), i32([0, 2, 1]), i32([0, 1, 0])),  # past the entries
        (2, 3, i32([0, 2, 3]), i32([0, 2, 1]), i32([0, -1, 0])),  # a negative color
        (0, 3, i32([0, 2, 3]), i32([0, 2, 1]), i32([0, 1, 0])),  # no primary item
        (2, 3, i32([]), i32([]), i32([])),  # no starts
    ]
    for case in bad:
        with pytest.raises(ValueError):
            _native.layout_compact(*case)
    with pytest.raises(TypeError):
        _native.layout_compact(2, 3, [0, 2, 3], i32([0, 2, 1]), i32([0, 1, 0]))


# ---- count and batch: the same search as one solution per step -------------------

def every_step(run) -> tuple[list[tuple[int, ...]], dict]:
    found = []
    while (status := run.step(0)) != DONE:
        if status == SOLUTION:
            found.append(run.solution())
    return found, run.counters()


def by_batches(run, budget: int, room: int) -> tuple[list[tuple[int, ...]], dict, int]:
    found, calls = [], 0
    while True:
        status, some = run.batch(budget, room)
        calls += 1
        assert len(some) <= room and (status != SOLUTION or len(some) == room or budget)
        found += some
        if status == DONE:
            return found, run.counters(), calls


def by_counts(run, budget: int, room: int) -> tuple[int, dict, int]:
    total, calls = 0, 0
    while True:
        status, found = run.count(budget, room)
        calls += 1
        assert 0 <= found <= room
        total += found
        if status == DONE:
            return total, run.counters(), calls


def runs(problem, cycle=None):
    """A fresh run of each engine, over each its own arrays."""
    cc = None if cycle is None else cycle.compile_for(problem)
    return [PythonRun(build_arrays(problem), cc), native.NativeRun(native.layout_of(problem), cc)]


@settings(max_examples=150, deadline=None)
@given(problems(max_primary=6, max_secondary=5, max_options=14, colors="abc"))
def test_batches_and_counts_are_the_same_search(problem):
    reference, counters = every_step(PythonRun(build_arrays(problem)))
    for budget, room in ((0, 1), (0, 3), (0, 1 << 62), (5, 2), (50, 1 << 62)):
        for run in runs(problem):
            assert by_batches(run, budget, room)[:2] == (reference, counters)
        for run in runs(problem):
            assert by_counts(run, budget, room)[:2] == (len(reference), counters)


@settings(max_examples=80, deadline=None)
@given(cycle_problems())
def test_batches_and_counts_with_the_loop_guard(case):
    problem, cycle = case
    cc = cycle.compile_for(problem)
    reference, counters = every_step(PythonRun(build_arrays(problem), cc))
    for run in runs(problem, cycle):
        assert by_batches(run, 7, 2)[:2] == (reference, counters)
    for run in runs(problem, cycle):
        assert by_counts(run, 0, 1 << 62)[:2] == (len(reference), counters)


def test_a_count_returns_once_without_a_budget():
    """No return to Python per solution: one call counts all 724."""
    solver = native.make_solver(native.layout_of(queens(10)))
    assert solver.count(0, 1 << 62) == (DONE, 724)
    assert solver.stats()[0] == 724
    solver = native.make_solver(native.layout_of(queens(10)))
    assert solver.count(0, 700) == (SOLUTION, 700)
    assert solver.count(0, 700) == (DONE, 24)
    solver = native.make_solver(native.layout_of(queens(10)))
    status, found = solver.count(1000, 1 << 62)
    assert status == PAUSED and found < 724


def test_count_and_batch_refuse_bad_arguments():
    solver = native.make_solver(native.layout_of(queens(4)))
    for args in ((0, 0), (0, -1), (-1, 5), (0, "x"), (0, 1.5)):
        with pytest.raises((ValueError, TypeError, OverflowError)):
            solver.count(*args)
        with pytest.raises((ValueError, TypeError, OverflowError)):
            solver.batch(*args)
    assert solver.count(0, 2**70) == (DONE, 2)  # a huge room is no room at all


def test_the_driver_counts_as_it_lists():
    for engine in ("python", "c"):
        for limit in (None, 1, 5, 92, 200):
            counted = xcc.count(queens(8), engine=engine, limit=limit)
            search = xcc.Search(queens(8), engine=engine, limit=limit)
            listed = [s.indices for s in search]
            assert counted.solutions == len(listed) == min(92, limit or 92)
            assert counted.counters == search.stats.counters
            assert counted.complete == search.stats.complete == (limit is None or limit > 92)
    a = [s.indices for s in xcc.solve(queens(8), engine="c")]
    assert a == [s.indices for s in xcc.solve(queens(8), engine="python")]


def test_a_search_is_counted_or_iterated_once():
    search = xcc.Search(queens(5))
    assert search.count().solutions == 10
    with pytest.raises(xcc.XCCError):
        iter(search)
    search = xcc.Search(queens(5))
    assert sum(1 for _ in search) == 10
    with pytest.raises(xcc.XCCError):
        search.count()


def test_a_problem_keeping_its_layout_still_pickles():
    import pickle
    problem = queens(6)
    counted = xcc.count(problem, engine="c")
    again = pickle.loads(pickle.dumps(problem))
    assert again == problem and c_arrays(native.layout_of(again)) == c_arrays(
        native.layout_of(problem))
    assert xcc.count(again, engine="c").counters == counted.counters
