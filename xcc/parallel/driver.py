"""The parallel driver: subproblems named by choice prefixes, merged in order.

``Parallel`` splits a search into subproblems (``xcc.parallel.task``) and
runs them on a pool (``xcc.parallel.pools``).  It starts by running the
search here while the pool's processes start (at least one engine budget: a
small search ends there), then expands the rest breadth-first, one level at
a time, until there are a few open prefixes a worker (``warm``), then hands
them out in groups of consecutive prefixes with a budget of mems each
(``budget``: about a second of work; a 16th of it when few prefixes wait,
on a pool without a hurry flag).  A task that runs out returns its untried
rest as new prefixes, which go back in the queue: work is stolen by
re-splitting.  On a process pool, a worker idle with nothing queued raises
the pool's hurry flag, and the running tasks split at once (within an
engine budget), so one big subtree never holds up the others.

Results are kept by prefix.  Prefixes compare as tuples in the order of the
sequential search (at each level the item's options in list order, and a
prefix's own part before the prefixes it was cut into), so listing emits the
parts in that order (``solutions``): exactly the sequential list.  Counting
takes them as they come.  The own counters of the parts add up to the
sequential run's; what replaying the prefixes cost is in ``overhead``.

A task lost with its worker (a killed process breaks the pool: a new pool
is made; a lost Dask worker: the scheduler reruns it) is run again: only
finished tasks count, so the totals stay exact.  After Ctrl-C the statistics
say what was counted and ``pending`` lists the unfinished prefixes; ``state``
gives both as plain data, which ``resume=`` continues from.
"""
from __future__ import annotations

import heapq
from collections import deque
from queue import Empty, SimpleQueue
from concurrent.futures import CancelledError
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable, Iterator

from ..cycle import Cycle
from ..driving import Driver
from ..engines import DEFAULT_ENGINE, REGISTRY, lookup
from ..errors import XCCError
from ..problem import Problem
from ..results import Solution, Stats
from .pools import Pool
from .task import NEED_PROBLEM, Part, Walker, problem_key, run_prefix

WARM = 4  # open prefixes a worker to reach by expanding here before handing out tasks
RETRIES = 3  # times a task may fail for want of a worker before the run gives up
STATE_VERSION = 1


@dataclass(repr=False)
class ParallelStats(Stats):
    """``Stats`` of a parallel run: the counters are the sum of the
    subproblems' own parts (those of the sequential run); ``overhead`` holds
    what replaying the prefixes cost; ``subproblems`` the prefixes run,
    ``tasks`` the tasks, ``pending`` the prefixes not finished (after an
    interrupt), ``task_seconds`` each task's CPU time, ``cpu_seconds`` all
    of it (the workers' tasks and this process's run: ``xcc.results.cpu_time``),
    ``renewals`` the pools made anew."""

    overhead: dict[str, int] = field(default_factory=dict)
    subproblems: int = 0
    tasks: int = 0
    pending: list[tuple[int, ...]] = field(default_factory=list)
    task_seconds: list[float] = field(default_factory=list)
    renewals: int = 0  # pools made anew after a worker died

    def as_dict(self) -> dict:
        out = super().as_dict()
        out.update(overhead=dict(self.overhead), subproblems=self.subproblems, tasks=self.tasks,
                   pending=len(self.pending))
        return out


