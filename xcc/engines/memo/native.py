"""The plan flattened for the C core (``xcc/csrc/memo/memo.c``), and its builds.

``flatten(plan, diagram)`` gives the sizes and the 30 int32 arrays of
``memo_plan`` (field order, see ``xcc/csrc/memo/memo.h``); each layout's slots
are packed into 64-bit key words, a slot never straddling two words.
"""
from __future__ import annotations

from array import array
from typing import Iterator, Sequence

import numpy as np

from .diagram import MemoryLimit
from .plan import Plan
from .poly import polynomial

C_WEIGHT = (1 << 31) - 1  # the largest option weight the C pass takes (larger: the twin's)

SLOT_PRIMARY, SLOT_SECONDARY, SLOT_VERTEX, SLOT_CLOSED = range(4)


def _int32(values) -> bytes:
    return np.ascontiguousarray(np.asarray(values, dtype=np.int64).astype(np.int32)).tobytes()


def flatten(plan: Plan, problem_compact, diagram: bool) -> tuple[tuple, tuple]:
    c = problem_compact
    levels = plan.levels
    ncolors = int(c.colors.max()) if len(c.colors) else 0
    sec_bits = max(1, (1 + ncolors).bit_length())
    own_start = np.zeros(levels + 1, dtype=np.int64)
    own_start[1:] = np.cumsum([len(o) for o in plan.owned])
    own_opt = [o for options in plan.owned for o in options]
    kinds, ids, words, shifts, bits = [], [], [], [], []
    lay_start, lay_words = [0], []
    for k in range(levels + 1):
        slots = [(SLOT_PRIMARY, i, 1) for i in plan.lay_primary[k]]
        slots += [(SLOT_SECONDARY, x, sec_bits) for x in plan.lay_secondary[k]]
        vbits = max(1, (1 + len(plan.lay_vertex[k])).bit_length())
        slots += [(SLOT_VERTEX, v, vbits) for v in plan.lay_vertex[k]]
        if plan.cycle is not None:
            slots.append((SLOT_CLOSED, 0, 1))
        word = shift = 0
        for kind, ident, width in slots:
            if shift + width > 64:
                word, shift = word + 1, 0
            kinds.append(kind)
            ids.append(ident)
            words.append(word)
            shifts.append(shift)
            bits.append(width)
            shift += width
        lay_start.append(len(kinds))
        lay_words.append(word + 1)
    cyc = plan.cycle is not None
    nverts = plan.cycle.nverts if cyc else 0
    wv_start, wv = [0], []
    if cyc:
        for vs in plan.work_vertex:
            wv.extend(vs)
            wv_start.append(len(wv))
    else:
        wv_start += [0] * levels
    ie_start, ie_color, ie_u, ie_v = [0], [], [], []
    for x in range(plan.nsec):
        for color, u, v in (plan.item_edges[x] if cyc else ()):
            ie_color.append(color)
            ie_u.append(u)
            ie_v.append(v)
        ie_start.append(len(ie_color))
    wg_start, g_item, g_start, s_start, e_item, e_color = [0], [], [0], [0], [], []
    g_fresh, before = [], set()
    for groups in plan.watch:
        for j, signatures in groups:
            g_item.append(j)
            g_fresh.append(int((j, tuple(signatures)) not in before))
            for signature in signatures:
                for i, color in signature:
                    e_item.append(i)
                    e_color.append(color)
                s_start.append(len(e_item))
            g_start.append(len(s_start) - 1)
        wg_start.append(len(g_item))
        before = {(j, tuple(signatures)) for j, signatures in groups}
    root = list(plan.root)
    sizes = (levels, plan.n1, plan.nsec, nverts, len(c.starts) - 1,
             (2 if plan.several else 1) if cyc else 0, int(diagram))
    arrays = (c.starts, c.items, c.colors, plan.order, own_start, own_opt,
              lay_start, kinds, ids, words, shifts, bits, lay_words, root,
              wv_start, wv, plan.vlast if cyc else [], [int(r) for r in plan.required] if cyc else [],
              [int(r) for r in plan.required_later] if cyc else [0] * levels,
              ie_start, ie_color, ie_u, ie_v, wg_start, g_item, g_start, s_start, e_item, e_color,
              g_fresh)
    return sizes, tuple(_int32(a) for a in arrays)


