"""Symmetric pearl layouts: ``SYMMETRIES``, the one list (the CLI's ``--symmetry``, the
docs), and the generator's steps that keep a layout symmetric.

A layout is symmetric when the pearls' cells are: the cell of every pearl has its image
under the symmetry holding a pearl too.  The loop is grown symmetric (faces added in
orbits, each face checked by the growth's local test, :func:`grow_symmetric`), so every
pearl it admits has its image admitted too, of the same colour (a rotation or a mirror
keeps straight runs and turns); pearls are then removed an orbit at a time
(:func:`remove_orbits`), each removal asked of the judge, whose uniqueness oracle (or
deduction, below the hard band) decides, as for a removal of one pearl.  The reshaping of
loops that deduction cannot finish is not symmetric: such a loop is dropped instead.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from .loops import CORNERS, RING


@dataclass(frozen=True)
class Symmetry:
    """A symmetry of the board: ``image(r, c, rows, cols)`` of a cell."""

    name: str
    summary: str
    image: Callable[[int, int, int, int], tuple[int, int]] | None


SYMMETRIES: dict[str, Symmetry] = {s.name: s for s in (
    Symmetry("none", "pearls anywhere", None),
    Symmetry("rotational", "the layout turned by 180 degrees is the same",
             lambda r, c, rows, cols: (rows - 1 - r, cols - 1 - c)),
    Symmetry("mirror", "the layout is its own mirror image, left to right",
             lambda r, c, rows, cols: (r, cols - 1 - c)),
)}
DEFAULT_SYMMETRY = "none"


def orbits(rows: int, cols: int, name: str) -> list[list[int]]:
    """The cells (row-major indices) in orbits of the symmetry, in row-major order of
    their first cell."""
    image = SYMMETRIES[name].image
    seen, out = [False] * (rows * cols), []
    for i in range(rows * cols):
        if seen[i]:
            continue
        r, c = divmod(i, cols)
        orbit = [i]
        if image is not None:
            ir, ic = image(r, c, rows, cols)
            j = ir * cols + ic
            if j != i:
                orbit.append(j)
        for k in orbit:
            seen[k] = True
        out.append(orbit)
    return out


def is_symmetric(rows: int, cols: int, pearl_cells: Sequence[tuple[int, int]], name: str) -> bool:
    """Do the pearls' cells map onto themselves under the symmetry?"""
    image = SYMMETRIES[name].image
    cells = set(pearl_cells)
    return image is None or all(image(r, c, rows, cols) in cells for r, c in cells)


