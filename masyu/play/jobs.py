"""Generation under a deadline: each puzzle is made in a child process that is ended
when its time is up, and at most ``workers`` children run at once.

The generator bounds its own work in steps (so a seed gives one puzzle
everywhere), not in seconds; a thread cannot be stopped, a process can.  On
Linux the children fork from a ``forkserver`` that has imported masyu once and run a
small job of each kind (:mod:`.warm`: every lazy import made)
(a fresh child costs milliseconds, and no thread of the server is copied);
elsewhere they are spawned.  The daily puzzles are kept once made (a day's
puzzle never changes), the last ``DAILY_CACHE`` of them, and a day asked for again
while it is being made waits for the same child.

Nobody's thread waits for a child: :meth:`Jobs.submit` queues the job and returns a
``concurrent.futures.Future`` at once, and one thread of the ``Jobs`` (started with
its first job) starts the children as slots free, waits on all their pipes and
deadlines at once, and answers each future.  So the page's server hands its worker
back while a hint is searched (:mod:`masyu.play.answering`, ``Later``): under 20
clients, 16 workers that each waited for one of the two children were the p99 of
the cheap routes (issue 36).  :meth:`Jobs.run` and :meth:`Jobs.daily` wait, for
callers that may block (the service's thread pool).  The children run at niceness
``NICENESS``: on a busy machine the server's own answers (a few hundred microseconds
each) get a core before a search does.
"""
from __future__ import annotations

import collections
import datetime
import multiprocessing
import os
import socket
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future
from multiprocessing import connection
from typing import Any, Callable

from ..errors import MasyuError
from . import api

GENERATION_SECONDS = 30.0   # one puzzle's deadline (a 20x20 takes about 2 s)
WORKERS = 2                 # children at once (this is a local server for one player)
DAILY_CACHE = 64
NICENESS = 10               # the children's: the server's answers and the page come first


class Unavailable(Exception):
    """The server cannot make the puzzle now (busy, or past the deadline): HTTP 503."""


# The jobs a child may run, by name: a request never names a function.
_JOBS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "daily": api.daily_response,
    "zen": api.zen_response,
    "hint": api.hint_response,   # a search for the solution: under the deadline too
}


def _child(conn: Any, job: str, arg: Any) -> None:
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    try:
        conn.send(("ok", _JOBS[job](arg)))
    except MasyuError as err:
        conn.send(("bad", err.message, err.where))
    except Exception as err:  # reported to the parent as a 500, without a traceback
        conn.send(("crash", f"{type(err).__name__}: {err}"[:300]))
    finally:
        conn.close()


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["masyu.play.jobs", "masyu.play.warm"])   # children warm
        return ctx
    return multiprocessing.get_context("spawn")


class _Job:
    """One job: queued until ``wait_until`` at most, then run in ``proc`` until ``deadline``."""

    __slots__ = ("name", "arg", "future", "wait_until", "proc", "deadline")

    def __init__(self, name: str, arg: Any, wait_until: float) -> None:
        self.name, self.arg, self.wait_until = name, arg, wait_until
        self.future: Future[dict[str, Any]] = Future()
        self.proc: Any = None
        self.deadline = 0.0


def _answer(future: Future, answer: tuple) -> None:
    """Answer a job's future with what its child sent."""
    if answer[0] == "ok":
        future.set_result(answer[1])
    elif answer[0] == "bad":
        future.set_exception(MasyuError(answer[1], answer[2]))
    else:
        future.set_exception(RuntimeError(answer[1]))


