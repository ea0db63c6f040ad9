"""Engines memo and memo-python: exact counts by memoized search, against
brute force and the dancing-links engines.

The readable Python twin and the C core must give the same counts, the same
states per level, the same solutions in the same order and the same draws.
"""
from __future__ import annotations

import math
import operator
import random
import warnings

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import xcc
from xcc import Cycle, Problem, XCCError
from xcc.engines import DONE, PAUSED, REGISTRY, SOLUTION
from xcc.engines import memo
from xcc.engines.memo import MemoEngine, MemoryLimit, SplitMix64
from xcc.engines.memo.order import cuthill_mckee
from xcc.engines.memo.plan import make_plan
from xcc.examples import queens

from ...bruteforce import all_solutions
from ...strategies import cycle_problems, one_cycle, problems

NATIVE = memo.native_available()
needs_c = pytest.mark.skipif(not NATIVE, reason="the compiled extension is not built")
FAST = "memo" if NATIVE else "memo-python"
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


def both(problem, cycle=None, order=None):
    """The Python twin's count, checked equal to the C one (counts and widths)."""
    py = memo.build(problem, cycle, order=order, diagram=False, native=False)
    if NATIVE:
        c = memo.build(problem, cycle, order=order, diagram=False, native=True)
        assert (c.total, c.widths) == (py.total, py.widths)
    return py.total


@SETTINGS
@given(problems(max_primary=5, max_secondary=4, max_options=12), st.randoms())
def test_counts_equal_brute_force_in_any_order(problem, rnd):
    order = list(range(len(problem.primary)))
    rnd.shuffle(order)
    assert both(problem, order=order) == len(all_solutions(problem))


@SETTINGS
@given(cycle_problems(), st.randoms())
def test_cycle_counts_equal_dancing_links(pc, rnd):
    problem, cycle = pc
    order = list(range(len(problem.primary)))
    rnd.shuffle(order)
    found = {frozenset(s.indices) for s in xcc.solve(problem, engine="python", cycle=cycle)}
    assert both(problem, cycle, order) == len(found)


@SETTINGS
@given(cycle_problems())
def test_listed_solutions_are_the_solutions(pc):
    problem, cycle = pc
    expected = set()
    for chosen in all_solutions(problem):  # brute force, then the cycle by hand
        colors = {i: c for k in chosen for i, c in problem.options[k] if c is not None}
        edges = [e for item, pairs in cycle.edges.items() for e, c in pairs
                 if colors.get(item) == c] + list(cycle.present)
        if one_cycle(edges, cycle.required):
            expected.add(chosen)
    built = memo.build(problem, cycle, native=False)
    listed = list(built.solutions())
    assert {frozenset(s) for s in listed} == expected and len(listed) == len(expected)
    assert [built.unrank(r) for r in range(built.total)] == listed
    assert [s.indices for s in xcc.solve(problem, engine="memo-python", cycle=cycle)] == listed
    if NATIVE:
        c = memo.build(problem, cycle, native=True)
        assert list(c.solutions()) == listed and c.widths == built.widths
        assert [s.indices for s in xcc.solve(problem, engine="memo", cycle=cycle)] == listed


def test_queens_and_the_other_engines():
    for n in range(1, 9):
        p = queens(n)
        assert both(p) == xcc.count(p, engine="python").solutions


def test_many_solutions_need_many_words():
    # 100 independent items with 3 options each: 3**100 > 2**158.
    primary = [f"p{i}" for i in range(100)]
    problem = Problem(primary, [], [[p] for p in primary for _ in range(3)])
    assert both(problem) == 3 ** 100
    # two colors of a secondary item between neighbours: they agree all along the chain
    chain = Problem(primary, [f"s{i}" for i in range(100)],
                    [[p, f"s{i}:{c}"] + ([f"s{i - 1}:{c}"] if i else [])
                     for i, p in enumerate(primary) for c in "ab"])
    assert both(chain) == 2


# ---- through the driver -------------------------------------------------------------

