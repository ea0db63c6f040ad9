"""States and transitions of the memoized search (the readable twin of
``xcc/csrc/memo/frontier.c``, which gives the same children in the same order).

A state is a tuple of small integers over the layout ``L_k`` of its level
(see :mod:`.plan`), in this order:

- each primary item of ``L_k``: 1 if covered, else 0;
- each secondary item: 0 if no chosen option names it yet, 1 if one names it
  without a color, ``1 + c`` if it has color code ``c``;
- with the cycle constraint, each vertex: 0 for degree 0, 1 for degree 2,
  ``2 + j`` for degree 1 with the other end of its path at the ``j``-th
  vertex of the layout; then the *closed* flag (a cycle has closed: no edge
  may appear again, and the vertices are all written 0).  With
  ``plan.several`` (any number of disjoint cycles, counted: ``by="cycles"``)
  a closing edge only puts its ends at degree 2 and adds one to the work
  state's ``closures`` (the weight of the arc); the flag stays 0.

``children(plan, k, state)`` lists the choices of level ``k`` that keep a
completion possible as far as the state can tell: ``SKIP`` when the item of
the level is covered already, else every option of the level that agrees
with the state, each with the state after it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: plan.py builds a plan and asks here for its root state
    from .plan import Plan

SKIP = -1  # the choice "item already covered"


class Work:
    """The state of one level opened up for changes (dicts, not a tuple)."""

    __slots__ = ("covered", "value", "deg", "mate", "closed", "closures")

    def __init__(self, plan: Plan, k: int, state: tuple) -> None:
        prim, sec, vert = plan.lay_primary[k], plan.lay_secondary[k], plan.lay_vertex[k]
        a, b = len(prim), len(prim) + len(sec)
        self.covered = dict(zip(prim, state[:a]))
        self.value = dict(zip(sec, state[a:b]))
        self.deg: dict[int, int] = {}
        self.mate: dict[int, int] = {}
        self.closed = bool(state[-1]) if plan.cycle is not None else False
        self.closures = 0
        for v, s in zip(vert, state[b:b + len(vert)]):
            if s == 1:
                self.deg[v] = 2
            elif s >= 2:
                self.deg[v] = 1
                self.mate[v] = vert[s - 2]

    def copy(self) -> "Work":
        w = object.__new__(Work)
        w.covered, w.value = dict(self.covered), dict(self.value)
        w.deg, w.mate, w.closed = dict(self.deg), dict(self.mate), self.closed
        w.closures = self.closures
        return w

    # ---- the cycle: one edge at a time (the rules of xcc.cycle.CycleGuard) ----

    def add_edge(self, plan: Plan, k: int, u: int, v: int) -> bool:
        """Edge u-v appears at level ``k``; False if no completion can be one cycle."""
        if self.closed or u == v:
            return False
        du, dv = self.deg.get(u, 0), self.deg.get(v, 0)
        if du == 2 or dv == 2:
            return False
        if du == 1 and dv == 1 and self.mate[u] == v:  # closes a cycle
            if plan.several:  # one more cycle, the others go on
                self.deg[u] = self.deg[v] = 2
                del self.mate[u], self.mate[v]
                self.closures += 1
                return True
            return self._close(plan, k, u, v)
        a = self.mate[u] if du else u  # the far end on u's side
        b = self.mate[v] if dv else v
        self.deg[u], self.deg[v] = du + 1, dv + 1
        self.mate.pop(u, None)
        self.mate.pop(v, None)
        self.mate[a], self.mate[b] = b, a
        return True

    def _close(self, plan: Plan, k: int, u: int, v: int) -> bool:
        """The cycle closes: nothing may be left open, every required vertex on it."""
        if plan.required_later[k]:
            return False  # a required vertex no level so far can reach
        for w in plan.work_vertex[k]:
            d = self.deg.get(w, 0)
            if (d == 1 and w != u and w != v) or (d == 0 and plan.required[w]):
                return False
        self.closed = True
        self.deg.clear()
        self.mate.clear()
        return True

    # ---- an option ----------------------------------------------------------

    def apply(self, plan: Plan, k: int, option: int) -> bool:
        """Take ``option`` at level ``k``; False if it clashes with the state."""
        n1 = plan.n1
        newly = []
        for i, c in plan.entries[option]:
            if i < n1:
                if self.covered.get(i, 0):
                    return False
                self.covered[i] = 1
                continue
            x = i - n1
            have = self.value.get(x, 0)
            if c == 0:  # named without a color: nobody else may name it
                if have:
                    return False
                self.value[x] = 1
            elif have == 0:
                self.value[x] = 1 + c
                newly.append((x, c))
            elif have != 1 + c:
                return False
        if plan.cycle is not None:
            for x, c in newly:
                for color, u, v in plan.item_edges[x]:
                    if color == c and not self.add_edge(plan, k, u, v):
                        return False
        return True

    # ---- leaving the level ----------------------------------------------------

    def state_after(self, plan: Plan, k: int) -> tuple | None:
        """The state before level ``k + 1``, or None if a vertex leaving the
        frontier breaks the cycle rules (an open end, or a required vertex
        off the cycle)."""
        if plan.cycle is not None and not self.closed:
            for v in plan.work_vertex[k]:
                if plan.vlast[v] == k:
                    d = self.deg.get(v, 0)
                    if d == 1 or (d == 0 and plan.required[v]):
                        return None
        if not self.agrees(plan, k + 1):
            return None
        return self.pack(plan, k + 1)

    def agrees(self, plan: Plan, k: int) -> bool:
        """Every watched item of layout ``k`` that is still uncovered has an
        option that agrees with the state (see :func:`.plan.watch_lists`)."""
        n1 = plan.n1
        for j, signatures in plan.watch[k]:
            if self.covered.get(j, 0):
                continue
            for signature in signatures:
                for i, c in signature:
                    if i < n1:
                        if self.covered.get(i, 0):
                            break
                    else:
                        have = self.value.get(i - n1, 0)
                        if have and (c == 0 or have != 1 + c):
                            break
                else:
                    break  # this one agrees
            else:
                return False
        return True

    def pack(self, plan: Plan, k: int) -> tuple:
        """The tuple of this state over the layout L_k."""
        out = [self.covered.get(i, 0) for i in plan.lay_primary[k]]
        out += [self.value.get(x, 0) for x in plan.lay_secondary[k]]
        if plan.cycle is not None:
            vert = plan.lay_vertex[k]
            if self.closed:
                out += [0] * len(vert)
            else:
                position = {v: j for j, v in enumerate(vert)}
                for v in vert:
                    d = self.deg.get(v, 0)
                    out.append(0 if d == 0 else 1 if d == 2 else 2 + position[self.mate[v]])
            out.append(int(self.closed))
        return tuple(out)


def children(plan: Plan, k: int, state: tuple) -> list[tuple[int, tuple, int]]:
    """The viable choices of level ``k`` from ``state``, each with its child
    and the cycles it closes (0 unless ``plan.several``)."""
    work = Work(plan, k, state)
    item = plan.order[k]
    if work.covered.get(item, 0):
        child = work.state_after(plan, k)
        return [] if child is None else [(SKIP, child, 0)]
    out = []
    for option in plan.owned[k]:
        w = work.copy()
        if w.apply(plan, k, option):
            child = w.state_after(plan, k)
            if child is not None:
                out.append((option, child, w.closures))
    return out


def accepts(plan: Plan, state: tuple) -> bool:
    """The state after the last level is a solution."""
    return plan.cycle is None or plan.several or bool(state[-1])


def root_state(plan: Plan) -> tuple | None:
    """The state before level 0: the edges present from the start, added as
    the guard adds them (None if they already break the rules)."""
    work = Work.__new__(Work)
    work.covered, work.value, work.deg, work.mate, work.closed = {}, {}, {}, {}, False
    work.closures = 0
    if plan.cycle is None:
        return work.pack(plan, 0)
    nv = plan.cycle.nverts
    if any(plan.required[v] and plan.vfirst[v] > plan.levels for v in range(nv)):
        return None  # a required vertex on no edge at all
    for u, v in plan.cycle.present:
        if work.closed or u == v:
            return None
        du, dv = work.deg.get(u, 0), work.deg.get(v, 0)
        if du == 2 or dv == 2:
            return None
        if du == 1 and dv == 1 and work.mate[u] == v and not plan.several:  # a cycle closes
            if any(work.deg.get(w, 0) == 1 and w not in (u, v) for w in work.deg) or \
                    any(plan.required[w] and w not in work.deg for w in range(nv)):
                return None
            work.closed = True
            work.deg.clear()
            work.mate.clear()
            continue
        work.add_edge(plan, 0, u, v)
    plan.root_closures = work.closures  # (several cycles: those the present edges close)
    if not work.closed:
        for v, d in work.deg.items():  # present-edge vertices no option touches
            if plan.vlast[v] < 0 and d == 1:
                return None
    return work.pack(plan, 0)
