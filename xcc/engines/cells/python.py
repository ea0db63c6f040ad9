"""Engine "cells-python": Knuth's SSXCC (Dancing Cells) in pure Python.

A translation of the search of ``ssxcc.w`` onto the arrays of
:mod:`xcc.engines.cells.layout`, counting mems, updates and nodes exactly as
SSXCC does (its second mems figure: the search's, not the input's).  The
compiled engine (``xcc/csrc/cells/cells.c``, engine "cells") is a
line-by-line translation of this file; keep the two in step.

Items are a sparse set (``item``, ``pos``), each item's options another
(``set``, ``size``, the nodes' ``loc``): to hide an option is to swap its
node past the end of each other active item's set and shrink the size.
Nothing is linked back: on backtracking the sizes saved on ``savestack``
are put back (Christine Solnon's idea), and the active count with them.
An item left with one option is pushed on ``force``; a forced move saves
no sizes (they will not be looked at again).

The steps, as labels of ``ssxcc.w``:
  S1 forward: a new node; do a forced move if one is pending, else choose
     the item with fewest options (leftmost on ties: a solution if none);
  S2 swap the item out of the active items and hide its options, save the
     active sizes (not for a forced move);
  S3 advance: try the next option of the item: swap out its other items and
     hide their incompatible options (purify for a colored secondary item),
     or abort if a primary item is left with none;
  S4 backup: go up a level; abort: restore the saved sizes and try the next
     option of that level, or back up again.

The run is resumable: ``step(budget)`` pauses at S1 once ``budget`` more
mems have been spent.
"""
from __future__ import annotations

from typing import Generator

from ...errors import XCCError
from ...problem import Problem
from ..base import DONE, NO_BUDGET, PAUSED, SOLUTION, GeneratorRun, MemsRun
from .. import refuse_unfit
from . import CellsFacts
from .layout import Cells, build_cells, sanity



