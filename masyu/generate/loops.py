"""Random single loops that fill a board, and the pearls a loop admits.

A loop through cell centres is the boundary of a set of *faces* (the unit
squares between four cell centres; an R x C board has (R-1) x (C-1) of them).
The boundary is one simple loop exactly when the set is connected, has no
hole, and no two of its faces meet only at a corner.  ``grow_loop`` grows
such a set one face at a time, at random, keeping those three properties with
a local test on the eight faces around the newcomer, and mostly refusing a
face that would swallow a cell (make all four faces around it inside, so the
loop no longer passes there): the loop then visits most cells.

Everything random comes from the ``random.Random`` passed in, and every
choice is made from lists in a fixed order, so a seed gives the same loop on
every machine.
"""
from __future__ import annotations

import math
import random
from typing import Sequence

import numpy as np

from ..board import BLACK, STEP, WHITE, Board, Cell, Edge, step
from ..deduce import native
from ..loop import Loop

# The eight faces around a face, in cyclic order N, NE, E, SE, S, SW, W, NW.
RING = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
# For each corner of a face (NW, NE, SE, SW as ring positions of the three other
# faces around that corner).
CORNERS = ((6, 7, 0), (0, 1, 2), (2, 3, 4), (4, 5, 6))


def grow_faces(rows: int, cols: int, rng: random.Random, *, fill: float = 0.85,
               swallow: float = 0.04, straightness: float = 0.5) -> list[list[bool]]:
    """A random simple loop on a ``rows`` x ``cols`` board.

    Growth stops when the loop visits ``fill`` of the cells or no face can be
    added.  ``swallow`` is the chance of accepting a face that takes a cell
    off the loop; ``straightness`` the chance of preferring, when there is a
    choice, a face in line with the face it grew from (longer straight runs
    give more pearls).
    """
    fr, fc = rows - 1, cols - 1
    inside = [[False] * fc for _ in range(fr)]
    parent_dir: dict[tuple[int, int], tuple[int, int]] = {}
    start = (rng.randrange(fr), rng.randrange(fc))
    inside[start[0]][start[1]] = True
    visited = 4  # cells on the loop
    target = fill * rows * cols
    frontier: list[tuple[int, int]] = []
    queued = [[False] * fc for _ in range(fr)]

    def push_around(f: tuple[int, int]) -> None:
        for dr, dc in STEP.values():  # N, E, S, W
            g = (f[0] + dr, f[1] + dc)
            if 0 <= g[0] < fr and 0 <= g[1] < fc and not inside[g[0]][g[1]] \
                    and not queued[g[0]][g[1]]:
                queued[g[0]][g[1]] = True
                parent_dir[g] = (dr, dc)
                frontier.append(g)

    def ring(f: tuple[int, int]) -> list[bool]:
        out = []
        for dr, dc in RING:
            r, c = f[0] + dr, f[1] + dc
            out.append(0 <= r < fr and 0 <= c < fc and inside[r][c])
        return out

    push_around(start)
    stalled = 0
    while frontier and visited < target:
        k = rng.randrange(len(frontier))
        f = frontier[k]
        if straightness and rng.random() < straightness:
            # Prefer continuing straight: look at the face beyond, in the growth direction.
            dr, dc = parent_dir[f]
            g = (f[0] + dr, f[1] + dc)
            if 0 <= g[0] < fr and 0 <= g[1] < fc and queued[g[0]][g[1]] \
                    and not inside[g[0]][g[1]]:
                k = frontier.index(g)
                f = g
        ring_in = ring(f)
        runs = sum(1 for i in range(8) if ring_in[i] and not ring_in[i - 1])
        ok = runs == 1 and any(ring_in[i] for i in (0, 2, 4, 6))
        if ok:
            # Cells this face would swallow: a corner whose three other faces are inside.
            lost = sum(1 for a, b, c in CORNERS if ring_in[a] and ring_in[b] and ring_in[c])
            # Cells it adds to the loop: its corners not yet on the loop.
            gained = sum(1 for a, b, c in CORNERS if not (ring_in[a] or ring_in[b] or ring_in[c]))
            if lost and rng.random() >= swallow:
                ok = False
        if not ok:
            frontier[k] = frontier[-1]
            frontier.pop()
            queued[f[0]][f[1]] = False
            stalled += 1
            continue
        frontier[k] = frontier[-1]
        frontier.pop()
        queued[f[0]][f[1]] = False
        inside[f[0]][f[1]] = True
        visited += gained - lost
        push_around(f)
    return inside


def _faces(rows: int, cols: int, loop_inside: Sequence[Sequence[bool]]) -> list[int]:
    """Faces as a flat list with a border of outside faces (index (r+1)*(cols+1)+c+1)."""
    w = cols + 1
    out = [0] * ((rows + 1) * w)
    for r in range(rows - 1):
        for c in range(cols - 1):
            if loop_inside[r][c]:
                out[(r + 1) * w + c + 1] = 1
    return out


