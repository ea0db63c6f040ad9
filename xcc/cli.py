"""The ``xcc`` command: solve and count DLX files (a thin face over the library).

Exit codes: 0 solutions found, 1 none, 2 bad input, 130 interrupted.
Solutions go to stdout; statistics (with --stats), warnings and progress
to stderr.
"""
from __future__ import annotations

import json
import sys
import warnings
from contextlib import contextmanager
from typing import Iterator, Optional

import typer

from . import cli_parallel
from .dlxfile import read_dlx
from .engines import DEFAULT_ENGINE, REGISTRY, get
from .errors import XCCError
from .results import Stats
from .search import Search

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Exact cover with colors: Knuth's Algorithm C on DLX files.")


ENGINE_HELP = "the search engine: " + "; ".join(
    f"{name} ({e.summary}" + (")" if e.available() else ", not available here)")
    for name, e in REGISTRY.items())


@contextmanager
def _bad_input() -> Iterator[None]:
    """Turn XCCError into one line on stderr and exit code 2: the error's
    place first when it has one (``file:line:col: ...``), else ``xcc: ...``."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield
    except XCCError as e:
        typer.echo(str(e) if e.where else f"xcc: {e}", err=True)
        raise typer.Exit(2)
    finally:
        for w in caught:
            typer.echo(f"warning: {w.message}", err=True)


JOBS_HELP = "split the search into subproblems run by N processes (xcc.parallel)"
SCHEDULER_HELP = "run the subproblems on the Dask scheduler at ADDRESS (the dask extra)"
CLUSTER_HELP = "run the subproblems on a Dask cluster of N workers started here"
RESUME_HELP = "continue from FILE (written there after Ctrl-C of a parallel run)"


def _load(file: str, engine: str):
    with _bad_input():
        get(engine)  # an unknown or unavailable engine, before the file is read
        problem = read_dlx(file)
    return problem


def _progress(stats: Stats) -> None:
    """Solutions so far and the engine's first counter (nodes, or solves), with its rate."""
    name, value = next(iter(stats.counters.items()), ("nodes", 0))
    rate = value / stats.seconds if stats.seconds else 0.0
    typer.echo(f"... {stats.solutions} solutions, {value} {name} ({rate:,.0f} {name}/s)", err=True)


def _stats_text(stats: Stats) -> str:
    return f"Altogether {stats}" + (" [interrupted]" if stats.interrupted else "")


@app.command()
def solve(
    file: str = typer.Argument(..., help="DLX file, or - for stdin"),
    limit: Optional[int] = typer.Option(None, "--limit", "-n", min=1, help="stop after N solutions"),
    stats: bool = typer.Option(False, "--stats", help="print the statistics to stderr"),
    engine: str = typer.Option(DEFAULT_ENGINE, "--engine", "-e", help=ENGINE_HELP),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help=JOBS_HELP),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help=SCHEDULER_HELP),
    local_cluster: Optional[int] = typer.Option(None, "--local-cluster", min=1, help=CLUSTER_HELP),
    resume: Optional[str] = typer.Option(None, "--resume", help=RESUME_HELP),
) -> None:
    """Print every solution, one option per line, in Knuth's style.

    Example: xcc solve queens8.dlx --limit 3 --stats
    """
    problem = _load(file, engine)
    with _bad_input():
        options = cli_parallel.where(jobs, scheduler, local_cluster)
        if options is not None:
            raise typer.Exit(cli_parallel.solve(problem, engine=engine, limit=limit,
                                                options=options, resume=resume, stats=stats,
                                                text=_stats_text))
    search = Search(problem, engine=engine, limit=limit)
    try:
        with search:
            for k, sol in enumerate(search, start=1):
                typer.echo(f"{k}:")
                for j in sol.indices:
                    typer.echo(" " + problem.option_text(j))
    except KeyboardInterrupt:
        typer.echo(_stats_text(search.stats), err=True)
        raise typer.Exit(130)
    if stats:
        typer.echo(_stats_text(search.stats), err=True)
    raise typer.Exit(0 if search.stats.solutions else 1)


@app.command()
def count(
    file: str = typer.Argument(..., help="DLX file, or - for stdin"),
    engine: str = typer.Option(DEFAULT_ENGINE, "--engine", "-e", help=ENGINE_HELP),
    limit: Optional[int] = typer.Option(None, "--limit", "-n", min=1, help="stop after N solutions"),
    as_json: bool = typer.Option(False, "--json", help="print the statistics as JSON"),
    progress: bool = typer.Option(True, "--progress/--quiet", help="progress on stderr"),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help=JOBS_HELP),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help=SCHEDULER_HELP),
    local_cluster: Optional[int] = typer.Option(None, "--local-cluster", min=1, help=CLUSTER_HELP),
    resume: Optional[str] = typer.Option(None, "--resume", help=RESUME_HELP),
) -> None:
    """Count the solutions and print the statistics.

    Example: xcc count queens8.dlx --json
    """
    problem = _load(file, engine)
    with _bad_input():
        options = cli_parallel.where(jobs, scheduler, local_cluster)
        if options is not None:
            raise typer.Exit(cli_parallel.count(problem, engine=engine, limit=limit,
                                                options=options, resume=resume,
                                                progress=progress, as_json=as_json,
                                                text=_stats_text))
    search = Search(problem, engine=engine, limit=limit,
                    on_progress=_progress if progress else None)
    interrupted = False
    try:
        with search:
            for _ in search:
                pass
    except KeyboardInterrupt:
        interrupted = True
    s = search.stats
    if as_json:
        typer.echo(json.dumps(s.as_dict()))
    else:
        typer.echo(_stats_text(s))
    if interrupted:
        raise typer.Exit(130)
    raise typer.Exit(0 if s.solutions else 1)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:  # interrupted outside a search: nothing to report
        sys.exit(130)
