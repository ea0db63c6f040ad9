"""Connections of the page's server: many may wait, a few threads work.

Its 490 lines are one state machine (the selector, readers, writers and the
requests waiting for a job share each connection's state); to be split next.

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

The HTTP itself (request line, headers, routes) stays ``http.server``'s
``BaseHTTPRequestHandler``: a worker runs its ``handle_one_request`` over the
bytes already read (``Reader``), then the socket.

A request whose answer waits for a job (a hint, a puzzle made in a child:
:mod:`masyu.play.jobs`) does not keep its worker: the handler leaves a
:class:`Later` (the job's future and how to finish the answer), the worker goes
back to the queue, and the future's completion queues the rest of the answer for
a worker.  (Workers that each waited for one of two job children were the p99 of
the cheap routes under 20 clients: they queued behind those waits.)

A request the server calls quick (:meth:`BoundedServer.quick`: one that reads
nothing more and never blocks, such as the page's GETs) is answered on the
waiting thread itself, its answer sent without blocking and the rest, if the
client is slow to read, handed to a worker: no thread has to wake for it (on a
loaded machine each wake is a wait for a core, the larger part of the p99).
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
from concurrent.futures import Future
from typing import Any, Callable, NamedTuple

from .requests import error_json
from .workers import Workers

WORKERS = 16             # threads answering requests (generation runs in child processes)
MAX_CONNECTIONS = 512    # open connections, idle or not
BACKLOG = 128            # connections the kernel queues before they are accepted
IDLE_SECONDS = 15.0
HEAD_SECONDS = 10.0
BODY_SECONDS = 10.0
SEND_SECONDS = 10.0
LINGER_SECONDS = 2.0     # after a last answer, input is read and dropped this long (so the
                         # client reads the answer instead of a reset)
MAX_HEAD = 64 * 1024     # bytes of a request line and headers together
_HEAD_END = re.compile(rb"\r?\n\r?\n")


def canned(status: int, reason: str, message: str) -> bytes:
    """A whole answer that closes the connection (for refusals made outside a handler)."""
    body = error_json(message)
    return (f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode("ascii") + body


class Later(NamedTuple):
    """A request whose answer waits for ``future``: once it is done, a worker calls
    ``finish(future)``, which writes the answer and says whether to keep the connection."""
    future: Future
    finish: Callable[[Future], bool]


class Conn:
    """One client connection: its socket, the bytes read and not yet used, its deadline."""

    __slots__ = ("sock", "address", "buffer", "deadline", "started", "idle_since", "closing")

    def __init__(self, sock: socket.socket, address: Any) -> None:
        self.sock, self.address = sock, address
        self.buffer = bytearray()
        self.started = False                 # a request's first byte has come
        self.closing = False                 # answered for the last time: input is drained
        self.idle_since = time.monotonic()
        self.deadline = self.idle_since + IDLE_SECONDS


class Reader:
    """The ``rfile`` of a handler: the connection's buffer, then its socket, all under one
    deadline (``TimeoutError`` past it); with ``seconds`` None, the buffer only (what
    follows it reads as the end of the input)."""

    def __init__(self, conn: Conn, seconds: float | None) -> None:
        self.conn = conn
        self.deadline = None if seconds is None else time.monotonic() + seconds

    def _fill(self) -> bool:
        if self.deadline is None:
            return False
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request took too long")
        self.conn.sock.settimeout(left)
        try:
            data = self.conn.sock.recv(65536)
        except socket.timeout:
            raise TimeoutError("the request took too long") from None
        self.conn.buffer += data
        return bool(data)

    def readline(self, limit: int = -1) -> bytes:
        buf = self.conn.buffer
        while True:
            end = buf.find(b"\n")
            if end >= 0 and (limit < 0 or end < limit):
                n = end + 1
                break
            if 0 <= limit <= len(buf) or not self._fill():
                n = len(buf) if limit < 0 else min(limit, len(buf))
                break
        line = bytes(buf[:n])
        del buf[:n]
        return line

    def read(self, n: int = -1) -> bytes:
        if n < 0:
            raise ValueError("read() needs a length here")
        buf = self.conn.buffer
        while len(buf) < n and self._fill():
            pass
        data = bytes(buf[:n])
        del buf[:n]
        return data


class Writer:
    """The ``wfile`` of a handler: whole writes, each within SEND_SECONDS."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    def write(self, data: bytes) -> int:
        self.sock.settimeout(SEND_SECONDS)
        self.sock.sendall(data)
        return len(data)

    def flush(self) -> None:
        pass


