"""The memo count level by level over shards (xcc/engines/memo/shards.py) and
spread over Dask workers (xcc/parallel/levels.py): the same exact counts
for any number of shards or workers, against brute force, the dancing-links
engines, the single-process memo count and OEIS A140517.

The Dask tests run on in-process LocalClusters of 1, 2 and 4 workers, and
skip without the dask extra.
"""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import xcc
from xcc.engines import memo
from xcc.engines.memo import shards

from ...bruteforce import all_solutions
from ...strategies import cycle_problems, problems

pytestmark = pytest.mark.skipif(not memo.native_available(),
                                reason="the compiled extension is not built")
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
A140517 = {4: 213, 5: 9349, 6: 1222363, 11: 988808811046283595068099}  # the n x n board
WEAK_EMPTY = {4: 322, 5: 23858}  # SPEC 6 (tests/masyu/test_exact.py)


def board(n: int, weak: bool = False):
    """(problem, cycle, engine) of the empty n x n board, in masyu's grid order."""
    from masyu import Puzzle  # a grid with many cycles: tests may use both packages
    from masyu.exact import _setup
    enc, cycle, engine = _setup(Puzzle(n, n), weak, "423", None, None)
    return enc.problem, cycle, engine


# ---- the levels over shards, in this process -------------------------------------------

@SETTINGS
@given(problems(max_primary=5, max_secondary=4, max_options=12), st.integers(1, 4))
def test_shards_count_brute_force(problem, parts):
    s = shards.setup(problem)
    assert shards.count_here(s, parts) == len(all_solutions(problem))


@SETTINGS
@given(cycle_problems(), st.integers(1, 4))
def test_shards_count_cycles_as_dancing_links(pc, parts):
    problem, cycle = pc
    found = {frozenset(s.indices) for s in xcc.solve(problem, engine="python", cycle=cycle)}
    assert shards.count_here(shards.setup(problem, cycle), parts) == len(found)


def test_empty_boards_in_any_number_of_shards():
    for n, weak, expect in [(4, False, A140517[4]), (5, False, A140517[5]),
                            (4, True, WEAK_EMPTY[4]), (5, True, WEAK_EMPTY[5]),
                            (11, False, A140517[11])]:  # past 64 bits: the limbs carry
        problem, cycle, engine = board(n, weak)
        s = shards.setup(problem, cycle, order=engine.order)
        parts = (1, 3) if n > 5 else (1, 2, 3, 4)
        assert [shards.count_here(s, p) for p in parts] == [expect] * len(parts)


def test_merge_adds_equal_keys_and_carries():
    rng = np.random.default_rng(7)
    keys = rng.integers(0, 3, size=(500, 2), dtype=np.uint64)
    big = [int(x) for x in rng.integers(0, 1 << 62, size=500, dtype=np.uint64)]
    values = [b * b * 3 + 1 for b in big]  # up to about 2^126: four limbs
    counts = np.array([[(v >> (32 * i)) & 0xFFFFFFFF for i in range(4)] for v in values],
                      dtype=np.uint32)
    merged_keys, merged = shards.merge(keys, counts)
    want: dict[tuple, int] = {}
    for key, v in zip(map(tuple, keys.tolist()), values):
        want[key] = want.get(key, 0) + v
    got = {tuple(k): sum(int(l) << (32 * i) for i, l in enumerate(c))
           for k, c in zip(merged_keys.tolist(), merged)}
    assert got == want and len(merged_keys) == len(want)


def test_owner_is_a_function_of_the_key():
    keys = np.arange(2000, dtype=np.uint64).reshape(-1, 2)
    to = shards.owner(keys, 4)
    assert to.min() >= 0 and to.max() <= 3 and len(set(to.tolist())) == 4
    assert (shards.owner(keys[::-1], 4) == to[::-1]).all()


def test_a_worker_holds_about_one_part_of_a_level():
    """The owners of the states of a wide layer of the empty 10x10 board: each of
    4 parts holds about a quarter, so a worker's memory is about the total / W."""
    problem, cycle, engine = board(10)
    s = shards.setup(problem, cycle, order=engine.order)
    shard = shards.root_shard(s)
    for k in range(50):
        shard = shards.combine(shards.expand(s, k, shard, 1)[0])
    assert len(shard[0]) > 1000
    parts = np.bincount(shards.owner(shard[0], 4), minlength=4)
    assert parts.max() < 1.2 * len(shard[0]) / 4


def test_trivial_plans_need_no_level():
    problem = xcc.Problem(["a"], [], [["a"]])
    assert shards.count_here(shards.setup(problem), 3) == 1
    assert shards.count_here(shards.setup(xcc.Problem(["a"], [], [])), 2) == 0


# ---- on Dask ------------------------------------------------------------------------------

@pytest.fixture(scope="module", params=[1, 2, 4])
def cluster(request):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=request.param, threads_per_worker=1, processes=False,
                                  protocol="tcp", dashboard_address=None) as c, \
            distributed.Client(c) as client:
        yield request.param, client


def test_dask_counts_equal_one_process_and_a140517(cluster):
    workers, client = cluster
    for n, weak, expect in [(5, False, A140517[5]), (4, True, WEAK_EMPTY[4])]:
        problem, cycle, engine = board(n, weak)
        one = xcc.count(problem, engine=engine, cycle=cycle)
        spread = xcc.count(problem, engine=engine, cycle=cycle, scheduler=client)
        assert spread.solutions == one.solutions == expect
        assert spread.workers == workers and len(spread.table) == one.counters["levels"]
        assert spread.counters["states"] == one.counters["states"]  # every state, once
        assert spread.counters["width"] == one.counters["width"]
        exchanged = spread.counters["exchanged"]
        assert exchanged == 0 if workers == 1 else exchanged > 0
        widest = max(spread.table, key=lambda row: row["after"])
        assert sum(widest["shards"]) == widest["after"] and min(widest["shards"]) > 0


def test_dask_refusals(cluster):
    _, client = cluster
    problem, cycle, engine = board(4)
    with pytest.raises(xcc.XCCError, match="not split"):
        xcc.count(problem, engine=engine, cycle=cycle, scheduler=client, by="cycles")
    with pytest.raises(xcc.XCCError, match="engine 'memo', not 'memo-python'"):
        xcc.parallel.LevelCount(problem, engine="memo-python", cycle=cycle, scheduler=client)
    with pytest.raises(xcc.XCCError, match="give one of"):
        xcc.parallel.LevelCount(problem, engine="memo", cycle=cycle)


def test_masyu_count_exact_scheduler(cluster):
    workers, client = cluster
    if workers != 2:
        pytest.skip("the command once")
    address = client.scheduler.address
    r = subprocess.run([sys.executable, "-m", "masyu", "count", "5x5:y", "--exact", "-q",
                        "--scheduler", address], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout == "9,349 strong solutions\n", r.stderr
    r = subprocess.run([sys.executable, "-m", "masyu", "count", "5x5:y", "--exact", "--by",
                        "length", "--scheduler", address], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 2 and "not spread over Dask workers" in r.stderr
    assert "Traceback" not in r.stderr
