"""The compiled engine: Algorithm C in C (``xcc/csrc/search.c``).

``run`` is a drop-in twin of ``Engine(arrays, stats, cycle).run(...)`` of
:mod:`xcc.engine_py`: the same solutions in the same order, the same counts.
The C search works on its own copies of the arrays and returns to Python at
each solution, and every ``MEM_BUDGET`` mems (a few milliseconds), so that
Ctrl-C and progress reports are noticed while it runs.
"""
from __future__ import annotations

import time
from array import array
from typing import Callable, Iterator

from . import _native
from .arrays import Arrays
from .cycle import CompiledCycle
from .propagate import cut_edge_lists, edge_lists
from .results import Stats

MEM_BUDGET = 1 << 22  # mems between returns to Python (about 5 ms of search)


def cycle_arrays(cc: CompiledCycle) -> tuple:
    """The cycle constraint as the flat int32 arrays ``Solver`` takes."""
    start = array("i", [0])
    color, u, v = array("i"), array("i"), array("i")
    for edges in cc.item_edges:
        for c, a, b in edges:
            color.append(c)
            u.append(a)
            v.append(b)
        start.append(len(color))
    present = array("i", [x for edge in cc.present for x in edge])
    required = array("i", cc.required)
    return (cc.nverts, start, color, u, v, present, required)


def cut_arrays(cc: CompiledCycle) -> tuple:
    """The parity cuts as the flat int32 arrays ``Solver`` takes for propagation."""
    eu, ev, _, _ = edge_lists(cc)
    start, edges = array("i", [0]), array("i")
    for cut in cut_edge_lists(cc, eu, ev):
        edges.extend(cut)
        start.append(len(edges))
    return (start, edges)


def make_solver(a: Arrays, cycle: CompiledCycle | None = None) -> "_native.Solver":
    arrays = a.as_numpy()
    propagate = cycle is not None and cycle.propagate
    return _native.Solver(a.n1, a.n, arrays["llink"], arrays["rlink"], arrays["up"],
                           arrays["down"], arrays["itm"], arrays["color"],
                           None if cycle is None else cycle_arrays(cycle),
                           cut_arrays(cycle) if propagate else None)


def run(a: Arrays, stats: Stats, cycle: CompiledCycle | None = None,
        limit: int | None = None,
        on_progress: Callable[[Stats], None] | None = None,
        progress_every: float = 1.0) -> Iterator[list[int]]:
    """Yield each solution as the list of chosen nodes (one per level)."""
    return _run(a, stats, cycle, limit, on_progress, progress_every, False)


def run_options(a: Arrays, stats: Stats, cycle: CompiledCycle | None = None,
                limit: int | None = None,
                on_progress: Callable[[Stats], None] | None = None,
                progress_every: float = 1.0) -> Iterator[tuple[int, ...]]:
    """Like ``run``, but yield each solution as the tuple of its options (0-based)."""
    return _run(a, stats, cycle, limit, on_progress, progress_every, True)


def _run(a, stats, cycle, limit, on_progress, progress_every, as_options):
    solver = make_solver(a, cycle)
    propagate = cycle is not None and cycle.propagate
    answer = solver.options if as_options else solver.choices
    base_cuts, base_forced = stats.cycle_cuts, stats.forced

    def flush() -> None:
        (stats.solutions, stats.nodes, stats.updates, stats.cleansings, stats.mems,
         stats.max_level, cuts, forced, probes) = solver.stats()
        stats.cycle_cuts = base_cuts + cuts
        stats.forced = base_forced + forced
        if propagate:
            stats.extra["probes"] = probes

    next_check = time.monotonic() + progress_every
    SOLUTION, DONE = _native.SOLUTION, _native.DONE
    try:
        while True:
            status = solver.run(MEM_BUDGET)
            if status == DONE:
                return
            if on_progress is not None and time.monotonic() >= next_check:
                next_check = time.monotonic() + progress_every
                flush()
                on_progress(stats)
            if status == SOLUTION:
                flush()
                yield answer()
                if limit is not None and stats.solutions >= limit:
                    stats.complete = False
                    return
    finally:
        flush()