class Collector:
    """The ``wfile`` of a handler answering on the waiting thread: the answer's bytes, kept
    to be sent without blocking; after :meth:`direct` (an answer that waits for a job,
    written later by a worker), a :class:`Writer`."""

    def __init__(self, sock: socket.socket) -> None:
        self.data = bytearray()
        self.sock = sock
        self.writer: Writer | None = None

    def direct(self) -> None:
        self.writer = Writer(self.sock)

    def write(self, data: bytes) -> int:
        if self.writer is not None:
            return self.writer.write(data)
        self.data += data
        return len(data)

    def flush(self) -> None:
        pass


class BoundedServer(socketserver.TCPServer):
    """A TCP server whose handler is a ``BaseHTTPRequestHandler`` run one request at a
    time by a fixed pool of workers; ``serve_forever``, ``shutdown`` and ``server_close``
    as in :mod:`socketserver` (a context manager)."""

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

    def quick(self, head: bytes, more: int) -> bool:
        """Whether the request whose head is ``head`` (up to its blank line), with ``more``
        bytes read after it, can be answered on the waiting thread: its handler reads
        nothing past those bytes and never blocks (it may leave a :class:`Later`) or
        works long.  None here; a server says which of its routes are."""
        return False

    def _answer_here(self, conn: Conn) -> None:
        """Answer a quick request on this thread: what the socket takes at once is sent, the
        rest by a worker; the connection then goes back as a worker's would."""
        out = Collector(conn.sock)
        keep: bool | Later = False
        try:
            keep = self.handle_request_on(conn, None, out)
        except Exception:
            self.handle_error(conn.sock, conn.address)
        out.direct()
        data = memoryview(out.data)
        try:
            while data:
                data = data[conn.sock.send(data):]
        except (BlockingIOError, InterruptedError):
            conn.sock.setblocking(True)
            self._pool.submit(self._send_rest, conn, bytes(data), keep)
            return
        except OSError:
            keep = False
        conn.sock.setblocking(True)          # as a worker leaves it (a Later writes on it)
        self._then(conn, keep)

    def _send_rest(self, conn: Conn, data: bytes, keep: bool | Later) -> None:
        try:
            Writer(conn.sock).write(data)
        except OSError:
            keep = False
        self._then(conn, keep)

    # -- the workers ----------------------------------------------------------

    def _work(self, conn: Conn) -> None:
        keep: bool | Later = False
        try:
            keep = self.handle_request_on(conn)
        except Exception:
            self.handle_error(conn.sock, conn.address)
        self._then(conn, keep)

    def _then(self, conn: Conn, keep: bool | Later) -> None:
        """After a request's handler: wait for its job (``Later``), or give ``conn`` back."""
        if isinstance(keep, Later):       # the answer waits for a job: not on this thread
            later = keep
            later.future.add_done_callback(lambda _: self._pool.submit(self._finish, conn,
                                                                       later))
            return
        self._give_back(conn, keep)

    def _finish(self, conn: Conn, later: Later) -> None:
        keep = False
        try:
            keep = later.finish(later.future)
        except Exception:
            self.handle_error(conn.sock, conn.address)
        self._give_back(conn, keep)

    def _give_back(self, conn: Conn, keep: bool) -> None:
        # the selector thread owns the tables: the connection goes back to it, to wait
        # for its next request or (closing) to drain and close
        conn.closing = not keep or self._stop.is_set()
        self._back.put(conn)
        try:
            self._wake_w.send(b"x")
        except OSError:
            pass

    def handle_request_on(self, conn: Conn, seconds: float | None = BODY_SECONDS,
                          wfile: Any = None) -> bool | Later:
        """Answer one request of ``conn`` (its head is in its buffer; the rest read within
        ``seconds``, None: not read); True to keep it open, or the handler's ``later`` (a
        :class:`Later`) when its answer waits for a job."""
        handler = self.RequestHandlerClass.__new__(self.RequestHandlerClass)
        handler.request = handler.connection = conn.sock
        handler.client_address, handler.server = conn.address, self
        handler.rfile, handler.wfile = Reader(conn, seconds), wfile or Writer(conn.sock)
        handler.close_connection = True
        handler.later = None
        handler.handle_one_request()
        return handler.later or not handler.close_connection
