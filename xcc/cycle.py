"""A single-cycle constraint over secondary items (the loop guard).

The caller maps secondary items to edges of a graph: item ``x`` stands for the
edges listed in ``edges[x]``, each ``((u, v), color)``, the edge being present
exactly when ``x`` receives ``color``.  ``present`` lists edges present before
the search starts; ``required`` the vertices the cycle must visit.  A solution
is accepted only if its present edges form exactly one cycle through every
required vertex.  The engine knows nothing else of the graph.

``Cycle`` is what the caller writes, on its own vertex and item names;
``CompiledCycle`` is the same constraint on integers, which every engine
reads (the dancing-links guard, ``xcc.engines.dlx.guard``; the SAT
translation, ``xcc.engines.sat.translate``; both compiled users take
``CompiledCycle.arrays()``).
"""
from __future__ import annotations

from array import array
from collections import abc
from dataclasses import dataclass, field
from typing import Hashable, Mapping, Sequence

from .errors import XCCError, XCCTypeError

Vertex = Hashable


def _pair(value: object, where: str) -> None:
    """Refuse anything but an edge ``(u, v)`` of two hashable vertices (a loop
    ``(u, u)`` is an edge too: it is a cycle by itself)."""
    try:
        u, v = value  # type: ignore[misc]
        hash(u), hash(v)
    except (TypeError, ValueError):
        raise XCCTypeError(f"an edge is a pair of hashable vertices (u, v), not {value!r}"[:160],
                           where) from None


def _listing(value: object, argument: str) -> list:
    # (collections.abc's Mapping: isinstance of typing's takes twice as long, once an item)
    if isinstance(value, (str, bytes, abc.Mapping)) or not hasattr(value, "__iter__"):
        raise XCCTypeError(f"{argument} must be a list, not {type(value).__name__}",
                           f"argument {argument!r}")
    return list(value)  # type: ignore[call-overload]


@dataclass(frozen=True)
class Cycle:
    """See the module's text.  Every argument is checked here, when the
    constraint is made, so that nothing the caller wrote fails later inside
    a search."""

    edges: Mapping[str, Sequence[tuple[tuple[Vertex, Vertex], str]]]
    required: Sequence[Vertex] = ()
    present: Sequence[tuple[Vertex, Vertex]] = ()
    cuts: Sequence[Sequence[tuple[Vertex, Vertex]]] = ()
    propagate: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.edges, Mapping):
            raise XCCTypeError("edges must be a mapping {item: [((u, v), color), ...]}, not "
                               f"{type(self.edges).__name__}", "argument 'edges'")
        for name, pairs in self.edges.items():
            where = f"argument 'edges', item {name!r}"[:120]
            if not isinstance(name, str):
                raise XCCTypeError(f"an item name must be a str, not {type(name).__name__}",
                                   where)
            for entry in _listing(pairs, "edges"):
                try:
                    edge, color = entry
                except (TypeError, ValueError):
                    raise XCCTypeError(f"an entry is ((u, v), color), not {entry!r}"[:160],
                                       where) from None
                _pair(edge, where)
                if isinstance(color, bool) or not isinstance(color, (str, int)):
                    raise XCCTypeError(f"a color must be a str, not {type(color).__name__}",
                                       where)
        for v in _listing(self.required, "required"):
            try:
                hash(v)
            except TypeError:
                raise XCCTypeError(f"a vertex must be hashable, not {type(v).__name__}",
                                   "argument 'required'") from None
        for edge in _listing(self.present, "present"):
            _pair(edge, "argument 'present'")
        for k, cut in enumerate(_listing(self.cuts, "cuts")):
            for edge in _listing(cut, "cuts"):
                _pair(edge, f"argument 'cuts', cut {k + 1}")
        if not isinstance(self.propagate, bool):
            raise XCCTypeError(f"propagate must be a bool, not {type(self.propagate).__name__}",
                               "argument 'propagate'")

    @classmethod
    def trusted(cls, edges: Mapping[str, Sequence[tuple[tuple[Vertex, Vertex], str]]],
                required: Sequence[Vertex] = (), present: Sequence[tuple[Vertex, Vertex]] = (),
                cuts: Sequence[Sequence[tuple[Vertex, Vertex]]] = (),
                propagate: bool = False) -> "Cycle":
        """The constraint without the checks, for a library that built the
        arguments itself (as ``Problem.from_arrays(..., trusted=True)``): the
        checks cost more than the whole proof of a small puzzle."""
        self = object.__new__(cls)
        for name, value in (("edges", edges), ("required", required), ("present", present),
                            ("cuts", cuts), ("propagate", propagate)):
            object.__setattr__(self, name, value)
        return self

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

    def arrays(self) -> tuple:
        """The constraint as the flat int32 arrays the compiled code takes
        (``_native.Solver``'s and ``_native.cnf``'s ``cycle`` argument):
        ``(nverts, edge_start, edge_color, edge_u, edge_v, present, required)``,
        item ``x``'s edges at ``edge_start[x] .. edge_start[x+1]``, ``present``
        flattened ``u, v, u, v, ...``."""
        start = array("i", [0])
        color, u, v = array("i"), array("i"), array("i")
        for edges in self.item_edges:
            for c, a, b in edges:
                color.append(c)
                u.append(a)
                v.append(b)
            start.append(len(color))
        present = array("i", [x for edge in self.present for x in edge])
        required = array("i", self.required)
        return (self.nverts, start, color, u, v, present, required)
