"""What every masyu verb reads, and how it fails: one line ``masyu: ...`` and exit code 2.

- ``read_puzzle_arg(arg)``: a file (any file: a pipe, ``/dev/stdin``, ``<(...)``),
  ``-`` for stdin, ``FILE#NAME`` (or ``-#NAME``) for one puzzle of a collection,
  or the puzzle text itself (URL, game ID, grid);
- ``read_loop_arg(arg, puzzle)``: the same for a loop (box drawing, JSON,
  pzprv3 file with its loop, ``FILE#NAME`` in a solutions file);
- ``read_collection_arg(arg)`` and ``read_solutions_arg(arg)``: every puzzle
  (or loop) of a file, for ``--each`` and ``masyu list``;
- ``fail(message, where=None)``: one line on stderr, exit code 2 (``SystemExit``:
  the same under Typer and on the quick path, :mod:`masyu.cli.quick`);
- ``errors_exit()``: MasyuError and xcc's XCCError as ``fail``.

Nothing here imports Typer; the collection reader is imported when a file is read.

Input is read up to ``MAX_INPUT`` bytes: an endless file (``/dev/zero``) is
refused, not read until memory runs out.
"""
from __future__ import annotations

import contextlib
import os
import re
import stat
from typing import Iterator, NoReturn

import xcc

from .common import STDIN_PICK, say
from ..board import check_same_size
from ..errors import MasyuError, SeveralPuzzles
from ..formats import url
from ..loop import Loop
from ..puzzle import Puzzle

MAX_INPUT = 64 << 20      # bytes: the largest input file read (a 1000x1000 grid is 1 MB)


def fail(message: str, where: str | None = None) -> NoReturn:
    """Print ``masyu: <where>: <message>`` on stderr and exit with code 2."""
    text = f"{where}: {message}" if where else message
    say(f"masyu: {' '.join(text.split())}")
    raise SystemExit(2)


@contextlib.contextmanager
def errors_exit() -> Iterator[None]:
    """Turn MasyuError / XCCError into one line on stderr and exit 2 (no traceback)."""
    try:
        yield
    except (MasyuError, xcc.XCCError) as err:
        message = getattr(err, "message", str(err))
        fail(message, getattr(err, "where", None))


# ---------------------------------------------------------------------------
# Files: any file that is not a directory (pipes and devices too), read with a cap

def _kind(name: str) -> str | None:
    """``"file"``, ``"dir"``, or None when nothing of that name can be opened."""
    if "\n" in name or "\x00" in name or not name:
        return None
    try:
        mode = os.stat(name).st_mode
    except (OSError, ValueError):   # missing, a name too long, a loop of links
        return None
    return "dir" if stat.S_ISDIR(mode) else "file"


def read_file(name: str) -> str:
    """The UTF-8 text of a file (or of stdin for ``-``), at most ``MAX_INPUT`` bytes: the
    library's reader (:func:`xcc.read_text`: one rule for a byte-order mark, line ends)."""
    try:
        return xcc.read_text(name, limit=MAX_INPUT, error=MasyuError, what="the input")
    except MasyuError as err:
        fail(err.message, err.where)


def _looks_like_text(arg: str) -> bool:
    """Whether an argument is clearly puzzle or loop text rather than a file name."""
    if "\n" in arg or "://" in arg or "?" in arg or arg.startswith(("pzprv3", "{", "[")):
        return True
    return bool(re.match(r"(%s)(_edit)?/|[0-9]+(x[0-9]+)?(d[a-z])?[: ]" % "|".join(url.PIDS),
                         arg))


def _looks_like_path(arg: str) -> bool:
    """Whether an argument is clearly a file name (a folder in it, or a file suffix)."""
    return not _looks_like_text(arg) and (
        "/" in arg or "\\" in arg or
        os.path.splitext(arg)[1].lower() in (".txt", ".json", ".svg", ".dlx", ".pzprv3"))


