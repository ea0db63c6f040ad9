"""Level 2 of the deduction solver: connectivity and failed-edge probing.

The loop lives in one connected piece of the edges still possible, so every
bridge of that graph is empty; and if giving an edge one value leads level 1
to a contradiction, the edge has the other value.
"""
from __future__ import annotations

from typing import Sequence

from .local import LocalState
from .state import CONNECT, PROBE, PROBED, UNKNOWN, Contradiction

FRONTIER = True  # level 2 probes only edges at a path end or a pearl (the human way)


class ProbeState(LocalState):
    """A state with the local rules, connectivity and probing (levels 1 and 2)."""

    def connect(self) -> None:
        """The loop lies in one piece of the still-possible edges and uses no bridge of it.

        Empties every edge outside the piece holding the lines and pearls, and
        every bridge inside it (raises Contradiction when lines or pearls are
        split, or a line is a bridge).
        """
        if self.closed or self.unknown == 0:
            return
        bd, val = self.bd, self.val
        cell_edges, nbr = bd.near, bd.nbr
        n = bd.ncells
        root = -1
        if self.pearl_cells:
            root = self.pearl_cells[0]
        else:
            for i in range(n):
                if self.deg[i]:
                    root = i
                    break
        if root < 0:
            return
        if self.note is not None:
            self.note(CONNECT)
        # Iterative Tarjan over the graph of possible edges (value 1 or unknown).
        order = [0] * n
        low = [0] * n
        counter = 1
        order[root] = low[root] = counter
        stack = [(root, -1, 0)]
        bridges: list[int] = []
        while stack:
            v, pe, d = stack[-1]
            if d < 4:
                stack[-1] = (v, pe, d + 1)
                e = cell_edges[v][d]
                if val[e] == 0 or e == pe:
                    continue
                w = nbr[v][d]
                if order[w] == 0:
                    counter += 1
                    order[w] = low[w] = counter
                    stack.append((w, e, 0))
                elif order[w] < low[v]:
                    low[v] = order[w]
            else:
                stack.pop()
                if stack:
                    u = stack[-1][0]
                    if low[v] < low[u]:
                        low[u] = low[v]
                    if low[v] > order[u]:
                        bridges.append(pe)
        for i in self.pearl_cells:
            if not order[i]:
                raise Contradiction
        deg = self.deg
        for i in range(n):
            if not order[i]:
                if deg[i]:
                    raise Contradiction
                for e in cell_edges[i]:
                    if val[e] == UNKNOWN:
                        self.assign(e, 0)
        for e in bridges:
            self.assign(e, 0)

    def level2(self, known: Sequence[int] | None = None, budget: int | None = None) -> None:
        """Levels 1 and 2 to a fixed point (raises Contradiction).

        ``budget`` caps the number of probes (None: no cap).
        """
        val, trail = self.val, self.trail
        m, scan = self.bd.nedges, self.bd.scan   # probed in the board's scan order
        ends, deg, kinds, note = self.bd.ends, self.deg, self.kinds, self.note
        self.propagate()
        self.connect()
        self.propagate()
        # A probe that follows from an earlier probe without contradiction (since
        # the last new fact) cannot fail: skip it.  implied[2e+v] holds the epoch.
        implied = [0] * (2 * m + 2)
        epoch = 1
        while self.unknown and not self.closed:
            progress = False
            for e in scan:
                if val[e] != UNKNOWN:
                    continue
                if FRONTIER:
                    a, b = ends[e]
                    if not (deg[a] == 1 or deg[b] == 1 or kinds[a] or kinds[b]):
                        continue
                if budget is not None and self.probes >= budget:
                    return
                tries = (1 - known[e],) if known is not None else (1, 0)
                for v in tries:
                    if implied[2 * e + v] == epoch:
                        continue
                    self.probes += 1
                    if note is not None:
                        note(PROBE, e, v)
                    mark = self.mark()
                    try:
                        self.assign(e, v)
                        self.propagate()
                        ok = True
                    except Contradiction:
                        ok = False
                    if ok:
                        for k in range(mark[0], len(trail)):
                            f = trail[k]
                            implied[2 * f + val[f]] = epoch
                    self.undo(mark)
                    if note is not None:
                        note(PROBED, e, v, ok)
                    if not ok:
                        self.assign(e, 1 - v)
                        self.propagate()
                        progress = True
                        epoch += 1
                        break
            if progress:
                self.connect()
                self.propagate()
            else:
                mark = self.mark()
                self.connect()
                self.propagate()
                if len(self.trail) == mark[0]:
                    return
                epoch += 1