# Shape bits of a cell: N=1, E=2, S=4, W=8; the straight shapes are 5 (NS) and 10 (EW).
_STRAIGHT = (5, 10)
_TWO = frozenset((3, 5, 6, 9, 10, 12))


def improve_loop(rows: int, cols: int, inside: list[list[bool]], rng: random.Random, *,
                 steps: int, fill_weight: float = 0.6, black_weight: float = 1.5,
                 temperature: float = 0.6,
                 window: tuple[int, int, int, int] | None = None, kick: int = 0) -> None:
    """Reshape a face set in place, keeping its boundary one simple loop, to admit more pearls.

    Simulated annealing over single-face toggles with a fixed number of
    ``steps``: the score is the admitted pearls (a black one counts
    ``black_weight``) plus ``fill_weight`` per cell on the loop.  The
    temperature falls linearly to zero, so the result is a local optimum.
    ``window`` = (r0, r1, c0, c1) limits the toggles to faces r0 <= r < r1,
    c0 <= c < c1 (clipped to the board); the first ``kick`` valid toggles are
    taken whatever they score, to leave a local optimum.  With the deducer ``c``
    (:data:`masyu.deduce.native.DEFAULT_DEDUCER`) the annealing runs in C
    (``masyu._deduce.improve``), drawing the same numbers from ``rng``.
    """
    w = cols + 1
    F = _faces(rows, cols, inside)

    def face(r: int, c: int) -> int:  # face (r, c), -1 <= r <= rows-1 (border faces are out)
        return F[(r + 1) * w + c + 1]

    def shape(r: int, c: int) -> int:
        nw, ne, sw, se = face(r - 1, c - 1), face(r - 1, c), face(r, c - 1), face(r, c)
        return (1 if nw != ne else 0) | (2 if ne != se else 0) | (4 if sw != se else 0) \
            | (8 if nw != sw else 0)

    def value(r: int, c: int) -> float:
        m = shape(r, c)
        if m not in _TWO:
            return 0.0
        ns = []
        if m & 1:
            ns.append(shape(r - 1, c))
        if m & 2:
            ns.append(shape(r, c + 1))
        if m & 4:
            ns.append(shape(r + 1, c))
        if m & 8:
            ns.append(shape(r, c - 1))
        if m in _STRAIGHT:
            gain = 1.0 if (ns[0] not in _STRAIGHT or ns[1] not in _STRAIGHT) else 0.0
        else:
            gain = black_weight if (ns[0] in _STRAIGHT and ns[1] in _STRAIGHT) else 0.0
        return gain + fill_weight

    def around(fr: int, fc: int) -> float:
        total = 0.0
        for r in range(max(0, fr - 1), min(rows, fr + 3)):
            for c in range(max(0, fc - 1), min(cols, fc + 3)):
                total += value(r, c)
        return total

    size = sum(F)
    r0, r1, c0, c1 = window if window is not None else (0, rows - 1, 0, cols - 1)
    r0, c0 = max(0, r0), max(0, c0)
    r1, c1 = min(rows - 1, r1), min(cols - 1, c1)
    if native.DEFAULT_DEDUCER == "c":   # the C twin: the same toggles, the same draws
        faces = bytearray(F)
        native.improve_c(faces, rows, cols, rng, steps, fill_weight, black_weight,
                         temperature, r0, r1, c0, c1, kick)
        F = list(faces)
    else:
        for t in range(steps):
            fr, fc = r0 + rng.randrange(r1 - r0), c0 + rng.randrange(c1 - c0)
            k = (fr + 1) * w + fc + 1
            ring_in = [F[k + dr * w + dc] == 1 for dr, dc in RING]
            ins = sum(1 for i in range(8) if ring_in[i] and not ring_in[i - 1])
            outs = sum(1 for i in range(8) if not ring_in[i] and ring_in[i - 1])
            if F[k]:  # removing: one run each way, the out run reaching an edge neighbour
                if size <= 1 or ins != 1 or outs != 1 or \
                        not any(not ring_in[i] for i in (0, 2, 4, 6)):
                    continue
            else:  # adding: one in run, reaching an edge neighbour
                if ins != 1 or not any(ring_in[i] for i in (0, 2, 4, 6)):
                    continue
            before = around(fr, fc)
            F[k] ^= 1
            delta = around(fr, fc) - before
            temp = temperature * (1 - t / steps)
            if kick > 0 or delta >= 0 or (temp > 0 and rng.random() < math.exp(delta / temp)):
                kick -= 1
                size += 1 if F[k] else -1
            else:
                F[k] ^= 1
    for r in range(rows - 1):
        for c in range(cols - 1):
            inside[r][c] = F[(r + 1) * w + c + 1] == 1


