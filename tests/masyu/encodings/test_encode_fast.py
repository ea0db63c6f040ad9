"""masyu.encode (the whole-array construction of masyu.encodings) against the readable
one-literal-at-a-time version it replaced, tests/masyu/encodings/reference_encode.py:
the same problem (items, options in order, occurrences in order, colors, name, and the
same integer arrays for the engines) and the same way back (edge_items, present, absent,
contradiction) on every puzzle."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masyu import Puzzle, encode
from masyu.board import board
from masyu.collection import load
from masyu.encodings.names import names

from tests.data import STEP

from . import reference_encode

KINDS = ("422", "423")


def assert_same(puzzle: Puzzle, arrays: bool = True) -> None:
    """Both encodings equal; with ``arrays`` also the engines' integer arrays
    (implied by equal options, and the slowest part to compare)."""
    for kind in KINDS:
        fast, ref = encode(puzzle, kind), reference_encode.encode(puzzle, kind)
        where = (puzzle.name, puzzle.grid, kind)
        a, b = fast.problem, ref.problem
        assert a.primary == b.primary, where
        assert a.secondary == b.secondary, where
        assert a.options == b.options, where
        assert (a.name, a.dropped, a.source_index) == (b.name, b.dropped, b.source_index), where
        assert list(fast.edge_items.items()) == list(ref.edge_items.items()), where
        assert (fast.present, fast.absent) == (ref.present, ref.absent), where
        assert fast.contradiction == ref.contradiction, where
        if arrays:
            assert a.colors() == b.colors(), where
            ca, cb = a.compact(), b.compact()
            for x, y in zip(ca[:3], cb[:3]):
                assert np.array_equal(x, y), where
            assert ca.color_names == cb.color_names, where
            assert fast == ref, where


def raw_puzzle(rows: int, cols: int, pearls=()) -> Puzzle:
    """A puzzle the constructor would refuse (a side of 1): built around it."""
    p = object.__new__(Puzzle)
    for key, value in (("rows", rows), ("cols", cols), ("pearls", tuple(sorted(pearls))),
                       ("name", f"raw-{rows}x{cols}")):
        object.__setattr__(p, key, value)
    return p


@pytest.fixture(scope="module")
def collections(shared):
    folder = shared / "puzzles"
    return {name: load(folder / name) for name in ("psm.txt", "extra.txt", "rcra.txt")}


@pytest.mark.parametrize("name", ["extra.txt", "rcra.txt", "psm.txt"])
def test_every_puzzle_up_to_10x10(collections, name):
    small = [p for p in collections[name] if p.rows <= 10 and p.cols <= 10]
    assert small
    for k, puzzle in enumerate(small):
        assert_same(puzzle, arrays=k % 10 == 0)


def test_bigger_puzzles(collections):
    psm, extra = collections["psm.txt"], collections["extra.txt"]
    sample = [p for p in psm if p.name.startswith("psm-25x25-hard")][::20 // STEP]  # 6 to 8
    sample += [p for p in psm if p.rows in (30, 35, 40)]
    for size in ("15x15-hard", "20x20-medium", "25x25-easy"):
        sample += [p for p in psm if p.name.startswith(f"psm-{size}")][:2]
    sample += [p for p in extra if p.rows > 10 or p.cols > 10]
    # the last size with one-character coordinates and the first with two
    sample += [Puzzle(31, 31, {(0, 30): "W", (30, 0): "B", (15, 15): "W"}, name="side-31"),
               Puzzle(32, 32, {(31, 31): "B", (0, 31): "W", (16, 5): "B"}, name="side-32"),
               Puzzle(31, 32, name="empty-31x32"), Puzzle(32, 31, name="empty-32x31")]
    assert len(sample) >= 15 and any(p.rows == 40 for p in sample)
    assert any(p.rows != p.cols for p in sample)  # the 45 x 31 one
    for puzzle in sample:
        assert_same(puzzle)


@pytest.mark.parametrize("rows", range(2, 7))
def test_empty_boards(rows):
    for cols in range(2, 7):
        assert_same(Puzzle(rows, cols, name=f"empty-{rows}x{cols}"))


def test_thin_boards():
    # 2 x N and N x 2 with pearls; 1 x N and N x 1 (refused by Puzzle) built around it
    for n in range(1, 9):
        for rows, cols in ((1, n), (n, 1)):
            assert_same(raw_puzzle(rows, cols))
            assert_same(raw_puzzle(rows, cols, [((rows - 1, cols - 1), "W")]))
        if n >= 2:
            for rows, cols in ((2, n), (n, 2)):
                assert_same(Puzzle(rows, cols, name=f"thin-{rows}x{cols}"))
                pearls = {(k % rows, k % cols): "WB"[k % 2] for k in range(0, n, 3)}
                assert_same(Puzzle(rows, cols, pearls))


def test_contradictions():
    # each relation text once, found at a later pearl than the first
    contradictory = [["B.", ".W", "W."], ["..WWW", "B..BW", "....W", "BW.BW"],
                     ["B...", "W.WW"], [".WBB", "W.B.", ".BW.", ".W.B", ".WW."],
                     ["BW.B", "....", "B.W.", "BWB.", ".B.."], ["W..", "...", "..."]]
    texts = set()
    for grid in contradictory:
        puzzle = Puzzle.from_grid(grid)
        assert_same(puzzle)
        why = encode(puzzle, "423").contradiction
        texts.add(why.split(": ")[1])
    assert len(texts) == 5
    for grid in (["BB.", "...", "..."], ["...", "BWB", "..."], ["....", ".WW.", ".WW.", "...."]):
        assert_same(Puzzle.from_grid(grid))  # no weak solution, but no contradiction


@st.composite
def boards(draw):
    rows, cols = draw(st.integers(2, 9)), draw(st.integers(2, 9))
    density = draw(st.sampled_from((0.05, 0.15, 0.3, 0.6, 1.0)))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    marks = draw(st.lists(st.tuples(st.floats(0, 1), st.sampled_from("WB")),
                          min_size=len(cells), max_size=len(cells)))
    pearls = {cell: kind for cell, (x, kind) in zip(cells, marks) if x < density}
    return Puzzle(rows, cols, pearls)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(boards())
def test_random_boards(puzzle):
    assert_same(puzzle)


def test_board_beyond_the_size_cache():
    caches = (board, names)
    calls = [cache.cache_info()[:2] for cache in caches]  # hits, misses
    assert_same(Puzzle(101, 100, {(0, 5): "W", (50, 50): "B", (99, 98): "B", (100, 0): "W"}))
    assert [cache.cache_info()[:2] for cache in caches] == calls  # built each time, not kept
    assert board(100, 100) is board(100, 100) and names(100, 100) is names(100, 100)