class NativeBuild:
    """One build in C (``xcc._native.Memo``), with the interface of the twin's
    :class:`~.diagram.Build`: ``step``, ``progress``, ``total``, ``widths``,
    and in diagram mode ``solutions``, ``unrank`` and ``sample``."""

    def __init__(self, plan: Plan, compact, diagram: bool, limit: int) -> None:
        from ... import _native  # the compiled extension (optional)
        self._native = _native
        sizes, arrays = flatten(plan, compact, diagram)
        try:
            self.memo = _native.Memo(sizes, arrays, limit)
        except MemoryError as err:
            raise MemoryLimit(f"memo: {err}") from None
        self.levels, self.plan = plan.levels, plan
        self.done = False

    def step(self, budget: int) -> bool:
        """About ``budget`` states of work (0: no limit); True when done."""
        if self.done:
            return True
        status = self.memo.step(budget if budget > 0 else 1 << 62)
        if status == self._native.MEMO_ENOMEM:
            raise MemoryLimit(f"memo: {self.memo.error()}")
        self.done = status == self._native.MEMO_DONE
        return self.done

    def progress(self) -> tuple[int, int, int, int]:
        """(level, states of the layer being built, bytes held, peak bytes)."""
        return self.memo.progress()

    @property
    def total(self) -> int:
        return int.from_bytes(self.memo.total(), "little")

    @property
    def widths(self) -> list[int]:
        return self.memo.widths()

    def unrank(self, r: int) -> tuple[int, ...]:
        return self.memo.unrank(r.to_bytes(8 * max(1, (r.bit_length() + 63) // 64), "little"))

    def solutions(self) -> Iterator[tuple[int, ...]]:
        for r in range(self.total):
            yield self.unrank(r)

    def sample(self, k: int, seed: int) -> list[tuple[int, ...]]:
        return self.memo.sample(k, seed & ((1 << 64) - 1))

    def layer_arcs(self, k: int) -> tuple[array, array, array, array | None]:
        """Layer ``k``'s arcs ``(start, choice, child, closures)`` as arrays
        (closures None: all 0), as the twin's ``Build.layer_arcs``."""
        start, choice, child, closures = self.memo.layer_arcs(k)
        out = []
        for f, (code, data) in enumerate((("I", start), ("i", choice), ("I", child),
                                          ("I", closures))):
            if data is None:  # no arcs (a NULL array): empty, or (closures) none
                out.append(None if f == 3 else array(code))
                continue
            a = array(code)
            a.frombytes(data)
            out.append(a)
        return tuple(out)  # type: ignore[return-value]

    def accept(self) -> list[int]:
        """The last layer's accepting flags."""
        return list(self.memo.accept())

    def polynomial(self, weights: Sequence[int] | None, offset: int = 0) -> dict[int, int]:
        """``{weight: solutions}`` (diagram mode), as the twin's
        ``Build.polynomial``: the pass in C (``memo_polynomial``), or, for an
        option weight past ``C_WEIGHT``, the twin's pass over these arcs."""
        if weights is not None and any(w > C_WEIGHT for w in weights):
            return polynomial(self.levels, self.layer_arcs, self.accept(), self.total,
                              weights, offset)
        try:
            lo, width, data = self.memo.polynomial(
                None if weights is None else np.asarray(weights, dtype=np.int64).tobytes())
        except MemoryError as err:
            raise MemoryLimit(f"memo: {err}") from None
        size = 8 * width
        out = {}
        for t in range(len(data) // size):
            coefficient = int.from_bytes(data[t * size:(t + 1) * size], "little")
            if coefficient:
                out[lo + t + offset] = coefficient
        return out
