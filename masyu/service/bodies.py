"""The service's one check of a JSON request body (the lead merges it with
``masyu.play.requests`` of issue 32's "servers" part when both are in).

At most ``MAX_BODY`` bytes of UTF-8, one JSON object, nesting at most ``MAX_DEPTH``
deep (Python's reader would raise RecursionError some thousands deep), integers of at
most ``MAX_INT_DIGITS`` digits (it would raise ValueError past 4,300), no NaN or
Infinity, only the ``allowed`` fields.  Every refusal is a MasyuError naming the place.
"""
from __future__ import annotations

import json
import re
from typing import Any, Iterable

from ..errors import MasyuError

MAX_BODY = 256 * 1024     # a finish: a 20x20 solve's move log, a few thousand moves
MAX_DEPTH = 8
MAX_INT_DIGITS = 20
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.S)


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise MasyuError(f"an integer has at most {MAX_INT_DIGITS} digits", "body")
    return int(text)


def _constant(text: str) -> Any:
    raise MasyuError(f"{text} is not JSON", "body")


def read_json(body: bytes, allowed: Iterable[str]) -> dict[str, Any]:
    """The JSON object of a request body, checked as the module says."""
    if len(body) > MAX_BODY:
        raise MasyuError(f"the body is larger than {MAX_BODY} bytes", "body")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise MasyuError("the body is not UTF-8", "body") from None
    depth = 0
    for token in _TOKENS.finditer(text):
        t = token.group()
        if t in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise MasyuError(f"nested deeper than {MAX_DEPTH}", "body")
        elif t in "]}":
            depth -= 1
    try:
        value = json.loads(text, parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as err:
        raise MasyuError(f"bad JSON at line {err.lineno}, column {err.colno}: {err.msg}",
                         "body") from None
    if not isinstance(value, dict):
        raise MasyuError("expected a JSON object", "body")
    names = tuple(allowed)
    unknown = sorted(set(value) - set(names))
    if unknown:
        raise MasyuError(f"unknown field (use {', '.join(names) or 'none'})", unknown[0][:40])
    return value
