"""The local server of ``masyu play``: the page's three files and its JSON API.

The standard library's ``http.server`` parses the requests: the page needs five
routes, one player and no framework.  The connections are
:mod:`masyu.play.connections`' (a fixed pool of threads, deadlines on every
wait), and what a request must be (its Content-Length, its JSON) is
:mod:`masyu.play.requests`' (shared with the multi-player service).  It binds
127.0.0.1 unless told otherwise.

Every answer of the API is JSON; every refusal a 4xx ``{"error": "where:
message"}`` on one line, never a traceback.  Static files come from a fixed table
(no path from a request ever reaches the file system).
"""
from __future__ import annotations

import datetime
import json
import re
import socket
import sys
from concurrent.futures import Future
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from importlib import resources
from typing import Any, Callable
from urllib.parse import parse_qs, urlsplit

from ..errors import MasyuError
from . import api
from .answering import Later
from .connections import BoundedServer
from .jobs import GENERATION_SECONDS, Jobs, Unavailable
from .requests import BadRequest, content_length, error_json, status_of

# A request's Content-Length (to see whether its body has come whole: ``quick``).
_LENGTH = re.compile(rb"\ncontent-length:[ \t]*([0-9]{1,7})[ \t]*\r?\n", re.I)
# The page: URL path -> (file in masyu/play/static, content type).
STATIC: dict[str, tuple[str, str]] = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/board.js": ("board.js", "text/javascript; charset=utf-8"),
    "/play.js": ("play.js", "text/javascript; charset=utf-8"),
    "/play.css": ("play.css", "text/css; charset=utf-8"),
    # the panel of ``masyu serve`` (players, leaderboards); empty when the file is absent
    "/service.js": ("service.js", "text/javascript; charset=utf-8"),
}
# Nothing from elsewhere: scripts, styles and images only from this server.
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; base-uri 'none'; "
                               "form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
METHODS = ("GET", "HEAD", "POST")


class Handler(BaseHTTPRequestHandler):
    server: "PlayServer"
    server_version = "masyu-play"
    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.0"   # so even a refused request line gets a status line
    _answered = False
    later: Later | None = None             # set when the answer waits for a job

    # -- answers --------------------------------------------------------------

    def send_response_only(self, code: int, message: str | None = None) -> None:
        self._answered = True
        if self.request_version not in ("HTTP/1.0", "HTTP/1.1"):   # answer in HTTP/1.x
            self.request_version = "HTTP/1.0"
        super().send_response_only(code, message)

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in HEADERS.items():
            self.send_header(key, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, value: Any) -> None:
        self._send(status, json.dumps(value).encode("utf-8"), "application/json")

    def _error(self, status: int, message: str | BaseException) -> None:
        self._send(status, error_json(message), "application/json")

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """http.server's refusals (bad request line, headers, version) as JSON too."""
        self.close_connection = True
        if code == HTTPStatus.NOT_IMPLEMENTED:        # an unknown method
            self._error(405, f"method: this server answers {', '.join(METHODS)}")
            return
        try:
            text = HTTPStatus(code).phrase
        except ValueError:
            text = "error"
        self._error(code, f"request: {message or text}")

    def _answer(self, make: Callable[[], Any]) -> None:
        """Run one API call: its JSON, or the error it raised as a status and a message.
        A call that returns a job's future not yet done is answered later: the handler
        leaves ``later`` (:class:`~masyu.play.answering.Later`) and its worker goes.
        (A client gone before its answer is written is not an error of the call: the
        handler closes that connection without a word.)"""
        try:
            value = make()
            if isinstance(value, Future):
                if not value.done():
                    self.later = Later(value, self._finish_later)
                    return
                value = value.result()
        except MasyuError as err:
            self._error(status_of(err), err)
        except Unavailable as err:
            self._error(503, str(err))
        except Exception as err:  # never a traceback to the client; one line to the log
            self.log_error("internal error on %s: %s", self.path[:80],
                           f"{type(err).__name__}: {err}"[:300])
            self._error(500, "internal error")
        else:
            self._json(200, value)

    def _finish_later(self, future: Future) -> bool:
        """Answer with the job's result (on a worker, once it is done); True to keep the
        connection open."""
        try:
            self._answer(future.result)
        except (ConnectionError, socket.timeout, BrokenPipeError, TimeoutError):
            self.close_connection = True     # the client left while its job ran
        return not self.close_connection

    # -- one request ------------------------------------------------------------

    def handle_one_request(self) -> None:
        """Read, route and answer one request; every way it can fail is answered."""
        self.close_connection = True
        self.command, self.request_version = "", "HTTP/1.0"   # for answers made early
        try:
            self.raw_requestline = self.rfile.readline(65537)
            if len(self.raw_requestline) > 65536:
                self.requestline = ""
                self.send_error(HTTPStatus.REQUEST_URI_TOO_LONG)
                return
            if not self.raw_requestline:
                return
            if not self.parse_request():
                if not self._answered:
                    self.send_error(HTTPStatus.BAD_REQUEST, "no request line")
                return
            if len(self.requestline.split()) < 3 or self.request_version < "HTTP/1":
                self.send_error(HTTPStatus.BAD_REQUEST, "HTTP/0.9 is not served")
                return
            if self.command not in METHODS:
                self.send_error(HTTPStatus.NOT_IMPLEMENTED)
                return
            if self.command != "POST" and (self.headers.get("Content-Length") not in (None, "0")
                                           or "Transfer-Encoding" in self.headers):
                self.close_connection = True        # a body nobody reads: no next request
            getattr(self, "do_" + self.command)()
        except TimeoutError:
            if not self._answered:
                self.send_error(HTTPStatus.REQUEST_TIMEOUT, "the request took too long")
            self.close_connection = True
        except (ConnectionError, socket.timeout, BrokenPipeError):
            self.close_connection = True
        except Exception as err:   # a bug: one line to the log, a 500 if nothing was sent
            self.close_connection = True
            self.log_error("internal error on %r: %s", self.requestline[:80],
                           f"{type(err).__name__}: {err}"[:300])
            if not self._answered:
                self._error(500, "internal error")

    def _url(self) -> Any:
        try:
            return urlsplit(self.path)
        except ValueError as err:
            raise BadRequest(str(err), "path") from None

    # -- routes ---------------------------------------------------------------

    def do_GET(self) -> None:  # noqa: N802  (the name http.server calls)
        try:
            url = self._url()
        except BadRequest as err:
            self._error(err.status, err)
            return
        if url.path in STATIC:
            name, kind = STATIC[url.path]
            self._send(200, self.server.static(name), kind)
            return
        route = GET_ROUTES.get(url.path)
        if route is None:
            self._error(404, f"no such page: {url.path[:80]}")
            return
        try:
            query = parse_qs(url.query, keep_blank_values=True, strict_parsing=False,
                             max_num_fields=20)
        except ValueError as err:
            self._error(400, f"query: {err}")
            return
        self._answer(lambda: route(self.server, query))

    do_HEAD = do_GET

    def do_POST(self) -> None:  # noqa: N802
        try:
            url = self._url()
            route = POST_ROUTES.get(url.path)
            length = content_length(self.headers.get_all("Content-Length"),
                                     max_bytes=api.MAX_BODY,
                                     chunked="Transfer-Encoding" in self.headers)
        except BadRequest as err:
            self.close_connection = True       # whatever body there is, unread
            self._error(err.status, err)
            return
        body = self.rfile.read(length)
        if len(body) < length:
            self.close_connection = True
            self._error(400, f"body: {len(body)} bytes of the {length} its Content-Length "
                             "announces (the connection ended)")
            return
        if route is None:
            if url.path in GET_ROUTES or url.path in STATIC:
                self._error(405, f"{url.path} takes GET")
            else:
                self._error(404, f"no such page: {url.path[:80]}")
            return
        self._answer(lambda: route(self.server, body))

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        if self.server.verbose:
            super().log_message(format, *args)

    def log_error(self, format: str, *args: Any) -> None:  # noqa: A002
        # errors reach the log even when quiet: one line each, never a traceback
        super().log_message(format, *args)


