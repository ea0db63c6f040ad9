"""A problem laid out as SSXCC's arrays (Knuth's ``ssxcc.w``), shared by both
Dancing Cells engines: the C search takes these arrays as they are.

``set`` holds, for each item, two header entries and then its active
options: item ``x`` (an index into ``set``) has ``pos(x) = set[x-2]``, its
place in ``item``, and ``size(x) = set[x-1]``, how many options are active;
``set[x]..set[x+size(x)-1]`` are the nodes of those options.  ``item`` lists
every item's ``x``, the active ones first (a sparse set: ``item[pos(x)] == x``).
Primary items come first, so ``x < second`` says primary.

Nodes are four parallel lists: ``itm`` (the item's ``x``; a spacer's is
``-t`` after an option of ``t`` nodes, so that a walk from any node of an
option wraps round it), ``loc`` (where the node sits in its item's set:
``set[loc[y]] == y``), ``clr`` (its color code, 0 for none) and ``opt`` (the
option's index, -1 for a spacer).  Node 0 is the first spacer.

Knuth keeps four header entries per item (two for the item's name); the
names are not needed here, so two suffice: the search and its mems are the
same.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...problem import Problem

EXTRA = 2  # header entries of set per item: pos, size


@dataclass
class Cells:
    n1: int  # primary items
    n: int  # items
    set: list[int]
    item: list[int]
    itm: list[int]
    loc: list[int]
    clr: list[int]
    opt: list[int]
    second: int  # the first secondary item's x (beyond every x when there is none)
    bad: bool  # a primary item has no option: SSXCC does not search

    def pos(self, x: int) -> int:
        return self.set[x - 2]

    def size(self, x: int) -> int:
        return self.set[x - 1]


def build_cells(problem: Problem) -> Cells:
    """The arrays after SSXCC's input phase, from the problem's compact arrays."""
    c = problem.compact()
    starts, items, colors = c.starts.tolist(), c.items.tolist(), c.colors.tolist()
    n1, n = len(problem.primary), len(problem.items)
    sizes = [0] * n
    for i in items:
        sizes[i] += 1
    xs, x = [], EXTRA
    for k in range(n):
        xs.append(x)
        x += EXTRA + sizes[k]
    setlist = [0] * (x - EXTRA)
    second = xs[n1] if n1 < n else x
    for k in range(n):
        setlist[xs[k] - 2] = k
    itm, loc, clr, opt = [0], [0], [0], [-1]
    for k in range(len(starts) - 1):
        first, last = starts[k], starts[k + 1]
        for j in range(first, last):
            xi = xs[items[j]]
            y = len(itm)
            q = xi + setlist[xi - 1]
            setlist[xi - 1] += 1
            setlist[q] = y
            itm.append(xi)
            loc.append(q)
            clr.append(colors[j])
            opt.append(k)
        itm.append(first - last)  # the spacer: a walk from any node wraps round the option
        loc.append(0)
        clr.append(0)
        opt.append(-1)
    bad = any(sizes[k] == 0 for k in range(n1))
    return Cells(n1, n, setlist, list(xs), itm, loc, clr, opt, second, bad)


def sanity(a: Cells) -> list[str]:
    """The invariants of the sparse sets (Knuth's ``sanity``): what is wrong, or []."""
    out = []
    for k, x in enumerate(a.item):
        if a.pos(x) != k:
            out.append(f"bad pos of item at {k}")
    for y, x in enumerate(a.itm):
        if x > 0 and a.set[a.loc[y]] != y:
            out.append(f"bad loc of node {y}")
    return out

