"""Cells and edges of an R x C board: the vocabulary every masyu module shares.

A cell is ``(r, c)`` with 0 <= r < R, 0 <= c < C.  An edge joins two
orthogonally adjacent cells and is always written ``(a, b)`` with ``a < b``
(so ``((r, c), (r, c + 1))`` is horizontal, ``((r, c), (r + 1, c))`` vertical).
"""
from __future__ import annotations

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

# Directions in the order N, E, S, W.
DIRS: dict[str, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


def edge(a: Cell, b: Cell) -> Edge:
    """The normalized edge between adjacent cells ``a`` and ``b``."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"cells {a} and {b} are not adjacent")
    return (a, b) if a < b else (b, a)


def step(cell: Cell, d: str) -> Cell:
    dr, dc = DIRS[d]
    return (cell[0] + dr, cell[1] + dc)


def on_board(rows: int, cols: int, cell: Cell) -> bool:
    return 0 <= cell[0] < rows and 0 <= cell[1] < cols


def cell_edge(cell: Cell, d: str) -> Edge:
    """The edge leaving ``cell`` in direction ``d`` (it may leave the board)."""
    return edge(cell, step(cell, d))


def all_edges(rows: int, cols: int) -> list[Edge]:
    """Every on-board edge: horizontal ones row by row, then vertical ones."""
    out: list[Edge] = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    out += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    return out
