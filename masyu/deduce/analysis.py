"""What the deduction solver finds out about a puzzle: the three levels in turn."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ..board import PEARL_CODE, Board, board
from ..loop import Loop
from ..puzzle import Puzzle
from . import native
from . import probe
from .probe import ProbeState
from .search import depth_first
from .state import UNKNOWN, Contradiction

LEVELS = {1: "local", 2: "probe", 3: "search"}


@dataclass
class Analysis:
    """What the deduction solver found out about a puzzle.

    ``count`` is the number of strong solutions found, up to ``limit`` (so
    ``count == 1`` with ``complete`` True means exactly one); ``level`` the
    lowest level that settled the question (1 local, 2 probe, 3 search);
    ``probes``, ``nodes`` and ``assignments`` the work done; ``solutions`` the
    edge values of each solution found (by the board's edge numbers, ``off``
    last).
    """

    count: int
    complete: bool
    level: int
    probes: int
    nodes: int
    assignments: int
    solutions: list[list[int]]
    undecided: list[int]  # edges deduction left open (when it stopped short), in scan order

    @property
    def unique(self) -> bool:
        return self.complete and self.count == 1


def analyze_kinds(bd: Board, kinds: Sequence[int], *, known: Sequence[int] | None = None,
                  max_level: int = 3, limit: int = 2, node_limit: int | None = None,
                  probe_budget: int | None = None, probe_nodes: bool = True,
                  given: Sequence[tuple[int, int]] = (),
                  listen: Callable[[ProbeState], Callable[..., None]] | None = None,
                  deducer: str | None = None) -> Analysis:
    """Solve the puzzle given as a pearl code per cell, up to ``max_level`` and
    ``limit`` solutions.

    With ``max_level`` < 3 the answer is complete only when deduction alone
    decides every edge.  ``node_limit`` caps the search nodes (the analysis is
    then incomplete).  ``given`` holds ``(edge, value)`` pairs set before any
    rule runs (a player's marks: a contradiction among them is one like any
    other).  ``listen(state)``, if given, returns the listener that hears the
    reasons of the deductions (``State.note``, for :mod:`masyu.explain`); it
    changes nothing that is deduced.  ``deducer`` names the code of levels 1 and 2
    (:data:`~masyu.deduce.native.DEDUCERS`; None: the default, C when built): with a
    listener it is always the Python code, which alone gives reasons.
    """
    deducer = native.DEFAULT_DEDUCER if deducer is None else deducer
    if deducer not in native.DEDUCERS:
        raise ValueError(f"unknown deducer {deducer!r} (use {', '.join(native.DEDUCERS)})")
    if deducer == "c" and listen is None:
        return _analyze_c(bd, kinds, known=known, max_level=max_level, limit=limit,
                          node_limit=node_limit, probe_budget=probe_budget,
                          probe_nodes=probe_nodes, given=given)
    st = ProbeState(bd, kinds)
    if listen is not None:
        st.note = listen(st)
    found: list[list[int]] = []
    nodes = 0

    def done(level: int, complete: bool) -> Analysis:
        open_ = [] if complete else [e for e in bd.scan if st.val[e] == UNKNOWN]
        return Analysis(len(found), complete, level, st.probes, nodes, st.assignments, found,
                        open_)

    def settled(step: Callable[[], None]) -> bool:
        """Run a deduction step: True if it settles the puzzle (a contradiction,
        or every edge decided / the loop closed; a solution is kept)."""
        try:
            step()
        except Contradiction:
            return True
        if st.closed or st.unknown == 0:
            sol = st.solution()
            if sol is not None:
                found.append(sol)
            return True
        return False

    def level1() -> None:
        for e, v in given:
            st.assign(int(e), int(v))
        st.start()
        st.propagate()

    if settled(level1):
        return done(1, True)
    if max_level < 2:
        return done(1, False)
    if settled(lambda: st.level2(known, probe_budget)):
        return done(2, True)
    if max_level < 3 or (probe_budget is not None and st.probes >= probe_budget):
        return done(2, False)
    nodes, complete = depth_first(st, found, known=known, limit=limit, node_limit=node_limit,
                                  probe_nodes=probe_nodes)
    return done(3, complete)


def _analyze_c(bd: Board, kinds: Sequence[int], *, known: Sequence[int] | None,
               max_level: int, limit: int, node_limit: int | None, probe_budget: int | None,
               probe_nodes: bool, given: Sequence[tuple[int, int]]) -> Analysis:
    """:func:`analyze_kinds` with levels 1 and 2 in C; the search of level 3 goes on
    in Python from the state they left."""
    out = native.run_c(bd, kinds, known=known, max_level=max_level,
                       probe_budget=probe_budget, given=given)

    def done(out, level: int, complete: bool, found: list[list[int]], nodes: int = 0
             ) -> Analysis:
        open_ = [] if complete else [e for e in bd.scan if out.val[e] == UNKNOWN]
        return Analysis(len(found), complete, level, out.probes, nodes, out.assignments,
                        found, open_)

    if out.contradiction:
        return done(out, out.stage, True, [])
    if out.closed or out.unknown == 0:
        sol = out.solution()
        return done(out, out.stage, True, [] if sol is None else [sol])
    if out.stage == 1:   # max_level 1
        return done(out, 1, False, [])
    if max_level < 3 or (probe_budget is not None and out.probes >= probe_budget):
        return done(out, 2, False, [])
    st = native.load(bd, kinds, out)
    found: list[list[int]] = []
    nodes, complete = depth_first(st, found, known=known, limit=limit, node_limit=node_limit,
                                  probe_nodes=probe_nodes)
    return done(st, 3, complete, found, nodes)


def rate(bd: Board, kinds: Sequence[int], *, given: Sequence[tuple[int, int]] = (),
         listen: Callable[[ProbeState], Callable[..., None]] | None = None) -> Analysis:
    """Levels 1 and 2 without the answer: the one run that both the difficulty band
    (:func:`masyu.generate.bands.measure`) and an explanation (:func:`masyu.explain`,
    which listens) rest on.  :func:`band_level` reads the band off it."""
    return analyze_kinds(bd, kinds, max_level=2, limit=2, given=given, listen=listen)


def band_level(res: Analysis) -> int:
    """The difficulty of a rating run: 1 the local rules finish it, 2 it needs level 2,
    3 it needs search."""
    return res.level if res.complete else 3


def analyze(puzzle: Puzzle, *, loop: Loop | None = None, max_level: int = 3, limit: int = 2,
            node_limit: int | None = None) -> Analysis:
    """Analyze ``puzzle`` (optionally knowing one solution ``loop``, which speeds it up)."""
    bd = board(puzzle.rows, puzzle.cols)
    known = bd.values(loop.edges) if loop is not None else None
    return analyze_kinds(bd, bd.kinds(puzzle.pearls), known=known, max_level=max_level,
                         limit=limit, node_limit=node_limit)


def solutions(puzzle: Puzzle, limit: int = 2) -> list[Loop]:
    """Up to ``limit`` strong solutions of ``puzzle``, by deduction and search."""
    bd = board(puzzle.rows, puzzle.cols)
    res = analyze_kinds(bd, bd.kinds(puzzle.pearls), limit=limit)
    return [Loop(bd.rows, bd.cols, bd.edges_of(s)) for s in res.solutions]


class Deduced:
    """What a bounded run of the C deducer found on its own (:func:`deduction`):
    ``count`` the strong solutions when it settled the puzzle (1: the loop it
    closed, every edge forced; 0: a contradiction, or every edge decided without a
    loop), None when it left edges open; ``probes`` and ``assignments`` its work;
    ``values`` one byte per edge of the board and ``off`` (0 absent, 1 present,
    2 open: the edges it forced, which every strong solution has: they seed the
    search, ``masyu.encodings.encode(..., forced=values)``).  ``edges()`` is the loop
    (empty unless ``count`` is 1).  Every rule of levels 1 and 2 is sound, so a
    settled result is a proof: the reasons, step by step, are :func:`masyu.explain`'s."""

    __slots__ = ("rows", "cols", "count", "probes", "assignments", "values")

    def __init__(self, rows: int, cols: int, count: int | None, probes: int, assignments: int,
                 values: bytes) -> None:
        self.rows, self.cols, self.count = rows, cols, count
        self.probes, self.assignments, self.values = probes, assignments, values

    @property
    def settled(self) -> bool:
        return self.count is not None

    @property
    def forced(self) -> int:
        """How many edges of the board deduction decided."""
        return len(self.values) - 1 - self.values.count(UNKNOWN)

    @property
    def counters(self) -> dict[str, int]:
        return {"probes": self.probes, "assignments": self.assignments}

    def edges(self) -> frozenset:
        """The loop's edges (by cells), none when there is no loop."""
        if self.count != 1:
            return frozenset()
        return frozenset(board(self.rows, self.cols).edges_of(self.values))


