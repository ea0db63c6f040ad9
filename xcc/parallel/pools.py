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
from multiprocessing import resource_tracker
import os
import signal
import threading
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import nullcontext

from ..distribution import install_hint
from ..errors import XCCError
from ..interrupts import held
from .task import install, payload, problem_key, ready, run_task, shipped

def dask_hint() -> str:
    """What to do when Dask is missing (naming the distribution xcc came in)."""
    return f"Dask is not installed: {install_hint('dask')} (or dask[distributed])"


def context():
    """forkserver where there is one, else spawn: never fork.  The fork
    server imports ``xcc.parallel.preload`` (the workers' module, the pool's
    worker code, one BLAS thread) once, before it forks any worker."""
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" not in methods:
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["__main__", "xcc.parallel.preload"])  # as by default, and ours
    return ctx


_LIFELINE: tuple | None = None  # (reader, writer): the pipe only this process writes to


def lifeline(ctx):
    """The reading end of a pipe whose writing end only this process holds
    (made once): our pools' workers are given it (``task.install``) and end
    when it closes, that is, when this process dies, even killed outright."""
    global _LIFELINE
    if _LIFELINE is None:
        _LIFELINE = ctx.Pipe(duplex=False)
    return _LIFELINE[0]


_prestarted: threading.Thread | None = None  # the thread of prestart(), once started


def prestart() -> threading.Thread | None:
    """Start the fork server (and multiprocessing's resource tracker) now, in a
    thread, for a process pool opened later: a command calls this as soon as
    its arguments ask for one, so that the server's start (a Python and the
    preload's imports, a tenth of a second or more on the other core)
    overlaps the command's own imports and the reading of the problem, and
    the pool's workers are forked at once.  Once a process: the thread, or
    None where there is no fork server (spawn starts every worker anew)."""
    global _prestarted
    if _prestarted is None and "forkserver" in multiprocessing.get_all_start_methods():
        _prestarted = threading.Thread(target=_start_forkserver, name="xcc-forkserver-start",
                                       daemon=True)
        _prestarted.start()
    return _prestarted


def _block_interrupts() -> None:
    """In a thread that starts processes: the stop signals (Ctrl-C, SIGTERM,
    SIGHUP: ``xcc.interrupts.STOPS``) are the driver's (the main thread's),
    so block them here, and the processes this thread starts (the fork
    server, and the workers forked from it, or spawned) inherit them
    blocked: a ``timeout`` or a closed terminal that signals the whole
    process group stops the driver, which stops its workers, instead of
    killing the workers under it; and no traceback from a fork server still
    importing the engines.  The resource tracker first: starting it unblocks
    SIGINT and SIGTERM (which it ignores) in the thread that does; SIGHUP,
    which would end it, is blocked before, so that it inherits it blocked."""
    if hasattr(signal, "pthread_sigmask"):
        from ..interrupts import STOPS
        signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
        resource_tracker.ensure_running()
        signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)


def _start_forkserver() -> None:
    try:
        _block_interrupts()
        context()  # its preload
        from multiprocessing import forkserver
        forkserver.ensure_running()
    except Exception:
        pass  # the pool's own start meets the same failure, and reports it


