"""The static plan of a memoized search: levels, owners and frontiers.

The search decides the primary items one by one in a fixed ``order``: level
``k`` decides item ``order[k]``.  Every option belongs to (is *owned by*) the
level of its first primary item in that order, so it is considered exactly
once: when level ``k`` comes, item ``order[k]`` is either covered already (by
an option of an earlier level) or must be covered now by an option of level
``k``.

The state before level ``k`` (its *layout* ``L_k``) holds only what the
levels from ``k`` on can still see: a primary item touched by an earlier
option (covered or not), a secondary item an earlier option may have named
and a later one may name (its value), and, with the cycle constraint, the
graph vertices with an edge decided and one still open (degree and the other
end of its path).  Two partial solutions with the same state have the same
completions, so the state is the memo key (docs/exact.md proves it).

Ranges, with ``first``/``last`` the first and last level that can touch a
thing: it is in ``L_k`` when ``first < k <= last`` and in the *work* layout
``W_k`` (everything level ``k`` reads or writes) when ``first <= k <= last``.

The readable twin of the arrays of ``memo_plan`` in ``xcc/csrc/memo/memo.h``
(built here, read there): ``xcc/engines/memo/native.py`` flattens this plan
for the C core.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from ...cycle import CompiledCycle
from ...errors import XCCError
from ...problem import Problem
from ...sizes import format_size
from .frontier import root_state

NEVER = 1 << 30  # ``first`` of a thing no level touches
BYTES_PER_SLOT = 100  # the plan's peak per slot of plan_size (measured: docs/exact.md)


class MemoryLimit(XCCError):
    """The plan or the next layer would not fit in the memory limit."""


@dataclass
class Plan:
    """Everything about a problem that does not depend on the state."""

    n1: int                                  # primary items
    nsec: int                                # secondary items
    order: tuple[int, ...]                   # level k decides primary item order[k]
    owned: list[list[int]]                   # options owned by each level, input order
    entries: list[list[tuple[int, int]]]     # per option: (item, color code), item < n1 primary
    first: list[int]                         # per item (primary then secondary)
    last: list[int]
    # The cycle constraint (None: none).
    cycle: CompiledCycle | None = None
    vfirst: list[int] = field(default_factory=list)   # per vertex
    vlast: list[int] = field(default_factory=list)
    required: list[bool] = field(default_factory=list)
    item_edges: list[list[tuple[int, int, int]]] = field(default_factory=list)  # per secondary
    # Layouts: per level k = 0..levels, the primary items, secondary items and
    # vertices of L_k (sorted); W_k for k < levels.
    lay_primary: list[list[int]] = field(default_factory=list)
    lay_secondary: list[list[int]] = field(default_factory=list)
    lay_vertex: list[list[int]] = field(default_factory=list)
    work_vertex: list[list[int]] = field(default_factory=list)
    required_later: list[bool] = field(default_factory=list)  # a required vertex with vfirst > k
    # Lookahead: per layout k, the primary items not yet decided whose options
    # all meet the state, each with its options cut down to the slots of L_k
    # (*signatures*: ((item, color code), ...), minimal ones only).
    watch: list[list[tuple[int, list[tuple[tuple[int, int], ...]]]]] = field(default_factory=list)
    root: tuple | None = None                 # the state before level 0 (None: no solution)
    several: bool = False                     # any number of cycles, counted (by="cycles")
    root_closures: int = 0                    # (several) the cycles the present edges close

    @property
    def levels(self) -> int:
        return len(self.order)

    def width(self) -> list[int]:
        """The slots of each layout L_k (closed flag included)."""
        extra = 1 if self.cycle is not None else 0
        return [len(p) + len(s) + len(v) + extra for p, s, v in
                zip(self.lay_primary, self.lay_secondary, self.lay_vertex)]


def check_order(problem: Problem, order: Sequence[object] | None) -> tuple[int, ...]:
    """The caller's order of primary items (names or indices), or the input order."""
    n1 = len(problem.primary)
    if order is None:
        return tuple(range(n1))
    index = {name: k for k, name in enumerate(problem.primary)}
    out = []
    for entry in order:
        k = index.get(entry) if isinstance(entry, str) else entry
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < n1:
            raise XCCError(f"order: {entry!r} is not a primary item")
        out.append(k)
    if sorted(out) != list(range(n1)):
        raise XCCError("order: must list every primary item exactly once")
    return tuple(out)


