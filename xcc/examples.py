"""Small standard problems, for tests, benchmarks and notebooks."""
from __future__ import annotations

from .problem import Problem


def queens(n: int) -> Problem:
    """n queens: rows and columns primary, diagonals secondary (the layout of
    Knuth's queens8.dlx, so ``queens(8)`` has his 92 solutions and 305,205 mems)."""
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    options = [[f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"]
               for i in range(n) for j in range(n)]
    return Problem(primary, secondary, options, name=f"queens{n}")


def sums2(n: int) -> Problem:
    """The n x n matrices of 0s and 1s whose rows and columns each sum to 2,
    a problem with multiplicities (Algorithm M): items ``r1..rn`` and
    ``c1..cn`` each covered exactly twice (bounds ``2|r1``), one option
    ``r{i} c{j}`` per cell.  They number 90, 2,040, 67,950 and 3,110,940 for
    n = 4 to 7 (OEIS A001499); written as a DLX file, DLX3 reads it."""
    rows, cols = [f"r{i}" for i in range(1, n + 1)], [f"c{j}" for j in range(1, n + 1)]
    return Problem(rows + cols, (), [[r, c] for r in rows for c in cols],
                   bounds={item: 2 for item in rows + cols}, name=f"sums2-{n}")
