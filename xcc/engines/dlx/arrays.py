"""The flat integer arrays of Knuth's DLX2, shared by both dancing-links
engines (``sanity`` has its C twin in ``xcc/csrc/dlx/links.c``; the layouts and
``check_arrays`` theirs in ``xcc/csrc/dlx/layout.c``, which engine "c" uses).

Item ``i`` (1 <= i <= N) has ``llink[i]``/``rlink[i]`` (Knuth's prev/next) in
the item array; items ``1..N1`` are primary, ``N1+1..N`` secondary, and the
active primary items form a circular list through the root ``0``.  (Like
Knuth, the secondary items form their own list through header ``N+1``; the
search never walks it.)

Nodes live in four parallel arrays ``up``, ``down``, ``itm``, ``color``:
node ``i`` for ``1 <= i <= N`` is the header of item ``i`` and its ``itm``
field holds the list length (Knuth's ``len``).  Node ``N+1`` is the first
spacer; then each option's nodes follow in input order, each option followed
by a spacer.  A spacer has ``itm <= 0`` (``-k`` after option ``k``), ``up``
pointing to the first node of the option before it and ``down`` to the last
node of the option after it.  Colors are small positive integers (0 = no
color; -1 marks a node whose color has been cleansed).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...problem import Problem


@dataclass
class Arrays:
    n1: int  # number of primary items
    n: int  # number of items
    llink: list[int]
    rlink: list[int]
    up: list[int]
    down: list[int]
    itm: list[int]
    color: list[int]
    color_names: list[str]  # color code k >= 1 is color_names[k - 1]
    option_start: list[int]  # first node of option k

    @property
    def second(self) -> int:
        """The first secondary item (Knuth's ``second``)."""
        return self.n1 + 1

    @property
    def last_itm(self) -> int:
        return self.n + 1

    @property
    def last_node(self) -> int:
        return len(self.up)

    def option_of(self, node: int) -> int:
        """The 0-based option index that contains ``node``."""
        while self.itm[node] > 0:
            node += 1
        return -self.itm[node] - 1

    def as_numpy(self) -> dict[str, np.ndarray]:
        """int32 copies for the compiled engine."""
        return {name: np.asarray(getattr(self, name), dtype=np.int32)
                for name in ("llink", "rlink", "up", "down", "itm", "color")}


def build_arrays(problem: Problem) -> Arrays:
    """Lay out ``problem`` as DLX2 does after reading its input: from its
    integer arrays when it has them (a problem built by ``from_arrays``, or
    already compacted), else from its option tuples.  The two give the same
    layout (the tests hold them equal); each is the cheaper one for its form
    (the arrays' numpy work has a fixed cost of some 40 µs)."""
    if problem.has_compact():
        return layout_from_compact(problem)
    return layout_from_options(problem)


def layout_from_options(problem: Problem) -> Arrays:
    """The layout node by node from the option tuples, as Knuth's input phase
    builds it (cheapest for a problem given by names)."""
    n1 = len(problem.primary)
    n = n1 + len(problem.secondary)
    index = {name: k + 1 for k, name in enumerate(problem.items)}
    color_code: dict[str, int] = {}
    for name in problem.colors():
        color_code[name] = len(color_code) + 1

    llink = [0] * (n + 2)
    rlink = [0] * (n + 2)
    for i in range(1, n + 2):
        llink[i], rlink[i - 1] = i - 1, i
    # primary items: root <-> 1 <-> ... <-> n1 <-> root
    llink[0] = n1
    rlink[n1] = 0
    # secondary items: header n+1 <-> n1+1 <-> ... <-> n <-> n+1
    second = n1 + 1
    llink[second] = n + 1
    rlink[n + 1] = second
    if second == n + 1:  # no secondary items
        llink[n + 1] = rlink[n + 1] = n + 1

    up = list(range(n + 1))
    down = list(range(n + 1))
    itm = [0] * (n + 1)
    color = [0] * (n + 1)
    # first spacer
    up.append(0)
    down.append(0)
    itm.append(0)
    color.append(0)
    option_start = []
    for k, option in enumerate(problem.options):
        spacer = len(up) - 1
        option_start.append(spacer + 1)
        for name, col in option:
            i = index[name]
            p = len(up)
            itm[i] += 1  # the header's len
            q = up[i]  # the current bottom of the list
            up.append(q)
            down.append(i)
            down[q] = p
            up[i] = p
            itm.append(i)
            color.append(0 if col is None else color_code[col])
        down[spacer] = len(up) - 1
        # the spacer after option k
        up.append(spacer + 1)
        down.append(0)
        itm.append(-(k + 1))
        color.append(0)
    return Arrays(n1, n, llink, rlink, up, down, itm, color, list(color_code), option_start)


def layout_from_compact(problem: Problem) -> Arrays:
    """The whole-array form of the input loop: entry ``e`` of option ``k`` is
    node ``N+2+e+k``, the spacer after option ``k`` follows its last entry;
    each item's nodes, in input order, link up and down to their neighbours
    in that order, the first and last to the header."""
    c = problem.compact()
    n1 = len(problem.primary)
    n = n1 + len(problem.secondary)
    starts = c.starts.astype(np.int64)
    m, entries = len(starts) - 1, int(starts[-1])
    llink = np.arange(-1, n + 1)
    rlink = np.arange(1, n + 3)
    llink[0], rlink[n1] = n1, 0  # primary items: root <-> 1 <-> ... <-> n1 <-> root
    second = n1 + 1  # secondary items: header n+1 <-> n1+1 <-> ... <-> n <-> n+1
    llink[second], rlink[n + 1] = n + 1, second
    if second == n + 1:  # no secondary items
        llink[n + 1] = rlink[n + 1] = n + 1
    rlink = rlink[:n + 2]

    size = n + 2 + entries + m  # headers, the first spacer, nodes and a spacer per option
    up = np.zeros(size, dtype=np.int64)
    down = np.zeros(size, dtype=np.int64)
    itm = np.zeros(size, dtype=np.int64)
    color = np.zeros(size, dtype=np.int64)
    up[:n + 1] = down[:n + 1] = np.arange(n + 1)
    option = np.repeat(np.arange(m), np.diff(starts))
    node = n + 2 + np.arange(entries) + option
    item = c.items.astype(np.int64) + 1
    itm[node] = item
    color[node] = c.colors
    by_item = np.argsort(item, kind="stable")  # each item's nodes in input order
    nodes, items = node[by_item], item[by_item]
    first = np.ones(entries, dtype=bool)
    first[1:] = items[1:] != items[:-1]
    last = np.ones(entries, dtype=bool)
    last[:-1] = first[1:]
    up[nodes] = np.where(first, items, np.roll(nodes, 1))
    down[nodes] = np.where(last, items, np.roll(nodes, -1))
    down[items[first]] = nodes[first]
    up[items[last]] = nodes[last]
    itm[:n + 1] = np.bincount(item, minlength=n + 1)  # the headers' len
    itm[0] = 0
    option_start = n + 2 + starts[:-1] + np.arange(m)
    spacers = np.concatenate(([n + 1], option_start + np.diff(starts)))  # before option 0, after each
    itm[spacers[1:]] = -(np.arange(m) + 1)
    up[spacers[1:]] = option_start  # the first node of the option before
    down[spacers[:-1]] = spacers[1:] - 1  # the last node of the option after
    return Arrays(n1, n, llink.tolist(), rlink.tolist(), up.tolist(), down.tolist(), itm.tolist(),
                  color.tolist(), list(c.color_names), option_start.tolist())


def sanity(a: Arrays) -> list[str]:
    """Check the link invariants of the active structure; return the faults.

    Every active primary item's neighbours point back to it; every item list
    (primary active ones, and all secondary ones) is a proper circular list
    whose nodes belong to the item and whose length matches ``len``.
    """
    faults: list[str] = []
    q, p = 0, a.rlink[0]
    steps = 0
    items = []
    while True:
        if a.llink[p] != q:
            faults.append(f"bad llink at item {p}")
        if p == 0:
            break
        items.append(p)
        q, p = p, a.rlink[p]
        steps += 1
        if steps > a.n + 1:
            faults.append("item list does not close")
            return faults
    items += list(range(a.second, a.n + 1))
    for i in items:
        qq, pp, k = i, a.down[i], 0
        while True:
            if a.up[pp] != qq:
                faults.append(f"bad up field at node {pp}")
            if pp == i:
                break
            if a.itm[pp] != i:
                faults.append(f"bad itm field at node {pp}")
            qq, pp, k = pp, a.down[pp], k + 1
            if k > a.last_node:
                faults.append(f"list of item {i} does not close")
                break
        if a.itm[i] != k:
            faults.append(f"bad len field in item {i}: {a.itm[i]} != {k}")
    return faults


def check_arrays(n1: int, n: int, llink, rlink, up, down, itm, color) -> str | None:
    """Whether arrays given from outside are a layout Algorithm C can search
    (the twin of ``xcc_layout_arrays`` in ``xcc/csrc/dlx/layout.c``: the same
    checks in the same order, the same fault): None if so, else the fault.

    In linear time: every index in range; the primary items one circle
    through the root and the secondary ones one through header ``n+1``;
    headers with a length and no color; the options in order, each followed
    by its spacer (``itm`` ``-k``, pointing to the option's first node, the
    spacer before pointing to its last), no item twice in one; each item's
    list a circle through its header of exactly ``len`` nodes of that item,
    linked both ways, so that every node is in its item's list once.
    """
    last_node = len(up)
    if n1 < 1 or n < n1 or n > 2**31 - 4 or last_node < n + 2 or last_node > 2**31 - 3:
        return "links: impossible numbers of items or nodes"
    for i in range(n + 2):
        if not (0 <= llink[i] <= n + 1 and 0 <= rlink[i] <= n + 1):
            return f"links: llink or rlink of item {i} out of range"
    for p in range(last_node):
        if not (0 <= up[p] < last_node and 0 <= down[p] < last_node):
            return f"links: up or down of node {p} out of range"
    seen = [0] * (last_node + 1)
    q, p, steps = 0, rlink[0], 0
    while p != 0:
        if p > n1 or seen[p] or steps >= n1:
            return f"links: the list of primary items is broken at item {p}"
        if llink[p] != q:
            return f"links: llink of item {p} is not {q}"
        seen[p] = 1
        q, p, steps = p, rlink[p], steps + 1
    if llink[0] != q:
        return f"links: llink of the root is not {q}"
    for i in range(1, n1 + 1):
        if not seen[i]:
            return f"links: primary item {i} is not in the list"
    q, p, steps = n + 1, rlink[n + 1], 0
    while p != n + 1:
        if p <= n1 or seen[p] or steps >= n - n1:
            return f"links: the list of secondary items is broken at item {p}"
        if llink[p] != q:
            return f"links: llink of item {p} is not {q}"
        seen[p] = 1
        q, p, steps = p, rlink[p], steps + 1
    if llink[n + 1] != q:
        return f"links: llink of item {n + 1} is not {q}"
    for i in range(n1 + 1, n + 1):
        if not seen[i]:
            return f"links: secondary item {i} is not in the list"
    total = 0
    for i in range(1, n + 1):
        if itm[i] < 0 or color[i] != 0:
            return f"links: header {i} has len {itm[i]} and color {color[i]}"
        total += itm[i]
    if itm[n + 1] > 0 or itm[last_node - 1] > 0 or color[n + 1] != 0:
        where = n + 1 if itm[n + 1] > 0 or color[n + 1] != 0 else last_node - 1
        return f"links: node {where} must be a spacer without a color"
    for i in range(n + 1):
        seen[i] = -1  # now: the last option naming each item
    entries, k, before = 0, 0, n + 1  # before: the spacer before option k
    for p in range(n + 2, last_node):
        if itm[p] > 0:
            i = itm[p]
            if i > n:
                return f"links: node {p} names item {i}"
            if color[p] < 0 or (color[p] > 0 and i <= n1):
                return f"links: node {p} has color {color[p]}"
            if seen[i] == k:
                return f"links: option {k + 1} names item {i} twice"
            seen[i] = k
            entries += 1
            continue
        if p == before + 1:
            return f"links: option {k + 1} is empty (node {p})"
        if itm[p] != -(k + 1):
            return f"links: the spacer at node {p} has itm {itm[p]}, not {-(k + 1)}"
        if up[p] != before + 1 or down[before] != p - 1:
            return f"links: the spacers around option {k + 1} do not point to its ends"
        if color[p] != 0:
            return f"links: the spacer at node {p} has a color"
        before, k = p, k + 1
    if entries != total:
        return f"links: the lengths add up to {total}, but there are {entries} nodes"
    for i in range(1, n + 1):
        qq, pp, length, steps = i, down[i], itm[i], 0
        while True:
            if up[pp] != qq:
                return f"links: up of node {pp} is not {qq}"
            if pp == i:
                if steps != length:
                    return f"links: item {i} has {steps} nodes, not len {length}"
                break
            if steps >= length or pp <= n + 1 or itm[pp] != i:
                return f"links: the list of item {i} is broken at node {pp}"
            qq, pp, steps = pp, down[pp], steps + 1
    return None
