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
