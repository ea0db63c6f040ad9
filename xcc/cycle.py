"""A single-cycle constraint over secondary items (the loop guard).

The caller maps secondary items to edges of a graph: item ``x`` stands for the
edges listed in ``edges[x]``, each ``((u, v), color)``, the edge being present
exactly when ``x`` receives ``color``.  ``present`` lists edges present before
the search starts; ``required`` the vertices the cycle must visit.  A solution
is accepted only if its present edges form exactly one cycle through every
required vertex.  The engine knows nothing else of the graph.

``CycleGuard`` is the reference implementation used by the Python engine:
path fragments whose ends know each other (``mate``), joined when an edge
appears and split again, exactly, on backtrack (a trail of changes).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable, Mapping, Sequence

from .errors import XCCError

Vertex = Hashable


@dataclass(frozen=True)
class Cycle:
    edges: Mapping[str, Sequence[tuple[tuple[Vertex, Vertex], str]]]
    required: Sequence[Vertex] = ()
    present: Sequence[tuple[Vertex, Vertex]] = ()
    cuts: Sequence[Sequence[tuple[Vertex, Vertex]]] = ()
    propagate: bool = False

    def compile_for(self, problem) -> "CompiledCycle":
        """:meth:`compile` with the color codes every engine uses for
        ``problem`` (code ``k`` is the ``k``-th of ``problem.colors()``)."""
        codes = {name: k + 1 for k, name in enumerate(problem.colors())}
        return self.compile(problem.secondary, codes)

    def compile(self, secondary: Sequence[str], colors: Mapping[str, int]) -> "CompiledCycle":
        """Number the vertices and map each (item, color code) to edge pairs."""
        vindex: dict[Vertex, int] = {}

        def vid(v: Vertex) -> int:
            if v not in vindex:
                vindex[v] = len(vindex)
            return vindex[v]

        sec_index = {name: k for k, name in enumerate(secondary)}
        item_edges: list[list[tuple[int, int, int]]] = [[] for _ in secondary]
        for name, pairs in self.edges.items():
            if name not in sec_index:
                raise XCCError(f"cycle constraint: {name!r} is not a secondary item")
            for (u, v), color in pairs:
                code = colors.get(str(color))
                if code is None:  # a color no option uses: the edge can never appear
                    continue
                item_edges[sec_index[name]].append((code, vid(u), vid(v)))
        present = [(vid(u), vid(v)) for u, v in self.present]
        required = sorted({vid(v) for v in self.required})
        cuts = [[(vid(u), vid(v)) for u, v in cut] for cut in self.cuts]
        return CompiledCycle(len(vindex), item_edges, present, required, cuts, self.propagate)


@dataclass
class CompiledCycle:
    """The cycle constraint on integer vertices, ready for an engine."""

    nverts: int
    item_edges: list[list[tuple[int, int, int]]]  # per secondary item: (color, u, v)
    present: list[tuple[int, int]]
    required: list[int]
    cuts: list[list[tuple[int, int]]] = field(default_factory=list)
    propagate: bool = False


class CycleGuard:
    """Fragments of the growing cycle, with an exact undo trail.

    ``deg[v]`` is the number of present edges at ``v``; for an end of an open
    fragment ``mate[v]`` is the other end.  ``fragments`` counts open paths;
    ``closed`` says a cycle has closed (then no edge may appear again).
    """

    def __init__(self, cc: CompiledCycle) -> None:
        self.cc = cc
        n = cc.nverts
        self.deg = [0] * n
        self.mate = list(range(n))
        self.is_required = [False] * n
        for v in cc.required:
            self.is_required[v] = True
        self.nrequired = len(cc.required)
        self.touched_required = 0  # required vertices with degree > 0
        self.fragments = 0
        self.closed = False
        self.item_color = [0] * len(cc.item_edges)  # the color each item received
        self.trail: list[tuple] = []
        self.ok = all(self.add(u, v) for u, v in cc.present)
        self.trail.clear()  # the initial edges are never undone

    # Each operation records what it changed; ``undo_to`` reverts to a mark.
    def _set(self, array: list, v: int, value: int) -> None:
        self.trail.append((array, v, array[v]))
        array[v] = value

    def _set_attr(self, name: str, value) -> None:
        self.trail.append((None, name, getattr(self, name)))
        setattr(self, name, value)

    def mark(self) -> int:
        return len(self.trail)

    def undo_to(self, mark: int) -> None:
        trail = self.trail
        while len(trail) > mark:
            array, k, old = trail.pop()
            if array is None:
                setattr(self, k, old)
            else:
                array[k] = old

    def add(self, u: int, v: int) -> bool:
        """Add edge u-v; False if it breaks the single-cycle rule."""
        if self.closed or u == v or self.deg[u] == 2 or self.deg[v] == 2:
            return False
        for w in (u, v):
            if self.deg[w] == 0 and self.is_required[w]:
                self._set_attr("touched_required", self.touched_required + 1)
        du, dv = self.deg[u], self.deg[v]
        if du and dv and self.mate[u] == v:  # closes a cycle
            if self.fragments != 1 or self.touched_required != self.nrequired:
                return False
            self._set(self.deg, u, 2)
            self._set(self.deg, v, 2)
            self._set_attr("fragments", 0)
            self._set_attr("closed", True)
            return True
        a = self.mate[u] if du else u  # far end on u's side
        b = self.mate[v] if dv else v
        self._set(self.deg, u, du + 1)
        self._set(self.deg, v, dv + 1)
        self._set(self.mate, a, b)
        self._set(self.mate, b, a)
        self._set_attr("fragments", self.fragments + 1 - (du > 0) - (dv > 0))
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
