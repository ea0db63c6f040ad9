"""Every text users paste or write: one module per format, and the registry ``FORMATS``.

Puzzle formats (see ``shared/puzzles/README.md``): pzprv3 files, Tatham's
game IDs, puzz.link URLs, puzzle-masyu.com tasks, grid text.  Loop formats:
JSON and the box drawing of the solutions files (a pzprv3 file may carry a
loop too).  ``FORMATS`` lists them in the order detection tries them; the
last of each kind (grid, box) takes whatever the others refuse.  Detection,
``Puzzle.parse``/``Puzzle.to_*``, ``Loop.parse``, the CLI's ``convert --to``
and ``solve --format`` and the docs all read it: adding a format is one module
and one line here.

Every reader raises :class:`MasyuError` with the place (line and column,
column of a one-line ID, or the URL segment); nothing else escapes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Union

from ..errors import MasyuError
from ..loop import Loop
from ..puzzle import Puzzle
from . import box, grid, json, psm, pzprv3, tatham, url
from .common import expect_text


@dataclass(frozen=True)
class Format:
    """One text format: what it holds, how to recognise it, read it and write it.

    ``kind`` is ``"puzzle"`` (``read(text, name)`` gives a Puzzle and
    ``write(puzzle)`` the text) or ``"loop"`` (``read(text)`` a Loop,
    ``write(loop)``).  ``detect`` looks at the stripped text.  ``sized``: the
    loop reader takes the text as it is and the board size (the box drawing,
    whose short lines and missing rows are padded).  ``read_loop`` is set for
    a puzzle format that can carry a drawn loop (pzprv3), whose ``write`` then
    takes the loop as a second argument.
    """

    name: str
    summary: str
    kind: str
    detect: Callable[[str], bool]
    read: Callable[..., Union[Puzzle, Loop]]
    write: Callable[..., str]
    sized: bool = False
    read_loop: Callable[[str], Loop] | None = None


def _entry(module, kind: str, **extra) -> Format:
    name = module.__name__.rsplit(".", 1)[1]
    return Format(name, module.SUMMARY, kind, module.detect, module.read, module.write, **extra)


FORMATS: dict[str, Format] = {f.name: f for f in (
    _entry(pzprv3, "puzzle", read_loop=pzprv3.read_loop),
    _entry(tatham, "puzzle"),
    _entry(url, "puzzle"),
    _entry(psm, "puzzle"),
    _entry(grid, "puzzle"),
    _entry(json, "loop"),
    _entry(box, "loop", sized=True),
)}
PUZZLE_FORMATS = tuple(name for name, f in FORMATS.items() if f.kind == "puzzle")
LOOP_FORMATS = tuple(name for name, f in FORMATS.items() if f.kind == "loop")


def get(name: str, kind: str) -> Format:
    """The format of that name and kind, or one clear error listing the valid ones."""
    found = FORMATS.get(name) if isinstance(name, str) else None
    if found is None or found.kind != kind:
        names = PUZZLE_FORMATS if kind == "puzzle" else LOOP_FORMATS
        raise MasyuError(f"unknown {kind} format {name!r}; valid formats: {', '.join(names)}")
    return found


def detect(text: str) -> str:
    """The name of the puzzle format of ``text``: one of ``PUZZLE_FORMATS``."""
    s = expect_text(text).strip()
    return next(name for name in PUZZLE_FORMATS if FORMATS[name].detect(s))


def parse(text: str, name: str | None = None) -> Puzzle:
    """Read a puzzle in any puzzle format, detected from the text."""
    puzzle = FORMATS[detect(text)].read(text)
    if name is not None:
        puzzle = Puzzle(puzzle.rows, puzzle.cols, puzzle.pearls, name=name)
    return puzzle


def write(puzzle: Puzzle, name: str, loop: Loop | None = None) -> str:
    """``puzzle`` in the puzzle format ``name`` (with ``loop`` drawn: pzprv3 only)."""
    fmt = get(name, "puzzle")
    if fmt.read_loop is not None:
        return fmt.write(puzzle, loop)
    if loop is not None:
        raise MasyuError(f"the {name} format cannot carry a loop")
    return fmt.write(puzzle)


def parse_loop(text: str, rows: int | None = None, cols: int | None = None) -> Loop:
    """Read a loop as JSON, a pzprv3 file with its loop drawn, or a box drawing.

    The box drawing gets the text as it is (spaces matter) and the size, for
    padding; a loop of another format must have that size if it is given.
    """
    s = expect_text(text).strip()
    fmt = next(f for f in FORMATS.values()
               if (f.kind == "loop" or f.read_loop is not None) and f.detect(s))
    if fmt.sized:
        return fmt.read(text, rows, cols)
    loop = fmt.read(s) if fmt.read_loop is None else fmt.read_loop(s)
    if (rows is not None and loop.rows != rows) or (cols is not None and loop.cols != cols):
        raise MasyuError(f"the loop is {loop.rows}x{loop.cols}, expected {rows}x{cols}")
    return loop


def write_loop(loop: Loop, name: str) -> str:
    """``loop`` in the loop format ``name``."""
    return get(name, "loop").write(loop)


__all__ = ["FORMATS", "PUZZLE_FORMATS", "LOOP_FORMATS", "Format", "get", "detect", "parse",
           "write", "parse_loop", "write_loop"]
