"""The two protocols every engine follows: ``Engine`` (a way to search) and
``Run`` (one search in progress).

An engine is chosen by name from the registry (:mod:`xcc.engines`); the one
driver, :class:`xcc.search.Search`, starts a run and steps it.  A run works
for about ``budget`` units of its own work per ``step`` (mems for dancing
links, solves for SAT) and says what happened: a solution was found, the
budget is spent, or the search is over.  A run never counts solutions for
the caller, never looks at a clock and never catches Ctrl-C: the driver
does all of that, the same way for every engine.

Two more steps let a run go on past a solution without a return to Python
each time: ``count`` (for counting: how many were found) and ``batch`` (for
listing: the solutions found).  Both take a ``room``, the most solutions
to find before returning, so that the driver's limit is met exactly.  The
protocol gives them in terms of ``step`` (one step each); an engine that can
do better (engine "c": the C search counts on its own) overrides them with
the same answers, and its Python twin does the same in Python.

An engine that counts without listing (``exact``: the memo engines) also
starts a :class:`CountRun`, whose steps say PAUSED until the count is known
and DONE then, and a run of uniform draws (``start_sample``); the driver's
``count()`` and ``sample()`` use them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

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
        order (those the engine really has for this problem)."""
        ...

    def close(self) -> None:
        """Release what the run holds (native state); idempotent.  The
        counters keep their last values."""
        ...

    def __enter__(self) -> "Run":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


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
    """A way to search: one entry of the registry."""

    name: str  # "python", "c", "sat", "memo", ...
    summary: str  # one line for --help and the docs
    budget: int  # the work per step the driver asks for: a few milliseconds' worth
    exact: bool  # counts without listing: has start_count and start_sample

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
