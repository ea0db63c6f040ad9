"""Engine "costs-python": the k cheapest solutions, by Knuth's DLX5 (Algorithm C$).

A translation of DLX5 (TAOCP 7.2.2.1, "exact covering with costs"; the CWEB
program dlx5.w), step for step and mem for mem, so that its statistics
(nodes, updates, cleansings, mems) equal DLX5's on the same file and ``k``.
The arrays are DLX2's (``ulink``, ``dlink``, ``top``, ``color``; ``len`` of an
item in its header's ``top``; ``llink``, ``rlink``), nodes laid out in the
problem's order, with ``cost``: the *net* cost of a node's option.

Input phase (``CostArrays``, not counted in mems, as DLX5's ``imems`` are not):

- Taxes: each primary item in turn, left to right, is taxed the least net cost
  of the options in its list, and that tax is taken off the net cost of each
  of those options; so every primary item has an option of net cost 0 and no
  net cost is negative.  A solution's cost is its net cost plus ``total_tax``.
- Every item's list is sorted by net cost, stably (DLX5's list merge sort
  keeps the order of equal costs): cheapest on top.

Search (``CostsRun``), DLX5's labels in the comments.  ``cutoff`` is the
``k``-th least net cost found so far (DLX5's heap ``bestcost``), ``INF`` until
``k`` solutions are found; with no ``k`` (the registry's engine, which lists
every solution) it stays ``INF``.

- forward: a node; choose the item to branch on (``choose``): among the
  active primary items, the one with the fewest *usable* options (those of
  net cost below ``cutoff - curcost``; counted no further than ``t``, the best
  so far, and after ``LENTHRESH`` of them its list's length is taken instead),
  ties to the one whose cheapest option is dearest, then leftmost; an item
  with no usable option sends us back (backdown).  Cover it, hiding only the
  options of net cost below ``cutoff - nextcost`` (dearer ones can never be
  used below), the first option the choice.
- advance: commit the other items of the choice with the threshold
  ``cutoff - nextcost``; no active primary item left: a solution (a node too),
  its cost enters the heap and lowers ``cutoff``, and we recover at the same
  level; else the next level.
- recover: uncommit, take the next option; back up when the list is done or
  when ``curcost`` plus its net cost reaches ``cutoff`` (the rest are dearer).
- backup: uncover the item (with the threshold it was covered with);
  backdown: to the level above, or the end.

Uncover walks an item's list top to bottom as cover did (Knuth: "no harm is
done"), so the same threshold bounds both.  Counted as DLX5 counts: a mem for
each read or write of a node's field, ``ulink``/``dlink`` read together one,
``top``/``color`` read together one; an update for each item covered and each
option hidden from a list; a cleansing for each purify and each node cleansed.

Once the search is over the run hands out the kept solutions in increasing
order of cost (ties in the order found): one SOLUTION each.  DLX5 keeps only
costs; this engine keeps the solutions beside them, and when a new solution
evicts the dearest kept one, of several equally dear it evicts the last found.
``step(budget)`` pauses at a node once ``budget`` more mems have been spent.
"""
from __future__ import annotations

from typing import Iterator

from ...errors import XCCError
from ...problem import Problem
from ..base import NO_BUDGET, PAUSED, SOLUTION, GeneratorRun, MemsRun
from . import LENTHRESH
from .kept import Kept

INF = (1 << 64) - 1  # DLX5's infcost: a cutoff not reached yet
MAX_NODES = 10000000  # DLX5's max_nodes: choose's starting "fewest options"


