"""The reference engine: Knuth's Algorithm C in pure Python, step by step.

A translation of the search of DLX2 (TAOCP 7.2.2.1, Algorithm C) onto the
flat arrays of :mod:`xcc.arrays`, counting mems exactly as DLX2 does: one mem
for ``up``+``down`` of a node together, one for ``itm``+``color`` together,
one for ``llink``+``rlink`` of an item together.  Each operation sits beside
its inverse.  The compiled engine (``csrc/search.c``) is a line-by-line
translation of this file; keep the two in step.

Steps of Algorithm C:
  C1 initialize; C2 enter level l (a solution if no active primary item);
  C3 choose item i (fewest options, leftmost on ties); C4 cover i;
  C5 try x_l (cover/purify the other items of the option); C6 try again
  (undo C5, take the next option); C7 backtrack (uncover i); C8 leave level l.
"""
from __future__ import annotations

import time
from typing import Callable, Iterator

from .arrays import Arrays, sanity
from .cycle import CompiledCycle, CycleGuard
from .propagate import Propagator
from .results import Stats

MAX_LEVEL = 5000
FORCED, REMOVED = -1, -2  # kinds of entry on the stack of forced things (propagation)
SCORE_CAP = 1 << 62  # lookahead scores saturate here (the C engine's int64)