def make_plan(problem: Problem, order: Sequence[int], cycle: CompiledCycle | None,
              lookahead: bool = True, memory: int | None = None, several: bool = False) -> Plan:
    """The plan of ``problem`` decided in ``order`` (a permutation of primary
    items); ``lookahead`` adds the watch lists (see :func:`watch_lists`).
    With ``memory`` (bytes), :class:`MemoryLimit` when the plan alone would
    take more (:func:`plan_size`), before its layouts are built."""
    c = problem.compact()
    n1, nsec = len(problem.primary), len(problem.secondary)
    levels = len(order)
    # Each option's owner (the least level of its primary items) and each
    # item's first and last level, by whole arrays: time in the problem's size.
    starts, items = np.asarray(c.starts, dtype=np.int64), np.asarray(c.items, dtype=np.int64)
    level = np.full(n1 + nsec, NEVER, dtype=np.int64)
    level[np.asarray(order, dtype=np.int64)] = np.arange(levels, dtype=np.int64)
    sizes = np.diff(starts)
    owners = (np.minimum.reduceat(level[items], starts[:-1]) if len(items) else
              np.zeros(0, dtype=np.int64))
    of_entry = np.repeat(owners, sizes)
    first_a = np.full(n1 + nsec, NEVER, dtype=np.int64)
    last_a = np.full(n1 + nsec, -1, dtype=np.int64)
    np.minimum.at(first_a, items, of_entry)
    np.maximum.at(last_a, items, of_entry)
    last_a[:n1] = level[:n1]  # a primary item is decided at its own level
    first, last = first_a.tolist(), last_a.tolist()
    owned: list[list[int]] = [[] for _ in range(levels)]
    for o, owner in enumerate(owners.tolist()):
        owned[owner].append(o)
    starts_l, items_l, colors_l = starts.tolist(), items.tolist(), c.colors.tolist()
    entries = [list(zip(items_l[a:b], colors_l[a:b])) for a, b in zip(starts_l, starts_l[1:])]
    plan = Plan(n1, nsec, tuple(order), owned, entries, first, last, several=several)
    if cycle is not None:
        _plan_cycle(plan, cycle)
    if memory is not None:
        check_size(plan, memory)
    _layouts(plan)
    plan.watch = watch_lists(plan) if lookahead else [[] for _ in range(levels + 1)]
    plan.root = root_state(plan)
    return plan


def _slots(first: Sequence[int], last: Sequence[int], ids: Sequence[int], lo: int,
           count: int) -> int:
    """The total size of what :func:`_sweep` would list, without listing it."""
    total = 0
    for x in ids:
        a, b = max(first[x] + lo, 0), min(last[x], count - 1)
        if a <= b:
            total += b - a + 1
    return total


def plan_size(plan: Plan) -> tuple[int, int]:
    """``(slots, bytes)``: the slots of every layout ``L_k`` and ``W_k`` and the
    options the lookahead may watch at each level, and about the bytes the
    plan and its flattened copy take at their peak (``BYTES_PER_SLOT`` each).
    Time in the size of the problem (items plus options), not of the plan:
    the layouts grow as levels times frontier (the cube of the side on a
    square board), so this is what is weighed against the memory limit
    before anything of that size is built."""
    n1, levels = plan.n1, plan.levels
    slots = _slots(plan.first, plan.last, range(n1 + plan.nsec), 1, levels + 1)
    if plan.cycle is not None:
        nv = plan.cycle.nverts
        slots += _slots(plan.vfirst, plan.vlast, range(nv), 1, levels + 1) + levels + 1
        slots += _slots(plan.vfirst, plan.vlast, range(nv), 0, levels)
    for h, options in enumerate(plan.owned):
        for o in options:
            start = max(min(plan.first[i] for i, _ in plan.entries[o]) + 1, 1)
            if start <= h:
                slots += (h - start + 1) * sum(1 for i, _ in plan.entries[o] if i < n1)
    return slots, BYTES_PER_SLOT * slots


def check_size(plan: Plan, memory: int) -> None:
    """:class:`MemoryLimit` when :func:`plan_size` is over ``memory`` bytes."""
    slots, need = plan_size(plan)
    check_slots(plan.levels, slots, memory, "about")