class CostArrays:
    """DLX5's input phase for ``problem``: the nodes in the problem's order
    (item ``i`` of 1..n its header, the first spacer at n+1), the taxes
    assessed, every item's list sorted by net cost.  ``cost[x]`` is the net
    cost of node ``x``'s option, ``tax[i]`` item i's tax, ``total_tax`` their sum."""

    def __init__(self, problem: Problem) -> None:
        c = problem.compact()
        n1, n = len(problem.primary), len(problem.items)
        starts, items, colors = c.starts.tolist(), c.items.tolist(), c.colors.tolist()
        m = len(starts) - 1
        costs = list(problem.costs) or [0] * m
        self.n1, self.n = n1, n
        size = n + 1 + starts[-1] + m + 1
        self.ulink = ulink = [0] * size
        self.dlink = dlink = [0] * size
        self.top = top = [0] * size  # a header: its len; a spacer: -(its option's number)
        self.color = color = [0] * size
        self.cost = cost = [0] * size
        # the active primary items in a list headed by 0; the secondary ones in
        # their own list headed by n+1 (cover may take one out: no harm)
        self.llink = llink = [0] * (n + 2)
        self.rlink = rlink = [0] * (n + 2)
        for k in range(1, n1 + 1):
            llink[k], rlink[k - 1] = k - 1, k
        llink[0], rlink[n1] = n1, 0
        head = n + 1
        previous = head
        for k in range(n1 + 1, n + 1):
            llink[k], rlink[previous] = previous, k
            previous = k
        llink[head], rlink[previous] = previous, head
        lists: list[list[int]] = [[] for _ in range(n + 1)]
        option_nodes = []
        last = n + 1  # the first spacer
        for k in range(m):
            spacer = last
            first = last + 1
            for e in range(starts[k], starts[k + 1]):
                last += 1
                i = items[e] + 1
                top[last], color[last] = i, colors[e]
                lists[i].append(last)
            dlink[spacer] = last
            option_nodes.append(range(first, last + 1))
            last += 1
            top[last], ulink[last] = -(k + 1), first
        self.last_node = last
        # taxes: item by item, the least net cost of its options, taken off them
        net = list(costs)
        option_at = {}
        for k, nodes in enumerate(option_nodes):
            for x in nodes:
                option_at[x] = k
        self.tax = tax = [0] * (n + 1)
        for i in range(1, n1 + 1):
            ks = [option_at[x] for x in lists[i]]
            least = min((net[k] for k in ks), default=0)
            if least:
                tax[i] = least
                for k in ks:
                    net[k] -= least
        self.total_tax = sum(tax)
        for k, nodes in enumerate(option_nodes):
            for x in nodes:
                cost[x] = net[k]
        # every item's list in increasing net cost, stably
        for i in range(1, n + 1):
            ordered = sorted(lists[i], key=cost.__getitem__)
            top[i] = len(ordered)
            prev = i
            for x in ordered:
                dlink[prev], ulink[x] = x, prev
                prev = x
            dlink[prev], ulink[i] = i, prev

    def option_of(self, x: int) -> int:
        """The problem's index of the option of node ``x``."""
        top = self.top
        while top[x] > 0:
            x += 1
        return -top[x] - 1

    def sanity(self) -> None:
        """DLX5's ``sanity``: the active items' lists are doubly linked, hold
        their own nodes in increasing net cost, and a primary one's ``len`` is
        its length."""
        a, n1 = self, self.n1
        q, p = 0, a.rlink[0]
        while True:
            assert a.llink[p] == q, f"bad llink at item {p}"
            if p == 0:
                break
            qq, pp, k = p, a.dlink[p], 0
            while True:
                assert a.ulink[pp] == qq, f"bad ulink at node {pp}"
                if pp == p:
                    break
                assert a.top[pp] == p, f"bad top at node {pp}"
                assert qq == p or a.cost[pp] >= a.cost[qq], f"costs out of order at {pp}"
                qq, pp, k = pp, a.dlink[pp], k + 1
            assert p > n1 or a.top[p] == k, f"bad len at item {p}"
            q, p = p, a.rlink[p]


