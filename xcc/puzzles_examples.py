"""Two classic exact cover puzzles, for tests and benchmarks of the engines:
the pentominoes in a rectangle and Langford pairs (TAOCP 7.2.2.1).

Each is a plain :class:`~xcc.problem.Problem` with names a reader can follow,
written in Knuth's DLX format by ``xcc.write_dlx`` as his programs read it.
"""
from __future__ import annotations

from .problem import Problem

# The twelve pentominoes by Conway's letters, each as its cells (row, column).
PENTOMINOES = {
    "F": ((0, 1), (0, 2), (1, 0), (1, 1), (2, 1)),
    "I": ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
    "L": ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1)),
    "N": ((0, 1), (1, 1), (2, 0), (2, 1), (3, 0)),
    "P": ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)),
    "U": ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2)),
    "V": ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2)),
    "W": ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2)),
    "X": ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)),
    "Y": ((0, 1), (1, 0), (1, 1), (2, 1), (3, 1)),
    "Z": ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2)),
}


def _shapes(cells: tuple) -> list[tuple]:
    """The distinct rotations and reflections of a piece, each moved to the
    origin and sorted, in a fixed order."""
    out: list[tuple] = []
    shape = list(cells)
    for _ in range(2):
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]  # a quarter turn
            r0, c0 = min(r for r, _ in shape), min(c for _, c in shape)
            moved = tuple(sorted((r - r0, c - c0) for r, c in shape))
            if moved not in out:
                out.append(moved)
        shape = [(r, -c) for r, c in shape]  # a reflection
    return out


def pentominoes(rows: int, cols: int) -> Problem:
    """Pack the twelve pentominoes into a ``rows`` x ``cols`` rectangle
    (60 cells): items the twelve pieces and the cells, named by their row
    and column digits (``"05"``: row 0, column 5), all primary; an
    option is a piece at one place in one orientation.  6 x 10 has 9,356
    solutions (2,339 up to symmetry)."""
    if rows * cols != 60:
        raise ValueError("the twelve pentominoes cover 60 cells")
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    cell = [[digits[r] + digits[c] for c in range(cols)] for r in range(rows)]
    options = []
    for piece, cells in PENTOMINOES.items():
        for shape in _shapes(cells):
            height = 1 + max(r for r, _ in shape)
            width = 1 + max(c for _, c in shape)
            for r in range(rows - height + 1):
                for c in range(cols - width + 1):
                    options.append([piece] + [cell[r + i][c + j] for i, j in shape])
    primary = list(PENTOMINOES) + [name for row in cell for name in row]
    return Problem(primary, (), options, name=f"pentominoes{rows}x{cols}")


def langford(n: int) -> Problem:
    """Langford pairs: place two copies of each of 1..n in 2n slots so that
    the copies of ``k`` have ``k`` slots between them.  Items ``k`` (the
    values) and ``s1``..``s2n`` (the slots), all primary; every solution and
    its mirror image are both counted (2 x 17,792 for n = 11, 2 x 108,144
    for n = 12; none unless n mod 4 is 0 or 3)."""
    primary = [str(k) for k in range(1, n + 1)] + [f"s{j}" for j in range(1, 2 * n + 1)]
    options = [[str(k), f"s{j}", f"s{j + k + 1}"]
               for k in range(1, n + 1) for j in range(1, 2 * n - k)]
    return Problem(primary, (), options, name=f"langford{n}")
