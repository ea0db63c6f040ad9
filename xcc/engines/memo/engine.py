"""Engines ``memo`` and ``memo-python``: the ``Engine`` protocol over a build.

Three kinds of run, each stepped by the driver (:mod:`xcc.search`) in
budgets of states:

- ``start_count`` (:class:`MemoCountRun`): the count, two layers in memory at a
  time; ``total()`` is the exact number of solutions (a Python int);
- ``start`` (:class:`MemoListRun`): the whole diagram, then one solution per
  step, in the diagram's order;
- ``start_sample`` (:class:`MemoDrawRun`): the whole diagram, then ``k``
  solutions drawn uniformly and independently, one per step.

Every run has the same counters: ``levels`` (of the plan), ``level``
(reached), ``states`` (distinct states so far, every layer), ``width`` (the
largest layer so far), ``bytes`` (held now) and ``peak_bytes``; the twins
agree on all but the bytes (the Python twin charges a fixed size per state).
"""
from __future__ import annotations

from typing import Sequence

from ...cycle import Cycle
from ...errors import XCCError
from ...problem import Problem
from ...sizes import default_limit, memory_or_default
from ..base import DONE, PAUSED, SOLUTION, Run
from .diagram import Build
from .native import NativeBuild
from .order import choose_order
from .plan import Plan, check_order, check_slots, make_plan
from .poly import check_by
from .saved import Diagram

def default_memory() -> int:
    """The default memory limit: xcc's one default (:func:`xcc.sizes.default_limit`)."""
    return default_limit()


def native_available() -> bool:
    try:
        from ... import _native  # the compiled extension is optional
    except ImportError:
        return False
    return hasattr(_native, "Memo")


def prepare(problem: Problem, cycle: Cycle | None, order: Sequence | None,
            memory: int | None = None, several: bool = False) -> Plan:
    """The plan of ``problem`` in the caller's ``order`` (names or indices of
    primary items), or in the order :func:`.order.choose_order` finds;
    :class:`MemoryLimit` before it is built when it alone would take more
    than ``memory`` bytes."""
    if not isinstance(problem, Problem):
        raise XCCError(f"expected an xcc.Problem, not {type(problem).__name__}")
    if cycle is not None and not isinstance(cycle, Cycle):
        raise XCCError(f"expected an xcc.Cycle, not {type(cycle).__name__}")
    compiled = cycle.compile_for(problem) if cycle is not None else None
    order = choose_order(problem, compiled) if order is None else check_order(problem, order)
    return make_plan(problem, order, compiled, memory=memory, several=several)


def new_build(problem: Problem, cycle: Cycle | None, *, diagram: bool, native: bool,
              order: Sequence | None = None, memory: int | None = None,
              several: bool = False) -> Build | NativeBuild:
    """A build of ``problem``, not yet stepped (C when ``native``); ``several``:
    the cycle constraint allows any number of cycles, counted (``by="cycles"``)."""
    limit = memory_or_default(memory)
    plan = prepare(problem, cycle, order, limit, several)
    if native and plan.root is not None:
        if not native_available():
            raise XCCError("the compiled memo engine is not built; use engine 'memo-python'")
        return NativeBuild(plan, problem.compact(), diagram, limit)
    return Build(plan, diagram, limit)  # a plan without a root needs no C


def build(problem: Problem, cycle: Cycle | None = None, *, diagram: bool = True,
          native: bool | None = None, order: Sequence | None = None,
          memory: int | None = None) -> Build | NativeBuild:
    """A finished build, for tests and benchmarks that read its layers
    (``widths``), ``total``, ``solutions()``, ``unrank(r)``, ``sample(k, seed)``.
    No progress and no Ctrl-C handling: the driver (``xcc.count``,
    ``xcc.solve``, ``xcc.sample`` with engine ``memo``) has those."""
    b = new_build(problem, cycle, diagram=diagram,
                  native=native_available() if native is None else native,
                  order=order, memory=memory)
    b.step(0)
    return b


def build_diagram(problem: Problem, cycle: Cycle | None = None, *, engine: str = "memo",
                  order: Sequence | None = None, memory: int | None = None,
                  cycles: bool = False) -> Diagram:
    """The solution diagram of ``problem`` (:class:`~.saved.Diagram`), built by
    engine ``memo`` (C) or ``memo-python``; with ``cycles=True`` the cycle
    constraint allows any number of disjoint cycles, and each arc weighs the
    cycles it closes (``diagram.polynomial()``: the solutions by number of cycles)."""
    if engine not in ("memo", "memo-python"):
        raise XCCError(f"a diagram is built by engine 'memo' or 'memo-python', not {engine!r}",
                       "argument 'engine'")
    if cycles and cycle is None:
        raise XCCError("cycles=True needs a cycle constraint (cycle=)", "argument 'cycles'")
    b = new_build(problem, cycle, diagram=True, native=engine == "memo", order=order,
                  memory=memory, several=cycles)
    b.step(0)
    return Diagram.of(b, problem)


class _BuildRun(Run):
    """What the three runs share: the build and the counters."""

    def __init__(self, engine: "MemoEngine", problem: Problem, cycle: Cycle | None,
                 diagram: bool, several: bool = False) -> None:
        self._build: Build | NativeBuild | None = new_build(
            problem, cycle, diagram=diagram, native=engine.native, order=engine.order,
            memory=engine.memory, several=several)
        self._levels = self._build.levels
        self._last: dict[str, int] | None = None

    def _built(self, budget: int) -> bool:
        return self._build.step(budget)

    def counters(self) -> dict[str, int]:
        if self._build is None:
            return dict(self._last or {})
        level, states, nbytes, peak = self._build.progress()
        widths = self._build.widths[:level + 1]
        return {"levels": self._levels, "level": level, "states": sum(widths) + states,
                "width": max(widths + [states]), "bytes": nbytes, "peak_bytes": peak}

    def close(self) -> None:
        if self._build is not None:
            self._last = self.counters()
            self._build = None  # the C memo is freed with it


