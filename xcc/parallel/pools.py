"""Where tasks run: a process pool, any ``concurrent.futures.Executor``, or Dask.

``open_pool`` turns the caller's choice (``jobs=N``, ``executor=E``,
``scheduler=ADDRESS`` or a ``distributed.Client``, ``local_cluster=N``) into
a ``Pool``: ``submit`` a task, ``renew`` after a worker died, ``close``.  Each
kind carries the problem once per worker: our process pool installs it in
its initializer, a Dask cluster gets it scattered to every worker, and any
other executor is sent it with the first task a worker answers
``NEED_PROBLEM`` to.  Processes start by forkserver (or spawn): nothing
relies on fork, as Python 3.14's default on Linux requires.  Dask is an
optional dependency (the extra ``dask``), imported only when asked for.
"""
from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor

from ..errors import XCCError
from .task import install, payload, problem_key, run_task

DASK_HINT = "Dask is not installed: pip install 'xcc-masyu[dask]' (or dask[distributed])"


def context():
    """forkserver where there is one, else spawn: never fork."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


class Pool:
    """Tasks over one executor, the problem sent once per worker."""

    def __init__(self, problem, cycle, *, jobs: int | None = None,
                 executor: Executor | None = None, scheduler=None,
                 local_cluster: int | None = None) -> None:
        given = [x is not None for x in (jobs, executor, scheduler, local_cluster)]
        if sum(given) != 1:
            raise XCCError("give one of jobs, executor, scheduler, local_cluster")
        self.key = problem_key(problem, cycle)
        self._problem, self._cycle = problem, cycle
        self._bytes: bytes | None = None
        self._own = None  # what we started and must stop: a pool, or (client, cluster)
        self.kind = "executor"
        self._data = None  # what each task is sent as the problem
        if jobs is not None:
            if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
                raise XCCError(f"jobs must be a positive integer, not {jobs!r}")
            self.kind, self.workers = "processes", jobs
            self._executor = self._own = self._process_pool(jobs)
        elif executor is not None:
            if _is_dask_client(executor):
                self._dask(executor, None)
            elif not isinstance(executor, Executor):
                raise XCCError(f"expected a concurrent.futures.Executor or a distributed.Client, "
                               f"not {type(executor).__name__}")
            else:
                self._executor = executor
                self.workers = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
        else:
            self._dask(scheduler, local_cluster)

    # ---- the kinds ---------------------------------------------------------------

    def _process_pool(self, n: int) -> ProcessPoolExecutor:
        if self._bytes is None:
            self._bytes = payload(self._problem, self._cycle)
        return ProcessPoolExecutor(n, mp_context=context(), initializer=install,
                                   initargs=(self.key, self._bytes))

    def _dask(self, scheduler, local_cluster) -> None:
        try:
            import distributed  # optional dependency, imported only when asked for
        except ImportError:
            raise XCCError(DASK_HINT) from None
        self.kind = "dask"
        if local_cluster is not None:
            if isinstance(local_cluster, bool) or not isinstance(local_cluster, int) \
                    or local_cluster < 1:
                raise XCCError(f"local_cluster must be a positive integer, not "
                               f"{local_cluster!r}")
            cluster = distributed.LocalCluster(n_workers=local_cluster, threads_per_worker=1,
                                               processes=True, dashboard_address=None)
            client = distributed.Client(cluster)
            self._own = (client, cluster)
        elif isinstance(scheduler, str):
            try:
                client = distributed.Client(scheduler, timeout=10)
            except (OSError, TimeoutError, ValueError) as error:
                raise XCCError(f"scheduler {scheduler!r}: cannot connect ({error})") from None
            self._own = (client, None)
        elif _is_dask_client(scheduler):
            client = scheduler
        else:
            raise XCCError(f"scheduler must be an address or a distributed.Client, not "
                           f"{type(scheduler).__name__}")
        self.client = client
        self.workers = max(1, sum(client.nthreads().values()))
        self._data = client.scatter([(self._problem, self._cycle)], broadcast=True,
                                    hash=False)[0]  # a key of its own: no race with a release
        self._executor = client.get_executor(pure=False)

    # ---- use ---------------------------------------------------------------------

    def submit(self, engine, prefixes, budget: int, keep: bool, with_problem: bool = False):
        data = self._data
        if with_problem:
            if self._bytes is None:
                self._bytes = payload(self._problem, self._cycle)
            data = self._bytes
        return self._executor.submit(run_task, self.key, data, engine, prefixes, budget, keep)

    def renew(self) -> None:
        """After a worker died (BrokenProcessPool): a new pool of as many."""
        broken = self._executor
        if self.kind == "dask":
            return  # the Dask scheduler reruns a lost worker's tasks itself
        _stop_processes(broken)
        broken.shutdown(wait=False, cancel_futures=True)
        self._executor = self._own = self._process_pool(self.workers)

    def close(self, stop: bool = False) -> None:
        """Shut down what we started; ``stop``: kill the tasks under way too
        (after Ctrl-C: a task may run for seconds)."""
        own, self._own = self._own, None
        if isinstance(own, ProcessPoolExecutor):
            if stop:
                _stop_processes(own)
            own.shutdown(wait=not stop, cancel_futures=True)
        elif isinstance(own, tuple):
            client, cluster = own
            client.close()
            if cluster is not None:
                cluster.close()
        elif self.kind == "dask":
            self._executor.shutdown(wait=False)

    def __enter__(self) -> "Pool":
        return self

    def __exit__(self, kind, *rest) -> None:
        self.close(stop=kind is not None)


def _is_dask_client(obj) -> bool:
    return type(obj).__module__.startswith("distributed") and hasattr(obj, "scatter")


def _stop_processes(executor: ProcessPoolExecutor) -> None:
    """Kill the pool's worker processes (the executor has no public way)."""
    for process in list(getattr(executor, "_processes", {}).values()):
        if process.is_alive():
            process.kill()


def worker_pids(pool: Pool) -> list[int]:
    """The process ids of a process pool's workers (for tests that kill one)."""
    executor = pool._executor
    return [p.pid for p in getattr(executor, "_processes", {}).values()]
