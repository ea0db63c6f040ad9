"""What a command-line argument names, and its puzzle, loop or collection.

An argument is a file (any file: a pipe, ``/dev/stdin``, ``<(...)``), ``-``
for stdin, ``FILE#NAME`` (``-#NAME``: of stdin) for one puzzle of a
collection or one loop of a solutions file, or the text itself (a URL, a game
ID, a grid, a loop).  :func:`locate` tells which; ``read_puzzle``,
``read_loop``, ``read_collection``, ``read_solutions`` and ``read_state`` read
what it names; ``example_puzzle`` is the bundled example.  Every fault is one :class:`MasyuError` naming the place (the
file, ``FILE#NAME``, the argument).  Files are read up to ``MAX_INPUT`` bytes
(:func:`xcc.read_text`): an endless file (``/dev/zero``) is refused, not read
until memory runs out.  The collection reader is imported when a file is read,
so a puzzle given as text starts without it.
"""
from __future__ import annotations

import os
import re
import stat

import xcc

from .board import check_same_size
from .errors import MasyuError, SeveralPuzzles
from .formats import url
from .loop import Loop
from .puzzle import Puzzle

MAX_INPUT = 64 << 20      # bytes: the largest input file read (a 1000x1000 grid is 1 MB)


def read_input(name: str) -> str:
    """The UTF-8 text of a file (or of stdin for ``-``), at most ``MAX_INPUT`` bytes."""
    return xcc.read_text(name, limit=MAX_INPUT, error=MasyuError, what="the input")


def _kind(name: str) -> str | None:
    """``"file"``, ``"dir"``, or None when nothing of that name can be opened."""
    if "\n" in name or "\x00" in name or not name:
        return None
    try:
        mode = os.stat(name).st_mode
    except (OSError, ValueError):   # missing, a name too long, a loop of links
        return None
    return "dir" if stat.S_ISDIR(mode) else "file"


def looks_like_text(arg: str) -> bool:
    """Whether an argument is clearly puzzle or loop text rather than a file name."""
    if "\n" in arg or "://" in arg or "?" in arg or arg.startswith(("pzprv3", "{", "[")):
        return True
    return bool(re.match(r"(%s)(_edit)?/|[0-9]+(x[0-9]+)?(d[a-z])?[: ]" % "|".join(url.PIDS),
                         arg))


def _looks_like_path(arg: str) -> bool:
    """Whether an argument is clearly a file name (a folder in it, or a file suffix)."""
    return not looks_like_text(arg) and (
        "/" in arg or "\\" in arg or
        os.path.splitext(arg)[1].lower() in (".txt", ".json", ".svg", ".dlx", ".pzprv3"))


def locate(arg: str) -> tuple[str | None, str | None]:
    """``(file, name)``: the file an argument names (None: the argument is text) and,
    for ``FILE#NAME``, the name.  A missing file that the argument clearly means
    is refused."""
    if arg == "-":
        return "-", None
    if arg.startswith("-#") and len(arg) > 2:
        return "-", arg[2:]
    kind = _kind(arg)
    if kind == "dir":
        raise MasyuError("is a directory, not a file", arg)
    if kind == "file":
        return arg, None
    if "#" in arg and not looks_like_text(arg):
        head, _, pick = arg.rpartition("#")
        kind = _kind(head)
        if kind == "file":
            return head, pick
        if kind == "dir":
            raise MasyuError("is a directory, not a file", head)
        if head and "#" not in head:
            raise MasyuError("no such file", head)
    if _looks_like_path(arg):
        raise MasyuError("no such file", arg)
    return None, None


def _collection():
    """:mod:`masyu.collection`, imported when a file is read."""
    from . import collection  # start-up: a puzzle given as text needs no reader
    return collection


def example_puzzle() -> Puzzle:
    """The bundled example (masyu/data/example.txt: ``masyu solve`` without a puzzle)."""
    from importlib import resources  # start-up: only the example needs it
    text = resources.files("masyu.data").joinpath("example.txt").read_text(encoding="utf-8")
    return _collection().parse_collection(text, "example.txt")[0]


def _source(path: str) -> str:
    return "<stdin>" if path == "-" else os.path.basename(path) or path


def _placed(err: MasyuError, source: str) -> MasyuError:
    """``err`` placed in the file ``source``."""
    return MasyuError(err.message, f"{source}, {err.where}" if err.where else source)


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
        raise MasyuError(f"no puzzle named {name!r}", source)
    return found[0]


def read_puzzle(arg: str) -> Puzzle:
    """The puzzle an argument names: a file, ``-``, ``FILE#NAME``, or the text itself."""
    path, pick = locate(arg)
    if path is None:
        try:
            return Puzzle.parse(arg)
        except MasyuError as err:
            if "\n" not in arg and not looks_like_text(arg):
                raise MasyuError(f"no such file, nor a puzzle ({err.message})", arg) from None
            raise
    text, source = read_input(path), _source(path)
    if pick is not None:
        return pick_puzzle(text, pick, source)
    try:
        return Puzzle.parse(text)
    except SeveralPuzzles:
        names = [p.name for p in _collection().parse_collection(text, source)]
        shown = "-" if path == "-" else arg
        example = f", e.g. {shown}#{names[0]}" if names[0] else " (name them by # headers)"
        raise MasyuError(f"{len(names):,} puzzles in this file; pick one with FILE#NAME"
                         f"{example}, or use --each", source) from None
    except MasyuError as err:
        raise _placed(err, source) from None


def read_loop(arg: str, puzzle: Puzzle) -> Loop:
    """The loop an argument names (box drawing, JSON or pzprv3), sized like ``puzzle``."""
    path, pick = locate(arg)
    text, source = (arg, "LOOP") if path is None else (read_input(path), _source(path))
    if pick is not None:
        loops = _collection().parse_solutions(text, source)
        if pick not in loops:
            raise MasyuError(f"no loop named {pick!r}", source)
        try:
            check_same_size(loops[pick], puzzle)
        except MasyuError as err:
            raise MasyuError(err.message, f"{source}#{pick}") from None
        return loops[pick]
    try:
        return Loop.parse(text, puzzle.rows, puzzle.cols)
    except MasyuError as err:
        raise _placed(err, source) from None


def read_collection(arg: str) -> list[Puzzle]:
    """Every puzzle of a collection file (or of stdin); one for ``FILE#NAME`` or text."""
    path, pick = locate(arg)
    if path is None:
        return [Puzzle.parse(arg)]
    text, source = read_input(path), _source(path)
    if pick is not None:
        return [pick_puzzle(text, pick, source)]
    return _collection().parse_collection(text, source)


def read_solutions(arg: str) -> dict[str, Loop]:
    """Every loop of a solutions file (or of stdin), by name."""
    path, _ = locate(arg)
    if path is None:
        raise MasyuError("--each needs a solutions file for LOOP", arg)
    return _collection().parse_solutions(read_input(path), _source(path))


def read_state(arg: str, where: str = "--state") -> str:
    """The text of a player's marks: ``-`` for stdin, a file, or the text itself
    (JSON or pzprv3)."""
    if arg == "-":
        return xcc.read_text("-", limit=MAX_INPUT, error=MasyuError, what="the input")
    try:
        is_file = "\n" not in arg and len(arg) < 4096 and os.path.isfile(arg)
    except (OSError, ValueError):
        is_file = False
    if is_file:
        return read_input(arg)
    if arg.strip().startswith(("{", "pzprv3")) or "\n" in arg:
        return arg
    raise MasyuError("no such file (STATE is a file, - for stdin, or JSON {\"set\": [...]})",
                     where)
