"""Forcing, unit items, probes and lookahead: the reasoning that
``Cycle(..., propagate=True)`` adds to Algorithm C (see
:mod:`xcc.engines.dlx.propagate` for the rules and their cost in mems).

Everything forced is done the dancing-links way and undone exactly on
backtrack.  The stack ``forced`` holds ``(item, color)`` for a color forced on
secondary item ``item`` (0-based), ``(FORCED, node)`` for an option chosen
without branching, ``(REMOVED, node)`` for an option a probe showed to fail;
``unforce_to(mark)`` pops it back to a mark.

C twin: ``xcc/csrc/dlx/lookahead.c`` (functions of the same names).
"""
from __future__ import annotations

from ...cycle import CompiledCycle
from .arrays import Arrays
from .guard import CycleGuard
from .links import Links
from .propagate import Propagator

FORCED, REMOVED = -1, -2  # kinds of entry on the stack of forced things
SCORE_CAP = 1 << 62  # lookahead scores saturate here (the C engine's int64)


class Lookahead(Links):
    """The links of a run, its loop guard (with a cycle) and, when the cycle
    asks for propagation, the propagator and the lookahead.

    Counters beyond the links': ``forced_colors`` (colors forced outside
    probes) and ``probes``.
    """

    def __init__(self, a: Arrays, cycle: CompiledCycle | None = None) -> None:
        super().__init__(a, CycleGuard(cycle) if cycle is not None else None)
        self.prop: Propagator | None = None
        self.forced: list[tuple[int, int]] = []  # what propagation forced, in order
        self.forced_colors = 0
        self.probing = False  # inside a probe of the lookahead
        self.probes = 0
        if cycle is not None and cycle.propagate:
            self.prop = Propagator(cycle, self._item_colors())
            self.note_uncolored = True

    def _item_colors(self) -> list[list[int]]:
        """The colors each secondary item takes in the options."""
        a = self.a
        colors: list[list[int]] = [[] for _ in range(a.n - a.n1)]
        for node in range(a.last_itm + 1, a.last_node):
            i, c = a.itm[node], a.color[node]
            if i >= a.second and c > 0 and c not in colors[i - a.second]:
                colors[i - a.second].append(c)
        return [sorted(c) for c in colors]

    # ---- forcing, each beside its undo ------------------------------------------

    def force(self, item: int, color: int) -> None:
        """Give secondary ``item`` its ``color`` as if an option had chosen it."""
        self.purify_color(self.a.second + item, color)
        self.forced.append((item, color))
        if not self.probing:
            self.forced_colors += 1
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
        self.mems += 2; uu, dd = a.up[node], a.down[node]  # noqa: E702  (with its itm)
        self.mems += 2; a.down[uu], a.up[dd] = dd, uu  # noqa: E702
        self.mems += 2; a.itm[a.itm[node]] -= 1  # noqa: E702  (len read, len written)
        self.updates += 1
        self.forced.append((REMOVED, node))

    def restore_option(self, node: int) -> None:
        a = self.a
        self.mems += 2; uu, dd = a.up[node], a.down[node]  # noqa: E702  (with its itm)
        self.mems += 2; a.down[uu] = a.up[dd] = node  # noqa: E702
        self.mems += 2; a.itm[a.itm[node]] += 1  # noqa: E702  (len read, len written)
        self.unhide(node)

    def unforce_to(self, mark: int) -> None:
        """Undo everything forced since ``mark``, last first."""
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

    # ---- propagation -----------------------------------------------------------

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
        self.mems += 1; k = a.rlink[0]  # noqa: E702
        while k != 0:
            self.mems += 1  # the len of k
            if a.itm[k] <= 1:
                return k
            self.mems += 1; k = a.rlink[k]  # noqa: E702
        return -1

    # ---- probes and lookahead (step C3 when propagating) -------------------------

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
        """Probe every option of every active primary item; take out the
        options that fail and propagate, pass after pass, until a pass
        changes nothing.  Then return the item to branch on: fewest options,
        then the largest product of (updates + 1) over the probes of its
        options, then leftmost; 0 if no primary item is left, -1 at a dead
        end."""
        a = self.a
        while True:
            items = []
            self.mems += 1; k = a.rlink[0]  # noqa: E702
            while k != 0:
                items.append(k)
                self.mems += 1; k = a.rlink[k]  # noqa: E702
            if not items:
                return 0
            changed = False
            best, best_len, best_score = 0, 0, 0
            for k in items:
                self.mems += 1  # llink and rlink of k
                if a.rlink[a.llink[k]] != k:
                    continue  # covered since the pass began
                failed = []
                score = 1
                self.mems += 1; x = a.down[k]  # noqa: E702
                while x != k:
                    gain = self.probe(x)
                    if gain is None:
                        failed.append(x)
                    else:
                        score = min(score * (gain + 1), SCORE_CAP)
                    self.mems += 1; x = a.down[x]  # noqa: E702
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