class CostsRun(GeneratorRun, MemsRun):
    """One run of DLX5's search over ``CostArrays``, keeping the ``k``
    cheapest solutions (every solution when ``k`` is None: no cutoff)."""

    def __init__(self, a: CostArrays, k: int | None) -> None:
        self.a, self.k = a, k
        self.nodes = self.updates = self.cleansings = self.mems = self.max_level = 0
        self.kept = Kept(k)
        self.found = 0  # solutions found (each beat the cutoff of its time)
        self.cutoff = INF
        self._bestcost = [INF] * k + [0] if k is not None else []  # DLX5's heap of net costs
        self.mems = k or 0  # a mem for each INF put into the heap
        self._last: tuple[int, tuple[int, ...]] | None = None
        self._pause_at = NO_BUDGET
        self._steps: Iterator[int] | None = self._search()

    # ---- the Run protocol -------------------------------------------------------

    def solution(self) -> tuple[int, ...]:
        if self._last is None:
            raise XCCError("no solution yet")
        return self._last[1]

    def cost(self) -> int:
        """The cost of the last solution handed out."""
        if self._last is None:
            raise XCCError("no solution yet")
        return self._last[0]

    def counters(self) -> dict[str, int]:
        return {"nodes": self.nodes, "updates": self.updates, "cleansings": self.cleansings,
                "mems": self.mems, "max_level": self.max_level}

    # ---- cover and uncover, purify and unpurify, below a threshold ----------------

    def _hide_option(self, rr: int, mems: int) -> int:
        """Take the other nodes of ``rr``'s option out of their lists
        (cleansed ones are in none); the mems so far in and out."""
        a = self.a
        ulink, dlink, top, color, n1 = a.ulink, a.dlink, a.top, a.color, a.n1
        nn = rr + 1
        while nn != rr:
            mems += 1
            if color[nn] >= 0:
                uu, dd = ulink[nn], dlink[nn]; mems += 1  # noqa: E702
                cc = top[nn]
                if cc <= 0:
                    nn = uu
                    continue
                dlink[uu] = dd; ulink[dd] = uu; mems += 2  # noqa: E702
                self.updates += 1
                if cc <= n1:
                    top[cc] -= 1; mems += 2  # noqa: E702
            nn += 1
        return mems

    def _unhide_option(self, rr: int, mems: int) -> int:
        """Undo ``_hide_option(rr)`` (left to right, as DLX5 does)."""
        a = self.a
        ulink, dlink, top, color, n1 = a.ulink, a.dlink, a.top, a.color, a.n1
        nn = rr + 1
        while nn != rr:
            mems += 1
            if color[nn] >= 0:
                uu, dd = ulink[nn], dlink[nn]; mems += 1  # noqa: E702
                cc = top[nn]
                if cc <= 0:
                    nn = uu
                    continue
                dlink[uu] = nn; ulink[dd] = nn; mems += 2  # noqa: E702
                if cc <= n1:
                    top[cc] += 1; mems += 2  # noqa: E702
            nn += 1
        return mems

    def cover(self, c: int, thresh: int) -> None:
        """Take item ``c`` out of its list; hide its options of net cost below ``thresh``."""
        a = self.a
        llink, rlink, dlink, cost, n = a.llink, a.rlink, a.dlink, a.cost, a.n
        l, r = llink[c], rlink[c]; mems = self.mems + 1  # noqa: E702
        rlink[l] = r; llink[r] = l; mems += 2  # noqa: E702
        self.updates += 1
        rr = dlink[c]; mems += 1  # noqa: E702
        while rr > n:
            mems += 1
            if cost[rr] >= thresh:
                break
            mems = self._hide_option(rr, mems)
            rr = dlink[rr]; mems += 1  # noqa: E702
        self.mems = mems

    def uncover(self, c: int, thresh: int) -> None:
        """Undo ``cover(c, thresh)`` (its list top to bottom again)."""
        a = self.a
        llink, rlink, dlink, cost, n = a.llink, a.rlink, a.dlink, a.cost, a.n
        mems = self.mems
        rr = dlink[c]; mems += 1  # noqa: E702
        while rr > n:
            mems += 1
            if cost[rr] >= thresh:
                break
            mems = self._unhide_option(rr, mems)
            rr = dlink[rr]; mems += 1  # noqa: E702
        l, r = llink[c], rlink[c]; mems += 1  # noqa: E702
        rlink[l] = c; llink[r] = c; mems += 2  # noqa: E702
        self.mems = mems

    def purify(self, p: int, thresh: int) -> None:
        """Node ``p`` colors its secondary item: among the options of net cost
        below ``thresh``, hide those of another color, cleanse (color -1) the
        others of the same color."""
        a = self.a
        dlink, top, color, cost, n = a.dlink, a.top, a.color, a.cost, a.n
        cc, x = top[p], color[p]; mems = self.mems + 1  # noqa: E702
        self.cleansings += 1
        rr = dlink[cc]; mems += 1  # noqa: E702
        while rr > n:
            mems += 1
            if cost[rr] >= thresh:
                break
            mems += 1
            if color[rr] != x:
                mems = self._hide_option(rr, mems)
            elif rr != p:
                self.cleansings += 1
                color[rr] = -1; mems += 1  # noqa: E702
            rr = dlink[rr]; mems += 1  # noqa: E702
        self.mems = mems

    def unpurify(self, p: int, thresh: int) -> None:
        """Undo ``purify(p, thresh)``."""
        a = self.a
        dlink, top, color, cost, n = a.dlink, a.top, a.color, a.cost, a.n
        cc, x = top[p], color[p]; mems = self.mems + 1  # noqa: E702
        rr = dlink[cc]; mems += 1  # noqa: E702
        while rr > n:
            mems += 1
            if cost[rr] >= thresh:
                break
            mems += 1
            if color[rr] < 0:
                color[rr] = x; mems += 1  # noqa: E702
            elif rr != p:
                mems = self._unhide_option(rr, mems)
            rr = dlink[rr]; mems += 1  # noqa: E702
        self.mems = mems

    def commit(self, x: int, thresh: int) -> None:
        """Cover or purify the items of ``x``'s option other than ``x``'s own."""
        a = self.a
        top, color, ulink = a.top, a.color, a.ulink
        pp = x + 1
        while pp != x:
            cc = top[pp]; self.mems += 1  # noqa: E702
            if cc <= 0:
                pp = ulink[pp]; self.mems += 1  # noqa: E702
                continue
            if color[pp] == 0:
                self.cover(cc, thresh)
            elif color[pp] > 0:
                self.purify(pp, thresh)
            pp += 1

    def uncommit(self, x: int, thresh: int) -> None:
        """Undo ``commit(x, thresh)``, right to left."""
        a = self.a
        top, color, dlink = a.top, a.color, a.dlink
        self.mems += 1  # DLX5 charges one for fetching the threshold
        pp = x - 1
        while pp != x:
            cc = top[pp]; self.mems += 1  # noqa: E702
            if cc <= 0:
                pp = dlink[pp]; self.mems += 1  # noqa: E702
                continue
            if color[pp] == 0:
                self.uncover(cc, thresh)
            elif color[pp] > 0:
                self.unpurify(pp, thresh)
            pp -= 1

    # ---- choosing the item ----------------------------------------------------------

    def choose(self, curcost: int) -> tuple[int, int]:
        """``(t, i)``: the item ``i`` to branch on and its ``t`` usable options
        (``t == 0``: some item has none, back down)."""
        a = self.a
        rlink, dlink, top, cost, n = a.rlink, a.dlink, a.top, a.cost, a.n
        room = self.cutoff - curcost  # an option must cost less than this
        t, best_itm, tmpcost = MAX_NODES, 0, 0
        mems = self.mems
        k = rlink[0]; mems += 1  # noqa: E702
        while k != 0:
            p = dlink[k]; mems += 1  # noqa: E702
            if p == k:  # an empty list
                t, best_itm = 0, k
                break
            mincost = cost[p]; mems += 1  # noqa: E702
            if mincost >= room:  # no usable option
                t, best_itm = 0, k
                break
            s = 1
            p = dlink[p]; mems += 1  # noqa: E702
            while True:
                if p <= n:
                    break  # s usable options: the whole list
                mems += 1
                if cost[p] >= room:
                    break  # s usable options, the rest too dear
                if s == t:  # more than t usable options
                    s = -1
                    break
                if s >= LENTHRESH:  # looked far enough: the list's length will do
                    s = top[k]; mems += 1  # noqa: E702
                    break
                p = dlink[p]; mems += 1  # noqa: E702
                s += 1
            if s >= 0 and (s < t or (s == t and mincost > tmpcost)):
                t, best_itm, tmpcost = s, k, mincost
            k = rlink[k]; mems += 1  # noqa: E702
        self.mems = mems
        return t, best_itm

    def _keep(self, nextcost: int, level: int, choice: list[int]) -> None:
        """A solution of net cost ``nextcost``: into DLX5's heap (lowering the
        cutoff) and, with its options, among the kept ones."""
        a, k = self.a, self.k
        self.found += 1
        self.kept.add(nextcost, tuple(a.option_of(p) for p in choice[:level + 1]))
        if k is None:
            return
        best = self._bestcost  # a heap, dearest on top; best[k] == 0
        h, hh = 0, 2
        while hh <= k:
            self.mems += 2
            if best[hh] > best[hh - 1]:
                if nextcost < best[hh]:
                    best[h] = best[hh]; h = hh; self.mems += 1  # noqa: E702
                else:
                    break
            elif nextcost < best[hh - 1]:
                best[h] = best[hh - 1]; h = hh - 1; self.mems += 1  # noqa: E702
            else:
                break
            hh = h + h + 2
        best[h] = nextcost; self.mems += 1  # noqa: E702
        self.cutoff = best[0]; self.mems += 1  # noqa: E702

    # ---- the search -----------------------------------------------------------------

    def _search(self) -> Iterator[int]:
        a = self.a
        dlink, top, cost, rlink = a.dlink, a.top, a.cost, a.rlink
        choice: list[int] = []
        partcost: list[int] = []
        thresh0: list[int] = []  # the threshold the item of each level was covered with
        thresh: list[int] = []  # the threshold its choice's other items were committed with
        level = curcost = nextcost = cur = best_itm = 0
        forward = True
        while True:
            if forward:  # forward: a node of the search tree
                if self.mems >= self._pause_at:
                    yield PAUSED
                self.nodes += 1
                t, best_itm = self.choose(curcost)
                if t == 0:
                    forward, step = False, "backdown"
                else:
                    del choice[level:], partcost[level:], thresh0[level:], thresh[level:]
                    partcost.append(curcost); self.mems += 1  # noqa: E702
                    cur = dlink[best_itm]; choice.append(cur); self.mems += 2  # noqa: E702
                    nextcost = curcost + cost[cur]; self.mems += 1  # noqa: E702
                    thresh0.append(self.cutoff - nextcost); self.mems += 1  # noqa: E702
                    thresh.append(0)
                    self.cover(best_itm, thresh0[level])
                    step = "advance"
            while True:
                if step == "advance":
                    thresh[level] = self.cutoff - nextcost; self.mems += 1  # noqa: E702
                    self.commit(cur, thresh[level])
                    self.mems += 1
                    if rlink[0] == 0:  # a solution (a node of the tree too)
                        self.nodes += 1
                        self.max_level = max(self.max_level, level + 1)
                        self._keep(nextcost, level, choice)
                        step = "recover"
                        continue
                    level += 1
                    self.max_level = max(self.max_level, level)
                    curcost = nextcost
                    forward = True
                    break
                if step == "backup":
                    self.mems += 1
                    self.uncover(best_itm, thresh0[level])
                    step = "backdown"
                if step == "backdown":
                    if level == 0:
                        yield from self._hand_out()
                        return
                    level -= 1
                    cur = choice[level]; best_itm = top[cur]; self.mems += 2  # noqa: E702
                    curcost = partcost[level]; self.mems += 1  # noqa: E702
                    step = "recover"
                # recover: the next option of the item of this level
                self.uncommit(cur, thresh[level])
                cur = choice[level] = dlink[cur]; self.mems += 2  # noqa: E702
                if cur == best_itm:
                    step = "backup"
                    continue
                nextcost = curcost + cost[cur]; self.mems += 1  # noqa: E702
                step = "backup" if nextcost >= self.cutoff else "advance"

    def _hand_out(self) -> Iterator[int]:
        """SOLUTION for each solution kept, cheapest first (ties: first found first)."""
        tax = self.a.total_tax
        for net, options in self.kept.hand_out():
            self._last = (net + tax, options)
            yield SOLUTION
