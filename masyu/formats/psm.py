"""A puzzle-masyu.com task string with its size: ``N:DESC`` or ``N DESC`` (``NxN DESC``).

The site's boards are square; DESC is the one of Tatham's game IDs
(:mod:`masyu.formats.tatham`).
"""
from __future__ import annotations

import re

from ..board import check_size
from ..errors import MasyuError, MasyuTypeError
from ..puzzle import Puzzle
from .common import NUMBER, expect_text, short
from .tatham import decode_desc, encode_desc

SUMMARY = "puzzle-masyu.com task N:DESC (square boards)"
PATTERN = re.compile(rf"({NUMBER})(?:x({NUMBER}))?(?::|\s+)([A-Za-z]*)", re.DOTALL)


def detect(head: str) -> bool:
    """The head is N:, N or NxN and blanks, then only letters (to its end)."""
    return PATTERN.fullmatch(head.rstrip()) is not None


def read(task: str, size: int | str | None = None, name: str | None = None) -> Puzzle:
    """Read a puzzle-masyu.com task string with its size.

    Either ``read("fWaW...", 6)`` or ``read("6:fWaW...")`` (also ``"6 fWaW..."``
    and ``"6x6 fWaW..."``).  The boards of the site are square.
    """
    expect_text(task, "task")
    text = task.strip()
    offset = len(task) - len(task.lstrip())
    if size is None:
        m = PATTERN.fullmatch(text)
        if not m:
            raise MasyuError("not a puzzle-masyu.com task with its size: expected N:TASK",
                             f"column {offset + 1}")
        if m.group(2) is not None and m.group(2) != m.group(1):
            raise MasyuError("puzzle-masyu.com boards are square; for W×H use WxH:DESC",
                             f"column {offset + 1}")
        side, desc, offset = int(m.group(1)), m.group(3), offset + m.start(3)
    else:
        if isinstance(size, str):
            if not re.fullmatch(rf"{NUMBER}(x{NUMBER})?", size.strip()):
                raise MasyuError(f"size must be N or NxN, not {short(size)!r}", "argument 'size'")
            parts = size.strip().split("x")
            if len(parts) == 2 and parts[0] != parts[1]:
                raise MasyuError("puzzle-masyu.com boards are square", f"size {size!r}")
            size = int(parts[0])
        if not isinstance(size, int) or isinstance(size, bool):
            raise MasyuTypeError(f"size must be an integer, not {type(size).__name__}",
                                 "argument 'size'")
        side, desc = size, text
    check_size(side, side, f"size {side}")
    return Puzzle(side, side, decode_desc(desc, side, side, offset), name=name)


def write(puzzle: Puzzle) -> str:
    """The task string ``N:DESC`` of a square puzzle (puzzle-masyu.com style)."""
    if puzzle.rows != puzzle.cols:
        raise MasyuError(f"puzzle-masyu.com boards are square, this one is "
                         f"{puzzle.rows}x{puzzle.cols}")
    return f"{puzzle.rows}:{encode_desc(puzzle)}"
