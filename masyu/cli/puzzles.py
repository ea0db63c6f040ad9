"""CLI verbs for puzzles: convert, check, render; and the helpers every masyu verb uses.

Other CLI modules import from here:

- ``read_puzzle_arg(arg)``: a file path, ``-`` for stdin, ``FILE#NAME`` for one
  puzzle of a collection, or the puzzle text itself (URL, game ID, grid);
- ``read_loop_arg(arg, puzzle)``: the same for a loop (box drawing, JSON,
  pzprv3 file with its loop, ``FILE#NAME`` in a solutions file);
- ``fail(message, where=None)``: one line on stderr, exit code 2;
- ``errors_exit()``: a context manager (usable as a decorator too) that turns
  MasyuError and xcc's XCCError into ``fail``;
- ``summaries(names)``: the one-line summaries of formats and pictures, for --help.
"""
from __future__ import annotations

import contextlib
import re
import sys
from pathlib import Path
from typing import Iterator, Literal, NoReturn, Optional

import typer

import xcc

from . import app
from ..board import check_same_size
from ..check import check as check_loop
from ..collection import parse_collection, parse_solutions
from ..errors import MasyuError
from ..formats import FORMATS, PUZZLE_FORMATS, url, write
from ..loop import Loop
from ..puzzle import Puzzle
from ..render import PICTURES, render_svg, render_text

# ---------------------------------------------------------------------------
# Helpers shared by all masyu verbs


def fail(message: str, where: str | None = None) -> NoReturn:
    """Print ``masyu: <where>: <message>`` on stderr and exit with code 2."""
    text = f"{where}: {message}" if where else message
    typer.echo(f"masyu: {' '.join(text.split())}", err=True)
    raise typer.Exit(code=2)


@contextlib.contextmanager
def errors_exit() -> Iterator[None]:
    """Turn MasyuError / XCCError into one line on stderr and exit 2 (no traceback)."""
    try:
        yield
    except (MasyuError, xcc.XCCError) as err:
        message = getattr(err, "message", str(err))
        fail(message, getattr(err, "where", None))


def _looks_like_path(arg: str) -> bool:
    """Whether a failed argument was more likely meant as a file name than as puzzle text."""
    if "\n" in arg or "?" in arg or "://" in arg or arg.startswith("pzprv3"):
        return False
    if re.match(r"(%s)(_edit)?/|[0-9]+(x[0-9]+)?[: ]" % "|".join(url.PIDS), arg):
        return False
    return "/" in arg or "\\" in arg or Path(arg).suffix.lower() in (".txt", ".json", ".svg")


def _is_file(name: str) -> bool:
    try:
        return "\n" not in name and Path(name).is_file()
    except (OSError, ValueError):   # a name too long, or with a NUL in it, is no file
        return False


def _read_text(arg: str) -> tuple[str | None, str, str | None]:
    """``(text, source, pick)``: the text behind ``arg`` and, for FILE#NAME, the name."""
    if arg == "-":
        try:
            return sys.stdin.read(), "<stdin>", None
        except UnicodeDecodeError:
            fail("not UTF-8 text", "<stdin>")
    path, pick = arg, None
    if "#" in arg and not _is_file(arg):
        head, _, tail = arg.rpartition("#")
        if _is_file(head):
            path, pick = head, tail
    if _is_file(path):
        try:
            return Path(path).read_text(encoding="utf-8"), Path(path).name, pick
        except UnicodeDecodeError:
            fail("not UTF-8 text", path)
        except OSError as err:
            fail(err.strerror or str(err), path)
    return None, arg, None


def read_puzzle_arg(arg: str) -> Puzzle:
    """The puzzle named by a CLI argument: a file, ``-``, ``FILE#NAME``, or the text itself."""
    with errors_exit():
        text, source, pick = _read_text(arg)
        if text is None:
            try:
                return Puzzle.parse(arg)
            except MasyuError:
                if _looks_like_path(arg):
                    fail("no such file", arg)
                raise
        if pick is not None:
            found = [p for p in parse_collection(text, source) if p.name == pick]
            if not found:
                fail(f"no puzzle named {pick!r}", source)
            return found[0]
        try:
            return Puzzle.parse(text)
        except MasyuError as err:
            if "puzzles here" in err.message:
                names = [p.name for p in parse_collection(text, source)]
                example = f", e.g. {arg}#{names[0]}" if names[0] else " (name them by # headers)"
                fail(f"{len(names)} puzzles in this file; pick one with FILE#NAME{example}", source)
            raise MasyuError(err.message, f"{source}, {err.where}" if err.where else source) \
                from None


