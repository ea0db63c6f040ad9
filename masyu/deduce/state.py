"""The deduction solver's state: a partial assignment of the edges, its undo trail,
and the path fragments of the lines drawn so far (refusing a small loop).

Edges are numbered as on every :class:`~masyu.board.Board`; the extra number
``off`` stands for every edge that leaves the board and is always empty.
Values: 0 empty, 1 line, 2 unknown.  Cells carry the pearl codes of
``masyu.board`` (EMPTY, WHITE, BLACK).  The levels of reasoning are subclasses
in :mod:`.local` and :mod:`.probe`; the search is in :mod:`.search`.
"""
from __future__ import annotations

from typing import Callable, Sequence

from ..board import WHITE, Board

UNKNOWN = 2

# What a listener (``State.note``) hears, for :mod:`masyu.explain`: the reason of the
# assignments that follow on the trail.  ``note(RULE, k)``: constraint k (a cell's
# degree, k < ncells, else the rule of pearl k - ncells) is applied; ``note(ADJACENT,
# i, j)``: black pearls i and j are neighbours; ``note(SMALL_LOOP, a, b, f)``: edge f
# would close the path from a to b into a small loop; ``note(CONNECT)``: connectivity
# and bridges; ``note(PROBE, e, v)``: edge e is given value v on trial;
# ``note(PROBED, e, v, ok)``: the trial is undone (ok False: it failed, and 1 - v
# follows).  Without a listener (None, the default) nothing is said and nothing
# changes: the deductions are the same either way.
RULE, ADJACENT, SMALL_LOOP, CONNECT, PROBE, PROBED = range(6)


class Contradiction(Exception):
    """Internal: the current partial assignment has no completion."""


class State:
    """A partial assignment of the edges with its propagation machinery and undo trail.

    ``kinds`` has one entry per cell: its pearl code (EMPTY, WHITE, BLACK).
    """

    def __init__(self, bd: Board, kinds: Sequence[int]) -> None:
        self.bd = bd
        n, m = bd.ncells, bd.nedges
        self.kinds = list(kinds)
        self.val = [UNKNOWN] * m + [0]
        self.unknown = m
        self.trail: list[int] = []
        self.deg = [0] * n           # 1-edges at each cell
        self.other = list(range(n))  # at a path end: the other end (an isolated cell: itself)
        self.flen = [0] * n          # at a path end: the path's number of edges
        self.fpearl = [1 if k else 0 for k in self.kinds]  # at a path end: its pearls
        self.ctrail: list[tuple[int, int, int, int]] = []
        self.ones = 0
        self.closed = False
        self.npearls = sum(self.fpearl)
        self.pearl_cells = [i for i in range(n) if self.kinds[i]]
        # Constraints: 0..n-1 the degree of each cell, n+p the rule of pearl p.
        watch: list[list[int]] = [[] for _ in range(m + 1)]
        for i in range(n):
            for e in bd.near[i]:
                watch[e].append(i)
        self.prules: list[tuple[int, tuple[int, ...]]] = []
        for p, i in enumerate(self.pearl_cells):
            es = bd.near[i]
            fars = tuple(bd.far(i, d) for d in range(4))
            if self.kinds[i] == WHITE:
                rule = es + fars
            else:
                sides = tuple(x for d in range(4) for x in bd.side(i, d))
                rule = es + fars + sides
            self.prules.append((self.kinds[i], rule))
            for e in sorted(set(rule)):
                watch[e].append(n + p)
        watch[bd.off] = []
        self.watch = watch
        self.inq = [0] * (n + len(self.prules))
        self.queue: list[int] = []
        # Counters of the work done.
        self.assignments = 0
        self.probes = 0
        self.note: Callable[..., None] | None = None  # the listener (see RULE above)

    # -- assignment and undo ---------------------------------------------

    def mark(self) -> tuple[int, int, bool]:
        return len(self.trail), len(self.ctrail), self.closed

    def undo(self, mark: tuple[int, int, bool]) -> None:
        t, ct, closed = mark
        val, trail, deg, ends = self.val, self.trail, self.deg, self.bd.ends
        while len(trail) > t:
            e = trail.pop()
            if val[e] == 1:
                a, b = ends[e]
                deg[a] -= 1
                deg[b] -= 1
                self.ones -= 1
            val[e] = UNKNOWN
            self.unknown += 1
        ctrail, other, flen, fpearl = self.ctrail, self.other, self.flen, self.fpearl
        while len(ctrail) > ct:
            i, o, ln, pe = ctrail.pop()
            other[i], flen[i], fpearl[i] = o, ln, pe
        self.closed = closed
        for k in self.queue:
            self.inq[k] = 0
        self.queue.clear()

    def assign(self, e: int, v: int) -> None:
        """Give edge ``e`` value ``v`` and queue the rules that watch it."""
        val = self.val
        cur = val[e]
        if cur == v:
            return
        if cur != UNKNOWN:
            raise Contradiction
        if v == 1 and self.closed:
            raise Contradiction
        val[e] = v
        self.trail.append(e)
        self.unknown -= 1
        self.assignments += 1
        inq, queue = self.inq, self.queue
        for k in self.watch[e]:
            if not inq[k]:
                inq[k] = 1
                queue.append(k)
        if v == 1:
            self._link(e)

    def _link(self, e: int) -> None:
        """Join the paths at the two ends of the new line ``e``; refuse small loops."""
        a, b = self.bd.ends[e]
        deg, other, flen, fpearl, ctrail = self.deg, self.other, self.flen, self.fpearl, self.ctrail
        da, db = deg[a], deg[b]
        deg[a] = da + 1  # counted before any refusal: undo takes it back with the edge
        deg[b] = db + 1
        self.ones += 1
        if da >= 2 or db >= 2:
            raise Contradiction
        oa, ob = other[a], other[b]
        if oa == b and da == 1:  # closing a cycle: only the whole answer may close
            if flen[a] + 1 == self.ones and fpearl[a] == self.npearls:
                self.closed = True
                return
            raise Contradiction
        ln = flen[a] + flen[b] + 1
        pe = fpearl[a] + fpearl[b]
        for x in (oa, ob):
            ctrail.append((x, other[x], flen[x], fpearl[x]))
        other[oa], other[ob] = ob, oa
        flen[oa] = flen[ob] = ln
        fpearl[oa] = fpearl[ob] = pe
        # The edge that would join the two new ends closes a cycle: allowed only
        # if nothing lies outside the path.
        f = self.bd.between(oa, ob)
        if f >= 0 and self.val[f] == UNKNOWN and not (ln == self.ones and pe == self.npearls):
            if self.note is not None:
                self.note(SMALL_LOOP, oa, ob, f)
            self.assign(f, 0)


    def solution(self) -> list[int] | None:
        """The full assignment if the state is a strong solution (unknowns empty)."""
        if not self.closed:
            return None
        return [1 if v == 1 else 0 for v in self.val]