# A route answers a value, or a job's future (answered when done, without holding a worker).
def _daily(server: "PlayServer", query: api.Query) -> Any:
    return server.jobs.submit_daily(api.parse_daily(query, datetime.date.today()))


def _zen(server: "PlayServer", query: api.Query) -> Any:
    return server.jobs.submit("zen", api.parse_zen(query))


def _check(server: "PlayServer", body: bytes) -> Any:
    return api.check_response(body)


def _hint(server: "PlayServer", body: bytes) -> Any:
    api.parse_hint(body)                 # bad input: a 400 before any child starts
    return server.jobs.submit("hint", body)


GET_ROUTES: dict[str, Callable[["PlayServer", api.Query], Any]] = {
    "/api/daily": _daily,
    "/api/zen": _zen,
}
POST_ROUTES: dict[str, Callable[["PlayServer", bytes], Any]] = {
    "/api/check": _check,
    "/api/hint": _hint,
}


class PlayServer(BoundedServer):
    """The server; a context manager (``with make_server() as s: s.serve_forever()``)."""

    def __init__(self, host: str, port: int, *, seconds: float = GENERATION_SECONDS,
                 verbose: bool = False) -> None:
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.jobs = Jobs(seconds)
        self.verbose = verbose
        self._files: dict[str, bytes] = {}
        super().__init__((host, port), Handler)

    @property
    def port(self) -> int:
        return self.server_address[1]

    @property
    def url(self) -> str:
        host = self.server_address[0]
        return f"http://[{host}]:{self.port}/" if ":" in host else f"http://{host}:{self.port}/"

    def prefetch(self, date: datetime.date) -> None:
        """Start making the puzzle of ``date`` in the background (the page asks for it next;
        its request waits for the same job, and reports a failure)."""
        self.jobs.submit_daily(date)

    def quick(self, head: bytes, more: int) -> bool:
        """Answered on the connections' waiting thread: GET and HEAD (their routes read no
        body and never block: a static file, a kept day, a job's future), and a check
        whose body has come whole (a 50x50 board is about 5 ms of CPU)."""
        if head.startswith((b"GET ", b"HEAD ")):
            return True
        if not head.startswith(b"POST /api/check ") or b"\n " in head or b"\n\t" in head:
            return False
        lengths = _LENGTH.findall(head)
        return len(lengths) == 1 and int(lengths[0]) <= min(more, api.MAX_BODY) and \
            b"transfer-encoding" not in head.lower()

    def static(self, name: str) -> bytes:
        if name not in self._files:
            path = resources.files(__package__).joinpath("static", name)
            self._files[name] = path.read_bytes() if path.is_file() else b""
        return self._files[name]

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that went away mid-answer is not worth a traceback.
        print(f"masyu play: connection from {client_address[0]} failed: {sys.exc_info()[1]}",
              file=sys.stderr)


def make_server(host: str = "127.0.0.1", port: int = 8000, *,
                seconds: float = GENERATION_SECONDS, verbose: bool = False) -> PlayServer:
    """A server listening on ``host:port`` (port 0: any free port); ``serve_forever`` runs it."""
    if not isinstance(port, int) or not 0 <= port <= 65535:
        raise MasyuError(f"a port is a number from 0 to 65535, not {port!r}", "--port")
    return PlayServer(host, port, seconds=seconds, verbose=verbose)
