"""The driver of one run in this process: ``Search``, ``solve``, ``count`` and ``sample``.

``Search`` is a :class:`~xcc.driving.Driver`, which owns what no engine
does (the limit, progress reports, timing, Ctrl-C, ``complete``/
``interrupted``), as it does for the parallel driver (:mod:`xcc.parallel`).
It starts a run of the chosen engine (:mod:`xcc.engines`), steps it by the
engine's budget, and hands out
each solution it finds; ``stats.solutions`` is the number handed out.
Listing takes the solutions from the run in batches (``Run.batch``: one,
then twice as many each time up to ``BATCH``, never past the limit);
counting (``Search.count``, ``count``) lets the run go on past each
solution (``Run.count``), returning only on its budget or at the limit.
With an engine that counts without listing (``exact``: the memo engines), it
runs the engine's count instead (``exact=True``: ``stats.solutions`` is the
exact count) or its uniform draws (``draws=(k, seed)``): ``count`` and
``sample``.
"""
from __future__ import annotations

import time
import warnings
from contextlib import contextmanager
from typing import Callable, Iterator

from .cycle import Cycle
from .driving import Driver, engine_of
from .engines import DEFAULT_ENGINE, DEFAULT_EXACT_ENGINE, DONE, REGISTRY, Engine, Run
from .errors import XCCError
from .interrupts import held
from .problem import Problem
from .results import Solution, Stats
from .shuffle import check_seed, shuffle

COUNT_ROOM = 1 << 62  # solutions a count may find in one step: no limit but the budget
BATCH = 256  # the most solutions a listing takes from the engine at once


