"""Solving Masyu: weak solutions from an encoding, strong ones by a method of ``METHODS``.

- ``weak=True``: every solution of the XCC problem (several loops allowed).
- ``method="filter"``: enumerate the weak solutions and keep those whose
  edges form one loop through every pearl (the reference, SPEC 4).
- ``method="guard"``: the single-cycle constraint :class:`xcc.Cycle` inside
  the search, which cuts multi-loop partial solutions early.
- ``method="propagate"``: the guard plus reasoning inside the search
  (connectivity, bridges, parity cuts, forced colors).
- ``method="best"``: the fastest configuration measured, for strong or weak
  solutions (``best_configuration(weak)``); it chooses encoding and engine too.

``Search`` is the object under ``solve`` and ``count``: iterate it for loops;
``found`` and ``stats`` are live, for progress displays and for Ctrl-C.
Only xcc's public API is used; the engine default is ``xcc.DEFAULT_ENGINE``.
(The module is not ``solve.py``: the function ``masyu.solve`` would shadow it.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

import xcc

from .board import Cell, Edge
from .encodings import DEFAULT_ENCODING, Encoding, check_encoding, encode
from .errors import MasyuError
from .exact import exact_count
from .loop import Loop
from .puzzle import Puzzle


@dataclass(frozen=True)
class Method:
    """How strong solutions are found: ``cycle`` puts the single-cycle constraint in
    the search (else the weak solutions are filtered), ``propagate`` adds its
    reasoning; ``auto`` chooses encoding, method and engine itself
    (``best_configuration``)."""

    name: str
    summary: str
    cycle: bool = False
    propagate: bool = False
    auto: bool = False


METHODS: dict[str, Method] = {m.name: m for m in (
    Method("filter", "keep the weak solutions that are one loop (the reference)"),
    Method("guard", "a loop guard inside the search", cycle=True),
    Method("propagate", "the guard with propagation in the search", cycle=True, propagate=True),
    Method("best", "the fastest configuration measured (it picks encoding and engine)",
           auto=True),
)}
DEFAULT_METHOD = "guard"


def best_configuration(weak: bool = False) -> tuple[str, str, str]:
    """(encoding, method, engine) of ``method="best"``: the fastest way
    measured here (docs/benchmarks.md).  Strong solutions: the 423 encoding
    with the loop guard as lazy cuts in CaDiCaL when python-sat is installed,
    else dancing links with propagation.  Weak solutions (listed, often by
    the thousand): 423 on the default engine (c when it is built)."""
    if weak:
        return "423", "guard", xcc.DEFAULT_ENGINE
    if "sat" in xcc.ENGINES:
        return "423", "guard", "sat"
    return "423", "propagate", xcc.DEFAULT_ENGINE


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


class Count(int):
    """A number of solutions that also carries how it was found.

    ``stats`` is the engine's :class:`xcc.Stats` (with ``method="filter"`` its
    ``solutions`` are the weak solutions examined); ``weak`` says which kind
    was counted; ``complete`` is False if a limit or Ctrl-C stopped the count.
    """

    stats: xcc.Stats
    weak: bool

    def __new__(cls, value: int, stats: xcc.Stats, weak: bool) -> "Count":
        self = super().__new__(cls, value)
        self.stats = stats
        self.weak = weak
        return self

    @property
    def complete(self) -> bool:
        return self.stats.complete

    def as_dict(self) -> dict:
        """``{"weak" or "strong": count}`` plus the engine statistics (``stats.as_dict()``)."""
        out: dict = {"weak" if self.weak else "strong": int(self)}
        out.update(self.stats.as_dict())
        return out

    def __repr__(self) -> str:
        return f"Count({int(self)}, weak={self.weak}, stats=<{self.stats}>)"

    def __str__(self) -> str:  # print(count) shows the number
        return int.__repr__(self)


def _check(encoding: str, method: str, engine: str) -> None:
    check_encoding(encoding)
    if not isinstance(method, str) or method not in METHODS:
        raise MasyuError(f"unknown method {method!r}; valid methods: {', '.join(METHODS)}")
    if engine not in xcc.ENGINES:
        raise MasyuError(f"unknown or unavailable engine {engine!r}; "
                         f"valid engines: {', '.join(xcc.ENGINES)}")


class Search:
    """One search for the loops of ``puzzle``; iterate it once.

    ``found`` counts the loops yielded so far, ``stats`` is the engine's live
    statistics.  ``on_progress(search)`` is called about every
    ``progress_every`` seconds during long runs.  When the iteration is
    interrupted by Ctrl-C, ``found`` and ``stats`` keep what was counted and
    ``stats.interrupted`` is set.
    """

    def __init__(self, puzzle: Puzzle, *, weak: bool = False, encoding: str = DEFAULT_ENCODING,
                 method: str = DEFAULT_METHOD, engine: str = xcc.DEFAULT_ENGINE,
                 limit: int | None = None,
                 on_progress: Callable[["Search"], None] | None = None,
                 progress_every: float = 1.0) -> None:
        if not isinstance(puzzle, Puzzle):
            raise MasyuError(f"expected a Puzzle, not {type(puzzle).__name__}")
        _check(encoding, method, engine)
        if METHODS[method].auto:
            encoding, method, engine = best_configuration(bool(weak))
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 1):
            raise MasyuError(f"limit must be a positive integer, not {limit!r}")
        self.puzzle = puzzle
        self.weak = bool(weak)
        self.method = method
        self.engine = engine
        self.limit = limit
        self.encoding: Encoding = encode(puzzle, str(encoding))
        self.found = 0
        how = METHODS[method]
        guard = not self.weak and how.cycle
        # The filter must see every weak solution, so its limit is ours only.
        engine_limit = limit if (self.weak or guard) else None
        hook = None if on_progress is None else (lambda stats: on_progress(self))
        try:
            self._search = xcc.Search(self.encoding.problem, engine=engine, limit=engine_limit,
                                      cycle=(self.encoding.cycle(propagate=how.propagate)
                                             if guard else None),
                                      on_progress=hook, progress_every=progress_every)
        except xcc.XCCError as err:
            raise MasyuError(str(err)) from None
        self._filter = not self.weak and not how.cycle

    @property
    def stats(self) -> xcc.Stats:
        return self._search.stats

    def edge_sets(self) -> Iterator[frozenset[Edge]]:
        """Iterate the search for edge sets instead of loops (a little faster)."""
        return self._edge_sets()

    def _edge_sets(self, keep: bool = True) -> Iterator[frozenset[Edge] | None]:
        """The accepted solutions as edge sets (None for each if not ``keep``)."""
        required = [cell for cell, _ in self.puzzle.pearls]
        for solution in self._search:
            if self._filter or keep:
                edges = self.encoding.edges_of(solution)
                if self._filter and not one_loop(edges, required):
                    continue
            self.found += 1
            yield edges if keep else None
            if self.limit is not None and self.found >= self.limit:
                self.stats.complete = False
                return

    def __iter__(self) -> Iterator[Loop]:
        rows, cols = self.puzzle.rows, self.puzzle.cols
        for edges in self._edge_sets():
            yield Loop(rows, cols, edges)

    def count(self) -> Count:
        """Run to the end (or the limit) and return the count.

        Ctrl-C is not caught here: catch it around this call and read
        ``found`` and ``stats``, or use :func:`count`.
        """
        for _ in self._edge_sets(keep=False):
            pass
        return self.result()

    def result(self) -> Count:
        """The count so far, with its statistics."""
        return Count(self.found, self.stats, self.weak)


def solve(puzzle: Puzzle, *, weak: bool = False, encoding: str = DEFAULT_ENCODING,
          method: str = DEFAULT_METHOD,
          engine: str = xcc.DEFAULT_ENGINE, limit: int | None = None) -> Iterator[Loop]:
    """Yield the loops of ``puzzle`` lazily: strong solutions, or weak ones."""
    search = Search(puzzle, weak=weak, encoding=encoding, method=method, engine=engine,
                    limit=limit)
    yield from search


def count(puzzle: Puzzle, *, weak: bool = False, encoding: str = DEFAULT_ENCODING,
          method: str = DEFAULT_METHOD,
          engine: str | None = None, limit: int | None = None,
          on_progress: Callable | None = None,
          progress_every: float = 1.0, exact: bool = False,
          memory: int | None = None) -> Count:
    """Count the strong (or weak) solutions; the result carries the statistics.

    ``engine`` defaults to ``xcc.DEFAULT_ENGINE``.  With ``exact=True`` nothing
    is listed: the memoized search of :mod:`masyu.exact` counts (engine
    default ``memo``, ``memory`` its limit in bytes, no ``limit``; the method
    is not used) and ``on_progress`` receives the engine's ``xcc.Stats``
    instead of the ``Search``.

    Ctrl-C stops the count and returns what was counted so far, with
    ``stats.interrupted`` set and ``complete`` False (an interrupted exact
    count is 0).
    """
    if exact:
        _check(encoding, method, xcc.DEFAULT_ENGINE)
        if limit is not None:
            raise MasyuError("an exact count takes no limit")
        stats = exact_count(puzzle, weak=weak, encoding=encoding, engine=engine, memory=memory,
                            on_progress=on_progress, progress_every=progress_every)
        return Count(stats.solutions, stats, bool(weak))
    if memory is not None:
        raise MasyuError("memory is a limit of exact counts only (exact=True)")
    engine = xcc.DEFAULT_ENGINE if engine is None else engine
    search = Search(puzzle, weak=weak, encoding=encoding, method=method, engine=engine,
                    limit=limit, on_progress=on_progress, progress_every=progress_every)
    try:
        return search.count()
    except KeyboardInterrupt:
        search.stats.interrupted = True
        search.stats.complete = False
        return search.result()


def is_unique(puzzle: Puzzle, *, weak: bool = False, encoding: str = DEFAULT_ENCODING,
              method: str = DEFAULT_METHOD, engine: str = xcc.DEFAULT_ENGINE) -> bool:
    """True if ``puzzle`` has exactly one (strong) solution; stops at two."""
    search = Search(puzzle, weak=weak, encoding=encoding, method=method, engine=engine, limit=2)
    return search.count() == 1
