"""CLI verbs for solving: solve, count, encode; their options declared once.

``SOLVE``, ``COUNT`` and ``ENCODE`` declare the options (plain data:
:class:`xcc.command.Param`); the Typer commands (:mod:`masyu.cli.full`) and
the quick path (:func:`masyu.cli.main`, the options marked ``quick``) are
made from them, and both run the functions below, which return the exit
code: 0 at least one solution found, 1 none, 2 bad input, 130 interrupted
(after what was found so far).  Solutions go to stdout (or ``-o FILE``,
``--out-dir DIR``); statistics and progress to stderr.  Before anything is
built, the memory a task will need is estimated and a task above
``--memory`` is refused.  No Typer here: ``masyu solve GAMEID`` starts
without it.
"""
from __future__ import annotations

from typing import Optional

import xcc

from .common import fail, say
from .counting import count as count_one, count_exact, exact_engine
from .listing import solve as solve_one
from .outputs import OutputFile, Stdout
from .running import EXACT_LEAST, memory_limit
from .declare import (CSV_HELP, EACH_HELP, MEMORY, ONLY_HELP, PUZZLE_HELP, REQUIRED, argument,
                      no_each, option)
from .. import memory
from ..encodings import DEFAULT_ENCODING, ENCODINGS
from ..exact import BY
from ..encodings import encode as encode_puzzle
from ..methods import DEFAULT_METHOD, METHODS, best_configuration, check_weak_method
from ..report import sizes_note
from ..showing import SHOWS, summaries
from ..sources import read_puzzle

ENGINE_HELP = ("The XCC engine: " + ", ".join(xcc.ENGINES) + ". Default: the method's choice "
               f"(auto: {best_configuration(False)[2]} to prove, {xcc.DEFAULT_ENGINE} to list; "
               f"the others: {xcc.DEFAULT_ENGINE}).")
ENCODING_HELP = "; ".join(f"{name}: {c.summary}" for name, c in ENCODINGS.items()) + (
    f". Default: the method's choice ({DEFAULT_ENCODING}).")
METHOD_HELP = "Strong solutions by " + "; ".join(
    f"{name}: {m.summary}" for name, m in METHODS.items()) + (
    ". With --weak only auto or best (the others say how strong solutions are found); "
    "not with --exact.")
RESUME_HELP = ("With --each: --resume FILE skips the puzzles already in the rows file FILE "
               "(-o FILE), and keeps its rows.  --resume FILE (one puzzle, with --jobs, "
               "--scheduler or --local-cluster): after Ctrl-C the state is kept in FILE; if "
               "FILE exists, the {}.")

# the options solve and count share (choices from the registries: adding an
# encoding, a method or a format changes no line here)
WEAK = option("weak", "--weak", kind=bool, default=False, quick=True,
              help="Allow several disjoint loops (weak solutions).")
ENCODING = option("encoding", "--encoding", choices=tuple(ENCODINGS), help=ENCODING_HELP,
                  show_default=False, quick=True)
METHOD = option("method", "--method", choices=tuple(METHODS), help=METHOD_HELP,
                show_default=DEFAULT_METHOD, quick=True)   # None: not given (see _method)
ENGINE = option("engine", "--engine", metavar="NAME", help=ENGINE_HELP, quick=True)
EACH = option("each", "--each", kind=bool, default=False, help=EACH_HELP)
ONLY = option("only", "--only", metavar="REGEX", help=ONLY_HELP)
CSV = option("as_csv", "--csv", kind=bool, default=False, help=CSV_HELP)
PARALLEL = (   # masyu.cli.jobs
    option("jobs", "--jobs", "-j", kind=int, min=1, metavar="N",
           help="Split the search over N processes (with --each: one puzzle a task)."),
    option("scheduler", "--scheduler", metavar="ADDRESS",
           help="Run the subproblems (or puzzles) on the Dask scheduler at ADDRESS (the dask "
                "extra)."),
    option("local_cluster", "--local-cluster", kind=int, min=1, metavar="N",
           help="Run them on a Dask cluster of N workers started here."),
    option("continue_", "--continue", metavar="FILE", hidden=True,
           help="The same as --resume FILE (one puzzle, in parallel)."),
)

