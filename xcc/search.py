"""The one driver of every engine: ``Search``, ``solve`` and ``count``.

The driver owns what no engine does: the limit, progress reports, timing,
Ctrl-C, and ``complete``/``interrupted``.  It starts a run of the chosen
engine (:mod:`xcc.engines`), steps it by the engine's budget, and hands out
each solution it finds; ``stats.solutions`` is the number handed out.  With
an engine that counts without listing (``exact``: the memo engines), it runs
the engine's count instead (``exact=True``: ``stats.solutions`` is the
exact count) or its uniform draws (``draws=(k, seed)``): ``count`` and
``sample``.
"""
from __future__ import annotations

import time
import warnings
from typing import Callable, Iterator

from .cycle import Cycle
from .engines import DEFAULT_ENGINE, DEFAULT_EXACT_ENGINE, DONE, REGISTRY, SOLUTION, Engine, \
    Run, get
from .errors import XCCError
from .problem import Problem
from .results import Solution, Stats


class Search:
    """One search over ``problem``: iterate it (once) for solutions; ``stats``
    is live.  Leaving it as a context manager closes the run (native state
    released), as does iterating to the end.

    ``engine`` is a name of the registry (or an engine object, such as
    ``SatEngine(cuts="propagator")``); ``limit`` stops after that many
    solutions; ``cycle`` adds the single-cycle constraint;
    ``on_progress(stats)`` is called about every ``progress_every`` seconds
    of a long run.  After Ctrl-C, ``stats`` holds everything counted so far
    with ``interrupted`` set.  With an ``exact`` engine, ``exact=True``
    counts without listing (nothing is yielded; ``stats.solutions`` is the
    count once complete) and ``draws=(k, seed)`` yields ``k`` solutions drawn
    uniformly and independently.
    """

    def __init__(self, problem: Problem, *, engine: str | Engine = DEFAULT_ENGINE,
                 limit: int | None = None, cycle: Cycle | None = None,
                 on_progress: Callable[[Stats], None] | None = None,
                 progress_every: float = 1.0, exact: bool = False,
                 draws: tuple[int, int] | None = None) -> None:
        if not isinstance(problem, Problem):
            raise XCCError(f"expected an xcc.Problem, not {type(problem).__name__}")
        if isinstance(engine, str) or not hasattr(engine, "start"):
            engine = get(engine)  # by name: unknown and unavailable ones refused here
        elif not engine.available():
            raise XCCError(f"engine {engine.name!r} is not available here: {engine.why_not()}")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 1):
            raise XCCError(f"limit must be a positive integer, not {limit!r}")
        if cycle is not None and not isinstance(cycle, Cycle):
            raise XCCError(f"expected an xcc.Cycle, not {type(cycle).__name__}")
        if (exact or draws is not None) and not engine.exact:
            valid = ", ".join(n for n, e in REGISTRY.items() if e.exact and e.available())
            raise XCCError(f"engine {engine.name!r} counts only by listing; engines that count "
                           f"exactly and draw: {valid}")
        if exact and limit is not None:
            raise XCCError("an exact count takes no limit")
        self.exact, self.draws = bool(exact), draws
        self.problem = problem
        self.engine = engine.name
        self._engine = engine
        self.limit = limit
        self.cycle = cycle
        self.on_progress = on_progress
        self.progress_every = progress_every
        self.stats = Stats(engine=engine.name)
        self._run: Run | None = None
        self._solutions: Iterator[Solution] | None = None

    def __iter__(self) -> Iterator[Solution]:
        if self._solutions is not None:
            raise XCCError("a Search can be iterated only once; make a new one")
        self._solutions = self._search()
        return self._solutions

    def __enter__(self) -> "Search":
        return self

    def __exit__(self, kind, value, traceback) -> None:
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            self._interrupted()
        self.close()

    def close(self) -> None:
        """Stop the search and release the run (idempotent)."""
        if self._solutions is not None:
            self._solutions.close()  # its finally closes the run
        elif self._run is not None:
            self._run.close()

    def _interrupted(self) -> None:
        self.stats.interrupted = True
        self.stats.complete = False

    def _start(self) -> Run:
        engine, problem, cycle = self._engine, self.problem, self.cycle
        if self.exact:
            return engine.start_count(problem, cycle)
        if self.draws is not None:
            return engine.start_sample(problem, cycle, *self.draws)
        return engine.start(problem, cycle)

    def _search(self) -> Iterator[Solution]:
        stats, problem, limit, on_progress = self.stats, self.problem, self.limit, self.on_progress
        start = time.perf_counter()
        run = None
        try:
            run = self._run = self._start()
            stats.follow(run.counters)  # live counters, read only when asked for
            budget = self._engine.budget
            step, solution, clock = run.step, run.solution, time.perf_counter
            next_report = time.monotonic() + self.progress_every
            while True:
                status = step(budget)
                if status == SOLUTION:
                    stats.solutions += 1
                    stats.seconds = clock() - start
                    yield Solution(tuple(solution()), problem)
                    if limit is not None and stats.solutions >= limit:
                        stats.complete = False
                        return
                elif status == DONE:
                    if self.exact:
                        stats.solutions = run.total()
                    return
                if on_progress is not None and time.monotonic() >= next_report:
                    next_report = time.monotonic() + self.progress_every
                    stats.seconds = clock() - start
                    on_progress(stats)
        except KeyboardInterrupt:
            self._interrupted()
            raise
        finally:
            if run is not None:
                run.close()
                stats.follow(None)  # the counters keep the run's last values
            stats.seconds = time.perf_counter() - start


def solve(problem: Problem, *, engine: str | Engine = DEFAULT_ENGINE, limit: int | None = None,
          cycle: Cycle | None = None) -> Iterator[Solution]:
    """Yield the solutions of ``problem`` lazily, in the engine's order."""
    with Search(problem, engine=engine, limit=limit, cycle=cycle) as search:
        yield from search


def count(problem: Problem, *, engine: str | Engine = DEFAULT_ENGINE, limit: int | None = None,
          cycle: Cycle | None = None,
          on_progress: Callable[[Stats], None] | None = None) -> Stats:
    """Count solutions (all, or up to ``limit``) and return the statistics.

    With an ``exact`` engine (``memo``) and no limit nothing is listed:
    ``solutions`` is the exact count, a Python integer however large
    (``int(stats)`` gives it too).  Ctrl-C stops the count; the statistics
    so far are returned with ``interrupted`` set, and a warning says so (an
    interrupted exact count has no solutions; its counters say how far it got).
    """
    exact = limit is None and getattr(get(engine) if isinstance(engine, str) else engine,
                                      "exact", False)
    search = Search(problem, engine=engine, limit=limit, cycle=cycle, on_progress=on_progress,
                    exact=exact)
    try:
        with search:
            for _ in search:
                pass
    except KeyboardInterrupt:
        warnings.warn("count interrupted: the statistics are those found so far", stacklevel=2)
    return search.stats


def sample(problem: Problem, k: int, *, seed: int, cycle: Cycle | None = None,
           engine: str | Engine = DEFAULT_EXACT_ENGINE,
           on_progress: Callable[[Stats], None] | None = None) -> list[Solution]:
    """``k`` solutions drawn uniformly at random and independently (repeats
    possible) by an ``exact`` engine, from the diagram of all of them; the
    same seed gives the same draws.  Ctrl-C raises KeyboardInterrupt."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise XCCError(f"k must be a non-negative integer, not {k!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise XCCError(f"seed must be an integer, not {seed!r}")
    with Search(problem, engine=engine, cycle=cycle, on_progress=on_progress,
                draws=(k, seed)) as search:
        return list(search)
