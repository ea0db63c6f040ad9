"""Every text users paste or write: one module per format, and the registry ``FORMATS``.

Puzzle formats (see the Formats section of ``docs/guide.md``): pzprv3 files, the address of
Tatham's Pearl page, Tatham's game IDs, puzz.link URLs, puzzle-masyu.com tasks,
the text picture that ``masyu render`` prints, grid text.  Loop formats: JSON
and the box drawing of the solutions files (a pzprv3 file and a text picture
may carry a loop too).  ``FORMATS`` lists them in the order detection tries
them; the last of each kind (grid, box) takes whatever the others refuse.
Detection, ``Puzzle.parse``/``Puzzle.to``, ``Loop.parse``/``Loop.to``, the
CLI's ``convert --to`` and ``solve --format`` and the docs all read it: adding
a format is one module and one line here.  (``svg`` writes the SVG picture of
``masyu.render_svg``: no registry entry, since nothing reads it.)

The value types sit a layer below and import nothing from here: this package
installs itself on ``Puzzle`` and ``Loop`` when it is imported (the last lines),
and their ``parse``, ``to`` and ``_repr_svg_`` call these functions.

Detection looks once at the head of the text (``common.HEAD`` characters from
the first that is not blank); every reader is linear in its text, and a text
longer than ``limit`` (``MAX_TEXT`` for a puzzle, ``MAX_LOOP_TEXT`` for a loop)
is refused before anything is read.  Every reader raises :class:`MasyuError`
with the place (line and column, column of a one-line ID, or the URL
segment); nothing else escapes.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Callable, Union

from ..errors import MasyuError, MasyuTypeError
from ..loop import Loop
from ..puzzle import Puzzle
from . import box, grid, json, picture, psm, pzprv3, svg, tatham, tathamurl, url
from .common import MAX_LOOP_TEXT, MAX_TEXT, check_length, expect_text, head


@dataclass(frozen=True)
class Format:
    """One text format: what it holds, how to recognise it, read it and write it.

    ``kind`` is ``"puzzle"`` (``read(text, name)`` gives a Puzzle and
    ``write(puzzle)`` the text) or ``"loop"`` (``read(text)`` a Loop,
    ``write(loop)``).  ``detect`` looks at the head of the text (see
    ``common.head``).  ``sized``: the loop reader takes the text as it is and
    the board size (the box drawing, whose short lines and missing rows are
    padded).  ``read_loop`` is set for a puzzle format that can carry a drawn
    loop (pzprv3, the picture): it takes the text and the size if known, and
    ``write`` then takes the loop as a second argument; ``detect_loop(head,
    cols, width)`` is its detection among the loop formats (``width``: of the
    first line).
    """

    name: str
    summary: str
    kind: str
    detect: Callable[[str], bool]
    read: Callable[..., Union[Puzzle, Loop]]
    write: Callable[..., str]
    sized: bool = False
    read_loop: Callable[[str, int | None, int | None], Loop] | None = None
    detect_loop: Callable[[str, int | None, int], bool] | None = None


def _entry(module, kind: str, name: str | None = None, **extra) -> Format:
    name = name or module.__name__.rsplit(".", 1)[1]
    return Format(name, module.SUMMARY, kind, module.detect, module.read, module.write, **extra)


FORMATS: dict[str, Format] = {f.name: f for f in (
    _entry(pzprv3, "puzzle", read_loop=lambda text, rows, cols: pzprv3.read_loop(text.strip()),
           detect_loop=lambda h, cols, width: pzprv3.detect(h)),
    _entry(tathamurl, "puzzle", "tatham-url"),
    _entry(tatham, "puzzle"),
    _entry(url, "puzzle"),
    _entry(psm, "puzzle"),
    _entry(picture, "puzzle", read_loop=picture.read_loop, detect_loop=picture.detect_loop),
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
    h = head(expect_text(text))
    return next(name for name in PUZZLE_FORMATS if FORMATS[name].detect(h))


# Pairs of formats whose texts can look alike: when detection picks the first and the
# text reads in both as different values, the reader asks for the format instead of
# guessing (``11\nbb`` is a 2x2 grid of black pearls and an 11x11 task; a picture of a
# loop with no pearl and no empty cell is a box drawing too, twice as wide).
AMBIGUOUS = {"puzzle": {"psm": "grid"}, "loop": {"picture": "box", "box": "picture"}}


def _one_reading(text: str, found: str, other: str, read: Callable[[str], object],
                 first: object) -> object:
    """``first`` (the value ``text`` has in the detected format ``found``), unless it
    also reads in ``other`` as another value: then one error asking for the format."""
    try:
        second = read(other)
    except MasyuError:
        return first
    if second == first:
        return first
    raise MasyuError(f"this text reads both as {found} ({_size(first)}) and as {other} "
                     f"({_size(second)}): give the format (format='{found}' or "
                     f"format='{other}'; --format on the command line)", "line 1")


def _or_raise(read: Callable[[], object], err: MasyuError) -> Any:
    """What ``read`` gives, or ``err`` (the detected format's error) if it fails too."""
    try:
        return read()
    except MasyuError:
        raise err from None


def _size(value: object) -> str:
    return f"{value.rows}x{value.cols}"


def parse(text: str, name: str | None = None, *, format: str | None = None,
          limit: int | None = None) -> Puzzle:
    """Read a puzzle in any puzzle format, detected from the text, or in the
    puzzle format ``format`` if it is given (at most ``limit`` characters, by
    default ``MAX_TEXT``)."""
    check_length(expect_text(text), MAX_TEXT if limit is None else limit, "puzzle text")
    if name is not None:
        expect_text(name, "name")
    if format is not None:
        puzzle = get(format, "puzzle").read(text)
    else:
        found = detect(text)
        other = AMBIGUOUS["puzzle"].get(found)
        if other is not None:
            try:
                puzzle = FORMATS[found].read(text)
            except MasyuError as err:    # the other reads it, or this error is given
                puzzle = _or_raise(lambda: FORMATS[other].read(text), err)
            else:
                puzzle = _one_reading(text, found, other,
                                      lambda other: FORMATS[other].read(text), puzzle)
        else:
            puzzle = FORMATS[found].read(text)
    if name is not None:
        puzzle = Puzzle(puzzle.rows, puzzle.cols, puzzle.pearls, name=name)
    return puzzle


def write(puzzle: Puzzle, name: str, loop: Loop | None = None) -> str:
    """``puzzle`` in the puzzle format ``name`` (with ``loop`` drawn: pzprv3, picture)."""
    _expect(puzzle, Puzzle, "puzzle", "a masyu.Puzzle")
    if loop is not None:
        _expect(loop, Loop, "loop", "a masyu.Loop or None")
    fmt = get(name, "puzzle")
    if fmt.read_loop is not None:
        return fmt.write(puzzle, loop)
    if loop is not None:
        raise MasyuError(f"the {name} format cannot carry a loop")
    return fmt.write(puzzle)


def parse_loop(text: str, rows: int | None = None, cols: int | None = None, *,
               format: str | None = None, limit: int | None = None) -> Loop:
    """Read a loop as JSON, a pzprv3 file with its loop drawn, a text picture
    or a box drawing, detected from the text or in ``format`` if it is given
    (at most ``limit`` characters, by default ``MAX_LOOP_TEXT``).

    The box drawing gets the text as it is (spaces matter) and the size, for
    padding; a loop of another format must have that size if it is given.
    A text with nothing but line ends in it is refused: it is no loop.
    """
    check_length(expect_text(text), MAX_LOOP_TEXT if limit is None else limit, "loop text")
    for value, argument in ((rows, "rows"), (cols, "cols")):
        if value is not None:
            _expect(value, int, argument, "an integer or None")
    if format is None:
        format = _detect_loop(text, cols)
        other = AMBIGUOUS["loop"].get(format)
        if rows is None and cols is None and other is not None:    # no size to tell by
            try:
                first = parse_loop(text, format=format)
            except MasyuError as err:
                return _or_raise(lambda: parse_loop(text, format=other), err)
            return _one_reading(text, format, other,
                                lambda name: parse_loop(text, format=name), first)
    fmt = FORMATS.get(format) if isinstance(format, str) else None
    if fmt is not None and fmt.read_loop is not None:      # pzprv3, picture
        loop = fmt.read_loop(text, rows, cols)
    else:
        fmt = get(format, "loop")
        if fmt.sized:                                       # the box drawing, padded
            return fmt.read(text, rows, cols)
        loop = fmt.read(text.strip())
    if (rows is not None and loop.rows != rows) or (cols is not None and loop.cols != cols):
        raise MasyuError(f"the loop is {loop.rows}x{loop.cols}, expected {rows}x{cols}",
                         "line 1")
    return loop


def _detect_loop(text: str, cols: int | None) -> str:
    """The name of the format of a loop text (the box drawing takes what the others refuse)."""
    if not text.strip("\r\n"):
        raise MasyuError("no loop: the text is empty")
    h = head(text)
    start = len(text) - len(text.lstrip("\r\n"))   # the first line's width: one scan of it
    end = text.find("\n", start)
    width = len((text[start:] if end < 0 else text[start:end]).rstrip())
    return next(name for name, fmt in FORMATS.items()
                if (fmt.detect_loop(h, cols, width) if fmt.detect_loop is not None
                    else fmt.kind == "loop" and fmt.detect(h)))


def _expect(value: object, kind: type, argument: str, what: str) -> None:
    if not isinstance(value, kind) or isinstance(value, bool):
        raise MasyuTypeError(f"{argument} must be {what}, not {type(value).__name__}",
                             f"argument {argument!r}")


def write_loop(loop: Loop, name: str) -> str:
    """``loop`` in the loop format ``name``."""
    _expect(loop, Loop, "loop", "a masyu.Loop")
    return get(name, "loop").write(loop)


# Puzzle.parse, Puzzle.to, Loop.parse, Loop.to and _repr_svg_ call this package: the
# value types cannot import it (it imports them), so it installs itself on them.
Puzzle._formats = Loop._formats = sys.modules[__name__]


__all__ = ["FORMATS", "PUZZLE_FORMATS", "LOOP_FORMATS", "Format", "get", "detect", "parse",
           "write", "parse_loop", "write_loop", "MAX_TEXT", "MAX_LOOP_TEXT"]
