"""Solving Masyu: ``solve``, ``count``, ``is_unique`` and ``estimate_memory``.

Each call makes one :class:`~masyu.search.Search` (:mod:`masyu.search`, the running of a
search, sequential or split over workers: the guard or the filter, the limit, deduction
first) and returns its loops, or its :class:`~masyu.counts.Count`; ``count(exact=True)``
hands the count to :mod:`masyu.exact` instead (counts without listing).  Which runs a
search makes is the policy of :mod:`masyu.methods`.  ``Search``, ``Count``, ``one_loop``,
``WHERE`` and ``SPLIT_OPTIONS`` are imported from here too, as before.  (Not ``solve.py``:
the function ``masyu.solve`` would shadow it.)
"""
from __future__ import annotations

from typing import Callable, Iterator

import xcc

from . import memory
from .counts import Count
from .errors import MasyuError
from .loop import Loop
from .methods import DEFAULT_METHOD, check_choices, runs
from .puzzle import Puzzle
from .search import SPLIT_OPTIONS, WHERE, Search, one_loop  # noqa: F401 - as before


def solve(puzzle: Puzzle, *, weak: bool = False, encoding: str | None = None,
          method: str = DEFAULT_METHOD,
          engine: str | None = None, limit: int | None = None) -> Iterator[Loop]:
    """Yield the loops of ``puzzle`` lazily: strong solutions, or weak ones."""
    search = Search(puzzle, weak=weak, encoding=encoding, method=method, engine=engine,
                    limit=limit)
    yield from search


def count(puzzle: Puzzle, *, weak: bool = False, encoding: str | None = None,
          method: str = DEFAULT_METHOD,
          engine: str | None = None, limit: int | None = None,
          on_progress: Callable | None = None,
          progress_every: float = 1.0, deadline: float | None = None, exact: bool = False,
          memory: int | None = None, seed: bool | None = None) -> Count:
    """Count the strong (or weak) solutions; the result carries the statistics.

    With ``exact=True`` nothing is listed: the memoized search of :mod:`masyu.exact`
    counts (engine default ``memo``, ``memory`` its limit in bytes, no ``limit``; the
    method is not used) and ``on_progress`` receives the engine's ``xcc.Stats``.

    Ctrl-C stops the count and returns what was counted so far, with ``stats.interrupted``
    set and ``complete`` False (an interrupted exact count is 0); so does ``deadline``
    (seconds), without ``interrupted``.  ``seed``: as :class:`Search`'s.
    """
    if exact:
        check_choices(encoding, method, xcc.DEFAULT_ENGINE, weak)
        if limit is not None:
            raise MasyuError("an exact count takes no limit")
        from .exact import exact_count  # start-up: the memo side, for exact counts only
        from .encodings import DEFAULT_ENCODING   # start-up: the encoders load when a search needs them
        stats = exact_count(puzzle, weak=weak, encoding=encoding or DEFAULT_ENCODING,
                            engine=engine, memory=memory,
                            on_progress=on_progress, progress_every=progress_every)
        return Count(stats.solutions, stats, bool(weak), str(encoding or DEFAULT_ENCODING),
                     "exact")
    if memory is not None:
        raise MasyuError("memory is a limit of exact counts only (exact=True)")
    search = Search(puzzle, weak=weak, encoding=encoding, method=method, engine=engine,
                    limit=limit, on_progress=on_progress, progress_every=progress_every,
                    deadline=deadline, seed=seed)
    return counted(search)


def counted(search: Search) -> Count:
    """``search.count()``; after Ctrl-C, what was counted so far (``interrupted``)."""
    try:
        return search.count()
    except KeyboardInterrupt:
        return search.interrupted()


def is_unique(puzzle: Puzzle, *, weak: bool = False, encoding: str | None = None,
              method: str = DEFAULT_METHOD, engine: str | None = None) -> bool:
    """True if ``puzzle`` has exactly one (strong) solution; stops at two."""
    search = Search(puzzle, weak=weak, encoding=encoding, method=method, engine=engine, limit=2)
    return search.count() == 1


def estimate_memory(rows: int, cols: int, *, weak: bool = False, encoding: str | None = None,
                    method: str = DEFAULT_METHOD, engine: str | None = None,
                    limit: int | None = None) -> int:
    """The peak bytes a search of a ``rows x cols`` board will take, known before
    anything is built (the largest of its runs; see :mod:`masyu.memory`)."""
    engines = tuple(run[2] for run in runs(bool(weak), method, limit, encoding, engine,
                                           rows * cols))
    return memory.estimate(rows, cols, engines)
