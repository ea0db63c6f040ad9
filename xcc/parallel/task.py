"""What a worker does: run subproblems named by choice prefixes, within a budget.

A task is a few prefixes (consecutive in the order of the search) and a
budget of mems.  The worker runs them one after the other on the engine's
prefix replay (a :class:`~xcc.engines.base.Splittable`'s ``start(problem,
cycle, prefix)``: the dancing-links engines); when the budget is spent
inside one, that one is cut at a node boundary (``SplitRun.split``) and
its untried rest comes back as new prefixes, with the prefixes of the task
not started.  For each prefix run it returns a
``Part``: the solutions (or their number) of its own part of the search,
its own counters and, apart, the counters of the replay (the overhead).
The own parts of all subproblems add up to the sequential search exactly.
A worker keeps one run through a task's prefixes where it can (``Walker``):
from a finished subproblem it walks to the next (``SplitRun.walk``), replaying
only the tail in which the two prefixes differ.

The problem travels once per worker, not per task: it is installed by the
pool's initializer (``install``), or sent with a task that found it
missing (``NEED_PROBLEM``), or given as a Dask future the worker keeps;
``_PROBLEMS`` caches it by ``problem_key`` and the engine's name.  What travels is ``shipped``,
the problem made ready by the engine (``Splittable.prepare``): for engine
"c" its layout, so that a worker imports that engine alone and no numpy.  Only this module runs in
workers; it imports nothing of the driver.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import signal
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from ..engines import DONE, Splittable, get
from ..errors import XCCError

ROOM = 1 << 62  # solutions a step may find: no limit but the budget
NEED_PROBLEM = "need-problem"  # a task's answer when its worker has not got the problem
_PROBLEMS: dict[str, tuple] = {}  # problem_key:engine -> (problem, cycle), in this process
_HURRY = None  # the process pool's shared flag (install), or None


@dataclass
class Part:
    """The outcome of one prefix: its own part of the search."""

    prefix: tuple[int, ...]
    found: int  # solutions found in the own part
    solutions: list[tuple[int, ...]] | None  # their options, when listing
    own: dict[str, int]  # the counters of the own part
    overhead: dict[str, int]  # the counters of the replay of the prefix
    children: list[tuple[int, ...]]  # the untried rest, if the budget ran out
    seconds: float = 0.0  # CPU time


@dataclass
class TaskResult:
    parts: list[Part]
    unrun: list[tuple[int, ...]]  # prefixes of the task not started
    seconds: float  # CPU time of the task
    pid: int = field(default_factory=os.getpid)
    began: float = 0.0  # time.perf_counter() when the task began and ended (the system's
    ended: float = field(default_factory=time.perf_counter)  # monotonic clock: for timelines)


def problem_key(problem, cycle) -> str:
    """A hash naming the problem (and cycle) the same way in every process."""
    c = problem.compact()
    h = hashlib.sha256()
    for text in (problem.primary, problem.secondary, c.color_names):
        h.update("\0".join(text).encode() + b"\1")
    for array in (c.starts, c.items, c.colors):
        h.update(array.astype("<i4").tobytes() + b"\1")
    h.update(repr(cycle).encode())
    return h.hexdigest()


def shipped(problem, cycle, engine: str | Splittable | None = None) -> tuple:
    """What a worker is sent as the (problem, cycle) pair: the pair the
    engine's ``prepare`` makes ready (engine "c": the layout and the cycle's
    arrays, which a worker runs without building anything, nor importing
    numpy; engine "python", or no engine named: the problem and cycle
    themselves)."""
    if engine is None:
        return problem, cycle
    engine = get(engine) if isinstance(engine, str) else engine
    return engine.prepare(problem, cycle)


def payload(problem, cycle, engine: str | Splittable | None = None) -> bytes:
    """``shipped`` pickled."""
    return pickle.dumps(shipped(problem, cycle, engine), protocol=pickle.HIGHEST_PROTOCOL)


def install(key: str, data: bytes | None = None, hurry=None, lifeline=None) -> None:
    """A pool's initializer: keep the problem in this worker, and the pool's
    ``hurry`` flag (a shared byte the driver sets when a worker is idle and
    no prefix waits: a task then splits at its next slice); Ctrl-C is the
    driver's to handle (the workers ignore it and are stopped by it), and a
    worker whose driver dies ends too (``lifeline``: ``_follow``)."""
    global _HURRY
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if lifeline is not None:
        _follow(lifeline)
    _HURRY = hurry
    if key and data is not None:
        _PROBLEMS[key] = pickle.loads(data)


def _follow(lifeline) -> None:
    """End this worker when the driver is gone: a driver killed outright
    (SIGKILL, the out-of-memory killer) cannot stop its pool, and a worker
    waiting on the pool's queue would wait forever (and the fork server,
    the resource tracker with it, while a worker lives).  ``lifeline`` is the
    reading end of a pipe whose writing end only the driver holds
    (``pools.lifeline``): a thread waits on it, and the driver's end,
    closed by the kernel when it dies, wakes it.  (Not Linux's
    PR_SET_PDEATHSIG: a worker's parent is the fork server, and the
    signal follows the parent's *thread*, not the process.)"""

    def watch() -> None:
        try:
            lifeline.recv_bytes()
        except (EOFError, OSError):
            pass
        os._exit(1)

    threading.Thread(target=watch, name="xcc-lifeline", daemon=True).start()


def ready() -> int:
    """A task that does nothing: the driver sends one per worker as the pool
    starts, to start the processes and learn when the first is up."""
    return os.getpid()


def _hurried() -> bool:
    return _HURRY is not None and _HURRY.value != 0


def run_task(key: str, data, engine, prefixes: list[tuple[int, ...]], budget: int,
             keep: bool) -> TaskResult | str:
    """Run ``prefixes`` in order within ``budget`` mems in all (each prefix
    run at least up to its first cut point), walking from each to the next
    (``Walker``).  ``data`` is None (the problem should be here already), the
    pickled problem, or the (problem, cycle) pair itself (a Dask worker's copy)."""
    if key not in _PROBLEMS:
        if data is None:
            return NEED_PROBLEM
        _PROBLEMS[key] = pickle.loads(data) if isinstance(data, bytes) else tuple(data)
    problem, cycle = _PROBLEMS[key]
    engine = get(engine) if isinstance(engine, str) else engine
    began, start = time.perf_counter(), time.process_time()
    parts: list[Part] = []
    left = budget
    with Walker(engine, problem, cycle) as walker:
        for j, prefix in enumerate(prefixes):
            if j and left <= 0:
                return TaskResult(parts, list(prefixes[j:]), time.process_time() - start,
                                  began=began)
            part = walker.part(tuple(prefix), max(left, 1), keep,
                               _hurried if _HURRY is not None else None)
            parts.append(part)
            left -= part.own.get("mems", 0) + part.overhead.get("mems", 0)
            if part.children:
                return TaskResult(parts, list(prefixes[j + 1:]), time.process_time() - start,
                                  began=began)
    return TaskResult(parts, [], time.process_time() - start, began=began)


def run_prefix(engine, problem, cycle, prefix: tuple[int, ...], budget: int,
               keep: bool) -> Part:
    """One subproblem, cut where the budget runs out (at the first point a
    cut can be made after it), in a run of its own."""
    with Walker(engine, problem, cycle, walk=False) as walker:
        return walker.part(prefix, budget, keep)


class Walker:
    """Subproblems one after the other in one run where it can: a run whose
    subproblem ended walks to the next prefix (``SplitRun.walk``: back to the
    level the two share, then the rest of the new prefix replayed), so
    consecutive prefixes, usually siblings, cost a short climb rather than a
    new run and a replay from the root.  The walk is the next part's
    overhead; its own part is counted as in a run started anew."""

    def __init__(self, engine, problem, cycle, walk: bool = True) -> None:
        self.engine, self.problem, self.cycle, self.walk = engine, problem, cycle, walk
        self.run = None  # a run whose subproblem ended, to walk from
        self.walks = 0  # parts reached by a walk (the others started a run)

    def part(self, prefix: tuple[int, ...], budget: int, keep: bool,
             stop: Callable[[], bool] | None = None) -> Part:
        """The subproblem of ``prefix``, cut at the first point a cut can be
        made once ``budget`` mems (its replay or walk included) are spent,
        or, with ``stop``, once ``stop()`` says so (asked every ``slice``
        mems, the engine's step budget)."""
        start = time.process_time()
        run = self.run
        self.run = None
        if run is not None and run.walk(prefix):
            before = run.counters()
            self.walks += 1
        else:
            if run is not None:
                run.close()
            run = self.engine.start(self.problem, self.cycle, prefix)
            before = None
        found, solutions, children = 0, ([] if keep else None), []
        slice_ = self.engine.budget if stop is not None else None
        try:
            step = run.batch if keep else run.count
            end = budget + (0 if before is None else before["mems"])
            mems = end - budget
            while True:
                ask = end - mems if slice_ is None else min(end - mems, slice_)
                status, got = step(max(ask, 1), ROOM)
                if keep:
                    solutions.extend(got)
                    found += len(got)
                else:
                    found += got
                if status == DONE:
                    break
                mems = run.counters()["mems"]
                if mems >= end or (stop is not None and stop()):
                    cut = run.split()
                    if cut is not None:  # paused at a node: the rest is new prefixes
                        children = cut
                        break
                    end = mems + 1  # paused between solutions: on to the next point a cut can be made
            counters, replay = run.counters(), run.replayed()
        except BaseException:
            run.close()
            raise
        if replay is None:
            run.close()
            raise XCCError(f"prefix {prefix}: the replay did not end")
        if children or not self.walk:
            run.close()  # paused inside the subtree: nothing to walk from
        else:
            self.run = run
        overhead = dict(replay) if before is None else \
            {k: (v if k == "max_level" else v - before.get(k, 0)) for k, v in replay.items()}
        own = {k: (v if k == "max_level" else v - replay.get(k, 0)) for k, v in counters.items()}
        return Part(prefix, found, solutions, own, overhead, children,
                    time.process_time() - start)

    def close(self) -> None:
        if self.run is not None:
            self.run.close()
            self.run = None

    def __enter__(self) -> "Walker":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
