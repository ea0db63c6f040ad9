"""What every driver of an engine owns, written once: ``Driver``.

A driver runs an engine's search for a caller: :class:`xcc.search.Search`
steps one run in this process, :class:`xcc.parallel.Parallel` runs the
subproblems of a split search on a pool.  Both are a ``Driver``, which owns
what no engine does, the same way for both: the arguments checked at the
door (the problem, the engine, the limit, the cycle, the progress callback),
that a search runs once, the limit (``_room``, ``_reached``), the clock and
Ctrl-C (``_clocked``: ``stats.seconds``, ``cpu_seconds``, ``interrupted``), and between two
steps the progress reports and the deadline (``_tick``).
"""
from __future__ import annotations

import time
from typing import Callable

from .cycle import Cycle
from .engines import Engine, get, refuse_unfit
from .errors import XCCError, XCCTypeError
from .problem import Problem
from .results import Stats, cpu_time


def engine_of(engine: str | Engine) -> Engine:
    """The engine called ``engine`` (unknown and unavailable ones refused),
    or the engine object given (such as ``SatEngine(cuts="propagator")``),
    if it can run here."""
    if isinstance(engine, str) or not hasattr(engine, "start"):
        return get(engine)
    if not engine.available():
        raise XCCError(f"engine {engine.name!r} is not available here: {engine.why_not()}")
    return engine


class Driver:
    """A search of ``problem`` by ``engine`` (a registry name or an engine
    object) for a caller: ``limit`` stops after that many solutions,
    ``cycle`` adds the single-cycle constraint, ``on_progress(stats)`` is
    called about every ``progress_every`` seconds of a long run, and
    ``deadline`` (seconds) ends it between two steps once it has run that
    long (``timed_out``, not ``complete``).  ``stats`` (a ``stats_type``) is
    live; after Ctrl-C it holds what was counted, ``interrupted`` set."""

    stats_type: type[Stats] = Stats

    def __init__(self, problem: Problem, *, engine: str | Engine,
                 limit: int | None = None, cycle: Cycle | None = None,
                 on_progress: Callable[[Stats], None] | None = None,
                 progress_every: float = 1.0, deadline: float | None = None) -> None:
        if not isinstance(problem, Problem):
            raise XCCTypeError(f"expected an xcc.Problem, not {type(problem).__name__}",
                               "argument 'problem'")
        if on_progress is not None and not callable(on_progress):
            raise XCCTypeError(f"on_progress must be callable, not {type(on_progress).__name__}",
                               "argument 'on_progress'")
        if isinstance(progress_every, bool) or not isinstance(progress_every, (int, float)) \
                or not progress_every >= 0:
            raise XCCError(f"progress_every must be a number of seconds (0 or more), not "
                           f"{progress_every!r}"[:120], "argument 'progress_every'")
        engine = engine_of(engine)
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 1):
            raise XCCError(f"limit must be a positive integer, not {limit!r}"[:120],
                           "argument 'limit'")
        if cycle is not None and not isinstance(cycle, Cycle):
            raise XCCTypeError(f"expected an xcc.Cycle, not {type(cycle).__name__}",
                               "argument 'cycle'")
        refuse_unfit(engine, problem, cycle)  # what the engine does not solve, by its facts
        if deadline is not None and (isinstance(deadline, bool)
                                     or not isinstance(deadline, (int, float))
                                     or not deadline > 0):
            raise XCCError(f"deadline must be a positive number of seconds, not {deadline!r}"[:120],
                           "argument 'deadline'")
        self.problem, self.cycle, self.limit = problem, cycle, limit
        self.engine = engine.name
        self._engine = engine
        self.on_progress, self.progress_every = on_progress, progress_every
        self.deadline = deadline
        self.timed_out = False
        self.stats = self.stats_type(engine=engine.name, labels=engine.counter_labels)
        self._used = False
        self._start = 0.0  # time.perf_counter() when the run began
        self._cpu = 0.0  # cpu_time() when the run began
        self._next_report = 0.0  # time.monotonic() of the next progress report
        self._end: float | None = None  # time.monotonic() of the deadline

    def _once(self) -> None:
        """A search runs once: refuse a second use."""
        if self._used:
            raise XCCError(f"a {type(self).__name__} can be iterated or counted only once; "
                           f"make a new one")
        self._used = True

    # ---- the limit ---------------------------------------------------------------

    def _room(self, most: int) -> int:
        """The solutions the next step may find: ``most``, or fewer to stop at the limit."""
        limit = self.limit
        return most if limit is None else min(most, limit - self.stats.solutions)

    def _reached(self) -> bool:
        """Has the search handed out ``limit`` solutions?  Then it is not complete."""
        if self.limit is not None and self.stats.solutions >= self.limit:
            self.stats.complete = False
            return True
        return False

    # ---- the clock, progress, the deadline and Ctrl-C -----------------------------

    def _clocked(self) -> "_Clocked":
        """A context manager: the run's clock from now (progress reports, the
        deadline); on the way out its time, and Ctrl-C marked as an interrupt."""
        return _Clocked(self)

    def _tick(self) -> bool:
        """Between two steps: progress when due; True once the deadline has passed."""
        now = time.monotonic()
        if self.on_progress is not None and now >= self._next_report:
            self._next_report = now + self.progress_every
            self._before_report()
            self.stats.seconds = time.perf_counter() - self._start
            self.on_progress(self.stats)
        if self._end is not None and now >= self._end:
            self.timed_out = True
            self.stats.complete = False
            return True
        return False

    def _before_report(self) -> None:
        """What a kind of driver adds to ``stats`` before a progress report."""

    def _interrupted(self) -> None:
        self.stats.interrupted = True
        self.stats.complete = False


class _Clocked:
    """``Driver._clocked`` (a class, not a generator: it is entered once a
    search, and a search of a small problem takes a few microseconds)."""

    __slots__ = ("driver",)

    def __init__(self, driver: Driver) -> None:
        self.driver = driver

    def __enter__(self) -> None:
        d = self.driver
        now = time.monotonic()
        d._start, d._cpu = time.perf_counter(), cpu_time()
        d._next_report = now + d.progress_every
        d._end = None if d.deadline is None else now + d.deadline

    def __exit__(self, kind, value, traceback) -> None:
        d = self.driver
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            d._interrupted()
        d.stats.seconds = time.perf_counter() - d._start
        d.stats.cpu_seconds += cpu_time() - d._cpu  # (+=: a split search's workers add theirs)
