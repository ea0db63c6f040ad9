"""CLI verbs for puzzles: check, list, convert, render; their options declared once."""
from __future__ import annotations

from contextlib import nullcontext
from typing import Optional


from .each import Rows, Task, only, run_each
from .inputs import (errors_exit, fail, read_collection_arg, read_loop_arg, read_puzzle_arg,
                     read_solutions_arg)
from .outputs import OutputFile, emit
from .declare import (CSV_HELP, LOOP_HELP, ONLY_HELP, PUZZLE_HELP, REQUIRED, argument, option,
                      summaries)
from ..check import check as check_loop
from ..formats import PUZZLE_FORMATS, write
from ..render import PICTURES, render_svg, render_text

TARGETS = PUZZLE_FORMATS + tuple(PICTURES)   # convert --to: every puzzle format, the pictures
TARGET_HELP = "The format to write: " + summaries(TARGETS)


def _out(text: str) -> None:
    emit(text if text.endswith("\n") else text + "\n")


CONVERT = (argument("input", metavar="INPUT", default=REQUIRED, help=PUZZLE_HELP),
           option("to", "--to", choices=TARGETS, default="grid", help=TARGET_HELP))


def convert(input: str, to: str) -> None:
    """Write a puzzle in another format.

    Example: masyu convert 'https://puzz.link/p?mashu/6/6/1063000i3000' --to tatham
    """
    puzzle = read_puzzle_arg(input)
    with errors_exit():
        _out(PICTURES[to][1](puzzle) if to in PICTURES else write(puzzle, to))


CHECK = (
    argument("puzzle", metavar="PUZZLE", default=REQUIRED, help=PUZZLE_HELP),
    argument("loop", metavar="LOOP", default=REQUIRED, help=LOOP_HELP),
    option("weak", "--weak", kind=bool, default=False, help="Accept several disjoint loops."),
    option("each", "--each", kind=bool, default=False,
           help="Every puzzle of the PUZZLE file against its loop in the LOOP solutions file: "
                "one row each."),
    option("only_", "--only", metavar="REGEX", help=ONLY_HELP),
    option("as_csv", "--csv", kind=bool, default=False, help=CSV_HELP),
    option("output", "--output", "-o", metavar="FILE", help="With --each: write the rows to FILE."),
    option("resume", "--resume", kind=bool, default=False,
           help="With --each: skip the puzzles already in -o FILE."),
    option("quiet", "--quiet", "-q", kind=bool, default=False, help="No progress or summary."),
)


def check(puzzle: str, loop: str, weak: bool, each: bool, only_: Optional[str], as_csv: bool,
          output: Optional[str], resume: bool, quiet: bool) -> int:
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
            return run_each(only(puzzles, only_), Task("check", weak=weak), rows, quiet=quiet,
                            loops=loops)
    _single_only(only_, as_csv, output, resume)
    p = read_puzzle_arg(puzzle)
    found = read_loop_arg(loop, p)
    with errors_exit():
        violations = check_loop(p, found, weak=weak)
    if not violations:
        emit(f"valid {'weak' if weak else 'strong'} solution\n")
        return 0
    emit("".join(f"{v}\n" for v in violations))
    return 1


def _single_only(only_: Optional[str], as_csv: bool, output: Optional[str],
                 resume: bool) -> None:
    """Refuse the options of --each without it."""
    for given, name in ((only_, "--only"), (as_csv, "--csv"), (resume, "--resume")):
        if given:
            fail(f"{name} goes with --each", name)


LIST = (argument("file", metavar="FILE", default=REQUIRED, help="A collection file (- for stdin)."),
        option("only_", "--only", metavar="REGEX", help=ONLY_HELP))


def list_(file: str, only_: Optional[str]) -> None:
    """List the puzzles of a collection file.

    One line each: the name, the size (rows x columns) and the number of pearls.

    Example: masyu list examples/puzzles.txt
    """
    puzzles, _ = read_collection_arg(file)
    chosen = only(puzzles, only_)
    sizes = [f"{p.rows}x{p.cols}" for p in chosen]
    width = max((len(p.name) for p in chosen), default=0)
    size_width = max((len(s) for s in sizes), default=0)
    emit("".join(f"{p.name:<{width}}  {size:<{size_width}}  {len(p.pearls):>4,} pearls\n"
                 for p, size in zip(chosen, sizes)))


RENDER = (
    argument("puzzle", metavar="PUZZLE", default=REQUIRED, help=PUZZLE_HELP),
    argument("loop", metavar="LOOP", help="A loop to draw: " + LOOP_HELP[len("The loop: "):]),
    option("svg", "--svg", metavar="FILE", help="Write an SVG picture to FILE (- for stdout)."),
)


def render(puzzle: str, loop: Optional[str], svg: Optional[str]) -> None:
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


PARAMS = {"convert": CONVERT, "check": CHECK, "list_": LIST, "render": RENDER}

__all__ = ["convert", "check", "list_", "render", "summaries"]