def grow_symmetric(rows: int, cols: int, rng: random.Random, name: str, *,
                   fill: float = 0.85, swallow: float = 0.04,
                   straightness: float = 0.5) -> list[list[bool]]:
    """A random simple loop, as its inside faces, symmetric under ``name``: grown from
    the central block of faces, a face and its image at a time."""
    fr, fc = rows - 1, cols - 1

    inside = [[False] * fc for _ in range(fr)]
    mid_r = [fr // 2] if fr % 2 else [fr // 2 - 1, fr // 2]
    mid_c = [fc // 2] if fc % 2 else [fc // 2 - 1, fc // 2]
    for r in mid_r:
        for c in mid_c:
            inside[r][c] = True

    def ring(f: tuple[int, int]) -> list[bool]:
        return [0 <= f[0] + dr < fr and 0 <= f[1] + dc < fc and inside[f[0] + dr][f[1] + dc]
                for dr, dc in RING]

    def fits(f: tuple[int, int]) -> bool:
        """The growth's local test (:func:`masyu.generate.loops.grow_faces`)."""
        if inside[f[0]][f[1]]:
            return False
        ring_in = ring(f)
        runs = sum(1 for i in range(8) if ring_in[i] and not ring_in[i - 1])
        if runs != 1 or not any(ring_in[i] for i in (0, 2, 4, 6)):
            return False
        lost = any(ring_in[a] and ring_in[b] and ring_in[c] for a, b, c in CORNERS)
        return not lost or rng.random() < swallow

    frontier = sorted({(r + dr, c + dc) for r in mid_r for c in mid_c
                       for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                       if 0 <= r + dr < fr and 0 <= c + dc < fc} -
                      {(r, c) for r in mid_r for c in mid_c})
    queued = set(frontier)
    parent: dict[tuple[int, int], tuple[int, int]] = {}   # the direction a face grew in
    target = int(fill * fr * fc)
    count = len(mid_r) * len(mid_c)
    while frontier and count < target:
        k = rng.randrange(len(frontier))
        f = frontier[k]
        if straightness and f in parent and rng.random() < straightness:
            # prefer going on straight (longer runs admit more pearls), as grow_faces does
            g = (f[0] + parent[f][0], f[1] + parent[f][1])
            if g in queued:
                k, f = frontier.index(g), g
        frontier[k] = frontier[-1]
        frontier.pop()
        queued.discard(f)
        if not fits(f):
            continue
        inside[f[0]][f[1]] = True
        g = face_image(name, rows, cols, *f)
        if g != f:
            if not fits(g):
                inside[f[0]][f[1]] = False
                continue
            inside[g[0]][g[1]] = True
        added = [f] if g == f else [f, g]
        count += len(added)
        for h in added:
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                n = (h[0] + dr, h[1] + dc)
                if 0 <= n[0] < fr and 0 <= n[1] < fc and not inside[n[0]][n[1]] \
                        and n not in queued:
                    queued.add(n)
                    parent[n] = (dr, dc)
                    frontier.append(n)
    return inside


def face_image(name: str, rows: int, cols: int, r: int, c: int) -> tuple[int, int]:
    """The image of face (r, c) (its corners are cells (r, c) .. (r + 1, c + 1))."""
    a = SYMMETRIES[name].image(r, c, rows, cols)
    b = SYMMETRIES[name].image(r + 1, c + 1, rows, cols)
    return min(a[0], b[0]), min(a[1], b[1])


def simple(inside: list[list[bool]]) -> bool:
    """Is the boundary of the faces ``inside`` one simple loop?  The faces are one piece,
    with no hole (every outside face reaches the border) and no two meeting only at a
    corner."""
    fr, fc = len(inside), len(inside[0])
    for r in range(fr - 1):
        for c in range(fc - 1):
            a, b, d, e = inside[r][c], inside[r][c + 1], inside[r + 1][c], inside[r + 1][c + 1]
            if (a and e and not b and not d) or (b and d and not a and not e):
                return False

    def pieces(value: bool, from_border: bool) -> tuple[int, int]:
        """(faces of ``value`` reached, faces of ``value`` in all) from one face, or the
        border."""
        cells = [(r, c) for r in range(fr) for c in range(fc) if inside[r][c] == value]
        if not cells:
            return 0, 0
        if from_border:
            todo = [(r, c) for r, c in cells if r in (0, fr - 1) or c in (0, fc - 1)]
        else:
            todo = cells[:1]
        seen = set(todo)
        while todo:
            r, c = todo.pop()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= n[0] < fr and 0 <= n[1] < fc and n not in seen \
                        and inside[n[0]][n[1]] == value:
                    seen.add(n)
                    todo.append(n)
        return len(seen), len(cells)

    got, total = pieces(True, False)
    if total == 0 or got != total:
        return False
    got, total = pieces(False, True)
    return got == total


def reshape(rows: int, cols: int, inside: list[list[bool]], rng: random.Random, name: str,
            cell: tuple[int, int], radius: int = 2, tries: int = 20) -> bool:
    """Toggle a random face near ``cell`` with its image, keeping the loop simple (and
    symmetric); False if no try kept it."""
    fr, fc = rows - 1, cols - 1
    for _ in range(tries):
        r = min(max(cell[0] + rng.randint(-radius, radius - 1), 0), fr - 1)
        c = min(max(cell[1] + rng.randint(-radius, radius - 1), 0), fc - 1)
        faces = {(r, c), face_image(name, rows, cols, r, c)}
        for f in faces:
            inside[f[0]][f[1]] = not inside[f[0]][f[1]]
        if simple(inside):
            return True
        for f in faces:
            inside[f[0]][f[1]] = not inside[f[0]][f[1]]
    return False


def remove_orbits(kinds: list[int], order: Sequence[list[int]], judge, level: int,
                  floor: int) -> list[int]:
    """Remove the pearls of each orbit in ``order`` together, if ``judge`` still accepts
    (stops at ``floor`` pearls left, or when the judge's budget is spent); the cells
    removed, in order."""
    removed: list[int] = []
    left = sum(1 for k in kinds if k)
    for orbit in order:
        cells = [i for i in orbit if kinds[i]]
        if not cells:
            continue
        if left - len(cells) < floor or judge.over(left):
            break
        saved = [kinds[i] for i in cells]
        for i in cells:
            kinds[i] = 0
        if judge.accepts(kinds, level):
            removed += cells
            left -= len(cells)
        else:
            for i, k in zip(cells, saved):
                kinds[i] = k
    return removed
