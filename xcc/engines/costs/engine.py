"""The min-cost engines' one class, ``CostsEngine``: engine "costs" (the C
search, :mod:`~xcc.engines.costs.native`) with ``native=True``, engine
"costs-python" (the reference, :mod:`~xcc.engines.costs.python`) with
``native=False``; by default the C one when the extension is built.

The registry's engines have no ``k``: they list every solution, cheapest
first, cutting nothing.  ``CostsEngine(k)`` finds the ``k`` cheapest only,
DLX5's search with ``k`` (what :func:`xcc.cheapest` runs).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import XCCError
from .. import refuse_unfit
from . import CostsFacts

if TYPE_CHECKING:
    from ...problem import Problem
    from ..base import Run


def for_k(k: int | None, engine: str | None = None) -> "CostsEngine":
    """The engine that finds the ``k`` cheapest: ``engine`` "costs" (C) or
    "costs-python", by default the C one when it is built; refused with one
    clear error when ``k`` is None (that would list them all), the name is
    another or the engine is not here (what :func:`xcc.cheapest` and
    ``Model.cheapest`` run)."""
    if k is None:
        raise XCCError("k must be a positive integer, not None", "argument 'k'")
    if engine not in (None, "costs", "costs-python"):
        raise XCCError(f"engine must be 'costs' or 'costs-python', not {engine!r}"[:120],
                       "argument 'engine'")
    made = CostsEngine(k, native=None if engine is None else engine == "costs")
    if not made.available():
        raise XCCError(made.why_not() or "engine 'costs' is not available here",
                       "argument 'engine'")
    return made


def native_available() -> bool:
    """Whether the compiled search (xcc._costs) is here."""
    from .native import _costs
    return _costs is not None


class CostsEngine(CostsFacts):
    """Engine "costs" (``native``, the default when built) or "costs-python":
    the solutions cheapest first; with ``k``, the ``k`` cheapest only."""

    budget = 1 << 20  # mems per step: a few milliseconds in Python, less in C

    def __init__(self, k: int | None = None, *, native: bool | None = None) -> None:
        if k is not None and (isinstance(k, bool) or not isinstance(k, int) or k < 1):
            raise XCCError(f"k must be a positive integer, not {k!r}"[:120], "argument 'k'")
        self.k = k
        self.native = native_available() if native is None else bool(native)
        self.name = "costs" if self.native else "costs-python"
        self.summary = ("the solutions of a problem with costs ($cost) cheapest first, by "
                        + ("DLX5's search, compiled" if self.native else
                           "DLX5's search in Python, the reference twin of 'costs'"))
        self.good_for = ("problems whose options have costs: the cheapest solutions, without "
                         "listing the others" if self.native else
                         "reading and checking engine 'costs'")
        self.bytes_per_node = 40 if self.native else 300

    def available(self) -> bool:
        return native_available() if self.native else True

    def why_not(self) -> str | None:
        if self.available():
            return None
        from .native import BUILD_HINT
        return BUILD_HINT

    def start(self, problem: Problem, cycle=None) -> Run:
        refuse_unfit(self, problem, cycle)
        from .python import CostArrays
        if self.native:
            from .native import NativeCostsRun, _costs
            if _costs is None:
                raise XCCError(self.why_not() or "", "argument 'engine'")
            return NativeCostsRun(CostArrays(problem), self.k)
        from .python import CostsRun
        return CostsRun(CostArrays(problem), self.k)
