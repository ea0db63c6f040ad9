"""A peer to compare with: Masyu in OR-Tools CP-SAT, the loop as ``AddCircuit``.

Cells are nodes; each pair of adjacent cells has two arc literals (one per
direction) and an edge literal, their sum; a cell off the loop takes its
self-loop (a pearl cell never does).  The pearl rules are clauses on edge
literals, as in ``sat_edges``.  CP-SAT proves uniqueness by solving twice:
the second time with the first loop forbidden.

``count(puzzle, limit=None) -> int``; ``count_stats`` returns the statistics.
Needs ``ortools`` (the ``bench`` extra).
"""
from __future__ import annotations

import time

from ortools.sat.python import cp_model

DIRS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
WORKERS = 2  # the machines here have two cores


def _build(puzzle):
    R, C = puzzle.rows, puzzle.cols
    m = cp_model.CpModel()
    node = lambda cell: cell[0] * C + cell[1]  # noqa: E731
    edge: dict = {}
    arcs = []
    for r in range(R):
        for c in range(C):
            for other in ((r, c + 1), (r + 1, c)):
                if other[0] < R and other[1] < C:
                    a, b = m.NewBoolVar(""), m.NewBoolVar("")
                    e = m.NewBoolVar("")
                    m.Add(a + b == e)
                    arcs += [(node((r, c)), node(other), a), (node(other), node((r, c)), b)]
                    edge[((r, c), other)] = e
    pearls = dict(puzzle.pearls)
    for r in range(R):
        for c in range(C):
            if (r, c) not in pearls:
                arcs.append((node((r, c)), node((r, c)), m.NewBoolVar("")))
    m.AddCircuit(arcs)
    m.AddBoolOr(list(edge.values()))  # a real loop: not every cell on its self-loop

    def lit(cell, d, far=False):
        dr, dc = DIRS[d]
        other = (cell[0] + dr, cell[1] + dc)
        if not (0 <= other[0] < R and 0 <= other[1] < C):
            return None
        if far:
            return lit(other, d)
        return edge[(cell, other) if cell < other else (other, cell)]

    for cell, kind in pearls.items():
        n, e, s, w = (lit(cell, d) for d in "NESW")
        if kind == "B":
            for a, b in ((n, s), (e, w)):
                if a is not None and b is not None:
                    m.AddBoolOr([a.Not(), b.Not()])
            for d in "NESW":
                arm, far = lit(cell, d), lit(cell, d, far=True)
                if arm is not None:
                    m.AddBoolOr([arm.Not(), far] if far is not None else [arm.Not()])
        else:
            for a, b in ((n, s), (e, w)):
                if a is not None and b is not None:
                    m.Add(a == b)
                elif a is not None or b is not None:
                    m.Add((a if a is not None else b) == 0)
            for a, d1, d2 in ((e, "E", "W"), (n, "N", "S")):
                f1, f2 = lit(cell, d1, far=True), lit(cell, d2, far=True)
                if a is not None and f1 is not None and f2 is not None:
                    m.AddBoolOr([a.Not(), f1.Not(), f2.Not()])
    return m, edge


def count_stats(puzzle, limit: int | None = None) -> dict:
    start = time.perf_counter()
    model, edge = _build(puzzle)
    found = solves = 0
    conflicts = 0
    while limit is None or found < limit:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = WORKERS
        solves += 1
        status = solver.Solve(model)
        conflicts += solver.NumConflicts()
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        found += 1
        loop = [e for e in edge.values() if solver.Value(e)]
        model.AddBoolOr([e.Not() for e in loop])
    return {"solutions": found, "solves": solves, "conflicts": conflicts,
            "seconds": time.perf_counter() - start}


def count(puzzle, limit: int | None = None) -> int:
    """Strong solutions of ``puzzle`` (up to ``limit``)."""
    return count_stats(puzzle, limit)["solutions"]