class Search(Driver):
    """One search over ``problem``: iterate it (once) for solutions; ``stats``
    is live.  Leaving it as a context manager closes the run (native state
    released), as does iterating to the end.

    ``engine`` is a name of the registry (or an engine object, such as
    ``SatEngine(cuts="propagator")``); ``limit`` stops after that many
    solutions; ``cycle`` adds the single-cycle constraint;
    ``on_progress(stats)`` is called about every ``progress_every`` seconds
    of a long run; ``deadline`` (seconds) ends the search between two steps
    of the engine once it has run that long, ``timed_out`` and not
    ``complete`` (a bound for a server; a step is some milliseconds of work).
    After Ctrl-C, ``stats`` holds everything counted so far with
    ``interrupted`` set (all of these are the :class:`~xcc.driving.Driver`'s).
    With an ``exact`` engine, ``exact=True`` counts without listing (nothing
    is yielded; ``stats.solutions`` is the count once complete) and
    ``draws=(k, seed)`` yields ``k`` solutions drawn uniformly and
    independently.  ``mem_limit`` (engines that count mems: python, c) stops
    the search at the first step C5 (trying an option) once it has spent that
    many mems, ``mem_limited`` and not ``complete``: the step budget is cut to
    the mems left, so the python and c engines stop at the same node.
    ``seed`` (an integer, 0 or more) searches the problem with its items and
    options in that seed's random order (:mod:`xcc.shuffle`: ties among the
    items with fewest options broken at random, each item's options tried in a
    random order), for every engine; solutions still index ``problem``'s
    options.  The same seed, the same search; None (the default): the given order.
    """

    def __init__(self, problem: Problem, *, engine: str | Engine = DEFAULT_ENGINE,
                 limit: int | None = None, cycle: Cycle | None = None,
                 on_progress: Callable[[Stats], None] | None = None,
                 progress_every: float = 1.0, deadline: float | None = None,
                 exact: bool = False, draws: tuple[int, int] | None = None,
                 mem_limit: int | None = None, by: object = None,
                 seed: int | None = None) -> None:
        super().__init__(problem, engine=engine, limit=limit, cycle=cycle,
                         on_progress=on_progress, progress_every=progress_every,
                         deadline=deadline)
        engine = self._engine
        if (exact or draws is not None) and not engine.exact:
            valid = ", ".join(n for n, e in REGISTRY.items() if e.exact and e.available())
            raise XCCError(f"engine {engine.name!r} counts only by listing; engines that count "
                           f"exactly and draw: {valid}")
        if exact and limit is not None:
            raise XCCError("an exact count takes no limit")
        if mem_limit is not None:
            if isinstance(mem_limit, bool) or not isinstance(mem_limit, int) or mem_limit < 1:
                raise XCCError(f"mem_limit must be a positive integer, not {mem_limit!r}"[:120],
                               "argument 'mem_limit'")
            if "mems" not in engine.counter_labels or exact or draws is not None:
                valid = ", ".join(n for n, e in REGISTRY.items()
                                  if "mems" in e.counter_labels and e.available())
                raise XCCError(f"engine {engine.name!r} counts no mems here; a mem_limit "
                               f"needs a listing by one of: {valid}", "argument 'mem_limit'")
        if by is not None and not exact:
            raise XCCError("counts by weight (by=) are exact counts: an exact engine, no limit",
                           "argument 'by'")
        self.exact, self.draws, self.mem_limit, self.by = bool(exact), draws, mem_limit, by
        self.seed = check_seed(seed)
        # what the engine searches: the problem, or a seed's order of it (mapped back)
        self._shuffled = None if seed is None else shuffle(problem, seed)
        self.mem_limited = False  # stopped at the mem_limit
        self._run: Run | None = None
        self._solutions: Iterator[Solution] | None = None
        # after Ctrl-C of a count whose run splits: its untried rest as prefixes
        # (``Splittable.split``), what ``xcc.parallel.state_of`` makes a state of
        self.rest: list[tuple[int, ...]] | None = None

    def __iter__(self) -> Iterator[Solution]:
        self._once()
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

    def count(self) -> Stats:
        """Run to the end (or the limit) counting the solutions, without
        handing them out (the engine goes on past each one: for engine "c"
        the C search counts on its own); return ``stats``.  A Search is
        either counted or iterated, once.  Ctrl-C is not caught here: catch
        it around this call and read ``stats``, or use :func:`count`."""
        self._once()
        self._solutions = (_ for _ in ())  # used up
        if self.exact:
            return self._exact_count()
        with self._running() as run:
            try:
                count, budget, stats, room, tick = run.count, self._engine.budget, self.stats, \
                    self._room, self._tick
                while True:
                    if self.mem_limit is not None:
                        budget = self._mems_left()
                        if not budget:
                            break
                    with held():  # a step and its count, or neither: Ctrl-C comes between
                        status, found = count(budget, room(COUNT_ROOM))
                        stats.solutions += found
                    if self._reached() or status == DONE or tick():
                        break
            except KeyboardInterrupt:  # the untried rest, for a state to resume from
                if self._shuffled is None:  # (a seed's prefixes name its own options)
                    self._keep_rest(run)
                else:
                    self.rest = None
                raise
        return self.stats

    def _keep_rest(self, run: Run) -> None:
        """After Ctrl-C of a count: ``rest``, the run's untried rest as prefixes
        (``Splittable.split``), wherever the signal came.  A run cuts only at a
        node (step C5); one that paused just after a solution, or never
        stepped, first steps on to the next node, a few mems (what it finds
        is counted), as a parallel task does (``xcc.parallel.task``)."""
        split = getattr(run, "split", None)
        if split is None:
            return
        with held():  # (a second signal waits for the rest to be kept)
            rest = split()
            while rest is None and self._room(1) > 0:
                status, found = run.count(1, self._room(COUNT_ROOM))
                self.stats.solutions += found
                rest = [] if status == DONE else split()
            self.rest = rest

    def _exact_count(self) -> Stats:
        """The engine's count: its steps say PAUSED until it is known, then DONE."""
        with self._running() as run:
            while run.step(self._engine.budget) != DONE:
                if self._tick():
                    return self.stats
            self.stats.solutions = run.total()
            if self.by is not None:
                self.stats.by = run.by()
        return self.stats

    def _search(self) -> Iterator[Solution]:
        if self.exact:  # nothing to list: the count is all
            self._exact_count()
            return
        stats, problem, shuffled = self.stats, self.problem, self._shuffled
        back = None if shuffled is None else shuffled.back
        with self._running() as run:
            batch, budget, clock, start = run.batch, self._engine.budget, time.perf_counter, \
                self._start
            size = 1  # the batch grows while the caller keeps asking, from one solution
            while True:
                if self.mem_limit is not None:
                    budget = self._mems_left()
                    if not budget:
                        return
                status, found = batch(budget, self._room(size))
                for indices in found:
                    stats.solutions += 1
                    stats.seconds = clock() - start
                    yield Solution(indices if back is None else back(indices), problem)
                if self._reached() or status == DONE:
                    return
                size = min(2 * size, BATCH)
                if self._tick():
                    return

    def _mems_left(self) -> int:
        """The budget of the next step under a mem_limit: the engine's, or the
        mems left if fewer; 0 (``mem_limited``, not complete) when none are."""
        left = (self.mem_limit or 0) - self.stats.mems
        if left <= 0:
            self.mem_limited, self.stats.complete = True, False
            return 0
        return min(self._engine.budget, left)

    def _begin(self) -> Run:
        """The engine's run: a search, an exact count, or uniform draws."""
        engine, problem, cycle, shuffled = self._engine, self.problem, self.cycle, self._shuffled
        if shuffled is not None:
            problem = shuffled.problem
        if self.exact:
            if self.by is not None:
                by = self.by if shuffled is None else shuffled.weights(self.by)
                return engine.start_count(problem, cycle, by=by)
            return engine.start_count(problem, cycle)
        if self.draws is not None:
            return engine.start_sample(problem, cycle, *self.draws)
        return engine.start(problem, cycle)

    @contextmanager
    def _running(self) -> Iterator[Run]:
        """The run, on the driver's clock (``_clocked``: the time, Ctrl-C);
        on the way out it is closed and ``stats`` keeps its counters."""
        with self._clocked():
            run = self._run = self._begin()
            self.stats.follow(run.counters)  # live counters, read only when asked for
            try:
                yield run
            finally:
                run.close()
                self.stats.follow(None)  # the counters keep the run's last values


