"""Level 1 of the deduction solver: the local rules, to a fixed point.

The rules of single cells and pearls: degree 0 or 2; a white pearl goes
straight and not both its neighbours do; a black pearl turns and both its arms
go straight.  "Never close a small loop" is in :meth:`State._link`.  They are
the rules of :mod:`masyu.rules` (ids ``degree``, ``white-turns``,
``white-no-turn-beside``, ``black-straight``, ``black-arm-turns``,
``small-loop``), stated here on their own, a cross-check of the exact cover
side; the explanations name each deduction by those ids
(:mod:`masyu.explain.record`).
"""
from __future__ import annotations

from ..board import BLACK, WHITE
from .state import ADJACENT, RULE, UNKNOWN, Contradiction, State


class LocalState(State):
    """A state with the local rules (level 1)."""

    def start(self) -> None:
        """Queue every rule and apply the rules that hold from the start."""
        for k in range(len(self.inq)):
            self.inq[k] = 1
        self.queue[:] = list(range(len(self.inq)))
        # A black pearl cannot send an arm into another black pearl (that one would go straight).
        for i in self.pearl_cells:
            if self.kinds[i] == BLACK:
                for d in range(4):
                    j = self.bd.nbr[i][d]
                    if j >= 0 and self.kinds[j] == BLACK:
                        if self.note is not None:
                            self.note(ADJACENT, i, j)
                        self.assign(self.bd.near[i][d], 0)

    def _straight(self, a: int, b: int, c: int, d: int, far_a: int, far_b: int) -> None:
        """A white pearl goes straight through edges ``a`` and ``b`` (``c``, ``d``
        absent) and not straight on both sides: one far edge present rules
        out the other."""
        assign, val = self.assign, self.val
        assign(a, 1)
        assign(b, 1)
        assign(c, 0)
        assign(d, 0)
        if val[far_a] == 1:
            assign(far_b, 0)
        elif val[far_b] == 1:
            assign(far_a, 0)

    def propagate(self) -> None:
        """Apply the local rules until nothing changes (raises Contradiction)."""
        val, queue, inq = self.val, self.queue, self.inq
        n = self.bd.ncells
        cell_edges, prules, assign = self.bd.near, self.prules, self.assign
        kinds, note = self.kinds, self.note
        while queue:
            k = queue.pop()
            inq[k] = 0
            if note is not None:
                note(RULE, k)
            if k < n:
                es = cell_edges[k]
                ones = unk = 0
                for e in es:
                    v = val[e]
                    if v == 1:
                        ones += 1
                    elif v == UNKNOWN:
                        unk += 1
                if ones == 2:
                    if unk:
                        for e in es:
                            if val[e] == UNKNOWN:
                                assign(e, 0)
                elif ones == 1:
                    if unk == 0:
                        raise Contradiction
                    if unk == 1:
                        for e in es:
                            if val[e] == UNKNOWN:
                                assign(e, 1)
                elif ones == 0:
                    if kinds[k]:
                        if unk < 2:
                            raise Contradiction
                        if unk == 2:
                            for e in es:
                                if val[e] == UNKNOWN:
                                    assign(e, 1)
                    elif unk == 1:
                        for e in es:
                            if val[e] == UNKNOWN:
                                assign(e, 0)
                else:
                    raise Contradiction
                continue
            kind, rule = prules[k - n]
            if kind == WHITE:  # straight, and not straight on both sides
                en, ee, es_, ew, fn, fe, fs, fw = rule
                vn, ve, vs, vw = val[en], val[ee], val[es_], val[ew]
                vert = vn == 1 or vs == 1 or ve == 0 or vw == 0
                hor = ve == 1 or vw == 1 or vn == 0 or vs == 0
                if not vert and not hor:
                    if val[fn] == 1 and val[fs] == 1:
                        hor = True
                    if val[fe] == 1 and val[fw] == 1:
                        vert = True
                if vert and hor:
                    raise Contradiction
                if vert:
                    self._straight(en, es_, ee, ew, fn, fs)
                elif hor:
                    self._straight(ee, ew, en, es_, fe, fw)
            else:  # BLACK: turn, and go straight through both arms
                for d in (0, 1):
                    x, y = rule[d], rule[d + 2]
                    vx, vy = val[x], val[y]
                    if vx == 1 or vy == 0:
                        assign(x, 1)
                        assign(y, 0)
                    elif vx == 0 or vy == 1:
                        assign(x, 0)
                        assign(y, 1)
                for d in range(4):
                    arm, far, s1, s2 = rule[d], rule[4 + d], rule[8 + 2 * d], rule[9 + 2 * d]
                    va = val[arm]
                    if va == 1:
                        assign(far, 1)
                        assign(s1, 0)
                        assign(s2, 0)
                    elif va == UNKNOWN and (val[far] == 0 or val[s1] == 1 or val[s2] == 1):
                        assign(arm, 0)

    def settle(self) -> bool:
        """Level 1 to a fixed point; False on a contradiction (the state is then unusable)."""
        try:
            self.propagate()
            return True
        except Contradiction:
            return False