class Engine:
    """One run of Algorithm C over ``Arrays`` (which it modifies and restores)."""

    def __init__(self, a: Arrays, stats: Stats, cycle: CompiledCycle | None = None) -> None:
        self.a = a
        self.stats = stats
        self.mems = 0
        self.updates = 0
        self.cleansings = 0
        self.guard = CycleGuard(cycle) if cycle is not None else None
        self.guard_failed = False
        self.prop: Propagator | None = None
        self.forced: list[tuple[int, int]] = []  # what propagation forced, in order
        self.probing = False  # inside a probe of the lookahead
        self.probes = 0
        if cycle is not None and cycle.propagate:
            self.prop = Propagator(cycle, self._item_colors())
        self.check_sanity = False  # Knuth's sanity_checking: verify links at every node

    # ---- cover / uncover (hide and unhide the options of item c) ----------

    def cover(self, c: int) -> None:
        a = self.a
        down, last_itm = a.down, a.last_itm
        l, r = a.llink[c], a.rlink[c]
        a.rlink[l], a.llink[r] = r, l
        self.mems += 3
        self.updates += 1
        self.mems += 1
        rr = down[c]
        while rr >= last_itm:
            self.hide(rr)
            self.mems += 1
            rr = down[rr]

    def uncover(self, c: int) -> None:
        a = self.a
        down, last_itm = a.down, a.last_itm
        self.mems += 1
        rr = down[c]
        while rr >= last_itm:
            self.unhide(rr)
            self.mems += 1
            rr = down[rr]
        l, r = a.llink[c], a.rlink[c]
        a.rlink[l] = a.llink[r] = c
        self.mems += 3

    def hide(self, rr: int) -> None:
        """Remove the other nodes of option ``rr`` from their item lists."""
        a = self.a
        up, down, itm, color = a.up, a.down, a.itm, a.color
        nn = rr + 1
        while nn != rr:
            self.mems += 1
            if color[nn] >= 0:
                self.mems += 1
                uu, dd = up[nn], down[nn]
                cc = itm[nn]
                if cc <= 0:  # a spacer: go back to the option's first node
                    nn = uu
                    continue
                down[uu], up[dd] = dd, uu
                self.mems += 2
                self.updates += 1
                itm[cc] -= 1
                self.mems += 2
            nn += 1

    def unhide(self, rr: int) -> None:
        a = self.a
        up, down, itm, color = a.up, a.down, a.itm, a.color
        nn = rr + 1
        while nn != rr:
            self.mems += 1
            if color[nn] >= 0:
                self.mems += 1
                uu, dd = up[nn], down[nn]
                cc = itm[nn]
                if cc <= 0:
                    nn = uu
                    continue
                down[uu] = up[dd] = nn
                self.mems += 2
                itm[cc] += 1
                self.mems += 2
            nn += 1

    # ---- purify / unpurify (keep only the options of color x in item cc) ----

    def purify(self, p: int) -> None:
        a = self.a
        self.mems += 1
        self.purify_color(a.itm[p], a.color[p])

    def purify_color(self, cc: int, x: int) -> None:
        """Hide the options of item ``cc`` whose color is not ``x``; cleanse the rest."""
        a = self.a
        down, color = a.down, a.color
        last_itm = a.last_itm
        self.cleansings += 1
        self.mems += 1
        rr = down[cc]
        while rr >= last_itm:
            self.mems += 1
            if color[rr] != x:
                self.hide_purified(rr)
            else:
                self.cleansings += 1
                self.mems += 1
                color[rr] = -1
            self.mems += 1
            rr = down[rr]

    def unpurify(self, p: int) -> None:
        a = self.a
        self.mems += 1
        self.unpurify_color(a.itm[p], a.color[p])

    def unpurify_color(self, cc: int, x: int) -> None:
        a = self.a
        up, color = a.up, a.color
        last_itm = a.last_itm
        self.mems += 1
        rr = up[cc]
        while rr >= last_itm:
            self.mems += 1
            if color[rr] < 0:
                self.mems += 1
                color[rr] = x
            else:
                self.unhide_purified(rr)
            self.mems += 1
            rr = up[rr]

    def hide_purified(self, rr: int) -> None:
        self.hide(rr)

    def unhide_purified(self, rr: int) -> None:
        """Like ``unhide`` but walking the option leftward, as DLX2 does."""
        a = self.a
        up, down, itm, color = a.up, a.down, a.itm, a.color
        nn = rr - 1
        while nn != rr:
            self.mems += 1
            if color[nn] >= 0:
                self.mems += 1
                uu, dd = up[nn], down[nn]
                cc = itm[nn]
                if cc <= 0:
                    nn = dd
                    continue
                down[uu] = up[dd] = nn
                self.mems += 2
                itm[cc] += 1
                self.mems += 2
            nn -= 1

    # ---- propagation: forced colors and options, undone on backtrack --------
    # The stack ``forced`` holds (item, color) for a color forced on secondary
    # item ``item`` (0-based), (FORCED, node) for an option chosen without
    # branching, (REMOVED, node) for an option a probe showed to fail.

    def _item_colors(self) -> list[list[int]]:
        """The colors each secondary item takes in the options."""
        a = self.a
        colors: list[list[int]] = [[] for _ in range(a.n - a.n1)]
        for node in range(a.last_itm + 1, a.last_node):
            i, c = a.itm[node], a.color[node]
            if i >= a.second and c > 0 and c not in colors[i - a.second]:
                colors[i - a.second].append(c)
        return [sorted(c) for c in colors]

    def force(self, item: int, color: int) -> None:
        """Give secondary ``item`` its ``color`` as if an option had chosen it."""
        self.purify_color(self.a.second + item, color)
        self.forced.append((item, color))
        if not self.probing:
            self.stats.forced += 1
        if not self.guard.add_item(item, color):
            self.guard_failed = True

    def force_option(self, node: int) -> None:
        """Choose the option of ``node`` for its item, without branching."""
        self.cover(self.a.itm[node])
        self.forced.append((FORCED, node))
        self.commit(node)

    def remove_option(self, node: int) -> None:
        """Take the option of ``node`` out of every item list, its own too."""
        a = self.a
        self.hide(node)
        uu, dd = a.up[node], a.down[node]
        a.down[uu], a.up[dd] = dd, uu
        a.itm[a.itm[node]] -= 1
        self.mems += 6
        self.updates += 1
        self.forced.append((REMOVED, node))

    def restore_option(self, node: int) -> None:
        a = self.a
        uu, dd = a.up[node], a.down[node]
        a.down[uu] = a.up[dd] = node
        a.itm[a.itm[node]] += 1
        self.mems += 6
        self.unhide(node)

    def unforce_to(self, mark: int) -> None:
        while len(self.forced) > mark:
            item, x = self.forced.pop()
            if item == REMOVED:
                self.restore_option(x)
            elif item == FORCED:
                self.uncommit(x)
                self.uncover(self.a.itm[x])
            else:
                self.unpurify_color(self.a.second + item, x)

    def forced_options(self) -> list[int]:
        return [x for item, x in self.forced if item == FORCED]

    def propagate(self) -> None:
        """Choose the options of items with one option left, and force the
        colors the propagator deduces, until nothing new follows; set
        ``guard_failed`` at a dead end."""
        guard, prop, a = self.guard, self.prop, self.a
        while not self.guard_failed:
            unit = self.unit_item()
            if unit >= 0:
                if a.itm[unit] == 0:
                    self.guard_failed = True
                    return
                self.force_option(a.down[unit])
                continue
            deductions = prop.deductions(guard)
            self.mems += prop.round_mems
            if deductions is None:
                self.guard_failed = True
                return
            if not deductions:
                return
            for item, color in deductions:
                have = guard.item_color[item]
                if have == color:
                    continue
                if have:
                    self.guard_failed = True
                    return
                self.force(item, color)
                if self.guard_failed:
                    return

    def unit_item(self) -> int:
        """An active primary item with at most one option left, or -1."""
        a = self.a
        self.mems += 1
        k = a.rlink[0]
        while k != 0:
            self.mems += 1
            if a.itm[k] <= 1:
                return k
            self.mems += 1
            k = a.rlink[k]
        return -1

    def probe(self, node: int) -> int | None:
        """Try the option of ``node`` and propagate, then undo it all: None
        if it fails, else the number of updates it made."""
        mark, guard_mark, updates = len(self.forced), self.guard.mark(), self.updates
        self.probing = True
        self.probes += 1
        self.force_option(node)
        if not self.guard_failed:
            self.propagate()
        failed = self.guard_failed
        gain = self.updates - updates
        self.unforce_to(mark)
        self.guard.undo_to(guard_mark)
        self.guard_failed = self.probing = False
        return None if failed else gain

    def lookahead(self) -> int:
        """C3 when propagating: probe every option of every active primary
        item; take out the options that fail and propagate, pass after pass,
        until a pass changes nothing.  Then return the item to branch on:
        fewest options, then the largest product of (updates + 1) over the
        probes of its options, then leftmost; 0 if no primary item is left,
        -1 at a dead end."""
        a = self.a
        while True:
            items = []
            self.mems += 1
            k = a.rlink[0]
            while k != 0:
                items.append(k)
                self.mems += 1
                k = a.rlink[k]
            if not items:
                return 0
            changed = False
            best, best_len, best_score = 0, 0, 0
            for k in items:
                self.mems += 1
                if a.rlink[a.llink[k]] != k:
                    continue  # covered since the pass began
                failed = []
                score = 1
                self.mems += 1
                x = a.down[k]
                while x != k:
                    gain = self.probe(x)
                    if gain is None:
                        failed.append(x)
                    else:
                        score = min(score * (gain + 1), SCORE_CAP)
                    self.mems += 1
                    x = a.down[x]
                if failed:
                    for x in failed:
                        self.remove_option(x)
                    self.propagate()
                    if self.guard_failed:
                        return -1
                    changed = True
                elif not changed and (best == 0 or a.itm[k] < best_len
                                      or (a.itm[k] == best_len and score > best_score)):
                    best, best_len, best_score = k, a.itm[k], score
            if not changed:
                return best

    # ---- the other items of a chosen option ---------------------------------

    def commit(self, cur: int) -> None:
        """C5: cover or purify every other item of the option of node ``cur``."""
        a = self.a
        itm, color, up = a.itm, a.color, a.up
        guard = self.guard
        pp = cur + 1
        while pp != cur:
            self.mems += 1
            cc = itm[pp]
            if cc <= 0:
                self.mems += 1
                pp = up[pp]
                continue
            if color[pp] == 0:
                self.cover(cc)
                if self.prop is not None and cc >= a.second:
                    guard.set_uncolored(cc - a.second)  # named without a color: edges absent
            elif color[pp] > 0:
                self.purify(pp)
                if guard is not None and not self.guard_failed:
                    if not guard.add_item(cc - a.second, color[pp]):
                        self.guard_failed = True
            pp += 1

    def uncommit(self, cur: int) -> None:
        """C6: the inverse of ``commit``, walking the option leftward."""
        a = self.a
        itm, color, down = a.itm, a.color, a.down
        pp = cur - 1
        while pp != cur:
            self.mems += 1
            cc = itm[pp]
            if cc <= 0:
                self.mems += 1
                pp = down[pp]
                continue
            if color[pp] == 0:
                self.uncover(cc)
            elif color[pp] > 0:
                self.unpurify(pp)
            pp -= 1

    # ---- C3: the item to branch on -------------------------------------------

    def choose(self) -> tuple[int, int]:
        """The active primary item with the shortest list, leftmost on ties."""
        a = self.a
        rlink, itm = a.rlink, a.itm
        t = a.last_node + 1
        best = 0
        self.mems += 1
        k = rlink[0]
        while t and k != 0:
            self.mems += 1
            if itm[k] < t:
                best, t = k, itm[k]
            self.mems += 1
            k = rlink[k]
        return best, t

    # ---- the search -----------------------------------------------------------

    def run(self, limit: int | None = None,
            on_progress: Callable[[Stats], None] | None = None,
            progress_every: float = 1.0) -> Iterator[list[int]]:
        """Yield each solution as the list of chosen nodes (one per level)."""
        a = self.a
        down, itm = a.down, a.itm
        stats = self.stats
        guard = self.guard
        choice = [0] * MAX_LEVEL
        guard_mark = [0] * MAX_LEVEL
        force_mark = [0] * MAX_LEVEL
        prop = self.prop
        level = 0
        nodes = 0
        count = 0
        max_level = 0
        next_check = time.monotonic() + progress_every
        if guard is not None and not guard.ok:
            return  # the edges present from the start already break the rule
        try:
            if prop is not None:
                self.propagate()  # at the root, before any choice
                if self.guard_failed or a.rlink[0] == 0:
                    if not self.guard_failed and guard.accepts_solution():
                        count = nodes = 1  # solved by propagation alone
                        self._flush(nodes, count, max_level)
                        yield self.forced_options()
                        if limit is not None and count >= limit:
                            stats.complete = False
                            return
                    self.unforce_to(0)
                    return
            state = "forward"
            best = cur = 0
            while True:
                if state == "forward":  # C2: enter level
                    nodes += 1
                    if self.check_sanity:
                        faults = sanity(a)
                        assert not faults, faults
                    if on_progress is not None and not nodes & 1023 and time.monotonic() >= next_check:
                        next_check = time.monotonic() + progress_every
                        self._flush(nodes, count, max_level)
                        on_progress(stats)
                    if prop is None:
                        best, t = self.choose()  # C3
                    else:
                        best = self.lookahead()  # C3, probing the options first
                        if best <= 0:  # the probes decided this node
                            if best == 0 and guard.accepts_solution():
                                count += 1
                                self._flush(nodes, count, max_level)
                                yield choice[:level] + self.forced_options()
                                if limit is not None and count >= limit:
                                    stats.complete = False
                                    return
                            else:
                                stats.cycle_cuts += 1
                            state = "leave"
                            continue
                    self.cover(best)  # C4
                    self.mems += 2
                    cur = choice[level] = down[best]
                    state = "advance"
                elif state == "advance":  # C5: try the option of node cur
                    if cur == best:
                        state = "backup"
                        continue
                    if guard is not None:
                        guard_mark[level] = guard.mark()
                        force_mark[level] = len(self.forced)
                    self.commit(cur)
                    if prop is not None and not self.guard_failed:
                        self.propagate()
                    if self.guard_failed:
                        stats.cycle_cuts += 1
                        state = "recover"
                        continue
                    self.mems += 1
                    if a.rlink[0] == 0:  # every primary item is covered
                        if guard is not None and not guard.accepts_solution():
                            stats.cycle_cuts += 1
                            state = "recover"
                            continue
                        nodes += 1  # a solution is a special node of the tree
                        if level + 1 > max_level:
                            max_level = level + 1
                        count += 1
                        self._flush(nodes, count, max_level)
                        yield choice[:level + 1] + self.forced_options()
                        if limit is not None and count >= limit:
                            stats.complete = False
                            return
                        state = "recover"
                        continue
                    level += 1
                    if level > max_level:
                        if level >= MAX_LEVEL:
                            raise RuntimeError("too many levels")
                        max_level = level
                    state = "forward"
                elif state == "backup":  # C7: backtrack
                    self.uncover(best)
                    if level == 0:
                        self.unforce_to(0)
                        return
                    level -= 1  # C8
                    self.mems += 2
                    cur = choice[level]
                    best = itm[cur]
                    state = "recover"
                elif state == "leave":  # C8 for a node the probes decided
                    if level == 0:
                        self.unforce_to(0)
                        return
                    level -= 1
                    self.mems += 2
                    cur = choice[level]
                    best = itm[cur]
                    state = "recover"
                else:  # "recover", C6: undo the option, try the next
                    if prop is not None:
                        self.unforce_to(force_mark[level])
                    self.uncommit(cur)
                    if guard is not None:
                        guard.undo_to(guard_mark[level])
                        self.guard_failed = False
                    self.mems += 2
                    cur = choice[level] = down[cur]
                    state = "advance"
        finally:
            self._flush(nodes, count, max_level)

    def _flush(self, nodes: int, count: int, max_level: int) -> None:
        s = self.stats
        s.nodes, s.solutions, s.max_level = nodes, count, max_level
        s.updates, s.cleansings, s.mems = self.updates, self.cleansings, self.mems
        if self.prop is not None:
            s.extra["probes"] = self.probes
