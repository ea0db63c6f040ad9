"""Independent jobs spread over the same executors, a run of them a task, in order.

``map_each(fn, items, jobs=N | executor=E | scheduler=ADDR | local_cluster=N)``
yields ``fn(item)`` for each item, in the order of ``items``, while at most a
few tasks per worker are in flight (a long collection is not submitted all
at once).  ``fn`` must be picklable (a module-level function).  A dead worker
(a killed process) breaks a process pool: a new one is made and the jobs not
finished run again.  Ctrl-C stops the pool's tasks and is raised on.

Tasks stay coarse: a task is a run of consecutive items (``_chunk``), as
many as would take ``TASK_SECONDS`` of a worker's CPU at the rate of the
last task done (one item at first; at most twice the last task's, and
``MAX_CHUNK``: a collection whose puzzles grow is not handed out in runs
sized for its small ones).  A collection of small puzzles
(psm.txt: 3,604, from a millisecond to a few tens) is then a few hundred
tasks, not thousands, and the driver's share of the cores (a submit, two
pickles and a wake-up a task) stays small.
"""
from __future__ import annotations

import os
import time
from collections import deque
from itertools import islice
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, Iterable, Iterator

from ..errors import XCCError
from .pools import _is_dask_client, _stop_processes, context, lifeline, dask_hint
from .task import install


def _executor(jobs, executor, scheduler, local_cluster):
    """(executor, workers, what to close, renew-able)."""
    given = [x is not None for x in (jobs, executor, scheduler, local_cluster)]
    if sum(given) != 1:
        raise XCCError("give one of jobs, executor, scheduler, local_cluster")
    if jobs is not None:
        if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
            raise XCCError(f"jobs must be a positive integer, not {jobs!r}")
        ctx = context()
        pool = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=install,
                                   initargs=("", None, None, lifeline(ctx)))
        return pool, jobs, [pool], True
    if executor is not None and not _is_dask_client(executor):
        if not isinstance(executor, Executor):
            raise XCCError(f"expected a concurrent.futures.Executor, not "
                           f"{type(executor).__name__}")
        return executor, getattr(executor, "_max_workers", None) or os.cpu_count() or 1, [], False
    try:
        import distributed  # optional dependency, imported only when asked for
    except ImportError:
        raise XCCError(dask_hint()) from None
    own = []
    client = executor if executor is not None else scheduler
    if local_cluster is not None:
        cluster = distributed.LocalCluster(n_workers=local_cluster, threads_per_worker=1,
                                           processes=True, dashboard_address=None)
        client = distributed.Client(cluster)
        own = [client, cluster]
    elif isinstance(client, str):
        client = distributed.Client(client, timeout=10)
        own = [client]
    workers = max(1, sum(client.nthreads().values()))
    return client.get_executor(pure=False), workers, own, False


TASK_SECONDS = 0.1  # a task's CPU time aimed at, at the rate of the last task done
MAX_CHUNK = 256  # items a task at most


def _chunk(fn: Callable, items: list) -> tuple[list, float]:
    """A task: ``fn`` of each item, and the CPU time they took."""
    start = time.process_time()
    return [fn(item) for item in items], time.process_time() - start


def map_each(fn: Callable, items: Iterable, *, jobs: int | None = None, executor=None,
             scheduler=None, local_cluster: int | None = None,
             in_flight: int = 4) -> Iterator:
    """``fn(item)`` for each item, in order, computed over the executor."""
    pool, workers, own, renewable = _executor(jobs, executor, scheduler, local_cluster)
    items = iter(items)
    running: deque = deque()  # (chunk of items, future), in the order of the items
    done = False
    size, rate = 1, None  # the last task's items, and CPU seconds an item in the last done

    def submit(chunk: list):
        try:
            return pool.submit(_chunk, fn, chunk)
        except BrokenProcessPool:  # a worker died since the last result
            return None

    try:
        while True:
            while not done and len(running) < in_flight * workers:
                if rate is not None:  # TASK_SECONDS at the last rate; at most twice the last
                    size = max(1, min(MAX_CHUNK, 2 * size,
                                      int(TASK_SECONDS / rate) if rate > 0 else MAX_CHUNK))
                chunk = list(islice(items, size))
                done = len(chunk) < size
                if not chunk:
                    break
                running.append((chunk, submit(chunk)))
            if not running:
                return
            chunk, future = running[0]
            try:
                if future is None:
                    raise BrokenProcessPool("a worker died")
                results, seconds = future.result()
            except BrokenProcessPool:
                if not renewable:
                    raise
                _stop_processes(pool)
                pool.shutdown(wait=False, cancel_futures=True)
                ctx = context()
                pool = ProcessPoolExecutor(workers, mp_context=ctx, initializer=install,
                                           initargs=("", None, None, lifeline(ctx)))
                own[0] = pool
                running = deque((c, submit(c)) for c, _ in running)
                continue
            running.popleft()
            rate = seconds / len(chunk)
            yield from results
    finally:
        for _, future in running:
            if future is not None:
                future.cancel()
        for thing in own:
            if isinstance(thing, ProcessPoolExecutor):
                if running:
                    _stop_processes(thing)
                thing.shutdown(wait=not running, cancel_futures=True)
            else:
                thing.close()

