"""Prove a puzzle's solution unique with CaDiCaL, keeping what a checker needs.

Two passes.  The first is the lazy loop model of the peers (rules as CNF,
each model split into its components, a cut for each component that is not
the loop through every pearl, solve again), through the solution and its
blocking clause to unsatisfiability: it finds the solution and the cuts.  The
second solves the final formula (rules, cuts, blocking clause) once more in a
fresh solver that writes a DRAT proof: one plain unsatisfiability proof of
one formula, with none of the incremental session's history in it.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import xcc

from ..board import board
from ..errors import MasyuError
from ..loop import Loop
from ..puzzle import Puzzle
from . import files
from .cuts import Cut, component_cuts
from .rules import Clause, rule_clauses

MAX_CELLS = 40_000   # 200 x 200: the rules alone are about 600,000 clauses there


def check_size(puzzle: Puzzle, where: str | None = None) -> None:
    """Refuse, before anything is built, a board too big to certify in memory."""
    if puzzle.rows * puzzle.cols > MAX_CELLS:
        raise MasyuError(f"a {puzzle.rows}x{puzzle.cols} board is too large for a certificate "
                         f"(at most {MAX_CELLS:,} cells)", where)


class NotUnique(MasyuError):
    """The puzzle has no solution, or two: there is no certificate of uniqueness."""


@dataclass
class Certificate:
    """What ``masyu prove`` writes (``write(dir)``; see ``masyu.certify.files``)."""

    puzzle: Puzzle
    rules: list[Clause]
    cuts: list[Cut]
    solution: Loop
    blocking: tuple[int, ...]
    proof: list[str]                      # text DRAT lines
    stats: dict = field(default_factory=dict)

    @property
    def nvars(self) -> int:
        return board(self.puzzle.rows, self.puzzle.cols).nedges

    def formula(self) -> list[tuple[int, ...]]:
        """The clauses the proof refutes: the rules, the cuts, the blocking clause."""
        return [c.lits for c in self.rules] + [c.lits for c in self.cuts] + [self.blocking]

    def write(self, directory) -> dict:
        """Write the files and the manifest in ``directory``; the manifest."""
        return files.write(self, directory)

    def summary(self) -> str:
        """``12 rules, 3 cuts, 40 proof lines; 0.05 s``: its sizes and the time it took."""
        s = self.stats
        return (f"{s['rules']:,} rules, {s['cuts']:,} cuts, {s['proof_lines']:,} proof lines; "
                f"{s['search_seconds'] + s['proof_seconds']:.2f} s")


def blocking_clause(puzzle: Puzzle, loop: Loop) -> tuple[int, ...]:
    """The negation of the loop's full assignment: some edge differs from it."""
    b = board(puzzle.rows, puzzle.cols)
    index = b.index
    on = {index[e] for e in loop.edges}
    return tuple(-(k + 1) if k in on else k + 1 for k in range(b.nedges))


def prove(puzzle: Puzzle) -> Certificate:
    """The certificate that ``puzzle`` has exactly one solution (NotUnique if not)."""
    check_size(puzzle)
    if not puzzle.pearls:
        raise NotUnique("a puzzle without pearls has no certificate (every loop would do)")
    start = time.perf_counter()
    b = board(puzzle.rows, puzzle.cols)
    rules = rule_clauses(puzzle)
    nvars = b.nedges
    cuts: list[Cut] = []
    solution: Loop | None = None
    blocking: tuple[int, ...] = ()
    solves = 0
    try:
        first = xcc.drat.solver([c.lits for c in rules])
    except ImportError:  # pragma: no cover - python-sat is optional (the sat extra)
        raise MasyuError("masyu prove needs python-sat: pip install 'xcc-masyu[sat]'") from None
    with first as solver:
        while True:
            solves += 1
            if not solver.solve():
                break
            model = solver.get_model()
            edges = [k for k in range(nvars) if model[k] > 0]
            new = component_cuts(puzzle, edges)
            if new:
                cuts += new
                for cut in new:
                    solver.add_clause(list(cut.lits))
                continue
            loop = Loop.unchecked(puzzle.rows, puzzle.cols, (b.edges[k] for k in edges))
            if solution is not None:
                raise NotUnique("the puzzle has two solutions or more")
            solution = loop
            blocking = blocking_clause(puzzle, loop)
            solver.add_clause(list(blocking))
    if solution is None:
        raise NotUnique("the puzzle has no solution")
    searched = time.perf_counter()
    formula = [c.lits for c in rules] + [c.lits for c in cuts] + [blocking]
    with xcc.drat.solver(formula, proof=True) as solver:
        if solver.solve():  # pragma: no cover - the first pass proved it unsatisfiable
            raise AssertionError("the final formula is satisfiable")
        proof = solver.get_proof()
    stats = {"solves": solves, "cuts": len(cuts), "rules": len(rules),
             "proof_lines": len(proof), "search_seconds": round(searched - start, 3),
             "proof_seconds": round(time.perf_counter() - searched, 3)}
    return Certificate(puzzle, rules, cuts, solution, blocking, proof, stats)
