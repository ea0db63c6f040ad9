"""``masyu count`` of one puzzle: by listing the solutions (a search, in
parallel with ``--jobs``), or exactly without listing them (``--exact``: the
memo engine, ``masyu.exact``).

The count goes to stdout (a line, or one JSON object with ``--json``), the
statistics and progress to stderr; the exit code is 0 if there is a
solution, 1 if none, 130 if interrupted (after the count so far; a parallel
count also keeps its state for ``--resume FILE``; an exact count reached
no count, and the plugs keep their layers for ``--resume FILE``).
"""
from __future__ import annotations

import json
from typing import Any, Optional

import xcc

from .common import fail, say
from .outputs import Status, emit
from .running import Progress, check_memory
from ..counts import Count
from ..puzzle import Puzzle
from ..report import (answered_by, by_rows, count_line, exact_interrupted, exact_note,
                      exact_progress)
from ..search import Search


def count(p: Puzzle, allowed: int | None, *, as_json: bool = False, quiet: bool = False,
          where: dict | None = None, resume: Optional[str] = None, **how) -> int:
    """Count the solutions of ``p``, print the count; the exit code.  ``how``: the
    search's weak, encoding, method, engine and limit; ``where``: the executor
    options of a parallel count, ``resume`` its state file."""
    check_memory(p, allowed, **how)
    progress = Progress(quiet)
    if where is None:
        search = Search(p, on_progress=progress, **how)
    else:
        from . import jobs  # start-up: only a parallel count needs masyu.parallel and Typer
        search = jobs.search(p, where, resume, quiet, **how)
    try:
        result: Count = search.count()
    except KeyboardInterrupt:
        result = search.interrupted()
    progress.done()
    interrupted = search.stats.interrupted
    if as_json:
        emit(json.dumps(result.as_dict()) + "\n")
    else:
        emit(count_line(int(result), how["weak"], result.complete, interrupted) + "\n")
        if not quiet:
            say(f"{answered_by(search)}: {result.stats.text(cpu=True)}")
    if interrupted:  # the state for --resume FILE (a sequential count's too)
        from . import jobs  # start-up: (as above)
        jobs.keep_state(search, resume)
    return 130 if interrupted else (0 if result else 1)


def exact_engine(engine: Optional[str]) -> Optional[str]:
    """The exact engine ``--engine`` names with ``--exact`` (masyu.exact's
    ``EXACT_ENGINES``: the plugs, memo, memo-python), or None (the default)
    when left at the dancing-links default."""
    from ..exact import EXACT_ENGINES  # start-up: (as below)
    if engine in EXACT_ENGINES:
        return engine
    if engine is None or engine == xcc.DEFAULT_ENGINE:
        return None
    names = ", ".join(EXACT_ENGINES)
    fail(f"--exact counts with an exact engine ({names}), not {engine!r}", "--engine")


def count_exact(p: Puzzle, *, weak: bool, encoding: str, memory: int, as_json: bool,
                quiet: bool, engine: Optional[str] = None, by: Optional[str] = None,
                resume: Optional[str] = None, **workers: Any) -> int:
    """``masyu count --exact``: print the count (with ``by``, the rows ``VALUE  COUNT`` under
    a header); the exit code 0 (some), 1 (none), 130 (Ctrl-C: the plugs keep their
    layers in ``resume``, or ``masyu-<hash>.exact.npz``).  ``workers``: the
    ``scheduler`` or ``local_cluster`` of a count spread over Dask workers."""
    from ..exact import exact_count, plugs  # start-up: a count by listing needs no memo side
    keep = resume or plugs.keep.default_path(p, weak)
    status = Status(quiet, every=0.0)   # about once a second: the level, states, memory
    stats = exact_count(p, weak=weak, encoding=encoding, engine=engine, memory=memory, by=by,
                        on_progress=lambda s: status.show(exact_progress(s)), resume=resume,
                        keep=keep, **workers)
    status.clear()
    if stats.interrupted:
        say(exact_interrupted(stats, keep if stats.engine.startswith("plugs") else None))
        return 130
    n = stats.solutions
    rows = {} if by is None else {"by": by, "rows": {str(w): c for w, c in stats.by.items()}}
    if as_json:
        emit(json.dumps({**Count(n, stats, weak, str(encoding), "exact").as_dict(), **rows}) + "\n")
    else:
        emit(count_line(n, weak) + "\n" if by is None else by_rows(by, stats.by))
        if not quiet:
            say(exact_note(stats, encoding))
    return 0 if n else 1
