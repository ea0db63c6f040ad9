"""CLI verbs for solving: solve, count, encode.

Solutions go to stdout (or ``-o FILE``, ``--out-dir DIR``); statistics and
progress to stderr.  Exit codes: 0 at least one solution found, 1 none, 2 bad
input, 130 interrupted (after what was found so far).  Before anything is
built, the memory a task will need is estimated (``masyu.solving.estimate_memory``)
and a task above ``--memory`` is refused.  (A little past 400 lines: the three
verbs share their options, progress and the ``--each`` door.)
"""
from __future__ import annotations

import io
import json
import os
import time
import warnings
from contextlib import nullcontext
from importlib import resources
from typing import Literal, Optional

import typer

import xcc

from . import each as each_
from . import jobs as jobs_
from .inputs import errors_exit, fail, read_collection_arg, read_file, read_puzzle_arg
from .outputs import OutputFile, Status, emit, held_interrupt, write_file
from .puzzles import EACH_HELP, ONLY_HELP, PUZZLE_HELP, summaries
from .. import memory
from .sampling import exact_engine, run_exact_count
from ..collection import parse_collection
from ..encodings import DEFAULT_ENCODING, ENCODINGS
from ..encodings import encode as encode_puzzle
from ..errors import MasyuError
from ..formats import LOOP_FORMATS, write_loop
from ..loop import Loop
from ..puzzle import Puzzle
from ..render import PICTURES
from ..solving import (DEFAULT_METHOD, METHODS, Count, Search, best_configuration,
                       estimate_memory)

# The choices, from the registries: adding an encoding, a method or a format changes no line here.
Encoding = Literal[tuple(ENCODINGS)]
Method = Literal[tuple(METHODS)]
SHOWS = LOOP_FORMATS + tuple(PICTURES)   # solve --format: the loop formats and the pictures
Show = Literal[SHOWS]
BLANK_LINE_BETWEEN = ("box", "text")     # drawings of several lines, one after another
SUFFIX = {"json": ".json", "svg": ".svg"}  # --out-dir files; the others are .txt

ENGINE_HELP = ("The XCC engine: " + ", ".join(xcc.ENGINES) + ". Default: the method's choice "
               f"(auto: {best_configuration(False)[2]} to prove, {xcc.DEFAULT_ENGINE} to list; "
               f"the others: {xcc.DEFAULT_ENGINE}).")
ENCODING_HELP = "; ".join(f"{name}: {c.summary}" for name, c in ENCODINGS.items()) + (
    f". Default: the method's choice ({DEFAULT_ENCODING}).")
METHOD_HELP = "Strong solutions by " + "; ".join(
    f"{name}: {m.summary}" for name, m in METHODS.items()) + "."
SHOW_HELP = "The loop as " + summaries(SHOWS)
MEMORY_HELP = ("Refuse a task that would need more memory than this (e.g. 4G, 800M). "
               "Default: half the machine's memory, at most 4/5 of what is free.")
ENCODING_OPT = typer.Option(None, "--encoding", help=ENCODING_HELP, show_default=False)
METHOD_OPT = typer.Option(DEFAULT_METHOD, "--method", help=METHOD_HELP)
ENGINE_OPT = typer.Option(None, "--engine", metavar="NAME", help=ENGINE_HELP)
WEAK_OPT = typer.Option(False, "--weak", help="Allow several disjoint loops (weak solutions).")
MEMORY_OPT = typer.Option(None, "--memory", metavar="SIZE", help=MEMORY_HELP)
EACH_OPT = typer.Option(False, "--each", help=EACH_HELP)
ONLY_OPT = typer.Option(None, "--only", metavar="REGEX", help=ONLY_HELP)
CSV_OPT = typer.Option(False, "--csv", help="With --each: CSV rows, not JSON lines.")
RESUME_OPT = typer.Option(False, "--resume",
                          help="With --each: skip the puzzles already in -o FILE, keep its rows.")


def example_puzzle() -> Puzzle:
    """The bundled example (masyu/data/example.txt)."""
    text = resources.files("masyu.data").joinpath("example.txt").read_text(encoding="utf-8")
    return parse_collection(text, "example.txt")[0]


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


class Progress:
    """About once a second: solutions so far and the engine's first counter, on stderr."""

    def __init__(self, quiet: bool) -> None:
        self.status = Status(quiet, every=0.0)
        self.start = time.perf_counter()

    def __call__(self, search: Search) -> None:
        elapsed = time.perf_counter() - self.start
        stats = search.stats
        text = f"... {plural(search.found, 'solution')}"
        if search.filtering:  # the weak solutions examined
            text += f" (of {stats.solutions:,} weak)"
        name, value = next(iter(stats.counters.items()), ("nodes", 0))
        rate = value / elapsed if elapsed > 0 else 0.0
        text += f", {value:,} {name}, {rate:,.0f} {name}/s, {elapsed:.0f} s"
        self.status.show(text)

    def done(self) -> None:
        self.status.clear()


