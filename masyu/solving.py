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
- ``method="auto"`` (the default): the fastest configuration for the task
  (``auto_plan``).  A first solution or uniqueness (a limit of at most 2,
  ``is_unique``): ``best``.  Listing or counting (no limit, or a larger one):
  first ``best`` up to two solutions, which proves most puzzles unique at
  once; only when a second solution exists, dancing links with the loop guard
  (the c engine, 423), far faster than SAT at enumerating.  Weak solutions:
  dancing links on 423.  An ``encoding`` or ``engine`` given is kept.

``Search`` is the object under ``solve`` and ``count``: iterate it for loops;
``found`` and ``stats`` are live, for progress displays and for Ctrl-C.
Only xcc's public API is used; the engine default is ``xcc.DEFAULT_ENGINE``.
(The module is not ``solve.py``: the function ``masyu.solve`` would shadow it.)

(A little past 400 lines: the methods, auto's plan, ``Search`` and the functions
over it are one piece; the exact counts live in ``masyu.exact``.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

import xcc

from .board import Cell, Edge
from .encodings import DEFAULT_ENCODING, Encoding, check_encoding, encode
from . import memory
from .errors import MasyuError, MasyuTypeError
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
    Method("auto", "the fastest for the task: best for a first solution or uniqueness; to list "
                   "or count more, best up to two solutions, then the guard on dancing links",
           auto=True),
    Method("filter", "keep the weak solutions that are one loop (the reference)"),
    Method("guard", "a loop guard inside the search", cycle=True),
    Method("propagate", "the guard with propagation in the search", cycle=True, propagate=True),
    Method("best", "the fastest configuration measured (it picks encoding and engine)",
           auto=True),
)}
DEFAULT_METHOD = "auto"


SMALL_CELLS = 64  # boards up to 8 x 8: dancing links beat the SAT engine's setup


def best_configuration(weak: bool = False, cells: int | None = None) -> tuple[str, str, str]:
    """(encoding, method, engine) of ``method="best"``: the fastest way
    measured here (docs/benchmarks.md, benchmarks/small.py).  Strong
    solutions: on boards of at most ``SMALL_CELLS`` cells (``cells``, when
    given), the loop guard in the C dancing-links engine, whose setup is
    cheaper than a SAT solver's (median 0.6-0.8 of ``sat``'s time on psm
    6x6 and 8x8, worst 1.3; beyond 8x8 its tail on hard puzzles grows);
    else the 423 encoding with the loop guard as lazy cuts in CaDiCaL when
    python-sat is installed, else dancing links with propagation.  Weak
    solutions (listed, often by the thousand): 423 on the default engine (c
    when it is built)."""
    if weak:
        return "423", "guard", xcc.DEFAULT_ENGINE
    if cells is not None and cells <= SMALL_CELLS and "c" in xcc.ENGINES:
        return "423", "guard", "c"
    if "sat" in xcc.ENGINES:
        return "423", "guard", "sat"
    return "423", "propagate", xcc.DEFAULT_ENGINE


def auto_plan(weak: bool, limit: int | None, encoding: str | None = None,
              engine: str | None = None,
              cells: int | None = None) -> list[tuple[str, str, str, int | None]]:
    """The runs of ``method="auto"``: ``(encoding, method, engine, limit)`` each.

    One run, unless strong solutions are listed or counted past two: then a
    first run of the prover with limit 2 decides a puzzle with at most one
    solution, and the second run (the guard on dancing links, with the
    caller's limit) happens only if it found two.  A given ``encoding`` or
    ``engine`` is kept in every run."""
    if weak:
        return [(encoding or "423", "guard", engine or xcc.DEFAULT_ENGINE, limit)]
    if engine is None:
        prove_enc, prove_method, prove_engine = best_configuration(False, cells)
    else:
        prove_enc, prove_method, prove_engine = "423", ("guard" if engine == "sat"
                                                        else "propagate"), engine
    prove = (encoding or prove_enc, prove_method, prove_engine)
    if limit is not None and limit <= 2:
        return [prove + (limit,)]
    listing = (encoding or "423", "guard", engine or xcc.DEFAULT_ENGINE)
    if listing == prove:
        return [listing + (limit,)]
    return [prove + (2,), listing + (limit,)]


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


def _check(encoding: str | None, method: str, engine: str | None) -> None:
    if encoding is not None:
        check_encoding(encoding)
    if not isinstance(method, str) or method not in METHODS:
        raise MasyuError(f"unknown method {method!r}; valid methods: {', '.join(METHODS)}")
    if engine is not None and engine not in xcc.ENGINES:
        raise MasyuError(f"unknown or unavailable engine {engine!r}; "
                         f"valid engines: {', '.join(xcc.ENGINES)}")


def plan(weak: bool, method: str, limit: int | None, encoding: str | None = None,
         engine: str | None = None,
         cells: int | None = None) -> list[tuple[str, str, str, int | None]]:
    """The runs a search makes, ``(encoding, method, engine, limit)`` each: one,
    or two for ``auto`` (:func:`auto_plan`).  ``None`` for ``encoding`` or
    ``engine`` is the method's choice (``DEFAULT_ENCODING``, ``xcc.DEFAULT_ENGINE``
    outside ``auto`` and ``best``); ``cells``, the board's size, lets ``best``
    choose by it (:func:`best_configuration`)."""
    _check(encoding, method, engine)
    if method == "auto":
        return auto_plan(bool(weak), limit, encoding, engine, cells)
    if METHODS[method].auto:
        return [best_configuration(bool(weak), cells) + (limit,)]
    return [(encoding or DEFAULT_ENCODING, method, engine or xcc.DEFAULT_ENGINE, limit)]


