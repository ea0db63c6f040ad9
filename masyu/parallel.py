"""Masyu on many cores or a Dask cluster: one search split into subproblems,
or the items of a collection spread over the workers.

``count`` and ``solve`` are ``masyu.count``/``masyu.solve`` with the search
split by :mod:`xcc.parallel` (``jobs=N``, ``executor=``, ``scheduler=``,
``local_cluster=``): the same counts, the same loops in the same order.
``ParallelSearch`` is such a search (:class:`masyu.Search` given workers),
whose state after Ctrl-C a later one resumes: the CLI's ``count --jobs N``.
With ``method="filter"`` the weak solutions are listed in parallel and
filtered here; the guard and propagation run inside the workers' searches.

``map_each(job, items, ...)`` is the one way to run a collection: ``job`` of
each item in the collection's order, here one after another or spread over
the workers (``xcc.map_each``); the CLI's ``masyu count FILE --each [--jobs N]``
makes its rows with it.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

import xcc

from .counts import Count
from .errors import MasyuError
from .loop import Loop
from .methods import DEFAULT_METHOD
from .puzzle import Puzzle
from .search import WHERE, Search
from .solving import counted


class ParallelSearch(Search):
    """:class:`masyu.Search` split over workers, as ``masyu count --jobs N`` runs
    it: ``where`` must name them (one of ``jobs``, ``executor``, ``scheduler``,
    ``local_cluster``), and ``on_progress(stats)`` is given the run's
    ``xcc.ParallelStats`` (what ``xcc.cli_parallel.show_progress`` prints), not
    the search.  ``state()`` after Ctrl-C is what ``resume=`` continues."""

    def __init__(self, puzzle: Puzzle, *, resume: dict | None = None, **options) -> None:
        if sum(options.get(name) is not None for name in WHERE) != 1:
            raise MasyuError(f"give one of {', '.join(WHERE)}")
        super().__init__(puzzle, resume=resume, **options)

    def _progress_hook(self, on_progress: Callable | None) -> Callable | None:
        return on_progress


def solve(puzzle: Puzzle, *, weak: bool = False, encoding: str | None = None,
          method: str = DEFAULT_METHOD, engine: str | None = None,
          limit: int | None = None, **where) -> Iterator[Loop]:
    """The loops of ``masyu.solve``, in its order, found in parallel."""
    yield from ParallelSearch(puzzle, weak=weak, encoding=encoding, method=method,
                              engine=engine, limit=limit, **where)


def count(puzzle: Puzzle, *, weak: bool = False, encoding: str | None = None,
          method: str = DEFAULT_METHOD, engine: str | None = None,
          limit: int | None = None, on_progress=None, progress_every: float = 1.0,
          resume: dict | None = None, **where) -> Count:
    """``masyu.count`` in parallel; after Ctrl-C what was counted, with
    ``stats.interrupted`` set and ``stats.pending`` the unfinished prefixes."""
    return counted(ParallelSearch(puzzle, weak=weak, encoding=encoding, method=method,
                                  engine=engine, limit=limit, on_progress=on_progress,
                                  progress_every=progress_every, resume=resume, **where))


def map_each(job: Callable, items: Iterable, *,
             starting: Callable[[int, Any], Callable | None] | None = None,
             **where) -> Iterator[tuple[Any, Any]]:
    """``(item, job(item))`` for each item of a collection, in its order: one
    after another here, or, when ``where`` names workers (``jobs=N``,
    ``executor=``, ``scheduler=``, ``local_cluster=``), over them by
    ``xcc.map_each`` (consecutive items a task; ``job`` and the items must
    pickle; a killed worker's items run again).

    ``starting(k, item)``, if given, is told as the k-th item (from 0) starts
    here, and what it returns goes to ``job(item, on_progress=...)``; over
    workers it is told as each result arrives (progress does not cross
    processes).  Closing the iterator stops the workers."""
    where = {k: v for k, v in where.items() if v is not None}
    if not where:
        for k, item in enumerate(items):
            if starting is None:
                yield item, job(item)
            else:
                yield item, job(item, on_progress=starting(k, item))
        return
    items = list(items)
    made = xcc.map_each(job, items, **where)
    try:
        for k, (item, result) in enumerate(zip(items, made)):
            if starting is not None:
                starting(k, item)
            yield item, result
    except xcc.XCCError as err:
        raise MasyuError(str(err)) from None
    finally:
        made.close()
