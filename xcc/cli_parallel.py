"""The parallel options of the ``xcc`` command: ``--jobs N``, ``--scheduler
ADDRESS``, ``--local-cluster N``, ``--resume FILE`` (xcc.cli adds them to
``solve`` and ``count`` and calls here when one is given).

After Ctrl-C the count so far and the unfinished prefixes are printed, the
state (problem hash, finished totals, pending prefixes) is written to the
``--resume`` file (``xcc-<hash>.resume.json`` without one), and the exit code
is 130; ``--resume FILE`` with an existing file continues from it.
"""
from __future__ import annotations

import json
import os
import sys
from typing import Callable

from .errors import XCCError
from .parallel import Parallel, problem_key


def where(jobs: int | None, scheduler: str | None, local_cluster: int | None) -> dict | None:
    """The executor options given, or None for a sequential run."""
    given = {k: v for k, v in (("jobs", jobs), ("scheduler", scheduler),
                               ("local_cluster", local_cluster)) if v is not None}
    if len(given) > 1:
        raise XCCError("give one of --jobs, --scheduler, --local-cluster")
    return given or None


def _load_state(path: str | None) -> dict | None:
    if path is None or not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as error:
        raise XCCError(f"{path}: not a resume file ({error})") from None


def _progress(stats) -> None:
    print(f"... {stats.solutions} solutions, {stats.subproblems} subproblems done, "
          f"{len(stats.pending)} pending, {stats.tasks} tasks", file=sys.stderr)


def _interrupted(search: Parallel, resume: str | None) -> None:
    """Say what was counted and what is left; keep the state for --resume."""
    state = search.state()
    path = resume or f"xcc-{problem_key(search.problem, search.cycle)[:12]}.resume.json"
    with open(path, "w", encoding="utf-8") as f:
        json.dump(state, f)
    pending = search.stats.pending
    shown = " ".join(",".join(map(str, p)) or "()" for p in pending[:5])
    more = f" and {len(pending) - 5} more" if len(pending) > 5 else ""
    print(f"interrupted: {len(pending)} subproblems unfinished ({shown}{more}); "
          f"continue with --resume {path}", file=sys.stderr)


def count(problem, *, engine: str, limit: int | None, options: dict, resume: str | None,
          progress: bool, as_json: bool, text: Callable) -> int:
    """``xcc count`` in parallel: the exit code."""
    search = Parallel(problem, engine=engine, limit=limit, resume=_load_state(resume),
                      on_progress=_progress if progress else None, **options)
    interrupted = False
    try:
        search.count()
    except KeyboardInterrupt:
        interrupted = True
    s = search.stats
    print(json.dumps(s.as_dict()) if as_json else text(s))
    if interrupted:
        _interrupted(search, resume)
        return 130
    return 0 if s.solutions else 1


def solve(problem, *, engine: str, limit: int | None, options: dict, resume: str | None,
          stats: bool, text: Callable) -> int:
    """``xcc solve`` in parallel (the solutions in the sequential order)."""
    search = Parallel(problem, engine=engine, limit=limit, resume=_load_state(resume),
                      **options)
    k = search.stats.solutions
    try:
        for sol in search.solutions():
            k += 1
            print(f"{k}:")
            for j in sol.indices:
                print(" " + problem.option_text(j))
    except KeyboardInterrupt:
        print(text(search.stats), file=sys.stderr)
        _interrupted(search, resume)
        return 130
    if stats:
        print(text(search.stats), file=sys.stderr)
    return 0 if search.stats.solutions else 1
