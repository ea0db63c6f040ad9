"""Engine "costs": DLX5's search in C (``xcc/csrc/costs/``), the twin of
engine "costs-python" (:mod:`~xcc.engines.costs.python`).

The same solutions in the same order and the same counts, mem for mem (the
tests hold the two equal, and both equal to DLX5).  DLX5's input phase (taxes,
lists sorted by net cost) is :class:`~xcc.engines.costs.python.CostArrays`'s,
in Python; the arrays go to C as bytes, one copy per run.  The C search
returns to Python at each solution it finds (kept here, in
:class:`~xcc.engines.costs.kept.Kept`) and every ``budget`` mems, so that
Ctrl-C and progress reports are noticed.
"""
from __future__ import annotations

from array import array
from typing import Iterator

from ...errors import XCCError
from ..base import DONE, PAUSED, SOLUTION, MemsRun
from .kept import Kept
from .python import CostArrays

try:
    from ... import _costs
except ImportError:  # the compiled extension is optional: engine "costs" is then unavailable
    _costs = None
else:
    assert (_costs.PAUSED, _costs.DONE) == (PAUSED, DONE)

BUILD_HINT = ("engine 'costs' needs the compiled extension xcc._costs: reinstall with a C "
              "compiler (pip install -e .), or use engine 'costs-python'")


def solver_args(a: CostArrays, k: int | None) -> tuple:
    """The Solver's arguments: ``a``'s arrays as bytes, ``k`` (0: no cutoff)."""
    ints = tuple(array("i", x).tobytes() for x in (a.ulink, a.dlink, a.top, a.color))
    return ints + (array("Q", a.cost).tobytes(), array("i", a.llink).tobytes(),
                   array("i", a.rlink).tobytes(), a.n1, a.n, k or 0)


class NativeCostsRun(MemsRun):
    """A run of the C search, keeping the ``k`` cheapest solutions it finds."""

    def __init__(self, a: CostArrays, k: int | None) -> None:
        self._solver = _costs.Solver(*solver_args(a, k))
        self.kept = Kept(k)
        self.total_tax = a.total_tax
        self._stats = self._solver.stats()
        self._out: Iterator[tuple[int, tuple[int, ...]]] | None = None
        self._last: tuple[int, tuple[int, ...]] | None = None

    @property
    def mems(self) -> int:  # type: ignore[override]
        return self.counters()["mems"]

    def step(self, budget: int) -> int:
        solver = self._solver
        if self._out is None:
            if solver is None:
                return DONE
            pause_at = self.mems + budget if budget > 0 else None
            while True:
                left = 0
                if pause_at is not None:
                    mems = solver.stats()[3]
                    if mems >= pause_at:
                        return PAUSED
                    left = pause_at - mems
                status = solver.run(left)
                if status == PAUSED:
                    return PAUSED
                if status == DONE:
                    break
                self.kept.add(*solver.solution())  # found one: on
            self._out = self.kept.hand_out()
        for net, options in self._out:
            self._last = (net + self.total_tax, options)
            return SOLUTION
        return DONE

    def solution(self) -> tuple[int, ...]:
        if self._last is None:
            raise XCCError("no solution yet")
        return self._last[1]

    def cost(self) -> int:
        """The cost of the last solution handed out."""
        if self._last is None:
            raise XCCError("no solution yet")
        return self._last[0]

    @property
    def found(self) -> int:
        """The solutions found, each cheaper than the cutoff of its time (DLX5's count)."""
        return self._read()[5]

    def _read(self) -> tuple[int, ...]:
        if self._solver is not None:
            self._stats = self._solver.stats()
        return self._stats

    def counters(self) -> dict[str, int]:
        st = self._read()
        return {"nodes": st[0], "updates": st[1], "cleansings": st[2], "mems": st[3],
                "max_level": st[4]}

    def close(self) -> None:
        if self._solver is not None:
            self._read()
            self._solver = None
            self._out = iter(())
