"""``masyu count`` of one puzzle, without Typer: the body that both doors run.

The Typer verb (:func:`masyu.cli.solving.count`) checks its options, reads the
puzzle and, unless it counts by ``--exact``, calls :func:`count` here; the
quick path (:mod:`masyu.cli.quick`) calls the same function for the plainest
command lines without importing Typer.  So both print the same bytes: the
count on stdout (a line, or one JSON object with ``--json``), the engine's
statistics on stderr, exit code 0 if there is a solution, 1 if none, 130 if
interrupted (after the count so far; a parallel count also keeps its state
for ``--resume FILE``).
"""
from __future__ import annotations

import json
from typing import Optional

from .common import say
from .inputs import errors_exit
from .outputs import emit
from .solve_one import Progress, by, check_memory, kind, new_search
from ..puzzle import Puzzle
from ..solving import Count


def count(p: Puzzle, allowed: int | None, *, weak: bool = False, encoding: Optional[str] = None,
          method: str = "auto", engine: Optional[str] = None, limit: Optional[int] = None,
          as_json: bool = False, quiet: bool = False, where: dict | None = None,
          continue_: Optional[str] = None) -> int:
    """Count the solutions of ``p``, print the count; the exit code.  ``where``:
    the executor options of a parallel count, ``continue_`` its state file."""
    how = dict(weak=weak, encoding=encoding, method=method, engine=engine)
    check_memory(p, allowed, limit=limit, **how)
    progress = Progress(quiet)
    if where is None:
        search = new_search(p, progress, limit=limit, **how)
    else:
        from . import jobs  # start-up: only a parallel count needs masyu.parallel and Typer
        search = jobs.search(p, where, continue_, quiet, limit=limit, **how)
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
        emit(f"{int(result):,} {kind(weak, int(result))}{note}\n")
        if not quiet:
            say(f"{by(search)}: {result.stats}")
    if interrupted and where is not None:
        from . import jobs  # start-up: (as above)
        jobs.keep_state(search, continue_)
    return 130 if interrupted else (0 if result else 1)
