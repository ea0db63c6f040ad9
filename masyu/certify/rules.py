"""The rules of a puzzle as CNF over edge variables, each clause with its rule and cell.

Variable ``k + 1`` is edge ``k`` of the board (``masyu.board``'s numbering, row
bands); an edge that leaves the board is the constant false and appears in no
clause.  Every clause below holds for every solution of the puzzle (the proof
of each is in docs/certificates.md); together with the single-loop rule they
say exactly what a solution is:

- per cell, *at most two lines* (every three of its edges, not all), and *no
  dead end* (an edge in means another one in); a pearl's cell is *on the
  loop* (some edge in);
- a black pearl *turns* (not both N and S, not both E and W) and *goes
  straight on* (an edge in means the next edge beyond the neighbour, on the
  same side, in too; out if that one leaves the board);
- a white pearl *goes straight* (N in exactly when S, E exactly when W; an
  edge whose opposite leaves the board is out) and *turns next to it* (not
  straight through both neighbours along the line through it).

``rule_clauses(puzzle)`` builds the clauses in one deterministic order (cells
row-major, rules as listed); the prover writes them and the verifier rebuilds
them to compare.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..board import NESW, Cell, board
from ..puzzle import Puzzle


@dataclass(frozen=True)
class Clause:
    """A clause (DIMACS literals), the rule it comes from and the cell that gives it."""

    lits: tuple[int, ...]
    rule: str
    cell: Cell

    def comment(self) -> str:
        return f"c {self.rule} at ({self.cell[0]}, {self.cell[1]})"


def variable(k: int) -> int:
    """The variable of edge number ``k``."""
    return k + 1


def rule_clauses(puzzle: Puzzle) -> list[Clause]:
    """Every clause the puzzle gives, in order (cells row-major)."""
    b = board(puzzle.rows, puzzle.cols)
    off, near, cols = b.off, b.near, b.cols
    pearls = puzzle.pearl_map
    out: list[Clause] = []

    def var(e: int) -> int:          # 0 for an edge that leaves the board
        return 0 if e == off else e + 1

    for i in range(b.ncells):
        cell = (i // cols, i % cols)
        lits = [var(e) for e in near[i] if e != off]
        for x in range(len(lits)):
            for y in range(x + 1, len(lits)):
                for z in range(y + 1, len(lits)):
                    out.append(Clause((-lits[x], -lits[y], -lits[z]), "at most two lines", cell))
        for x in lits:
            out.append(Clause((-x,) + tuple(y for y in lits if y != x), "no dead end", cell))
        kind = pearls.get(cell)
        if kind is None:
            continue
        out.append(Clause(tuple(lits), "on the loop", cell))
        edge = [var(e) for e in near[i]]                     # N, E, S, W; 0 off the board
        far = [var(b.far(i, d)) for d in range(4)]
        if kind == "B":
            for a, c in ((0, 2), (1, 3)):
                if edge[a] and edge[c]:
                    out.append(Clause((-edge[a], -edge[c]), "black turns", cell))
            for d in range(4):
                if edge[d]:
                    lits_d = (-edge[d], far[d]) if far[d] else (-edge[d],)
                    out.append(Clause(lits_d, f"black goes straight on {NESW[d]}", cell))
        else:
            for a, c in ((0, 2), (1, 3)):
                if edge[a] and edge[c]:
                    out.append(Clause((-edge[a], edge[c]), "white goes straight", cell))
                    out.append(Clause((edge[a], -edge[c]), "white goes straight", cell))
                elif edge[a] or edge[c]:
                    out.append(Clause((-(edge[a] or edge[c]),), "white goes straight", cell))
            for a, c in ((1, 3), (0, 2)):
                if edge[a] and edge[c] and far[a] and far[c]:
                    out.append(Clause((-edge[a], -far[a], -far[c]), "white turns next to it",
                                      cell))
    return out


def normal(lits) -> tuple[int, ...]:
    """A clause as a set, for comparing: its literals sorted, once each."""
    return tuple(sorted(set(lits)))
