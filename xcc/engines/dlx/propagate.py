"""Propagation for the single-cycle constraint (``Cycle(..., propagate=True)``).

After each choice the engine first chooses the options of primary items with
one option left, then asks the propagator for a round of reasoning about the
graph of edges that are not yet absent, and repeats until nothing new follows:

- connectivity: the required vertices and every vertex on a present edge
  must lie in one connected component; edges outside it are forced absent;
- bridges: an edge that is a bridge of that component lies on no cycle, so it
  is forced absent; a bridge with required vertices on both sides is a dead
  end (backtrack);
- degree: a vertex that must be on the cycle and has exactly two edges left
  gets both; with fewer it is a dead end;
- a closed cycle forces every undecided edge absent;
- parity cuts (given by the caller): every cycle crosses a cut an even number
  of times, so when one item alone is undecided on a cut its color is forced.

A forced color is applied the dancing-links way (``Lookahead.force``: the options
of the item with another color are hidden, as if an option had chosen it) and
undone exactly on backtrack.  Propagation assumes, as the caller promises by
asking for it, that every item mapped to edges receives a color in every
solution (true of both Masyu encodings), and that such items take two colors.

Lookahead (``Lookahead.lookahead``, step C3 when propagating): before branching,
every option of every active primary item is probed (chosen, propagated, and
undone); options that fail are taken out of their lists and the result is
propagated, pass after pass, until a pass changes nothing.  Then the engine
branches on an item with the fewest options, preferring the one whose probes
made the most updates (the largest product of updates + 1 over its options),
leftmost on ties.

Mems: a round of reasoning costs ``round_mems`` = V + 3E mems (V vertices, E
edges): it reads every edge's state, walks every adjacency list (2E entries)
and looks at every vertex, whether or not it ends early.  Looking for an item
with one option costs 1 mem plus 1 per item examined and 1 per link followed,
as in step C3; a probe costs what its choice and propagation cost; taking an
option out of its own item's list, or putting it back, costs 6 mems (on top of
hiding the rest of it).  Both engines charge exactly this, so ``mems`` of
method "propagate" compare with those of the plain guard.

The forcing, probes and lookahead are in :mod:`xcc.engines.dlx.lookahead`.
C twin of this module: ``xcc/csrc/dlx/propagate.c``.
"""
from __future__ import annotations

from ...cycle import CompiledCycle
from .guard import CycleGuard

UNDECIDED, PRESENT, ABSENT = 0, 1, 2


def edge_lists(cc: CompiledCycle) -> tuple[list[int], list[int], list[int], list[int]]:
    """The edges numbered as both engines number them: each item's edges in
    item order, then the edges present from the start (owner -1, color 0).
    Returns parallel lists of endpoints u, v, owning item and color."""
    eu: list[int] = []
    ev: list[int] = []
    eitem: list[int] = []
    ecolor: list[int] = []
    for item, pairs in enumerate(cc.item_edges):
        for color, u, v in pairs:
            eu.append(u)
            ev.append(v)
            eitem.append(item)
            ecolor.append(color)
    for u, v in cc.present:
        eu.append(u)
        ev.append(v)
        eitem.append(-1)
        ecolor.append(0)
    return eu, ev, eitem, ecolor


def cut_edge_lists(cc: CompiledCycle, eu: list[int], ev: list[int]) -> list[list[int]]:
    """Each non-empty parity cut as the sorted numbers of the edges it crosses."""
    index: dict[frozenset, list[int]] = {}
    for e in range(len(eu)):
        index.setdefault(frozenset((eu[e], ev[e])), []).append(e)
    cuts = []
    for cut in cc.cuts:
        edges = sorted({e for u, v in cut for e in index.get(frozenset((u, v)), ())})
        if edges:
            cuts.append(edges)
    return cuts


