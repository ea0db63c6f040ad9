"""Masyu on many cores or a Dask cluster: one search split into subproblems,
or one puzzle a task.

``count`` and ``solve`` are ``masyu.count``/``masyu.solve`` with the search
run by :mod:`xcc.parallel` (``jobs=N``, ``executor=``, ``scheduler=``,
``local_cluster=``): the same counts, the same loops in the same order.
With ``method="filter"`` the weak solutions are listed in parallel and
filtered here; the guard and propagation run inside the workers' searches.

``count_each(puzzles, ...)`` counts every puzzle of a collection, one puzzle
a task (``xcc.map_each``), yielding ``(puzzle, Count)`` in the
collection's order: the CLI's ``masyu count FILE --each --jobs N`` is a loop
over it.
"""
from __future__ import annotations

from functools import partial
from typing import Iterable, Iterator

import xcc

from .encodings import encode
from .errors import MasyuError
from .loop import Loop
from .puzzle import Puzzle
from .solving import DEFAULT_METHOD, METHODS, Count, _check, one_loop, plan
from .solving import count as count_one

WHERE = ("jobs", "executor", "scheduler", "local_cluster")


def _setup(puzzle, weak, encoding, method, engine):
    if not isinstance(puzzle, Puzzle):
        raise MasyuError(f"expected a Puzzle, not {type(puzzle).__name__}")
    # the run that lists (auto's second, when it makes two: the first only decides
    # between one solution and more, and a parallel count counts them all anyway)
    encoding, method, engine, _ = plan(bool(weak), method, None, encoding, engine,
                                       puzzle.rows * puzzle.cols)[-1]
    if engine not in ("python", "c"):  # the SAT engine of "best" has no subproblems
        engine = xcc.DEFAULT_ENGINE
        if method == "guard" and not weak:
            method = "propagate"
    how = METHODS[method]
    enc = encode(puzzle, str(encoding))
    guard = not weak and how.cycle
    cycle = enc.cycle(propagate=how.propagate) if guard else None
    return enc, engine, cycle, not weak and not how.cycle


def _parallel(enc, engine, cycle, limit, options) -> "xcc.Parallel":
    try:
        return xcc.Parallel(enc.problem, engine=engine, cycle=cycle, limit=limit, **options)
    except xcc.XCCError as err:
        raise MasyuError(str(err)) from None


def solve(puzzle: Puzzle, *, weak: bool = False, encoding: str | None = None,
          method: str = DEFAULT_METHOD, engine: str | None = None,
          limit: int | None = None, **where) -> Iterator[Loop]:
    """The loops of ``masyu.solve``, in its order, found in parallel."""
    enc, engine, cycle, filtered = _setup(puzzle, weak, encoding, method, engine)
    required = [cell for cell, _ in puzzle.pearls]
    found = 0
    search = _parallel(enc, engine, cycle, None if filtered else limit, where)
    for solution in search.solutions():
        edges = enc.edges_of(solution)
        if filtered and not one_loop(edges, required):
            continue
        yield Loop(puzzle.rows, puzzle.cols, edges)
        found += 1
        if limit is not None and found >= limit:
            return


def count(puzzle: Puzzle, *, weak: bool = False, encoding: str | None = None,
          method: str = DEFAULT_METHOD, engine: str | None = None,
          limit: int | None = None, on_progress=None, progress_every: float = 1.0,
          resume: dict | None = None, **where) -> Count:
    """``masyu.count`` in parallel; after Ctrl-C what was counted, with
    ``stats.interrupted`` set and ``stats.pending`` the unfinished prefixes."""
    enc, engine, cycle, filtered = _setup(puzzle, weak, encoding, method, engine)
    if filtered:  # the weak solutions, listed in parallel, kept here when one loop
        required = [cell for cell, _ in puzzle.pearls]
        search = _parallel(enc, engine, None, None, dict(where, resume=resume,
                                                         on_progress=on_progress,
                                                         progress_every=progress_every))
        found = 0
        try:
            for solution in search.solutions():
                if one_loop(enc.edges_of(solution), required):
                    found += 1
                    if limit is not None and found >= limit:
                        search.stats.complete = False
                        break
        except KeyboardInterrupt:
            pass
        return Count(found, search.stats, bool(weak))
    search = _parallel(enc, engine, cycle, limit, dict(where, resume=resume,
                                                       on_progress=on_progress,
                                                       progress_every=progress_every))
    try:
        search.count()
    except KeyboardInterrupt:
        pass
    return Count(search.stats.solutions, search.stats, bool(weak))


def _count_one(options: dict, puzzle: Puzzle) -> tuple[int, xcc.Stats]:
    """One task of ``count_each``: a sequential count in the worker."""
    c = count_one(puzzle, **options)
    stats = c.stats
    stats.follow(None)
    return int(c), stats


def count_each(puzzles: Iterable[Puzzle], *, weak: bool = False,
               encoding: str | None = None, method: str = DEFAULT_METHOD,
               engine: str | None = None, limit: int | None = None,
               **where) -> Iterator[tuple[Puzzle, Count]]:
    """Count each puzzle (one puzzle a task, counted as ``masyu.count`` does),
    yielding ``(puzzle, count)`` in the order of ``puzzles``."""
    options = dict(weak=weak, encoding=encoding, method=method, engine=engine, limit=limit)
    _check(encoding, method, engine)
    puzzles = list(puzzles)
    try:
        results = xcc.map_each(partial(_count_one, options), puzzles, **where)
        for puzzle, (value, stats) in zip(puzzles, results):
            yield puzzle, Count(value, stats, bool(weak))
    except xcc.XCCError as err:
        raise MasyuError(str(err)) from None