def read_loop_arg(arg: str, puzzle: Puzzle) -> Loop:
    """The loop named by a CLI argument (box drawing, JSON or pzprv3), sized like ``puzzle``."""
    with errors_exit():
        text, source, pick = _read_text(arg)
        if text is None:
            if _looks_like_path(arg) and "\n" not in arg:
                fail("no such file", arg)
            text = arg
        if pick is not None:
            loops = parse_solutions(text, source)
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


# ---------------------------------------------------------------------------
# Verbs


def summaries(names: tuple[str, ...]) -> str:
    """``name: summary; ...`` of formats and pictures, for a --help text."""
    return "; ".join(f"{name}: {FORMATS[name].summary if name in FORMATS else PICTURES[name][0]}"
                     for name in names) + "."


TARGETS = PUZZLE_FORMATS + tuple(PICTURES)   # convert --to: every puzzle format, the pictures
TARGET_HELP = "The format to write: " + summaries(TARGETS)


def _out(text: str) -> None:
    typer.echo(text, nl=not text.endswith("\n"))


@app.command()
def convert(
    input: str = typer.Argument(..., metavar="INPUT",
                                help="A file, - for stdin, FILE#NAME, or the URL / game ID / grid."),
    to: Literal[TARGETS] = typer.Option("grid", "--to", help=TARGET_HELP),
) -> None:
    """Write a puzzle in another format.

    Example: masyu convert 'https://puzz.link/p?mashu/6/6/1063000i3000' --to tatham
    """
    puzzle = read_puzzle_arg(input)
    with errors_exit():
        _out(PICTURES[to][1](puzzle) if to in PICTURES else write(puzzle, to))


@app.command()
def check(
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help="The puzzle (file, -, or text)."),
    loop: str = typer.Argument(..., metavar="LOOP",
                               help="The loop: box drawing, JSON or pzprv3 (file, -, or text)."),
    weak: bool = typer.Option(False, "--weak", help="Accept several disjoint loops."),
) -> None:
    """Check a loop against the rules: exit 0 if valid, 1 with the violations listed.

    Example: masyu check puzzles.txt#my-puzzle solutions.txt#my-puzzle
    """
    p = read_puzzle_arg(puzzle)
    if puzzle == "-" and loop == "-":
        fail("only one of PUZZLE and LOOP can be read from stdin")
    found = read_loop_arg(loop, p)
    with errors_exit():
        violations = check_loop(p, found, weak=weak)
    if not violations:
        typer.echo(f"valid {'weak' if weak else 'strong'} solution")
        return
    for v in violations:
        typer.echo(str(v))
    raise typer.Exit(code=1)


@app.command()
def render(
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help="The puzzle (file, -, or text)."),
    loop: Optional[str] = typer.Argument(None, metavar="LOOP",
                                         help="A loop to draw (box drawing, JSON or pzprv3)."),
    svg: Optional[str] = typer.Option(None, "--svg", metavar="FILE",
                                      help="Write an SVG picture to FILE (- for stdout)."),
) -> None:
    """Draw a puzzle, and a loop on it, in Unicode (or SVG with --svg).

    Example: masyu render '6x6:eBbBfWbWbBaBcWbBe' --svg puzzle.svg
    """
    p = read_puzzle_arg(puzzle)
    if puzzle == "-" and loop == "-":
        fail("only one of PUZZLE and LOOP can be read from stdin")
    found = read_loop_arg(loop, p) if loop is not None else None
    with errors_exit():
        if svg is None:
            _out(render_text(p, found))
            return
        picture = render_svg(p, found)
    if svg == "-":
        _out(picture)
        return
    try:
        Path(svg).write_text(picture, encoding="utf-8")
    except OSError as err:
        fail(err.strerror or str(err), svg)
