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
