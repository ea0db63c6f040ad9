"""The ``xcc`` command: solve and count DLX files (a thin face over the library).

Exit codes: 0 solutions found; 1 none, or the reader of the output went away
(a broken pipe: nothing more is said); 2 bad input, a usage error, or output
that cannot be written (a full disk); 130 interrupted, after the statistics
so far.  Solutions go to stdout, one whole solution at a time; statistics
(with --stats), warnings and progress to stderr.  Every failure is one line,
``xcc: ...``.
"""
from __future__ import annotations

import json
import os
import sys
import warnings
from contextlib import contextmanager
from typing import Iterator, Optional, Sequence

import typer
from typer.core import TyperCommand

from . import cli_parallel
from . import command
from .command import REQUIRED, argument, option, typer_command
from .dlxfile import parse_dlx
from .engines import DEFAULT_ENGINE, REGISTRY, get, refuse_unfit
from .engines.refuse import limited
from .errors import XCCError
from .results import Stats
from .search import Search
from .shuffle import shuffle
from .sizes import parse_size
from .textio import held_interrupt

MAX_INPUT = 256 << 20   # bytes: the largest DLX file read (an endless /dev/zero is refused)

app = command.new_app("xcc", "Exact cover with colors: Knuth's Algorithm C on DLX files.")


ENGINE_HELP = "The search engine: " + "; ".join(
    f"{name} ({e.summary}" + (")" if e.available() else ", not available here)")
    for name, e in REGISTRY.items()) + "."


class _Command(TyperCommand):
    def collect_usage_pieces(self, ctx) -> list[str]:
        return command.plain_usage(super().collect_usage_pieces(ctx))


def _say(text: str) -> None:
    typer.echo(f"xcc: {' '.join(text.split())}", err=True)


