"""The parallel options of the ``xcc`` command: ``--jobs N``, ``--scheduler
ADDRESS``, ``--local-cluster N``, ``--resume FILE`` (xcc.cli adds them to
``solve`` and ``count`` and calls here when one is given).

After Ctrl-C the count so far and the unfinished prefixes are printed, the
state (problem hash, finished totals, pending prefixes) is written to the
``--resume`` file (``xcc-<hash>.resume.json`` without one), and the exit code
is 130; ``--resume FILE`` with an existing file continues from it.
``load_state``, ``show_progress`` and ``save_interrupted`` are masyu's too (its
``count --jobs``, with its own option's name).
"""
from __future__ import annotations

import json
import os
import sys
from typing import Callable

from .errors import XCCError
from .textio import held_interrupt, write_text
from .parallel import Parallel


def where(jobs: int | None, scheduler: str | None, local_cluster: int | None) -> dict | None:
    """The executor options given, or None for a sequential run."""
    given = {k: v for k, v in (("jobs", jobs), ("scheduler", scheduler),
                               ("local_cluster", local_cluster)) if v is not None}
    if len(given) > 1:
        raise XCCError("give one of --jobs, --scheduler, --local-cluster")
    return given or None


def load_state(path: str | None) -> dict | None:
    """The state kept in ``path`` by an interrupted run, or None (no file)."""
    if path is None or not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as error:
        raise XCCError(f"{path}: not a resume file ({error})") from None


def show_progress(stats) -> None:
    """The progress line of a parallel run, on stderr."""
    print(f"... {stats.solutions} solutions, {stats.subproblems} subproblems done, "
          f"{len(stats.pending)} pending, {stats.tasks} tasks", file=sys.stderr)


def save_interrupted(state: dict, pending: list, path: str | None, *, option: str = "--resume",
                     name: str = "xcc") -> str:
    """Keep ``state`` in ``path`` (``<name>-<hash>.resume.json`` without one)
    and say on stderr, in one line, how many subproblems are unfinished and
    how to continue (``option FILE``); the file's path."""
    path = path or f"{name}-{state['problem'][:12]}.resume.json"
    with held_interrupt():  # the state is written whole (atomically: a crash keeps the last)
        write_text(path, json.dumps(state))
    print(f"interrupted: {len(pending)} subproblems unfinished; continue with {option} {path}",
          file=sys.stderr)
    return path


def _interrupted(search: Parallel, resume: str | None, unused: int = 0) -> None:
    """Say what was counted and what is left; keep the state for --resume
    (``unused``: the last solutions handed out that were not printed)."""
    state = search.state(unused=unused)
    save_interrupted(state, state["pending"], resume)


def count(problem, *, engine: str, limit: int | None, options: dict, resume: str | None,
          progress: bool, as_json: bool, text: Callable) -> int:
    """``xcc count`` in parallel: the exit code."""
    search = Parallel(problem, engine=engine, limit=limit, resume=load_state(resume),
                      on_progress=show_progress if progress else None, **options)
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
    search = Parallel(problem, engine=engine, limit=limit, resume=load_state(resume),
                      **options)
    k = search.stats.solutions
    try:
        for sol in search.solutions():
            with held_interrupt():  # a solution is printed whole and counted, or neither
                k += 1
                print(f"{k}:\n" + "".join(f" {problem.option_text(j)}\n" for j in sol.indices),
                      end="")
    except KeyboardInterrupt:
        # Ctrl-C may come after a solution is handed out and before its printing
        # begins: then it is not printed, and it comes again after --resume
        print(text(search.stats), file=sys.stderr)
        _interrupted(search, resume, unused=search.stats.solutions - k)
        return 130
    if stats:
        print(text(search.stats), file=sys.stderr)
    return 0 if search.stats.solutions else 1
