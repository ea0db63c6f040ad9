"""Searches split into subproblems named by choice prefixes, on any executor.

A subproblem is the problem plus a choice prefix: the option chosen at each
level from the root under the engine's own rule of choice, so that it names
the same subtree on every machine (the dancing-links engines replay it:
``Engine.start(problem, cycle, prefix)``).  ``solve`` and ``count`` run a
search as many such tasks, each within a budget of mems, on a process pool
(``jobs=N``), any ``concurrent.futures.Executor`` (``executor=``) or Dask
(``scheduler=ADDRESS`` or a ``distributed.Client``, ``local_cluster=N``),
and give the sequential run's solutions in its order and its counters, the
cost of replaying the prefixes apart (``stats.overhead``).  ``map_each``
spreads independent jobs (runs of consecutive puzzles a task) over the same executors.

Modules: ``task`` (what a worker runs), ``pools`` (the executors),
``driver`` (splitting, re-splitting, the ordered merge, Ctrl-C and resume),
``each`` (independent jobs, a run of them a task), ``levels`` (the memo
engine's exact count over Dask workers, level by level, a shard a worker).  See docs/parallel.md.

Names are imported when first used (PEP 562): a worker process imports only
``task`` and the engines, not the driver and its pools.
"""
from __future__ import annotations

import importlib

_EXPORTS = {"Parallel": "driver", "ParallelStats": "driver", "solve": "driver",
            "count": "driver", "state_of": "driver", "problem_key": "task",
            "InProcess": "pools", "LevelCount": "levels", "LevelStats": "levels"}

__all__ = ["Parallel", "ParallelStats", "solve", "count", "state_of", "problem_key",
           "InProcess", "LevelCount", "LevelStats"]


def prestart_if_asked(args) -> bool:
    """Start the fork server now (``pools.prestart``, in a thread) if the
    command line ``args`` asks for a process pool: ``--jobs N``, ``--jobs=N``,
    ``-j N``, ``-jN``.  The ``xcc`` and ``masyu`` commands call this first, so
    that the server's start overlaps their own imports and the reading of the
    problem; a wrong guess costs an idle server.  Whether it did."""
    for arg in args:
        if arg == "--":
            break
        if arg in ("--jobs", "-j") or arg.startswith("--jobs=") or \
                (arg.startswith("-j") and arg[2:].isdigit()):
            from .pools import prestart
            prestart()
            return True
    return False


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
