"""Exact counts and uniform samples of Masyu loops (masyu.exact, engine memo).

Checked against brute force (tiny boards), enumeration (6x6, the small
corpus), OEIS A140517 and the weak counts of SPEC 6.
"""
from __future__ import annotations

import math
from pathlib import Path
import random

import pytest

import xcc
from masyu import MasyuError, Puzzle, count, sample
from masyu.collection import load
from masyu.exact import cell_of, exact_count, grid_order
from masyu.encodings import encode
from xcc.engines import memo

from .bruteforce import (BOARDS, is_one_loop, pearls_of_loop, strong_set, weak_set,
                         weak_solutions)

FAST = "memo" if memo.native_available() else "memo-python"
ENUM = "c" if "c" in xcc.ENGINES else "python"

A140517 = [1, 13, 213, 9349, 1222363, 487150371, 603841648931, 2318527339461265,
           27359264067916806101, 988808811046283595068099,
           109331355810135629946698361371, 36954917962039884953387868334644457]
WEAK_EMPTY = {(3, 3): 14, (4, 4): 322, (5, 5): 23858, (6, 6): 5735478}


def exact(puzzle, weak, encoding="423", engine=FAST):
    n = count(puzzle, weak=weak, exact=True, encoding=encoding, engine=engine)
    assert n.complete and n.weak == weak
    return int(n)


@pytest.mark.parametrize("n", range(2, 14))
def test_empty_boards_strong_are_a140517(n):
    assert exact(Puzzle(n, n), weak=False) == A140517[n - 2]


def test_empty_boards_weak_spec_counts_and_transposes():
    for (r, c), value in WEAK_EMPTY.items():
        assert exact(Puzzle(r, c), weak=True) == value
    for n in range(2, 12):
        assert exact(Puzzle(2, n), weak=True) == 2 ** (n - 1)
        assert exact(Puzzle(n, 2), weak=True) == 2 ** (n - 1)
    for r, c in ((3, 7), (4, 9), (5, 8)):
        for weak in (False, True):
            assert exact(Puzzle(r, c), weak) == exact(Puzzle(c, r), weak)
    # the empty 12x12 board: exact far beyond 64 bits, and equal in both encodings
    big = exact(Puzzle(12, 12), weak=True)
    assert big == exact(Puzzle(12, 12), weak=True, encoding="422") and 5.8e31 < big < 6e31


def test_the_enumerable_weak_counts_by_enumeration():
    # SPEC 6: the last two are enumerable, so enumeration checks them too
    assert count(Puzzle(5, 5), weak=True, engine=ENUM) == WEAK_EMPTY[(5, 5)]


@pytest.mark.parametrize("chunk", range(6))
def test_brute_force_boards(chunk):
    # The brute-force sets are built per board and dropped (not bruteforce.weak_set's
    # cache: 300 boards of up to 23,858 edge sets each held some GB).
    for k in range(chunk, len(BOARDS), 6):
        rows, cols, pearls = BOARDS[k]
        p = Puzzle(rows, cols, pearls)
        weak = frozenset(weak_solutions(rows, cols, pearls))
        strong = frozenset(e for e in weak if is_one_loop(e, pearls))
        for encoding in ("422", "423"):
            assert exact(p, True, encoding) == len(weak), (p.grid, encoding)
            assert exact(p, False, encoding) == len(strong), (p.grid, encoding)
        if k % 10 == 0:  # the readable twin, now and then
            assert exact(p, True, "423", "memo-python") == len(weak)
            assert exact(p, False, "422", "memo-python") == len(strong)
        for loop in sample(p, 3, seed=k, weak=True):
            assert loop.edges in weak
        for loop in sample(p, 3, seed=k):
            assert loop.edges in strong


def six_by_six_boards(n: int, seed: int) -> list[tuple[int, int, dict]]:
    """Random 6x6 boards: half with random pearls (10-50%), half with some of the
    pearls a random cycle allows (cycles of the empty board drawn by ``sample``:
    listing its 1.2 million cycles by brute force took minutes and gigabytes;
    the counts are checked against enumeration, so the drawing may use the
    engine under test)."""
    rng = random.Random(seed)
    cycles = [loop.edges for loop in sample(Puzzle(6, 6), n, seed=seed)]
    out = []
    for k in range(n):
        if k % 2 == 0:
            density = rng.choice((0.1, 0.2, 0.3, 0.5))
            pearls = {(r, c): rng.choice("WB") for r in range(6) for c in range(6)
                      if rng.random() < density}
        else:
            allowed = pearls_of_loop(6, 6, cycles[k])
            keep = rng.choice((0.3, 0.5, 0.8))
            pearls = {cell: kind for cell, kind in sorted(allowed.items()) if rng.random() < keep}
        out.append((6, 6, pearls))
    return out


@pytest.fixture(scope="module")
def six():
    return six_by_six_boards(120, seed=16)


@pytest.mark.parametrize("chunk", range(4))
def test_six_by_six_boards_equal_enumeration(six, chunk):
    """Random 6x6 boards (some with 10% pearls: thousands of weak solutions)."""
    compared = 0
    for k in range(chunk, len(six), 4):
        rows, cols, pearls = six[k]
        p = Puzzle(rows, cols, pearls)
        for weak in (True, False):
            enumerated = count(p, weak=weak, engine=ENUM, limit=50_000)
            if enumerated.complete:
                assert exact(p, weak) == int(enumerated), (p.grid, weak)
                compared += 1
    assert compared >= 40