@pytest.mark.parametrize("engine", [e for e in ("memo", "memo-python") if e in xcc.ENGINES])
def test_the_driver_counts_exactly(engine):
    p = queens(8)
    stats = xcc.count(p, engine=engine)
    assert (stats.solutions, int(stats), stats.complete, stats.engine) == (92, 92, True, engine)
    assert list(stats.counters) == ["levels", "level", "states", "width", "bytes", "peak_bytes"]
    assert stats.counters["level"] == stats.counters["levels"] == 16
    assert stats.counters["states"] == sum(memo.build(p, diagram=False, native=False).widths)
    assert operator.index(stats) == 92 and hex(stats) == hex(92)  # __index__: a Stats is an integer
    listed = [s.indices for s in xcc.solve(p, engine=engine)]
    assert sorted(map(sorted, listed)) == sorted(sorted(s.indices) for s in xcc.solve(p))
    limited = xcc.count(p, engine=engine, limit=5)  # a limit lists: the driver stops at it
    assert limited.solutions == 5 and not limited.complete
    assert set(limited.counters) == set(stats.counters)


def test_the_registry_knows_the_exact_engines():
    assert [n for n, e in REGISTRY.items() if e.exact] == ["memo", "memo-python"]
    assert xcc.engines.DEFAULT_EXACT_ENGINE == FAST
    with pytest.raises(XCCError, match="engine 'c' counts only by listing; .*memo"):
        xcc.sample(queens(4), 1, seed=0, engine="c")
    with pytest.raises(XCCError, match="counts only by listing"):
        xcc.Search(queens(4), engine="python", exact=True)
    with pytest.raises(XCCError, match="no limit"):
        xcc.Search(queens(4), engine=FAST, exact=True, limit=3)
    assert xcc.count(queens(6), engine="c").mems > 0  # the others still enumerate


def test_progress_and_ctrl_c_in_an_exact_count():
    p = queens(10)
    seen = []

    def progress(stats):
        seen.append(dict(stats.counters))
        if len(seen) == 3:
            raise KeyboardInterrupt

    search = xcc.Search(p, engine=MemoEngine(native=False), exact=True, on_progress=progress,
                        progress_every=0)
    with pytest.raises(KeyboardInterrupt):
        with search:
            list(search)
    assert search.stats.interrupted and not search.stats.complete
    assert search.stats.solutions == 0  # no count: it was not finished
    assert [s["level"] for s in seen] == sorted(s["level"] for s in seen)
    assert 0 < search.stats.counters["states"] and search.stats.counters["level"] < 20
    with warnings.catch_warnings(record=True) as caught:  # count() returns the stats, warned
        warnings.simplefilter("always")
        stats = xcc.count(queens(4), engine=FAST)
    assert stats.solutions == 2 and not caught


def test_run_protocol():
    with REGISTRY["memo-python"].start(queens(5)) as run:
        statuses, found = [], []
        while (status := run.step(100)) != DONE:
            statuses.append(status)
            if status == SOLUTION:
                found.append(run.solution())
    assert len(found) == 10 and run.counters()["level"] == 10
    assert run.step(100) == DONE  # after close, done
    if NATIVE:
        with REGISTRY["memo"].start(queens(6)) as run:
            statuses = [run.step(1)]
            while statuses[-1] != DONE:
                statuses.append(run.step(1))
        assert PAUSED in statuses and statuses.count(SOLUTION) == 4
    with REGISTRY[FAST].start_count(queens(6)) as count:
        with pytest.raises(XCCError, match="not finished"):
            count.total()
        while count.step(1) == PAUSED:
            pass
        assert count.total() == 4


# ---- sampling ------------------------------------------------------------------

def test_splitmix64_known_values():
    # the reference sequence of SplitMix64 for seed 1234567
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(3)] == [6457827717110365317, 3203168211198807973,
                                              9817491932198370423]


