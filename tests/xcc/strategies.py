"""Hypothesis strategies: small random XCC problems, with and without a cycle constraint."""
from __future__ import annotations

import warnings

from hypothesis import strategies as st

from xcc import Cycle, Problem


@st.composite
def problems(draw, max_primary=4, max_secondary=3, max_options=10, colors="ab"):
    n1 = draw(st.integers(1, max_primary))
    n2 = draw(st.integers(0, max_secondary))
    primary = [f"p{i}" for i in range(n1)]
    secondary = [f"s{i}" for i in range(n2)]
    m = draw(st.integers(1, max_options))
    options = []
    for _ in range(m):
        prim = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=n1, unique=True))
        sec = draw(st.lists(st.sampled_from(secondary), max_size=n2, unique=True)) if n2 else []
        option = [(p, None) for p in prim]
        for s in sec:
            option.append((s, draw(st.sampled_from([None, *colors]))))
        order = draw(st.permutations(option))
        options.append(list(order))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return Problem(primary, secondary, options)


@st.composite
def cycle_problems(draw, max_vertices=5):
    """A problem whose secondary items stand for edges of a small multigraph."""
    problem = draw(problems(max_secondary=5, max_options=9))
    nv = draw(st.integers(2, max_vertices))
    edges = {}
    for s in problem.secondary:
        pairs = []
        for _ in range(draw(st.integers(0, 2))):
            u = draw(st.integers(0, nv - 1))
            v = draw(st.integers(0, nv - 1).filter(lambda x: x != u))
            pairs.append(((u, v), draw(st.sampled_from("ab"))))
        edges[s] = pairs
    required = draw(st.lists(st.integers(0, nv - 1), max_size=2, unique=True))
    present = []
    if draw(st.booleans()):
        u = draw(st.integers(0, nv - 1))
        present.append((u, (u + 1) % nv))
    return problem, Cycle(edges, required, present)


def one_cycle(edge_list, required) -> bool:
    """Brute-force check: the edges form exactly one cycle through ``required``."""
    if not edge_list:
        return False
    deg: dict = {}
    adj: dict = {}
    for u, v in edge_list:
        deg[u] = deg.get(u, 0) + 1
        deg[v] = deg.get(v, 0) + 1
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    if any(d != 2 for d in deg.values()) or any(r not in deg for r in required):
        return False
    start = next(iter(deg))
    seen = {start}
    stack = [start]
    while stack:
        for w in adj[stack.pop()]:
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return len(seen) == len(deg)


def present_edges(problem, cycle, chosen):
    colors = {}
    for k in chosen:
        for item, color in problem.options[k]:
            if color is not None:
                colors[item] = color
    out = list(cycle.present)
    for item, pairs in cycle.edges.items():
        for e, c in pairs:
            if colors.get(item) == c:
                out.append(e)
    return out


@st.composite
def total_cycle_problems(draw):
    """Like ``cycle_problems``, but every edge item must receive color a or b
    (propagation's promise), and with parity cuts taken from vertex subsets."""
    problem, cycle = draw(cycle_problems())
    options = [list(o) for o in problem.options]
    primary = list(problem.primary)
    for s in problem.secondary:
        if cycle.edges.get(s):
            primary.append(f"t{s}")
            options += [[(f"t{s}", None), (s, "a")], [(f"t{s}", None), (s, "b")]]
    vertices = sorted({v for pairs in cycle.edges.values() for (e, _) in pairs for v in e}
                      | {v for e in cycle.present for v in e})
    cuts = []
    for _ in range(draw(st.integers(0, 2))):
        side = set(draw(st.lists(st.sampled_from(vertices), unique=True))) if vertices else set()
        cut = [e for pairs in cycle.edges.values() for (e, _) in pairs
               if (e[0] in side) != (e[1] in side)]
        cut += [e for e in cycle.present if (e[0] in side) != (e[1] in side)]
        cuts.append(cut)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        total = Problem(primary, problem.secondary, options)
    return total, Cycle(cycle.edges, cycle.required, cycle.present, cuts=cuts, propagate=True)