@pytest.fixture(scope="module")
def corpus(shared):
    found = {}
    for name in ("psm.txt", "extra.txt", "rcra.txt"):
        found.update({p.name: p for p in load(shared / "puzzles" / name)})
    return found


def test_psm_15x15_hard_facts(corpus):
    for name, weak in (("psm-15x15-hard-9022176", 448416), ("psm-15x15-hard-7937444", 105840)):
        assert exact(corpus[name], True) == weak
        assert exact(corpus[name], False) == 1


def test_readme_counts(corpus):
    for name, weak in (("wikipedia-masyu-example", 6), ("puzsq-9833", 5328),
                       ("rcra-masyu05", 14858), ("rcra-masyu06", 12)):
        assert exact(corpus[name], True) == weak
        assert exact(corpus[name], False) == 1


def test_small_corpus_equals_enumeration(corpus):
    """Every 6x6 and every tenth 8x8 psm puzzle: the weak count equals
    enumeration, and the strong count is 1 (each has one stored loop)."""
    names = [n for n in corpus if n.startswith("psm-6x6")]
    names += [n for n in corpus if n.startswith("psm-8x8")][::10]
    for name in names:
        p = corpus[name]
        assert exact(p, True) == int(count(p, weak=True, engine=ENUM)), name
        assert exact(p, False) == 1, name


def test_contradictory_clues_count_zero():
    p = Puzzle.parse("3x3:Wh")  # a white pearl in a corner cannot go straight
    assert encode(p, "423").contradiction
    assert exact(p, True) == 0 == exact(p, False) == exact(p, True, "422")
    assert sample(p, 5, seed=1) == []


def test_grid_order_runs_along_the_long_side():
    for rows, cols in ((3, 8), (8, 3), (5, 5), (40, 33)):
        p = Puzzle(rows, cols, {(1, 1): "W", (2, 2): "B"})
        enc = encode(p, "422")
        cells = [cell_of(enc.problem.primary[k], rows, cols) for k in grid_order(enc)]
        key = (lambda rc: rc) if cols <= rows else (lambda rc: (rc[1], rc[0]))
        assert cells == sorted(cells, key=key)
        assert len(cells) == rows * cols + 2


def test_sampling_is_uniform():
    """Pearson's chi-square at the 0.1% level on boards whose solutions are all known."""
    for rows, cols, pearls, weak in ((4, 4, {}, True), (4, 4, {}, False),
                                     (4, 5, {(1, 1): "W"}, True)):
        everything = sorted(weak_set(rows, cols, pearls) if weak else
                            strong_set(rows, cols, pearls), key=sorted)
        draws = 40 * len(everything)
        got = [l.edges for l in sample(Puzzle(rows, cols, pearls), draws, seed=rows * cols,
                                       weak=weak)]
        assert set(got) == set(everything)
        tally = [got.count(e) for e in everything]
        df = len(everything) - 1
        x2 = sum((t - 40) ** 2 / 40 for t in tally)
        limit = df * (1 - 2 / (9 * df) + 3.09 * math.sqrt(2 / (9 * df))) ** 3
        assert x2 < limit, (rows, cols, weak, x2, limit)


def test_the_same_seed_gives_the_same_loops():
    p = Puzzle(5, 5)
    a = [l.edges for l in sample(p, 10, seed=3)]
    assert a == [l.edges for l in sample(p, 10, seed=3)]
    assert a != [l.edges for l in sample(p, 10, seed=4)]
    if memo.native_available():
        assert a == [l.edges for l in sample(p, 10, seed=3, engine="memo-python")]


def test_bad_requests():
    p = Puzzle(3, 3)
    for kwargs in ({"encoding": "424"}, {"engine": "c"}):
        with pytest.raises(MasyuError):
            exact_count(p, **kwargs)
    with pytest.raises(MasyuError, match="memory"):
        count(Puzzle(12, 12), exact=True, memory=1 << 16)
    with pytest.raises(MasyuError):
        sample(p, -1, seed=0)
    with pytest.raises(MasyuError):
        sample("3x3", 1, seed=0)


def test_a_board_too_big_for_the_limit_is_refused_before_encoding(monkeypatch):
    """Issue 36: a 1000x1000 board passed 7.5 GB before any check; its plan
    is now weighed from its shape (a lower bound) before it is encoded."""
    import time
    import masyu.exact as exact_module
    monkeypatch.setattr(exact_module, "encode", lambda *a: pytest.fail("encoded"))
    start = time.process_time()
    for p, memory in ((Puzzle(1000, 1000), None), (Puzzle(400, 400), 100 << 20)):
        with pytest.raises(MasyuError, match="plan alone needs at least .* memory limit"):
            exact_count(p, memory=memory)
        with pytest.raises(MasyuError, match="plan alone needs at least"):
            sample(p, 1, seed=0, memory=memory)
    assert time.process_time() - start < 5


def test_a_plan_over_the_limit_is_refused_with_its_estimate():
    # a 15x15 puzzle rich in pearls: weighed by its plan (an empty board is
    # refused earlier, from its shape: tests/masyu/test_exact_refuse.py)
    puzzle = next(p for p in load(Path(__file__).resolve().parents[2] / "examples" / "puzzles.txt") if p.name == "rcra-masyu06")
    with pytest.raises(MasyuError, match=r"plan alone needs about [0-9.]+ MB .*--memory"):
        exact_count(puzzle, memory=2 << 20, engine=FAST)
    assert exact_count(Puzzle(6, 6), memory=4 << 20, engine=FAST).solutions == A140517[4]