@needs_c
def test_the_twins_draw_the_same():
    def draws(problem, k, seed, native):
        return [s.indices for s in xcc.sample(problem, k, seed=seed,
                                               engine=MemoEngine(native=native))]

    for problem in (queens(6), queens(8)):
        for seed in (0, 1, 2 ** 64 - 1):
            assert draws(problem, 20, seed, True) == draws(problem, 20, seed, False)
    big = Problem([f"p{i}" for i in range(70)], [], [[f"p{i}"] for i in range(70) for _ in "ab"])
    assert draws(big, 5, 9, True) == draws(big, 5, 9, False)  # 2**70: two words a draw


def chi_square_ok(counts: list[int], draws: int) -> bool:
    """Pearson's test at the 0.1% level (Wilson-Hilferty's normal approximation)."""
    cells = len(counts)
    expected = draws / cells
    x2 = sum((c - expected) ** 2 / expected for c in counts)
    df = cells - 1
    z = 3.09  # the 99.9% quantile of the normal distribution
    limit = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    return x2 < limit


def test_draws_are_uniform():
    problem = queens(8)  # 92 known solutions
    solutions = sorted(tuple(sorted(s.indices)) for s in xcc.solve(problem, engine="python"))
    draws = xcc.sample(problem, 92 * 60, seed=20240607)
    seen = [tuple(sorted(d.indices)) for d in draws]
    assert set(seen) == set(solutions) and all(d.problem is problem for d in draws)
    assert chi_square_ok([seen.count(s) for s in solutions], len(seen))
    # and the test can fail: a skewed sampler (the first solution twice as likely) is caught
    skewed = seen + [solutions[0]] * 60
    assert not chi_square_ok([skewed.count(s) for s in solutions], len(skewed))


def test_no_solution_no_draws():
    p = Problem(["a", "b"], [], [["a"]])
    assert xcc.sample(p, 5, seed=1) == [] and xcc.count(p, engine=FAST).solutions == 0
    assert xcc.sample(queens(4), 0, seed=1) == []


# ---- orders, memory, the door ------------------------------------------------------------

def test_orders_by_name_or_index_and_bad_orders():
    p = queens(4)
    assert int(xcc.count(p, engine=MemoEngine(native=False, order=list(reversed(p.primary))))) == 2
    assert xcc.count(p, engine=MemoEngine(order=range(len(p.primary)))).solutions == 2
    for bad in (["r0"], list(range(7)) + [7, 7], ["zz"] + list(p.primary[1:]), [1.5]):
        with pytest.raises(XCCError, match="order"):
            xcc.count(p, engine=MemoEngine(order=bad))


def test_the_order_chooser_keeps_a_good_input_order():
    p = queens(6)
    assert memo.choose_order(p) in (tuple(range(12)), cuthill_mckee(p))


@pytest.mark.parametrize("native", [False, True] if NATIVE else [False])
def test_memory_limit_is_a_clear_error(native):
    p = queens(9)
    with pytest.raises(MemoryLimit, match="memory limit"):
        xcc.count(p, engine=MemoEngine(native=native, memory=1 << 16))
    with pytest.raises(MemoryLimit, match="memory limit"):
        xcc.sample(p, 1, seed=0, engine=MemoEngine(native=native, memory=1 << 16))
    for bad in (-1, 1.5, True, 1000):
        with pytest.raises(XCCError, match="memory limit must be"):
            MemoEngine(native=native, memory=bad)


def test_default_memory_is_a_fraction_of_the_machine():
    assert 1 << 20 < memo.default_memory() < 1 << 50


def test_bad_arguments():
    with pytest.raises(XCCError, match="Problem"):
        xcc.count("queens", engine=FAST)
    with pytest.raises(XCCError, match="Cycle"):
        xcc.count(queens(4), engine=FAST, cycle="loop")
    for k, seed in ((-1, 0), (1, "seed"), (True, 0), (1, None)):
        with pytest.raises(XCCError):
            xcc.sample(queens(4), k, seed=seed)


