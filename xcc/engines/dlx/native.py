"""Engine "c": Algorithm C in C (``xcc/csrc/``), the twin of engine "python".

The same solutions in the same order, the same counts, node for node (the
tests hold the two equal).  The C search works on its own copies of the
arrays and returns to Python at each solution and every ``MEM_BUDGET`` mems
(a few milliseconds), so that Ctrl-C and progress reports are noticed while
it runs.  Without the compiled extension the engine is unavailable.
"""
from __future__ import annotations

from array import array

from ...cycle import Cycle, CompiledCycle
from ...problem import Problem
from ..base import DONE, PAUSED, SOLUTION, Run
from .arrays import Arrays, build_arrays
from .propagate import cut_edge_lists, edge_lists

try:
    from ... import _native
except ImportError:  # the compiled extension is optional: engine "c" is then unavailable
    _native = None
else:  # Solver.run answers with the statuses of the Run protocol, as they are
    assert (_native.PAUSED, _native.SOLUTION, _native.DONE) == (PAUSED, SOLUTION, DONE)

MEM_BUDGET = 1 << 22  # mems between returns to Python (about 5 ms of search)
COUNTERS = ("solutions", "nodes", "updates", "cleansings", "mems", "max_level", "cycle_cuts",
            "forced", "probes")  # the fields of Solver.stats(), in order
BUILD_HINT = ("engine 'c' needs the compiled extension xcc._native: reinstall with a C "
              "compiler, pip install -e .")


def cut_arrays(cc: CompiledCycle) -> tuple:
    """The parity cuts as the flat int32 arrays ``Solver`` takes for propagation."""
    eu, ev, _, _ = edge_lists(cc)
    start, edges = array("i", [0]), array("i")
    for cut in cut_edge_lists(cc, eu, ev):
        edges.extend(cut)
        start.append(len(edges))
    return (start, edges)


def make_solver(a: Arrays, cycle: CompiledCycle | None = None) -> "_native.Solver":
    arrays = a.as_numpy()
    propagate = cycle is not None and cycle.propagate
    return _native.Solver(a.n1, a.n, arrays["llink"], arrays["rlink"], arrays["up"],
                          arrays["down"], arrays["itm"], arrays["color"],
                          None if cycle is None else cycle.arrays(),
                          cut_arrays(cycle) if propagate else None)


class NativeRun(Run):
    """A run of the C search; ``choices()`` and ``sanity()`` as the solver's."""

    def __init__(self, a: Arrays, cycle: CompiledCycle | None = None) -> None:
        self._solver = make_solver(a, cycle)
        keep = 6 if cycle is None else 7 if not cycle.propagate else 9  # the counters it has
        self._keys = ("solutions",) + COUNTERS[1:keep]
        self._last: dict[str, int] = {}  # the counters, once the solver is gone
        # While the solver lives, step and solution are its own methods: a
        # Python frame per step would cost the driver more than the C call.
        self.step = self._solver.run
        self.solution = self._solver.options

    def step(self, budget: int) -> int:
        if self._solver is None:
            return DONE
        return self._solver.run(budget)

    def solution(self) -> tuple[int, ...]:
        return self._solver.options()

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
            del self.step, self.solution
            self._solver = None  # the C search and its arrays are freed with it


class NativeEngine:
    """Engine "c": the compiled twin of engine "python"."""

    name = "c"
    summary = "Algorithm C compiled: the same answers and mems, far faster"
    budget = MEM_BUDGET
    exact = False  # counts by listing every solution (no start_count)

    def available(self) -> bool:
        return _native is not None

    def why_not(self) -> str | None:
        return None if self.available() else BUILD_HINT

    def start(self, problem: Problem, cycle: Cycle | None = None) -> NativeRun:
        return NativeRun(build_arrays(problem), None if cycle is None else cycle.compile_for(problem))