class Jobs:
    """Runs generation jobs in children under a deadline, answering futures (the forkserver,
    if any, the children and the waiting thread end with the interpreter)."""

    def __init__(self, seconds: float = GENERATION_SECONDS, workers: int = WORKERS) -> None:
        self.seconds = seconds
        self.workers = workers
        self._ctx = _context()
        self._daily: OrderedDict[datetime.date, dict[str, Any]] = OrderedDict()
        self._making: dict[datetime.date, Future[dict[str, Any]]] = {}
        self._lock = threading.Lock()
        self._queue: collections.deque[_Job] = collections.deque()   # under _lock
        self._running: dict[Any, _Job] = {}                # pipe -> job (the thread's own)
        self._ending: dict[int, Any] = {}          # sentinel -> a child answered or ended,
                                                   # to join once it has exited (its own)
        self._thread: threading.Thread | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)

    # -- the callers' side ----------------------------------------------------

    def submit(self, job: str, arg: Any) -> Future[dict[str, Any]]:
        """The job's answer to come: its result, or MasyuError for bad input, Unavailable
        past the deadline or when every slot stays busy that long, RuntimeError if the
        child failed."""
        with self._lock:
            return self._submit(job, arg)

    def _submit(self, job: str, arg: Any) -> Future[dict[str, Any]]:
        item = _Job(job, arg, time.monotonic() + self.seconds)
        self._queue.append(item)
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="masyu-jobs", daemon=True)
            self._thread.start()
        try:
            self._wake_w.send(b"x")
        except OSError:
            pass
        return item.future

    def run(self, job: str, arg: Any) -> dict[str, Any]:
        """The job's answer, waited for (errors as :meth:`submit`'s)."""
        return self.submit(job, arg).result()

    def submit_daily(self, date: datetime.date) -> Future[dict[str, Any]]:
        """The day's puzzle to come: made once and kept (asked again while it is being
        made: the same future)."""
        with self._lock:
            if date in self._daily:
                self._daily.move_to_end(date)
                done: Future[dict[str, Any]] = Future()
                done.set_result(self._daily[date])
                return done
            if date in self._making:
                return self._making[date]
            future = self._making[date] = self._submit("daily", date)
        future.add_done_callback(lambda f: self._keep(date, f))
        return future

    def _keep(self, date: datetime.date, future: Future) -> None:
        with self._lock:
            self._making.pop(date, None)
            if future.exception() is None:
                self._daily[date] = future.result()
                while len(self._daily) > DAILY_CACHE:
                    self._daily.popitem(last=False)

    def daily(self, date: datetime.date) -> dict[str, Any]:
        """The day's puzzle, made once and kept (waited for)."""
        return self.submit_daily(date).result()

    def zen(self, args: dict[str, Any]) -> dict[str, Any]:
        return self.run("zen", args)

    # -- the waiting thread ---------------------------------------------------

    def _loop(self) -> None:
        try:
            self._serve()
        except BaseException as err:  # a bug here: fail every job it holds, not hang them
            with self._lock:
                jobs = [*self._queue, *self._running.values()]
                self._queue.clear()
                self._running.clear()
                self._thread = None           # the next job starts a new thread
            for job in jobs:
                if not job.future.done():
                    job.future.set_exception(RuntimeError(f"the jobs' thread failed: {err}"))
            raise

    def _serve(self) -> None:
        while True:
            self._start()
            now = time.monotonic()
            with self._lock:
                deadlines = [j.deadline for j in self._running.values()]
                deadlines += [self._queue[0].wait_until] if self._queue else []
            timeout = max(0.0, min(deadlines) - now) if deadlines else None
            waits = [self._wake_r, *self._running, *self._ending]
            for ready in connection.wait(waits, timeout):
                if ready is self._wake_r:
                    try:
                        while self._wake_r.recv(4096):
                            pass
                    except (BlockingIOError, InterruptedError):
                        pass
                elif ready in self._running:
                    job = self._running.pop(ready)
                    try:
                        answer = ready.recv()
                    except (EOFError, OSError):
                        answer = ("crash", "the generating process ended without an answer")
                    _answer(job.future, answer)     # answered first, the child joined later
                    self._end(ready, job)
                else:
                    proc = self._ending.pop(ready)
                    proc.join(5)
                    proc.close()
            self._expire(time.monotonic())

    def _start(self) -> None:
        """Start queued jobs while a slot is free."""
        while len(self._running) < self.workers:
            with self._lock:
                if not self._queue:
                    return
                job = self._queue.popleft()
            parent, child = self._ctx.Pipe(duplex=False)
            try:
                job.proc = self._ctx.Process(target=_child, args=(child, job.name, job.arg),
                                             daemon=True)
                job.proc.start()
            except Exception as err:  # out of processes or memory: this job fails, not all
                parent.close()
                job.future.set_exception(RuntimeError(f"cannot start a child: {err}"[:300]))
                continue
            finally:
                child.close()
            job.deadline = time.monotonic() + self.seconds
            self._running[parent] = job

    def _expire(self, now: float) -> None:
        """Jobs past their deadline: their children ended, their futures answered 503."""
        for pipe, job in [(p, j) for p, j in self._running.items() if j.deadline <= now]:
            del self._running[pipe]
            self._end(pipe, job)
            job.future.set_exception(Unavailable(
                f"making this puzzle took longer than {self.seconds:g} s; "
                "try a smaller board or another seed"))
        with self._lock:
            late = []
            while self._queue and self._queue[0].wait_until <= now:
                late.append(self._queue.popleft())
        for job in late:
            job.future.set_exception(Unavailable("the server is busy making other puzzles; "
                                                 "try again"))

    def _end(self, pipe: Any, job: _Job) -> None:
        """Close a job's pipe and end its child (it frees its slot now; it is joined once it
        has exited: waiting here for it, and for the forkserver that reports it, held up
        the other child's answer and the next start)."""
        pipe.close()
        if job.proc.is_alive():
            job.proc.terminate()
        self._ending[job.proc.sentinel] = job.proc
