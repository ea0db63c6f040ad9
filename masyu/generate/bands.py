"""Difficulty bands: how hard a puzzle is for the deduction solver, which does not know the answer.

``DIFFICULTIES`` is the one list of bands (name -> summary and the deduction
level that must solve a puzzle of the band); the generator, the CLI's
``--difficulty`` and the docs read it.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..board import board
from ..deduce import analyze_kinds, rate
from ..loop import Loop
from ..puzzle import Puzzle


@dataclass(frozen=True)
class Band:
    """A difficulty band: its name, a one-line summary, and the deduction level
    (1 local rules, 2 probing, 3 search) that must solve its puzzles."""

    name: str
    summary: str
    level: int


DIFFICULTIES: dict[str, Band] = {b.name: b for b in (
    Band("easy", "the local rules solve it", 1),
    Band("medium", "it needs probing", 2),
    Band("hard", "it needs search", 3),
)}
DEFAULT_LEVEL = 2   # what a puzzle of no band asked for must be solvable at: probing
# The search nodes a hard puzzle's score counts, at most.  The band is known before the
# search (deduction with probing falls short); the search only measures how far, and on a
# minimal 20x20 puzzle it ran for minutes (about 2,300 nodes a CPU second): the slow
# seeds of issue 31.  Counted, never timed: the same puzzle has the same score everywhere.
MEASURE_NODES = 5_000


@dataclass(frozen=True)
class Difficulty:
    """How hard a puzzle is for the deduction solver, which does not know the answer.

    ``band`` is ``easy`` (the local rules finish it), ``medium`` (it needs
    probing: "if this edge were a line, a contradiction follows"), or
    ``hard`` (it needs search).  ``probes`` and ``nodes`` count that work;
    ``score`` puts them on one scale (probes, plus 100 per search node; the
    search is cut at ``MEASURE_NODES``, so a hard score is at most probes +
    500,000, and a score there means "at least").
    """

    band: str
    probes: int
    nodes: int

    @property
    def level(self) -> int:
        return DIFFICULTIES[self.band].level

    @property
    def score(self) -> int:
        return self.probes + 100 * self.nodes

    def __str__(self) -> str:
        return self.band


def measure(puzzle: Puzzle, loop: Loop | None = None) -> Difficulty:
    """The difficulty of a puzzle with one solution (``loop``, if known, speeds up the search)."""
    bd = board(puzzle.rows, puzzle.cols)
    kinds = bd.kinds(puzzle.pearls)
    res = rate(bd, kinds)   # the run explanations rest on too: one code path for the band
    if res.complete:
        return Difficulty("easy" if res.level == 1 else "medium", res.probes, 0)
    known = bd.values(loop.edges) if loop is not None else None
    deep = analyze_kinds(bd, kinds, known=known, max_level=3, limit=2, probe_nodes=False,
                         node_limit=MEASURE_NODES)
    return Difficulty("hard", res.probes, min(deep.nodes, MEASURE_NODES))
