"""The page's server's workers: a fixed pool of daemon threads taking calls from one
queue (``masyu.play.connections`` hands them the connections whose request head is whole)."""
from __future__ import annotations

import queue
import threading
from typing import Any, Callable


class Workers:
    """A fixed pool of daemon threads taking calls from one queue.  (Not a
    ThreadPoolExecutor: the interpreter joins its threads at exit, so a stopped server
    waited for every answer in flight, a hint up to its 30 s deadline; these end with
    the process.)"""

    def __init__(self, n: int, name: str) -> None:
        self._calls: queue.SimpleQueue[tuple[Callable[..., Any], tuple] | None] = \
            queue.SimpleQueue()
        self._threads = [threading.Thread(target=self._run, name=f"{name}-{k}", daemon=True)
                         for k in range(n)]
        for t in self._threads:
            t.start()

    def _run(self) -> None:
        while (call := self._calls.get()) is not None:
            call[0](*call[1])

    def submit(self, fn: Callable[..., Any], *args: Any) -> None:
        self._calls.put((fn, args))

    def shutdown(self) -> None:
        """Each thread ends after the call it is making (none is waited for); calls
        not yet started are dropped (their connections are closed by the server)."""
        try:
            while True:
                self._calls.get_nowait()
        except queue.Empty:
            pass
        for _ in self._threads:
            self._calls.put(None)
