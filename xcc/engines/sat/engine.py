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

Ctrl-C.  python-sat's ``solve()`` catches SIGINT inside CaDiCaL by a
``longjmp`` out of it, which leaves the solver invalid (reading its
statistics then aborts the process).  So CaDiCaL is never interrupted: each
call is a limited solve of at most ``CONFLICTS`` conflicts, made without
python-sat's handler, while the stop signals are only noted (:func:`sigint_deferred`);
the ``KeyboardInterrupt`` is raised when the call has returned, with the
solver whole, so that the driver reports what was found so far.

Memory.  Enumerating by blocking clauses keeps one clause per solution found
(about ``BYTES_PER_LITERAL`` bytes per literal, with CaDiCaL's watches): a
run warns once its blocking clauses pass ``WARN_BYTES`` and stops with an
XCCError before they pass the engine's ``memory`` (by default xcc's one default limit,
:func:`xcc.sizes.default_limit`, less the formula).  A formula whose estimated size is over
``memory`` is refused before it is built.  The dancing-links engines enumerate
in constant memory.
"""
from __future__ import annotations

import gc
import importlib.util
import sys
import threading
import warnings

from ...cycle import Cycle, CompiledCycle
from ...distribution import install_hint as install_hint_of
from ...interrupts import held
from ...errors import XCCError
from ...problem import Problem
from ...sizes import default_limit
from ..base import DONE, PAUSED, SOLUTION, Run
from . import compiled
from .translate import Layout, Translation

SOLVER = "cadical195"
CUTS = ("lazy", "propagator")
DEFAULT_CUTS = "lazy"  # measured faster (benchmarks/sat_vs_best.py)
MAX_COLOR_TABLE = 50_000_000  # items x (colors + 1): the C translation's dense table
SOLVER_COUNTERS = ("conflicts", "decisions", "propagations", "restarts")  # CaDiCaL's own
CONFLICTS = 20_000          # conflicts per limited solve: how soon Ctrl-C is answered
# Memory, measured (peak RSS): a random exact cover with 10 items an option took
# about 1,000 bytes per option entry (the translation, then CaDiCaL's copy at about
# 70 bytes per literal); masyu's encodings, built in C, about 50.  A blocking clause
# costs its literals (4 bytes each) and a header and two watches.
BYTES_PER_ENTRY = 1_000     # the up-front estimate, before anything is built
BYTES_PER_LITERAL = 72      # CaDiCaL's copy of the formula, checked before it is made
BLOCKING_BYTES = (5, 64)    # per literal, per clause, of the clauses added while enumerating
WARN_BYTES = 256 << 20      # warn when the added clauses pass this


def install_hint() -> str:
    """What to do when python-sat is missing (naming the distribution xcc came in)."""
    return f"engine 'sat' needs python-sat: {install_hint_of('sat')}"


# While inside, Ctrl-C, SIGTERM and SIGHUP are only noted; on leaving, a noted one
# goes to the handler that was there before (``KeyboardInterrupt`` by default): the
# one mechanism of xcc.interrupts.
sigint_deferred = held


def solver_class():
    """python-sat's ``Solver``, or None when python-sat is missing."""
    try:
        # python-sat is an optional extra: imported on first use, so that
        # ``import xcc`` neither needs it nor waits for it
        from pysat.solvers import Solver
    except ImportError:
        return None
    return Solver


