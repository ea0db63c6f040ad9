"""Connections of the page's server: many may wait, a few threads work.

The standard library's ``ThreadingHTTPServer`` gives every connection a thread
for as long as it stays open, so 1,000 idle connections are 1,000 threads, and
a slow client holds its thread as long as it likes.  Here one thread waits on
every connection at once (a selector) until a request's head has arrived whole
(up to its blank line), and only then hands the connection to one of a fixed
pool of workers, which reads the body, answers, and gives the connection back.
So the threads are ``WORKERS`` + 1 whatever the clients do, and every wait has
a deadline:

- an idle connection (nothing sent since its last answer) is closed after
  ``IDLE_SECONDS``; when ``MAX_CONNECTIONS`` are open, the longest idle one
  makes room for a new one (or the new one is refused with a 503 when none is
  idle);
- a request's head must arrive whole within ``HEAD_SECONDS`` of its first byte
  and fit in ``MAX_HEAD`` bytes (a 408 or a 431 otherwise: slow-loris clients
  cost a file descriptor, never a thread);
- its body within ``BODY_SECONDS``, an answer's bytes within ``SEND_SECONDS``.

This module is the waiting thread: it accepts, waits on, refuses and closes the
connections.  A connection, its limits and the files its handler reads and writes are
:mod:`masyu.play.streams`; which thread answers a request whose head is whole (the quick
ones on the waiting thread itself), and how an answer that waits for a job holds no
thread (``Later``), :mod:`masyu.play.answering`.  ``Later`` and the limits are imported
from here too, as before.
"""
from __future__ import annotations

import collections
import queue
import re
import selectors
import socket
import socketserver
import threading
import time
from typing import Any

from .answering import Answering
from .answering import Later  # noqa: F401 - as before
from .requests import error_json
from .streams import HEAD_SECONDS, IDLE_SECONDS, LINGER_SECONDS, MAX_HEAD, Conn
from .streams import BODY_SECONDS, SEND_SECONDS  # noqa: F401 - as before
from .workers import Workers

WORKERS = 16             # threads answering requests (generation runs in child processes)
MAX_CONNECTIONS = 512    # open connections, idle or not
BACKLOG = 128            # connections the kernel queues before they are accepted
_HEAD_END = re.compile(rb"\r?\n\r?\n")


