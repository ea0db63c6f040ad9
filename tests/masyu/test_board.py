"""The board: one edge numbering (the secondary items' order), neighbours, sizes, pearl codes.

Every table is checked against geometry computed here from the cells, not from the
board's own arrays.
"""
from __future__ import annotations

import pytest

from masyu import MasyuError, Puzzle, encode
from masyu.board import (BLACK, EMPTY, MAX_SIDE, NESW, OPPOSITE, STEP, WHITE, Board, board,
                         check_size, on_board, per_size, step)
from masyu.encodings.names import Namer
from masyu.encodings.slots import SLOT_KIND, TILE

SIZES = [(2, 2), (2, 5), (3, 3), (4, 6), (7, 3), (1, 4), (5, 1)]


def all_edges(rows: int, cols: int) -> list:
    out = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    return out + [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]


def edge_towards(bd: Board, cell, d: str) -> int:
    other = step(cell, d)
    if not on_board(bd.rows, bd.cols, other):
        return bd.off
    return bd.index[(cell, other) if cell < other else (other, cell)]


@pytest.mark.parametrize("rows, cols", SIZES)
def test_edges_follow_the_midpoints_row_major(rows, cols):
    bd = Board(rows, cols)
    midpoint = lambda e: (e[0][0] + e[1][0], e[0][1] + e[1][1])   # noqa: E731
    assert list(bd.edges) == sorted(all_edges(rows, cols), key=midpoint)
    assert bd.nedges == bd.off == len(bd.edges) == rows * (cols - 1) + (rows - 1) * cols
    assert [bd.edges[e] for e in bd.scan] == all_edges(rows, cols)
    assert sorted(bd.scan) == list(range(bd.nedges))
    assert all(bd.index[e] == k for k, e in enumerate(bd.edges))


@pytest.mark.parametrize("rows, cols", [(2, 3), (4, 4), (3, 7)])
def test_edge_numbers_are_the_order_of_the_secondary_items(rows, cols):
    # 422: one secondary item per edge, in the board's order
    namer, bd = Namer(rows, cols), board(rows, cols)
    assert list(encode(Puzzle(rows, cols), "422").problem.secondary) == \
        [namer.edge(e) for e in bd.edges]


@pytest.mark.parametrize("rows, cols", SIZES)
def test_around_near_far_neighbours(rows, cols):
    bd = Board(rows, cols)
    for i in range(bd.ncells):
        cell = divmod(i, cols)
        for d, letter in enumerate(NESW):
            near = edge_towards(bd, cell, letter)
            nb = step(cell, letter)
            far = edge_towards(bd, nb, letter) if on_board(rows, cols, nb) else bd.off
            assert bd.around[i, d] == bd.near[i][d] == near
            assert bd.around[i, 4 + d] == bd.far(i, d) == far
            assert bd.nbr[i][d] == (nb[0] * cols + nb[1] if on_board(rows, cols, nb) else -1)
            if on_board(rows, cols, nb):
                j = nb[0] * cols + nb[1]
                assert bd.between(i, j) == bd.between(j, i) == near
                sideways = [NESW[(d + 1) % 4], NESW[(d + 3) % 4]]
                assert bd.side(i, d) == tuple(edge_towards(bd, nb, s) for s in sideways)
            else:
                assert bd.side(i, d) == (bd.off, bd.off)
    for e, (a, b) in enumerate(bd.ends):
        assert bd.edges[e] == (divmod(a, cols), divmod(b, cols))
    if rows > 1 and cols > 1:
        assert bd.between(0, cols + 1) == -1          # diagonal neighbours


def test_directions():
    assert NESW == "NESW" and [STEP[d] for d in NESW] == [(-1, 0), (0, 1), (1, 0), (0, -1)]
    assert all(step(step((5, 5), d), OPPOSITE[d]) == (5, 5) for d in NESW)


def test_one_pearl_code():
    bd = board(3, 3)
    pearls = (((0, 1), "W"), ((2, 2), "B"))
    kinds = bd.kinds(pearls)
    assert kinds == [EMPTY, WHITE, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, BLACK]
    assert bd.pearls(kinds) == dict(pearls)
    # the encodings' slots use it too: 7 tile states, 4 black turns, 6 white patterns
    assert [list(SLOT_KIND).count(k) for k in (TILE, BLACK, WHITE)] == [7, 4, 6]


def test_values_and_edges_of():
    bd = board(3, 4)
    chosen = [bd.edges[1], bd.edges[6], bd.edges[-1]]
    values = bd.values(chosen)
    assert len(values) == bd.nedges + 1 and sum(values) == 3 and values[bd.off] == 0
    assert bd.edges_of(values) == chosen


@pytest.mark.parametrize("rows, cols, words", [
    (1, 5, "too small"), (3, MAX_SIDE + 1, "too large"), (True, 3, "two integers"),
    (2.0, 3, "two integers"), ("3", 3, "two integers"),
])
def test_check_size(rows, cols, words):
    with pytest.raises(MasyuError, match=words) as info:
        check_size(rows, cols, "here")
    assert info.value.where == "here"
    with pytest.raises(MasyuError, match=words):
        Puzzle(rows, cols)


def test_one_board_per_size():
    assert board(6, 7) is board(6, 7) and board(6, 7) is not board(7, 6)
    assert board(101, 100) is not board(101, 100)     # beyond the cache: built each time
    calls = []

    @per_size
    def built(rows, cols):
        calls.append((rows, cols))
        return object()

    assert built(3, 4) is built(3, 4) and calls == [(3, 4)]
    built(200, 200), built(200, 200)
    assert calls == [(3, 4), (200, 200), (200, 200)]
