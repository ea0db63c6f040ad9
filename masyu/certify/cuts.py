"""Loop cuts: clauses over edge variables that every single loop through all pearls satisfies.

Two kinds (the proofs are in docs/certificates.md):

- ``separate``: a set K of cells holding some pearls but not all; the clause
  says "some edge with one end in K and the other outside is in".  A loop
  through every pearl visits a pearl in K and one outside, and, being
  connected, crosses the boundary of K.
- ``loop``: a cycle Z of edges through cells without a pearl, on a puzzle
  with at least one pearl; the clause says "not every edge of Z".  A single
  loop that holds all of Z is Z (a cycle holds no other cycle), and Z misses
  the pearls.

``component_cuts`` gives the cuts that an assignment of the rules' clauses
breaks (one per component that is not the loop through all pearls);
``check_cut`` is the verifier's: it rebuilds the clause from the cells and
says why a cut is refused, or None.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..board import Cell, board
from ..puzzle import Puzzle

KINDS = {"separate": "some edge leaves a set of cells holding some but not all pearls",
         "loop": "not every edge of a cycle through cells without a pearl"}


@dataclass(frozen=True)
class Cut:
    kind: str                       # a name of KINDS
    cells: tuple[Cell, ...]         # K, or the cells of Z, sorted
    lits: tuple[int, ...]           # the clause (DIMACS literals)

    def as_json(self) -> dict:
        return {"kind": self.kind, "cells": [list(c) for c in self.cells],
                "clause": list(self.lits)}


def separate_clause(puzzle: Puzzle, cells) -> tuple[int, ...]:
    """The edges (variables) with exactly one end in ``cells``, in number order."""
    b = board(puzzle.rows, puzzle.cols)
    inside = {r * b.cols + c for r, c in cells}
    return tuple(k + 1 for k, (u, v) in enumerate(b.ends) if (u in inside) != (v in inside))


def separate_cut(puzzle: Puzzle, cells) -> Cut:
    return Cut("separate", tuple(sorted(cells)), separate_clause(puzzle, cells))


def loop_cut(puzzle: Puzzle, edges) -> Cut:
    """The cut of a cycle given by its edge numbers."""
    b = board(puzzle.rows, puzzle.cols)
    cells = sorted({divmod(x, b.cols) for k in edges for x in b.ends[k]})
    return Cut("loop", tuple(cells), tuple(-(k + 1) for k in sorted(edges)))


def components(puzzle: Puzzle, edges) -> list[tuple[list[int], list[int]]]:
    """The components of a set of edge numbers: (cells, edges) each, in order of first edge."""
    b = board(puzzle.rows, puzzle.cols)
    parent = list(range(b.ncells))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for k in edges:
        u, v = b.ends[k]
        parent[find(u)] = find(v)
    groups: dict[int, tuple[list[int], list[int]]] = {}
    for k in sorted(edges):
        groups.setdefault(find(b.ends[k][0]), ([], []))[1].append(k)
    for root, (cells, es) in groups.items():
        cells.extend(sorted({x for k in es for x in b.ends[k]}))
    return list(groups.values())


def component_cuts(puzzle: Puzzle, edges) -> list[Cut]:
    """The cuts that the edges ``edges`` (numbers; every cell of degree 0 or 2) break:
    none when they are one loop through every pearl."""
    b = board(puzzle.rows, puzzle.cols)
    pearls = {r * b.cols + c for (r, c), _ in puzzle.pearls}
    out = []
    for cells, es in components(puzzle, edges):
        inside = len(pearls.intersection(cells))
        if inside == len(pearls):
            continue                              # the loop through every pearl
        if inside == 0:
            out.append(loop_cut(puzzle, es))
        else:
            out.append(separate_cut(puzzle, [divmod(x, b.cols) for x in cells]))
    return out


def check_cut(puzzle: Puzzle, kind: str, cells, lits) -> str | None:
    """Why the cut is refused, or None when every single loop through all pearls satisfies it."""
    b = board(puzzle.rows, puzzle.cols)
    if kind not in KINDS:
        return f"unknown kind {kind!r} (kinds: {', '.join(KINDS)})"
    cells = [tuple(c) for c in cells]
    if len(set(cells)) != len(cells):
        return "a cell is named twice"
    if any(not (0 <= r < b.rows and 0 <= c < b.cols) for r, c in cells):
        return "a cell outside the board"
    if any(not isinstance(x, int) or x == 0 or abs(x) > b.nedges for x in lits):
        return f"a literal outside 1..{b.nedges} (the edge variables)"
    pearls = puzzle.pearl_map
    inside = sum(1 for c in cells if c in pearls)
    given = tuple(sorted(set(lits)))
    if kind == "separate":
        if inside == 0:
            return "its cells hold no pearl: a loop may stay outside them"
        if inside == len(pearls):
            return "its cells hold every pearl: a loop may stay inside them"
        if given != tuple(sorted(separate_clause(puzzle, cells))):
            return "the clause is not the edges that leave its cells"
        return None
    if not pearls:
        return "a loop cut needs a puzzle with a pearl"
    if inside:
        return "the cycle passes a pearl: the loop may be that cycle"
    if not given or any(x >= 0 for x in given):
        return "a loop cut is a clause of negative literals (not every edge of the cycle)"
    es = [-x - 1 for x in given]
    degree: dict[int, int] = {}
    for k in es:
        for x in b.ends[k]:
            degree[x] = degree.get(x, 0) + 1
    if any(d != 2 for d in degree.values()) or len(components(puzzle, es)) != 1:
        return "its edges are not one cycle"
    if sorted(divmod(x, b.cols) for x in degree) != sorted(cells):
        return "its cells are not the cells of its cycle"
    return None
