"""Solving Masyu: the running of a search, sequential or split over workers.

Which runs a search makes (encoding, method, engine: ``METHODS``, ``auto`` and ``best``;
deduction first or not) is the policy of :mod:`masyu.methods`; this module runs them.
``Search``, under ``solve``, ``count`` and ``is_unique`` (:mod:`masyu.solving`), is the only
one that turns the engine's solutions into loops: the guard (the single-cycle constraint in
the search) or the filter (``one_loop`` on each weak solution), the limit, and the ``Count``
(:mod:`masyu.counts`); or deduction's loop, when the C deducer settles the puzzle alone.
Sequential, it runs ``xcc.Search``; given workers (``jobs=N``, ``executor=``,
``scheduler=``, ``local_cluster=``) ``xcc.Parallel``, one run, with the same loops in the
same order (``masyu.parallel`` is that door, with ``map_each`` for collections). ``found``
and ``stats`` are live, for progress and Ctrl-C.  Only xcc's public API is used.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

import xcc

from .board import Cell, Edge
from .counts import Count
from .deduce import deduction
from .errors import MasyuError, MasyuTypeError
from .loop import Loop
from .methods import (DEDUCE, DEFAULT_METHOD, METHODS, check_choices, deduces_first, runs,
                      seeds, split_run)
from .puzzle import Puzzle

if TYPE_CHECKING:
    from .encodings import Encoding

WHERE = ("jobs", "executor", "scheduler", "local_cluster")  # the workers of a split search
SPLIT_OPTIONS = WHERE + ("budget", "warm", "checkpoint", "checkpoint_every")  # xcc.Parallel's


def one_loop(edges: Iterable[Edge], required: Iterable[Cell]) -> bool:
    """True if ``edges`` form one non-empty cycle that visits every cell of
    ``required``."""
    edges = list(edges)
    neighbours: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    if not edges or any(len(n) != 2 for n in neighbours.values()):
        return False
    start = edges[0][0]
    previous, cell, length = start, neighbours[start][0], 1
    while cell != start:  # walk around the cycle through start
        a, b = neighbours[cell]
        previous, cell = cell, (b if a == previous else a)
        length += 1
    return length == len(edges) and all(c in neighbours for c in required)


class Search:
    """One search for the loops of ``puzzle``; iterate it once, or ``count()``.

    ``found`` counts the loops found so far (with the guard, the engine's own
    ``stats.solutions``: the two never differ), ``stats`` is the engine's live
    statistics.  ``on_progress(search)`` is called about every ``progress_every``
    seconds during long runs.  When the iteration is interrupted by Ctrl-C,
    ``found`` and ``stats`` keep what was counted and ``stats.interrupted`` is set.

    ``encoding``, ``method`` and ``engine`` are those of the run under way:
    ``method="auto"`` may make two (``masyu.methods.auto_runs``); ``probe`` is then the
    statistics of the first run, when a second one replaced it.  When the C deducer
    settles the puzzle first (``masyu.methods.deduces_first``), no run is made:
    ``method`` and ``engine`` are ``"deduce"``.  Else its forced edges seed the runs
    (``seed``; None: ``masyu.methods.seeds``) as constants of the encoding
    (``encode(forced=)``; ``seeded``: how many): sound rules, the same loops.

    Given workers (``jobs=N``, ``executor=``, ``scheduler=`` or ``local_cluster=``;
    xcc's ``budget=`` and ``warm=`` with them), the search is split into subproblems
    (``xcc.Parallel``): one run (``masyu.methods.split_run``; seeded, never settled
    by deduction alone), ``stats`` an ``xcc.ParallelStats``, no ``deadline``;
    ``state()`` after Ctrl-C is what ``resume=`` continues (with the strong count
    when the method filters).
    """

    def __init__(self, puzzle: Puzzle, *, weak: bool = False, encoding: str | None = None,
                 method: str = DEFAULT_METHOD, engine: str | None = None,
                 limit: int | None = None,
                 on_progress: Callable[["Search"], None] | None = None,
                 progress_every: float = 1.0, deadline: float | None = None,
                 resume: dict | None = None, seed: bool | None = None, **where) -> None:
        if not isinstance(puzzle, Puzzle):
            raise MasyuTypeError(f"expected a Puzzle, not {type(puzzle).__name__}",
                                 "argument 'puzzle'")
        if on_progress is not None and not callable(on_progress):
            raise MasyuTypeError(f"on_progress must be callable, not {type(on_progress).__name__}",
                                 "argument 'on_progress'")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 1):
            raise MasyuError(f"limit must be a positive integer, not {limit!r}"[:120],
                             "argument 'limit'")
        for name in where:
            if name not in SPLIT_OPTIONS:
                raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument "
                                f"{name!r}")
        self._where = {k: v for k, v in where.items() if v is not None}
        cells = puzzle.rows * puzzle.cols
        if self._where:
            if deadline is not None:
                raise MasyuError("a search split over workers takes no deadline",
                                 "argument 'deadline'")
            self._runs = [split_run(weak, method, limit, encoding, engine, cells)]
        else:
            if resume is not None:
                raise MasyuError("resume continues a search split over workers (jobs=N, ...)",
                                 "argument 'resume'")
            check_choices(encoding, method, engine, weak)   # the runs: once deduction did not settle
        self.puzzle, self.weak, self.limit = puzzle, bool(weak), limit
        self.probe: xcc.Stats | None = None
        self._encodings: dict[str, Encoding] = {}
        self._encoding: Encoding | None = None   # the run's (made on demand if deduction answered)
        self._hook = self._progress_hook(on_progress)
        self._progress_every, self._resume = progress_every, resume
        self._deadline = deadline  # each run's own (auto's second run gets it afresh)
        wall = time.perf_counter()   # one C call that waits for nothing: CPU time is wall time
        first = deduces_first(weak, method, encoding, engine) and not self._where
        seed = seeds(weak, method, encoding, engine, seed)
        deduced = deduction(puzzle) if first or seed else None  # a bounded run of the C deducer
        self._settled = deduced if first and deduced and deduced.settled else None
        self.seeded = deduced.forced if seed and deduced else 0
        self._forced = deduced.values if self.seeded else None
        if self._settled is None:
            if not self._where:
                self._runs = runs(weak, method, limit, encoding, engine, cells)
            self._start(*self._runs[0])
            return
        self.method = self.engine = DEDUCE   # deduction answered alone: no engine runs
        self._filter, self._found, self._limit = False, self._settled.count, limit
        wall = time.perf_counter() - wall
        self._runs, self._deduced = [], xcc.Stats(  # no state to resume, nothing to count
            self._found, wall, limit is None or self._found < limit, engine=DEDUCE,
            cpu_seconds=wall, _counters=self._settled.counters)

    @property
    def encoding(self) -> Encoding:
        """The encoding of the run under way (made now if deduction answered)."""
        if self._encoding is None:
            from .encodings import DEFAULT_ENCODING, encode   # start-up: the encoders load when a search needs them
            self._encoding = encode(self.puzzle, DEFAULT_ENCODING)
        return self._encoding

    def _progress_hook(self, on_progress: Callable | None) -> Callable | None:
        """What the engine's driver calls with its statistics: ``on_progress(self)``."""
        return None if on_progress is None else (lambda stats: on_progress(self))

    def _start(self, encoding: str, method: str, engine: str, limit: int | None) -> None:
        """Encode (once per encoding) and set up the engine's search of one run."""
        if encoding not in self._encodings:
            from .encodings import encode   # start-up: the encoders load when a search needs them
            self._encodings[encoding] = encode(self.puzzle, encoding, forced=self._forced)
        self._encoding = self._encodings[encoding]
        self.method, self.engine, self._limit = method, engine, limit
        how = METHODS[method]
        guard = not self.weak and how.cycle
        self._filter = not self.weak and not how.cycle
        self._found = 0
        cycle = self.encoding.cycle(propagate=how.propagate) if guard else None
        if self._filter and self._resume is not None:
            try:
                self._found = int(self._resume["strong"])
            except (KeyError, TypeError, ValueError):
                raise MasyuError("resume: not the state of a count by method filter") from None
        # The filter must see every weak solution, so its limit is ours only.
        options = dict(engine=engine, limit=None if self._filter else limit, cycle=cycle,
                       on_progress=self._hook, progress_every=self._progress_every)
        try:
            if self._where:
                self._search = xcc.Parallel(self.encoding.problem, resume=self._resume,
                                            **options, **self._where)
            else:
                self._search = xcc.Search(self.encoding.problem, deadline=self._deadline,
                                          **options)
        except xcc.XCCError as err:
            raise MasyuError(str(err)) from None

    @property
    def found(self) -> int:
        """The loops found so far by the run under way."""
        return self._found if self._filter or self._settled else self._search.stats.solutions

    @property
    def stats(self) -> xcc.Stats:
        return self._deduced if self._settled else self._search.stats

    @property
    def filtering(self) -> bool:
        """Whether the run under way filters weak solutions (then ``found`` counts the
        loops kept and ``stats.solutions`` the weak solutions examined)."""
        return self._filter

    def edge_sets(self) -> Iterator[frozenset[Edge]]:
        """Iterate the search for edge sets instead of loops (a little faster)."""
        return self._edge_sets()

    def _edge_sets(self, keep: bool = True) -> Iterator[frozenset[Edge] | None]:
        """The accepted solutions as edge sets (None for each if not ``keep``)."""
        if self._settled:   # deduction's loop, or none
            yield from [self._settled.edges() if keep else None][:self._settled.count]
            return
        if len(self._runs) == 1:
            yield from self._run(keep)
            return
        # auto: the prover to two solutions; at most one is the answer, two call the guard
        first = list(self._run(keep))
        if len(first) < 2:
            yield from first
            return
        self.probe = self.stats
        self._start(*self._runs[1])
        yield from self._run(keep)

    def _run(self, keep: bool) -> Iterator[frozenset[Edge] | None]:
        """The loops of the run under way: each solution of the engine, kept when it
        is one loop if the run filters; up to the limit."""
        required = [cell for cell, _ in self.puzzle.pearls]
        solutions = self._search.solutions() if self._where else iter(self._search)
        for solution in solutions:
            edges = None
            if self._filter or keep:
                edges = self.encoding.edges_of(solution)
                if self._filter:
                    if not one_loop(edges, required):
                        continue
                    self._found += 1
            yield edges if keep else None
            if self._limit is not None and self.found >= self._limit:
                self.stats.complete = False
                return

    def __iter__(self) -> Iterator[Loop]:
        rows, cols = self.puzzle.rows, self.puzzle.cols
        for edges in self._edge_sets():
            yield Loop.unchecked(rows, cols, edges).on(self.puzzle)

    def count(self) -> Count:
        """Run to the end (or the limit) and return the count.

        Ctrl-C is not caught here: catch it around this call and read
        ``found`` and ``stats``, or use :func:`count`.
        """
        for k, run in enumerate(self._runs):
            if k:  # auto: two solutions, so the guard counts them all
                if self.found < 2:
                    break
                self.probe = self.stats
                self._start(*run)
            if self._filter:
                for _ in self._run(keep=False):
                    pass
            else:  # each solution of the engine is one of ours: let it count them
                self._search.count()  # found reads the engine's count, Ctrl-C or not
        return self.result()

    def result(self) -> Count:
        """The count so far, with its statistics."""
        return Count(self.found, self.stats, self.weak,
                     None if self._settled else self.encoding.kind,
                     None if self.weak else self.method)

    def interrupted(self) -> Count:
        """The count so far after Ctrl-C: ``stats.interrupted`` set, ``complete`` False."""
        self.stats.interrupted = True
        self.stats.complete = False
        return self.result()

    def state(self, written: int | None = None) -> dict:
        """What a search split over workers counted and has left (``xcc.Parallel.state``),
        for ``resume=``, or that of a sequential count stopped by Ctrl-C
        (``xcc.parallel.state_of``: a split search, seeded alike, resumes it); ``written``:
        how many of the loops found reached the output (after Ctrl-C, the last one may
        not have: it comes again after resuming)."""
        if not self._where:  # a sequential count stopped between two steps of a run that splits
            state = xcc.parallel.state_of(self._search) if len(self._runs) == 1 else None
            if state is None:
                raise MasyuError("no state to resume from: a count stopped by Ctrl-C with an "
                                 "engine that splits (and one method, not auto's two runs) has one")
            if self._filter:
                state["strong"] = self.found
            return state
        unused = 0 if written is None else self.found - written
        if not 0 <= unused <= 1:
            raise MasyuError(f"written: {written} of {self.found} loops found")
        try:
            state = self._search.state(unused=unused)  # a loop is one solution of the search
        except xcc.XCCError as err:
            raise MasyuError(str(err)) from None
        if self._filter:
            state["strong"] = self.found - unused
        return state