Settled = Deduced   # the name of a settled result (``settle``'s), kept


def deduction(puzzle: Puzzle, probe_budget: int | None = -1) -> Deduced | None:
    """Levels 1 and 2 in C, in one call, from the parsed puzzle to a :class:`Deduced`:
    settled when deduction alone decides the puzzle, else the edges it forced.  None
    when the C deducer is not built (the Python one costs more than the search it
    would save).  ``probe_budget`` bounds level 2: -1 (the default) one probe per
    edge (on the psm collection it never takes half that), None no bound (each
    round of probing must decide an edge, so at most one round per edge)."""
    run = native.run_raw
    if run is None:
        return None
    rows, cols = puzzle.rows, puzzle.cols
    if probe_budget == -1:
        probe_budget = rows * (2 * cols - 1) - cols
    kinds = bytearray(rows * cols)
    for (r, c), kind in puzzle.pearls:
        kinds[r * cols + c] = PEARL_CODE[kind]
    stage, contradiction, closed, unknown, probes, assignments, val = run(
        rows, cols, kinds, (), None, 2, -1 if probe_budget is None else probe_budget,
        probe.FRONTIER)
    count = None
    if contradiction or closed or unknown == 0:
        count = 0 if contradiction or not closed else 1
    return Deduced(rows, cols, count, probes, assignments, bytes(val))


def settle(puzzle: Puzzle, probe_budget: int | None = -1) -> Deduced | None:
    """:func:`deduction` when it settles the puzzle (a proof by deduction alone:
    ``count`` 0 or 1), else None (also when the C deducer is not built)."""
    found = deduction(puzzle, probe_budget)
    return found if found is not None and found.settled else None
