"""Bounds on what one request can make the library do (issue 20): a deadline on a
count, caps on texts, boards of at most 1000 x 1000."""
from __future__ import annotations

import time

import pytest

import masyu
import xcc
from masyu import MasyuError, Puzzle


@pytest.mark.parametrize("engine", ["python", "c", "sat"])
def test_a_count_stops_at_its_deadline(engine):
    if engine not in xcc.ENGINES:
        pytest.skip(f"engine {engine} is not available")
    problem = masyu.encode(Puzzle(7, 7), "422").problem   # far too many weak solutions
    start = time.monotonic()
    search = xcc.Search(problem, engine=engine, deadline=0.3)
    n = sum(1 for _ in search)
    assert search.timed_out and not search.stats.complete and not search.stats.interrupted
    assert n == search.stats.solutions > 0
    assert time.monotonic() - start < 30   # a step is milliseconds; the machine is shared


def test_masyu_count_takes_a_deadline():
    n = masyu.count(Puzzle(7, 7), weak=True, deadline=0.2)
    assert not n.stats.complete and int(n) > 0
    done = masyu.count(Puzzle.parse("6x6:eBbBfWbWbBaBcWbBe"), deadline=60)
    assert done.stats.complete and int(done) == 1


@pytest.mark.parametrize("bad", [0, -1, True, "1", float("nan")])
def test_the_deadline_is_checked(bad):
    with pytest.raises(xcc.XCCError, match="deadline"):
        xcc.Search(xcc.Problem(["a"], [], [["a"]]), deadline=bad)


def test_texts_over_the_cap_are_refused_before_reading():
    with pytest.raises(MasyuError, match="more than the limit"):
        Puzzle.parse("." * 101, limit=100)
    with pytest.raises(MasyuError, match="more than the limit"):
        masyu.Loop.parse(" " * 101, limit=100)
    with pytest.raises(MasyuError, match="too large"):
        Puzzle(1001, 2)


def test_the_python_engine_goes_deeper_than_5000_levels():
    """Its level arrays grow (it raised "too many levels" past 5,000): 5,200 items of
    an option each, and one option for the first two; its statistics are the c engine's."""
    n = 5_200
    problem = xcc.Problem([f"i{k}" for k in range(n)], [],
                          [[f"i{k}"] for k in range(n)] + [["i0", "i1"]])
    stats = {}
    for engine in ("python", "c"):
        if engine in xcc.ENGINES:
            d = xcc.count(problem, engine=engine).as_dict()
            stats[engine] = {k: v for k, v in d.items() if k not in ("seconds", "cpu_seconds", "engine")}
    assert stats["python"]["solutions"] == 2 and stats["python"]["max_level"] == n
    assert stats["python"]["nodes"] == n + 2
    if "c" in stats:
        assert stats["python"] == stats["c"]
