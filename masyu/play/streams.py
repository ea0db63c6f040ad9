"""One connection of the page's server: its state, its limits, what its handler reads and writes.

:class:`Conn` is what the waiting thread of :mod:`masyu.play.connections` keeps of a client
connection: its socket, the bytes read and not yet used, and the one deadline it waits
under (idle, a request head's, or the drain after a last answer).  Each wait's limit is
here: ``IDLE_SECONDS``, ``HEAD_SECONDS`` and ``MAX_HEAD`` for a request's head,
``BODY_SECONDS`` for its body, ``SEND_SECONDS`` for an answer, ``LINGER_SECONDS`` after
the last one.

The HTTP itself (request line, headers, routes) stays ``http.server``'s
``BaseHTTPRequestHandler``: its ``rfile`` is a :class:`Reader` (the bytes already read,
then the socket, under one deadline), its ``wfile`` a :class:`Writer` (whole writes, each
within ``SEND_SECONDS``) or, for an answer made on the waiting thread, a :class:`Collector`
(the bytes kept, to be sent without blocking).
"""
from __future__ import annotations

import socket
import time
from typing import Any

IDLE_SECONDS = 15.0
HEAD_SECONDS = 10.0
BODY_SECONDS = 10.0
SEND_SECONDS = 10.0
LINGER_SECONDS = 2.0     # after a last answer, input is read and dropped this long (so the
                         # client reads the answer instead of a reset)
MAX_HEAD = 64 * 1024     # bytes of a request line and headers together


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
