"""The deducers: levels 1 and 2 in Python (the readable reference, :mod:`.local` and
:mod:`.probe`) or in C (``masyu._deduce``, built from ``masyu/csrc/deduce.c``), with
the same edge values, counters and order of everything.

``REGISTRY`` names them (with a summary each), ``DEDUCERS`` the available ones;
``DEFAULT_DEDUCER`` is ``"c"`` when the extension is built (and not blocked), else
``"python"``.  :func:`masyu.deduce.analyze_kinds`
takes the C one only when nobody listens: an explanation (``State.note``) needs
the reasons, which only the Python code gives.  The same choice picks the C or
the Python twin of two parts of the generator: the uniqueness oracle's cycle
finder (:func:`masyu.generate.unique.model_cycles`) and the loop reshaping
(:func:`masyu.generate.loops.improve_loop`).
"""
from __future__ import annotations

from typing import Sequence

from ..board import Board
from . import probe
from .probe import ProbeState

try:
    from .. import _deduce   # the compiled twin (optional: the Python code stands alone)
except ImportError:
    _deduce = None

REGISTRY = {
    "c": "levels 1 and 2 in C (masyu._deduce), and the generator's C parts",
    "python": "the readable reference: masyu/deduce/local.py, probe.py; the generator in Python",
}
DEDUCERS: tuple[str, ...] = tuple(name for name in REGISTRY
                                  if name != "c" or _deduce is not None)   # the available ones
DEFAULT_DEDUCER = DEDUCERS[0]
run_raw = None if _deduce is None else _deduce.run   # the one C call of analysis.settle


class Outcome:
    """What the C levels 1 and 2 left: the level that ran last, whether it met a
    contradiction, the state's flags and counters, and the edge values."""

    __slots__ = ("stage", "contradiction", "closed", "unknown", "probes", "assignments", "val")

    def __init__(self, stage, contradiction, closed, unknown, probes, assignments, val):
        self.stage, self.contradiction, self.closed = stage, bool(contradiction), bool(closed)
        self.unknown, self.probes, self.assignments = unknown, probes, assignments
        self.val = list(val)

    def solution(self) -> list[int] | None:
        """As :meth:`State.solution`."""
        if not self.closed:
            return None
        return [1 if v == 1 else 0 for v in self.val]


def run_c(bd: Board, kinds: Sequence[int], *, known: Sequence[int] | None, max_level: int,
          probe_budget: int | None, given: Sequence[tuple[int, int]]) -> Outcome:
    """The given values, level 1 and (``max_level`` >= 2, not settled) level 2, in C."""
    # (pairs, or an array of them: numpy's shape (k, 2), flattened at once)
    flat = given.ravel().tolist() if hasattr(given, "ravel") else [x for pair in given
                                                                   for x in pair]
    out = _deduce.run(bd.rows, bd.cols, bytes(kinds), flat,
                      None if known is None else bytes(known), max_level,
                      -1 if probe_budget is None else probe_budget, probe.FRONTIER)
    return Outcome(*out)


def cycles_c(bd: Board, model: Sequence[int]) -> tuple[list[int], list[tuple[int, list[int]]]]:
    """The generator oracle's cycles of a SAT model, in C
    (:func:`masyu.generate.unique.model_cycles`)."""
    return _deduce.cycles(bd.rows, bd.cols, model)


def improve_c(faces: bytearray, rows: int, cols: int, rng, steps: int, fill_weight: float,
              black_weight: float, temperature: float, r0: int, r1: int, c0: int, c1: int,
              kick: int) -> None:
    """The annealing of :func:`masyu.generate.loops.improve_loop` in C, on its
    bordered face list (changed in place), drawing from ``rng``."""
    _deduce.improve(faces, rows, cols, rng, steps, fill_weight, black_weight, temperature,
                    r0, r1, c0, c1, kick)


def load(bd: Board, kinds: Sequence[int], out: Outcome) -> ProbeState:
    """A Python state holding what the C run left (not settled, so not closed), for
    the search of level 3: the same values, degrees, path fragments and counters."""
    st = ProbeState(bd, kinds)
    st.val[:] = out.val
    st.unknown, st.assignments, st.probes = out.unknown, out.assignments, out.probes
    ends, near, deg = bd.ends, bd.near, st.deg
    st.trail = [e for e in range(bd.nedges) if out.val[e] != 2]
    for e in st.trail:
        if out.val[e] == 1:
            a, b = ends[e]
            deg[a] += 1
            deg[b] += 1
            st.ones += 1
    # Each path's two ends name each other, with the path's edges and pearls.
    for start in range(bd.ncells):
        if deg[start] != 1 or st.other[start] != start:
            continue
        cell, came, length, pearls = start, -1, 0, 1 if kinds[start] else 0
        while True:
            step = next((e for e in near[cell] if e != came and st.val[e] == 1), -1)
            if step < 0:
                break
            a, b = ends[step]
            cell, came, length = (b if a == cell else a), step, length + 1
            pearls += 1 if kinds[cell] else 0
        st.other[start], st.other[cell] = cell, start
        st.flen[start] = st.flen[cell] = length
        st.fpearl[start] = st.fpearl[cell] = pearls
    return st