class Parallel(Driver):
    """One parallel search of ``problem`` (see the module's docstring): call
    ``solutions()`` (an iterator, in the sequential order) or ``count()``,
    once.  ``jobs``, ``executor``, ``scheduler``, ``local_cluster``: where
    the tasks run (one of them); ``budget``: mems per task (default the
    engine's ``task_budget``); ``warm``: the open prefixes to reach here
    before handing out tasks (default 4 a worker); ``resume``: a ``state``
    to continue; ``checkpoint``: called (to save ``state()``) every
    ``checkpoint_every`` mems of finished work in a count.  The engine, the
    limit, the cycle, progress, the clock and Ctrl-C are the
    :class:`~xcc.driving.Driver`'s, as for ``xcc.Search``."""

    stats_type = ParallelStats

    def __init__(self, problem: Problem, *, engine=DEFAULT_ENGINE, limit: int | None = None,
                 cycle: Cycle | None = None, jobs: int | None = None, executor=None,
                 scheduler=None, local_cluster: int | None = None, budget: int | None = None,
                 warm: int | None = None, on_progress: Callable[[Stats], None] | None = None,
                 progress_every: float = 1.0, resume: dict | None = None,
                 checkpoint: Callable[[], None] | None = None,
                 checkpoint_every: int | None = None) -> None:
        super().__init__(problem, engine=engine, limit=limit, cycle=cycle,
                         on_progress=on_progress, progress_every=progress_every)
        if not self._engine.splits:
            raise XCCError(f"engine {self.engine!r} cannot split a search into "
                           f"subproblems; use one of "
                           f"{', '.join(n for n, e in REGISTRY.items() if e.splits)}")
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int)
                                   or budget < 1):
            raise XCCError(f"budget must be a positive integer, not {budget!r}")
        self._where = dict(jobs=jobs, executor=executor, scheduler=scheduler,
                           local_cluster=local_cluster)
        if sum(v is not None for v in self._where.values()) != 1:
            raise XCCError("give one of jobs, executor, scheduler, local_cluster")
        name = self.engine
        self._ref = name if lookup(name) is self._engine else self._engine
        self.budget = budget or self._engine.task_budget
        if checkpoint is not None and not callable(checkpoint):
            raise XCCError(f"checkpoint must be callable, not {type(checkpoint).__name__}")
        if checkpoint_every is not None and (isinstance(checkpoint_every, bool) or not
                                             isinstance(checkpoint_every, int)
                                             or checkpoint_every < 1):
            raise XCCError(f"checkpoint_every must be a positive integer, not "
                           f"{checkpoint_every!r}"[:120])
        # a count calls checkpoint() (which saves ``state()``) each time its
        # finished parts have spent checkpoint_every more mems (default: 4 tasks'
        # budgets): a run killed outright (SIGKILL) loses at most that much
        self.checkpoint = checkpoint
        self.checkpoint_every = checkpoint_every or 4 * self.budget
        self._next_checkpoint = self.checkpoint_every
        self.warm = warm
        self._start_prefixes: list[tuple[int, ...]] = [()]
        self._skip = 0  # solutions at the start already handed out (a resumed listing)
        if resume is not None:
            self._resume(resume)
        self._open: set[tuple[int, ...]] = set(self._start_prefixes)  # prefixes without a result
        self._frontier = deque(sorted(self._start_prefixes))  # the order of emission (listing)
        self._results: dict[tuple[int, ...], Part] = {}  # parts not yet emitted
        self._ordered = False
        # listing: the part whose solutions are being handed out, and how many
        # of them are out (a state taken then must not lose the rest of them)
        self._partial: tuple[Part, int] | None = None

    # ---- resuming ----------------------------------------------------------------

    def _resume(self, state: dict) -> None:
        if not isinstance(state, dict) or state.get("version") != STATE_VERSION:
            raise XCCError("resume: not a state of this version of xcc.parallel")
        if state.get("problem") != problem_key(self.problem, self.cycle):
            raise XCCError("resume: the state is of another problem")
        if state.get("engine") != self._engine.name:
            raise XCCError(f"resume: the state was made by engine {state.get('engine')!r}, "
                           f"not {self._engine.name!r}")
        try:
            self._start_prefixes = [tuple(int(x) for x in p) for p in state["pending"]]
            s = self.stats
            s.solutions = int(state["solutions"])
            s.counters.update({k: int(v) for k, v in state["counters"].items()})
            s.overhead.update({k: int(v) for k, v in state["overhead"].items()})
            s.subproblems = int(state["subproblems"])
            self._skip = int(state.get("skip", 0))
            if self._skip < 0 or self._skip > s.solutions:
                raise ValueError(f"skip {self._skip}")
        except (KeyError, TypeError, ValueError) as error:
            raise XCCError(f"resume: malformed state ({error})") from None

    def state(self, unused: int = 0) -> dict:
        """What was counted and what is left, as plain data (JSON).  Taken while
        a listing is stopped inside a subproblem's solutions (Ctrl-C between
        two of them), that subproblem is pending again, its counters are not
        counted yet, and ``skip`` says how many of the solutions counted are
        its first ones, already handed out: a resumed listing goes on after
        them, a resumed count counts them once.  ``unused``: how many of the
        last solutions handed out were not used (not written when Ctrl-C
        came): they are handed out again after resuming."""
        s = self.stats
        partial, solutions = self._partial, s.solutions
        if unused:
            if partial is None or not 0 < unused <= partial[1]:
                raise XCCError(f"cannot take back {unused} solutions: not handed out just now")
            partial, solutions = (partial[0], partial[1] - unused), solutions - unused
        counters, subproblems, skip = dict(s.counters), s.subproblems, self._skip
        if self._unfinished(partial):
            part, skip = partial
            for k, v in part.own.items():
                if k != "max_level":
                    counters[k] -= v
            subproblems -= 1
        pending = self._pending(self._ordered, partial) if self._used else \
            list(self._start_prefixes)
        return {"version": STATE_VERSION, "problem": problem_key(self.problem, self.cycle),
                "engine": self._engine.name, "solutions": solutions,
                "counters": counters, "overhead": dict(s.overhead),
                "subproblems": subproblems, "pending": [list(p) for p in pending],
                "skip": skip}

    @staticmethod
    def _unfinished(partial: tuple[Part, int] | None) -> bool:
        """Is a listing stopped inside a subproblem's solutions?"""
        return partial is not None and partial[1] < len(partial[0].solutions)

    # ---- the two uses --------------------------------------------------------------

    def solutions(self) -> Iterator[Solution]:
        """The solutions, in the order of the sequential search."""
        stats, problem = self.stats, self.problem
        with self._running(ordered=True, keep=True) as parts:
            for part in parts:
                self._add(part)
                for k, indices in enumerate(part.solutions):
                    if self._skip:  # handed out before the state was taken
                        self._skip -= 1
                        continue
                    stats.solutions += 1
                    self._partial = (part, k + 1)
                    yield Solution(indices, problem)
                    if self._reached():
                        return
                self._partial = None

    def count(self) -> ParallelStats:
        """Count the solutions (up to the limit, in order then); Ctrl-C is
        not caught here (read ``stats`` after it)."""
        stats, limit = self.stats, self.limit
        stats.solutions -= self._skip  # a stopped listing's first ones: counted again here
        self._skip = 0
        with self._running(ordered=limit is not None, keep=False) as parts:
            for part in parts:
                self._add(part)
                stats.solutions += part.found
                if self._reached():
                    stats.solutions = limit
                    break
        return stats

    def _add(self, part: Part) -> None:
        counters, overhead = self.stats.counters, self.stats.overhead
        for k, v in part.own.items():
            counters[k] = max(counters.get(k, 0), v) if k == "max_level" else \
                counters.get(k, 0) + v
        for k, v in part.overhead.items():
            if k != "max_level":
                overhead[k] = overhead.get(k, 0) + v
        self.stats.subproblems += 1

    # ---- running -----------------------------------------------------------------

    @contextmanager
    def _running(self, ordered: bool, keep: bool) -> Iterator[Iterator[Part]]:
        """The pool and the parts of one run, on the driver's clock
        (``_clocked``: the time, Ctrl-C); on the way out the pool is closed
        (its tasks stopped if the run did not end), and after Ctrl-C the
        parts recorded are counted and ``pending`` lists the prefixes left."""
        self._once()
        self._ordered = ordered
        stats = self.stats
        with self._clocked():
            pool = self._pool = Pool(self.problem, self.cycle, engine=self._engine,
                                     **self._where)
            parts = self._parts(pool, ordered, keep)
            failed = None
            try:
                yield parts
            except BaseException as error:
                failed = error
                raise
            finally:
                parts.close()
                pool.close(stop=failed is not None or not stats.complete)
                if isinstance(failed, KeyboardInterrupt):
                    self._interrupted()
                    if not ordered:  # parts recorded as the interrupt came: count them
                        for part in self._results.values():
                            self._add(part)
                            stats.solutions += part.found
                        self._results.clear()
                stats.pending = self._pending(ordered) if stats.interrupted or failed is not None \
                    else []

    def _before_report(self) -> None:
        self.stats.pending = self._pending(self._ordered)

    def _record(self, part: Part, results: dict) -> None:
        self._open.discard(part.prefix)
        self._open.update(part.children)
        results[part.prefix] = part

    def _emit(self, results: dict, ordered: bool) -> Iterator[Part]:
        if not ordered:
            yield from results.values()
            results.clear()
            return
        frontier = self._frontier
        while frontier and frontier[0] in results:
            part = results.pop(frontier.popleft())
            frontier.extendleft(reversed(part.children))
            yield part

    def _pending(self, ordered: bool, partial: tuple[Part, int] | None = None
                 ) -> list[tuple[int, ...]]:
        if not ordered:
            return sorted(self._open)
        pending = list(self._frontier)
        partial = partial or self._partial
        if self._unfinished(partial):  # its children lead the frontier: its prefix covers them
            part = partial[0]
            pending = [part.prefix] + pending[len(part.children):]
        return pending

    def _parts(self, pool: Pool, ordered: bool, keep: bool) -> Iterator[Part]:
        """Every part, in order when ``ordered`` (else as they come); with
        its solutions if ``keep``."""
        stats, engine, problem, cycle = self.stats, self._engine, self.problem, self.cycle
        results = self._results
        # warm up: run the start here while the pool's processes start (at
        # least one engine budget: a small search ends there, with no
        # overhead), then expand breadth-first, one level at a time, each
        # prefix for a 64th of a budget (a narrow level costs replays, not work)
        level = list(self._start_prefixes)
        warm = self.warm if self.warm is not None else WARM * pool.workers
        if len(level) == 1 and len(self._open) < warm:
            with Walker(engine, problem, cycle, walk=False) as walker:
                part = walker.part(level[0], self.budget, keep, pool.ready)
            self._record(part, results)
            yield from self._emit(results, ordered)
            level = part.children
        first = max(1, min(engine.budget, self.budget) >> 6)
        while level and len(self._open) < warm:
            deeper = []
            for prefix in level:
                part = run_prefix(engine, problem, cycle, prefix, first, keep)
                self._record(part, results)
                deeper.extend(part.children)
            yield from self._emit(results, ordered)
            level = deeper
        todo = sorted(self._open)
        heapq.heapify(todo)
        running: dict = {}  # future -> (prefixes, failures)
        finished: SimpleQueue = SimpleQueue()  # the futures done, put by their done-callbacks
        slots = 2 * pool.workers

        # the budget policy: coarse tasks; on a pool without a hurry flag, finer
        # ones when few prefixes are left (the end may be near: a long last task
        # would hold it up).  A pool with the flag needs none: a worker idle with
        # nothing queued makes the running tasks split within an engine budget,
        # and fine tasks would only cost round trips (twice the tasks on empty7)
        fine = self.budget if pool.hurries else max(1, self.budget >> 4)

        def submit(prefixes, failures=0, with_problem=False, budget=None) -> bool:
            """Hand a task to the pool; False (its prefixes back in todo) if the
            pool broke since the last wait (a worker died in between)."""
            budget = budget or self.budget
            try:
                future = pool.submit(self._ref, prefixes, budget, keep, with_problem)
            except BrokenProcessPool:
                for p in prefixes:
                    heapq.heappush(todo, p)
                return False
            future.add_done_callback(finished.put)
            running[future] = (prefixes, failures, budget)
            return True

        # A stop signal is held back while this thread touches the pool and its
        # futures (``Pool.held``: their locks, which the pool's threads take too; one
        # left held by a KeyboardInterrupt, and the pool's shutdown waited forever for
        # it); it is raised while the thread waits on ``finished`` (``settled``), or after.
        while todo or running:
            with pool.held():
                broken = False
                while todo and len(running) < slots and not broken:
                    size = max(1, len(todo) // slots)
                    broken = not submit([heapq.heappop(todo) for _ in range(min(size, len(todo)))],
                                        budget=self.budget if len(todo) >= slots else fine)
                # a worker idle and nothing to give it: the running tasks split now
                pool.hurry(not todo and len(running) < pool.workers)
            done = set() if broken else settled(finished, running,
                                                max(self.progress_every, 0.05))
            with pool.held():
                broken = self._collect(done, running, todo, results, submit, pool) or broken
                if broken:  # a worker died: every task of the pool is lost; run them again
                    for prefixes, _, _ in running.values():
                        for p in prefixes:
                            heapq.heappush(todo, p)
                    running.clear()
                    pool.renew()
                    stats.renewals += 1
            yield from self._emit(results, ordered)
            self._tick()
            if self.checkpoint is not None and not ordered:  # every part emitted is counted
                self._checkpoint()

    def _collect(self, done, running: dict, todo: list, results: dict, submit,
                 pool: Pool) -> bool:
        """The tasks ``done``: their parts recorded, their children and unrun
        prefixes to do, a failed one handed out again; whether the pool broke."""
        stats, broken = self.stats, False
        for future in done:
            prefixes, failures, budget = running.pop(future)
            try:
                result = future.result()
            except XCCError:
                raise
            except (BrokenProcessPool, CancelledError):
                broken = broken or pool.kind == "processes"
                for p in prefixes:
                    heapq.heappush(todo, p)
                continue
            except (MemoryError, RecursionError, TypeError, ValueError, AttributeError):
                raise
            except Exception as error:  # a lost worker (Dask's KilledWorker, a closed comm)
                if failures + 1 >= RETRIES:
                    raise XCCError(f"a task failed {RETRIES} times: {error}") from error
                broken = not submit(prefixes, failures + 1, budget=budget) or broken
                continue
            if result == NEED_PROBLEM:
                broken = not submit(prefixes, failures, True, budget) or broken
                continue
            stats.tasks += 1
            stats.task_seconds.append(result.seconds)
            stats.cpu_seconds += result.seconds
            for part in result.parts:
                self._record(part, results)
                for p in part.children:
                    heapq.heappush(todo, p)
            for p in result.unrun:
                heapq.heappush(todo, p)
        return broken

    def _checkpoint(self) -> None:
        """Call ``checkpoint`` once the finished parts have spent ``checkpoint_every``
        mems more than at the last call."""
        s = self.stats
        spent = s.counters.get("mems", 0) + s.overhead.get("mems", 0)
        if spent >= self._next_checkpoint:
            self._next_checkpoint = spent + self.checkpoint_every
            self.checkpoint()


def settled(finished: SimpleQueue, running: dict, timeout: float) -> set:
    """The futures of ``running`` done, waited for at most ``timeout`` seconds
    (empty if none is done by then) on ``finished``, the queue their
    done-callbacks fill.  Not ``concurrent.futures.wait``: it takes every
    future's lock in the caller's thread, and a stop signal raised between two
    of them left one held, so that the pool's shutdown waited forever for its
    manager thread, itself waiting for that lock.  Waiting on the queue (in C)
    holds no lock a signal can leave held."""
    done = set()
    try:
        done.add(finished.get(timeout=timeout))
        while True:
            done.add(finished.get_nowait())
    except Empty:
        pass
    return {future for future in done if future in running}  # (not those of a broken pool)


def state_of(search) -> dict | None:
    """The state of a sequential :class:`xcc.Search` stopped by Ctrl-C between
    two steps of a run that splits (its ``rest``), in the form ``Parallel``
    resumes (``resume=``): what it counted, its counters (all its own: a run
    from the root replays nothing) and its untried rest as the pending
    prefixes.  None if it has no rest (another engine, or stopped elsewhere)."""
    if search.rest is None or search.exact or search.draws is not None:
        return None
    s = search.stats
    return {"version": STATE_VERSION, "problem": problem_key(search.problem, search.cycle),
            "engine": search.engine, "solutions": s.solutions,
            "counters": {k: int(v) for k, v in s.counters.items()}, "overhead": {},
            "subproblems": 1, "pending": [list(p) for p in search.rest], "skip": 0}


def solve(problem: Problem, **options) -> Iterator[Solution]:
    """The solutions of ``problem``, computed in parallel, in the sequential
    order (options: those of ``Parallel``)."""
    yield from Parallel(problem, **options).solutions()


def count(problem: Problem, **options) -> ParallelStats:
    """Count in parallel; after Ctrl-C the statistics so far, with
    ``interrupted`` set and ``pending`` the unfinished prefixes."""
    search = Parallel(problem, **options)
    try:
        search.count()
    except KeyboardInterrupt:
        pass
    return search.stats
