"""The dancing-links operations of Algorithm C, each beside its inverse.

cover/uncover, hide/unhide, purify/unpurify, commit/uncommit and choose, on
the flat arrays of :mod:`xcc.engines.dlx.arrays`, counting mems exactly as
Knuth's DLX2 does: one mem for ``up`` and ``down`` of a node together, one
for ``itm`` and ``color`` together, one for ``llink`` and ``rlink`` of an
item together.  A cost is charged on the line that pays it, first, as DLX2
writes ``oo,nd[uu].down=dd,nd[dd].up=uu``: here ``mems += 2; down[uu],
up[dd] = dd, uu`` (two statements on one line, on purpose).  Each
operation adds its counts to the run's once, on its way out.

C twin: ``xcc/csrc/dlx/links.c`` (functions of the same names).
"""
from __future__ import annotations

from .arrays import Arrays
from .guard import CycleGuard


class Links:
    """The arrays of one run and the operations on them, with their counters:
    ``mems``, ``updates`` (list removals), ``cleansings`` (purifications).

    ``guard`` (or None) hears of every color an option gives a secondary
    item (``commit``); ``guard_failed`` is set when it refuses one.  With
    ``note_uncolored`` it also hears of items named without a color (the
    propagator reads their edges as absent).
    """

    def __init__(self, a: Arrays, guard: CycleGuard | None = None) -> None:
        self.a = a
        self.mems = 0
        self.updates = 0
        self.cleansings = 0
        self.guard = guard
        self.guard_failed = False
        self.note_uncolored = False

    # ---- cover / uncover (an item leaves the active list; its options hide) ---

    def cover(self, c: int) -> None:
        a = self.a
        down, last_itm = a.down, a.last_itm
        mems = 1; l, r = a.llink[c], a.rlink[c]  # noqa: E702
        mems += 2; a.rlink[l], a.llink[r] = r, l  # noqa: E702
        self.updates += 1
        mems += 1; rr = down[c]  # noqa: E702
        while rr >= last_itm:
            self.hide(rr)
            mems += 1; rr = down[rr]  # noqa: E702
        self.mems += mems

    def uncover(self, c: int) -> None:
        """The inverse of ``cover``; the options come back in the same order,
        downward, as in DLX2 (the dance restores the links either way)."""
        a = self.a
        down, last_itm = a.down, a.last_itm
        mems = 1; rr = down[c]  # noqa: E702
        while rr >= last_itm:
            self.unhide(rr)
            mems += 1; rr = down[rr]  # noqa: E702
        mems += 1; l, r = a.llink[c], a.rlink[c]  # noqa: E702
        mems += 2; a.rlink[l] = a.llink[r] = c  # noqa: E702
        self.mems += mems

    # ---- hide / unhide (the other nodes of one option leave their lists) ------

    def hide(self, rr: int) -> None:
        a = self.a
        up, down, itm, color = a.up, a.down, a.itm, a.color
        mems = updates = 0
        nn = rr + 1
        while nn != rr:
            mems += 1  # itm and color of nn, read together
            if color[nn] >= 0:
                mems += 1; uu, dd = up[nn], down[nn]  # noqa: E702
                cc = itm[nn]
                if cc <= 0:  # a spacer: go back to the option's first node
                    nn = uu
                    continue
                mems += 2; down[uu], up[dd] = dd, uu  # noqa: E702
                updates += 1
                mems += 2; itm[cc] -= 1  # noqa: E702  (len read, len written)
            nn += 1
        self.mems += mems
        self.updates += updates

    def unhide(self, rr: int) -> None:
        a = self.a
        up, down, itm, color = a.up, a.down, a.itm, a.color
        mems = 0
        nn = rr + 1
        while nn != rr:
            mems += 1  # itm and color of nn, read together
            if color[nn] >= 0:
                mems += 1; uu, dd = up[nn], down[nn]  # noqa: E702
                cc = itm[nn]
                if cc <= 0:
                    nn = uu
                    continue
                mems += 2; down[uu] = up[dd] = nn  # noqa: E702
                mems += 2; itm[cc] += 1  # noqa: E702
            nn += 1
        self.mems += mems

    # ---- purify / unpurify (item cc keeps only its options of color x) ---------

    def purify(self, p: int) -> None:
        a = self.a
        self.mems += 1; cc, x = a.itm[p], a.color[p]  # noqa: E702
        self.purify_color(cc, x)

    def unpurify(self, p: int) -> None:
        a = self.a
        self.mems += 1; cc, x = a.itm[p], a.color[p]  # noqa: E702
        self.unpurify_color(cc, x)

    def purify_color(self, cc: int, x: int) -> None:
        """Hide the options of item ``cc`` whose color is not ``x``; cleanse the rest."""
        a = self.a
        down, color = a.down, a.color
        last_itm = a.last_itm
        cleansings = 1
        mems = 1; rr = down[cc]  # noqa: E702
        while rr >= last_itm:
            mems += 1  # the color of rr
            if color[rr] != x:
                self.hide_purified(rr)
            else:
                cleansings += 1
                mems += 1; color[rr] = -1  # noqa: E702
            mems += 1; rr = down[rr]  # noqa: E702
        self.mems += mems
        self.cleansings += cleansings

    def unpurify_color(self, cc: int, x: int) -> None:
        a = self.a
        up, color = a.up, a.color
        last_itm = a.last_itm
        mems = 1; rr = up[cc]  # noqa: E702
        while rr >= last_itm:
            mems += 1  # the color of rr
            if color[rr] < 0:
                mems += 1; color[rr] = x  # noqa: E702
            else:
                self.unhide_purified(rr)
            mems += 1; rr = up[rr]  # noqa: E702
        self.mems += mems

    def hide_purified(self, rr: int) -> None:
        self.hide(rr)

    def unhide_purified(self, rr: int) -> None:
        """Like ``unhide`` but walking the option leftward, as DLX2 does."""
        a = self.a
        up, down, itm, color = a.up, a.down, a.itm, a.color
        mems = 0
        nn = rr - 1
        while nn != rr:
            mems += 1  # itm and color of nn, read together
            if color[nn] >= 0:
                mems += 1; uu, dd = up[nn], down[nn]  # noqa: E702
                cc = itm[nn]
                if cc <= 0:
                    nn = dd
                    continue
                mems += 2; down[uu] = up[dd] = nn  # noqa: E702
                mems += 2; itm[cc] += 1  # noqa: E702
            nn -= 1
        self.mems += mems

    # ---- commit / uncommit (the other items of a chosen option) ----------------

    def commit(self, cur: int) -> None:
        """C5: cover or purify every other item of the option of node ``cur``,
        and tell the guard the colors the option gives."""
        a = self.a
        itm, color, up = a.itm, a.color, a.up
        guard, second = self.guard, a.second
        mems = 0
        pp = cur + 1
        while pp != cur:
            mems += 1; cc = itm[pp]  # noqa: E702  (with its color)
            if cc <= 0:
                mems += 1; pp = up[pp]  # noqa: E702
                continue
            x = color[pp]
            if x == 0:
                self.cover(cc)
                if self.note_uncolored and cc >= second:
                    guard.set_uncolored(cc - second)  # named without a color: edges absent
            elif x > 0:
                self.purify(pp)
                if guard is not None and not self.guard_failed:
                    if not guard.add_item(cc - second, x):
                        self.guard_failed = True
            pp += 1
        self.mems += mems

    def uncommit(self, cur: int) -> None:
        """C6: the inverse of ``commit``, walking the option leftward."""
        a = self.a
        itm, color, down = a.itm, a.color, a.down
        mems = 0
        pp = cur - 1
        while pp != cur:
            mems += 1; cc = itm[pp]  # noqa: E702  (with its color)
            if cc <= 0:
                mems += 1; pp = down[pp]  # noqa: E702
                continue
            x = color[pp]
            if x == 0:
                self.uncover(cc)
            elif x > 0:
                self.unpurify(pp)
            pp -= 1
        self.mems += mems

    # ---- C3: the item to branch on ----------------------------------------------

    def choose(self) -> tuple[int, int]:
        """The active primary item with the shortest list, leftmost on ties,
        and its length."""
        a = self.a
        rlink, itm = a.rlink, a.itm
        t = a.last_node + 1
        best = 0
        mems = 1; k = rlink[0]  # noqa: E702
        while t and k != 0:
            mems += 1  # the len of k
            if itm[k] < t:
                best, t = k, itm[k]
            mems += 1; k = rlink[k]  # noqa: E702
        self.mems += mems
        return best, t
