"""What the readers share: the number pattern of sizes, the size caps, the head of a
text that detection looks at, and short quotes of bad input."""
from __future__ import annotations

import gc
import re
from contextlib import contextmanager
from typing import Iterator

from ..errors import MasyuError, MasyuTypeError

NUMBER = r"[0-9]{1,9}"  # ASCII digits only, and never enough of them to trouble int()
NUMBER_RE = re.compile(NUMBER)

MIB = 1 << 20
# The caps (in characters) on a text given to a reader: above the largest text the
# writers make for the largest board, far below what would exhaust memory.  A 1000 x
# 1000 puzzle: its grid is 1 MB, its picture with a loop 2 MB, its pzprv3 file with a
# loop 6.0 MB (the largest puzzle text: 4 MiB refused it), with a third to spare for
# CR LF line ends and hand-made spacing; its box drawing 1 M characters, its loop in
# JSON up to 26 MB.
MAX_TEXT = 8 * MIB          # a puzzle
MAX_LOOP_TEXT = 32 * MIB    # a loop
HEAD = 256                  # detection looks at this many characters, once
_LEADING = re.compile(r"\s*")


def short(text: str, limit: int = 40) -> str:
    """``text``, cut to ``limit`` characters for an error message."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def expect_text(text: object, argument: str = "text") -> str:
    """Refuse anything but a string at the door."""
    if not isinstance(text, str):
        raise MasyuTypeError(f"{argument} must be a str, not {type(text).__name__}",
                             f"argument {argument!r}")
    return text


def check_length(text: str, limit: object, what: str = "text") -> None:
    """Refuse a text longer than ``limit`` characters, before reading any of it."""
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise MasyuTypeError(f"limit must be an integer, not {type(limit).__name__}",
                             "argument 'limit'")
    if len(text) > limit:
        line = text.count("\n", 0, limit) + 1
        column = limit - (text.rfind("\n", 0, limit) + 1) + 1
        raise MasyuError(f"the {what} is {len(text):,} characters long, more than the limit of "
                         f"{limit:,} (raise limit= for a bigger one)",
                         f"line {line}, column {column}")


def head(text: str) -> str:
    """The start of ``text`` that detection looks at: HEAD characters from the
    first one that is not blank."""
    start = _LEADING.match(text).end()
    return text[start:start + HEAD]


def first_line(text: str) -> str:
    """The first line of a head (without its end)."""
    return text.split("\n", 1)[0].rstrip("\r")


@contextmanager
def no_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while a reader makes millions of small
    tuples and frees none (its passes over them would make a big read quadratic)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
