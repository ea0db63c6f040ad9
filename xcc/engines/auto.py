"""Engine "auto": the listing engine that wins on the problem at hand, chosen by
the registry's facts and one measured table.

``AUTO`` is the table: the candidates in order of preference, each with the
least number of options per primary item (the mean length of a primary item's
list: ``options_per_item``) from which it is the one to run.  ``choose`` runs
down it and takes the first candidate that is available here, whose facts fit
the problem (``cycle`` when a single-cycle constraint is given,
``multiplicities`` when the problem has bounds: ``refuse_unfit``'s two facts),
that lists (not ``exact``), and whose threshold the problem reaches.  The
numbers are measured crossovers, not guesses: ``python benchmarks/cells.py``
prints each problem's options per item beside the CPU seconds of ``cells``,
``c`` and ``auto`` (docs/modelling.md, "Which engine when").

``auto`` is nobody's default: ``xcc.DEFAULT_ENGINE`` stays ``c``; a caller asks
for it by name.  Its runs are the chosen engine's (its answers, order and
counters); ``AutoEngine.choose(problem, cycle)`` names the engine it runs.
"""
from __future__ import annotations

from ..errors import XCCError
from ..problem import Problem
from . import lookup, refuse_unfit
from .base import Run

# (engine, least options per primary item), first fit wins.  Measured by
# benchmarks/cells.py (CPU seconds, best of 3 rounds in one run, 3 Dec 2026; the
# table in docs/modelling.md, "Which engine when"): Dancing Cells beats dancing
# links by 1.7x on the pentominoes 6x10 (171 options per item), 1.4x on Langford
# pairs 11 and 12 (15-16.5), 1.3-1.7x on Masyu encodings counted without their
# cycle (4.6-5.6), and ties on queens 10-13 (10-13: 0.96-1.04x).  No problem
# measured here is one where c wins beyond the noise, so the crossover is 0: cells
# on every problem it takes; c where it does not (a cycle), python without the
# compiled extension.  A problem found where c wins sets cells' number here.
AUTO: tuple[tuple[str, float], ...] = (
    ("cells", 0.0),
    ("c", 0.0),
    ("python", 0.0),
)


def options_per_item(problem: Problem) -> float:
    """The mean number of options of a primary item: the entries of the
    options on primary items over the primary items."""
    c = problem.compact()
    return float((c.items < len(problem.primary)).sum()) / len(problem.primary)


class AutoEngine:
    """Engine "auto": runs the engine ``choose`` names for the problem."""

    name = "auto"
    summary = "the engine that wins on the problem: cells or c, by the measured table AUTO"
    good_for = ("when unsure: Dancing Cells where it takes the problem (as fast as c or up to "
                "1.7 times faster), c with a cycle")
    exact = False
    splits = False  # the chosen engine may not split: xcc.parallel is told no
    task_budget = None
    cycle = True  # handed to an engine that takes it (c)
    multiplicities = False  # not a candidate of AUTO: use mult
    learns = False

    @property
    def _candidates(self) -> list:
        return [lookup(name) for name, _ in AUTO]

    @property
    def budget(self) -> int:  # the candidates' (all in mems)
        return max(e.budget for e in self._candidates)

    @property
    def counter_labels(self) -> dict[str, str]:  # every counter a chosen engine may have
        out: dict[str, str] = {}
        for e in reversed(self._candidates):  # the dancing-links order first (python's)
            out.update(e.counter_labels)
        return out

    @property
    def bytes_per_node(self) -> int:
        return max(e.bytes_per_node for e in self._candidates)

    def available(self) -> bool:
        return any(e.available() for e in self._candidates)

    def why_not(self) -> str | None:
        return None if self.available() else self._candidates[-1].why_not()

    def choose(self, problem: Problem, cycle=None) -> str:
        """The name of the engine ``auto`` runs on ``problem`` (and ``cycle``)."""
        per_item = None
        for name, least in AUTO:
            e = lookup(name)
            if e is None or e.exact or not e.available():
                continue
            if (cycle is not None and not e.cycle) or (problem.bounds and not e.multiplicities):
                continue
            if least > 0:
                per_item = options_per_item(problem) if per_item is None else per_item
                if per_item < least:
                    continue
            return name
        raise XCCError("no engine of the table AUTO solves this problem here",
                       "argument 'engine'")

    def start(self, problem: Problem, cycle=None) -> Run:
        refuse_unfit(self, problem, cycle)
        chosen = lookup(self.choose(problem, cycle))
        return chosen.start(problem, cycle)