class MemoCountRun(_BuildRun):
    """An exact count: ``step`` is PAUSED until the count is known (DONE).
    With ``by`` (:mod:`.poly`) the diagram is kept and ``by()`` gives the
    counts by weight."""

    def __init__(self, engine: "MemoEngine", problem: Problem, cycle: Cycle | None,
                 by: object = None) -> None:
        weights, cycles = (None, False) if by is None else \
            check_by(by, len(problem.options), cycle is not None)
        super().__init__(engine, problem, cycle, diagram=by is not None, several=cycles)
        self._weights, self._by = weights, by is not None
        self._total: int | None = None
        self._rows: dict[int, int] | None = None

    def step(self, budget: int) -> int:
        if self._total is not None:
            return DONE
        if not self._built(budget):
            return PAUSED
        self._total = self._build.total
        if self._by:  # the pass of the build's twin (C: memo_polynomial; Python: poly.py)
            offset = self._build.plan.root_closures if self._weights is None else 0
            self._rows = self._build.polynomial(self._weights, offset)
        return DONE

    def by(self) -> dict[int, int] | None:
        """The counts by weight (after DONE; None without ``by``)."""
        return self._rows

    def total(self) -> int:
        """The exact number of solutions (after DONE)."""
        if self._total is None:
            raise XCCError("the count is not finished")
        return self._total


class MemoListRun(_BuildRun):
    """Every solution from the diagram: PAUSED while it is built, then one
    SOLUTION per step (its options in level order), then DONE."""

    def __init__(self, engine: "MemoEngine", problem: Problem, cycle: Cycle | None) -> None:
        super().__init__(engine, problem, cycle, diagram=True)
        self._solutions = None
        self._current: tuple[int, ...] = ()

    def _next_solutions(self):
        return self._build.solutions()

    def step(self, budget: int) -> int:
        if self._solutions is None:
            if self._build is None:
                return DONE
            if not self._built(budget):
                return PAUSED
            self._solutions = iter(self._next_solutions())
        for solution in self._solutions:
            self._current = solution
            return SOLUTION
        return DONE

    def solution(self) -> tuple[int, ...]:
        return self._current

    def close(self) -> None:
        super().close()
        self._solutions = iter(())


class MemoDrawRun(MemoListRun):
    """``k`` solutions drawn uniformly and independently from the diagram
    (SplitMix64 from ``seed``: the same draws in both twins)."""

    def __init__(self, engine: "MemoEngine", problem: Problem, cycle: Cycle | None, k: int,
                 seed: int) -> None:
        super().__init__(engine, problem, cycle)
        self._k, self._seed = k, seed

    def _next_solutions(self):
        return self._build.sample(self._k, self._seed) if self._build.total else []


class MemoEngine:
    """Exact counts by memoized search; the registry holds ``memo`` (C) and
    ``memo-python`` (the readable twin).  ``MemoEngine(order=..., memory=...)``
    is one configured for a caller: the order of primary items (names or
    indices; default: :func:`.order.choose_order`) and the memory limit in
    bytes (default :func:`default_memory`)."""

    exact = True  # counts without listing (start_count) and draws (start_sample)
    counter_labels = {"levels": "{} levels", "level": "level {}", "states": "{} states",
                      "width": "width {}", "bytes": "{} bytes", "peak_bytes": "peak {} bytes"}
    splits = False  # no choice prefixes: one build
    cycle = True  # takes the single-cycle constraint
    multiplicities = False  # no bounds on items (refused: engines.refuse_unfit)
    task_budget = None
    bytes_per_node = 500  # the problem and the plan; the build has its own limit (memory)
    learns = False  # no clause learning

    def __init__(self, native: bool = True, *, order: Sequence | None = None,
                 memory: int | None = None) -> None:
        self.native = bool(native)
        self.name = "memo" if self.native else "memo-python"
        self.summary = ("memoized search over frontier states: exact counts without "
                        "listing, uniform draws" if self.native else
                        "the memo engine in pure Python, the readable twin")
        self.budget = 1 << 14 if self.native else 1 << 10  # states per step
        self.good_for = ("counting many solutions exactly without listing them; uniform "
                         "draws" if self.native else "reading and checking the memo engine")
        self.order = None if order is None else tuple(order)
        self.memory = None if memory is None else memory_or_default(memory)

    def available(self) -> bool:
        return native_available() if self.native else True

    def check_frontier(self, levels: int, frontier: int) -> None:
        """:class:`MemoryLimit` when a plan of ``levels`` levels, with at least
        ``frontier`` slots in the layout of each, would pass this engine's
        memory limit: a check a caller who knows the shape of its problem
        (a grid) can make before building the problem at all.  (The plan
        itself is weighed again, in the problem's size, before its layouts
        are built.)"""
        check_slots(levels, max(0, levels) * max(0, frontier), memory_or_default(self.memory))

    def why_not(self) -> str | None:
        if self.available():
            return None
        return "the compiled extension is not built: pip install -e . (needs a C compiler)"

    def start(self, problem: Problem, cycle: Cycle | None = None) -> MemoListRun:
        return MemoListRun(self, problem, cycle)

    def start_count(self, problem: Problem, cycle: Cycle | None = None,
                    by: object = None) -> MemoCountRun:
        return MemoCountRun(self, problem, cycle, by)

    def start_sample(self, problem: Problem, cycle: Cycle | None, k: int,
                     seed: int) -> MemoDrawRun:
        return MemoDrawRun(self, problem, cycle, k, seed)