def _limit_memory(text: Optional[str]) -> int | None:
    with errors_exit():
        return memory.limit() if text is None else memory.parse_size(text)


def _check_memory(p: Puzzle, allowed: int | None, **how) -> None:
    with errors_exit():
        needed = estimate_memory(p.rows, p.cols, **how)
        memory.check(needed, allowed, f"a {p.rows}x{p.cols} board")


def _search(puzzle: Puzzle, progress: Progress, **how) -> Search:
    with errors_exit():
        return Search(puzzle, on_progress=progress, **how)


def _kind(weak: bool, n: int) -> str:
    return f"{'weak' if weak else 'strong'} solution{'' if n == 1 else 's'}"


def _show(puzzle: Puzzle, loop: Loop, fmt: str) -> str:
    """The loop in a loop format, or the picture of the puzzle with it; ends in a newline."""
    text = PICTURES[fmt][1](puzzle, loop) if fmt in PICTURES else write_loop(loop, fmt)
    return text if text.endswith("\n") else text + "\n"


def _by(search: Search) -> str:
    """``by 423/guard/sat``: the encoding, method and engine of the run that answered."""
    how = [search.encoding.kind] + ([] if search.weak else [search.method]) + [search.engine]
    return "by " + "/".join(how)


def _out_dir(path: str) -> str:
    """A folder for --out-dir: made if missing, refused at once if it cannot be written."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as err:
        fail(err.strerror or str(err), path)
    OutputFile(os.path.join(path, "probe")).discard()   # fails in one line if not writable
    return path


def _each(puzzle: str, task: each_.Task, only: Optional[str], as_csv: bool,
          output: Optional[str], resume: bool, quiet: bool, allowed: int | None,
          solutions: Optional[str] = None, where: dict | None = None) -> None:
    puzzles, _ = read_collection_arg(puzzle)
    chosen = each_.only(puzzles, only)
    if chosen:
        biggest = max(chosen, key=lambda p: p.rows * p.cols)
        _check_memory(biggest, allowed, weak=task.weak, encoding=task.encoding,
                      method=task.method, engine=task.engine, limit=task.limit)
    kept = read_file(solutions) if solutions and resume and os.path.exists(solutions) else ""
    with each_.Rows(task, output, as_csv, resume) as rows, \
            (nullcontext() if solutions is None
             else OutputFile(solutions, keep=kept, stream=True)) as loops, errors_exit():
        rows_of = each_.in_order if where is None else each_.in_parallel(**where)
        code = each_.run_each(chosen, task, rows, quiet=quiet, solutions=loops, rows_of=rows_of)
    raise typer.Exit(code)


def _no_each(only: Optional[str], as_csv: bool, resume: bool) -> None:
    for given, name in ((only, "--only"), (as_csv, "--csv"), (resume, "--resume")):
        if given:
            fail(f"{name} goes with --each", name)


def solve(
    puzzle: Optional[str] = typer.Argument(None, metavar="PUZZLE",
                                           help=PUZZLE_HELP + " Default: a bundled example."),
    all_: bool = typer.Option(False, "--all", help="Print every solution."),
    limit: Optional[int] = typer.Option(None, "--limit", "-n", min=1, metavar="N",
                                        help="Print at most N solutions."),
    weak: bool = WEAK_OPT,
    encoding: Optional[Encoding] = ENCODING_OPT,
    method: Method = METHOD_OPT,
    engine: Optional[str] = ENGINE_OPT,
    fmt: Show = typer.Option("text", "--format", help=SHOW_HELP),
    output: Optional[str] = typer.Option(None, "--output", "-o", metavar="FILE",
                                         help="Write the solutions (with --each: the rows) to "
                                              "FILE, whole or not at all."),
    out_dir: Optional[str] = typer.Option(None, "--out-dir", metavar="DIR",
                                          help="Write each solution to its own file in DIR "
                                               "(NAME-1.svg, NAME-2.svg, ...)."),
    each: bool = EACH_OPT,
    only: Optional[str] = ONLY_OPT,
    as_csv: bool = CSV_OPT,
    resume: bool = RESUME_OPT,
    solutions: Optional[str] = typer.Option(None, "--solutions", metavar="FILE",
                                            help="With --each: write the loops to a solutions "
                                                 "file as well."),
    memory_: Optional[str] = MEMORY_OPT,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No statistics or progress."),
    jobs: Optional[int] = jobs_.JOBS_OPT,
    scheduler: Optional[str] = jobs_.SCHEDULER_OPT,
    local_cluster: Optional[int] = jobs_.CLUSTER_OPT,
) -> None:
    """Solve a puzzle and print its loop.

    The first loop; --all for every one, --limit N for N.  Without them the
    search goes on to a second solution, to say whether the first is unique.
    With no PUZZLE, solves a bundled 10x10 example.  With --each, every
    puzzle of a collection file, one row each (the first loop in the
    --solutions file).

    Example: masyu solve '6x6:eBbBfWbWbBaBcWbBe' --format box
    """
    if all_ and limit is not None:
        fail("use --all or --limit N, not both")
    allowed = _limit_memory(memory_)
    how = dict(weak=weak, encoding=encoding, method=method, engine=engine)
    where = jobs_.where(jobs, scheduler, local_cluster)
    if each:
        if puzzle is None:
            fail("--each needs a collection file", "PUZZLE")
        if all_ or out_dir is not None:
            fail("--each finds the first loop of each puzzle (count --each counts them all)",
                 "--all" if all_ else "--out-dir")
        _each(puzzle, each_.Task("solve", limit=limit, **how), only, as_csv, output, resume,
              quiet, allowed, solutions, where)
    _no_each(only, as_csv, resume)
    if solutions is not None:
        fail("--solutions goes with --each (without it, use -o FILE)", "--solutions")
    several = all_ or (limit is not None and limit > 1)
    if fmt == "svg" and several and out_dir is None:
        fail("several SVG pictures cannot share one document: use --out-dir DIR, "
             "one file each", "--format")
    p = example_puzzle() if puzzle is None else read_puzzle_arg(puzzle)
    search_limit = None if all_ else (limit if limit is not None else 2)
    _check_memory(p, allowed, limit=search_limit, **how)
    folder = None if out_dir is None else _out_dir(out_dir)
    with OutputFile(output, stream=True) if output is not None else _Stdout() as out:
        progress = Progress(quiet)
        search = _search(p, progress, limit=search_limit, **how) if where is None else \
            jobs_.search(p, where, None, True, limit=search_limit, **how)
        if puzzle is None and not quiet:
            typer.echo(f"the bundled example {p.name} ({p.rows}x{p.cols}):", err=True)
        show = None if all_ else (limit if limit is not None else 1)
        received, interrupted = 0, False
        try:
            with errors_exit():
                for loop in search:
                    with held_interrupt():    # a solution is written and counted, or neither
                        if show is None or received < show:
                            _put(p, loop, fmt, received, out, folder)
                        received += 1
        except KeyboardInterrupt:
            interrupted = True
            search.interrupted()
            if search.found > received and not search.filtering:
                search.stats.solutions = received   # the last one never reached the output
        progress.done()
    n = received
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
        typer.echo(f"{note}, {_by(search)}; {search.stats}", err=True)
    raise typer.Exit(code=130 if interrupted else (0 if n else 1))


def _put(p: Puzzle, loop: Loop, fmt: str, before: int, out, folder: str | None) -> None:
    """Write one solution: to ``out``, or to its own file in ``folder``."""
    text = _show(p, loop, fmt)
    if folder is not None:
        name = f"{p.name or 'solution'}-{before + 1}{SUFFIX.get(fmt, '.txt')}"
        write_file(os.path.join(folder, name), text)
    else:
        out.write(("\n" if before and fmt in BLANK_LINE_BETWEEN else "") + text)


class _Stdout:
    """stdout as an output of whole records (the stand-in for OutputFile)."""

    def write(self, text: str) -> None:
        emit(text)

    def __enter__(self) -> "_Stdout":
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def count(
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help=PUZZLE_HELP),
    weak: bool = WEAK_OPT,
    encoding: Optional[Encoding] = ENCODING_OPT,
    method: Method = METHOD_OPT,
    engine: Optional[str] = ENGINE_OPT,
    limit: Optional[int] = typer.Option(None, "--limit", "-n", min=1, metavar="N",
                                        help="Stop after N solutions."),
    as_json: bool = typer.Option(False, "--json",
                                 help="One JSON object: weak or strong, and the engine "
                                      "statistics (with --each: the default)."),
    each: bool = EACH_OPT,
    only: Optional[str] = ONLY_OPT,
    as_csv: bool = CSV_OPT,
    output: Optional[str] = typer.Option(None, "--output", "-o", metavar="FILE",
                                         help="With --each: write the rows to FILE."),
    resume: bool = RESUME_OPT,
    memory_: Optional[str] = MEMORY_OPT,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress on stderr."),
    exact: bool = typer.Option(False, "--exact",
                               help="Count without listing, by memoized search (engine memo; "
                                    "exact however large; no --limit; --memory bounds it)."),
    jobs: Optional[int] = jobs_.JOBS_OPT,
    scheduler: Optional[str] = jobs_.SCHEDULER_OPT,
    local_cluster: Optional[int] = jobs_.CLUSTER_OPT,
    continue_: Optional[str] = jobs_.CONTINUE_OPT,
) -> None:
    """Count the solutions of a puzzle.

    Strong ones, or weak ones with --weak.  Progress goes to stderr about once
    a second; Ctrl-C stops the count, prints the count so far and exits 130.
    With --each, every puzzle of a collection file, one row each.  With
    --jobs N (or --scheduler, --local-cluster) the search is split into
    subproblems; after Ctrl-C, --continue FILE goes on from where it stopped.

    Example: masyu count '6x6:eBbBfWbWbBaBcWbBe' --weak --json
    """
    allowed = _limit_memory(memory_)
    how = dict(weak=weak, encoding=encoding, method=method, engine=engine)
    where = jobs_.where(jobs, scheduler, local_cluster, continue_)
    if each:
        if exact:
            fail("--exact counts one puzzle (not --each)", "--exact")
        if continue_ is not None:
            fail("goes with one puzzle (--each has --resume)", "--continue")
        _each(puzzle, each_.Task("count", limit=limit, **how), only, as_csv, output, resume,
              quiet, allowed, where=where)
    _no_each(only, as_csv, resume)
    if output is not None:
        fail("-o goes with --each (a count is one line: redirect it)", "--output")
    p = read_puzzle_arg(puzzle)
    if exact:  # masyu/cli/sampling.py: the memo engine
        if where is not None:
            fail("an exact count is not split into subproblems", "--exact")
        if limit is not None:
            fail("an exact count takes no limit", "--limit")
        run_exact_count(p, weak=weak, encoding=encoding or DEFAULT_ENCODING, memory=memory_,
                        as_json=as_json, quiet=quiet, engine=exact_engine(engine))
    _check_memory(p, allowed, limit=limit, **how)
    progress = Progress(quiet)
    search = _search(p, progress, limit=limit, **how) if where is None else \
        jobs_.search(p, where, continue_, quiet, limit=limit, **how)  # masyu.parallel
    try:
        with errors_exit():
            result: Count = search.count()
    except KeyboardInterrupt:
        result = search.interrupted()
    progress.done()
    interrupted = search.stats.interrupted
    if as_json:
        data = result.as_dict()
        data.update(encoding=search.encoding.kind, method=None if weak else search.method,
                    engine=search.engine)
        emit(json.dumps(data) + "\n")
    else:
        note = " so far (interrupted)" if interrupted else (
            "" if result.complete else " (stopped at the limit)")
        emit(f"{int(result):,} {_kind(weak, int(result))}{note}\n")
        if not quiet:
            typer.echo(f"{_by(search)}: {result.stats}", err=True)
    if interrupted and where is not None:
        jobs_.keep_state(search, continue_)
    raise typer.Exit(code=130 if interrupted else (0 if result else 1))


def encode(
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help=PUZZLE_HELP),
    encoding: Encoding = typer.Option(DEFAULT_ENCODING, "--encoding", help=ENCODING_HELP[
        :ENCODING_HELP.index(". Default")] + "."),
    output: Optional[str] = typer.Option(None, "--output", "-o", metavar="FILE",
                                         help="Write to FILE (default: stdout)."),
    memory_: Optional[str] = MEMORY_OPT,
) -> None:
    """Write the XCC problem of a puzzle in Knuth's DLX format.

    The problem whose solutions are the puzzle's weak solutions.  Item names:
    t tile, w/b white/black circle, e edge, then the row and column in doubled
    coordinates, one base-62 digit each (two beyond 31x31).

    Example: masyu encode '6x6:eBbBfWbWbBaBcWbBe' --encoding 422 -o puzzle.dlx
    """
    allowed = _limit_memory(memory_)
    p = read_puzzle_arg(puzzle)
    with errors_exit():
        memory.check(memory.estimate(p.rows, p.cols, ("encode",)), allowed,
                     f"encoding a {p.rows}x{p.cols} board")
    with OutputFile(output) if output not in (None, "-") \
            else _Stdout() as out:
        with errors_exit():
            enc = encode_puzzle(p, encoding)
            buffer = io.StringIO()
            with warnings.catch_warnings():   # said below, in masyu's words
                warnings.simplefilter("ignore")
                readable = xcc.write_dlx(enc.problem, buffer, enc.dlx_comment())
        out.write(buffer.getvalue())
    if not readable:
        typer.echo("masyu: warning: names longer than 8 characters; "
                   "Knuth's DLX2 will not read this file", err=True)
    sizes = enc.sizes
    typer.echo(f"{sizes['primary']:,} primary and {sizes['secondary']:,} secondary items, "
               f"{sizes['options']:,} options"
               + (f"; {enc.contradiction}" if enc.contradiction else ""), err=True)


__all__ = ["solve", "count", "encode", "example_puzzle", "MasyuError"]
