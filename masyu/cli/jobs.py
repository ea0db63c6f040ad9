"""The parallel options of ``masyu solve`` and ``masyu count`` (issue 17).

``--jobs N`` (processes), ``--scheduler ADDRESS`` (a Dask scheduler) or
``--local-cluster N`` (a Dask cluster started here) split the search of one
puzzle into subproblems (``masyu.parallel.ParallelSearch``), or, with
``--each``, spread the puzzles of a collection over the same executors, one
a task.  After Ctrl-C a parallel count (or solve) prints what was counted, which
subproblems are unfinished, writes the state to the ``--resume FILE``
(``masyu-<hash>.resume.json`` without one) and exits 130; ``--resume FILE``
with an existing file goes on from there, as xcc's does.  With ``--each``,
``--resume`` is the flag that continues the ``-o`` file, so a FILE after it
is read only without ``--each`` (``masyu.cli.full.spell_resume`` turns it
into the hidden ``--continue FILE``, the name it had first).  The logic is
xcc's (``xcc.cli_parallel``, reached through the package's top as masyu
reaches all of xcc).  The options are declared in :mod:`masyu.cli.solving`.
"""
from __future__ import annotations

import json
from typing import Optional

import xcc

from .common import errors_exit, say
from ..errors import MasyuError
from ..parallel import ParallelSearch
from ..puzzle import Puzzle


def where(jobs: Optional[int], scheduler: Optional[str], local_cluster: Optional[int],
          continue_: Optional[str] = None) -> dict | None:
    """The executor options given (None: a sequential run)."""
    given = xcc.cli_parallel.where(jobs, scheduler, local_cluster)
    if continue_ is not None and given is None:  # a sequential run that keeps its state
        given = {"executor": xcc.parallel.InProcess()}
    return given


def search(puzzle: Puzzle, where: dict, continue_: Optional[str], quiet: bool,
           **how) -> ParallelSearch:
    """The parallel search of one puzzle (``how``: weak, encoding, method,
    engine, limit), continued from the ``--resume`` file if it exists, and
    its state kept there as it counts (``checkpoint``: a run killed outright
    loses at most a few tasks' work)."""
    def checkpoint() -> None:  # the state so far, kept as the count goes (a fault: exit 2 now)
        with errors_exit():
            xcc.textio.write_text(continue_, json.dumps(found.state()))

    found = ParallelSearch(puzzle, resume=xcc.cli_parallel.load_state(continue_),
                           on_progress=None if quiet else xcc.cli_parallel.show_progress,
                           checkpoint=None if continue_ is None else checkpoint, **how, **where)
    return found


def keep_state(found: ParallelSearch | dict, continue_: Optional[str]) -> None:
    """After Ctrl-C of a parallel count or solve: the unfinished subproblems,
    and the state (or that of the search ``found``) in the --resume file."""
    if isinstance(found, dict):
        state = found
    else:
        try:
            state = found.state()
        except MasyuError as err:  # a sequential run that left no state: it says why
            say(f"masyu: {err}")
            return
    xcc.cli_parallel.save_interrupted(state, state["pending"], continue_, option="--resume",
                                      name="masyu")
