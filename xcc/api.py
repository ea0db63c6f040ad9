"""The public face of the engines: ``solve``, ``count`` and ``Search``.

Engines are chosen by name; an unknown name is answered with the list of
valid ones.  Every run returns its statistics as plain data (``Stats``).
"""
from __future__ import annotations

import time
import warnings
from typing import Callable, Iterator

from .arrays import build_arrays
from .cycle import Cycle
from .errors import XCCError
from .problem import Problem
from .results import Solution, Stats


def _c_available() -> bool:
    try:
        from ._native import Solver  # noqa: F401  (the sources are in xcc/csrc/)
    except ImportError:
        return False
    return True


def _sat_available() -> bool:
    from .engine_sat import available
    return available()


# The engines usable now (the c engine needs the compiled extension, sat needs python-sat).
ENGINES: tuple[str, ...] = ("python",) + (("c",) if _c_available() else ()) \
    + (("sat",) if _sat_available() else ())
DEFAULT_ENGINE = "c" if "c" in ENGINES else "python"


def check_engine(engine: str) -> str:
    if engine not in ENGINES:
        raise XCCError(f"unknown engine {engine!r}; valid engines: {', '.join(ENGINES)}")
    return engine


class Search:
    """One search over ``problem``: iterate it for solutions; ``stats`` is live.

    ``limit`` stops after that many solutions.  ``cycle`` adds the
    single-cycle constraint.  ``on_progress(stats)`` is called about every
    ``progress_every`` seconds during long runs.  If the iteration is
    interrupted (Ctrl-C), ``stats`` holds everything counted so far and
    ``stats.interrupted`` is set.
    """

    def __init__(self, problem: Problem, *, engine: str = DEFAULT_ENGINE, limit: int | None = None,
                 cycle: Cycle | None = None,
                 on_progress: Callable[[Stats], None] | None = None,
                 progress_every: float = 1.0) -> None:
        if not isinstance(problem, Problem):
            raise XCCError(f"expected an xcc.Problem, not {type(problem).__name__}")
        self.problem = problem
        self.engine = check_engine(engine)
        if limit is not None and (not isinstance(limit, int) or limit < 1):
            raise XCCError(f"limit must be a positive integer, not {limit!r}")
        self.limit = limit
        self.cycle = cycle
        self.on_progress = on_progress
        self.progress_every = progress_every
        self.stats = Stats()
        self._started = False

    def __iter__(self) -> Iterator[Solution]:
        if self._started:
            raise XCCError("a Search can be iterated only once; make a new one")
        self._started = True
        arrays = _LAYOUTS.get(self.engine, build_arrays)(self.problem)
        compiled = None
        if self.cycle is not None:
            compiled = self.cycle.compile_for(self.problem)
        runner = _RUNNERS[self.engine]
        stats = self.stats
        start = time.perf_counter()
        try:
            for indices in runner(arrays, stats, compiled, self.limit,
                                  self.on_progress, self.progress_every):
                stats.seconds = time.perf_counter() - start
                yield Solution(tuple(indices), self.problem)
        except KeyboardInterrupt:
            stats.interrupted = True
            stats.complete = False
            raise
        finally:
            stats.seconds = time.perf_counter() - start


# A runner yields each solution as the tuple of its option indices.

def _run_python(arrays, stats, compiled, limit, on_progress, progress_every):
    from .engine_py import Engine
    for nodes in Engine(arrays, stats, compiled).run(limit, on_progress, progress_every):
        yield tuple(arrays.option_of(p) for p in nodes)


def _run_c(arrays, stats, compiled, limit, on_progress, progress_every):
    from .engine_c import run_options  # the options of each solution, read in C
    return run_options(arrays, stats, compiled, limit, on_progress, progress_every)


def _run_sat(arrays, stats, compiled, limit, on_progress, progress_every):
    from .engine_sat import run
    return run(arrays, stats, compiled, limit, on_progress, progress_every)


def _sat_layout(problem):
    from .engine_sat import Layout
    return Layout(problem)


_RUNNERS = {"python": _run_python, "c": _run_c, "sat": _run_sat}
# What a runner reads in place of the DLX2 arrays, if not them.
_LAYOUTS = {"sat": _sat_layout}


def solve(problem: Problem, *, engine: str = DEFAULT_ENGINE, limit: int | None = None,
          cycle: Cycle | None = None) -> Iterator[Solution]:
    """Yield the solutions of ``problem`` lazily, in the engine's order."""
    yield from Search(problem, engine=engine, limit=limit, cycle=cycle)


def count(problem: Problem, *, engine: str = DEFAULT_ENGINE, limit: int | None = None,
          cycle: Cycle | None = None,
          on_progress: Callable[[Stats], None] | None = None) -> Stats:
    """Count solutions (all, or up to ``limit``) and return the statistics.

    Ctrl-C stops the count; the statistics so far are returned with
    ``interrupted`` set, and a warning says so.
    """
    search = Search(problem, engine=engine, limit=limit, cycle=cycle, on_progress=on_progress)
    try:
        for _ in search:
            pass
    except KeyboardInterrupt:
        warnings.warn("count interrupted: the statistics are those found so far", stacklevel=2)
    return search.stats
