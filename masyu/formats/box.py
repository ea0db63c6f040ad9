"""The box drawing of loops in the solutions files: one character per cell.

``─ │ ┌ ┐ └ ┘`` (rounded corners ``╭ ╮ ╰ ╯`` too), space (or ``.``, ``·``) where
the loop does not pass; half lines, tees and the cross (``masyu.loop.SHAPES``)
let any edge set be drawn.  The box drawing is what any other loop text falls
back to, so it is detected last.
"""
from __future__ import annotations

from typing import Iterable

from ..board import MAX_SIDE, MIN_SIDE, OPPOSITE, WORD, Cell, check_size, on_board, step
from ..errors import MasyuError, MasyuTypeError
from ..loop import SHAPES, Loop
from .common import no_gc

SUMMARY = "box drawing ─ │ ┌ ┐ └ ┘, one character a cell"
ALIASES = {"╭": "┌", "╮": "┐", "╰": "└", "╯": "┘", ".": " ", "·": " "}


def detect(head: str) -> bool:
    return True


def read(text_or_lines: str | Iterable[str], rows: int | None = None,
         cols: int | None = None) -> Loop:
    """Read a box drawing (see :meth:`masyu.Loop.parse`)."""
    if not isinstance(text_or_lines, str) and not hasattr(text_or_lines, "__iter__"):
        raise MasyuTypeError("a box drawing is a str or a list of lines, not "
                             f"{type(text_or_lines).__name__}", "argument 'text_or_lines'")
    with no_gc():
        return _read(text_or_lines, rows, cols)


def _read(text_or_lines: str | Iterable[str], rows: int | None, cols: int | None) -> Loop:
    if isinstance(text_or_lines, str):
        lines = text_or_lines.replace("\r\n", "\n").split("\n")
        if lines and lines[-1] == "" and len(lines) > 1:
            lines.pop()
    else:
        lines = [str(line).rstrip("\r\n") for line in text_or_lines]
    if rows is None:
        rows = len(lines)
        if rows > MAX_SIDE or rows < MIN_SIDE:   # the drawing's own size: name its line
            check_size(rows, MIN_SIDE, f"line {min(rows, MAX_SIDE + 1) or 1}")
    if cols is None:
        cols = max((len(line) for line in lines), default=0)
        if cols > MAX_SIDE or cols < MIN_SIDE:
            k = max(range(len(lines)), key=lambda i: len(lines[i]), default=0)
            check_size(MIN_SIDE, cols, f"line {k + 1}, column {min(cols, MAX_SIDE) + 1}")
    check_size(rows, cols)
    for number, line in enumerate(lines[rows:], rows + 1):
        if line.strip(" ."):
            raise MasyuError(f"more than {rows} rows", f"line {number}")
    dirs: dict[Cell, str] = {}
    for r, line in enumerate(lines[:rows]):
        for c, ch in enumerate(line):
            if ch == " ":
                continue
            ds = SHAPES.get(ALIASES.get(ch, ch))
            if ds is None:
                raise MasyuError(f"{ch!r} is not a loop shape (use ─ │ ┌ ┐ └ ┘ or space)",
                                 f"line {r + 1}, column {c + 1}")
            if ds:
                if c >= cols:
                    raise MasyuError(f"a shape beyond column {cols}",
                                     f"line {r + 1}, column {c + 1}")
                dirs[(r, c)] = ds
    # An edge is named by its first cell: east arms and the west arms of the
    # next cell must agree, and so must south arms and north ones.
    east = {cell for cell, ds in dirs.items() if "E" in ds}
    west = {(r, c - 1) for (r, c), ds in dirs.items() if "W" in ds}
    south = {cell for cell, ds in dirs.items() if "S" in ds}
    north = {(r - 1, c) for (r, c), ds in dirs.items() if "N" in ds}
    if any(0 <= c < cols - 1 for _, c in east ^ west) or \
            any(0 <= r < rows - 1 for r, _ in south ^ north):
        _mismatch(lines, dirs, rows, cols)
    edges = [((r, c), (r, c + 1)) for r, c in east | west]
    edges += [((r, c), (r + 1, c)) for r, c in south | north]
    return Loop.unchecked(rows, cols, edges)


def write(loop: Loop) -> str:
    """The box drawing, one line a row (trailing spaces kept), each ending in a newline."""
    return "".join("".join(loop.shape((r, c)) for c in range(loop.cols)) + "\n"
                   for r in range(loop.rows))


def _mismatch(lines: list[str], dirs: dict[Cell, str], rows: int, cols: int) -> None:
    """Raise the error for the first arm (row-major, then N E S W) not met by its neighbour."""
    for cell in sorted(dirs):
        for d in dirs[cell]:
            n = step(cell, d)
            if on_board(rows, cols, n) and OPPOSITE[d] not in dirs.get(n, ""):
                mine = ALIASES.get(lines[cell[0]][cell[1]], lines[cell[0]][cell[1]])
                row = lines[n[0]] if n[0] < len(lines) else ""
                theirs = row[n[1]] if n[1] < len(row) else " "
                raise MasyuError(f"{mine!r} points {WORD[d]} but {theirs!r} at line {n[0] + 1}, "
                                 f"column {n[1] + 1} does not point back",
                                 f"line {cell[0] + 1}, column {cell[1] + 1}")
    raise AssertionError("no mismatch found")  # pragma: no cover
