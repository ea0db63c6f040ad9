"""Collection files: many puzzles (or their loops) in one text file.

Each puzzle is a header line ``# NAME key=value ...`` (``size=RxC`` among the
keys), its R grid lines, and a blank line.  A solutions file has the same
headers and, in place of the grid, the loop in box drawing (see
``masyu.formats.box``); there the ``size`` key says how many lines follow, since
a row the loop never visits is a line of spaces.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Iterable, Mapping

from xcc import read_text, write_text

from .errors import MasyuError, MasyuTypeError
from .formats import box, grid
from .formats.common import check_length, expect_text
from .loop import Loop
from .puzzle import Puzzle

_SIZE = re.compile(r"size=([0-9]{1,6})x([0-9]{1,6})")
# A collection or solutions file is read whole: psm's 3,604 loops are 2.4 MB.
MAX_COLLECTION = 64 << 20   # 64 MiB


def _path(path: object) -> str:
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
        raise MasyuTypeError(f"path must be a str or os.PathLike, not {type(path).__name__}",
                             "argument 'path'")
    return os.fspath(path)


def _read(path: str | Path, limit: int = MAX_COLLECTION) -> str:
    """The text of a file (``-``: stdin), at most ``limit`` bytes, with one clear
    error for every fault (:func:`xcc.textio.read_text`)."""
    return read_text(_path(path), limit=limit, error=MasyuError, what="the file")


def _name(path: str) -> str:
    return "<stdin>" if path == "-" else Path(path).name


def _header(line: str) -> tuple[str | None, tuple[int, int] | None]:
    """The name (first word) and the ``size=RxC`` of a ``#`` header line: the first
    ``size=`` key after the name (a puzzle may be named ``size=2x2``), or the name itself
    in a header that has nothing else (``# size=6x6``)."""
    words = line.lstrip("#").split()
    for word in words[1:] or words[:1]:
        m = _SIZE.fullmatch(word)
        if m:
            return words[0], (int(m.group(1)), int(m.group(2)))
    return (words[0] if words else None), None


def parse_collection(text: str, source: str | None = None) -> list[Puzzle]:
    """The puzzles of a collection's text (``source`` names the file in errors)."""
    check_length(expect_text(text), MAX_COLLECTION, "collection")
    if source is not None:
        expect_text(source, "source")
    lines = text.splitlines()
    prefix = f"{source}, " if source else ""
    sizes: dict[int, tuple[int, int] | None] = {}
    for number, line in enumerate(lines, 1):
        if line.strip().startswith("#"):
            sizes[number] = _header(line.strip())[1]
    puzzles = []
    for name, block in grid.blocks(lines):
        puzzle = grid.from_block(block, name, source)
        header = block[0][0] - 1
        size = sizes.get(header)
        if size is not None and size != (puzzle.rows, puzzle.cols):
            raise MasyuError(f"the header says size={size[0]}x{size[1]} but the grid is "
                             f"{puzzle.rows}x{puzzle.cols}", f"{prefix}line {header}")
        puzzles.append(puzzle)
    return puzzles


def load(path: str | Path) -> list[Puzzle]:
    """Read a collection file (``-``: stdin) into a list of puzzles, named by their headers."""
    path = _path(path)
    return parse_collection(_read(path), _name(path))


def dump(puzzles: Iterable[Puzzle], path: str | Path) -> None:
    """Write a collection file (atomically: a temporary file renamed); an unnamed
    puzzle is called ``puzzle-K`` (K from 1)."""
    path = _path(path)
    write_text(path, format_collection(puzzles), error=MasyuError)


def format_collection(puzzles: Iterable[Puzzle]) -> str:
    """The text of a collection file."""
    if isinstance(puzzles, (str, bytes, Puzzle)) or not hasattr(puzzles, "__iter__"):
        raise MasyuTypeError(f"puzzles must be a list of masyu.Puzzle, not "
                             f"{type(puzzles).__name__}", "argument 'puzzles'")
    out = []
    for k, p in enumerate(puzzles, 1):
        if not isinstance(p, Puzzle):
            raise MasyuTypeError(f"puzzle {k} is a {type(p).__name__}, not a masyu.Puzzle",
                                 "argument 'puzzles'")
        name = p.name if p.name is not None else f"puzzle-{k}"
        if not name or name.split() != [name] or name.startswith("#"):
            raise MasyuError(f"a puzzle name in a collection is one word, not {name!r}",
                             f"puzzle {k}")
        out.append(f"# {name} size={p.rows}x{p.cols}\n" + grid.write(p) + "\n")
    return "".join(out)


def parse_solutions(text: str, source: str | None = None) -> dict[str, Loop]:
    """The loops of a solutions file's text, by puzzle name."""
    check_length(expect_text(text), MAX_COLLECTION, "solutions file")
    if source is not None:
        expect_text(source, "source")
    prefix = f"{source}, " if source else ""
    lines = [line.rstrip("\r") for line in text.split("\n")]
    if lines[-1] == "":
        lines.pop()   # the end of the last line, not a line
    loops: dict[str, Loop] = {}
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        where = f"{prefix}line {i + 1}"
        if not line.startswith("#"):
            raise MasyuError("expected a header line '# NAME size=RxC'", where)
        name, size = _header(line)
        if name is None:
            raise MasyuError("the header has no name", where)
        if name in loops:
            raise MasyuError(f"a second loop named {name!r}", where)
        if size is None:   # without a size, the loop runs to the next blank line
            end = i + 1
            while end < len(lines) and lines[end] != "" and not lines[end].startswith("#"):
                end += 1
            rows, cols = end - i - 1, None
        else:
            rows, cols = size
            end = i + 1 + rows
            if end > len(lines):
                raise MasyuError(f"the file ends before the {rows} rows of this loop", where)
        try:
            loops[name] = box.read(lines[i + 1:end], rows, cols)
        except MasyuError as err:
            raise _shift(err, i + 1, prefix) from None
        i = end
    return loops


def _shift(err: MasyuError, offset: int, prefix: str) -> MasyuError:
    """Move a ``line N`` place of a loop to its line in the file."""
    where = err.where or ""
    m = re.match(r"line ([0-9]+)(.*)", where)
    if m:
        where = f"{prefix}line {int(m.group(1)) + offset}{m.group(2)}"
    else:
        where = f"{prefix}line {offset}" + (f", {where}" if where else "")
    message = re.sub(r"at line ([0-9]+)", lambda k: f"at line {int(k.group(1)) + offset}",
                     err.message)
    return MasyuError(message, where)


def load_solutions(path: str | Path) -> dict[str, Loop]:
    """Read a solutions file (``-``: stdin): ``{name: Loop}`` in file order."""
    path = _path(path)
    return parse_solutions(_read(path), _name(path))


def format_solutions(loops: Mapping[str, Loop]) -> str:
    """The text of a solutions file (headers with the size, box drawings, blank lines)."""
    if not isinstance(loops, Mapping):
        raise MasyuTypeError(f"loops must be a mapping {{name: masyu.Loop}}, not "
                             f"{type(loops).__name__}", "argument 'loops'")
    out = []
    for name, loop in loops.items():
        if not isinstance(name, str) or not isinstance(loop, Loop):
            raise MasyuTypeError(f"each entry is name (str): masyu.Loop, not "
                                 f"{type(name).__name__}: {type(loop).__name__}", "argument 'loops'")
        if not name or name.split() != [name] or name.startswith("#"):
            raise MasyuError(f"a name in a solutions file is one word, not {name!r}",
                             "argument 'loops'")
        out.append(f"# {name} size={loop.rows}x{loop.cols}\n" + box.write(loop) + "\n")
    return "".join(out)


def dump_solutions(loops: Mapping[str, Loop], path: str | Path) -> None:
    """Write a solutions file (atomically: a temporary file renamed)."""
    path = _path(path)
    write_text(path, format_solutions(loops), error=MasyuError)
