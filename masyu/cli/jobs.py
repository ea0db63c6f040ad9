"""The parallel options of ``masyu solve`` and ``masyu count`` (issue 17).

``--jobs N`` (processes), ``--scheduler ADDRESS`` (a Dask scheduler) or
``--local-cluster N`` (a Dask cluster started here) split the search of one
puzzle into subproblems (``masyu.parallel.ParallelSearch``), or, with
``--each``, spread the puzzles of a collection over the same executors, one
a task.  After Ctrl-C a parallel count (or solve) prints what was counted, which
subproblems are unfinished, writes the state to the ``--resume FILE``
(``masyu-<hash>.resume.json`` without one) and exits 130; ``--resume FILE``
with an existing file goes on from there, as xcc's does.  ``--resume`` is one
option whose value may be left out (``flag_value``, :mod:`xcc.command`): with
``--each``, ``--resume FILE`` names the rows file, and a bare ``--resume``
(last, or before another option) continues the ``-o`` file.  The logic is
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


def search(puzzle: Puzzle, where: dict, resume: Optional[str], quiet: bool,
           **how) -> ParallelSearch:
    """The parallel search of one puzzle (``how``: weak, encoding, method,
    engine, limit), continued from the ``--resume`` file if it exists, and
    its state kept there as it counts (``checkpoint``: a run killed outright
    loses at most a few tasks' work)."""
    def checkpoint() -> None:  # the state so far, kept as the count goes (a fault: exit 2 now)
        with errors_exit():
            xcc.textio.write_text(resume, json.dumps(found.state()))

    found = ParallelSearch(puzzle, resume=xcc.cli_parallel.load_state(resume),
                           on_progress=None if quiet else xcc.cli_parallel.show_progress,
                           checkpoint=None if resume is None else checkpoint, **how, **where)
    return found


def keep_state(found: ParallelSearch | dict, resume: Optional[str]) -> None:
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
    xcc.cli_parallel.save_interrupted(state, state["pending"], resume, option="--resume",
                                      name="masyu")