def check_slots(levels: int, slots: int, memory: int, about: str = "at least") -> None:
    """:class:`MemoryLimit` when a plan of ``slots`` frontier slots over
    ``levels`` levels would take more than ``memory`` bytes; ``about`` says
    whether ``slots`` is an estimate or a lower bound (a caller who knows
    its problem's shape, as ``masyu`` does for a grid, can refuse before
    encoding it: at least one slot per level for each of the frontier's
    vertices)."""
    need = BYTES_PER_SLOT * slots
    if need > memory:
        raise MemoryLimit(
            f"the plan alone needs {about} {format_size(need)} ({levels:,} levels, "
            f"{slots:,} frontier slots), over the memory limit of {format_size(memory)}; "
            f"a larger limit (--memory, or memory= of MemoEngine) or a problem with a "
            f"narrower frontier")


def decided(plan: Plan) -> list[int]:
    """Per secondary item, the level after which its value is final: its last
    level, or the first level whose options all name it when that level's
    item is never covered before it (an option of that level is always taken)."""
    n1 = plan.n1
    out = [plan.last[n1 + x] for x in range(plan.nsec)]
    for k, options in enumerate(plan.owned):
        if not options or plan.first[plan.order[k]] != k:
            continue
        common = None
        for o in options:
            named = {i - n1 for i, _ in plan.entries[o] if i >= n1}
            common = named if common is None else common & named
        for x in sorted(common):
            out[x] = min(out[x], k)
    return out


def _plan_cycle(plan: Plan, cc: CompiledCycle) -> None:
    """Vertex ranges: from the first level that may color one of its items to
    the last level after which all of them are decided."""
    n1 = plan.n1
    plan.cycle = cc
    plan.item_edges = [list(e) for e in cc.item_edges]
    vfirst = [NEVER] * cc.nverts
    vlast = [-1] * cc.nverts
    dec = decided(plan)
    for x, edges in enumerate(plan.item_edges):
        if plan.first[n1 + x] == NEVER:
            continue  # no option names it: its edges never appear
        for _, u, v in edges:
            for w in (u, v):
                vfirst[w] = min(vfirst[w], plan.first[n1 + x])
                vlast[w] = max(vlast[w], dec[x])
    for u, v in cc.present:
        for w in (u, v):
            vfirst[w] = -1
    plan.vfirst, plan.vlast = vfirst, vlast
    plan.required = [False] * cc.nverts
    for v in cc.required:
        plan.required[v] = True


def _sweep(first: Sequence[int], last: Sequence[int], ids: Sequence[int], lo: int,
           count: int) -> list[list[int]]:
    """For ``k`` in ``0..count-1`` the sorted ``x`` of ``ids`` with
    ``first[x] + lo <= k <= last[x]``: one pass over the levels, each id
    entering and leaving once (time in the size of the answer, not
    levels times ids)."""
    enter: dict[int, list[int]] = {}
    leave: dict[int, list[int]] = {}
    for x in ids:
        a, b = max(first[x] + lo, 0), min(last[x], count - 1)
        if a <= b:
            enter.setdefault(a, []).append(x)
            leave.setdefault(b + 1, []).append(x)
    active: set[int] = set()
    out: list[list[int]] = []
    now: list[int] = []
    for k in range(count):
        if k in enter or k in leave:  # else the layout of k - 1 again (shared, read only)
            active.difference_update(leave.get(k, ()))
            active.update(enter.get(k, ()))
            now = sorted(active)
        out.append(now)
    return out


def _layouts(plan: Plan) -> None:
    """L_k for k = 0..levels and the vertices of W_k for k < levels."""
    n1, levels = plan.n1, plan.levels
    plan.lay_primary = _sweep(plan.first, plan.last, range(n1), 1, levels + 1)
    plan.lay_secondary = _sweep(plan.first[n1:], plan.last[n1:], range(plan.nsec), 1,
                                levels + 1)
    if plan.cycle is None:
        plan.lay_vertex = [[] for _ in range(levels + 1)]
        return
    nv = plan.cycle.nverts
    plan.lay_vertex = _sweep(plan.vfirst, plan.vlast, range(nv), 1, levels + 1)
    plan.work_vertex = _sweep(plan.vfirst, plan.vlast, range(nv), 0, levels)
    later = max((plan.vfirst[v] for v in range(nv) if plan.required[v]), default=-1)
    plan.required_later = [later > k for k in range(levels)]