def solve(problem: Problem, *, engine: str | Engine = DEFAULT_ENGINE, limit: int | None = None,
          cycle: Cycle | None = None, jobs: int | None = None, executor=None,
          scheduler=None, seed: int | None = None) -> Iterator[Solution]:
    """Yield the solutions of ``problem`` lazily, in the engine's order.

    ``jobs=N`` (a process pool), ``executor=`` (any concurrent.futures
    executor or a distributed.Client) or ``scheduler=`` (a Dask scheduler's
    address) split the search into subproblems run there (xcc.parallel):
    the same solutions in the same order.  ``seed`` searches in that seed's
    random order (:class:`Search`)."""
    if jobs is not None or executor is not None or scheduler is not None:
        from .parallel import solve as in_parallel  # pools and Dask: loaded only when asked for
        shuffled = None if check_seed(seed) is None else shuffle(problem, seed)
        found = in_parallel(problem if shuffled is None else shuffled.problem, engine=engine,
                            limit=limit, cycle=cycle, jobs=jobs, executor=executor,
                            scheduler=scheduler)
        yield from found if shuffled is None else map(shuffled.solution, found)
        return
    with Search(problem, engine=engine, limit=limit, cycle=cycle, seed=seed) as search:
        yield from search


def count(problem: Problem, *, engine: str | Engine = DEFAULT_ENGINE, limit: int | None = None,
          cycle: Cycle | None = None,
          on_progress: Callable[[Stats], None] | None = None,
          deadline: float | None = None, jobs: int | None = None,
          executor=None, scheduler=None, by: object = None,
          local_cluster: int | None = None, seed: int | None = None) -> Stats:
    """Count solutions (all, or up to ``limit``) and return the statistics.

    With an ``exact`` engine (``memo``) and no limit nothing is listed:
    ``solutions`` is the exact count, a Python integer however large
    (``int(stats)`` gives it too).  Ctrl-C stops the count; the statistics
    so far are returned with ``interrupted`` set, and a warning says so (an
    interrupted exact count has no solutions; its counters say how far it got).
    ``jobs``, ``executor`` and ``scheduler`` count in parallel, as for
    :func:`solve` (the statistics are then an ``xcc.parallel.ParallelStats``:
    the same counters, with the replay overhead apart and, after Ctrl-C, the
    pending prefixes).  With engine ``memo`` (no limit), ``scheduler`` or
    ``local_cluster=W`` (a new Dask cluster of W workers) spread the exact
    count over the workers level by level, each holding a shard of every
    level (``xcc.parallel.levels``; the statistics are a ``LevelStats``).
    ``by`` (exact engines only) also counts the solutions by weight:
    ``stats.by`` is ``{weight: solutions}``, the rows summing to the count;
    ``by`` is a weight per option, a function of the option index, or
    ``"cycles"`` (with ``cycle``: any number of disjoint cycles, weighed by
    their number; see ``xcc/engines/memo/poly.py``).  ``seed`` searches in
    that seed's random order (:class:`Search`): the same count, other counters.
    """
    split = jobs is not None or executor is not None or scheduler is not None or \
        local_cluster is not None
    if by is not None and split:
        raise XCCError("counts by weight (by=) are not split", "argument 'by'")
    if split and check_seed(seed) is not None:  # the subproblems of the seed's order
        problem = shuffle(problem, seed).problem
    if split and limit is None and engine_of(engine).exact and jobs is None and executor is None:
        from .parallel import LevelCount  # Dask: loaded only when asked for
        search = LevelCount(problem, engine=engine, cycle=cycle, scheduler=scheduler,
                            local_cluster=local_cluster, on_progress=on_progress)
    elif split:
        from .parallel import Parallel  # pools and Dask: loaded only when asked for
        search = Parallel(problem, engine=engine, limit=limit, cycle=cycle, jobs=jobs,
                          executor=executor, scheduler=scheduler, local_cluster=local_cluster,
                          on_progress=on_progress)
    if split:
        try:
            search.count()
        except KeyboardInterrupt:
            warnings.warn("count interrupted: the statistics are those found so far",
                          stacklevel=2)
        return search.stats
    exact = limit is None and engine_of(engine).exact
    search = Search(problem, engine=engine, limit=limit, cycle=cycle, on_progress=on_progress,
                    deadline=deadline, exact=exact, by=by, seed=seed)
    try:
        with search:
            search.count()
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
        raise XCCError(f"k must be a non-negative integer, not {k!r}", "argument 'k'")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise XCCError(f"seed must be an integer, not {seed!r}", "argument 'seed'")
    with Search(problem, engine=engine, cycle=cycle, on_progress=on_progress,
                draws=(k, seed)) as search:
        return list(search)
