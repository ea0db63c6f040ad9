"""A peer to compare with: Masyu as SAT on edge variables, CaDiCaL, lazy loop cuts.

The usual SAT model of Masyu, independent of ``xcc``: one variable per edge of
the board; every cell has degree 0 or 2 (a pearl cell 2); a black pearl turns
(N xor S, E xor W) and each arm goes on straight through the next cell; a white
pearl goes straight (N = S, E = W, N != E) and not both neighbours go straight.
Connectivity is left out of the CNF: each model is split into loops, and every
loop that misses a pearl gets a cut (a loop with no pearl: "not all of these
edges"; a loop with some pearls: "some edge leaves its cells"); then solve
again.  A loop through every pearl is a strong solution, blocked to look for a
second one.

``count(puzzle, limit=None) -> int``; ``count_stats`` returns the statistics.
"""
from __future__ import annotations

import time

from pysat.solvers import Solver

DIRS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


class EdgeModel:
    def __init__(self, puzzle) -> None:
        self.rows, self.cols = R, C = puzzle.rows, puzzle.cols
        self.var: dict[tuple, int] = {}
        self.ends: list[tuple] = [None]  # var -> (cell, cell)
        for r in range(R):
            for c in range(C):
                if c + 1 < C:
                    self._new(((r, c), (r, c + 1)))
                if r + 1 < R:
                    self._new(((r, c), (r + 1, c)))
        self.pearls = dict(puzzle.pearls)
        self.clauses: list[list[int]] = []
        for r in range(R):
            for c in range(C):
                self._cell((r, c))
        for cell, kind in self.pearls.items():
            (self._black if kind == "B" else self._white)(cell)

    def _new(self, e) -> None:
        self.var[e] = len(self.ends)
        self.ends.append(e)

    def edge(self, cell, d) -> int:
        """The variable of the edge from ``cell`` towards ``d``; 0 off the board."""
        dr, dc = DIRS[d]
        other = (cell[0] + dr, cell[1] + dc)
        if not (0 <= other[0] < self.rows and 0 <= other[1] < self.cols):
            return 0
        return self.var[(cell, other) if cell < other else (other, cell)]

    def far(self, cell, d) -> int:
        dr, dc = DIRS[d]
        other = (cell[0] + dr, cell[1] + dc)
        if not (0 <= other[0] < self.rows and 0 <= other[1] < self.cols):
            return 0
        return self.edge(other, d)

    def _cell(self, cell) -> None:
        lits = [x for x in (self.edge(cell, d) for d in "NESW") if x]
        add = self.clauses.append
        for i in range(len(lits)):  # at most two
            for j in range(i + 1, len(lits)):
                for k in range(j + 1, len(lits)):
                    add([-lits[i], -lits[j], -lits[k]])
        for x in lits:  # never exactly one
            add([-x] + [y for y in lits if y != x])
        if cell in self.pearls:
            add(list(lits))

    def _black(self, cell) -> None:
        add = self.clauses.append
        for a, b in (("N", "S"), ("E", "W")):
            ea, eb = self.edge(cell, a), self.edge(cell, b)
            if ea and eb:
                add([-ea, -eb])  # turn here
        for d in "NESW":
            e, f = self.edge(cell, d), self.far(cell, d)
            if e:
                add([-e, f] if f else [-e])  # the arm goes straight on

    def _white(self, cell) -> None:
        add = self.clauses.append
        n, e, s, w = (self.edge(cell, d) for d in "NESW")
        for a, b in ((n, s), (e, w)):  # straight through
            if a and b:
                add([-a, b])
                add([a, -b])
            elif a or b:
                add([-(a or b)])
        for a, b, d1, d2 in ((e, w, "E", "W"), (n, s, "N", "S")):
            if a and b:  # not both neighbours straight
                f1, f2 = self.far(cell, d1), self.far(cell, d2)
                if f1 and f2:
                    add([-a, -f1, -f2])

    def cuts(self, true_vars: list[int]) -> tuple[bool, list[list[int]]]:
        """One loop through every pearl?  Else the cuts this model breaks."""
        adj: dict = {}
        for x in true_vars:
            u, v = self.ends[x]
            adj.setdefault(u, []).append(v)
            adj.setdefault(v, []).append(u)
        seen: set = set()
        loops = []
        for start in adj:
            if start in seen:
                continue
            comp, stack = {start}, [start]
            while stack:
                for w in adj[stack.pop()]:
                    if w not in comp:
                        comp.add(w)
                        stack.append(w)
            seen |= comp
            loops.append(comp)
        pearls = self.pearls
        if len(loops) == 1 and all(p in loops[0] for p in pearls):
            return True, []
        out = []
        for comp in loops:
            inside = sum(1 for p in pearls if p in comp)
            if inside == 0:
                out.append([-x for x in true_vars if self.ends[x][0] in comp])
            elif inside < len(pearls):
                out.append([x for cell in comp for x in (self.edge(cell, d) for d in "NESW")
                            if x and not (self.ends[x][0] in comp and self.ends[x][1] in comp)])
        return False, out


def count_stats(puzzle, limit: int | None = None) -> dict:
    start = time.perf_counter()
    model = EdgeModel(puzzle)
    nvars = len(model.ends) - 1
    found = cuts = solves = 0
    with Solver(name="cadical195", bootstrap_with=model.clauses) as solver:
        if not model.pearls:
            solver.add_clause(list(range(1, nvars + 1)))  # some loop
        while limit is None or found < limit:
            solves += 1
            if not solver.solve():
                break
            m = solver.get_model()
            true_vars = [x for x in range(1, nvars + 1) if m[x - 1] > 0]
            ok, new = model.cuts(true_vars)
            if ok:
                found += 1
                solver.add_clause([-x for x in true_vars])
            elif not model.pearls:  # no pearl: two loops cannot both stay
                solver.add_clause([-x for x in true_vars])  # only a weaker, valid cut
                cuts += 1
            else:
                cuts += len(new)
                for clause in new:
                    solver.add_clause(clause)
        s = solver.accum_stats()
    return {"solutions": found, "cuts": cuts, "solves": solves, "variables": nvars,
            "clauses": len(model.clauses), "conflicts": s.get("conflicts"),
            "seconds": time.perf_counter() - start}


def count(puzzle, limit: int | None = None) -> int:
    """Strong solutions of ``puzzle`` (up to ``limit``)."""
    return count_stats(puzzle, limit)["solutions"]
