"""Grid text: R lines of C characters, ``.`` empty, ``W``/``w``/``o``/``0`` white,
``B``/``b``/``x``/``1`` black; the cells may be separated by single spaces
(``. W . B``).

Blank lines and ``#`` lines separate puzzles (a collection); the first word of
the last ``#`` line before a block names it.  The grid is what every other
text falls back to, so it is detected last.  Reading is linear in the text.
"""
from __future__ import annotations

import re
from typing import Iterable

from ..board import check_size
from ..errors import MasyuError, SeveralPuzzles
from ..puzzle import Puzzle
from .common import expect_text

SUMMARY = "lines of . W B (or o x, 0 1, w b), the cells side by side or one space apart"
GRID_CHARS = {".": None, "W": "W", "w": "W", "o": "W", "0": "W",
              "B": "B", "b": "B", "x": "B", "1": "B"}
_DESCRIPTION = re.compile(r"[a-zBW]+")   # a Pearl DESC (its test for a lower-case letter apart)
_SPACED = re.compile(r"\S( \S)+")        # cells one space apart

Block = list[tuple[int, str]]


def detect(head: str) -> bool:
    return True


def blocks(lines: Iterable[str], first_line: int = 1) -> list[tuple[str | None, Block]]:
    """Split lines into puzzles: ``(name, [(line number, line), ...])``.

    Blank lines and ``#`` lines separate blocks; the first word of the last
    ``#`` line before a block names it.
    """
    out: list[tuple[str | None, Block]] = []
    name: str | None = None
    current: Block = []
    for number, line in enumerate(lines, first_line):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            if current:
                out.append((name, current))
                current, name = [], None
            if stripped.startswith("#"):
                words = stripped[1:].split()
                name = words[0] if words else None
            continue
        current.append((number, line))
    if current:
        out.append((name, current))
    return out


def from_block(block: Block, name: str | None = None, source: str | None = None) -> Puzzle:
    """Build a puzzle from numbered grid lines, naming the line and column of any fault."""
    prefix = f"{source}, " if source else ""
    pearls: dict[tuple[int, int], str] = {}
    spaced = all(_SPACED.fullmatch(line.strip()) for _, line in block)
    step = 2 if spaced else 1
    width = len(block[0][1].strip()[::step])
    for r, (number, line) in enumerate(block):
        indent = len(line) - len(line.lstrip())
        cells = line.strip()[::step]
        if len(cells) != width:
            raise MasyuError(f"ragged rows: this row has {len(cells)} cells, the first has {width}",
                             f"{prefix}line {number}")
        for c, ch in enumerate(cells):
            kind = GRID_CHARS.get(ch, "?")
            if kind == "?":
                raise MasyuError(f"unknown character {ch!r} in a grid (use . W B, or o x, or 0 1)",
                                 f"{prefix}line {number}, column {indent + step * c + 1}")
            if kind:
                pearls[(r, c)] = kind
    check_size(len(block), width, f"{prefix}line {block[0][0]}")
    return Puzzle(len(block), width, pearls, name=name)


def read(text: str, name: str | None = None) -> Puzzle:
    """Read one puzzle of grid text (comment lines allowed, one block only)."""
    expect_text(text, "text")
    found = blocks(text.splitlines())
    if not found:
        if text.strip():
            raise MasyuError("no puzzle found: only comment lines", "line 1")
        raise MasyuError("no puzzle found: the text is empty")
    if len(found) > 1:
        raise SeveralPuzzles(f"{len(found)} puzzles here, separated by blank or # lines; "
                             "a collection (see masyu.load)", f"line {found[1][1][0][0]}",
                             len(found))
    header, block = found[0]
    line = block[0][1].strip()
    if len(block) == 1 and _DESCRIPTION.fullmatch(line) and not line.isupper():
        raise MasyuError("this looks like a Pearl description without its size: "
                         "write WxH:DESC (or N:DESC for puzzle-masyu.com)",
                         f"line {block[0][0]}")
    return from_block(block, name if name is not None else header)


def write(puzzle: Puzzle) -> str:
    """The ``.WB`` lines, each ending in a newline."""
    return "".join(row + "\n" for row in puzzle.grid)
