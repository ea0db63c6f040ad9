"""CLI verbs for puzzles: check, list, convert, render; and ``summaries`` for help texts."""
from __future__ import annotations

from contextlib import nullcontext
from typing import Literal, Optional

import typer

from .each import Rows, Task, only, run_each
from .inputs import (errors_exit, fail, read_collection_arg, read_loop_arg, read_puzzle_arg,
                     read_solutions_arg)
from .outputs import OutputFile, emit
from ..check import check as check_loop
from ..formats import FORMATS, PUZZLE_FORMATS, write
from ..render import PICTURES, render_svg, render_text

PUZZLE_HELP = ("The puzzle: a file (- for stdin), FILE#NAME for one puzzle of a collection "
               "(-#NAME: of stdin), or the URL / game ID / grid itself.")
LOOP_HELP = ("The loop: box drawing, JSON or pzprv3; a file (- for stdin), FILE#NAME in a "
             "solutions file, or the text itself.")
EACH_HELP = "Every puzzle of the PUZZLE file: one row each (JSON lines; --csv for CSV)."
ONLY_HELP = "With --each or list: only the puzzles whose names match this regular expression."


def summaries(names: tuple[str, ...]) -> str:
    """``name: summary; ...`` of formats and pictures, for a --help text."""
    return "; ".join(f"{name}: {FORMATS[name].summary if name in FORMATS else PICTURES[name][0]}"
                     for name in names) + "."


TARGETS = PUZZLE_FORMATS + tuple(PICTURES)   # convert --to: every puzzle format, the pictures
TARGET_HELP = "The format to write: " + summaries(TARGETS)


def _out(text: str) -> None:
    emit(text if text.endswith("\n") else text + "\n")


def convert(
    input: str = typer.Argument(..., metavar="INPUT", help=PUZZLE_HELP),
    to: Literal[TARGETS] = typer.Option("grid", "--to", help=TARGET_HELP),
) -> None:
    """Write a puzzle in another format.

    Example: masyu convert 'https://puzz.link/p?mashu/6/6/1063000i3000' --to tatham
    """
    puzzle = read_puzzle_arg(input)
    with errors_exit():
        _out(PICTURES[to][1](puzzle) if to in PICTURES else write(puzzle, to))


def check(
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help=PUZZLE_HELP),
    loop: str = typer.Argument(..., metavar="LOOP", help=LOOP_HELP),
    weak: bool = typer.Option(False, "--weak", help="Accept several disjoint loops."),
    each: bool = typer.Option(False, "--each", help="Every puzzle of the PUZZLE file against "
                              "its loop in the LOOP solutions file: one row each."),
    only_: Optional[str] = typer.Option(None, "--only", metavar="REGEX", help=ONLY_HELP),
    as_csv: bool = typer.Option(False, "--csv", help="With --each: CSV rows, not JSON lines."),
    output: Optional[str] = typer.Option(None, "--output", "-o", metavar="FILE",
                                         help="With --each: write the rows to FILE."),
    resume: bool = typer.Option(False, "--resume",
                                help="With --each: skip the puzzles already in -o FILE."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress or summary."),
) -> None:
    """Check a loop against the rules.

    Exit 0 if the loop is a solution ("valid strong solution"), 1 with the
    violations listed, one a line.  With --each, every puzzle of a collection
    against the loops of a solutions file, by name.

    Example: masyu solve 6x6:eBbBfWbWbBaBcWbBe -q --format json | masyu check 6x6:eBbBfWbWbBaBcWbBe -
    """
    if puzzle == "-" and loop == "-":
        fail("only one of PUZZLE and LOOP can be read from stdin")
    if each:
        puzzles, _ = read_collection_arg(puzzle)
        loops = read_solutions_arg(loop)
        with Rows(Task("check", weak=weak), output, as_csv, resume) as rows, errors_exit():
            code = run_each(only(puzzles, only_), Task("check", weak=weak), rows, quiet=quiet,
                            loops=loops)
        raise typer.Exit(code)
    _single_only(only_, as_csv, output, resume)
    p = read_puzzle_arg(puzzle)
    found = read_loop_arg(loop, p)
    with errors_exit():
        violations = check_loop(p, found, weak=weak)
    if not violations:
        emit(f"valid {'weak' if weak else 'strong'} solution\n")
        return
    emit("".join(f"{v}\n" for v in violations))
    raise typer.Exit(code=1)


def _single_only(only_: Optional[str], as_csv: bool, output: Optional[str],
                 resume: bool) -> None:
    """Refuse the options of --each without it."""
    for given, name in ((only_, "--only"), (as_csv, "--csv"), (resume, "--resume")):
        if given:
            fail(f"{name} goes with --each", name)


def list_(
    file: str = typer.Argument(..., metavar="FILE", help="A collection file (- for stdin)."),
    only_: Optional[str] = typer.Option(None, "--only", metavar="REGEX", help=ONLY_HELP),
) -> None:
    """List the puzzles of a collection file.

    One line each: the name, the size (rows x columns) and the number of pearls.

    Example: masyu list examples/puzzles.txt
    """
    puzzles, _ = read_collection_arg(file)
    chosen = only(puzzles, only_)
    sizes = [f"{p.rows}x{p.cols}" for p in chosen]
    width = max((len(p.name) for p in chosen), default=0)
    size_width = max((len(s) for s in sizes), default=0)
    emit("".join(f"{p.name:<{width}}  {size:<{size_width}}  {len(p.pearls):>4} pearls\n"
                 for p, size in zip(chosen, sizes)))


def render(
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help=PUZZLE_HELP),
    loop: Optional[str] = typer.Argument(None, metavar="LOOP", help="A loop to draw: " +
                                         LOOP_HELP[len("The loop: "):]),
    svg: Optional[str] = typer.Option(None, "--svg", metavar="FILE",
                                      help="Write an SVG picture to FILE (- for stdout)."),
) -> None:
    """Draw a puzzle, and a loop on it.

    In Unicode on stdout, or an SVG picture with --svg.

    Example: masyu render '6x6:eBbBfWbWbBaBcWbBe' --svg puzzle.svg
    """
    p = read_puzzle_arg(puzzle)
    if puzzle == "-" and loop == "-":
        fail("only one of PUZZLE and LOOP can be read from stdin")
    to_file = svg not in (None, "-")
    with OutputFile(svg) if to_file else nullcontext() as target:
        found = read_loop_arg(loop, p) if loop is not None else None
        with errors_exit():
            picture = render_text(p, found) if svg is None else render_svg(p, found)
        picture = picture if picture.endswith("\n") else picture + "\n"
        if target is None:
            emit(picture)
        else:
            target.write(picture)


__all__ = ["convert", "check", "list_", "render", "summaries"]
