"""Engine "c": Algorithm C in C (``xcc/csrc/dlx/``), the twin of engine "python".

The same solutions in the same order, the same counts, node for node (the
tests hold the two equal).  The links are laid out in C from the problem's
compact arrays once per problem (``layout_of``, kept on the problem: a
second search of it copies the layout and builds nothing); each search works
on its own copy.  It returns to Python every ``MEM_BUDGET`` mems (a few
milliseconds), so that Ctrl-C and progress reports are noticed while it
runs, and otherwise only when asked to: at each solution (``step``), after
a batch of solutions (``batch``), or when a count reaches its room
(``count``).  Without the compiled extension the engine is unavailable.

A run can be the subproblem of a choice prefix, as in engine "python"
(``replayed``, ``split``: search.h's xcc_set_prefix, xcc_replayed, xcc_split).
"""
from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...errors import XCCError
from ..base import DONE, PAUSED, SOLUTION, Run, bad_prefix
from . import COUNTER_LABELS

if TYPE_CHECKING:  # annotations only: this module imports no numpy (a worker's, xcc.parallel)
    from ...cycle import Cycle, CompiledCycle
    from ...problem import Problem
    from .arrays import Arrays

try:
    from ... import _native
except ImportError:  # the compiled extension is optional: engine "c" is then unavailable
    _native = None
else:  # Solver.run answers with the statuses of the Run protocol, as they are
    assert (_native.PAUSED, _native.SOLUTION, _native.DONE) == (PAUSED, SOLUTION, DONE)

MEM_BUDGET = 1 << 22  # mems between returns to Python (about 5 ms of search)
COUNTERS = ("solutions", *COUNTER_LABELS)  # the fields of Solver.stats(), in order
BUILD_HINT = ("engine 'c' needs the compiled extension xcc._native: reinstall with a C "
              "compiler, pip install -e .")


def cut_arrays(cc: CompiledCycle) -> tuple:
    """The parity cuts as the flat int32 arrays ``Solver`` takes for propagation."""
    from .propagate import cut_edge_lists, edge_lists  # the guard's: not a worker's to import
    eu, ev, _, _ = edge_lists(cc)
    start, edges = array("i", [0]), array("i")
    for cut in cut_edge_lists(cc, eu, ev):
        edges.extend(cut)
        start.append(len(edges))
    return (start, edges)


LAYOUT = "_native_layout"  # where a problem keeps its C layout (Problem is frozen: no field)


def layout_of(problem: Problem) -> "_native.Layout":
    """The problem's links laid out in C from its compact arrays, built on
    the first call and kept on the problem for every later search."""
    layout = problem.__dict__.get(LAYOUT)
    if layout is None:
        c = problem.compact()
        layout = _native.layout_compact(len(problem.primary), len(problem.items), c.starts,
                                        c.items, c.colors)
        object.__setattr__(problem, LAYOUT, layout)
    return layout


def solver_extras(cycle: CompiledCycle | None) -> tuple:
    """What ``Solver`` takes after the links: the cycle's arrays and its cuts."""
    propagate = cycle is not None and cycle.propagate
    return (None if cycle is None else cycle.arrays(), cut_arrays(cycle) if propagate else None)


def make_solver(a: "Arrays | _native.Layout",
                cycle: CompiledCycle | None = None) -> "_native.Solver":
    """A C search of a layout (``layout_of``) or of Python arrays (copied, checked)."""
    extra = solver_extras(cycle)
    if isinstance(a, _native.Layout):
        return _native.Solver(a, *extra)
    arrays = a.as_numpy()
    return _native.Solver(a.n1, a.n, arrays["llink"], arrays["rlink"], arrays["up"],
                          arrays["down"], arrays["itm"], arrays["color"], *extra)


def counters_kept(cycle: CompiledCycle | None) -> int:
    """How many of ``COUNTERS`` a search has (the cycle's and propagation's)."""
    return 6 if cycle is None else 7 if not cycle.propagate else 9


@dataclass(frozen=True)
class Prepared:
    """A problem made ready for the C search (``NativeEngine.prepare``'s first): its
    layout, the cycle's arrays and cuts, the counters kept.  It pickles as
    plain arrays and needs no numpy to be used: what a worker of
    ``xcc.parallel`` is sent instead of the problem."""

    layout: "_native.Layout"
    extras: tuple  # Solver's cycle and cuts arguments (solver_extras)
    keep: int  # counters_kept


