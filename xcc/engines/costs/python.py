"""Engine "costs": the k cheapest solutions, by Algorithm C with costs (DLX5's way).

Knuth's DLX5 (TAOCP 7.2.2.1, Algorithm C$) finds the solutions of least total
cost of an XCC problem whose options carry nonnegative costs.  His program was
not at hand; this engine follows the book's description of the method, on the
flat arrays of DLX2 (``ulink``, ``dlink``, ``top``, ``color``; ``len`` of an
item in its header's ``top``; ``llink``, ``rlink`` of the active primary
items), with two additions:

- Options are laid out in increasing order of cost (ties in input order), so
  every item's list runs from its cheapest option to its dearest, and stays so
  as options are hidden and unhidden.
- ``best`` holds the k cheapest solutions found so far (a heap, dearest on
  top); once it is full, ``limit`` is the cost of its dearest, and a partial
  solution is cut when it cannot beat that: at step C2 when the cost so far
  plus a lower bound on the cost still to pay reaches ``limit``; at step C5
  when the cost so far plus the option's cost does (and then every later
  option of the item too: they cost no less).  A solution as dear as the k-th
  is not kept (the first found of equal cost stay).

The lower bound (``bound``): every active primary item i must still be covered
by an option o that is visible now, of cost at least ``first(i)`` (the cost of
the first option of i's list) and with at most ``width(i)`` primary items (the
most primary items of any option of i, fixed at the start).  Charging each
option's cost to its primary items in equal shares, o's share for i is at
least ``first(i) / width(i)``; the shares of the items still to cover add up
to the cost still to pay.  So ``max(max first(i), ceil(sum first(i)/width(i)))``
is a lower bound, computed exactly in integers (the shares scaled by the
least common multiple of the widths) in the same pass over the active items
that chooses the item to branch on.

Steps (Algorithm C's, with the cuts):
  C1 initialize (``CostArrays``); C2 enter level l: a solution if no active
  primary item is left (kept in ``best``), else cut when ``spent[l] + bound``
  reaches ``limit``; C3 choose the item i with the fewest options (leftmost on
  ties; none: back up); C4 cover i, x_l its first option; C5 try x_l: back up
  when it is i (the list is done) or when ``spent[l] + cost(x_l)`` reaches
  ``limit``, else commit the other items of x_l and enter level l+1 with
  ``spent[l+1] = spent[l] + cost(x_l)``; C6 try again: uncommit x_l's items,
  x_l its successor; C7 backtrack: uncover i; C8 leave level l.

Once the search is over, the run hands out the solutions of ``best`` in
increasing order of cost (ties in the order found): one SOLUTION each.  With
no ``k`` (the registry's engine) it keeps every solution and cuts nothing: a
listing cheapest first, whose memory grows with the solutions.
``step(budget)`` pauses at step C2 once ``budget`` more mems have been spent.
Mems are counted as DLX2 counts them: a read or write of a node's field is one
mem, the two links of a node read together one.
"""
from __future__ import annotations

import heapq
from math import lcm
from typing import Iterator

from ...errors import XCCError
from ...problem import Problem
from .. import refuse_unfit
from ..base import NO_BUDGET, PAUSED, SOLUTION, GeneratorRun, MemsRun
from . import CostsFacts

NO_LIMIT = 1 << 80  # above any sum of costs (each at most MAX_COST, 2**62)


