"""Engine "cells": Dancing Cells (Knuth's SSXCC) in C (``xcc/csrc/cells/``),
the twin of engine "cells-python".

The same solutions in the same order and the same counts, node for node (the
tests hold the two equal, and both equal to SSXCC).  The arrays are laid out
in Python (:mod:`~xcc.engines.cells.layout`) once per problem and kept on it;
each search copies them.  It returns to Python every ``MEM_BUDGET`` mems (a
few milliseconds), so that Ctrl-C and progress reports are noticed.
"""
from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from ...errors import XCCError
from ..base import DONE, PAUSED, SOLUTION, Run
from .. import refuse_unfit
from . import COUNTER_LABELS, CellsFacts

if TYPE_CHECKING:
    from ...problem import Problem

try:
    from ... import _cells
except ImportError:  # the compiled extension is optional: engine "cells" is then unavailable
    _cells = None
else:
    assert (_cells.PAUSED, _cells.SOLUTION, _cells.DONE) == (PAUSED, SOLUTION, DONE)

MEM_BUDGET = 1 << 22
BUILD_HINT = ("engine 'cells' needs the compiled extension xcc._cells: reinstall with a C "
              "compiler, pip install -e .")
LAYOUT = "_cells_layout"  # where a problem keeps its arrays (Problem is frozen: no field)


def solver_args(problem: Problem) -> tuple:
    """The Solver's arguments for ``problem``, built on the first call and kept."""
    args = problem.__dict__.get(LAYOUT)
    if args is None:
        from .layout import build_cells
        a = build_cells(problem)
        args = tuple(array("i", getattr(a, name)).tobytes()
                     for name in ("set", "item", "itm", "loc", "clr", "opt")) + (a.second, a.bad)
        object.__setattr__(problem, LAYOUT, args)
    return args


class NativeRun(Run):
    """A run of the C search."""

    def __init__(self, problem: Problem) -> None:
        self._solver = _cells.Solver(*solver_args(problem))
        self._last: dict[str, int] = {}
        # While the solver lives, its methods are the run's own (no Python frame per call).
        self.step = self._solver.run
        self.solution = self._solver.options
        self.count = self._solver.count
        self.batch = self._solver.batch

    def step(self, budget: int) -> int:
        return DONE

    def solution(self) -> tuple[int, ...]:
        raise XCCError("the run is closed")

    def count(self, budget: int, room: int) -> tuple[int, int]:
        return DONE, 0

    def batch(self, budget: int, room: int) -> tuple[int, list[tuple[int, ...]]]:
        return DONE, []

    def counters(self) -> dict[str, int]:
        if self._solver is None:
            return dict(self._last)
        self._last = dict(zip(COUNTER_LABELS, self._solver.stats()))
        return dict(self._last)

    def close(self) -> None:
        if self._solver is not None:
            self.counters()
            del self.step, self.solution, self.count, self.batch
            self._solver = None


class NativeCellsEngine(CellsFacts):
    """Engine "cells": the compiled twin of engine "cells-python"."""

    name = "cells"
    summary = "Dancing Cells (Knuth's SSXCC, sparse sets) compiled: SSXCC's answers and mems"
    good_for = ("tilings and packings without a cycle constraint (pentominoes, Langford "
                "pairs): faster than 'c' there")
    budget = MEM_BUDGET
    bytes_per_node = 120

    def available(self) -> bool:
        return _cells is not None

    def why_not(self) -> str | None:
        return None if self.available() else BUILD_HINT

    def start(self, problem: Problem, cycle=None) -> NativeRun:
        refuse_unfit(self, problem, cycle)
        return NativeRun(problem)
