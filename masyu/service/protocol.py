"""uvicorn's HTTP/1.1 protocol (h11) with the service's two rules for what never
reaches the application: every refusal is one line of JSON, and no request waits
without a deadline.

- A request h11 cannot read (a bad request line, header or Content-Length) is answered
  400 with ``{"error": ...}`` (uvicorn's own answer is plain text).
- A connection that sends nothing is closed after ``IDLE_SECONDS`` (with a 408).
- A request's head must arrive whole within ``HEAD_SECONDS`` of its first byte, and its
  body within ``BODY_SECONDS`` of its head: otherwise 408 and the connection closed (a
  slow client would otherwise hold the connection for ever; uvicorn's only timer is
  the keep-alive between requests).  The application, if it was waiting for the body,
  sees the client gone (``ClientDisconnect``) and its answer is dropped.

Subclassing is the way uvicorn offers (``http=`` takes a protocol class); what this uses
of it (``send_400_response``, ``handle_events``, ``cycle``, ``conn``) is checked by the
service's tests against the pinned uvicorn.
"""
from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..play.requests import error_json

HEAD_SECONDS = 10.0
BODY_SECONDS = 10.0
IDLE_SECONDS = 15.0


class Protocol(H11Protocol):
    """H11Protocol with JSON refusals and deadlines on a request's head and body."""

    _deadline: asyncio.TimerHandle | None = None

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm(IDLE_SECONDS)                 # a connection that never sends a byte

    def data_received(self, data: bytes) -> None:
        if getattr(self, "_waiting", None) is None and self.conn.their_state is h11.IDLE \
                and not self.conn.trailing_data[0]:
            self._disarm()                      # the idle deadline: the head's starts now
        if self._deadline is None and self.conn.their_state is h11.IDLE:
            self._arm(HEAD_SECONDS)             # the first byte of a head
        super().data_received(data)

    def handle_events(self) -> None:
        super().handle_events()
        if self.transport.is_closing():
            self._disarm()
        elif self.conn.their_state is h11.SEND_BODY:
            if self._deadline is None or getattr(self, "_waiting", None) != "body":
                self._waiting = "body"
                self._arm(BODY_SECONDS)
        elif self.conn.their_state is not h11.IDLE or self.cycle is not None:
            self._waiting = None
            self._disarm()                      # a whole request: the app's turn

    def on_response_complete(self) -> None:
        self._disarm()
        self._waiting = None
        super().on_response_complete()

    def eof_received(self) -> bool | None:
        """The client will send no more (a half-close): answer what it asked, then close
        (uvicorn would close at once, losing an answer still being made).  A request cut
        short by the end is refused (400).  The end is never fed to h11: uvicorn's event
        loop does not expect h11's ConnectionClosed and would spin on it."""
        self._disarm()
        cycle: Any = self.cycle
        if self.conn.their_state is h11.SEND_BODY:
            self._answer(400, "Bad Request", "body: the connection ended before the body "
                                             "was as long as its Content-Length")
            if cycle is not None:
                cycle.disconnected = True
                cycle.message_event.set()
            return None
        if cycle is not None and not cycle.response_complete:
            cycle.keep_alive = False            # close once the answer is written
            return True
        if self.conn.their_state is h11.IDLE and self.conn.trailing_data[0]:
            self._answer(400, "Bad Request",
                         "request: the connection ended before the request was whole")
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        cycle: Any = self.cycle
        if cycle is not None and cycle.response_started:
            return                              # the app is answering: not a slow client
        self._answer(408, "Request Timeout",
                     "request: the request did not arrive in time")
        if cycle is not None:                   # the app waits for the body: it is gone
            cycle.disconnected = True
            cycle.message_event.set()

    def _answer(self, status: int, reason: str, message: str) -> None:
        body = error_json(message)
        headers = [(b"content-type", b"application/json"), (b"connection", b"close"),
                   (b"content-length", str(len(body)).encode())]
        try:
            for event in (h11.Response(status_code=status, headers=headers,
                                       reason=reason.encode()),
                          h11.Data(data=body), h11.EndOfMessage()):
                self.transport.write(self.conn.send(event))
        except h11.LocalProtocolError:          # h11 will not answer in this state
            self.transport.write(b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\n"
                                 b"connection: close\r\ncontent-length: %d\r\n\r\n%s"
                                 % (status, reason.encode(), len(body), body))
        self.transport.close()

    def send_400_response(self, msg: str) -> None:
        self._disarm()
        self._answer(400, "Bad Request", f"request: {msg.rstrip('.')}")