class NativeRun(Run):
    """A run of the C search; ``choices()`` and ``sanity()`` as the solver's."""

    def __init__(self, a: "Arrays | _native.Layout | Prepared",
                 cycle: CompiledCycle | None = None, prefix: tuple[int, ...] = ()) -> None:
        if isinstance(a, Prepared):
            self._solver = _native.Solver(a.layout, *a.extras)
            keep = a.keep
        else:
            self._solver = make_solver(a, cycle)
            keep = counters_kept(cycle)
        self._keys = ("solutions",) + COUNTERS[1:keep]
        self._last: dict[str, int] = {}  # the counters, once the solver is gone
        self.prefix = tuple(prefix)
        if self.prefix:
            try:
                self._solver.set_prefix(array("i", self.prefix))
            except (ValueError, OverflowError):
                raise XCCError("a prefix is at most n1 option indices >= 0") from None
            return  # the methods below turn the C error of a bad prefix into XCCError
        # While the solver lives, step, solution, count and batch are its
        # own methods: a Python frame per call would cost more than the C call.
        self.step = self._solver.run
        self.solution = self._solver.options
        self.count = self._solver.count
        self.batch = self._solver.batch

    def step(self, budget: int) -> int:
        if self._solver is None:
            return DONE
        return self._checked(self._solver.run, budget)

    def solution(self) -> tuple[int, ...]:
        return self._solver.options()

    def count(self, budget: int, room: int) -> tuple[int, int]:
        return (DONE, 0) if self._solver is None else self._checked(self._solver.count, budget,
                                                                    room)

    def batch(self, budget: int, room: int) -> tuple[int, list[tuple[int, ...]]]:
        return (DONE, []) if self._solver is None else self._checked(self._solver.batch, budget,
                                                                     room)

    def _checked(self, method, *args):
        try:
            return method(*args)
        except ValueError as error:  # the only one the search raises: a prefix off the tree
            level = str(error).rpartition(" ")[2]
            raise bad_prefix(self.prefix, int(level) if level.isdigit() else -1) from None

    def replayed(self) -> dict[str, int] | None:
        """The counters when the replay of the prefix ended, or None before."""
        got = None if self._solver is None else self._solver.replayed()
        if got is None:
            return None
        out = dict(zip(self._keys, got))
        del out["solutions"]
        return out

    def walk(self, prefix: tuple[int, ...]) -> bool:
        """After the subproblem's search ended: become the subproblem of
        ``prefix`` by backtracking to the shared level (as engine "python"'s
        ``walk``; search.h's xcc_walk); False: start a new run."""
        prefix = tuple(prefix)
        if self._solver is None or not self.prefix or not prefix:
            return False
        try:
            walked = self._solver.walk(array("i", prefix))
        except OverflowError:
            return False
        if walked:
            self.prefix = prefix
        return walked

    def split(self) -> list[tuple[int, ...]] | None:
        """After a pause at step C5: the untried rest as new prefixes (as
        engine "python"'s ``split``); None at any other time."""
        return None if self._solver is None else self._solver.split()

    def choices(self) -> list[int]:
        return self._solver.choices()

    def sanity(self) -> list[str]:
        return self._solver.sanity()

    def counters(self) -> dict[str, int]:
        if self._solver is None:
            return dict(self._last)
        last = self._last = dict(zip(self._keys, self._solver.stats()))
        del last["solutions"]  # the driver's to count
        return last

    def close(self) -> None:
        if self._solver is not None:
            self.counters()
            if not self.prefix:
                del self.step, self.solution, self.count, self.batch
            self._solver = None  # the C search and its arrays are freed with it


class NativeEngine:
    """Engine "c": the compiled twin of engine "python"."""

    name = "c"
    summary = "Algorithm C compiled: the same answers and mems, far faster"
    good_for = "the default: listing and counting solutions, in parallel too"
    learns = False  # no clause learning: propagation is its reasoning
    budget = MEM_BUDGET
    counter_labels = COUNTER_LABELS
    exact = False  # counts by listing every solution (no start_count)
    splits = True  # a Splittable: start() takes a choice prefix (xcc.parallel)
    cycle = True  # takes the single-cycle constraint
    multiplicities = False  # no bounds on items (refused: engines.refuse_unfit)
    task_budget = 1 << 30  # mems per parallel task: about a second of work
    bytes_per_node = 300  # the problem, the C links and the cycle constraint

    def available(self) -> bool:
        return _native is not None

    def why_not(self) -> str | None:
        return None if self.available() else BUILD_HINT

    def start(self, problem: "Problem | Prepared", cycle: Cycle | None = None,
              prefix: tuple[int, ...] = ()) -> NativeRun:
        """A run of ``problem`` (or of the one ``prepare`` made ready: then
        ``cycle`` is None, the prepared one's is used)."""
        ready = problem if isinstance(problem, Prepared) else self._prepared(problem, cycle)
        return NativeRun(ready, None, prefix)

    def prepare(self, problem: Problem, cycle: Cycle | None = None) -> tuple[Prepared, None]:
        """``problem`` and ``cycle`` made ready for ``start``, as plain data:
        ``(Prepared, None)``, the cycle inside."""
        return self._prepared(problem, cycle), None

    def _prepared(self, problem: Problem, cycle: Cycle | None) -> Prepared:
        compiled = None if cycle is None else cycle.compile_for(problem)
        return Prepared(layout_of(problem), solver_extras(compiled), counters_kept(compiled))
