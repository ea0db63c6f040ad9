"""CLI verbs for solving: solve, count, encode.

Solutions go to stdout; statistics and progress to stderr.  Exit codes: 0 at
least one solution found, 1 none, 2 bad input.
"""
from __future__ import annotations

import io
import json
import sys
import time
import warnings
from importlib import resources
from pathlib import Path
from typing import Literal, Optional

import typer

import xcc

from . import app
from .. import parallel
from .puzzles import errors_exit, fail, read_puzzle_arg, summaries
from ..collection import parse_collection
from ..encodings import DEFAULT_ENCODING, ENCODINGS
from ..encodings import encode as encode_puzzle
from ..formats import LOOP_FORMATS, write_loop
from ..loop import Loop
from ..puzzle import Puzzle
from ..render import PICTURES
from ..solving import DEFAULT_METHOD, METHODS, Count, Search

# The choices, from the registries: adding an encoding, a method or a format changes no line here.
Encoding = Literal[tuple(ENCODINGS)]
Method = Literal[tuple(METHODS)]
SHOWS = LOOP_FORMATS + tuple(PICTURES)   # solve --format: the loop formats and the pictures
Show = Literal[SHOWS]
BLANK_LINE_BETWEEN = ("box", "text")     # drawings of several lines, one after another

PUZZLE_HELP = "The puzzle: a file, - for stdin, FILE#NAME, or the URL / game ID / grid."
ENGINE_HELP = f"The XCC engine: {', '.join(xcc.ENGINES)}."
ENCODING_HELP = "; ".join(f"{name}: {c.summary}" for name, c in ENCODINGS.items()) + "."
METHOD_HELP = "Strong solutions by " + "; ".join(
    f"{name}: {m.summary}" for name, m in METHODS.items()) + "."
SHOW_HELP = "The loop as " + summaries(SHOWS)
ENCODING_OPT = typer.Option(DEFAULT_ENCODING, "--encoding", help=ENCODING_HELP)
METHOD_OPT = typer.Option(DEFAULT_METHOD, "--method", help=METHOD_HELP)
ENGINE_OPT = typer.Option(xcc.DEFAULT_ENGINE, "--engine", help=ENGINE_HELP)
WEAK_OPT = typer.Option(False, "--weak", help="Allow several disjoint loops (weak solutions).")


def example_puzzle() -> Puzzle:
    """The bundled example (masyu/data/example.txt)."""
    text = resources.files("masyu.data").joinpath("example.txt").read_text(encoding="utf-8")
    return parse_collection(text, "example.txt")[0]


