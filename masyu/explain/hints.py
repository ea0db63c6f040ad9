"""``hint(puzzle, state)``: the next step from a player's marks, or which marks are wrong.

A mark is wrong when it disagrees with the puzzle's only solution (found by
deduction when that finishes the puzzle without search, which proves it the only
one, else by the exact cover search); each wrong mark is given a reason: the
rules fail once it is made (the deducer, started from that mark alone, reaches a
contradiction and names where), or else the solution simply has the other
value there.  When every mark is right, the hint is the first step the deducer
takes from them: a deduction, never the answer's next edge.  A puzzle with
several solutions has no "right" marks: only a contradiction among the marks is
reported then.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..board import Cell, Edge, board
from ..deduce import rate
from ..errors import MasyuError
from ..loop import Loop
from ..puzzle import Puzzle
from ..solving import solve
from . import limits
from .explaining import explain
from .marks import Marks, from_items, parse_marks
from .pictures import state_svg, state_text
from .steps import Step, cell_text, edge_text

KINDS = ("step", "wrong", "solved", "stuck", "contradiction")
EXPLAINED = 20       # wrong marks given a reason by the deducer, at most (the rest: the solution)


@dataclass(frozen=True)
class Wrong:
    """A wrong mark: ``edge`` marked ``value`` (1 line, 0 cross), and why."""

    edge: Edge
    value: int
    rule: str            # "breaks the rules" or "not in the solution"
    cells: tuple[Cell, ...]
    text: str

    def as_dict(self) -> dict[str, Any]:
        (r1, c1), (r2, c2) = self.edge
        return {"set": [r1, c1, r2, c2, self.value], "rule": self.rule,
                "cells": [list(c) for c in self.cells], "text": self.text}


@dataclass
class Hint:
    """What to do next: ``kind`` is ``step`` (``step`` is the next deduction), ``wrong``
    (``wrong`` lists the wrong marks), ``solved``, ``stuck`` (no deduction applies: the
    rest needs search) or ``contradiction`` (the puzzle has no solution)."""

    kind: str
    text: str
    puzzle: Puzzle
    marks: Marks
    step: Step | None = None
    wrong: list[Wrong] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text,
                "step": self.step.as_dict() if self.step is not None else None,
                "wrong": [w.as_dict() for w in self.wrong]}

    def as_text(self) -> str:
        """The hint as ``masyu hint`` prints it: the sentence, the board with the step's
        cells and edges (dashed), and the wrong marks."""
        step = self.step
        return (self.text + "\n"
                + ("" if step is None else state_text(self.puzzle, self.marks, cells=step.cells,
                                                      tentative=step.set))
                + "".join(f"  wrong: {w.text}\n" for w in self.wrong))

    def _repr_svg_(self) -> str:
        if self.step is not None:
            return state_svg(self.puzzle, self.marks, cells=self.step.cells,
                             tentative=self.step.set)
        cells = [c for w in self.wrong for c in w.cells]
        return state_svg(self.puzzle, self.marks, cells=cells)


def as_marks(puzzle: Puzzle, state: Marks | str | Mapping[str, Any] | None) -> Marks:
    """A state as marks: Marks, the text of one (JSON, pzprv3, a loop), or ``{"set": [...]}``."""
    if state is None:
        return Marks(puzzle.rows, puzzle.cols)
    if isinstance(state, Marks):
        if (state.rows, state.cols) != (puzzle.rows, puzzle.cols):
            raise MasyuError(f"the state is {state.rows}x{state.cols} but the puzzle is "
                             f"{puzzle.rows}x{puzzle.cols}", "state")
        if state.lines & state.crosses:
            raise MasyuError("an edge is marked both a line and a cross", "state")
        return state
    if isinstance(state, str):
        return parse_marks(state, puzzle)
    if isinstance(state, Mapping):
        extra = sorted(set(state) - {"set"})
        if "set" not in state or extra:
            raise MasyuError('a state is {"set": [[r1, c1, r2, c2, v], ...]}', "state")
        return from_items(state["set"], puzzle.rows, puzzle.cols, "state, set")
    raise MasyuError(f"a state is marks, text or {{\"set\": [...]}}, not {type(state).__name__}",
                     "state")


def _why(puzzle: Puzzle, e: Edge, v: int, right: int | None) -> Wrong:
    """Why mark ``e = v`` is wrong: the rules fail with it, or the solution differs."""
    what = "line" if v else "cross"
    alone = explain(puzzle, Marks(puzzle.rows, puzzle.cols).with_set([(e, v)]))
    if alone.result == "contradiction":
        last = alone.steps[-1]
        cells = last.cells or e
        after = f" after {len(alone.steps) - 1} deductions" if len(alone.steps) > 1 else ""
        return Wrong(e, v, "breaks the rules", tuple(cells),
                     f"A {what} at {edge_text(e)} cannot be right: with it the rules fail"
                     f"{after}, at {', '.join(cell_text(c) for c in cells[:4])}.")
    other = "a line" if right else "a cross"
    return Wrong(e, v, "not in the solution", e,
                 f"The {what} at {edge_text(e)} is wrong: the only solution has {other} there.")


def solutions(puzzle: Puzzle) -> list[Loop]:
    """Up to two solutions.  When deduction alone (no search) decides every edge, its
    loop is the only solution, and a contradiction proves there is none: both are sound,
    and this is much faster than a search; otherwise the exact cover search counts."""
    bd = board(puzzle.rows, puzzle.cols)
    res = rate(bd, bd.kinds(puzzle.pearls))
    if res.complete:
        return [Loop(bd.rows, bd.cols, bd.edges_of(s)) for s in res.solutions]
    return list(solve(puzzle, limit=2))


def hint(puzzle: Puzzle, state: Marks | str | Mapping[str, Any] | None = None, *,
         solution: Loop | None = None, memory: int | None = None) -> Hint:
    """The next step from the marks ``state`` (lines and crosses), or the wrong marks and why.

    ``solution``, if known, saves the search for it.  A board that would need more than
    ``memory`` bytes (None: the default limit) is refused first
    (:class:`masyu.memory.TooBig`).
    """
    limits.check(puzzle, memory, search=solution is None)
    marks = as_marks(puzzle, state)
    sols = [solution] if solution is not None else solutions(puzzle)
    if not sols:
        return Hint("contradiction", "The puzzle has no solution.", puzzle, marks)
    if len(sols) == 1:
        edges = sols[0].edges
        bad = [(e, v) for e, v in marks.pairs() if (e in edges) != bool(v)]
        if bad:
            wrong = [_why(puzzle, e, v, 1 - v) if k < EXPLAINED else
                     Wrong(e, v, "not in the solution", e,
                           f"The {'line' if v else 'cross'} at {edge_text(e)} is wrong.")
                     for k, (e, v) in enumerate(bad)]
            n = len(wrong)
            return Hint("wrong", f"{n} mark{'s are' if n > 1 else ' is'} wrong: "
                        f"{wrong[0].text}" + (" ..." if n > 1 else ""), puzzle, marks,
                        wrong=wrong)
        if marks.lines == edges:
            return Hint("solved", "Solved: the loop is complete.", puzzle, marks)
    account = explain(puzzle, marks, memory=memory)
    if account.steps and account.result != "contradiction":
        step = account.steps[0]
        note = "" if len(sols) == 1 else " (the puzzle has more than one solution)"
        return Hint("step", step.text + note, puzzle, marks, step=step)
    if account.result == "contradiction":
        last = account.steps[-1]
        single = [w for w in (_why(puzzle, e, v, None) for e, v in marks.pairs()[:EXPLAINED])
                  if w.rule == "breaks the rules"]
        return Hint("wrong", "These marks cannot all be right: " + last.text, puzzle, marks,
                    wrong=single)
    if account.result == "solved":
        return Hint("solved", "Solved: the loop is complete.", puzzle, marks)
    return Hint("stuck", "No deduction applies from here: the rest needs search.", puzzle,
                marks)
