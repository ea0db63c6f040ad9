"""Choosing the order of primary items: it decides the diagram's width.

The state before a level holds every item (and vertex) that an earlier
level may have touched and a later one may still touch, so a good order
keeps the items of each option close together.  ``choose_order`` weighs
a few candidate orders by the size of their frontiers (static, no search)
and keeps the smallest: the input order (a caller who lays a grid out row
by row, short side across, gets that order), and the reverse
Cuthill-McKee order of the graph in which two primary items are adjacent
when they share an option or a secondary item.  Callers who know better
(``masyu`` does, for grids) pass their own order.
"""
from __future__ import annotations

from collections import deque

from ...cycle import CompiledCycle
from ...problem import Problem


def frontier_cost(problem: Problem, order: tuple[int, ...]) -> tuple[int, int]:
    """(largest, total) number of items in the frontiers L_k of ``order``."""
    c = problem.compact()
    n1 = len(problem.primary)
    n = n1 + len(problem.secondary)
    level_of = [0] * n1
    for k, i in enumerate(order):
        level_of[i] = k
    starts, items = c.starts.tolist(), c.items.tolist()
    first = [len(order)] * n
    last = [-1] * n
    for o in range(len(starts) - 1):
        entry = items[starts[o]:starts[o + 1]]
        owner = min(level_of[i] for i in entry if i < n1)
        for i in entry:
            first[i] = min(first[i], owner)
            last[i] = max(last[i], owner)
    for i in range(n1):
        last[i] = level_of[i]
    delta = [0] * (len(order) + 2)
    for i in range(n):
        if first[i] < last[i]:
            delta[first[i] + 1] += 1
            delta[last[i] + 1] -= 1
    width = total = running = 0
    for k in range(len(order) + 1):
        running += delta[k]
        width = max(width, running)
        total += running
    return width, total


def cuthill_mckee(problem: Problem) -> tuple[int, ...]:
    """Reverse Cuthill-McKee over the primary items (breadth first from an
    item of least degree, neighbours by rising degree, ties by input order)."""
    c = problem.compact()
    n1 = len(problem.primary)
    starts, items = c.starts.tolist(), c.items.tolist()
    by_item: dict[int, list[int]] = {}
    for o in range(len(starts) - 1):
        for i in items[starts[o]:starts[o + 1]]:
            by_item.setdefault(i, []).append(o)
    adjacent: list[set[int]] = [set() for _ in range(n1)]
    for i in sorted(by_item):
        primaries = sorted({j for o in by_item[i] for j in items[starts[o]:starts[o + 1]]
                            if j < n1})
        if len(primaries) > 200:  # an item in everything says nothing about locality
            continue
        for j in primaries:
            adjacent[j].update(primaries)
    degree = [len(a) for a in adjacent]
    seen = [False] * n1
    out: list[int] = []
    for start in sorted(range(n1), key=lambda i: (degree[i], i)):
        if seen[start]:
            continue
        seen[start] = True
        queue = deque([start])
        while queue:
            i = queue.popleft()
            out.append(i)
            for j in sorted(adjacent[i], key=lambda j: (degree[j], j)):
                if not seen[j]:
                    seen[j] = True
                    queue.append(j)
    return tuple(reversed(out))


def choose_order(problem: Problem, cycle: CompiledCycle | None = None) -> tuple[int, ...]:
    """The candidate order with the smallest frontiers (ties: the input order)."""
    n1 = len(problem.primary)
    candidates = [tuple(range(n1))]
    if n1 <= 20000:
        candidates.append(cuthill_mckee(problem))
    return min(candidates, key=lambda order: frontier_cost(problem, order))