class Search:
    """One search for the loops of ``puzzle``; iterate it once.

    ``found`` counts the loops found so far (with the guard, the engine's own
    ``stats.solutions``: the two never differ), ``stats`` is the engine's live
    statistics.  ``on_progress(search)`` is called about every
    ``progress_every`` seconds during long runs.  When the iteration is
    interrupted by Ctrl-C, ``found`` and ``stats`` keep what was counted and
    ``stats.interrupted`` is set.

    ``encoding``, ``method`` and ``engine`` are those of the run under way:
    ``method="auto"`` may make two (``auto_plan``); ``probe`` is then the
    statistics of the first run, when a second one replaced it.
    """

    def __init__(self, puzzle: Puzzle, *, weak: bool = False, encoding: str | None = None,
                 method: str = DEFAULT_METHOD, engine: str | None = None,
                 limit: int | None = None,
                 on_progress: Callable[["Search"], None] | None = None,
                 progress_every: float = 1.0, deadline: float | None = None) -> None:
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
        self.puzzle = puzzle
        self.weak = bool(weak)
        self.limit = limit
        self.probe: xcc.Stats | None = None
        self._plan = plan(self.weak, method, limit, encoding, engine, puzzle.rows * puzzle.cols)
        self._encodings: dict[str, Encoding] = {}
        self._hook = None if on_progress is None else (lambda stats: on_progress(self))
        self._progress_every = progress_every
        self._deadline = deadline  # each run's own (auto's second run gets it afresh)
        self._start(*self._plan[0])

    def _start(self, encoding: str, method: str, engine: str, limit: int | None) -> None:
        """Encode (once per encoding) and set up the engine's search of one run."""
        if encoding not in self._encodings:
            self._encodings[encoding] = encode(self.puzzle, encoding)
        self.encoding: Encoding = self._encodings[encoding]
        self.method, self.engine, self._limit = method, engine, limit
        self._found = 0
        how = METHODS[method]
        guard = not self.weak and how.cycle
        self._filter = not self.weak and not how.cycle
        # The filter must see every weak solution, so its limit is ours only.
        try:
            self._search = xcc.Search(self.encoding.problem, engine=engine,
                                      limit=None if self._filter else limit,
                                      cycle=(self.encoding.cycle(propagate=how.propagate)
                                             if guard else None),
                                      on_progress=self._hook,
                                      progress_every=self._progress_every,
                                      deadline=self._deadline)
        except xcc.XCCError as err:
            raise MasyuError(str(err)) from None

    @property
    def found(self) -> int:
        """The loops found so far by the run under way."""
        return self._found if self._filter else self._search.stats.solutions

    @property
    def stats(self) -> xcc.Stats:
        return self._search.stats

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
        if len(self._plan) == 1:
            yield from self._run(keep)
            return
        # auto: the prover to two solutions; at most one is the answer, two call the guard
        first = list(self._run(keep))
        if len(first) < 2:
            yield from first
            return
        self.probe = self.stats
        self._start(*self._plan[1])
        yield from self._run(keep)

    def _run(self, keep: bool) -> Iterator[frozenset[Edge] | None]:
        required = [cell for cell, _ in self.puzzle.pearls]
        for solution in self._search:
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
            yield Loop(rows, cols, edges)

    def count(self) -> Count:
        """Run to the end (or the limit) and return the count.

        Ctrl-C is not caught here: catch it around this call and read
        ``found`` and ``stats``, or use :func:`count`.
        """
        if not self._filter:  # each solution of the engine is one of ours: let it count them
            self._search.count()  # found reads the engine's count, Ctrl-C or not
            if len(self._plan) == 1 or self.found < 2:
                return self.result()
            self.probe = self.stats  # auto: two solutions, so the guard counts them all
            self._start(*self._plan[1])
            if not self._filter:
                self._search.count()
                return self.result()
            for _ in self._run(keep=False):
                pass
            return self.result()
        for _ in self._edge_sets(keep=False):
            pass
        return self.result()

    def result(self) -> Count:
        """The count so far, with its statistics."""
        return Count(self.found, self.stats, self.weak)

    def interrupted(self) -> Count:
        """The count so far after Ctrl-C: ``stats.interrupted`` set, ``complete`` False."""
        self.stats.interrupted = True
        self.stats.complete = False
        return self.result()


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
          memory: int | None = None) -> Count:
    """Count the strong (or weak) solutions; the result carries the statistics.

    With ``exact=True`` nothing
    is listed: the memoized search of :mod:`masyu.exact` counts (engine
    default ``memo``, ``memory`` its limit in bytes, no ``limit``; the method
    is not used) and ``on_progress`` receives the engine's ``xcc.Stats``
    instead of the ``Search``.

    Ctrl-C stops the count and returns what was counted so far, with
    ``stats.interrupted`` set and ``complete`` False (an interrupted exact
    count is 0); so does ``deadline`` (seconds), without ``interrupted``.
    """
    if exact:
        _check(encoding, method, xcc.DEFAULT_ENGINE)
        if limit is not None:
            raise MasyuError("an exact count takes no limit")
        from .exact import exact_count  # start-up: the memo side, for exact counts only
        stats = exact_count(puzzle, weak=weak, encoding=encoding or DEFAULT_ENCODING,
                            engine=engine, memory=memory,
                            on_progress=on_progress, progress_every=progress_every)
        return Count(stats.solutions, stats, bool(weak))
    if memory is not None:
        raise MasyuError("memory is a limit of exact counts only (exact=True)")
    search = Search(puzzle, weak=weak, encoding=encoding, method=method, engine=engine,
                    limit=limit, on_progress=on_progress, progress_every=progress_every,
                    deadline=deadline)
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
    engines = tuple(run[2] for run in plan(bool(weak), method, limit, encoding, engine,
                                           rows * cols))
    return memory.estimate(rows, cols, engines)
