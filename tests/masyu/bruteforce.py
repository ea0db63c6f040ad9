"""An independent brute-force Masyu solver for tiny boards (no XCC).

It decides the east and south edge of each cell in row-major order (the
north and west edges are already known from earlier cells), keeps only
degrees 0 and 2, checks each pearl's own shape as soon as its cell is
decided, and checks the neighbour conditions of the pearls at the end.
Edges are written as in ``masyu.board``: ``((r1, c1), (r2, c2))``, smaller
cell first.  It shares no code with the encodings it checks.
"""
from __future__ import annotations

from typing import Iterator

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]


def _shape(n: int, e: int, s: int, w: int) -> str:
    return "N" * n + "E" * e + "S" * s + "W" * w


def weak_solutions(rows: int, cols: int, pearls: dict[Cell, str]) -> Iterator[frozenset[Edge]]:
    """Every weak solution: each cell of degree 0 or 2, every pearl rule met."""
    east = [[0] * cols for _ in range(rows)]
    south = [[0] * cols for _ in range(rows)]

    def shape(r: int, c: int) -> str:
        n = south[r - 1][c] if r > 0 else 0
        w = east[r][c - 1] if c > 0 else 0
        return _shape(n, east[r][c], south[r][c], w)

    def pearl_ok(r: int, c: int, kind: str) -> bool:
        here = shape(r, c)
        if kind == "W":
            if here == "NS":
                ends = [(r - 1, c), (r + 1, c)]
            elif here == "EW":
                ends = [(r, c - 1), (r, c + 1)]
            else:
                return False
            # at least one neighbour turns
            return any(shape(*n) not in ("NS", "EW") for n in ends)
        if here not in ("NE", "NW", "ES", "SW"):
            return False
        step = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
        for d in here:
            dr, dc = step[d]
            if shape(r + dr, c + dc) not in ("NS", "EW"):
                return False
        return True

    def local_ok(r: int, c: int) -> bool:
        kind = pearls.get((r, c))
        if kind is None:
            return True
        here = shape(r, c)
        if kind == "W":
            return here in ("NS", "EW")
        return here in ("NE", "NW", "ES", "SW")

    cells = [(r, c) for r in range(rows) for c in range(cols)]

    def go(k: int) -> Iterator[frozenset[Edge]]:
        if k == len(cells):
            if all(pearl_ok(r, c, kind) for (r, c), kind in pearls.items()):
                out = []
                for r in range(rows):
                    for c in range(cols):
                        if east[r][c]:
                            out.append(((r, c), (r, c + 1)))
                        if south[r][c]:
                            out.append(((r, c), (r + 1, c)))
                yield frozenset(out)
            return
        r, c = cells[k]
        n = south[r - 1][c] if r > 0 else 0
        w = east[r][c - 1] if c > 0 else 0
        for e in ((0, 1) if c < cols - 1 else (0,)):
            for s in ((0, 1) if r < rows - 1 else (0,)):
                if n + w + e + s not in (0, 2):
                    continue
                east[r][c], south[r][c] = e, s
                if local_ok(r, c):
                    yield from go(k + 1)
        east[r][c] = south[r][c] = 0

    yield from go(0)


def is_one_loop(edges: frozenset[Edge], pearls: dict[Cell, str]) -> bool:
    """The edges (degrees 0 or 2) form one non-empty cycle through every pearl."""
    if not edges:
        return False
    adjacent: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    start = next(iter(adjacent))
    seen = {start}
    todo = [start]
    while todo:
        for nb in adjacent[todo.pop()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(adjacent) and all(p in seen for p in pearls)


def strong_solutions(rows: int, cols: int, pearls: dict[Cell, str]) -> Iterator[frozenset[Edge]]:
    for edges in weak_solutions(rows, cols, pearls):
        if is_one_loop(edges, pearls):
            yield edges


def pearls_of_loop(rows: int, cols: int, edges: frozenset[Edge]) -> dict[Cell, str]:
    """Every pearl the loop allows: W where it goes straight with a turn beside,
    B where it turns with both neighbours straight."""
    dirs: dict[Cell, str] = {}
    for (r1, c1), (r2, c2) in edges:
        if r1 == r2:
            dirs[(r1, c1)] = dirs.get((r1, c1), "") + "E"
            dirs[(r2, c2)] = dirs.get((r2, c2), "") + "W"
        else:
            dirs[(r1, c1)] = dirs.get((r1, c1), "") + "S"
            dirs[(r2, c2)] = dirs.get((r2, c2), "") + "N"
    step = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}

    def straight(cell: Cell) -> bool:
        return set(dirs.get(cell, "")) in ({"N", "S"}, {"E", "W"})

    out: dict[Cell, str] = {}
    for cell, ds in dirs.items():
        nbs = [(cell[0] + step[d][0], cell[1] + step[d][1]) for d in ds]
        if straight(cell):
            if not all(straight(n) for n in nbs):
                out[cell] = "W"
        elif all(straight(n) for n in nbs):
            out[cell] = "B"
    return out


_CYCLES: dict[tuple[int, int], list[frozenset[Edge]]] = {}


def cycles(rows: int, cols: int) -> list[frozenset[Edge]]:
    """Every cycle of the rows x cols grid graph (cached), in a fixed order."""
    if (rows, cols) not in _CYCLES:
        found = list(strong_solutions(rows, cols, {}))
        _CYCLES[(rows, cols)] = sorted(found, key=sorted)
    return _CYCLES[(rows, cols)]


def random_boards(n: int, seed: int, sizes=range(3, 6)) -> list[tuple[int, int, dict[Cell, str]]]:
    """``n`` boards ``(rows, cols, pearls)``: half with random pearls, half with
    pearls read off a random cycle (a random subset of the pearls it allows)."""
    import random
    rng = random.Random(seed)
    sizes = list(sizes)
    out = []
    for k in range(n):
        rows, cols = rng.choice(sizes), rng.choice(sizes)
        if k % 2 == 0:
            density = rng.choice((0.1, 0.2, 0.3, 0.5))
            pearls = {(r, c): rng.choice("WB") for r in range(rows) for c in range(cols)
                      if rng.random() < density}
        else:
            loop = rng.choice(cycles(rows, cols))
            allowed = pearls_of_loop(rows, cols, loop)
            keep = rng.choice((0.3, 0.5, 0.8))
            pearls = {cell: kind for cell, kind in sorted(allowed.items()) if rng.random() < keep}
        out.append((rows, cols, pearls))
    return out


_WEAK: dict[tuple, frozenset[frozenset[Edge]]] = {}


def weak_set(rows: int, cols: int, pearls: dict[Cell, str]) -> frozenset[frozenset[Edge]]:
    """``weak_solutions`` as a set, cached (the test modules share boards)."""
    key = (rows, cols, tuple(sorted(pearls.items())))
    if key not in _WEAK:
        _WEAK[key] = frozenset(weak_solutions(rows, cols, pearls))
    return _WEAK[key]


def strong_set(rows: int, cols: int, pearls: dict[Cell, str]) -> frozenset[frozenset[Edge]]:
    return frozenset(e for e in weak_set(rows, cols, pearls) if is_one_loop(e, pearls))


# The boards of the tests: 300 from 3x3 to 5x5 (SPEC 3: both encodings against brute force).
BOARDS = random_boards(300, seed=422423)