class PythonRun(GeneratorRun, MemsRun):
    """One run of SSXCC over ``Cells`` (which it modifies)."""

    def __init__(self, a: Cells) -> None:
        self.a = a
        self.nodes = self.updates = self.mems = self.max_level = 0
        self.check_sanity = False
        self._choices: list[int] = []
        self._pause_at = NO_BUDGET
        self.active = self.oactive = 0  # the active items; those before the last swap-out
        self.force: list[int] = []  # items left with one option: forced moves to come
        self._steps: Generator[int, None, int] | None = self._search()

    # ---- the Run protocol -------------------------------------------------------

    def solution(self) -> tuple[int, ...]:
        opt = self.a.opt
        return tuple(opt[y] for y in self._choices)

    def choices(self) -> list[int]:
        return list(self._choices)

    def counters(self) -> dict[str, int]:
        return {"nodes": self.nodes, "updates": self.updates, "mems": self.mems,
                "max_level": self.max_level}

    # ---- hide: the one operation that shrinks sets ------------------------------

    def _hide(self, c: int, color: int, check: bool) -> bool:
        """Hide the options of item ``c`` (those without ``color`` when it is
        not 0) from the other active items' sets.  With ``check``: False if
        a primary item is left with no option (then nothing is undone: the
        caller backs up), and an active primary item left with one option
        is pushed on ``force``."""
        a = self.a
        S, itm, loc, clr = a.set, a.itm, a.loc, a.clr
        second, oactive, active, force = a.second, self.oactive, self.active, self.force
        mems = self.mems + 1  # size(c)
        updates = self.updates
        try:
            for rr in range(c, c + S[c - 1]):
                tt = S[rr]
                mems += 1
                if color:
                    mems += 1
                    if clr[tt] == color:
                        continue
                # remove option tt from the other sets it's in
                nn = tt + 1
                while nn != tt:
                    uu, vv = itm[nn], loc[nn]
                    mems += 1
                    if uu < 0:
                        nn += uu
                        continue
                    pu = S[uu - 2]
                    mems += 1
                    if pu < oactive:
                        ss = S[uu - 1] - 1
                        mems += 1
                        if ss <= 1 and check and uu < second and pu < active:
                            if ss == 0:
                                return False
                            force.append(uu)
                            mems += 1
                        nnp = S[uu + ss]
                        S[uu - 1] = ss
                        S[uu + ss], S[vv] = nn, nnp
                        loc[nn], loc[nnp] = uu + ss, vv
                        mems += 6
                        updates += 1
                    nn += 1
            return True
        finally:
            self.mems, self.updates = mems, updates

    def _swap_out(self, x: int) -> None:
        """Swap item ``x`` out of the active items (the last active place)."""
        a = self.a
        S, item = a.set, a.item
        p = self.active = self.active - 1
        pp = S[x - 2]
        cc = item[p]
        item[p], item[pp] = x, cc
        S[cc - 2], S[x - 2] = pp, p
        self.mems += 6
        self.updates += 1

    # ---- the search ---------------------------------------------------------------

    def _search(self) -> Generator[int, None, int]:
        a = self.a
        if a.bad:
            return DONE
        S, item, itm, loc, clr = a.set, a.item, a.itm, a.loc, a.clr
        second = a.second
        self.active = len(item)
        self.oactive = self.active
        force = self.force
        choice: list[int] = []
        saved = [0]  # saved[l]: the size of savestack when level l began
        savestack: list[int] = []  # pairs: an item, its size
        level = 0
        best = cur_choice = 0
        FORWARD, ADVANCE, BACKUP, ABORT = range(4)
        state = FORWARD
        while True:
            if state == FORWARD:  # S1
                self.nodes += 1
                if self.check_sanity:
                    wrong = sanity(a)
                    if wrong:
                        raise AssertionError(wrong)
                forced_move = False
                while force:  # a forced move pending
                    best = force.pop()
                    self.mems += 2
                    if S[best - 2] < self.active:
                        forced_move = True
                        break
                if not forced_move:
                    if self.mems >= self._pause_at:
                        yield PAUSED
                    t = NO_BUDGET
                    mems = self.mems
                    for k in range(self.active):
                        x = item[k]
                        mems += 1
                        if x < second:
                            s = S[x - 1]
                            mems += 1
                            if s <= 1:
                                if s == 1:
                                    force.append(x)
                                    mems += 1
                            elif s < t:
                                best, t = x, s
                            elif s == t and x < best:
                                best = x
                    self.mems = mems
                    if force:
                        best = force.pop()
                        self.mems += 1
                        forced_move = True
                    elif t == NO_BUDGET:  # no primary item left: a solution
                        self._choices = choice[:level]
                        yield SOLUTION
                        state = BACKUP
                        continue
                # S2
                self._swap_out(best)
                self.oactive = self.active
                self._hide(best, 0, False)
                cur_choice = best
                del saved[level + 1:]
                if forced_move:
                    saved.append(len(savestack))
                    self.mems += 1
                else:
                    active = self.active
                    for p in range(active):
                        x = item[p]
                        savestack.append(x)
                        savestack.append(S[x - 1])
                    saved.append(len(savestack))
                    self.mems += 3 * active + 1
                state = ADVANCE
            elif state == ADVANCE:  # S3
                cur_node = S[cur_choice]
                del choice[level:]
                choice.append(cur_node)
                self.mems += 2
                # swap out the other items of cur_node
                p = self.oactive = self.active
                q = cur_node + 1
                while q != cur_node:
                    c = itm[q]
                    self.mems += 1
                    if c < 0:
                        q += c
                        continue
                    pp = S[c - 2]
                    self.mems += 1
                    if pp < p:
                        p -= 1
                        cc = item[p]
                        item[p], item[pp] = c, cc
                        S[cc - 2], S[c - 2] = pp, p
                        self.mems += 5
                        self.updates += 1
                    q += 1
                self.active = p
                # hide the other options of those items, or abort
                ok = True
                q = cur_node + 1
                while q != cur_node:
                    cc = itm[q]
                    self.mems += 1
                    if cc < 0:
                        q += cc
                        continue
                    if cc < second:
                        ok = self._hide(cc, 0, True)
                    else:  # nothing to do if cc is purified already
                        self.mems += 1
                        if S[cc - 2] < self.oactive:
                            self.mems += 1
                            ok = self._hide(cc, clr[q], True)
                    if not ok:
                        force.clear()
                        break
                    q += 1
                if not ok:
                    state = ABORT
                    continue
                level += 1
                if level > self.max_level:
                    self.max_level = level
                state = FORWARD
            elif state == BACKUP:  # S4
                if level == 0:
                    return DONE
                level -= 1
                cur_node = choice[level]
                best, cur_choice = itm[cur_node], loc[cur_node]
                self.mems += 2
                state = ABORT
            else:  # ABORT
                self.mems += 1
                if cur_choice + 1 >= best + S[best - 1]:
                    state = BACKUP
                    continue
                # restore the active sizes saved at this level
                top, bottom = saved[level + 1], saved[level]
                self.active = (top - bottom) // 2
                for p in range(bottom, top, 2):
                    S[savestack[p] - 1] = savestack[p + 1]
                del savestack[top:]
                self.mems += 2 + 2 * self.active
                cur_choice += 1
                state = ADVANCE


class PythonCellsEngine(CellsFacts):
    """Engine "cells-python": the reference for engine "cells"."""

    name = "cells-python"
    summary = "Dancing Cells (Knuth's SSXCC) in pure Python: the reference for 'cells'"
    good_for = "checking engine 'cells' (slow)"
    budget = 1 << 16
    bytes_per_node = 200

    def available(self) -> bool:
        return True

    def why_not(self) -> str | None:
        return None

    def start(self, problem: Problem, cycle=None) -> PythonRun:
        refuse_unfit(self, problem, cycle)
        return PythonRun(build_cells(problem))
