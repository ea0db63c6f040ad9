"""Generation under a deadline: each puzzle is made in a child process that is ended
when its time is up, and at most ``workers`` children run at once.

The generator bounds its own work in steps (so a seed gives one puzzle
everywhere), not in seconds; a thread cannot be stopped, a process can.  On
Linux the children fork from a ``forkserver`` that has imported masyu once and run a
small job of each kind (:mod:`.warm`: every lazy import made)
(a fresh child costs milliseconds, and no thread of the server is copied);
elsewhere they are spawned.  The daily puzzles are kept once made (a day's
puzzle never changes), the last ``DAILY_CACHE`` of them.
"""
from __future__ import annotations

import datetime
import multiprocessing
import threading
from collections import OrderedDict
from typing import Any, Callable

from ..errors import MasyuError
from . import api

GENERATION_SECONDS = 30.0   # one puzzle's deadline (a 20x20 takes about 2 s)
WORKERS = 2                 # children at once (this is a local server for one player)
DAILY_CACHE = 64


class Unavailable(Exception):
    """The server cannot make the puzzle now (busy, or past the deadline): HTTP 503."""


# The jobs a child may run, by name: a request never names a function.
_JOBS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "daily": api.daily_response,
    "zen": api.zen_response,
    "hint": api.hint_response,   # a search for the solution: under the deadline too
}


def _child(conn: Any, job: str, arg: Any) -> None:
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


class Jobs:
    """Runs generation jobs in children under a deadline (the forkserver, if any, ends
    with the interpreter)."""

    def __init__(self, seconds: float = GENERATION_SECONDS, workers: int = WORKERS) -> None:
        self.seconds = seconds
        self._slots = threading.BoundedSemaphore(workers)
        self._ctx = _context()
        self._daily: OrderedDict[datetime.date, dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def run(self, job: str, arg: Any) -> dict[str, Any]:
        """The job's answer; MasyuError for bad input, Unavailable past the deadline or
        when every worker is busy that long, RuntimeError if the child failed."""
        if not self._slots.acquire(timeout=self.seconds):
            raise Unavailable("the server is busy making other puzzles; try again")
        try:
            parent, child = self._ctx.Pipe(duplex=False)
            proc = self._ctx.Process(target=_child, args=(child, job, arg), daemon=True)
            proc.start()
            child.close()
            try:
                if not parent.poll(self.seconds):
                    raise Unavailable(f"making this puzzle took longer than {self.seconds:g} s; "
                                      "try a smaller board or another seed")
                answer = parent.recv()
            except EOFError:
                raise RuntimeError("the generating process ended without an answer") from None
            finally:
                parent.close()
                if proc.is_alive():
                    proc.terminate()
                proc.join(5)
        finally:
            self._slots.release()
        if answer[0] == "bad":
            raise MasyuError(answer[1], answer[2])
        if answer[0] == "crash":
            raise RuntimeError(answer[1])
        return answer[1]

    def daily(self, date: datetime.date) -> dict[str, Any]:
        """The day's puzzle, made once and kept."""
        with self._lock:
            if date in self._daily:
                self._daily.move_to_end(date)
                return self._daily[date]
        found = self.run("daily", date)
        with self._lock:
            self._daily[date] = found
            while len(self._daily) > DAILY_CACHE:
                self._daily.popitem(last=False)
        return found

    def zen(self, args: dict[str, Any]) -> dict[str, Any]:
        return self.run("zen", args)
