"""The loop guard: the single-cycle constraint inside dancing links.

Whenever a secondary item mapped to edges receives a color, the edges that
color makes present join the path fragments of :mod:`xcc.fragments`; a move
that closes a cycle while other fragments exist, or before every required
vertex is on it, is refused, and so is any edge after a cycle has closed.
The engine undoes it all on backtrack (``mark``/``undo_to``).  C twin:
``xcc/csrc/dlx/guard.c``.
"""
from __future__ import annotations

from ...cycle import CompiledCycle
from ...fragments import Fragments


class CycleGuard(Fragments):
    """Fragments of the growing cycle, with the single-cycle rules.

    ``fragments`` counts open paths; ``closed`` says a cycle has closed (then
    no edge may appear again); ``touched_required`` counts the required
    vertices with an edge; ``item_color[x]`` is the color item ``x``
    received (0 none yet, -1 named without a color).
    """

    def __init__(self, cc: CompiledCycle) -> None:
        super().__init__(cc.nverts)
        self.cc = cc
        self.is_required = [False] * cc.nverts
        for v in cc.required:
            self.is_required[v] = True
        self.nrequired = len(cc.required)
        self.touched_required = 0
        self.fragments = 0
        self.closed = False
        self.item_color = [0] * len(cc.item_edges)
        self.ok = all(self.add(u, v) for u, v in cc.present)
        self.trail.clear()  # the initial edges are never undone

    def add(self, u: int, v: int) -> bool:
        """Add edge u-v; False if it breaks the single-cycle rule."""
        deg = self.deg
        if self.closed or u == v or deg[u] == 2 or deg[v] == 2:
            return False
        for w in (u, v):
            if deg[w] == 0 and self.is_required[w]:
                self._set_attr("touched_required", self.touched_required + 1)
        if self.closes(u, v):
            if self.fragments != 1 or self.touched_required != self.nrequired:
                return False
            self.close_cycle(u, v)
            self._set_attr("fragments", 0)
            self._set_attr("closed", True)
            return True
        merged = (deg[u] > 0) + (deg[v] > 0)
        self.join(u, v)
        self._set_attr("fragments", self.fragments + 1 - merged)
        return True

    def add_item(self, item: int, color: int) -> bool:
        """Secondary item ``item`` (0-based among secondaries) got ``color``."""
        self._set(self.item_color, item, color)
        for c, u, v in self.cc.item_edges[item]:
            if c == color and not self.add(u, v):
                return False
        return True

    def set_uncolored(self, item: int) -> None:
        """Item ``item`` was named without a color: it gets none, its edges are absent."""
        self._set(self.item_color, item, -1)

    def accepts_solution(self) -> bool:
        return self.closed