class Propagator:
    """Edge-level view of a compiled cycle constraint, with the reasoning above."""

    def __init__(self, cc: CompiledCycle, item_colors: list[list[int]]) -> None:
        self.cc = cc
        # edges as parallel lists: endpoints, owning item (-1 = constant), color meaning present
        self.eu, self.ev, self.eitem, self.ecolor = edge_lists(cc)
        self.adj: list[list[int]] = [[] for _ in range(cc.nverts)]
        for e in range(len(self.eu)):
            self.adj[self.eu[e]].append(e)
            self.adj[self.ev[e]].append(e)
        # the two colors of each item (forcing "absent" means the other one)
        self.other: dict[tuple[int, int], int] = {}
        for item, colors in enumerate(item_colors):
            if len(colors) == 2:
                a, b = colors
                self.other[(item, a)] = b
                self.other[(item, b)] = a
        self.cuts = cut_edge_lists(cc, self.eu, self.ev)
        self.round_mems = cc.nverts + 3 * len(self.eu)  # the mem cost of a round

    def state(self, e: int, item_color: list[int]) -> int:
        item = self.eitem[e]
        if item < 0:
            return PRESENT
        c = item_color[item]
        if c == 0:
            return UNDECIDED
        return PRESENT if c == self.ecolor[e] else ABSENT

    def deductions(self, guard: CycleGuard) -> list[tuple[int, int]] | None:
        """One round of reasoning: a list of (item, color) to force, or None
        for a dead end.  An empty list means nothing new was learned."""
        item_color = guard.item_color
        st = [self.state(e, item_color) for e in range(len(self.eu))]
        forced: dict[int, int] = {}

        def force(e: int, present: bool) -> bool:
            item, color = self.eitem[e], self.ecolor[e]
            if not present:
                color = self.other.get((item, color), 0)
                if not color:
                    return True  # cannot force absence of a many-colored item
            if forced.get(item, color) != color:
                return False
            forced[item] = color
            return True

        if guard.closed:
            for e in range(len(st)):
                if st[e] == UNDECIDED and not force(e, False):
                    return None
            return list(forced.items())
        must = [v for v in range(self.cc.nverts) if guard.deg[v] > 0 or guard.is_required[v]]
        if not must:
            return []
        # connectivity from one vertex that must be on the cycle
        comp = self._component(must[0], st)
        if any(not comp[v] for v in must):
            return None
        for e in range(len(st)):
            if st[e] == UNDECIDED and not comp[self.eu[e]]:
                if not force(e, False):
                    return None
        # degree: a vertex on the cycle needs two live edges
        is_must = [False] * self.cc.nverts
        for v in must:
            is_must[v] = True
        for v in must:
            live = [e for e in self.adj[v] if st[e] != ABSENT]
            if len(live) < 2:
                return None
            if len(live) == 2:
                for e in live:
                    if st[e] == UNDECIDED and not force(e, True):
                        return None
            elif guard.deg[v] == 2:  # full: its other edges are absent
                for e in live:
                    if st[e] == UNDECIDED and not force(e, False):
                        return None
        # an edge joining the two ends of one fragment closes a cycle: absent,
        # unless that cycle would be the whole answer
        can_close = guard.fragments == 1 and guard.touched_required == guard.nrequired
        for u in must:
            if guard.deg[u] != 1:
                continue
            for e in self.adj[u]:
                if st[e] == UNDECIDED and guard.mate[u] == (self.eu[e] if self.ev[e] == u else self.ev[e]):
                    if not can_close and not force(e, False):
                        return None
        # bridges of the live component
        bridges = self._bridges(must[0], st, is_must, len(must))
        if bridges is None:
            return None
        for e in bridges:
            if st[e] == PRESENT or not force(e, False):
                return None
        # parity cuts
        for cut in self.cuts:
            parity = 0
            open_items: dict[int, list[int]] = {}
            for e in cut:
                if st[e] == PRESENT:
                    parity ^= 1
                elif st[e] == UNDECIDED:
                    open_items.setdefault(self.eitem[e], []).append(e)
            if len(open_items) != 1:
                continue
            (item, edges), = open_items.items()
            ok_colors = []
            for color in sorted({self.ecolor[edges[0]], self.other.get((item, self.ecolor[edges[0]]), 0)} - {0}):
                p = parity ^ (sum(1 for e in edges if self.ecolor[e] == color) & 1)
                if p == 0:
                    ok_colors.append(color)
            if not ok_colors:
                return None
            if len(ok_colors) == 1:
                if forced.get(item, ok_colors[0]) != ok_colors[0]:
                    return None
                forced[item] = ok_colors[0]
        return sorted(forced.items())

    def _component(self, start: int, st: list[int]) -> list[bool]:
        seen = [False] * self.cc.nverts
        seen[start] = True
        stack = [start]
        while stack:
            v = stack.pop()
            for e in self.adj[v]:
                if st[e] == ABSENT:
                    continue
                w = self.eu[e] if self.ev[e] == v else self.ev[e]
                if not seen[w]:
                    seen[w] = True
                    stack.append(w)
        return seen

    def _bridges(self, root: int, st: list[int], is_must: list[bool], nmust: int) -> list[int] | None:
        """Bridges of the live graph around ``root`` (iterative Tarjan); None if
        a bridge has vertices that must be on the cycle on both sides."""
        n = self.cc.nverts
        disc = [0] * n
        low = [0] * n
        below = [0] * n  # must-vertices in the DFS subtree
        time = 1
        disc[root] = low[root] = time
        below[root] = is_must[root]
        stack = [(root, -1, 0)]  # vertex, edge used to enter, next adjacency index
        out: list[int] = []
        while stack:
            v, pe, i = stack[-1]
            adj = self.adj[v]
            if i < len(adj):
                stack[-1] = (v, pe, i + 1)
                e = adj[i]
                if e == pe or st[e] == ABSENT:
                    continue
                w = self.eu[e] if self.ev[e] == v else self.ev[e]
                if disc[w]:
                    low[v] = min(low[v], disc[w])
                else:
                    time += 1
                    disc[w] = low[w] = time
                    below[w] = is_must[w]
                    stack.append((w, e, 0))
                continue
            stack.pop()
            if stack:
                p = stack[-1][0]
                low[p] = min(low[p], low[v])
                below[p] += below[v]
                if low[v] > disc[p]:  # pe is a bridge
                    if 0 < below[v] < nmust:
                        return None
                    out.append(pe)
        return out