def locate(arg: str) -> tuple[str | None, str | None]:
    """``(file, name)``: the file an argument names (None: the argument is text) and,
    for ``FILE#NAME``, the name.  A missing file that the argument clearly means
    is one line, exit 2."""
    if arg == "-":
        return "-", None
    if arg.startswith(STDIN_PICK):
        return "-", arg[len(STDIN_PICK):]
    kind = _kind(arg)
    if kind == "dir":
        fail("is a directory, not a file", arg)
    if kind == "file":
        return arg, None
    if "#" in arg and not _looks_like_text(arg):
        head, _, pick = arg.rpartition("#")
        kind = _kind(head)
        if kind == "file":
            return head, pick
        if kind == "dir":
            fail("is a directory, not a file", head)
        if head and "#" not in head:
            fail("no such file", head)
    if _looks_like_path(arg):
        fail("no such file", arg)
    return None, None


def _collection():
    """:mod:`masyu.collection`, imported when a file is read: a puzzle given as
    text (``masyu solve GAMEID``) starts without it."""
    from .. import collection  # start-up: a puzzle given as text needs no reader
    return collection


def _source(path: str) -> str:
    return "<stdin>" if path == "-" else os.path.basename(path) or path


def pick_puzzle(text: str, name: str, source: str) -> Puzzle:
    """The puzzle called ``name`` in a collection's text, parsing only its block
    when its header is found (a big collection is not parsed whole)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        s = line.strip()
        if s.startswith("#") and s[1:].split()[:1] == [name]:
            end = i + 1
            while end < len(lines) and lines[end].strip() and \
                    not lines[end].strip().startswith("#"):
                end += 1
            block = "\n" * i + "\n".join(lines[i:end]) + "\n"   # keeps the line numbers
            found = _collection().parse_collection(block, source)
            if found and found[0].name == name:
                return found[0]
            break
    found = [p for p in _collection().parse_collection(text, source) if p.name == name]
    if not found:
        fail(f"no puzzle named {name!r}", source)
    return found[0]


def read_puzzle_arg(arg: str) -> Puzzle:
    """The puzzle named by a CLI argument: a file, ``-``, ``FILE#NAME``, or the text itself."""
    with errors_exit():
        path, pick = locate(arg)
        if path is None:
            try:
                return Puzzle.parse(arg)
            except MasyuError as err:
                if "\n" not in arg and not _looks_like_text(arg):
                    fail(f"no such file, nor a puzzle ({err.message})", arg)
                raise
        text, source = read_file(path), _source(path)
        if pick is not None:
            return pick_puzzle(text, pick, source)
        try:
            return Puzzle.parse(text)
        except SeveralPuzzles:
            names = [p.name for p in _collection().parse_collection(text, source)]
            shown = "-" if path == "-" else arg
            example = f", e.g. {shown}#{names[0]}" if names[0] else " (name them by # headers)"
            fail(f"{len(names):,} puzzles in this file; pick one with FILE#NAME{example}, "
                 f"or use --each", source)
        except MasyuError as err:
            raise MasyuError(err.message, f"{source}, {err.where}" if err.where else source) \
                from None


def read_loop_arg(arg: str, puzzle: Puzzle) -> Loop:
    """The loop named by a CLI argument (box drawing, JSON or pzprv3), sized like ``puzzle``."""
    with errors_exit():
        path, pick = locate(arg)
        if path is None:
            text, source = arg, "LOOP"
        else:
            text, source = read_file(path), _source(path)
        if pick is not None:
            loops = _collection().parse_solutions(text, source)
            if pick not in loops:
                fail(f"no loop named {pick!r}", source)
            found = loops[pick]
            try:
                check_same_size(found, puzzle)
            except MasyuError as err:
                fail(err.message, f"{source}#{pick}")
            return found
        try:
            return Loop.parse(text, puzzle.rows, puzzle.cols)
        except MasyuError as err:
            raise MasyuError(err.message, f"{source}, {err.where}" if err.where else source) \
                from None


def read_collection_arg(arg: str) -> tuple[list[Puzzle], str]:
    """Every puzzle of a collection file (or of stdin), and the file's name for messages."""
    with errors_exit():
        path, pick = locate(arg)
        if path is None:
            return [Puzzle.parse(arg)], "PUZZLE"
        text, source = read_file(path), _source(path)
        if pick is not None:
            return [pick_puzzle(text, pick, source)], source
        return _collection().parse_collection(text, source), source


def read_solutions_arg(arg: str) -> dict[str, Loop]:
    """Every loop of a solutions file (or of stdin), by name."""
    with errors_exit():
        path, _ = locate(arg)
        if path is None:
            fail("--each needs a solutions file for LOOP", arg)
        return _collection().parse_solutions(read_file(path), _source(path))
