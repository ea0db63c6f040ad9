"""Engine "mult-python": Knuth's Algorithm M (multiplicities) in pure Python.

A translation of the search of DLX3 (TAOCP 7.2.2.1, Algorithm M) onto flat
arrays laid out as DLX3 lays them out, counting mems exactly as DLX3 does, so
that nodes, updates, cleansings and mems equal the figures DLX3 prints (its
second mem figure: the search's).  The compiled engine
(``xcc/csrc/mult/mult.c``, engine "mult") is a line-by-line translation of
this file; keep the two in step.

The data, in DLX3's words: item ``k`` (1..n; 0 is the root) has ``prev`` and
``next`` links in the list of active primary items, a ``bound`` (how many
more options may cover it) and a ``slack`` (v - u); node ``k`` is its header,
whose ``itm`` field holds the length of its list (``len``).  Each option is
a run of nodes (``up``, ``down``, ``itm``, ``color``; color -1: cleansed)
between spacer nodes (``itm <= 0``; a spacer's ``up`` is the first node of
the option before it, its ``down`` the last node of the option after it).

Steps of Algorithm M, as DLX3 arranges them (its labels in brackets):
  M1 initialize (``build``); M2 [forward] enter level l: a solution if no
  active primary item is left; M3 choose item i (the least branching degree
  l+s-b+1, then the least slack s, then the longest list); M4 prepare to
  branch on i: bound decreased, i covered if it cannot take more, else its
  first option remembered (``first_tweak``); M5 [advance] try the next
  possibility: back up when too few options remain, tweak the option x_l
  (hide it alone), or make the null move (i leaves the active list); then
  cover or partially cover (a bound decreased) the other items of x_l;
  M6 [backup] restore i (uncover, or untweak its options); M7 [backdown]
  leave level l: undo the option of the level above and advance there.

``step(budget)`` goes on from where the last step stopped and pauses on
entering a level (step M2) once ``budget`` more mems have been spent, where
DLX3 checks its own ``T`` limit.
"""
from __future__ import annotations

from typing import Iterator

from ...cycle import Cycle
from ...problem import Problem
from ..base import NO_BUDGET, PAUSED, SOLUTION, GeneratorRun
from .. import refuse_unfit
from . import MultFacts

INFTY = (1 << 31) - 1  # the score of no item at all (DLX3: its max_nodes; here above any list)


class MultArrays:
    """DLX3's data for ``problem`` (step M1), options in their order and each
    item's options in input order (DLX3 without its ``s`` option)."""

    def __init__(self, problem: Problem) -> None:
        c = problem.compact()
        n1, n = len(problem.primary), len(problem.items)
        bounds = problem.bounds or ((1, 1),) * n1
        last_itm = n + 1  # items 1..n, the root 0
        size = last_itm + 1 + int(c.starts[-1]) + len(c.starts) - 1
        self.up = up = [0] * size
        self.down = down = [0] * size
        self.itm = itm = [0] * size  # a header's itm is the length of its list (len)
        self.color = color = [0] * size
        self.prev = prev = [0] * (n + 1)
        self.next = nxt = [0] * (n + 1)
        self.bound = bound = [0] * (n + 1)
        self.slack = slack = [0] * (n + 1)
        for k in range(1, n + 1):
            if k <= n1:  # primary: in the active list, with its bounds
                prev[k], nxt[k - 1] = k - 1, k
                u, v = bounds[k - 1]
                bound[k], slack[k] = v, v - u
            else:
                prev[k] = nxt[k] = k
            up[k] = down[k] = k
        prev[0], nxt[n1] = n1, 0
        self.second = n1 + 1  # the first secondary item
        self.last_itm = last_itm
        last = last_itm  # the spacer before the first option (itm 0)
        items, colors, starts = c.items.tolist(), c.colors.tolist(), c.starts.tolist()
        for j in range(len(starts) - 1):
            spacer = last
            for e in range(starts[j], starts[j + 1]):
                last += 1
                k = items[e] + 1
                itm[last], color[last] = k, colors[e]
                itm[k] += 1
                r = up[k]
                down[r] = up[k] = last
                up[last], down[last] = r, k
            down[spacer] = last
            last += 1
            up[last], itm[last] = spacer + 1, -(j + 1)
        self.last_node = last

    def option_of(self, p: int) -> int:
        """The index of the option of node ``p``."""
        itm = self.itm
        while itm[p] > 0:
            p += 1
        return -itm[p] - 1


