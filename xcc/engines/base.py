"""The protocols every engine follows: ``Engine`` (a way to search) and
``Run`` (one search in progress), and what engines that split add
(``Splittable``, ``SplitRun``) or that count without listing (``CountRun``).

An engine is chosen by name from the registry (:mod:`xcc.engines`); the
drivers (:class:`xcc.search.Search`, :class:`xcc.parallel.Parallel`, both on
:class:`xcc.driving.Driver`) start a run and step it.  A run works for about
``budget`` units of its own work per ``step`` (mems for dancing links,
solves for SAT) and says what happened: a solution was found, the budget is
spent, or the search is over.  A run never counts solutions for the caller,
never looks at a clock and never catches Ctrl-C: the driver does all of
that, the same way for every engine.

Two more steps let a run go on past a solution without a return to Python
each time: ``count`` (for counting: how many were found) and ``batch`` (for
listing: the solutions found).  Both take a ``room``, the most solutions
to find before returning, so that the driver's limit is met exactly.  The
protocol gives them in terms of ``step`` (one step each); an engine that can
do better (engine "c": the C search counts on its own) overrides them with
the same answers, and its Python twin does the same in Python.

An engine's facts are attributes of the engine, read by every caller from
the registry, never by its name: what it is good for (``good_for``), its
counters and their labels (``counter_labels``), whether it counts without
listing (``exact``), whether its runs split into subproblems (``splits``)
and the work a parallel task gets then (``task_budget``), whether it learns
clauses (``learns``), whether it takes the single-cycle constraint
(``cycle``) and solves problems with multiplicities (``multiplicities``), and the memory it
takes per node of the problem (``bytes_per_node``).

An engine that counts without listing (``exact``: the memo engines) also
starts a :class:`CountRun`, whose steps say PAUSED until the count is known
and DONE then, and a run of uniform draws (``start_sample``); the driver's
``count()`` and ``sample()`` use them.  An engine that ``splits`` (the
dancing-links engines) is a :class:`Splittable`: its runs can be the
subproblem of a choice prefix and cut into new prefixes (:mod:`xcc.parallel`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Protocol

from ..errors import XCCError

if TYPE_CHECKING:  # annotations only: the protocols import nothing (no numpy for a worker)
    from ..cycle import Cycle
    from ..problem import Problem

# What ``Run.step`` returns (the values of xcc._native's constants).
DONE, SOLUTION, PAUSED = 0, 1, 2


def bad_prefix(prefix: tuple[int, ...], level: int) -> XCCError:
    """The error of the dancing-links engines for a prefix off the search tree."""
    return XCCError(f"prefix {tuple(prefix)} is no path of the search tree: it leaves it at "
                    f"level {level}")


class Run(Protocol):
    """One search in progress; a context manager that closes itself on exit.

    Runs subclass this protocol to inherit ``__enter__``/``__exit__``."""

    def step(self, budget: int) -> int:
        """Search for about ``budget`` units of work (0: no limit); return
        SOLUTION, PAUSED or DONE.  After DONE every further step is DONE."""
        ...

    def solution(self) -> tuple[int, ...]:
        """The option indices of the solution the last step found."""
        ...

    def count(self, budget: int, room: int) -> tuple[int, int]:
        """Search on through at most ``room`` (>= 1) solutions for about
        ``budget`` units of work: ``(status, found)``, ``found`` the solutions
        found in this call, whatever the status.  SOLUTION: the last step
        found one (the search goes on); PAUSED: the budget is spent; DONE:
        the search is over."""
        status = self.step(budget)
        return status, int(status == SOLUTION)

    def batch(self, budget: int, room: int) -> tuple[int, list[tuple[int, ...]]]:
        """As ``count``, with the option indices of each solution found."""
        status = self.step(budget)
        return status, [tuple(self.solution())] if status == SOLUTION else []

    def counters(self) -> dict[str, int]:
        """The engine's own counters, live, always the same keys in the same
        order (those of the engine's ``counter_labels`` that it really has
        for this problem)."""
        ...

    def close(self) -> None:
        """Release what the run holds (native state); idempotent.  The
        counters keep their last values."""
        ...

    def __enter__(self) -> "Run":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class MemsRun(Run, Protocol):
    """A Python run whose ``step(left)`` spends about ``left`` mems at most (0: no
    limit), counted in ``mems``: ``count`` and ``batch`` go through up to ``room``
    solutions on one budget for all, as the C twins' calls do (``xcc_count`` in
    ``xcc/csrc/dlx/search.c``).  The dancing-links and Dancing Cells twins."""

    mems: int

    def count(self, budget: int, room: int) -> tuple[int, int]:
        return self._many(budget, room, None)

    def batch(self, budget: int, room: int) -> tuple[int, list[tuple[int, ...]]]:
        out: list[tuple[int, ...]] = []
        status, _ = self._many(budget, room, out)
        return status, out

    def _many(self, budget: int, room: int, out: list | None) -> tuple[int, int]:
        pause_at = self.mems + budget if budget > 0 else None
        found = 0
        while True:
            left = 0
            if pause_at is not None:
                if self.mems >= pause_at:
                    return PAUSED, found
                left = pause_at - self.mems
            status = self.step(left)
            if status != SOLUTION:
                return status, found
            found += 1
            if out is not None:
                out.append(self.solution())
            if found >= room:
                return SOLUTION, found


NO_BUDGET = 1 << 64  # the pause point of a step without a budget: never reached


class GeneratorRun(Run, Protocol):
    """A Python twin whose search is a generator (``_steps``) that yields a status
    each time it finds a solution or passes ``_pause_at`` mems: ``step`` sets the
    pause point from its budget and resumes it.  The Algorithm M, Dancing Cells
    and costs twins (the last two also a :class:`MemsRun`)."""

    mems: int
    _steps: Iterator[int] | None
    _pause_at: int

    def step(self, budget: int) -> int:
        if self._steps is None:
            return DONE
        self._pause_at = self.mems + budget if budget > 0 else NO_BUDGET
        status = next(self._steps, DONE)
        if status == DONE:
            self._steps = None
        return status

    def close(self) -> None:
        if self._steps is not None:
            self._steps.close()
            self._steps = None


class SplitRun(Run, Protocol):
    """A run of a :class:`Splittable` engine: the subproblem of a choice
    ``prefix`` (the option chosen at each of the first levels, under the
    engine's own rule of choice), what :mod:`xcc.parallel` runs."""

    prefix: tuple[int, ...]  # () for the whole search

    def replayed(self) -> dict[str, int] | None:
        """The counters when the replay of the prefix ended (what is counted
        after is the subproblem's own part), or None before."""
        ...

    def split(self) -> list[tuple[int, ...]] | None:
        """After a pause inside the subproblem: its untried rest as new
        prefixes, in the order of the search; None at any other time."""
        ...

    def walk(self, prefix: tuple[int, ...]) -> bool:
        """After the subproblem's search ended: become the subproblem of
        ``prefix`` without starting again (back to the level the two share,
        the rest replayed); False, nothing changed: start a new run."""
        ...

    def choices(self) -> list[int]:
        """The nodes of the last solution (the chosen node of each level,
        then those propagation forced)."""
        ...


class CountRun(Protocol):
    """An exact count in progress (``Engine.start_count``); a context manager
    that closes itself on exit, like :class:`Run`."""

    def step(self, budget: int) -> int:
        """Work for about ``budget`` units (0: no limit); return PAUSED, or
        DONE once the count is known."""
        ...

    def total(self) -> int:
        """The exact number of solutions, a Python int (after DONE)."""
        ...

    def counters(self) -> dict[str, int]:
        """As :meth:`Run.counters`."""
        ...

    def close(self) -> None:
        """As :meth:`Run.close`."""
        ...

    def __enter__(self) -> "CountRun":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Engine(Protocol):
    """A way to search: one entry of the registry, with its facts."""

    name: str  # "python", "c", "sat", "memo", ...
    summary: str  # one line for --help and the docs
    good_for: str  # one line: when to choose it
    budget: int  # the work per step the driver asks for: a few milliseconds' worth
    counter_labels: dict[str, str]  # each counter a run may have, in order: its label in
    #                                 str(stats) ("{}" the value; an "s" at the end is
    #                                 dropped for 1)
    exact: bool  # counts without listing: has start_count and start_sample
    splits: bool  # a Splittable: runs of choice prefixes, cut into more (xcc.parallel)
    task_budget: int | None  # when it splits: the work of one parallel task (about a second)
    cycle: bool  # takes the single-cycle constraint (else refused: engines.refuse_unfit)
    multiplicities: bool  # solves a problem with bounds u:v on its items (Algorithm M)
    learns: bool  # learns clauses (CDCL): a cycle guard's cuts are its reasoning, so a
    #               caller's propagation adds nothing (masyu.methods reads it)
    bytes_per_node: int  # peak memory a search takes per node of the problem (an option's
    #                      item, an item, a spacer), its structures and the problem's together

    def available(self) -> bool:
        """Can this engine run here (its extension or package imports)?"""
        ...

    def why_not(self) -> str | None:
        """None when available; else why not, with the install hint."""
        ...

    def start(self, problem: Problem, cycle: Cycle | None = None) -> Run:
        """A run over ``problem``, with the single-cycle constraint ``cycle``."""
        ...

    # Only when ``exact``:

    def start_count(self, problem: Problem, cycle: Cycle | None = None) -> CountRun:
        """A count of the solutions of ``problem`` that lists none of them."""
        ...

    def start_sample(self, problem: Problem, cycle: Cycle | None, k: int, seed: int) -> Run:
        """A run whose ``k`` SOLUTIONs are drawn uniformly at random and
        independently (repeats possible); the same seed, the same draws."""
        ...


class Splittable(Engine, Protocol):
    """An engine whose ``splits`` is True (the dancing-links engines): what
    :mod:`xcc.parallel` calls besides the :class:`Engine` protocol."""

    def prepare(self, problem: Problem, cycle: Cycle | None = None) -> tuple:
        """``(problem, cycle)`` made ready for ``start``, as plain data that
        pickles: what a worker is sent (engine "c": the problem's links laid
        out and the cycle's arrays, so that a worker needs no numpy)."""
        ...

    def start(self, problem: Problem, cycle: Cycle | None = None,
              prefix: tuple[int, ...] = ()) -> SplitRun:
        """A run of the subproblem of ``prefix`` (the whole search for ``()``),
        of ``problem`` and ``cycle`` or of what ``prepare`` made of them."""
        ...
