"""What a request must be before any handler sees it: its body's length, its JSON, and the
one-line error every refusal is answered with.

No sockets and no framework here, so both servers use it: ``masyu play``'s
(:mod:`masyu.play.server`) and the multi-player service.  Every refusal is a
:class:`BadRequest`, a :class:`~masyu.errors.MasyuError` carrying the HTTP
status and the place (``body``, ``body, line 1, column 70``, a header, a field),
answered as ``{"error": "place: message"}`` on one line.

Python's own JSON reader fails on hostile input in two ways that are not
``JSONDecodeError``: nesting a few thousand levels deep raises RecursionError,
and an integer of more than 4,300 digits raises ValueError.  :func:`read_json`
refuses both before they happen: the nesting is measured on the text first (one
linear scan, strings skipped), and integers go through a hook that looks at their
length before converting them.  ``NaN``, ``Infinity`` and numbers that overflow
to an infinity are refused too (they are not JSON).
"""
from __future__ import annotations

import json
import re
from typing import Any, Iterable

from ..errors import MasyuError

MAX_BODY = 64 * 1024      # bytes of a request body (a 50x50 box drawing is ~8 KiB as JSON)
MAX_DEPTH = 64            # arrays and objects inside each other
MAX_INT_DIGITS = 300      # digits of one integer (far below Python's 4,300)
_LENGTH_DIGITS = 18       # a Content-Length longer than this is refused unread

# A JSON string (to skip; possibly unterminated: the parser reports that) or a bracket.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.S)


class BadRequest(MasyuError):
    """A request refused: ``status`` (4xx), the place and a one-line message."""

    def __init__(self, message: str, where: str | None = None, status: int = 400) -> None:
        super().__init__(message, where)
        self.status = status


def error_json(err: BaseException | str) -> bytes:
    """The body of a refusal: ``{"error": "place: message"}`` on one line, UTF-8."""
    text = " ".join(str(err).split())       # one line, whatever the message held
    return json.dumps({"error": text[:500]}).encode("utf-8")


def status_of(err: BaseException) -> int:
    """The HTTP status of a refusal (400 for any MasyuError that is not a BadRequest)."""
    return getattr(err, "status", 400)


def content_length(values: Iterable[str] | str | None, *, max_bytes: int = MAX_BODY,
                   chunked: bool = False) -> int:
    """The body length a request announces: ASCII digits only (``²`` is a digit to
    ``int()``), one value (repeated headers must agree), at most ``max_bytes``.

    411 without one (or with ``chunked``: bodies are not read in chunks), 413 over
    the limit, 400 otherwise."""
    if isinstance(values, str):
        values = [values]
    found = [v.strip(" \t") for v in values or ()]
    if chunked:
        raise BadRequest("a body is sent with a Content-Length, not in chunks",
                         "Transfer-Encoding", 411)
    if not found:
        raise BadRequest("a POST needs a Content-Length", "Content-Length", 411)
    for value in found:
        if not value or not value.isascii() or not value.isdigit():
            raise BadRequest(f"expected ASCII digits, not {value[:20]!r}", "Content-Length")
    if len(set(found)) > 1:
        raise BadRequest("given twice with different values", "Content-Length")
    if len(found[0]) > _LENGTH_DIGITS or int(found[0]) > max_bytes:
        raise BadRequest(f"larger than {max_bytes} bytes", "body", 413)
    return int(found[0])


def _place(text: str, at: int) -> str:
    line = text.count("\n", 0, at) + 1
    return f"line {line}, column {at - (text.rfind(chr(10), 0, at) + 1) + 1}"


def check_depth(text: str, max_depth: int = MAX_DEPTH) -> None:
    """Refuse JSON text nested deeper than ``max_depth`` (strings are skipped)."""
    depth = 0
    for token in _TOKENS.finditer(text):
        c = token.group()[0]
        if c in "[{":
            depth += 1
            if depth > max_depth:
                raise BadRequest(f"JSON nested deeper than {max_depth} levels at "
                                 f"{_place(text, token.start())}", "body")
        elif c in "]}":
            depth -= 1


def read_json(body: bytes, *, max_bytes: int = MAX_BODY, max_depth: int = MAX_DEPTH,
              max_int_digits: int = MAX_INT_DIGITS) -> Any:
    """The JSON value of a request body, or a :class:`BadRequest` naming the place."""
    if not isinstance(body, (bytes, bytearray)):
        raise BadRequest(f"expected bytes, not {type(body).__name__}", "body")
    if len(body) > max_bytes:
        raise BadRequest(f"larger than {max_bytes} bytes", "body", 413)
    try:
        text = bytes(body).decode("utf-8")
    except UnicodeDecodeError as err:
        raise BadRequest(f"the body is not UTF-8 (byte {err.start})", "body") from None
    if text.startswith("\ufeff"):
        raise BadRequest("JSON does not start with a byte-order mark", "body")
    check_depth(text, max_depth)

    def whole(digits: str) -> int:
        if len(digits) - digits.startswith("-") > max_int_digits:
            raise BadRequest(f"an integer of {len(digits)} digits (at most {max_int_digits})",
                             "body")
        return int(digits)

    def real(digits: str) -> float:
        value = float(digits)
        if value in (float("inf"), float("-inf")):
            raise BadRequest(f"a number too large: {digits[:20]}...", "body")
        return value

    def constant(name: str) -> Any:
        raise BadRequest(f"{name} is not JSON", "body")

    try:
        return json.loads(text, parse_int=whole, parse_float=real, parse_constant=constant)
    except json.JSONDecodeError as err:
        raise BadRequest(f"bad JSON at {_place(text, err.pos)}: {err.msg}", "body") from None
    except RecursionError:   # not reached below MAX_DEPTH; kept so no body can give a 500
        raise BadRequest("JSON nested too deep", "body") from None


def read_object(body: bytes, **limits: int) -> dict[str, Any]:
    """A JSON object from a request body (what every POST route of the page takes)."""
    value = read_json(body, **limits)
    if not isinstance(value, dict):
        raise BadRequest(f"expected a JSON object, not {_kind(value)}", "body")
    return value


def _kind(value: Any) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "true or false",
            type(None): "null"}.get(type(value), "a number")