SOLVE = (
    argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP + " Default: a bundled example.",
             quick=True),
    option("all_", "--all", kind=bool, default=False, help="Print every solution.", quick=True),
    option("limit", "--limit", "-n", kind=int, min=1, metavar="N",
           help="Print at most N solutions.", quick=True),
    WEAK, ENCODING, METHOD, ENGINE,
    option("fmt", "--format", choices=SHOWS, default="text", help="The loop as " +
           summaries(SHOWS), quick=True),
    option("output", "--output", "-o", metavar="FILE",
           help="Write the solutions (with --each: the rows) to FILE, whole or not at all."),
    option("out_dir", "--out-dir", metavar="DIR",
           help="Write each solution to its own file in DIR (NAME-1.svg, NAME-2.svg, ...)."),
    EACH, ONLY, CSV,
    option("resume", "--resume", metavar="[FILE]", flag_value="",
           help=RESUME_HELP.format("listing goes on after the loops already written")),
    option("solutions", "--solutions", metavar="FILE",
           help="With --each: write the loops to a solutions file as well."),
    MEMORY,
    option("quiet", "--quiet", "-q", kind=bool, default=False,
           help="No statistics or progress.", quick=True),
    *PARALLEL,
)
COUNT = (
    argument("puzzle", metavar="PUZZLE", default=REQUIRED, help=PUZZLE_HELP, quick=True),
    WEAK, ENCODING, METHOD, ENGINE,
    option("limit", "--limit", "-n", kind=int, min=1, metavar="N",
           help="Stop after N solutions.", quick=True),
    option("as_json", "--json", kind=bool, default=False, quick=True,
           help="One JSON object: weak or strong, and the engine statistics (with --each: the "
                "default)."),
    EACH, ONLY, CSV,
    option("output", "--output", "-o", metavar="FILE", help="With --each: write the rows to FILE."),
    option("resume", "--resume", metavar="[FILE]", flag_value="",
           help=RESUME_HELP.format("count goes on from it") + "  With --exact: the plugs' "
                "layers, the same way."),
    MEMORY,
    option("quiet", "--quiet", "-q", kind=bool, default=False, help="No progress on stderr.",
           quick=True),
    option("exact", "--exact", kind=bool, default=False,
           help="Count without listing, by memoized search (engine memo; exact however large; "
                "no --limit; --memory bounds it)."),
    option("by", "--by", choices=tuple(BY), help="With --exact: the solutions for each loop length "
           "(edges) or, with --weak, each number of loops (rows 'length  count'; docs/exact.md)."),
    *PARALLEL,
)
ENCODE = (
    argument("puzzle", metavar="PUZZLE", default=REQUIRED, help=PUZZLE_HELP),
    option("encoding", "--encoding", choices=tuple(ENCODINGS), default=DEFAULT_ENCODING,
           help=ENCODING_HELP[:ENCODING_HELP.index(". Default")] + "."),
    option("output", "--output", "-o", metavar="FILE", help="Write to FILE (default: stdout)."),
    MEMORY,
)
PARAMS = {"solve": SOLVE, "count": COUNT, "encode": ENCODE}


def _where(jobs: Optional[int], scheduler: Optional[str], local_cluster: Optional[int],
           resume: Optional[str] = None) -> dict | None:
    """The executor options given (None: a sequential run, without masyu.parallel); a
    sequential run given ``--resume FILE`` keeps its state, run in this process."""
    if jobs is None and scheduler is None and local_cluster is None and not resume:
        return None
    return (xcc.cli_parallel.where(jobs, scheduler, local_cluster)
            or {"executor": xcc.parallel.InProcess()})


def _method(method: Optional[str], weak: bool, exact: bool = False) -> str:
    """The method of a search: ``--method``, else the default; refused where no
    method applies (the library's rule for weak solutions)."""
    if method is not None and exact:
        fail("an exact count takes no method (the memoized search counts the loops "
             "themselves); drop --method", "--method")
    method = DEFAULT_METHOD if method is None else method
    check_weak_method(method, weak, "--method")
    return method


def _each(verb: str, puzzle: Optional[str], output: Optional[str], resume: Optional[str],
          where: tuple, task: dict, **rest) -> int:
    """``--each``: ``--resume FILE`` continues the rows file FILE (the same as
    ``-o FILE --resume``); the run is :func:`masyu.cli.each.each`."""
    if resume:
        if output is not None and output != resume:
            fail(f"--resume FILE continues the rows of FILE: -o names another ({output})",
                 "--resume")
        output = resume
    if puzzle is None:
        fail("--each needs a collection file", "PUZZLE")
    from .each import Task, each  # start-up: one puzzle's solve needs no --each
    return each(puzzle, Task(verb, **task), output=output, resume=resume is not None,
                where=_where(*where), **rest)


