"""method="auto", the default: the same answers as brute force whatever it runs.

auto makes one run or two (the prover up to two solutions, then the guard on dancing
links to list or count past two): these tests hold every task it can be given (solve
with a limit or none, count, is_unique, weak solutions, a given engine or encoding) to
the independent brute-force solver of ``bruteforce.py``, on boards with no, one, two and
many solutions.
"""
from __future__ import annotations

from collections import Counter

import pytest

import xcc
from masyu import Puzzle, Search, count, is_unique, solve
from masyu.methods import runs

from .bruteforce import BOARDS, strong_set, weak_set

SAMPLE = BOARDS[::3]          # 100 boards from 3x3 to 5x5


def test_the_sample_has_every_kind_of_answer():
    sizes = Counter(min(len(strong_set(r, c, p)), 3) for r, c, p in SAMPLE)
    assert all(sizes[k] for k in (0, 1, 2, 3)), sizes   # none, one, two, more


@pytest.mark.parametrize("chunk", range(4))
def test_auto_lists_and_counts_what_brute_force_finds(chunk):
    for rows, cols, pearls in SAMPLE[chunk::4]:
        puzzle = Puzzle(rows, cols, pearls)
        strong, weak = strong_set(rows, cols, pearls), weak_set(rows, cols, pearls)
        where = puzzle.grid
        found = [loop.edges for loop in solve(puzzle)]
        assert len(found) == len(set(found)) and set(found) == strong, where
        n = count(puzzle)
        assert int(n) == len(strong) and n.complete, where
        assert is_unique(puzzle) == (len(strong) == 1), where
        assert int(count(puzzle, weak=True)) == len(weak), where
        for limit in (1, 2, 3):
            some = [loop.edges for loop in solve(puzzle, limit=limit)]
            assert len(some) == min(limit, len(strong)) and set(some) <= strong, (where, limit)
            n = count(puzzle, limit=limit)
            assert int(n) == min(limit, len(strong)), (where, limit)
            # complete: the search ran out before the limit (reaching it stops the search)
            assert n.complete == (len(strong) < limit), (where, limit)


def test_two_runs_only_past_two_and_the_probe_says_so():
    many = Puzzle(4, 4)                               # the empty 4x4: every cycle of the grid
    s = Search(many, engine="python")  # a given engine: the prover (propagate) goes first
    assert int(s.count()) == len(strong_set(4, 4, {})) and s.probe is not None and s.probe.solutions == 2
    assert s.method == "guard" and s.engine == "python"
    first = Search(many, limit=2, engine="python")
    assert int(first.count()) == 2 and first.probe is None     # the prover alone
    small = Search(many)  # the prover of the measured table (methods.POLICY), then the lister
    one_run = len(runs(False, "auto", None, cells=4 * 4)) == 1   # unless they are the same
    assert int(small.count()) == len(strong_set(4, 4, {}))
    assert (small.probe is None) == one_run and (one_run or small.probe.solutions == 2)
    assert (small.method, small.engine) == ("guard", "c") or "c" not in xcc.ENGINES
    assert len(runs(False, "auto", None, cells=9 * 9)) == 2 or "sat" not in xcc.ENGINES
    one = Puzzle.parse("6x6:eBbBfWbWbBaBcWbBe")                # unique: never a second run
    s = Search(one)
    assert int(s.count()) == 1 and s.probe is None


@pytest.mark.parametrize("engine", [e for e in xcc.ENGINES  # those with the loop guard
                                    if xcc.engines.get(e).cycle])
def test_a_given_engine_and_encoding_are_kept_in_every_run(engine):
    made = runs(False, "auto", None, encoding="422", engine=engine)
    assert {run[0] for run in made} == {"422"} and {run[2] for run in made} == {engine}
    s = Search(Puzzle(4, 4), encoding="422", engine=engine)
    assert int(s.count()) == len(strong_set(4, 4, {})) and s.engine == engine and s.encoding.kind == "422"
