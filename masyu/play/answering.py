"""Answering a request of the page's server once its head has come whole: on which thread.

:mod:`masyu.play.connections`' waiting thread hands over each connection whose request
head has arrived (up to its blank line).  A request the server calls quick
(:meth:`Answering.quick`: one that reads nothing more and never blocks, such as the page's
GETs) is answered on the waiting thread itself, its answer sent without blocking and the
rest, if the client is slow to read, handed to a worker: no thread has to wake for it (on a
loaded machine each wake is a wait for a core, the larger part of the p99).  Any other
request goes to one of the fixed pool of workers, which reads its body and answers.

A request whose answer waits for a job (a hint, a puzzle made in a child:
:mod:`masyu.play.jobs`) does not keep its worker: the handler leaves a :class:`Later` (the
job's future and how to finish the answer), the worker goes back to the queue, and the
future's completion queues the rest of the answer for a worker.  (Workers that each waited
for one of two job children were the p99 of the cheap routes under 20 clients: they queued
behind those waits.)  Then the connection goes back to the waiting thread.
"""
from __future__ import annotations

from concurrent.futures import Future
from typing import Any, Callable, NamedTuple

from .streams import BODY_SECONDS, Collector, Conn, Reader, Writer
from .workers import Workers


class Later(NamedTuple):
    """A request whose answer waits for ``future``: once it is done, a worker calls
    ``finish(future)``, which writes the answer and says whether to keep the connection."""
    future: Future
    finish: Callable[[Future], bool]


class Answering:
    """The answering half of :class:`masyu.play.connections.BoundedServer`: a request's
    ``BaseHTTPRequestHandler`` run over a connection whose head is whole, here or by a
    worker of ``_pool``; then ``_give_back`` (the server's) returns the connection to the
    waiting thread."""

    _pool: Workers
    RequestHandlerClass: Any
    handle_error: Callable[[Any, Any], None]        # the server's (socketserver)
    _give_back: Callable[[Conn, bool], None]        # the server's: to the waiting thread

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
