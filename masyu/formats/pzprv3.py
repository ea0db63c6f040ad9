"""pzprv3 files of the puzz.link player: the puzzle, and the loop drawn on it if any.

``pzprv3``, the puzzle type (``mashu``), ROWS, COLS, ROWS lines of cells
(``.`` empty, ``1`` white, ``2`` black), then optionally the drawn loop:
ROWS lines of COLS - 1 horizontal segments and ROWS - 1 lines of COLS vertical
ones (``1`` line, ``0`` none, ``-1`` cross mark), then ``info:``/``history:``
lines the player may add.  ``/`` may stand for a newline.
"""
from __future__ import annotations

import re
from typing import Iterable, Sequence

from ..board import Edge, check_same_size, check_size
from ..errors import MasyuError
from ..loop import Loop
from ..puzzle import Puzzle
from .common import NUMBER_RE, expect_text
from .url import PIDS

SUMMARY = "the puzz.link player's file, with the drawn loop if any"
CELLS = {".": None, "1": "W", "2": "B"}
TOKEN = {".": ".", "W": "1", "B": "2"}


def detect(head: str) -> bool:
    return head.startswith("pzprv3")


def _tokens(line: str) -> list[tuple[int, str]]:
    """The whitespace-separated tokens of a line with their 1-based columns."""
    return [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line)]


def read_with_loop(text: str, name: str | None = None) -> tuple[Puzzle, Loop | None]:
    """Read a pzprv3 file: the puzzle and the drawn loop, if any."""
    expect_text(text, "text")
    lines = [(n, line.strip()) for n, line in
             enumerate(text.replace("\r", "").replace("/", "\n").split("\n"), 1)]
    lines = [(n, line) for n, line in lines if line]
    head = ["pzprv3", "puzzle type", "number of rows", "number of columns"]
    if len(lines) < 4:
        where = f"line {lines[-1][0] + 1}" if lines else "line 1"
        raise MasyuError(f"the pzprv3 file ends early: expected the {head[len(lines)]}", where)
    (n1, magic), (n2, pid), (n3, rows_s), (n4, cols_s) = lines[:4]
    if not re.fullmatch(r"pzprv3(\.[0-9]+)?", magic):
        raise MasyuError("a pzprv3 file starts with the line 'pzprv3'", f"line {n1}")
    if pid.lower() not in PIDS:
        raise MasyuError(f"not a Masyu file: the puzzle type must be one of {', '.join(PIDS)}",
                         f"line {n2}")
    for n, s, what in ((n3, rows_s, "rows"), (n4, cols_s, "columns")):
        if not NUMBER_RE.fullmatch(s):
            raise MasyuError(f"expected the number of {what}", f"line {n}")
    rows, cols = int(rows_s), int(cols_s)
    check_size(rows, cols, f"line {n3}")
    body = lines[4:]
    if len(body) < rows:
        raise MasyuError(f"expected {rows} rows of cells, found {len(body)}",
                         f"line {body[-1][0] + 1 if body else n4 + 1}")
    pearls: dict[tuple[int, int], str] = {}
    for r, (n, line) in enumerate(body[:rows]):
        tokens = _tokens(line)
        if len(tokens) != cols:
            raise MasyuError(f"expected {cols} cells, found {len(tokens)}", f"line {n}")
        for c, (col, tok) in enumerate(tokens):
            if tok == "-":
                raise MasyuError("a pearl of unknown colour ('-') cannot be solved",
                                 f"line {n}, column {col}")
            if tok not in CELLS:
                raise MasyuError(f"unknown cell {tok!r} (. empty, 1 white, 2 black)",
                                 f"line {n}, column {col}")
            if CELLS[tok]:
                pearls[(r, c)] = CELLS[tok]
    puzzle = Puzzle(rows, cols, pearls, name=name)
    rest = body[rows:]
    for k, (n, line) in enumerate(rest):
        if line.startswith(("info:", "history:", "http:", "https:", "__HISTORY__")):
            rest = rest[:k]
            break
    if not rest:
        return puzzle, None
    need = rows + rows - 1
    if len(rest) < need:
        raise MasyuError(f"the drawn loop needs {need} lines ({rows} of horizontal and "
                         f"{rows - 1} of vertical segments), found {len(rest)}",
                         f"line {rest[-1][0] + 1}")
    if len(rest) > need:
        raise MasyuError("unexpected line after the drawn loop", f"line {rest[need][0]}")
    return puzzle, _segments(rest, rows, cols)


