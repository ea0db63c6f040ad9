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
import os
import warnings
from contextlib import nullcontext
from typing import Literal, Optional

import typer

import xcc

from . import jobs as jobs_
from .inputs import errors_exit, fail, read_collection_arg, read_file, read_puzzle_arg
from .outputs import OutputFile
from .puzzles import EACH_HELP, ONLY_HELP, PUZZLE_HELP, summaries
from .. import memory
from .sampling import exact_engine, run_exact_count
from .solve_one import (SHOWS, Stdout, check_memory, example_puzzle,  # noqa: F401 (tests)
                        limit_memory, start)
from .solve_one import solve as solve_one
from .count_one import count as count_one
from ..encodings import DEFAULT_ENCODING, ENCODINGS
from ..encodings import encode as encode_puzzle
from ..errors import MasyuError
from ..solving import DEFAULT_METHOD, METHODS, best_configuration

# The choices, from the registries: adding an encoding, a method or a format changes no line here.
Encoding = Literal[tuple(ENCODINGS)]
Method = Literal[tuple(METHODS)]
Show = Literal[SHOWS]

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
COUNT_RESUME_OPT = typer.Option(False, "--resume",
                                help="With --each: skip the puzzles already in -o FILE, keep its "
                                     "rows.  --resume FILE (one puzzle, with --jobs, --scheduler "
                                     "or --local-cluster): after Ctrl-C the state is kept in "
                                     "FILE; if FILE exists, the count goes on from it.")
SOLVE_RESUME_OPT = typer.Option(False, "--resume",
                                help="With --each: skip the puzzles already in -o FILE, keep its "
                                     "rows.  --resume FILE (one puzzle, with --jobs, --scheduler "
                                     "or --local-cluster): after Ctrl-C the state is kept in "
                                     "FILE; if FILE exists, the listing goes on after the loops "
                                     "already written.")


def _each(puzzle: str, verb: str, how: dict, only: Optional[str], as_csv: bool,
          output: Optional[str], resume: bool, quiet: bool, allowed: int | None,
          solutions: Optional[str] = None, where: dict | None = None) -> None:
    """``--each``: the ``verb``'s row of every puzzle of a collection (``how``: the task's options)."""
    from . import each as each_  # start-up: one puzzle's solve needs no --each
    task = each_.Task(verb, **how)
    puzzles, _ = read_collection_arg(puzzle)
    chosen = each_.only(puzzles, only)
    if chosen:
        biggest = max(chosen, key=lambda p: p.rows * p.cols)
        check_memory(biggest, allowed, weak=task.weak, encoding=task.encoding,
                      method=task.method, engine=task.engine, limit=task.limit)
    kept = read_file(solutions) if solutions and resume and os.path.exists(solutions) else ""
    with each_.Rows(task, output, as_csv, resume) as rows, \
            (nullcontext() if solutions is None
             else OutputFile(solutions, keep=kept, stream=True)) as loops, errors_exit():
        rows_of = each_.in_order if where is None else each_.in_parallel(**where)
        code = each_.run_each(chosen, task, rows, quiet=quiet, solutions=loops, rows_of=rows_of)
    raise typer.Exit(code)


def _no_each(only: Optional[str], as_csv: bool, resume: bool, verb: str = "solve") -> None:
    for given, name in ((only, "--only"), (as_csv, "--csv"), (resume, "--resume")):
        if given:
            also = f" (or takes the FILE of a parallel {verb})" if name == "--resume" else ""
            fail(f"{name} goes with --each{also}", name)


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
    resume: bool = SOLVE_RESUME_OPT,
    solutions: Optional[str] = typer.Option(None, "--solutions", metavar="FILE",
                                            help="With --each: write the loops to a solutions "
                                                 "file as well."),
    memory_: Optional[str] = MEMORY_OPT,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No statistics or progress."),
    jobs: Optional[int] = jobs_.JOBS_OPT,
    scheduler: Optional[str] = jobs_.SCHEDULER_OPT,
    local_cluster: Optional[int] = jobs_.CLUSTER_OPT,
    continue_: Optional[str] = jobs_.CONTINUE_OPT,
) -> None:
    """Solve a puzzle and print its loop.

    The first loop; --all for every one, --limit N for N.  Without them the
    search goes on to a second solution, to say whether the first is unique.
    With no PUZZLE, solves a bundled 10x10 example.  With --each, every
    puzzle of a collection file, one row each (the first loop in the
    --solutions file).

    Example: masyu solve '6x6:eBbBfWbWbBaBcWbBe' --format box
    """
    allowed = start(all_, limit, memory_)
    how = dict(weak=weak, encoding=encoding, method=method, engine=engine)
    where = jobs_.where(jobs, scheduler, local_cluster, continue_)
    if each:
        if continue_ is not None:
            fail("a state FILE goes with one puzzle (with --each, --resume continues -o "
                 "FILE)", "--resume")
        if puzzle is None:
            fail("--each needs a collection file", "PUZZLE")
        if all_ or out_dir is not None:
            fail("--each finds the first loop of each puzzle (count --each counts them all)",
                 "--all" if all_ else "--out-dir")
        _each(puzzle, "solve", dict(limit=limit, **how), only, as_csv, output, resume,
              quiet, allowed, solutions, where)
    _no_each(only, as_csv, resume, "solve")
    if solutions is not None:
        fail("--solutions goes with --each (without it, use -o FILE)", "--solutions")
    raise typer.Exit(solve_one(puzzle, allowed, all_=all_, limit=limit, fmt=fmt, output=output,
                               out_dir=out_dir, quiet=quiet, where=where,
                               continue_=continue_, **how))


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
    resume: bool = COUNT_RESUME_OPT,
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
    subproblems; after Ctrl-C, --resume FILE goes on from where it stopped.

    Example: masyu count '6x6:eBbBfWbWbBaBcWbBe' --weak --json
    """
    allowed = limit_memory(memory_)
    how = dict(weak=weak, encoding=encoding, method=method, engine=engine)
    where = jobs_.where(jobs, scheduler, local_cluster, continue_)
    if each:
        if exact:
            fail("--exact counts one puzzle (not --each)", "--exact")
        if continue_ is not None:
            fail("a state FILE goes with one puzzle (with --each, --resume continues -o "
                 "FILE)", "--resume")
        _each(puzzle, "count", dict(limit=limit, **how), only, as_csv, output, resume,
              quiet, allowed, where=where)
    _no_each(only, as_csv, resume, "count")
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
    raise typer.Exit(count_one(p, allowed, limit=limit, as_json=as_json, quiet=quiet,
                               where=where, continue_=continue_, **how))


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
    allowed = limit_memory(memory_)
    p = read_puzzle_arg(puzzle)
    with errors_exit():
        memory.check(memory.estimate(p.rows, p.cols, ("encode",)), allowed,
                     f"encoding a {p.rows}x{p.cols} board")
    with OutputFile(output) if output not in (None, "-") \
            else Stdout() as out:
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