def grow_loop(rows: int, cols: int, rng: random.Random, *, steps_per_face: int = 30,
              **grow: float) -> Loop:
    """A random loop: grow a face set, then reshape it to admit many pearls."""
    inside = grow_faces(rows, cols, rng, **grow)
    improve_loop(rows, cols, inside, rng, steps=steps_per_face * (rows - 1) * (cols - 1))
    return faces_loop(rows, cols, inside)


def faces_loop(rows: int, cols: int, inside: Sequence[Sequence[bool]]) -> Loop:
    """The boundary of a set of faces, as a Loop."""
    fr, fc = rows - 1, cols - 1

    def isin(r: int, c: int) -> bool:
        return 0 <= r < fr and 0 <= c < fc and inside[r][c]

    edges: list[Edge] = []
    for r in range(rows):
        for c in range(cols - 1):  # horizontal edge (r,c)-(r,c+1): faces (r-1,c) and (r,c)
            if isin(r - 1, c) != isin(r, c):
                edges.append(((r, c), (r, c + 1)))
    for r in range(rows - 1):
        for c in range(cols):  # vertical edge (r,c)-(r+1,c): faces (r,c-1) and (r,c)
            if isin(r, c - 1) != isin(r, c):
                edges.append(((r, c), (r + 1, c)))
    return Loop(rows, cols, edges)


def admitted_pearls(loop: Loop) -> list[tuple[Cell, str]]:
    """Every pearl the loop admits, row-major: a black pearl at each turn whose two
    neighbours along the loop go straight, a white pearl at each straight cell with
    a turning neighbour along the loop."""
    out: list[tuple[Cell, str]] = []
    straight = ("NS", "EW")
    for cell in loop.cells():
        dirs = loop.directions(cell)
        if len(dirs) != 2:
            continue
        nbrs = [loop.directions(step(cell, d)) for d in dirs]
        if dirs in straight:
            if any(n not in straight for n in nbrs):
                out.append((cell, "W"))
        elif all(n in straight for n in nbrs):
            out.append((cell, "B"))
    return out


def faces_pearls(bd: Board, inside: Sequence[Sequence[bool]]) -> tuple[list[int], list[int]]:
    """The boundary of a set of faces and the pearls it admits, at once and in numpy:
    ``(values, kinds)`` as ``bd.values(faces_loop(...).edges)`` and
    ``bd.kinds(admitted_pearls(...))`` (the generator's repairs ask for both many
    times, with no Loop in between; the tests hold the three to the same answers)."""
    rows, cols = bd.rows, bd.cols
    pad = np.zeros((rows + 1, cols + 1), dtype=bool)   # face (r, c) at pad[r + 1, c + 1]
    pad[1:rows, 1:cols] = np.asarray(inside, dtype=bool).reshape(rows - 1, cols - 1)
    east = pad[:rows, 1:cols] != pad[1:, 1:cols]      # (rows, cols-1): edge (r,c)-(r,c+1)
    south = pad[1:rows, :cols] != pad[1:rows, 1:]     # (rows-1, cols): edge (r,c)-(r+1,c)
    band = 2 * cols - 1
    val = np.zeros(bd.nedges + 1, dtype=np.uint8)
    # the numbering: row r's east edges (r * band + c), then its south ones
    full = np.zeros((rows, band), dtype=np.uint8)
    full[:, :cols - 1] = east
    full[:rows - 1, cols - 1:] = south
    val[:bd.nedges] = full.reshape(-1)[:bd.nedges]
    # The loop's directions at every cell, then straight cells and turns.
    n = np.zeros((rows, cols), dtype=bool)
    s = np.zeros_like(n)
    e = np.zeros_like(n)
    w = np.zeros_like(n)
    n[1:] = south
    s[:-1] = south
    e[:, :-1] = east
    w[:, 1:] = east
    straight = (n & s) | (e & w)
    turn = (n ^ s) & (e ^ w)
    ps = np.zeros((rows + 2, cols + 2), dtype=bool)   # padded: the neighbours' shapes
    pt = np.zeros_like(ps)
    ps[1:-1, 1:-1] = straight
    pt[1:-1, 1:-1] = turn
    white = ((n & s & (pt[:-2, 1:-1] | pt[2:, 1:-1]))
             | (e & w & (pt[1:-1, :-2] | pt[1:-1, 2:])))
    black = (turn & (~n | ps[:-2, 1:-1]) & (~s | ps[2:, 1:-1]) & (~e | ps[1:-1, 2:])
             & (~w | ps[1:-1, :-2]))
    kinds = np.where(white, WHITE, np.where(black, BLACK, 0)).astype(np.int64).reshape(-1)
    return val.tolist(), kinds.tolist()


def fill_ratio(loop: Loop) -> float:
    return len(loop.cells()) / (loop.rows * loop.cols)
