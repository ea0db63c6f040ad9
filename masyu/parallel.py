"""Masyu on many cores or a Dask cluster: one search split into subproblems,
or the puzzles of a collection spread over the workers.

``count`` and ``solve`` are ``masyu.count``/``masyu.solve`` with the search
run by :mod:`xcc.parallel` (``ParallelSearch`` is one such search, whose
state after Ctrl-C a later one resumes: the CLI's ``count --jobs N``) (``jobs=N``, ``executor=``, ``scheduler=``,
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
    return enc, method, engine, cycle, not weak and not how.cycle


class ParallelSearch:
    """One search of a puzzle split into subproblems (``xcc.Parallel``), run
    once: iterate for the loops (in ``masyu.solve``'s order) or ``count()``.
    ``encoding`` (the Encoding), ``method``, ``engine``: those of the run;
    ``stats`` its statistics (an ``xcc.ParallelStats``), ``found`` the loops
    so far; ``state()`` what was counted and what is left after Ctrl-C, for
    ``resume=`` (with the strong count when ``method="filter"``, whose search
    lists the weak solutions)."""

    def __init__(self, puzzle: Puzzle, *, weak: bool = False, encoding: str | None = None,
                 method: str = DEFAULT_METHOD, engine: str | None = None,
                 limit: int | None = None, on_progress=None, progress_every: float = 1.0,
                 resume: dict | None = None, **where) -> None:
        enc, self.method, self.engine, cycle, self.filtered = _setup(puzzle, weak, encoding,
                                                                     method, engine)
        self.puzzle, self.encoding, self.weak, self.limit = puzzle, enc, bool(weak), limit
        self.found = 0
        if resume is not None and self.filtered:
            try:
                self.found = int(resume["strong"])
            except (KeyError, TypeError, ValueError):
                raise MasyuError("resume: not the state of a count by method filter") from None
        options = dict(where, resume=resume, on_progress=on_progress,
                       progress_every=progress_every)
        try:
            self.search = xcc.Parallel(enc.problem, engine=self.engine, cycle=cycle,
                                       limit=None if self.filtered else limit, **options)
        except xcc.XCCError as err:
            raise MasyuError(str(err)) from None
        if not self.filtered:
            self.found = self.search.stats.solutions

    @property
    def stats(self) -> "xcc.ParallelStats":
        return self.search.stats

    @property
    def filtering(self) -> bool:  # as masyu.Search's: weak solutions listed, loops kept
        return self.filtered

    def __iter__(self) -> Iterator[Loop]:
        enc, puzzle, limit = self.encoding, self.puzzle, self.limit
        required = [cell for cell, _ in puzzle.pearls]
        for solution in self.search.solutions():
            edges = enc.edges_of(solution)
            if self.filtered and not one_loop(edges, required):
                continue
            self.found += 1
            yield Loop(puzzle.rows, puzzle.cols, edges)
            if limit is not None and self.found >= limit:
                self.stats.complete = False
                return

    def count(self) -> Count:
        """Count the loops (Ctrl-C is not caught here: ``stats`` and
        ``state()`` then say what was counted)."""
        if self.filtered:  # the weak solutions, listed in parallel, kept here when one loop
            for _ in self:
                pass
        else:
            self.search.count()
            self.found = self.search.stats.solutions
        return Count(self.found, self.stats, self.weak)

    def interrupted(self) -> Count:
        """The count so far, after Ctrl-C."""
        if not self.filtered:
            self.found = self.search.stats.solutions
        return Count(self.found, self.stats, self.weak)

    def state(self, written: int | None = None) -> dict:
        """What was counted and what is left (``xcc.Parallel.state``); ``written``:
        how many of the loops found reached the output (after Ctrl-C, the last
        one may not have: it comes again after resuming)."""
        unused = 0 if written is None else self.found - written
        if not 0 <= unused <= 1:
            raise MasyuError(f"written: {written} of {self.found} loops found")
        try:
            state = self.search.state(unused=unused)  # a loop is one solution of the search
        except xcc.XCCError as err:
            raise MasyuError(str(err)) from None
        if self.filtered:
            state["strong"] = self.found - unused
        return state


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
    search = ParallelSearch(puzzle, weak=weak, encoding=encoding, method=method, engine=engine,
                            limit=limit, on_progress=on_progress,
                            progress_every=progress_every, resume=resume, **where)
    try:
        return search.count()
    except KeyboardInterrupt:
        return search.interrupted()


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
    """Count each puzzle (spread by ``xcc.map_each``, counted as ``masyu.count`` does),
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
