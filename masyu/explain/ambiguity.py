"""``ambiguity(puzzle)``: where a puzzle with several solutions is ambiguous, and single
pearls that fix it.

Up to ``SAMPLE`` solutions are found by the exact cover search; the two that
differ in the fewest edges are reported with the cells where they differ.  A
pearl is a candidate at a cell one of the first few solutions passes through
where it keeps that solution (a white pearl where it goes straight and turns
next door, a black one where it turns and runs straight on), ranked by how few
of the solutions found it keeps; each is verified by counting the solutions
of the puzzle with it, to two.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import formats
from ..board import NESW, PEARL_CODE, Cell, step
from ..loop import Loop
from ..puzzle import Puzzle
from ..rules import obeys
from ..solving import count, solve
from . import limits
from .marks import Marks
from .pictures import state_text
from .steps import cell_text

SAMPLE = 64          # solutions looked at, at most
TRIES = 40           # candidate pearls verified, at most
WANTED = 5           # verified pearls listed, at most
KEEPERS = 8          # solutions whose pearls are tried


@dataclass
class Ambiguity:
    """``solutions``: how many were found (up to SAMPLE; ``unique`` when exactly one);
    ``first``, ``second``: two solutions differing in as few edges as found, ``cells``
    the cells where they differ, ``pearls`` the verified ``(cell, kind)`` whose addition
    makes the puzzle unique."""

    puzzle: Puzzle
    solutions: int
    first: Loop | None = None
    second: Loop | None = None
    cells: list[Cell] = field(default_factory=list)
    pearls: list[tuple[Cell, str]] = field(default_factory=list)
    interrupted: bool = False     # Ctrl-C stopped the verifying of pearls: ``pearls`` so far

    @property
    def unique(self) -> bool:
        return self.solutions == 1

    @property
    def text(self) -> str:
        if self.solutions == 0:
            return "The puzzle has no solution."
        if self.unique:
            return "The puzzle has exactly one solution."
        more = "at least " if self.solutions >= SAMPLE else ""
        diff = len(self.first.edges ^ self.second.edges)
        out = (f"The puzzle has {more}{self.solutions} solutions; two of them differ in "
               f"{diff} edges, at {', '.join(cell_text(c) for c in self.cells)}.")
        if self.pearls:
            out += " A pearl that makes it unique: " + "; ".join(
                f"{'white' if k == 'W' else 'black'} at {cell_text(c)}" for c, k in self.pearls)
            out += "."
        elif not self.interrupted:
            out += " No single pearl found makes it unique."
        if self.interrupted:
            out += " (Interrupted: the pearls verified so far.)"
        return out

    def as_text(self) -> str:
        """The report as ``masyu ambiguity`` prints it: the sentence, then the two
        solutions drawn, the cells where they differ marked."""
        return self.text + "\n" + ("" if self.second is None else "".join(
            f"{which}:\n" + state_text(self.puzzle, Marks(loop.rows, loop.cols, loop.edges),
                                       cells=self.cells)
            for which, loop in (("first", self.first), ("second", self.second))))

    def as_dict(self) -> dict[str, Any]:
        return {"solutions": self.solutions, "unique": self.unique,
                "first": formats.write_loop(self.first, "box") if self.first else None,
                "second": formats.write_loop(self.second, "box") if self.second else None,
                "cells": [list(c) for c in self.cells],
                "pearls": [{"cell": list(c), "pearl": k} for c, k in self.pearls],
                "text": self.text, "interrupted": self.interrupted}


def _dirs(loop: Loop, cell: Cell) -> str:
    return loop.directions(cell)


def keeps(loop: Loop, cell: Cell, kind: str) -> bool:
    """Whether ``loop`` (a solution) obeys a pearl of ``kind`` at ``cell``: the pearl's
    patterns of :mod:`masyu.rules` (its edges, and the edges beyond its neighbours)."""
    dirs = _dirs(loop, cell)
    if len(dirs) != 2:
        return False
    near = {d: int(d in dirs) for d in NESW}
    far = {d: int(d in dirs and d in _dirs(loop, step(cell, d))) for d in NESW}
    return obeys(PEARL_CODE[kind], near, far)


def ambiguity(puzzle: Puzzle, *, memory: int | None = None) -> Ambiguity:
    """Two close solutions, where they differ, and verified single pearls that fix it.
    A board whose search would need more than ``memory`` bytes (None: the default
    limit) is refused first (:class:`masyu.memory.TooBig`)."""
    limits.check(puzzle, memory, search=True)
    sols = list(solve(puzzle, limit=SAMPLE))
    if len(sols) < 2:
        return Ambiguity(puzzle, len(sols), sols[0] if sols else None)
    best = None
    for i in range(len(sols)):
        for j in range(i + 1, len(sols)):
            d = len(sols[i].edges ^ sols[j].edges)
            if best is None or d < best[0]:
                best = (d, i, j)
    _, i, j = best
    a, b = sols[i], sols[j]
    cells = sorted({c for e in a.edges ^ b.edges for c in e})
    # Candidates: a pearl that one of the first few solutions obeys (so it stays a
    # solution) and that rules out as many of the others as can be; ties: nearest
    # the difference between a and b.
    def near(c: Cell) -> int:
        return min(abs(c[0] - x[0]) + abs(c[1] - x[1]) for x in cells)

    scored: dict[tuple[Cell, str], tuple] = {}
    for keeper in [a, b] + [s for s in sols if s is not a and s is not b][:KEEPERS - 2]:
        for c in keeper.cells():
            if puzzle.pearl_at(c) is not None:
                continue
            for kind in ("W", "B"):
                if (c, kind) in scored or not keeps(keeper, c, kind):
                    continue
                kept = sum(1 for s in sols if keeps(s, c, kind))
                scored[(c, kind)] = (kept, near(c), c, kind)
    candidates = sorted(scored.values())
    found: list[tuple[Cell, str]] = []
    try:
        for *_, c, kind in candidates[:TRIES]:
            trial = Puzzle(puzzle.rows, puzzle.cols, dict(puzzle.pearl_map) | {c: kind})
            n = count(trial, limit=2)      # masyu.count keeps Ctrl-C: it says so
            if n.stats.interrupted:
                raise KeyboardInterrupt
            if n == 1:
                found.append((c, kind))
                if len(found) >= WANTED:
                    break
    except KeyboardInterrupt:   # Ctrl-C: what was verified so far
        return Ambiguity(puzzle, len(sols), a, b, cells, found, interrupted=True)
    return Ambiguity(puzzle, len(sols), a, b, cells, found)