def python_sat_found() -> bool:
    """Is python-sat there?  Found without importing it until something imports
    it (then that import's outcome, :func:`solver_class`, answers): the registry
    asks every engine when it loads, and a small solve on another engine should
    not pay python-sat's import."""
    if "pysat.solvers" in sys.modules:
        return solver_class() is not None
    try:
        return importlib.util.find_spec("pysat.solvers") is not None
    except ImportError:  # no pysat package at all
        return False


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

    def __init__(self, problem: Problem, cycle: CompiledCycle | None, cuts: str,
                 memory: int | None = None) -> None:
        Solver = solver_class()
        if Solver is None:
            raise XCCError(install_hint())
        self.memory = default_limit() if memory is None else memory
        entries = len(problem.compact().items)
        formula = BYTES_PER_ENTRY * entries
        if formula > self.memory:
            raise XCCError(f"engine 'sat': the formula of {entries:,} option entries would need "
                           f"about {_size(formula)}, more than the "
                           f"{_size(self.memory)} allowed; use the c engine (it needs "
                           "far less), or SatEngine(memory=...)")
        self.blocking_budget = max(self.memory - formula, 0)
        self.blocking_bytes = 0
        self._warned = False
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
        literals = _literals(t.clauses)
        if BYTES_PER_LITERAL * literals > self.memory:
            raise XCCError(f"engine 'sat': CaDiCaL's copy of the formula ({literals:,} literals) "
                           f"would need about {_size(BYTES_PER_LITERAL * literals)}, more "
                           f"than the {_size(self.memory)} allowed; use the c engine")
        self._solver = Solver(name=SOLVER, bootstrap_with=t.clauses)
        self._solve = _limited_solve(self._solver)
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
            clause = t.blocking(*self._found)
            self._found = None
            self._charge(len(clause))
            solver.add_clause(clause)
        solves = 0
        while budget <= 0 or solves < budget:
            solves += 1
            counts["solves"] += 1
            with sigint_deferred():   # a Ctrl-C is raised after the call, the solver whole
                status = self._solve()
            if status is None:        # the conflict budget is spent: the step ends here
                return PAUSED
            if not status:
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
                        self._charge(len(clause))
                        solver.add_clause(clause)
                    continue
            self._found = (model, t.chosen(model))
            return SOLUTION
        return PAUSED

    def _charge(self, literals: int) -> None:
        """Count the memory of a clause kept for good; warn, then refuse, as it grows."""
        self.blocking_bytes += BLOCKING_BYTES[0] * literals + BLOCKING_BYTES[1]
        if not self._warned and self.blocking_bytes > min(WARN_BYTES, self.blocking_budget // 2):
            self._warned = True
            warnings.warn(f"engine 'sat' keeps a clause per solution and cut: "
                          f"{_size(self.blocking_bytes)} so far; it stops at "
                          f"{_size(self.blocking_budget)} (the c engine enumerates in "
                          "constant memory)", stacklevel=2)
        if self.blocking_bytes > self.blocking_budget:
            raise XCCError(f"engine 'sat': the clauses that block the solutions found need more "
                           f"than {_size(self.blocking_budget)}; use the c engine to "
                           "enumerate this many solutions, or a limit")

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
    good_for = "deciding whether there are solutions, and counting few: large hard boards"
    budget = 1  # solves per step
    counter_labels = {"solves": "{} solves", **{k: "{} " + k for k in SOLVER_COUNTERS},
                      "variables": "{} variables", "clauses": "{} clauses",
                      "cycle_cuts": "{} cycle cuts",  # with a cycle constraint
                      "loop_propagations": "{} loop propagations"}  # cuts="propagator"
    exact = False  # counts by listing every solution (no start_count)
    splits = False  # no choice prefixes: runs whole
    cycle = True  # takes the single-cycle constraint
    multiplicities = False  # no bounds on items (refused: engines.refuse_unfit)
    task_budget = None
    bytes_per_node = 400  # the problem and its CNF in CaDiCaL (a few solutions)
    learns = True  # CDCL: learns clauses (the loop guard by cuts; propagation hints unused)

    def __init__(self, cuts: str = DEFAULT_CUTS, memory: int | None = None) -> None:
        if cuts not in CUTS:
            raise XCCError(f"unknown cuts {cuts!r}; valid: {', '.join(CUTS)}")
        if memory is not None and (isinstance(memory, bool) or not isinstance(memory, int)
                                   or memory < 1):
            raise XCCError(f"memory must be a positive number of bytes, not {memory!r}",
                           "argument 'memory'")
        self.cuts = cuts
        self.memory = memory

    def available(self) -> bool:
        return python_sat_found()

    def why_not(self) -> str | None:
        return None if self.available() else install_hint()

    def start(self, problem: Problem, cycle: Cycle | None = None) -> SatRun:
        return SatRun(problem, None if cycle is None else cycle.compile_for(problem), self.cuts,
                      self.memory)


def _size(nbytes: int) -> str:
    return f"{nbytes / 2**30:.1f} GiB" if nbytes >= 2**30 else f"{nbytes / 2**20:.1f} MiB"


def _literals(clauses) -> int:
    """The number of literals of a formula (a list of clauses, or flat arrays)."""
    try:
        return sum(map(len, clauses))
    except TypeError:
        return len(clauses)


def _limited_solve(solver):
    """A call that solves under ``CONFLICTS`` conflicts and answers True, False,
    or None (budget spent), without python-sat's SIGINT handler (see the
    module's text): its C function told it is not in the main thread.  Where
    this python-sat has no such function, its ``solve_limited`` run in a
    thread of its own, for the same effect."""
    inner = getattr(solver, "solver", None)
    try:
        import pysolvers  # python-sat's extension (python-sat is optional: checked by the caller)
        call = pysolvers.cadical195_solve_lim
        handle = inner.cadical
    except (ImportError, AttributeError):
        call = handle = None

    def solve():
        solver.conf_budget(CONFLICTS)
        if call is not None:
            status = call(handle, [], 0)
            inner.status = None if status == 0 else status > 0   # as solve_limited leaves it
            return inner.status
        result: list = []
        worker = threading.Thread(target=lambda: result.append(solver.solve_limited()))
        worker.start()
        worker.join()
        return result[0] if result else None

    return solve
