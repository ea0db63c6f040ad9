"""Steps and explanations: what the deducer did, in order, as data (JSON, pictures).

A :class:`Step` applies one rule (``RULES``) to the cells it reads and sets
edges; an :class:`Explanation` is the steps in order and how they end.  The
JSON shape is a contract (issue 18)::

    {"result": "solved" | "stuck" | "contradiction", "level": 1 | 2 | 3,
     "steps": [{"rule", "level", "cells": [[r, c], ...],
                "set": [[r1, c1, r2, c2, v], ...], "text"}],
     "loop": BOX or null}
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from .. import formats
from ..board import Cell, Edge
from ..errors import MasyuError
from ..loop import Loop
from ..puzzle import Puzzle
from .marks import Marks
from .pictures import state_svg, state_text, step_svg, step_text

RESULTS = ("solved", "stuck", "contradiction")
STUCK_TEXT = "stuck: the rest needs search"
LEVELS = {1: "local rules", 2: "board-wide rules and trials", 3: "search"}   # what each needs


def cell_text(c: Cell) -> str:
    return f"({c[0]}, {c[1]})"


def edge_text(e: Edge) -> str:
    (r1, c1), (r2, c2) = e
    return f"({r1}, {c1})-({r2}, {c2})"


@dataclass(frozen=True)
class Step:
    """One deduction: ``rule`` (a name of ``RULES``) at ``level`` (1 or 2) reads ``cells``
    and sets ``set``: ``(edge, v)`` pairs, v 1 a line and 0 a cross."""

    rule: str
    level: int
    cells: tuple[Cell, ...]
    set: tuple[tuple[Edge, int], ...]
    text: str
    # The explanation the step belongs to and its place in it (for its picture).
    owner: "Explanation | None" = field(default=None, compare=False, repr=False)
    index: int = field(default=0, compare=False, repr=False)

    def as_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "level": self.level,
                "cells": [list(c) for c in self.cells],
                "set": [[a[0], a[1], b[0], b[1], v] for (a, b), v in self.set],
                "text": self.text}

    def before(self) -> Marks | None:
        """The marks before this step (None for a step on its own)."""
        return self.owner.marks_before(self.index) if self.owner is not None else None

    def svg(self, theme: str = "ivory", cell: int = 36) -> str:
        """The board before the step, its cells highlighted and its edges dashed."""
        return step_svg(self, theme=theme, cell=cell)

    def text_picture(self) -> str:
        return step_text(self)

    def _repr_svg_(self) -> str:
        return self.svg()


@dataclass
class Explanation:
    """The deductions for a puzzle in order, and how they end.

    ``result`` is ``solved`` (``loop`` is the answer), ``stuck`` (the rest
    needs search; ``marks`` is the state reached) or ``contradiction`` (the
    last step names where the rules fail).  ``level`` is the difficulty: 1 the
    local rules finish it, 2 it needs the board-wide rules or trials, 3 it
    needs search (stuck); the generator's difficulty band is the same number.
    """

    puzzle: Puzzle
    result: str
    level: int
    steps: list[Step]
    loop: Loop | None
    marks: Marks                  # the state reached at the end
    given: Marks | None = None    # the marks the account started from (a hint's state)

    def __post_init__(self) -> None:
        self.steps = [Step(s.rule, s.level, s.cells, s.set, s.text, self, k)
                      for k, s in enumerate(self.steps)]

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def as_dict(self) -> dict[str, Any]:
        return {"result": self.result, "level": self.level,
                "steps": [s.as_dict() for s in self.steps],
                "loop": formats.write_loop(self.loop, "box") if self.loop is not None else None}

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.as_dict(), indent=indent, ensure_ascii=False)

    def as_text(self) -> str:
        """The account as ``masyu explain`` prints it: the steps numbered, each with its
        rule, how it ends (and the level), and the board reached."""
        width = len(str(len(self.steps)))
        return ("".join(f"{k:>{width}}. [{step.rule}] {step.text}\n"
                        for k, step in enumerate(self.steps, 1))
                + f"{self.ending} (level {self.level}: {LEVELS[self.level]})\n"
                + state_text(self.puzzle, self.marks))

    def write_svgs(self, folder: Path, theme: str = "ivory") -> None:
        """One SVG picture a step in ``folder`` (``step-0001.svg``, ...) and ``end.svg``
        the state reached; a folder that cannot be written is a MasyuError."""
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for k, step in enumerate(self.steps, 1):
                (folder / f"step-{k:04d}.svg").write_text(step.svg(theme=theme), encoding="utf-8")
            (folder / "end.svg").write_text(
                state_svg(self.puzzle, self.marks, loop=self.loop, theme=theme,
                          title=self.ending), encoding="utf-8")
        except OSError as err:
            raise MasyuError(err.strerror or str(err), str(folder)) from None

    def marks_before(self, index: int) -> Marks:
        """The marks before step ``index`` (the given marks, then each step's edges)."""
        base = self.given or Marks(self.puzzle.rows, self.puzzle.cols)
        return base.with_set(x for s in self.steps[:index] for x in s.set)

    @property
    def ending(self) -> str:
        """One sentence: how the account ends."""
        if self.result == "solved":
            return "solved: the loop is closed"
        if self.result == "stuck":
            return STUCK_TEXT
        return "contradiction: the puzzle has no solution"

    def _repr_svg_(self) -> str:
        return state_svg(self.puzzle, self.marks, loop=self.loop)