class Progress:
    """About once a second: solutions so far, nodes and rate, on stderr."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.start = time.perf_counter()
        self.shown = False
        self.tty = sys.stderr.isatty()

    def __call__(self, search: Search) -> None:
        if self.quiet:
            return
        elapsed = time.perf_counter() - self.start
        stats = search.stats
        rate = stats.nodes / elapsed if elapsed > 0 else 0.0
        text = f"... {search.found:,} solutions"
        if search.found != stats.solutions:  # the filter: weak solutions examined
            text += f" (of {stats.solutions:,} weak)"
        text += f", {stats.nodes:,} nodes, {rate:,.0f} nodes/s, {elapsed:.0f} s"
        if self.tty:
            sys.stderr.write("\r" + text + "\033[K")
        else:
            sys.stderr.write(text + "\n")
        sys.stderr.flush()
        self.shown = True

    def done(self) -> None:
        if self.shown and self.tty:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def _search(puzzle: Puzzle, progress: Progress, *, weak: bool, encoding: str,
            method: str, engine: str, limit: Optional[int]) -> Search:
    with errors_exit():
        return Search(puzzle, weak=weak, encoding=encoding, method=method,
                      engine=engine, limit=limit, on_progress=progress)


def _kind(weak: bool, n: int) -> str:
    return f"{'weak' if weak else 'strong'} solution{'' if n == 1 else 's'}"


def _show(puzzle: Puzzle, loop: Loop, fmt: str) -> str:
    """The loop in a loop format, or the picture of the puzzle with it; ends in a newline."""
    text = PICTURES[fmt][1](puzzle, loop) if fmt in PICTURES else write_loop(loop, fmt)
    return text if text.endswith("\n") else text + "\n"


@app.command()
def solve(
    puzzle: Optional[str] = typer.Argument(None, metavar="PUZZLE",
                                           help=PUZZLE_HELP + " Default: a bundled example."),
    all_: bool = typer.Option(False, "--all", help="Print every solution."),
    limit: Optional[int] = typer.Option(None, "--limit", min=1, metavar="N",
                                        help="Print at most N solutions."),
    weak: bool = WEAK_OPT,
    encoding: Encoding = ENCODING_OPT,
    method: Method = METHOD_OPT,
    engine: str = ENGINE_OPT,
    fmt: Show = typer.Option("text", "--format", help=SHOW_HELP),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No statistics or progress."),
) -> None:
    """Solve a puzzle and print its loop (the first one; --all for every one).

    Without --all or --limit the search goes on to a second solution, to say
    whether the first is unique.  With no PUZZLE, solves a bundled 10x10 example.

    Example: masyu solve '6x6:eBbBfWbWbBaBcWbBe' --format box
    """
    if all_ and limit is not None:
        fail("use --all or --limit N, not both")
    p = example_puzzle() if puzzle is None else read_puzzle_arg(puzzle)
    progress = Progress(quiet)
    show = None if all_ else (limit if limit is not None else 1)
    search = _search(p, progress, weak=weak, encoding=encoding, method=method, engine=engine,
                     limit=None if all_ else (limit if limit is not None else 2))
    if puzzle is None and not quiet:
        typer.echo(f"the bundled example {p.name} ({p.rows}x{p.cols}):", err=True)
    interrupted = False
    try:
        with errors_exit():
            for loop in search:
                if show is None or search.found <= show:
                    if search.found > 1 and fmt in BLANK_LINE_BETWEEN:
                        typer.echo("")
                    typer.echo(_show(p, loop, fmt), nl=False)
    except KeyboardInterrupt:
        interrupted = True
    progress.done()
    n = search.found
    if not quiet:
        kind = _kind(weak, n)
        if interrupted:
            note = f"interrupted: {n:,} {kind} so far"
        elif all_ or limit is not None:
            note = f"{n:,} {kind}" + ("" if search.stats.complete else " (stopped at the limit)")
        elif n == 0:
            note = f"no {_kind(weak, 2)}"
        elif n == 1:
            note = f"unique {_kind(weak, 1)}"
        else:
            note = f"more than one {_kind(weak, 1)}; --all lists them"
        typer.echo(f"{note}; {search.stats}", err=True)
    raise typer.Exit(code=0 if n else 1)


@app.command()
def count(
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help=PUZZLE_HELP),
    weak: bool = WEAK_OPT,
    encoding: Encoding = ENCODING_OPT,
    method: Method = METHOD_OPT,
    engine: str = ENGINE_OPT,
    limit: Optional[int] = typer.Option(None, "--limit", min=1, metavar="N",
                                        help="Stop after N solutions."),
    as_json: bool = typer.Option(False, "--json",
                                 help="One JSON object: weak or strong, and the engine "
                                      "statistics."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress on stderr."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, metavar="N",
                                       help="Split the search over N processes."),
) -> None:
    """Count the solutions of a puzzle (strong ones, or weak ones with --weak).

    Progress goes to stderr about once a second; Ctrl-C stops the count and
    prints the count so far.

    Example: masyu count puzzles.txt#rcra-masyu05 --weak --encoding 422 --json
    """
    p = read_puzzle_arg(puzzle)
    progress = Progress(quiet)
    search = _search(p, progress, weak=weak, encoding=encoding, method=method, engine=engine,
                     limit=limit)
    try:
        with errors_exit():
            result: Count = search.count() if jobs is None else parallel.count(
                p, weak=weak, encoding=encoding, method=method, engine=engine, limit=limit,
                jobs=jobs)  # masyu.parallel: the same count, split into subproblems
    except KeyboardInterrupt:
        search.stats.interrupted = True
        search.stats.complete = False
        result = search.result()
    progress.done()
    if as_json:
        data = result.as_dict()
        data.update(encoding=search.encoding.kind, method=None if weak else search.method,
                    engine=search.engine)
        typer.echo(json.dumps(data))
    else:
        note = ""
        if result.stats.interrupted:
            note = " so far (interrupted)"
        elif not result.complete:
            note = " (stopped at the limit)"
        typer.echo(f"{int(result)} {_kind(weak, int(result))}{note}")
        if not quiet:
            typer.echo(str(result.stats), err=True)
    raise typer.Exit(code=0 if result else 1)


@app.command()
def encode(
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help=PUZZLE_HELP),
    encoding: Encoding = ENCODING_OPT,
    output: Optional[str] = typer.Option(None, "--output", "-o", metavar="FILE",
                                         help="Write to FILE (default: stdout)."),
) -> None:
    """Write the XCC problem of a puzzle's weak solutions in Knuth's DLX format.

    Item names: t tile, w/b white/black circle, e edge, then the row and column
    in doubled coordinates, one base-62 digit each (two beyond 31x31).

    Example: masyu encode puzzles.txt#rcra-masyu05 --encoding 422 -o masyu05.dlx
    """
    p = read_puzzle_arg(puzzle)
    with errors_exit():
        enc = encode_puzzle(p, encoding)
        buffer = io.StringIO()
        with warnings.catch_warnings():   # said below, in masyu's words
            warnings.simplefilter("ignore")
            readable = xcc.write_dlx(enc.problem, buffer, enc.dlx_comment())
        text = buffer.getvalue()
    if not readable:
        typer.echo("masyu: warning: names longer than 8 characters; "
                   "Knuth's DLX2 will not read this file", err=True)
    if output is None or output == "-":
        typer.echo(text, nl=False)
    else:
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as err:
            fail(err.strerror or str(err), output)
    sizes = enc.sizes
    typer.echo(f"{sizes['primary']} primary and {sizes['secondary']} secondary items, "
               f"{sizes['options']} options"
               + (f"; {enc.contradiction}" if enc.contradiction else ""), err=True)