class CostArrays:
    """DLX2's arrays for ``problem`` (step C1), its options laid out in
    increasing order of cost: ``order[j]`` is the problem's index of the
    ``j``-th option laid out, ``cost[x]`` the cost of node ``x``'s option."""

    def __init__(self, problem: Problem) -> None:
        c = problem.compact()
        n1, n = len(problem.primary), len(problem.items)
        starts, items, colors = c.starts.tolist(), c.items.tolist(), c.colors.tolist()
        m = len(starts) - 1
        costs = list(problem.costs) or [0] * m
        self.order = order = sorted(range(m), key=lambda k: (costs[k], k))
        self.n1, self.n = n1, n
        size = n + 1 + starts[-1] + m + 1
        self.ulink = ulink = [0] * size
        self.dlink = dlink = [0] * size
        self.top = top = [0] * size  # an item's header: its len; a spacer: -(option laid out)
        self.color = color = [0] * size
        self.cost = cost = [0] * size
        self.llink = llink = [0] * (n + 2)
        self.rlink = rlink = [0] * (n + 2)
        for k in range(1, n + 1):  # items 1..n; the active list holds the primary ones
            ulink[k] = dlink[k] = k
            if k <= n1:
                llink[k], rlink[k - 1] = k - 1, k
            else:
                llink[k] = rlink[k] = k
        llink[0], rlink[n1] = n1, 0
        width = [1] * (n + 1)  # the most primary items of an option of each item
        last = n + 1  # the first spacer
        top[last] = 0
        for j, k in enumerate(order):
            spacer = last
            primaries = sum(1 for e in range(starts[k], starts[k + 1]) if items[e] < n1)
            for e in range(starts[k], starts[k + 1]):
                last += 1
                i = items[e] + 1
                top[last], color[last], cost[last] = i, colors[e], costs[k]
                top[i] += 1
                u = ulink[i]
                dlink[u] = ulink[i] = last
                ulink[last], dlink[last] = u, i
                width[i] = max(width[i], primaries)
            dlink[spacer] = last
            last += 1
            top[last], ulink[last] = -(j + 1), spacer + 1
        self.last_node = last
        self.width = width
        self.scale = lcm(*width[1:n1 + 1])  # the shares first(i)/width(i), scaled to integers
        self.share = [0] + [self.scale // w for w in width[1:]]

    def option_of(self, x: int) -> int:
        """The problem's index of the option of node ``x``."""
        top = self.top
        while top[x] > 0:
            x += 1
        return self.order[-top[x] - 1]


class CostsRun(GeneratorRun, MemsRun):
    """One run of the min-cost search over ``CostArrays``, keeping the ``k``
    cheapest solutions (every solution when ``k`` is None: no cut)."""

    def __init__(self, a: CostArrays, k: int | None) -> None:
        self.a, self.k = a, k
        self.nodes = self.updates = self.cleansings = self.mems = self.max_level = 0
        self.best: list[tuple[int, int, tuple[int, ...]]] = []  # (-cost, -found, options)
        self.found = 0  # solutions kept so far, cut ones included
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

    def limit(self) -> int:
        """The cost a new solution must stay under: the k-th cheapest found, once k are."""
        k = self.k
        return -self.best[0][0] if k is not None and len(self.best) >= k else NO_LIMIT

    def counters(self) -> dict[str, int]:
        return {"nodes": self.nodes, "updates": self.updates, "cleansings": self.cleansings,
                "mems": self.mems, "max_level": self.max_level}

    # ---- hide and unhide, cover and uncover ----------------------------------------

    def hide(self, p: int) -> None:
        """Take the other nodes of ``p``'s option out of their items' lists."""
        a = self.a
        ulink, dlink, top, color = a.ulink, a.dlink, a.top, a.color
        mems, updates = self.mems, self.updates
        q = p + 1
        while q != p:
            x = top[q]; u, d = ulink[q], dlink[q]; mems += 2  # noqa: E702
            if x <= 0:
                q = u  # a spacer: back to the first node of the option
                continue
            if color[q] >= 0:  # a cleansed node is in no list
                dlink[u] = d; ulink[d] = u; top[x] -= 1; mems += 3  # noqa: E702
                updates += 1
            q += 1
        self.mems, self.updates = mems, updates

    def unhide(self, p: int) -> None:
        """Undo ``hide(p)``, right to left."""
        a = self.a
        ulink, dlink, top, color = a.ulink, a.dlink, a.top, a.color
        mems = self.mems
        q = p - 1
        while q != p:
            x = top[q]; u, d = ulink[q], dlink[q]; mems += 2  # noqa: E702
            if x <= 0:
                q = d  # a spacer: on to the last node of the option
                continue
            if color[q] >= 0:
                dlink[u] = q; ulink[d] = q; top[x] += 1; mems += 3  # noqa: E702
            q -= 1
        self.mems = mems

    def cover(self, i: int) -> None:
        """Hide every option of item ``i``; take ``i`` out of the active list."""
        a = self.a
        dlink = a.dlink
        p = dlink[i]; self.mems += 1  # noqa: E702
        while p != i:
            self.hide(p)
            p = dlink[p]; self.mems += 1  # noqa: E702
        l, r = a.llink[i], a.rlink[i]; a.rlink[l] = r; a.llink[r] = l; self.mems += 3  # noqa: E702

    def uncover(self, i: int) -> None:
        """Undo ``cover(i)``, bottom to top."""
        a = self.a
        ulink = a.ulink
        l, r = a.llink[i], a.rlink[i]; a.rlink[l] = a.llink[r] = i; self.mems += 3  # noqa: E702
        p = ulink[i]; self.mems += 1  # noqa: E702
        while p != i:
            self.unhide(p)
            p = ulink[p]; self.mems += 1  # noqa: E702

    def purify(self, p: int) -> None:
        """Node ``p`` colors its secondary item: hide the options of another
        color there, cleanse (color -1) those of the same color."""
        a = self.a
        dlink, top, color = a.dlink, a.top, a.color
        c, i = color[p], top[p]; self.mems += 1  # noqa: E702
        self.cleansings += 1
        q = dlink[i]; self.mems += 1  # noqa: E702
        while q != i:
            if color[q] == c:
                color[q] = -1; self.mems += 1  # noqa: E702
                self.cleansings += 1
            else:
                self.hide(q)
            q = dlink[q]; self.mems += 2  # noqa: E702

    def unpurify(self, p: int, c: int) -> None:
        """Undo ``purify(p)`` (``c`` the color it gave), bottom to top."""
        a = self.a
        ulink, top, color = a.ulink, a.top, a.color
        i = top[p]; self.mems += 1  # noqa: E702
        q = ulink[i]; self.mems += 1  # noqa: E702
        while q != i:
            if color[q] < 0:
                color[q] = c; self.mems += 1  # noqa: E702
            else:
                self.unhide(q)
            q = ulink[q]; self.mems += 2  # noqa: E702

    def commit(self, x: int) -> None:
        """Cover or purify the items of ``x``'s option other than ``x``'s own."""
        a = self.a
        top, color, ulink = a.top, a.color, a.ulink
        p = x + 1
        while p != x:
            j = top[p]; self.mems += 1  # noqa: E702
            if j <= 0:
                p = ulink[p]; self.mems += 1  # noqa: E702
                continue
            if color[p] == 0:
                self.cover(j)
            elif color[p] > 0:
                self.purify(p)
            p += 1

    def uncommit(self, x: int) -> None:
        """Undo ``commit(x)``, right to left."""
        a = self.a
        top, color, dlink = a.top, a.color, a.dlink
        p = x - 1
        while p != x:
            j = top[p]; self.mems += 1  # noqa: E702
            if j <= 0:
                p = dlink[p]; self.mems += 1  # noqa: E702
                continue
            if color[p] == 0:
                self.uncover(j)
            elif color[p] > 0:
                self.unpurify(p, color[p])  # its color was cleansed to -1 and given back
            p -= 1

    # ---- choosing, with the bound ---------------------------------------------------

    def choose(self) -> tuple[int, int]:
        """One pass over the active primary items: ``(i, bound)``, ``i`` the
        item with the fewest options (leftmost on ties; 0 when none is
        active) and ``bound`` the lower bound on the cost still to pay
        (``NO_LIMIT`` when an item has no option left)."""
        a = self.a
        rlink, dlink, top, cost, share = a.rlink, a.dlink, a.top, a.cost, a.share
        best_i, best_len, most, shares = 0, NO_LIMIT, 0, 0
        mems = self.mems
        i = rlink[0]; mems += 1  # noqa: E702
        while i != 0:
            length = top[i]; x = dlink[i]; mems += 2  # noqa: E702
            if length == 0:
                self.mems = mems
                return i, NO_LIMIT
            first = cost[x]; mems += 1  # noqa: E702
            most = max(most, first)
            shares += first * share[i]
            if length < best_len:
                best_i, best_len = i, length
            i = rlink[i]; mems += 1  # noqa: E702
        self.mems = mems
        return best_i, max(most, -(-shares // a.scale))

    # ---- the search: steps C1-C8 ----------------------------------------------------

    def _search(self) -> Iterator[int]:
        a = self.a
        dlink, top, cost = a.dlink, a.top, a.cost
        x: list[int] = []  # x[l]: the node tried at level l
        spent = [0]  # spent[l]: the cost of the options of levels 0..l-1
        level = 0
        while True:
            # C2: enter level `level`
            if self.mems >= self._pause_at:
                yield PAUSED
            self.nodes += 1
            self.max_level = max(self.max_level, level)
            i, bound = self.choose()
            if i == 0:  # no active primary item: a solution, cheaper than the limit
                self.found += 1
                entry = (-spent[level], -self.found,
                         tuple(a.option_of(p) for p in x[:level]))
                if self.k is None or len(self.best) < self.k:
                    heapq.heappush(self.best, entry)
                else:
                    heapq.heapreplace(self.best, entry)
                enter = False
            elif spent[level] + bound >= self.limit():
                enter = False  # the cut at C2 (an empty item included)
            else:
                # C3 chose i; C4: cover it and try its first option
                self.cover(i)
                x[level:] = [dlink[i]]; self.mems += 1  # noqa: E702
                enter = True
            while True:
                if enter:
                    # C5: try x[level]
                    p = x[level]
                    if p != i and spent[level] + cost[p] < self.limit():
                        self.mems += 1
                        self.commit(p)
                        spent[level + 1:] = [spent[level] + cost[p]]
                        level += 1
                        break
                    # C7: no option left that could beat the limit: uncover i
                    self.uncover(i)
                # C8: leave the level
                if level == 0:
                    yield from self._hand_out()
                    return
                level -= 1
                # C6: try again with the next option of the item of that level
                p = x[level]
                self.uncommit(p)
                i = top[p]; x[level] = dlink[p]; self.mems += 2  # noqa: E702
                enter = True

    def _hand_out(self) -> Iterator[int]:
        """SOLUTION for each solution kept, cheapest first (ties: first found first)."""
        for minus_cost, _, options in sorted(self.best, key=lambda e: (-e[0], -e[1])):
            self._last = (-minus_cost, options)
            yield SOLUTION


class CostsEngine(CostsFacts):
    """Engine "costs": the solutions cheapest first.  The registry's lists them
    all (so ``limit=k`` gives the k cheapest, after the whole search: no cut);
    ``CostsEngine(k)`` finds the ``k`` cheapest only, cutting the search by
    the k-th cheapest cost found (what :func:`xcc.cheapest` runs)."""

    name = "costs"
    summary = ("the solutions of a problem with costs ($cost) cheapest first, as DLX5 ranks "
               "them")
    good_for = ("problems whose options have costs: the cheapest solutions, without listing "
                "the others")
    budget = 1 << 20  # mems per step: a few milliseconds
    bytes_per_node = 300  # five Python lists of ints

    def __init__(self, k: int | None = None) -> None:
        if k is not None and (isinstance(k, bool) or not isinstance(k, int) or k < 1):
            raise XCCError(f"k must be a positive integer, not {k!r}"[:120], "argument 'k'")
        self.k = k

    def available(self) -> bool:
        return True

    def why_not(self) -> str | None:
        return None

    def start(self, problem: Problem, cycle=None) -> CostsRun:
        refuse_unfit(self, problem, cycle)
        return CostsRun(CostArrays(problem), self.k)