@contextmanager
def _bad_input() -> Iterator[None]:
    """Turn XCCError into one line on stderr, ``xcc: [file:line:col: ]message``, and
    exit code 2; warnings as ``xcc: warning: ...``."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield
    except XCCError as e:
        _say(str(e))
        raise typer.Exit(2)
    finally:
        for w in caught:
            _say(f"warning: {w.message}")


def _read(file: str) -> str:
    """The text of a DLX file (any file: a pipe or a device too; - for stdin), capped."""
    where = "<stdin>" if file == "-" else file
    try:
        if file == "-":
            data = sys.stdin.buffer.read(MAX_INPUT + 1)
        else:
            if os.path.isdir(file):
                raise XCCError("is a directory, not a DLX file", file)
            with open(file, "rb") as f:
                data = f.read(MAX_INPUT + 1)
    except OSError as e:
        raise XCCError(f"cannot read: {e.strerror or e}", file) from None
    if len(data) > MAX_INPUT:
        raise XCCError(f"larger than {MAX_INPUT >> 20} MB: not a DLX file", where)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise XCCError(f"not UTF-8 text (byte {e.start + 1})", where) from None


PARALLEL = (   # the parallel options of solve and count (xcc/cli_parallel.py)
    option("jobs", "--jobs", "-j", kind=int, min=1, metavar="N",
           help="Split the search into subproblems run by N processes (xcc.parallel)."),
    option("scheduler", "--scheduler", metavar="ADDRESS",
           help="Run the subproblems on the Dask scheduler at ADDRESS (the dask extra)."),
    option("local_cluster", "--local-cluster", kind=int, min=1, metavar="N",
           help="Run the subproblems on a Dask cluster of N workers started here."),
    option("resume", "--resume", metavar="FILE",
           help="Continue from FILE (written there after Ctrl-C of a parallel run)."),
)
FILE = argument("file", metavar="FILE", default=REQUIRED, help="A DLX file, or - for stdin.")
ENGINE = option("engine", "--engine", "-e", metavar="NAME", default=DEFAULT_ENGINE,
                help=ENGINE_HELP)
MEMORY = option("memory", "--memory", metavar="SIZE", show_default=False,
                help="Refuse up front, with the estimate, work that would need more memory "
                     "than SIZE (4G, 512M); the memo engines weigh their plan and layers "
                     "against it, and without it against half the machine's memory.")
SEED = option("seed", "--seed", kind=int, min=0, metavar="N",
              help="Search the items and options in the random order drawn from N "
                   "(xcc.shuffle): ties among the items with fewest options broken at random, "
                   "each item's options tried in a random order; the same solutions, in "
                   "another order, the same for the same N (random restarts).")
MEMS = option("mem_limit", "--mems", kind=int, min=1, metavar="N",
              help="Stop at the first step C5 (trying an option) once N mems are spent, as DLX2 "
                   "counts them (python and c stop at the same node): a limit that reproduces "
                   "on any machine, unlike seconds. Engines that count mems: " + ", ".join(
                       n for n, e in REGISTRY.items() if "mems" in e.counter_labels) + ".")
SOLVE = (
    FILE,
    option("limit", "--limit", "-n", kind=int, min=1, metavar="N", help="Stop after N solutions."),
    option("stats", "--stats", kind=bool, default=False, help="Print the statistics to stderr."),
    ENGINE, MEMORY, *PARALLEL, SEED, MEMS,
)
# xcc/csrc/quick.c runs ``xcc count FILE`` with the options marked quick (tests/xcc/test_quick.py)
COUNT = (
    FILE, ENGINE,
    option("limit", "--limit", "-n", kind=int, min=1, metavar="N", help="Stop after N solutions."),
    option("as_json", "--json", kind=bool, default=False, help="Print the statistics as JSON.",
           quick=True),
    option("quiet", "--quiet", "-q", kind=bool, default=False, help="No progress on stderr.",
           quick=True),
    MEMORY, *PARALLEL, SEED, MEMS,
)


def _load(file: str, engine: str):
    with _bad_input():
        get(engine)  # an unknown or unavailable engine, before the file is read
        problem = parse_dlx(_read(file), "<stdin>" if file == "-" else file)
        refuse_unfit(get(engine), problem)  # multiplicities and an engine without them
    return problem


def _limited(engine: str, problem, memory: Optional[str]):
    """The engine to run under ``--memory`` (refused up front when the problem would
    not fit: :mod:`xcc.engines.refuse`); its name when no limit is given."""
    if memory is None:
        return engine
    return limited(get(engine), problem, parse_size(memory, "--memory"))


def _seeded(problem, seed: Optional[int]):
    """The problem a parallel run splits: ``problem`` in the order of ``seed``
    (:mod:`xcc.shuffle`; a --resume file then names that order's problem)."""
    return problem if seed is None else shuffle(problem, seed).problem


def _search(problem, **options) -> Search:
    """The run of ``solve`` and ``count``; a refused ``mem_limit`` named as its option."""
    try:
        return Search(problem, **options)
    except XCCError as err:
        if err.where != "argument 'mem_limit'":
            raise
        raise XCCError(err.message.replace("a mem_limit", "--mems"), "--mems") from None


def _sequential_only(mem_limit: Optional[int]) -> None:
    """--mems stops one sequential run (``Search(mem_limit=)``), not a split one."""
    if mem_limit is not None:
        raise XCCError("--mems limits a run here, not a split one (--jobs, --scheduler, "
                       "--local-cluster)")


def _progress(stats: Stats) -> None:
    """Solutions so far and the engine's first counter (nodes, or solves), with its rate."""
    name, value = next(iter(stats.counters.items()), ("nodes", 0))
    rate = value / stats.seconds if stats.seconds else 0.0
    typer.echo(f"... {stats.solutions:,} solutions, {value:,} {name} ({rate:,.0f} {name}/s)",
               err=True)


def _stats_text(stats: Stats) -> str:
    return f"Altogether {stats}" + (" [interrupted]" if stats.interrupted else "")


def solve(file: str, limit: Optional[int], stats: bool, engine: str, memory: Optional[str],
          jobs: Optional[int], scheduler: Optional[str], local_cluster: Optional[int],
          resume: Optional[str], seed: Optional[int], mem_limit: Optional[int]) -> int:
    """Print every solution, one option per line, in Knuth's style.

    Each solution is printed whole: after Ctrl-C the statistics count the
    solutions printed, and the exit code is 130.

    Example: xcc solve examples/queens8.dlx --limit 3 --stats

    Example: xcc solve examples/queens8.dlx --limit 1 --seed 7
    """
    problem = _load(file, engine)
    with _bad_input():
        runs = _limited(engine, problem, memory)
        options = cli_parallel.where(jobs, scheduler, local_cluster)
        if options is not None:   # the seed's order, printed alike (the same option texts)
            _sequential_only(mem_limit)
            return cli_parallel.solve(_seeded(problem, seed), engine=engine, limit=limit,
                                      options=options, resume=resume, stats=stats,
                                      text=_stats_text)
        search = _search(problem, engine=runs, limit=limit, seed=seed, mem_limit=mem_limit)
    printed = 0
    try:
        with _bad_input(), search:
            for sol in search:
                text = f"{printed + 1}:\n" + "".join(
                    f" {problem.option_text(j)}\n" for j in sol.indices)
                with held_interrupt():
                    sys.stdout.write(text)
                    sys.stdout.flush()
                    printed += 1
    except KeyboardInterrupt:
        search.stats.solutions = printed   # what the reader got
        typer.echo(_stats_text(search.stats), err=True)
        return 130
    if stats:
        typer.echo(_stats_text(search.stats), err=True)
    return 0 if search.stats.solutions else 1


def count(file: str, engine: str, limit: Optional[int], as_json: bool, quiet: bool,
          memory: Optional[str], jobs: Optional[int], scheduler: Optional[str],
          local_cluster: Optional[int], resume: Optional[str], seed: Optional[int],
          mem_limit: Optional[int]) -> int:
    """Count the solutions and print the statistics.

    Progress goes to stderr about once a second; Ctrl-C prints the statistics
    so far ("interrupted": true) and exits 130.

    Example: xcc count examples/queens8.dlx --json

    Example: xcc count examples/queens8.dlx --seed 7 --mems 100000
    """
    problem = _load(file, engine)
    with _bad_input():
        runs = _limited(engine, problem, memory)
        options = cli_parallel.where(jobs, scheduler, local_cluster)
        if options is not None:
            _sequential_only(mem_limit)
            return cli_parallel.count(_seeded(problem, seed), engine=engine, limit=limit,
                                      options=options, resume=resume, progress=not quiet,
                                      as_json=as_json, text=_stats_text)
        search = _search(problem, engine=runs, limit=limit, seed=seed, mem_limit=mem_limit,
                         on_progress=None if quiet else _progress)
    interrupted = False
    try:
        with _bad_input(), search:
            for _ in search:
                pass
    except KeyboardInterrupt:
        interrupted = True
        search.stats.interrupted, search.stats.complete = True, False
    s = search.stats
    typer.echo(json.dumps(s.as_dict()) if as_json else _stats_text(s))
    return 130 if interrupted else (0 if s.solutions else 1)


PARAMS = {"solve": SOLVE, "count": COUNT}
for _verb in (solve, count):
    app.command(cls=_Command)(typer_command(PARAMS[_verb.__name__], _verb))


def run(args: Sequence[str] | None = None) -> int:
    """Run the command with the house's errors (usage errors and I/O faults in one
    line, Ctrl-C as 130: :func:`xcc.command.run`, masyu's too) and return the exit code."""
    return command.run(typer.main.get_command(app), sys.argv[1:] if args is None else args, "xcc")


def main() -> None:
    sys.exit(run())