@needs_c
def test_the_c_door_refuses_a_bad_plan():
    from xcc import _native
    from xcc.engines.memo.native import flatten
    p = queens(5)
    plan = make_plan(p, range(10), None)
    sizes, arrays = flatten(plan, p.compact(), False)
    _native.Memo(sizes, arrays, 1 << 30)  # the good one is accepted
    rnd = random.Random(5)
    for trial in range(200):
        broken = list(arrays)
        j = rnd.randrange(len(broken))
        data = bytearray(broken[j])
        if not data:
            continue
        k = rnd.randrange(len(data) // 4)
        data[4 * k:4 * k + 4] = rnd.choice([-1, 1 << 20, 99]).to_bytes(4, "little", signed=True)
        broken[j] = bytes(data)
        try:
            m = _native.Memo(sizes, tuple(broken), 1 << 30)
        except (ValueError, MemoryError):
            continue
        while m.step(1000) == _native.MEMO_PAUSED:  # accepted: it must still run cleanly
            pass
    with pytest.raises(MemoryError, match="memory limit"):  # refused while setting up
        _native.Memo(sizes, arrays, 1000)
    with pytest.raises(ValueError):
        _native.Memo(sizes, arrays[:-1], 1 << 30)
    with pytest.raises(TypeError):
        _native.Memo(sizes, (b"abc",) + arrays[1:], 1 << 30)


# ---- the plan weighed before it is built (issue 36) --------------------------------------

def _defined_layouts(plan):
    """The layouts by their definition, level by level (what the sweep must equal)."""
    n1, levels = plan.n1, plan.levels
    lp = [[i for i in range(n1) if plan.first[i] < k <= plan.last[i]] for k in range(levels + 1)]
    ls = [[x for x in range(plan.nsec) if plan.first[n1 + x] < k <= plan.last[n1 + x]]
          for k in range(levels + 1)]
    if plan.cycle is None:
        return lp, ls, [[] for _ in range(levels + 1)], []
    nv = plan.cycle.nverts
    lv = [[v for v in range(nv) if plan.vfirst[v] < k <= plan.vlast[v]] for k in range(levels + 1)]
    wv = [[v for v in range(nv) if plan.vfirst[v] <= k <= plan.vlast[v]] for k in range(levels)]
    return lp, ls, lv, wv


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(cycle_problems(), st.randoms())
def test_layouts_and_their_size_follow_the_definition(pc, rnd):
    from xcc.engines.memo.plan import plan_size
    problem, cycle = pc
    order = list(range(len(problem.primary)))
    rnd.shuffle(order)
    for cyc in (None, cycle.compile_for(problem)):
        plan = make_plan(problem, order, cyc)
        assert (plan.lay_primary, plan.lay_secondary, plan.lay_vertex,
                plan.work_vertex) == _defined_layouts(plan)
        built = sum(plan.width()) + sum(map(len, plan.work_vertex))
        watched = sum(len(groups) for groups in plan.watch)
        assert plan_size(plan)[0] >= built + watched


@pytest.mark.parametrize("native", [False, True] if NATIVE else [False])
def test_a_plan_over_the_limit_is_refused_before_its_layouts(native, monkeypatch):
    from xcc.engines.memo import plan as planning
    p = Problem([f"p{k}" for k in range(400)], (),
                [(f"p{k}", f"p{k + 1}") for k in range(399)] + [("p0", "p399")])
    _, need = planning.plan_size(make_plan(p, range(400), None))
    monkeypatch.setattr(planning, "_layouts", lambda plan: pytest.fail("layouts built"))
    with pytest.raises(MemoryLimit, match="plan alone needs about .* over the memory limit"):
        xcc.count(p, engine=MemoEngine(native=native, memory=max(1 << 16, need - 1),
                                       order=range(400)))


def test_many_items_take_time_in_their_number():
    """10^4 items took a minute when each layout was found by a pass over all items."""
    import time
    n = 30000
    p = Problem([f"i{k}" for k in range(n)], (), [(f"i{k}",) for k in range(n)])
    start = time.process_time()
    assert xcc.count(p, engine=FAST).solutions == 1
    assert time.process_time() - start < 20
