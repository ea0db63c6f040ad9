"""CLI verbs for puzzles: check, list, convert, render; their options declared once."""
from __future__ import annotations

from typing import Optional

from .common import fail
from .each import Task, each as each_
from .outputs import OutputFile, Stdout, emit
from .declare import CSV_HELP, LOOP_HELP, ONLY_HELP, PUZZLE_HELP, REQUIRED, argument, no_each, option
from ..check import check as check_loop
from ..formats import PUZZLE_FORMATS, write
from ..render import PICTURES, render_svg, render_text
from ..report import puzzle_list
from ..rows import only
from ..showing import summaries
from ..sources import read_collection, read_loop, read_puzzle, read_solutions

TARGETS = PUZZLE_FORMATS + tuple(PICTURES)   # convert --to: every puzzle format, the pictures
TARGET_HELP = "The format to write: " + summaries(TARGETS)


CONVERT = (argument("input", metavar="INPUT", default=REQUIRED, help=PUZZLE_HELP),
           option("to", "--to", choices=TARGETS, default="grid", help=TARGET_HELP))


def convert(input: str, to: str) -> None:
    """Write a puzzle in another format.

    Example: masyu convert 'https://puzz.link/p?mashu/6/6/1063000i3000' --to tatham
    """
    puzzle = read_puzzle(input)
    text = PICTURES[to][1](puzzle) if to in PICTURES else write(puzzle, to)
    emit(text if text.endswith("\n") else text + "\n")


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
        return each_(puzzle, Task("check", weak=weak), output, as_csv, resume, only_, quiet,
                     loops=read_solutions(loop))
    no_each(only=only_, csv=as_csv, resume=resume)
    p = read_puzzle(puzzle)
    violations = check_loop(p, read_loop(loop, p), weak=weak)
    if not violations:
        emit(f"valid {'weak' if weak else 'strong'} solution\n")
        return 0
    emit("".join(f"{v}\n" for v in violations))
    return 1


LIST = (argument("file", metavar="FILE", default=REQUIRED, help="A collection file (- for stdin)."),
        option("only_", "--only", metavar="REGEX", help=ONLY_HELP))


def list_(file: str, only_: Optional[str]) -> None:
    """List the puzzles of a collection file.

    One line each: the name, the size (rows x columns) and the number of pearls.

    Example: masyu list examples/puzzles.txt
    """
    emit(puzzle_list(only(read_collection(file), only_)))


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
    p = read_puzzle(puzzle)
    if puzzle == "-" and loop == "-":
        fail("only one of PUZZLE and LOOP can be read from stdin")
    with OutputFile(svg) if svg not in (None, "-") else Stdout() as target:
        found = read_loop(loop, p) if loop is not None else None
        picture = render_text(p, found) if svg is None else render_svg(p, found)
        target.write(picture if picture.endswith("\n") else picture + "\n")


PARAMS = {"convert": CONVERT, "check": CHECK, "list_": LIST, "render": RENDER}

__all__ = ["convert", "check", "list_", "render"]
