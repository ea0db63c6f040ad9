"""The connectivity cuts of a model: why a set of edges is not one cycle
through every required vertex, as clauses valid for every solution.

A component ``C`` with no required vertex, or with only some required
vertices, cannot be the whole cycle, so "not every edge of ``C``"; and a
component holding some but not all required vertices must be left, so "some
edge across its boundary".  Both ways of enforcing connectivity use these
cuts: the lazy loop of the engine and the propagator.  C twin of
``check_edges``: ``xcc/csrc/sat/cuts.c``.

``t`` is a translation (reference or compiled): these read its ``edges``
(``(u, v, literal)``, literal 0 for an edge present from the start),
``incident`` and ``required``.
"""
from __future__ import annotations


def check_edges(t, true_edges: list[int]) -> tuple[bool, list[list[int]]]:
    """Is the set of edges (indices into ``t.edges``) one cycle through every
    required vertex?  If not, the cuts that it violates (at least one)."""
    edges = t.edges
    first: dict[int, int] = {}  # vertex -> an edge at it
    second: dict[int, int] = {}  # vertex -> the other edge at it
    for j in true_edges:
        u, v, _ = edges[j]
        for w in (u, v):
            if w not in first:
                first[w] = j
            elif w not in second:
                second[w] = j
            else:
                second[w] = -1  # degree 3 or more
    if not true_edges or len(second) != len(first) or -1 in second.values() or \
            any(edges[j][0] == edges[j][1] for j in true_edges):
        # the CNF forbids these; answer with the weakest valid cut
        return False, [sorted({-edges[j][2] for j in true_edges if edges[j][2]})] if true_edges else []
    seen: set[int] = set()
    components: list[tuple[list[int], set[int]]] = []
    for start in first:  # every vertex has degree 2: walk each cycle
        if start in seen:
            continue
        comp, verts = [], {start}
        w, j = start, first[start]
        while True:
            comp.append(j)
            u, v, _ = edges[j]
            w = v if u == w else u
            if w == start:
                break
            verts.add(w)
            j = second[w] if first[w] == j else first[w]
        seen |= verts
        components.append((comp, verts))
    required = t.required
    if len(components) == 1 and all(r in components[0][1] for r in required):
        return True, []
    cuts = []
    for k, (comp, verts) in enumerate(components):
        inside = sum(1 for r in required if r in verts)
        not_all = sorted({-edges[j][2] for j in comp if edges[j][2]})
        if not required:  # no single component is wrong: two cannot both stay
            other = components[(k + 1) % len(components)][0]
            cuts.append(sorted(set(not_all) | {-edges[j][2] for j in other if edges[j][2]}))
        elif inside == 0:
            cuts.append(not_all)
        elif inside < len(required):
            cut = boundary(t, verts)
            cuts.append(not_all if cut is None else cut)
    return False, cuts


def boundary(t, verts: set[int]) -> list[int] | None:
    """The cut "some edge with one end in ``verts`` is present" (None if an
    edge present from the start crosses: then the cut says nothing)."""
    out = set()
    edges = t.edges
    for w in verts:
        for j in t.incident[w]:
            u, v, lit = edges[j]
            if (u in verts) != (v in verts):
                if not lit:
                    return None
                out.add(lit)
    return sorted(out)

