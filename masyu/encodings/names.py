"""Item names, and the tables of names a board size gives.

Item names use doubled coordinates: cell ``(r, c)`` sits at ``(2r+1, 2c+1)``
and an edge at the midpoint of its two cells, so horizontal edges have an even
column and vertical ones an even row.  Each coordinate is written in base 62
(``0-9a-zA-Z``), one character while it is below 62 (boards up to 31 x 31)
and two characters beyond (boards up to 1000 x 1000).  A one-letter prefix
says what the item is: ``t`` tile, ``w``/``b`` white/black circle, ``e`` edge.
So every name has at most 5 characters and Knuth's DLX2 reads every file.
"""
from __future__ import annotations

from itertools import repeat

from ..board import Board, Cell, Edge, per_size
from ..board import board as board_of
from ..puzzle import Puzzle

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
COLOR_NAMES = ("0", "1")  # an edge item's colors: "1" the edge is present (at parity 0)


class Namer:
    """Item names for one board size."""

    def __init__(self, rows: int, cols: int) -> None:
        self.width = 1 if max(2 * rows, 2 * cols) - 1 < len(DIGITS) else 2

    def coord(self, k: int) -> str:
        """A doubled coordinate in base 62."""
        if self.width == 1:
            return DIGITS[k]
        return DIGITS[k // 62] + DIGITS[k % 62]

    def cell(self, prefix: str, cell: Cell) -> str:
        return prefix + self.coord(2 * cell[0] + 1) + self.coord(2 * cell[1] + 1)

    def edge(self, e: Edge) -> str:
        (r1, c1), (r2, c2) = e
        return "e" + self.coord(r1 + r2 + 1) + self.coord(c1 + c2 + 1)


class Names:
    """The names of a board size, and its edges with their colors.

    ``tiles`` by cell (a pearl's circle has the same coordinates),
    ``edge_names`` by edge number (``Namer.edge``); ``present_pairs[2e + p]``
    is ``(edge e, the color meaning present)`` for an item with edge e at
    parity p (edge = item XOR p).  Read only: shared between encodings.
    """

    def __init__(self, bd: Board) -> None:
        rows, cols = bd.rows, bd.cols
        coord = [Namer(rows, cols).coord(k) for k in range(2 * max(rows, cols))]  # to 2R-1, 2C-1
        odd = [coord[2 * c + 1] for c in range(cols)]       # cell columns
        even = [coord[2 * c + 2] for c in range(cols - 1)]  # columns between cells
        tiles: list[str] = []
        names: list[str] = []
        for r in range(rows):                               # row band r, as the edge numbers
            prefix = "e" + coord[2 * r + 1]
            names += [prefix + x for x in even]              # horizontal
            if r + 1 < rows:
                prefix = "e" + coord[2 * r + 2]
                names += [prefix + x for x in odd]           # vertical
            prefix = "t" + coord[2 * r + 1]
            tiles += [prefix + x for x in odd]
        self.tiles, self.edge_names = tuple(tiles), tuple(names)
        pairs: list = [None] * (2 * len(bd.edges))
        pairs[0::2] = zip(bd.edges, repeat(COLOR_NAMES[1]))
        pairs[1::2] = zip(bd.edges, repeat(COLOR_NAMES[0]))
        self.present_pairs = tuple(pairs)

    def primary(self, puzzle: Puzzle, tiles_for_pearls: bool) -> list[str]:
        """Row-major: per cell its tile (if any), then its circle."""
        tiles, cols = self.tiles, puzzle.cols
        if not tiles_for_pearls:  # 423: the circle takes the tile's place
            out = list(tiles)
            for (r, c), kind in puzzle.pearls:
                out[r * cols + c] = kind.lower() + tiles[r * cols + c][1:]
            return out
        out = []
        done = 0
        for (r, c), kind in puzzle.pearls:  # 422: the circle after the tile
            k = r * cols + c
            out += tiles[done:k + 1]
            out.append(kind.lower() + tiles[k][1:])
            done = k + 1
        out += tiles[done:]
        return out


@per_size
def names(rows: int, cols: int) -> Names:
    """The names of a board size (shared: read only)."""
    return Names(board_of(rows, cols))