class Pool:
    """Tasks over one executor, the problem sent once per worker (made
    ready for ``engine``, the one the tasks name: ``task.shipped``)."""

    def __init__(self, problem, cycle, *, jobs: int | None = None,
                 executor: Executor | None = None, scheduler=None,
                 local_cluster: int | None = None, engine=None) -> None:
        given = [x is not None for x in (jobs, executor, scheduler, local_cluster)]
        if sum(given) != 1:
            raise XCCError("give one of jobs, executor, scheduler, local_cluster")
        # the problem as this engine ships it (``task.shipped``): a worker, or this process
        # (``InProcess``), may hold the same problem made ready for another engine
        self.key = f"{problem_key(problem, cycle)}:{getattr(engine, 'name', engine)}"
        self._problem, self._cycle, self._engine = problem, cycle, engine
        self._bytes: bytes | None = None
        self._own = None  # what we started and must stop: a pool, or (client, cluster)
        self.kind = "executor"
        self._data = None  # what each task is sent as the problem
        self._hurry = None  # the process pool's shared flag (xcc.parallel.task.install)
        self._pings: list = []  # one ready() a worker: answered once the processes are up
        self._up = True  # a worker is up (a process pool: its first ping answered)
        self._starting: threading.Thread | None = None  # the thread starting our processes
        self._failed: BaseException | None = None  # what stopped it
        if jobs is not None:
            if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
                raise XCCError(f"jobs must be a positive integer, not {jobs!r}")
            self.kind, self.workers = "processes", jobs
            # started in a thread: the driver works meanwhile (the processes
            # take a few tenths of a second to be forked and import the engines)
            self._starting = threading.Thread(target=self._start_processes, args=(jobs,),
                                              name="xcc-pool-start", daemon=True)
            self._starting.start()
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

    def _start_processes(self, n: int) -> None:
        _block_interrupts()
        try:
            self._executor = self._own = self._process_pool(n)
        except BaseException as error:  # given to the driver by _started()
            self._failed = error

    def _started(self) -> None:
        """Wait for the thread starting the processes (re-raise its error)."""
        if self._starting is not None:
            self._starting.join()
            self._starting = None
            if self._failed is not None:
                raise self._failed

    def _process_pool(self, n: int) -> ProcessPoolExecutor:
        """n processes, started now (a ping each) while the driver works."""
        if self._bytes is None:
            self._bytes = payload(self._problem, self._cycle, self._engine)
        ctx = context()
        if self._hurry is None:
            self._hurry = ctx.RawValue("b", 0)
        pool = ProcessPoolExecutor(n, mp_context=ctx, initializer=install,
                                   initargs=(self.key, self._bytes, self._hurry, lifeline(ctx)))
        self._up = False
        self._pings = [pool.submit(ready) for _ in range(n)]  # the first answer: a worker is up
        for ping in self._pings:
            ping.add_done_callback(self._answered)
        return pool

    def _answered(self, ping: Future) -> None:
        self._up = True

    def _dask(self, scheduler, local_cluster) -> None:
        self.kind = "dask"
        client, self._own = dask_client(scheduler, local_cluster)
        self.client = client
        self.workers = max(1, sum(client.nthreads().values()))
        self._data = client.scatter([shipped(self._problem, self._cycle, self._engine)],
                                    broadcast=True,
                                    hash=False)[0]  # a key of its own: no race with a release
        self._executor = client.get_executor(pure=False)

    # ---- use ---------------------------------------------------------------------

    def submit(self, engine, prefixes, budget: int, keep: bool, with_problem: bool = False):
        self._started()
        data = self._data
        if with_problem:
            if self._bytes is None:
                self._bytes = payload(self._problem, self._cycle, self._engine)
            data = self._bytes
        return self._executor.submit(run_task, self.key, data, engine, prefixes, budget, keep)

    def ready(self) -> bool:
        """Is a worker up (a process pool's first ping answered; others: yes)?"""
        if self._starting is not None and self._starting.is_alive():
            return False
        return self._up  # (a flag the pool's thread sets: no future's lock taken here)

    def held(self):
        """While the driver's thread touches the pool and its futures: the stop
        signals held (``xcc.interrupts.held``) where the pool's own threads take
        the futures' locks too; not for ``InProcess``, whose tasks run inside
        ``submit``, in this thread (a stop must reach them at once)."""
        if isinstance(getattr(self, "_executor", None), InProcess):
            return nullcontext()
        return held()

    @property
    def hurries(self) -> bool:
        """Has the pool a hurry flag (``hurry``): a process pool of ours."""
        return self.kind == "processes"

    def hurry(self, on: bool) -> None:
        """Ask the running tasks to split at their next slice (a process pool
        only: other executors have no shared flag, their budgets decide)."""
        if self._hurry is not None and self._hurry.value != on:
            self._hurry.value = int(on)

    def renew(self) -> None:
        """After a worker died (BrokenProcessPool): a new pool of as many."""
        self._started()
        broken = self._executor
        if self.kind == "dask":
            return  # the Dask scheduler reruns a lost worker's tasks itself
        _stop_processes(broken)
        broken.shutdown(wait=False, cancel_futures=True)
        self._executor = self._own = self._process_pool(self.workers)

    def close(self, stop: bool = False) -> None:
        """Shut down what we started; ``stop``: kill the tasks under way too
        (after Ctrl-C: a task may run for seconds)."""
        try:
            self._started()
        except Exception:
            pass  # it failed to start: nothing to close
        own, self._own = self._own, None
        if isinstance(own, ProcessPoolExecutor):
            if stop:
                _stop_processes(own)
            own.shutdown(wait=True, cancel_futures=True)  # (killed: quick; no exit-time race)
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


class InProcess(Executor):
    """An executor that runs each task here, at once, in the caller's thread:
    the subproblems of a search run one after another in this process (a
    sequential count resumed from a state, ``masyu count --resume FILE``
    without --jobs).  Ctrl-C inside a task stops it (the task is lost, its
    prefixes pending: only finished tasks count)."""

    _max_workers = 1

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:
            future.set_exception(error)
        return future


def dask_client(scheduler, local_cluster: int | None = None):
    """``(client, own)``: a Dask client for ``scheduler`` (an address or a
    ``distributed.Client``), or for a new ``LocalCluster`` of
    ``local_cluster`` single-threaded worker processes; ``own`` is what we
    started, to close (``(client, cluster or None)``), or None."""
    try:
        import distributed  # optional dependency, imported only when asked for
    except ImportError:
        raise XCCError(dask_hint()) from None
    if local_cluster is not None:
        if isinstance(local_cluster, bool) or not isinstance(local_cluster, int) \
                or local_cluster < 1:
            raise XCCError(f"local_cluster must be a positive integer, not "
                           f"{local_cluster!r}")
        cluster = distributed.LocalCluster(n_workers=local_cluster, threads_per_worker=1,
                                           processes=True, dashboard_address=None)
        client = distributed.Client(cluster)
        return client, (client, cluster)
    if isinstance(scheduler, str):
        try:
            client = distributed.Client(scheduler, timeout=10)
        except (OSError, TimeoutError, ValueError) as error:
            raise XCCError(f"scheduler {scheduler!r}: cannot connect ({error})") from None
        return client, (client, None)
    if _is_dask_client(scheduler):
        return scheduler, None
    raise XCCError(f"scheduler must be an address or a distributed.Client, not "
                   f"{type(scheduler).__name__}")


def _is_dask_client(obj) -> bool:
    return type(obj).__module__.startswith("distributed") and hasattr(obj, "scatter")


def _stop_processes(executor: ProcessPoolExecutor) -> None:
    """Kill the pool's worker processes (the executor has no public way)."""
    for process in list(getattr(executor, "_processes", {}).values()):
        if process.is_alive():
            process.kill()