class MultRun(GeneratorRun):
    """One run of Algorithm M over ``MultArrays`` (which it modifies and, when
    it runs to the end, restores)."""

    def __init__(self, a: MultArrays) -> None:
        self.a = a
        self.nodes = self.updates = self.cleansings = self.mems = self.max_level = 0
        self._choices: list[int] = []
        self._pause_at = NO_BUDGET
        self._steps: Iterator[int] | None = self._search()

    # ---- the Run protocol -------------------------------------------------------

    def solution(self) -> tuple[int, ...]:
        """The options of the last solution, level by level (a level's null
        move, which takes no option, left out)."""
        a = self.a
        return tuple(a.option_of(p) for p in self._choices if p > a.last_itm)

    def counters(self) -> dict[str, int]:
        return {"nodes": self.nodes, "updates": self.updates, "cleansings": self.cleansings,
                "mems": self.mems, "max_level": self.max_level}

    # ---- covering, and its inverse ------------------------------------------------

    def cover(self, c: int, deact: bool) -> None:
        """Hide every option of item ``c`` from the other items' lists (and
        take ``c`` out of the active list if ``deact``)."""
        a = self.a
        up, down, itm, color = a.up, a.down, a.itm, a.color
        last_itm, mems, updates = a.last_itm, self.mems, self.updates
        if deact:
            mems += 3; l, r = a.prev[c], a.next[c]; a.next[l] = r; a.prev[r] = l  # noqa: E702
        updates += 1
        mems += 1; rr = down[c]  # noqa: E702
        while rr >= last_itm:
            nn = rr + 1
            while nn != rr:
                mems += 1
                if color[nn] >= 0:
                    mems += 1; uu, dd = up[nn], down[nn]  # noqa: E702
                    cc = itm[nn]
                    if cc <= 0:
                        nn = uu
                        continue
                    mems += 2; down[uu] = dd; up[dd] = uu  # noqa: E702
                    updates += 1
                    mems += 2; itm[cc] -= 1  # noqa: E702  (len)
                nn += 1
            mems += 1; rr = down[rr]  # noqa: E702
        self.mems, self.updates = mems, updates

    def uncover(self, c: int, react: bool) -> None:
        """Undo ``cover(c, react)`` (going downward again, as DLX3 does)."""
        a = self.a
        up, down, itm, color = a.up, a.down, a.itm, a.color
        last_itm, mems = a.last_itm, self.mems
        mems += 1; rr = down[c]  # noqa: E702
        while rr >= last_itm:
            nn = rr + 1
            while nn != rr:
                mems += 1
                if color[nn] >= 0:
                    mems += 1; uu, dd = up[nn], down[nn]  # noqa: E702
                    cc = itm[nn]
                    if cc <= 0:
                        nn = uu
                        continue
                    mems += 2; down[uu] = up[dd] = nn  # noqa: E702
                    mems += 2; itm[cc] += 1  # noqa: E702
                nn += 1
            mems += 1; rr = down[rr]  # noqa: E702
        if react:
            mems += 3; l, r = a.prev[c], a.next[c]; a.next[l] = a.prev[r] = c  # noqa: E702
        self.mems = mems

    def purify(self, p: int) -> None:
        """Node ``p`` gives its secondary item a color: hide the options that
        want another color there, cleanse those that want the same."""
        a = self.a
        up, down, itm, color = a.up, a.down, a.itm, a.color
        last_itm, mems, updates = a.last_itm, self.mems, self.updates
        mems += 1; c, x = itm[p], color[p]  # noqa: E702
        self.cleansings += 1
        mems += 1; rr = down[c]  # noqa: E702
        while rr >= last_itm:
            mems += 1
            if color[rr] != x:
                nn = rr + 1
                while nn != rr:
                    mems += 2; uu, dd = up[nn], down[nn]; cc = itm[nn]  # noqa: E702
                    if cc <= 0:
                        nn = uu
                        continue
                    if color[nn] >= 0:
                        mems += 2; down[uu] = dd; up[dd] = uu  # noqa: E702
                        updates += 1
                        mems += 2; itm[cc] -= 1  # noqa: E702
                    nn += 1
            elif rr != p:
                self.cleansings += 1
                mems += 1; color[rr] = -1  # noqa: E702
            mems += 1; rr = down[rr]  # noqa: E702
        self.mems, self.updates = mems, updates

    def unpurify(self, p: int) -> None:
        """Undo ``purify(p)`` (upward)."""
        a = self.a
        up, down, itm, color = a.up, a.down, a.itm, a.color
        last_itm, mems = a.last_itm, self.mems
        mems += 1; c, x = itm[p], color[p]  # noqa: E702
        mems += 1; rr = up[c]  # noqa: E702
        while rr >= last_itm:
            mems += 1
            if color[rr] < 0:
                mems += 1; color[rr] = x  # noqa: E702
            elif rr != p:
                nn = rr - 1
                while nn != rr:
                    mems += 2; uu, dd = up[nn], down[nn]; cc = itm[nn]  # noqa: E702
                    if cc <= 0:
                        nn = dd
                        continue
                    if color[nn] >= 0:
                        mems += 2; down[uu] = up[dd] = nn  # noqa: E702
                        mems += 2; itm[cc] += 1  # noqa: E702
                    nn -= 1
            mems += 1; rr = up[rr]  # noqa: E702
        self.mems = mems

    def tweak(self, n: int, block: int) -> None:
        """Hide node ``n`` (the top of its item's list) from that list, and,
        if ``block``, its option from the other items' lists too."""
        a = self.a
        up, down, itm, color = a.up, a.down, a.itm, a.color
        mems, updates = self.mems, self.updates
        nn = n + 1 if block else n
        while True:
            mems += 1
            if color[nn] >= 0:
                mems += 1; uu, dd = up[nn], down[nn]  # noqa: E702
                cc = itm[nn]
                if cc <= 0:
                    nn = uu
                    continue
                mems += 2; down[uu] = dd; up[dd] = uu  # noqa: E702
                updates += 1
                mems += 2; itm[cc] -= 1  # noqa: E702
            if nn == n:
                break
            nn += 1
        self.mems, self.updates = mems, updates

    def untweak(self, c: int, x: int, unblock: int) -> None:
        """Undo the tweaks of item ``c`` since its top was node ``x``."""
        a = self.a
        up, down, itm, color = a.up, a.down, a.itm, a.color
        mems = self.mems + 2
        z = down[c]
        down[c] = x
        rr, k, qq = x, 0, c
        while rr != z:
            mems += 1; up[rr] = qq; k += 1  # noqa: E702
            if unblock:
                nn = rr + 1
                while nn != rr:
                    mems += 1
                    if color[nn] >= 0:
                        mems += 1; uu, dd = up[nn], down[nn]  # noqa: E702
                        cc = itm[nn]
                        if cc <= 0:
                            nn = uu
                            continue
                        mems += 2; down[uu] = up[dd] = nn  # noqa: E702
                        mems += 2; itm[cc] += 1  # noqa: E702
                    nn += 1
            mems += 1; qq, rr = rr, down[rr]  # noqa: E702
        mems += 1; up[rr] = qq  # noqa: E702
        mems += 2; itm[c] += k  # noqa: E702
        self.mems = mems
        if not unblock:
            self.uncover(c, False)

    def commit(self, cur: int) -> None:
        """Cover or partially cover the other items of ``cur``'s option: a
        primary item's bound goes down (covered at 0), a secondary item is
        covered or purified."""
        a = self.a
        itm, up, color, bound, second = a.itm, a.up, a.color, a.bound, a.second
        pp = cur + 1
        while pp != cur:
            self.mems += 1; cc = itm[pp]  # noqa: E702
            if cc <= 0:
                self.mems += 1; pp = up[pp]  # noqa: E702
                continue
            if cc < second:
                self.mems += 2; bound[cc] -= 1  # noqa: E702
                if bound[cc] == 0:
                    self.cover(cc, True)
            elif not color[pp]:
                self.cover(cc, True)
            elif color[pp] > 0:
                self.purify(pp)
            pp += 1

    def uncommit(self, cur: int) -> None:
        """Undo ``commit(cur)``, leftward."""
        a = self.a
        itm, down, color, bound, second = a.itm, a.down, a.color, a.bound, a.second
        pp = cur - 1
        while pp != cur:
            self.mems += 1; cc = itm[pp]  # noqa: E702
            if cc <= 0:
                self.mems += 1; pp = down[pp]  # noqa: E702
                continue
            if cc < second:
                self.mems += 1
                if bound[cc] == 0:
                    self.uncover(cc, True)
                self.mems += 1; bound[cc] += 1  # noqa: E702
            elif not color[pp]:
                self.uncover(cc, True)
            elif color[pp] > 0:
                self.unpurify(pp)
            pp -= 1

    def choose(self) -> tuple[int, int]:
        """M3: ``(best, score)``, the active item of least branching degree
        ``len + s - bound + 1`` (s: the slack, at most the bound); on ties the
        least s, then the longest list, then the leftmost.  Score INFTY: no
        active item (a solution); 0 or less: a dead end."""
        a = self.a
        nxt, slack, bound, length = a.next, a.slack, a.bound, a.itm
        score, best, best_s, best_l = INFTY, 0, 0, 0
        self.mems += 1; k = nxt[0]  # noqa: E702
        count = 0
        while k != 0:
            count += 1
            s = slack[k]
            if s > bound[k]:
                s = bound[k]
            t = length[k] + s - bound[k] + 1
            if t <= score and (t < score or s < best_s or (s == best_s and length[k] > best_l)):
                score, best, best_s, best_l = t, k, s, length[k]
            k = nxt[k]
        self.mems += 2 * count  # slack (with bound) and next, for each active item
        return best, score

    # ---- the search: Algorithm M ----------------------------------------------

    def _search(self) -> Iterator[int]:
        """Algorithm M: yield SOLUTION at each solution (``_choices`` holds
        it) and PAUSED when the budget is spent; return when it is over."""
        a = self.a
        down, itm, bound, slack, prev, nxt = a.down, a.itm, a.bound, a.slack, a.prev, a.next
        last_itm = a.last_itm
        choice = [0] * 64  # the node (or, for a null move, the item) of each level
        first_tweak = [0] * 64  # the top of the level's item before tweaking (0: covered)
        scor = [0] * 64
        level = 0
        FORWARD, ADVANCE, BACKUP, BACKDOWN = 0, 1, 2, 3
        state = FORWARD
        best = cur = 0
        while True:
            if state == FORWARD:
                # M2 [Enter level l.]
                self.nodes += 1
                if self.mems >= self._pause_at:
                    yield PAUSED
                # M3 [Choose i.]
                best, score = self.choose()
                if score <= 0:
                    state = BACKDOWN  # not enough options left in this item
                    continue
                if score == INFTY:  # no active primary item: a solution
                    self._choices = choice[:level]
                    yield SOLUTION
                    state = BACKDOWN
                    continue
                # M4 [Prepare to branch on i.]
                scor[level], first_tweak[level] = score, 0
                self.mems += 2; cur = choice[level] = down[best]  # noqa: E702
                self.mems += 1; bound[best] -= 1  # noqa: E702
                if bound[best] == 0 and slack[best] == 0:
                    self.cover(best, True)
                else:
                    self.mems += 1; first_tweak[level] = cur  # noqa: E702
                    if bound[best] == 0:
                        self.cover(best, True)
                state = ADVANCE
            elif state == ADVANCE:
                # M5 [Try x_l.] back up when cur is off limits; else tweak, or the null move
                self.mems += 1
                if bound[best] == 0 and slack[best] == 0:
                    if cur == best:
                        state = BACKUP
                        continue
                else:
                    self.mems += 2
                    if itm[best] <= bound[best] - slack[best]:
                        state = BACKUP
                        continue
                    if cur != best:
                        self.tweak(cur, bound[best])
                    elif bound[best] != 0:  # the null move: i leaves the active list
                        self.mems += 3; p, q = prev[best], nxt[best]  # noqa: E702
                        nxt[p], prev[q] = q, p
                if cur > last_itm:
                    self.commit(cur)
                level += 1
                if level > self.max_level:
                    self.max_level = level
                    if level == len(choice):  # deeper than the level arrays: grow them
                        choice += [0] * level
                        first_tweak += [0] * level
                        scor += [0] * level
                state = FORWARD
            elif state == BACKUP:
                # M6 [Restore i.]
                self.mems += 1
                if bound[best] == 0 and slack[best] == 0:
                    self.uncover(best, True)
                else:
                    self.mems += 1
                    self.untweak(best, first_tweak[level], bound[best])
                self.mems += 2; bound[best] += 1  # noqa: E702
                state = BACKDOWN
            else:
                # M7 [Leave level l.]
                if level == 0:
                    return
                level -= 1
                self.mems += 2; cur = choice[level]; best = itm[cur]  # noqa: E702
                if cur < last_itm:  # the null move: reactivate the item, then restore it
                    best = cur
                    self.mems += 3; p, q = prev[best], nxt[best]  # noqa: E702
                    nxt[p] = prev[q] = best
                    state = BACKUP
                    continue
                self.uncommit(cur)
                self.mems += 2; cur = choice[level] = down[cur]  # noqa: E702
                state = ADVANCE


class MultPythonEngine(MultFacts):
    """The readable reference of Algorithm M: the statistics of DLX3, node for node."""

    name = "mult-python"
    summary = "Algorithm M (multiplicities) in pure Python, the readable reference"
    good_for = "reading and checking Algorithm M; small problems with multiplicities"
    budget = 1 << 16  # mems per step: some tens of milliseconds
    bytes_per_node = 500  # the problem and the links, in Python lists

    def available(self) -> bool:
        return True

    def why_not(self) -> str | None:
        return None

    def start(self, problem: Problem, cycle: Cycle | None = None) -> MultRun:
        refuse_unfit(self, problem, cycle)
        return MultRun(MultArrays(problem))
