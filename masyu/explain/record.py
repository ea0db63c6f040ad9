"""Listening to the deducer: the reasons of its deductions become steps.

The deducer (:mod:`masyu.deduce`) says why it assigns what it assigns through
its listener (``State.note``); a :class:`Recorder` is that listener.  At each
note it takes the edges assigned since the last one (the end of the trail)
and names the rule that set them by its id in :mod:`masyu.rules`: the state
before those edges, read back from the trail, tells which sub-rule fired (a
white pearl fixed by a wall is ``white-edge``, by a line entering it
``white-turns``, ...).  Trials (probes) are followed but not recorded,
except the ones that fail: those are one step each, naming the cells whose
rules led to the contradiction; or, when the other edges across the trial edge's
row or column cut are all decided already, naming the cut, whose parity alone
forces the edge (a loop crosses a straight cut an even number of times).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..board import BLACK, WHITE, Board, Cell
from ..deduce.state import (ADJACENT, CONNECT, PROBE, PROBED, RULE, SMALL_LOOP, UNKNOWN,
                            State)
from ..rules import PEARLS

WORDS = ("north", "east", "south", "west")
WHITE_RULES, BLACK_RULES = PEARLS[WHITE], PEARLS[BLACK]   # their rules' ids


@dataclass
class Raw:
    """A step as recorded: its rule (an id of :mod:`masyu.rules`), the cells it reads
    (numbers) and the edges it sets."""

    rule: str
    cells: list[int]
    set: list[tuple[int, int]]    # (edge number, value)
    where: int = -1               # the pearl or cell it is about (for the sentence)
    fails: int = -1               # a failed trial: the cell whose rule failed last


class Recorder:
    """The deducer's listener: collects :class:`Raw` steps in order."""

    def __init__(self, bd: Board) -> None:
        self.bd = bd
        self.raw: list[Raw] = []
        self.st: State | None = None
        self.pos = 0
        self.cause: tuple = ("given",)
        self.trial: list | None = None   # [edge, value, cells of the rules that fired]
        self.last: tuple = ("given",)    # the cause in force when the deducer stopped

    def listen(self, st: State):
        """For ``analyze_kinds(listen=...)``: attach to ``st``, return the listener."""
        self.st = st
        self.pos = len(st.trail)
        return self.note

    # -- the listener ------------------------------------------------------

    def note(self, code: int, *args: int) -> None:
        st = self.st
        self.flush()
        if code == SMALL_LOOP:
            a, b, f = args
            if self.trial is None:
                self.raw.append(Raw("small-loop", [a, b], [(f, 0)], a))
            else:
                self.trial[2] += [a, b]
            self.pos = len(st.trail) + 1   # the cross on f comes next; then the rule goes on
        elif code == PROBE:
            e, v = args
            self.trial = [e, v, list(self.bd.ends[e])]
            self.cause = ("trial",)
        elif code == PROBED:
            e, v, ok = args
            trial, self.trial = self.trial, None
            self.pos = len(st.trail)
            self.cause = ("none",)
            if not ok:
                failing = self._cells(self.last)
                self.raw.append(self._refuted(e, v, trial[2] + failing,
                                              failing[0] if failing else -1))
                self.pos += 1                # the other value of e comes next
        elif code == CONNECT:
            self.cause = ("connect", self._reachable())
        elif code == ADJACENT:
            self.cause = ("adjacent",) + args
        elif code == RULE:
            self.cause = ("rule", args[0])
        self.last = self.cause

    def flush(self) -> None:
        """Turn the edges assigned since the last note into steps."""
        st = self.st
        trail = st.trail
        if len(trail) <= self.pos:
            self.pos = len(trail)
            return
        segment = trail[self.pos:]
        self.pos = len(trail)
        cause = self.cause
        if self.trial is not None:
            if cause[0] == "rule":
                self.trial[2] += self._cells(cause)
            return
        if cause[0] in ("given", "none", "trial"):
            return
        self.raw += self._classify(cause, segment)

    def finish(self, contradiction: bool) -> None:
        """The deducer has stopped: flush, and on a contradiction say where."""
        if contradiction:
            # the rule that failed may have set edges first: they prove nothing
            self.pos = len(self.st.trail)
            self.trial = None
            cells = self._cells(self.last) or [i for i in range(self.bd.ncells)
                                               if self.st.kinds[i]][:1]
            self.raw.append(Raw("contradiction", sorted(set(cells)), [],
                                cells[0] if cells else -1))
        else:
            self.flush()

    # -- what a cause reads ---------------------------------------------------

    def _cells(self, cause: tuple) -> list[int]:
        st = self.st
        if cause[0] == "rule":
            k = cause[1]
            if k < self.bd.ncells:
                return [k]
            i = st.pearl_cells[k - self.bd.ncells]
            return [i] + [j for j in self.bd.nbr[i] if j >= 0]
        if cause[0] == "adjacent":
            return [cause[1], cause[2]]
        if cause[0] == "connect":   # the pearls and line ends cut off from the first pearl
            reach = self._reachable()
            return [i for i in range(self.bd.ncells)
                    if (st.kinds[i] or st.deg[i]) and i not in reach][:8]
        return []

    def _reachable(self) -> set[int]:
        """The cells joined to the first pearl (or line) by edges still possible."""
        st, bd = self.st, self.bd
        root = st.pearl_cells[0] if st.pearl_cells else next(
            (i for i in range(bd.ncells) if st.deg[i]), -1)
        seen = {root}
        todo = [root]
        while todo:
            i = todo.pop()
            for d in range(4):
                j = bd.nbr[i][d]
                if j >= 0 and j not in seen and st.val[bd.near[i][d]] != 0:
                    seen.add(j)
                    todo.append(j)
        return seen

    # -- naming the rule ------------------------------------------------------

    def _classify(self, cause: tuple, segment: list[int]) -> list[Raw]:
        st, bd = self.st, self.bd
        val = st.val
        sets = [(e, val[e]) for e in segment]
        fresh = set(segment)

        def before(e: int) -> int:
            return UNKNOWN if e in fresh else val[e]

        kind = cause[0]
        if kind == "adjacent":
            return [Raw("black-adjacent", [cause[1], cause[2]], sets, cause[1])]
        if kind == "connect":
            reach = cause[1]
            cut = [(e, v) for e, v in sets if bd.ends[e][0] not in reach]
            bridges = [(e, v) for e, v in sets if bd.ends[e][0] in reach]
            out = []
            for name, part in (("connectivity", cut), ("bridge", bridges)):
                if part:
                    cells = sorted({x for e, _ in part for x in bd.ends[e]})
                    out.append(Raw(name, cells, part, cells[0]))
            return out
        k = cause[1]
        if k < bd.ncells:
            es = bd.near[k]
            ones = sum(1 for e in es if before(e) == 1)
            unk = sum(1 for e in es if before(e) == UNKNOWN)
            if ones == 2:
                name = "no-branching"
            elif ones == 1:
                name = "only-way-out"
            elif st.kinds[k]:
                name = "pearl-off-loop"
            else:
                name = "dead-end"
            assert unk >= len(sets)
            return [Raw(name, [k], sets, k)]
        i = st.pearl_cells[k - bd.ncells]
        if st.kinds[i] == WHITE:
            return self._white(i, sets, before)
        return self._black(i, sets, before)

    def _white(self, i: int, sets, before) -> list[Raw]:
        bd = self.bd
        near, off, nbr = bd.near[i], bd.off, bd.nbr[i]
        fars = [bd.far(i, d) for d in range(4)]
        own = [(e, v) for e, v in sets if e in near]
        rest = [(e, v) for e, v in sets if e not in near]
        out = []
        if own:
            val = self.st.val
            axis = 0 if val[near[0]] == 1 or val[near[2]] == 1 else 1
            ax = (axis, axis + 2)            # the way it goes: N-S (0, 2) or E-W (1, 3)
            across = (1 - axis, 3 - axis)
            line_in = any(before(near[d]) == 1 for d in ax)
            walls = any(near[d] == off for d in across)
            crossed = any(before(near[d]) == 0 for d in across)
            if line_in:
                name, cells = WHITE_RULES.shape_rule, [i]
            elif walls:
                name, cells = "white-edge", [i]
            elif crossed:
                name, cells = WHITE_RULES.shape_rule, [i]
            else:     # both far edges across are lines: going across would not turn
                name, cells = WHITE_RULES.arm_rule, [i] + [nbr[d] for d in across if nbr[d] >= 0]
            out.append(Raw(name, cells, own, i))
        if rest:
            d_line = [d for d in range(4) if fars[d] in dict(rest)]
            cells = [i] + [nbr[d] for d in range(4) if nbr[d] >= 0 and
                           (d in d_line or (d + 2) % 4 in d_line)]
            out.append(Raw(WHITE_RULES.arm_rule, cells, rest, i))
        return out

    def _black(self, i: int, sets, before) -> list[Raw]:
        bd = self.bd
        near, off, nbr = bd.near[i], bd.off, bd.nbr[i]
        fars = [bd.far(i, d) for d in range(4)]
        walled = [near[d] == off or fars[d] == off for d in range(4)]
        corner = (walled[0] or walled[2]) and (walled[1] or walled[3])
        wall_name = "black-corner" if corner else "black-edge"
        groups: dict[str, list] = {}
        cells: dict[str, set[int]] = {}

        def put(name: str, e: int, v: int, *extra: int) -> None:
            groups.setdefault(name, []).append((e, v))
            cells.setdefault(name, {i}).update(x for x in extra if x >= 0)

        for e, v in sets:
            if e in near:
                d = near.index(e)
                o = (d + 2) % 4
                if v == 0 and before(near[o]) == 1:
                    put(BLACK_RULES.shape_rule, e, v)    # a line opposite: this arm is out
                elif (v == 0 and walled[d]) or (v == 1 and walled[o]):
                    put(wall_name, e, v)              # no room toward the wall
                elif v == 0:      # the arm cannot go straight on: its far edge or a side is out
                    put(BLACK_RULES.arm_rule, e, v, nbr[d])
                else:
                    put(BLACK_RULES.shape_rule, e, v)    # a cross opposite: this arm is in
            else:
                d = next(d for d in range(4) if e == fars[d] or e in bd.side(i, d))
                put(BLACK_RULES.arm_rule, e, v, nbr[d])
        return [Raw(name, sorted(cells[name]), part, i) for name, part in groups.items()]

    def _refuted(self, e: int, v: int, cells: list[int], fails: int) -> Raw:
        """The step of a failed trial: edge ``e`` cannot have value ``v``."""
        bd = self.bd
        name = "line-contradiction" if v == 1 else "cross-contradiction"
        a, b = bd.ends[e]
        cut = self._cut(e)
        others = [f for f in cut if f != e]
        if all(self.st.val[f] != UNKNOWN for f in others) and \
                sum(self.st.val[f] for f in others) % 2 == 1 - v:
            # the parity of the cut alone forces the other value: say so, with its cells
            cut_cells = sorted({x for f in cut for x in bd.ends[f]})
            return Raw("cut-parity", cut_cells, [(e, 1 - v)], a)
        if v == 1 and self._whites_in_a_row(a, b):
            name = "three-whites"
        seen: list[int] = []
        for x in [a, b] + cells:
            if x not in seen:
                seen.append(x)
        return Raw(name, sorted(seen), [(e, 1 - v)], a, fails)

    def _cut(self, e: int) -> list[int]:
        """The edges of the straight cut through edge ``e``: between its two columns (an
        east-west edge) or its two rows (a north-south one), across the whole board."""
        bd = self.bd
        a, b = bd.ends[e]
        if b == a + 1:
            c = a % bd.cols
            return [bd.near[r * bd.cols + c][1] for r in range(bd.rows)]
        r = a // bd.cols
        return [bd.near[r * bd.cols + c][2] for c in range(bd.cols)]

    def _whites_in_a_row(self, a: int, b: int) -> bool:
        """Whether cells a and b (joined by an edge) lie in a run of three or more white
        pearls along the edge's direction."""
        bd, kinds = self.bd, self.st.kinds
        d = 1 if b == a + 1 else 2          # east or south from a
        run = [x for x in (a, b) if kinds[x] == WHITE]
        if not run:
            return False
        length = 1
        for step_dir in (d, (d + 2) % 4):
            x = run[0]
            while True:
                x = bd.nbr[x][step_dir]
                if x < 0 or kinds[x] != WHITE:
                    break
                length += 1
        return length >= 3


def cell_of(bd: Board, i: int) -> Cell:
    return (i // bd.cols, i % bd.cols)