def canned(status: int, reason: str, message: str) -> bytes:
    """A whole answer that closes the connection (for refusals made outside a handler)."""
    body = error_json(message)
    return (f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode("ascii") + body


class BoundedServer(Answering, socketserver.TCPServer):
    """A TCP server whose handler is a ``BaseHTTPRequestHandler`` run one request at a
    time by a fixed pool of workers (a quick one by the waiting thread: the answering half,
    :class:`~masyu.play.answering.Answering`); ``serve_forever``, ``shutdown`` and
    ``server_close`` as in :mod:`socketserver` (a context manager)."""

    request_queue_size = BACKLOG
    allow_reuse_address = True
    workers = WORKERS
    max_connections = MAX_CONNECTIONS

    def __init__(self, address: Any, handler: Any) -> None:
        self._back: queue.SimpleQueue[Conn] = queue.SimpleQueue()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)     # full: a wake is pending already (and the
                                            # waiting thread itself wakes itself too)
        self._stop = threading.Event()
        self._stopped = threading.Event()
        self._stopped.set()
        self._conns: dict[socket.socket, Conn] = {}
        self._idle: collections.OrderedDict[socket.socket, Conn] = collections.OrderedDict()
        super().__init__(address, handler)    # a failed bind closes all of it (server_close)

    # -- the waiting thread ---------------------------------------------------

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        self._stop.clear()
        self._stopped.clear()
        sel = selectors.DefaultSelector()
        pool = Workers(self.workers, "masyu-play")
        self.socket.setblocking(False)
        sel.register(self.socket, selectors.EVENT_READ, "listen")
        sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        self._sel, self._pool = sel, pool
        try:
            while not self._stop.is_set():
                for key, _ in sel.select(min(poll_interval, 0.25)):
                    if key.data == "listen":
                        self._accept()
                    elif key.data == "wake":
                        self._drain()
                    else:
                        self._readable(key.data)
                self._expire(time.monotonic())
        finally:
            pool.shutdown()
            for conn in list(self._conns.values()):
                self._close(conn)
            sel.close()
            self._stopped.set()

    def shutdown(self) -> None:
        """Stop ``serve_forever`` (from another thread) and wait until it has."""
        self._stop.set()
        try:
            self._wake_w.send(b"x")
        except OSError:
            pass
        self._stopped.wait()

    def server_close(self) -> None:
        super().server_close()
        self._wake_r.close()
        self._wake_w.close()

    def _accept(self) -> None:
        for _ in range(64):
            try:
                sock, address = self.socket.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:           # out of descriptors, or the client left: try later
                return
            if len(self._conns) >= self.max_connections and not self._evict():
                self._refuse(sock, canned(503, "Service Unavailable",
                                          "the server has too many connections; try again"))
                continue
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            conn = Conn(sock, address)
            self._conns[sock] = conn
            self._wait(conn)

    def _evict(self) -> bool:
        """Close the longest idle connection to make room; False if none is idle."""
        for sock, conn in self._idle.items():
            if conn.closing or not conn.started:
                self._close(conn)
                return True
        return False

    def _wait(self, conn: Conn) -> None:
        """Wait (in the selector) for the rest of ``conn``'s next request head."""
        self._idle[conn.sock] = conn
        self._sel.register(conn.sock, selectors.EVENT_READ, conn)
        self._advance(conn)

    def _drain(self) -> None:
        try:
            while self._wake_r.recv(4096):
                pass
        except (BlockingIOError, InterruptedError):
            pass
        for _ in range(self._back.qsize()):  # those back now: one answered here comes
            try:                              # back after the next select, not in a loop
                conn = self._back.get_nowait()
            except queue.Empty:
                return
            conn.sock.setblocking(False)
            if conn.closing:
                self._linger(conn)
                continue
            conn.started, conn.idle_since = False, time.monotonic()
            conn.deadline = conn.idle_since + IDLE_SECONDS
            self._wait(conn)

    def _linger(self, conn: Conn) -> None:
        """Drop what the client still sends until it closes or LINGER_SECONDS pass."""
        try:
            conn.sock.shutdown(socket.SHUT_WR)
        except OSError:
            self._close(conn)
            return
        conn.closing, conn.deadline = True, time.monotonic() + LINGER_SECONDS
        conn.buffer.clear()
        self._idle[conn.sock] = conn
        self._sel.register(conn.sock, selectors.EVENT_READ, conn)

    def _readable(self, conn: Conn) -> None:
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._close(conn)
            return
        if conn.closing:
            if not data:
                self._close(conn)
            return
        if not data:
            if conn.started:
                self._refuse_conn(conn, 400, "Bad Request",
                                  "request: the connection ended before the blank line "
                                  "that ends a request's headers")
            else:
                self._close(conn)
            return
        conn.buffer += data
        self._advance(conn)

    def _advance(self, conn: Conn) -> None:
        """Start a request's deadline at its first byte; hand its head to a worker once whole."""
        if not conn.started:
            while conn.buffer[:1] in (b"\r", b"\n"):      # blank lines before a request
                del conn.buffer[:1]
            if not conn.buffer:
                return
            conn.started = True
            conn.deadline = time.monotonic() + HEAD_SECONDS
        end = _HEAD_END.search(conn.buffer)
        if end is not None:
            self._sel.unregister(conn.sock)
            self._idle.pop(conn.sock, None)
            if self.quick(bytes(conn.buffer[:end.end()]), len(conn.buffer) - end.end()):
                self._answer_here(conn)
                return
            conn.sock.setblocking(True)
            self._pool.submit(self._work, conn)
        elif len(conn.buffer) > MAX_HEAD:
            status = (431, "Request Header Fields Too Large") if b"\n" in conn.buffer else \
                (414, "URI Too Long")
            self._refuse_conn(conn, *status, f"request: a head larger than {MAX_HEAD} bytes")

    def _expire(self, now: float) -> None:
        for conn in [c for c in self._idle.values() if c.deadline < now]:
            if conn.started and not conn.closing:
                self._refuse_conn(conn, 408, "Request Timeout",
                                  f"request: its head did not arrive within {HEAD_SECONDS:g} s")
            else:
                self._close(conn)

    def _refuse(self, sock: socket.socket, answer: bytes) -> None:
        try:
            sock.setblocking(False)
            sock.send(answer)
            sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        sock.close()

    def _refuse_conn(self, conn: Conn, status: int, reason: str, message: str) -> None:
        self._forget(conn)
        self._conns[conn.sock] = conn
        try:
            conn.sock.setblocking(True)
            conn.sock.settimeout(1.0)
            conn.sock.sendall(canned(status, reason, message))
            conn.sock.setblocking(False)
        except OSError:
            self._close(conn)
            return
        self._linger(conn)

    def _forget(self, conn: Conn) -> None:
        self._conns.pop(conn.sock, None)
        self._idle.pop(conn.sock, None)
        try:
            self._sel.unregister(conn.sock)
        except (KeyError, ValueError):
            pass

    def _close(self, conn: Conn) -> None:
        self._forget(conn)
        try:
            conn.sock.close()
        except OSError:
            pass

    # -- back to the waiting thread ------------------------------------------

    def _give_back(self, conn: Conn, keep: bool) -> None:
        # the selector thread owns the tables: the connection goes back to it, to wait
        # for its next request or (closing) to drain and close
        conn.closing = not keep or self._stop.is_set()
        self._back.put(conn)
        try:
            self._wake_w.send(b"x")
        except OSError:
            pass