def solve(puzzle, all_, limit, weak, encoding, method, engine, fmt, output, out_dir, each, only,
          as_csv, resume, solutions, memory_, quiet, jobs, scheduler, local_cluster,
          continue_) -> int:
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
    how = dict(weak=weak, encoding=encoding, method=_method(method, weak), engine=engine)
    allowed = memory_limit(memory_)
    resume = resume if continue_ is None else continue_   # --continue FILE: its first name
    if each:
        if all_ or out_dir is not None:
            fail("--each finds the first loop of each puzzle (count --each counts them all)",
                 "--all" if all_ else "--out-dir")
        return _each("solve", puzzle, output, resume, (jobs, scheduler, local_cluster),
                     task=dict(limit=limit, **how), as_csv=as_csv, pattern=only,
                     quiet=quiet, allowed=allowed, solutions=solutions)
    no_each("solve", only=only, csv=as_csv, resume=resume == "")
    if solutions is not None:
        fail("--solutions goes with --each (without it, use -o FILE)", "--solutions")
    return solve_one(puzzle, allowed, all_=all_, limit=limit, fmt=fmt, output=output,
                     out_dir=out_dir, quiet=quiet, resume=resume,
                     where=_where(jobs, scheduler, local_cluster, resume), **how)


def count(puzzle, weak, encoding, method, engine, limit, as_json, each, only, as_csv, output,
          resume, memory_, quiet, exact, by, jobs, scheduler, local_cluster, continue_) -> int:
    """Count the solutions of a puzzle.

    Strong ones, or weak ones with --weak.  Progress goes to stderr about once
    a second; Ctrl-C stops the count, prints the count so far and exits 130.
    With --each, every puzzle of a collection file, one row each.  With
    --jobs N (or --scheduler, --local-cluster) the search is split into
    subproblems; after Ctrl-C, --resume FILE goes on from where it stopped.

    Example: masyu count '6x6:eBbBfWbWbBaBcWbBe' --weak --json
    """
    how = dict(weak=weak, encoding=encoding, method=_method(method, weak, exact), engine=engine)
    if by is not None and (not exact or each):
        fail("--by goes with --exact, for one puzzle", "--by")
    allowed = memory_limit(memory_, EXACT_LEAST if exact else 1)
    resume = resume if continue_ is None else continue_   # --continue FILE: its first name
    if exact:
        if limit is not None:
            fail("an exact count takes no limit", "--limit")
        how.update(encoding=encoding or DEFAULT_ENCODING, engine=exact_engine(engine))
    if each:
        if exact:
            how.update(exact=True, memory=allowed)
        return _each("count", puzzle, output, resume, (jobs, scheduler, local_cluster),
                     task=dict(limit=limit, **how), as_csv=as_csv, pattern=only,
                     quiet=quiet, allowed=allowed)
    no_each("count", only=only, csv=as_csv, resume=resume == "")
    if output is not None:
        fail("-o goes with --each (a count is one line: redirect it)", "--output")
    p = read_puzzle(puzzle)
    where = _where(jobs, scheduler, local_cluster, None if exact else resume)
    if exact:  # the plugs or memo; spread over Dask workers with --scheduler, --local-cluster
        if jobs is not None:
            fail("an exact count is not split into subproblems (Dask: --scheduler)", "--exact")
        return count_exact(p, weak=weak, encoding=how["encoding"], engine=how["engine"],
                           memory=allowed, as_json=as_json, quiet=quiet, by=by,
                           resume=resume or None, **(where or {}))
    return count_one(p, allowed, limit=limit, as_json=as_json, quiet=quiet, where=where,
                     resume=resume, **how)


def encode(puzzle, encoding, output, memory_) -> int:
    """Write the XCC problem of a puzzle in Knuth's DLX format.

    The problem whose solutions are the puzzle's weak solutions.  Item names:
    t tile, w/b white/black circle, e edge, then the row and column in doubled
    coordinates, one base-62 digit each (two beyond 31x31).

    Example: masyu encode '6x6:eBbBfWbWbBaBcWbBe' --encoding 422 -o puzzle.dlx
    """
    allowed = memory_limit(memory_)
    p = read_puzzle(puzzle)
    memory.check(memory.estimate(p.rows, p.cols, ("encode",)), allowed,
                 f"encoding a {p.rows}x{p.cols} board")
    with OutputFile(output) if output not in (None, "-") else Stdout() as out:
        enc = encode_puzzle(p, encoding)
        text, readable = enc.to_dlx()   # a name too long for DLX2: said below, in masyu's words
        out.write(text)
    if not readable:
        say("masyu: warning: names longer than 8 characters; Knuth's DLX2 will not read this "
            "file")
    say(sizes_note(enc.sizes, enc.contradiction))
    return 0