def read(text: str, name: str | None = None) -> Puzzle:
    """The puzzle of a pzprv3 file."""
    return read_with_loop(text, name)[0]


def read_loop(text: str) -> Loop:
    """The loop drawn in a pzprv3 file (an error if none is)."""
    loop = read_with_loop(text)[1]
    if loop is None:
        end = len(text.replace("/", "\n").rstrip().split("\n"))
        raise MasyuError("the pzprv3 file has no loop drawn", f"line {end + 1}")
    return loop


def write(puzzle: Puzzle, loop: Loop | None = None) -> str:
    """The pzprv3 file of the puzz.link player, with the loop drawn if given."""
    if loop is None:
        loop = Loop(puzzle.rows, puzzle.cols, ())
    else:
        check_same_size(loop, puzzle)
    lines = ["pzprv3", "mashu", str(puzzle.rows), str(puzzle.cols)]
    lines += ["".join(TOKEN[ch] + " " for ch in row) for row in puzzle.grid]
    lines += write_segments(loop)
    return "\n".join(lines) + "\n"


# -- the drawn loop: segment lines ---------------------------------------------

def read_segments(text_or_lines: str | Iterable[str], rows: int, cols: int) -> Loop:
    """Read the drawn-loop part of a pzprv3 file alone (blank lines skipped)."""
    lines = text_or_lines.split("\n") if isinstance(text_or_lines, str) else text_or_lines
    numbered = [(n, line.strip()) for n, line in enumerate(lines, 1) if line.strip()]
    if len(numbered) != 2 * rows - 1:
        raise MasyuError(f"expected {2 * rows - 1} lines of segments, found {len(numbered)}")
    return _segments(numbered, rows, cols)


def _segments(numbered: Sequence[tuple[int, str]], rows: int, cols: int) -> Loop:
    check_size(rows, cols)
    edges: list[Edge] = []
    for k, (n, line) in enumerate(numbered):
        horizontal = k < rows
        width = cols - 1 if horizontal else cols
        tokens = line.split()
        if len(tokens) != width:
            what = "horizontal" if horizontal else "vertical"
            raise MasyuError(f"expected {width} {what} segments, found {len(tokens)}",
                             f"line {n}")
        column = 0
        for c, tok in enumerate(tokens):
            column = line.index(tok, column) + 1
            if tok not in ("1", "0", "-1"):
                raise MasyuError(f"unknown segment {tok[:20]!r} (1 line, 0 none, -1 cross)",
                                 f"line {n}, column {column}")
            if tok == "1":
                r = k if horizontal else k - rows
                edges.append(((r, c), (r, c + 1)) if horizontal else ((r, c), (r + 1, c)))
    return Loop.unchecked(rows, cols, edges)


def write_segments(loop: Loop) -> list[str]:
    """The segment lines of a pzprv3 file (each token followed by a space, as the player writes)."""
    if loop.off_board():
        raise MasyuError("a loop that leaves the board cannot be written to pzprv3",
                         f"edge {loop.off_board()[0]}")
    edges = loop.edges
    horiz = ["".join("1 " if ((r, c), (r, c + 1)) in edges else "0 "
                     for c in range(loop.cols - 1)) for r in range(loop.rows)]
    vert = ["".join("1 " if ((r, c), (r + 1, c)) in edges else "0 "
                    for c in range(loop.cols)) for r in range(loop.rows - 1)]
    return horiz + vert
