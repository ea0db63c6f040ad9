"""Engine "sat": an XCC problem as CNF (:mod:`~xcc.engines.sat.translate`),
solved by CaDiCaL 1.9.5 through python-sat, solutions enumerated by
blocking clauses.

The CNF is built in C when the extension is there and the problem's
item-by-color table fits (:mod:`~xcc.engines.sat.compiled`), else by the
reference.  With a single-cycle constraint, connectivity is enforced in one
of two ways (``cuts``; ``"lazy"`` measured faster, so the default: the
propagator's Python callbacks cost more than the solves they save):

- ``"lazy"``: solve, look at the model's components, add cuts
  (:mod:`~xcc.engines.sat.cuts`), solve again;
- ``"propagator"``: CaDiCaL's user-propagator interface sees the edges as
  they are assigned (:mod:`~xcc.engines.sat.propagator`).

A cycle's parity ``cuts`` and ``propagate`` are hints for the dancing-links
engines; this engine needs neither.  Its unit of work is one solve: a step
returns after each.
"""
from __future__ import annotations

import gc

from ...cycle import Cycle, CompiledCycle
from ...errors import XCCError
from ...problem import Problem
from ..base import DONE, PAUSED, SOLUTION, Run
from . import compiled
from .translate import Layout, Translation

SOLVER = "cadical195"
CUTS = ("lazy", "propagator")
DEFAULT_CUTS = "lazy"  # measured faster (benchmarks/sat_vs_best.py)
INSTALL_HINT = "engine 'sat' needs python-sat: pip install 'xcc-masyu[sat]'"
MAX_COLOR_TABLE = 50_000_000  # items x (colors + 1): the C translation's dense table
SOLVER_COUNTERS = ("conflicts", "decisions", "propagations", "restarts")  # CaDiCaL's own


def solver_class():
    """python-sat's ``Solver``, or None when python-sat is missing."""
    try:
        # python-sat is an optional extra: imported on first use, so that
        # ``import xcc`` neither needs it nor waits for it
        from pysat.solvers import Solver
    except ImportError:
        return None
    return Solver


def translate(layout: Layout, cycle: CompiledCycle | None = None):
    """The CNF of ``layout``'s problem: built in C when the extension is there
    (and the problem's item-by-color table fits), else by the reference."""
    problem = layout.problem
    if len(problem.items) * (len(layout.color_names) + 1) <= MAX_COLOR_TABLE:
        try:
            return compiled.CompiledTranslation(layout, cycle)
        except ImportError:  # no compiled extension
            pass
    return Translation(layout, cycle)


class SatRun(Run):
    """One enumeration: solve, check the cycle (lazy cuts), report, block."""

    def __init__(self, problem: Problem, cycle: CompiledCycle | None, cuts: str) -> None:
        Solver = solver_class()
        if Solver is None:
            raise XCCError(INSTALL_HINT)
        collecting = gc.isenabled()
        gc.disable()  # the translation makes many small objects and frees none
        try:
            t = self.t = translate(Layout(problem), cycle)
        finally:
            if collecting:
                gc.enable()
        self.cycle = cycle
        self.counts = {"solves": 0, **dict.fromkeys(SOLVER_COUNTERS, 0),
                       "variables": t.nvars, "clauses": len(t.clauses)}
        if cycle is not None:
            self.counts["cycle_cuts"] = 0
        self._solver = self._prop = None
        self._found: tuple[list[int], tuple[int, ...]] | None = None  # the last model, its options
        if t.unsat:
            return
        self._solver = Solver(name=SOLVER, bootstrap_with=t.clauses)
        if cycle is not None and cuts == "propagator":
            from .propagator import LoopPropagator  # it needs python-sat (checked above)
            self.counts["loop_propagations"] = 0
            self._prop = LoopPropagator(t)
            self._solver.connect_propagator(self._prop)
            self._prop.setup_observe(self._solver)

    def step(self, budget: int) -> int:
        solver, t, counts = self._solver, self.t, self.counts
        if solver is None:
            return DONE
        if self._found is not None:  # block the solution reported last
            solver.add_clause(t.blocking(*self._found))
            self._found = None
        solves = 0
        while budget <= 0 or solves < budget:
            solves += 1
            counts["solves"] += 1
            if not solver.solve():
                self.close()
                return DONE
            model = solver.get_model()
            if len(model) < t.nvars:  # variables in no clause: false
                model += [-v for v in range(len(model) + 1, t.nvars + 1)]
            if self.cycle is not None and self._prop is None:
                ok, found = t.check(model)
                if not ok:
                    assert found, "a rejected model must violate a cut"
                    counts["cycle_cuts"] += len(found)
                    for clause in found:
                        solver.add_clause(clause)
                    continue
            self._found = (model, t.chosen(model))
            return SOLUTION
        return PAUSED

    def solution(self) -> tuple[int, ...]:
        return self._found[1]

    def counters(self) -> dict[str, int]:
        if self._solver is not None:
            s = self._solver.accum_stats() or {}
            for key in SOLVER_COUNTERS:
                if key in s:
                    self.counts[key] = s[key]
            if self._prop is not None:
                self.counts["cycle_cuts"] = self._prop.cuts
                self.counts["loop_propagations"] = self._prop.propagated
        return dict(self.counts)

    def close(self) -> None:
        if self._solver is not None:
            self.counters()
            if self._prop is not None:
                self._solver.disconnect_propagator()
            self._solver.delete()
            self._solver = None


class SatEngine:
    """Engine "sat"; ``SatEngine(cuts="propagator")`` for the other way of
    enforcing connectivity (benchmarks compare the two)."""

    name = "sat"
    summary = "the problem as CNF for CaDiCaL (needs python-sat)"
    budget = 1  # solves per step
    exact = False  # counts by listing every solution (no start_count)

    def __init__(self, cuts: str = DEFAULT_CUTS) -> None:
        if cuts not in CUTS:
            raise XCCError(f"unknown cuts {cuts!r}; valid: {', '.join(CUTS)}")
        self.cuts = cuts

    def available(self) -> bool:
        return solver_class() is not None

    def why_not(self) -> str | None:
        return None if self.available() else INSTALL_HINT

    def start(self, problem: Problem, cycle: Cycle | None = None) -> SatRun:
        return SatRun(problem, None if cycle is None else cycle.compile_for(problem), self.cuts)