def watch_lists(plan: Plan) -> list[list[tuple[int, list[tuple[tuple[int, int], ...]]]]]:
    """For each layout ``L_k``: the primary items ``j`` decided at level ``k``
    or later, each with the *signatures* of its options of those levels: an
    option cut down to the slots of ``L_k`` it names (its other primary items,
    which must be uncovered; its secondary items with their colors, which
    must be unset or agree).  A state in which some uncovered ``j`` has no
    signature that agrees has no completion (the lookahead of one item, as
    dancing links see an item with no option left).  Items with an empty
    signature always agree and are left out; a signature that contains
    another one is left out too.
    """
    n1, levels = plan.n1, plan.levels
    level_of = [0] * n1
    for k, i in enumerate(plan.order):
        level_of[i] = k
    owner = [0] * len(plan.entries)
    options_of: list[list[int]] = [[] for _ in range(n1)]
    for h, options in enumerate(plan.owned):
        for o in options:
            owner[o] = h
            for j, _ in plan.entries[o]:
                if j < n1:
                    options_of[j].append(o)

    def cut(o: int, k: int) -> tuple[tuple[int, int], ...]:
        return tuple(sorted((i, c) for i, c in plan.entries[o] if plan.first[i] < k <= plan.last[i]))

    # (k, j) is watched when an option of j of level k or later names a slot of L_k.
    watched: list[set[int]] = [set() for _ in range(levels + 1)]
    for h, options in enumerate(plan.owned):
        for o in options:
            start = min(plan.first[i] for i, _ in plan.entries[o]) + 1
            for k in range(max(start, 1), h + 1):
                if cut(o, k):
                    watched[k].update(j for j, _ in plan.entries[o] if j < n1)
    found: list[dict[int, set]] = [dict() for _ in range(levels + 1)]
    for k in range(levels + 1):
        for j in watched[k]:
            found[k][j] = {tuple(e for e in cut(o, k) if e[0] != j)
                           for o in options_of[j] if owner[o] >= k}
    values = _values(plan)
    out: list[list[tuple[int, list[tuple[tuple[int, int], ...]]]]] = []
    for k in range(levels + 1):
        groups = []
        for j in sorted(found[k], key=lambda j: (level_of[j], j)):
            sigs = found[k][j]
            if () in sigs:
                continue
            minimal = sorted(s for s in sigs if not any(t != s and set(t) <= set(s) for t in sigs))
            if not _always_agrees(minimal, values, n1):
                groups.append((j, minimal))
        out.append(groups)
    return out


TAUTOLOGY_CASES = 256  # the most value combinations _always_agrees tries (else: keep the group)


def _values(plan: Plan) -> list[tuple[int, ...]]:
    """Per item, every value a state can give it: a primary item 0 or 1
    (covered), a secondary item 0 or what an option naming it writes (1
    without a color, 1 + c colored c; the root sets none: root_state)."""
    seen: list[set[int]] = [{0, 1} for _ in range(plan.n1)] + [{0} for _ in range(plan.nsec)]
    for entries in plan.entries:
        for i, c in entries:
            if i >= plan.n1:
                seen[i].add(1 + c if c else 1)
    return [tuple(sorted(v)) for v in seen]


def _always_agrees(signatures: list[tuple[tuple[int, int], ...]],
                   values: list[tuple[int, ...]], n1: int) -> bool:
    """True when every state agrees with one of the signatures, whatever the
    values of their items (of ``_values``): the group can never fail, and
    watching it is only work (on an empty board, every inner cell's tile)."""
    items = sorted({i for s in signatures for i, _ in s})
    cases = 1
    for i in items:
        cases *= len(values[i])
        if cases > TAUTOLOGY_CASES:
            return False
    where = {i: t for t, i in enumerate(items)}

    def agrees(i: int, c: int, have: int) -> bool:  # as Work.agrees, one entry
        if i < n1:
            return not have
        return not have or (c != 0 and have == 1 + c)

    for case in itertools.product(*(values[i] for i in items)):
        if not any(all(agrees(i, c, case[where[i]]) for i, c in s) for s in signatures):
            return False
    return True
