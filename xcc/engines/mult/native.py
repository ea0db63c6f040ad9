"""Engine "mult": Algorithm M in C (``xcc/csrc/mult/``), the twin of engine "mult-python".

The same solutions in the same order and the same statistics (DLX3's), node
for node; the tests hold the two equal.  Each run lays the problem out in C
from its compact arrays.  It returns to Python every ``MEM_BUDGET`` mems at
most (Ctrl-C and progress reports are noticed while it runs), and otherwise
only when asked to: at each solution (``step``), after a batch of solutions
(``batch``), or when a count reaches its room (``count``).  Without the
compiled extension ``xcc._mult`` the engine is unavailable.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import DONE, PAUSED, SOLUTION, Run
from .. import refuse_unfit
from . import COUNTER_LABELS, MultFacts

if TYPE_CHECKING:
    from ...cycle import Cycle
    from ...problem import Problem

try:
    from ... import _mult
except ImportError:  # the compiled extension is optional: engine "mult" is then unavailable
    _mult = None
else:
    assert (_mult.PAUSED, _mult.SOLUTION, _mult.DONE) == (PAUSED, SOLUTION, DONE)

MEM_BUDGET = 1 << 22  # mems between returns to Python (a few milliseconds of search)
BUILD_HINT = ("engine 'mult' needs the compiled extension xcc._mult: reinstall with a C "
              "compiler, pip install -e .")


class MultNativeRun(Run):
    """A run of the C search of Algorithm M."""

    def __init__(self, problem: Problem) -> None:
        import numpy as np  # the problem's arrays (a problem has numpy already)
        c = problem.compact()
        bounds = np.asarray(problem.bounds, dtype=np.int32).ravel() if problem.bounds else None
        self._run = _mult.Run(len(problem.primary), len(problem.items), c.starts, c.items,
                              c.colors, bounds)
        self._last: tuple[int, ...] | None = None  # the stats, once the run is closed

    def _budget(self, budget: int) -> int:
        return MEM_BUDGET if budget <= 0 or budget > MEM_BUDGET else budget

    def step(self, budget: int) -> int:
        if self._run is None:
            return DONE
        while True:  # no budget: return to Python every MEM_BUDGET mems, unseen
            status = self._run.step(self._budget(budget))
            if status != PAUSED or budget > 0:
                return status

    def solution(self) -> tuple[int, ...]:
        return self._run.solution()

    def count(self, budget: int, room: int) -> tuple[int, int]:
        if self._run is None:
            return DONE, 0
        return self._run.count(self._budget(budget), room)

    def batch(self, budget: int, room: int) -> tuple[int, list[tuple[int, ...]]]:
        if self._run is None:
            return DONE, []
        return self._run.batch(self._budget(budget), room)

    def counters(self) -> dict[str, int]:
        stats = self._last if self._run is None else self._run.stats()
        return dict(zip(COUNTER_LABELS, stats[1:]))

    def close(self) -> None:
        if self._run is not None:
            self._last = self._run.stats()
            self._run = None


class MultNativeEngine(MultFacts):
    """Algorithm M in C: the statistics of DLX3, at its speed."""

    name = "mult"
    summary = "Algorithm M (multiplicities, Knuth's DLX3) in C"
    good_for = "problems with multiplicities (items covered u to v times, u:v|name)"
    budget = MEM_BUDGET
    bytes_per_node = 40  # 16 per node, the problem's arrays, the items

    def available(self) -> bool:
        return _mult is not None

    def why_not(self) -> str | None:
        return None if _mult is not None else BUILD_HINT

    def start(self, problem: Problem, cycle: Cycle | None = None) -> MultNativeRun:
        refuse_unfit(self, problem, cycle)
        return MultNativeRun(problem)
