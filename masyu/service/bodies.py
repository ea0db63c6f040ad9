"""The service's check of a JSON request body: :mod:`masyu.play.requests` (the one
check of every server the project ships: Content-Length, size, depth, integer size, no
NaN), with the service's tighter limits and its list of allowed fields.

At most ``MAX_BODY`` bytes of UTF-8, one JSON object, nesting at most ``MAX_DEPTH``
deep, integers of at most ``MAX_INT_DIGITS`` digits, only the ``allowed`` fields.
Every refusal is a :class:`masyu.play.requests.BadRequest` (a MasyuError) naming the place.
"""
from __future__ import annotations

from typing import Any, Iterable

from ..play.requests import BadRequest, content_length, read_object

MAX_BODY = 256 * 1024     # a finish: a 20x20 solve's move log, a few thousand moves
MAX_DEPTH = 8
MAX_INT_DIGITS = 20

__all__ = ["MAX_BODY", "BadRequest", "content_length", "read_json"]


def read_json(body: bytes, allowed: Iterable[str]) -> dict[str, Any]:
    """The JSON object of a request body, checked as the module says."""
    value = read_object(body, max_bytes=MAX_BODY, max_depth=MAX_DEPTH,
                        max_int_digits=MAX_INT_DIGITS)
    names = tuple(allowed)
    unknown = sorted(set(value) - set(names))
    if unknown:
        raise BadRequest(f"unknown field (use {', '.join(names) or 'none'})", unknown[0][:40])
    return value
