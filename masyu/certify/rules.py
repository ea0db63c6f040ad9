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

The clauses are :mod:`masyu.rules`' (the one CNF of the rules, which the
generator's uniqueness oracle reads too); ``rule_clauses(puzzle)`` gives them
in one deterministic order (cells row-major, rules as listed), each with its
label and cell; the prover writes them and the verifier rebuilds them to
compare.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..board import PEARL_CODE, Cell, board
from ..puzzle import Puzzle
from ..rules import cell_clauses, pearl_clauses


@dataclass(frozen=True)
class Clause:
    """A clause (DIMACS literals), its label (the family of clauses of a rule, as
    :mod:`masyu.rules` names it) and the cell that gives it."""

    lits: tuple[int, ...]
    rule: str
    cell: Cell

    def comment(self) -> str:
        return f"c {self.rule} at ({self.cell[0]}, {self.cell[1]})"


def variable(k: int) -> int:
    """The variable of edge number ``k``."""
    return k + 1


def rule_clauses(puzzle: Puzzle) -> list[Clause]:
    """Every clause the puzzle gives, in order (cells row-major): the one CNF of the
    rules (:func:`masyu.rules.cell_clauses`, :func:`masyu.rules.pearl_clauses`),
    each clause with its label and cell."""
    b = board(puzzle.rows, puzzle.cols)
    cols = b.cols
    kinds = {r * cols + c: PEARL_CODE[k] for (r, c), k in puzzle.pearls}
    out: list[Clause] = []
    for i in range(b.ncells):
        cell = (i // cols, i % cols)
        out += [Clause(lits, label, cell) for _, label, lits in cell_clauses(b, i)]
        if i in kinds:
            out += [Clause(lits, label, cell) for _, label, lits in pearl_clauses(b, i, kinds[i])]
    return out


def normal(lits) -> tuple[int, ...]:
    """A clause as a set, for comparing: its literals sorted, once each."""
    return tuple(sorted(set(lits)))
