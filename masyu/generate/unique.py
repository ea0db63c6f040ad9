"""The generator's uniqueness oracle: one SAT solver per loop, kept alive across the
whole pearl-removal sequence.

"Does this pearl set keep the known loop as its only strong solution?" is asked
once per candidate removal, hundreds of times for one loop.  A fresh proof each
time (:func:`masyu.is_unique`: encode, translate, solve) repeats the same work;
here the model is built once, for the loop's candidate pearls, and every
question is one incremental solve:

- the rules as :mod:`masyu.rules` writes them (the certificates' CNF): a
  variable per edge (the board's numbering, ``e + 1``), every cell of degree
  0 or 2; and a *selector* per candidate pearl: under it, that pearl's rules
  (on the loop; white: straight and not straight on both sides; black: a
  turn, both arms straight);
- the known loop blocked by one clause ("not every edge of the loop"): any
  other strong solution is a witness against uniqueness; and "some edge";
- the pearls of the question as assumptions (the selectors of the others left
  free: a free selector can only add constraints, never a solution), kept from
  one question to the next by the cells that changed;
- a hint, when the caller has one: the pearl just removed, the puzzle with it
  known unique (the generator's removals).  Then a second solution must break
  that pearl, so it differs from the known loop on an edge the pearl's rule
  reads (the loop obeys it): that clause, under a variable of its own, is
  assumed too (one variable a pearl: "the rule broken" itself would need one
  a clause of the rule, and every model carries them all);
- the solver's phases start at the known loop, with the selectors off: the
  second solutions it looks for lie near the loop;
- connectivity by lazy cuts: a model made of several cycles is refused by
  "not pearl q, or not edge e, or some edge crossing the boundary of C's
  cells", for a cycle C, an edge e of it and q a pearl of the question
  outside C (a loop through q and e must cross that boundary).  A cut names
  its pearl, so it stays valid for every later question, and the solver keeps
  everything it learns; it also refuses every other closed curve inside
  those cells, not only C.

A model that is one cycle is a strong solution other than the loop: not unique.
No model: unique.  The answers are exact (no limit of any kind), so they can be
held against a fresh proof (the tests do, on every question of small runs).

This is the generator's own model, not an :mod:`xcc` problem: an XCC problem is
one puzzle, while the oracle must answer for a family of puzzles (every subset
of the candidate pearls) with one solver, xcc's incremental CaDiCaL
(:class:`xcc.SatSolver`).  It needs python-sat (``AVAILABLE``); without it
the generator asks deduction alone, as before.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

import xcc

from ..board import BLACK, NESW, WHITE, Board
from ..deduce import native
from ..rules import cell_clauses, obeys, pearl_clauses

# python-sat is an optional extra (the 'sat' extra); without it the generator
# falls back to deduction alone
AVAILABLE = xcc.SatSolver.available()


def _obeys(bd: Board, value: Sequence[int], cell: int, kind: int) -> bool:
    """Does the loop ``value`` (one 0/1 per edge number, ``off`` last and 0) obey
    the pearl ``kind`` at ``cell``?  (:func:`masyu.rules.obeys`.)"""
    near = {NESW[d]: value[e] for d, e in enumerate(bd.near[cell])}
    far = {NESW[d]: value[bd.far(cell, d)] for d in range(4)}
    return obeys(kind, near, far)


class UniqueOracle:
    """Is the known loop the only strong solution of a subset of its pearls?

    ``candidates`` is the pearl code of every cell (the pearls the questions
    choose from), ``loop`` the known solution (one 0/1 per edge number).
    Use as a context manager, or call :meth:`close`.
    """

    def __init__(self, bd: Board, candidates: Sequence[int], loop: Sequence[int]) -> None:
        if not AVAILABLE:
            raise RuntimeError("the uniqueness oracle needs python-sat")
        self.bd = bd
        m = bd.nedges
        self.selector: dict[int, int] = {}
        # The rules (masyu.rules: the certificates' CNF), each pearl's under its selector.
        clauses = [list(lits) for i in range(bd.ncells) for _, _, lits in cell_clauses(bd, i)]
        for cell, kind in enumerate(candidates):
            if kind in (WHITE, BLACK):
                s = self.selector[cell] = m + 1 + len(self.selector)
                clauses += [[-s, *lits] for _, _, lits in pearl_clauses(bd, cell, kind)]
        clauses.append([-(e + 1) for e in range(m) if loop[e] == 1])  # not the known loop
        clauses.append(list(range(1, m + 1)))  # a loop has an edge
        self._top = m + len(self.selector)  # the last variable used
        self._moved: dict[int, int] = {}  # pearl -> its "the loop moved there" variable
        self.questions = self.solves = self.cuts = 0
        self.witnessed = 0  # questions answered by a second solution found before
        self._loop = bytes(loop[:m]) + b"\0"
        self._loop_np = np.frombuffer(self._loop, dtype=np.uint8)[:m]
        self._kinds = list(candidates)
        # The pearls of the last question, kept up to date by its changes: a mask
        # over the cells, and their selectors (the assumptions).
        self._present = np.zeros(bd.ncells, dtype=bool)
        self._asked: dict[int, int] = {}   # pearl -> selector
        # Each second solution found, as the candidate pearls it breaks: it is a
        # second solution of every question without one of them.  ``_live[w]``
        # counts the pearls of the last question that witness w breaks; ``_free``
        # holds the witnesses with none.
        self._witnesses: list[list[int]] = []
        self._live: list[int] = []
        self._breaking: dict[int, list[int]] = {}  # pearl -> the witnesses that break it
        self._free: set[int] = set()
        self._solver = xcc.SatSolver(clauses)
        self._solver.set_phases([e + 1 if loop[e] else -(e + 1) for e in range(m)]
                                + [-s for s in self.selector.values()])
        # Cuts name the pearl that outlasts the others; the caller ranks them.
        self.rank: dict[int, int] = dict.fromkeys(self.selector, 0)

    def _update(self, kinds: Sequence[int]) -> None:
        """Bring the question's pearls and the witnesses' counts up to ``kinds``."""
        present = np.frombuffer(bytes(kinds), dtype=np.uint8) != 0
        changed = np.flatnonzero(present != self._present).tolist()
        if not changed:
            return
        self._present = present
        asked, live, free = self._asked, self._live, self._free
        for i in changed:
            if present[i]:
                asked[i] = self.selector[i]
                for w in self._breaking.get(i, ()):
                    live[w] += 1
                    free.discard(w)
            else:
                del asked[i]
                for w in self._breaking.get(i, ()):
                    live[w] -= 1
                    if not live[w]:
                        free.add(w)

    def unique(self, kinds: Sequence[int], without: int | None = None) -> bool:
        """True if the pearls of ``kinds`` (a subset of the candidates) admit no
        strong solution but the known loop.

        ``without``: a candidate pearl absent from ``kinds`` whose return makes
        a puzzle known to be unique (the generator's removals: the puzzle before
        the removal).  Then every second solution breaks that pearl (one that
        obeys it solves the puzzle with it), and the solver is asked only for
        those: the same answer, found near the pearl instead of anywhere."""
        self.questions += 1
        self._update(kinds)
        # A second solution found before answers at once if it breaks none of these
        # pearls (the generator asks again, with a pearl or two more, after a refusal).
        if self._free:
            self.witnessed += 1
            return False
        bd = self.bd
        assumptions = list(self._asked.values())
        if without is not None:
            assumptions.append(self._moved_at(without))
        solver, m = self._solver, bd.nedges
        lasting: list[int] | None = None
        while True:
            self.solves += 1
            if not solver.solve(assumptions):   # a Ctrl-C closes it
                return True
            model = solver.model
            label, cycles = model_cycles(bd, model)
            if len(cycles) == 1:
                self._witness(self._broken(model))
                return False
            if not self._asked:  # no pearl to name: a loop through
                # this cycle's cells and an edge beyond them crosses their boundary
                (first, crossing), (other, _) = cycles[0], cycles[1]
                solver.add_clause([-(first + 1), -(other + 1)] + crossing)
                self.cuts += 1
                continue
            if lasting is None:
                lasting = sorted(self._asked, key=self.rank.__getitem__, reverse=True)
            for k, (first, crossing) in enumerate(cycles):
                # the pearl off this cycle that outlasts the others (a cycle holding
                # every pearl needs no cut: the others are cut)
                q = next((i for i in lasting if label[i] != k), None)
                if q is not None:
                    solver.add_clause([-(first + 1), -self.selector[q]] + crossing)
                    self.cuts += 1

    def _witness(self, broken: list[int]) -> None:
        w = len(self._witnesses)
        self._witnesses.append(broken)
        for i in broken:
            self._breaking.setdefault(i, []).append(w)
        self._live.append(sum(1 for i in broken if self._present[i]))
        if not self._live[w]:
            self._free.add(w)

    def _moved_at(self, cell: int) -> int:
        """A variable that implies "the loop differs from the known one on an edge the
        pearl at ``cell`` reads" (its four edges and the one beyond each): one
        clause.  The known loop obeys the pearl, so a loop that breaks it differs
        there: no second solution the hint asks for is lost."""
        v = self._moved.get(cell)
        if v is not None:
            return v
        bd = self.bd
        seen = set(bd.near[cell]) | {bd.far(cell, d) for d in range(4)}
        seen.discard(bd.off)
        self._top += 1
        v = self._moved[cell] = self._top
        self._solver.add_clause([-v] + [-(e + 1) if self._loop[e] else e + 1
                                        for e in sorted(seen)])
        return v

    def _broken(self, model: Sequence[int]) -> list[int]:
        """The candidate pearls that the solver's ``model`` (a loop) breaks: only
        pearls that see an edge where it differs from the known loop can."""
        bd = self.bd
        m = bd.nedges
        differ = np.flatnonzero((np.asarray(model[:m]) > 0) != self._loop_np).tolist()
        value = bytearray(self._loop)
        near: set[int] = set()
        for e in differ:
            value[e] ^= 1
            for cell in bd.ends[e]:  # the pearl there, or one cell on (a far edge)
                near.add(cell)
                near.update(j for j in bd.nbr[cell] if j >= 0)
        kinds = self._kinds
        return [c for c in sorted(near) if kinds[c] in (WHITE, BLACK)
                and not _obeys(bd, value, c, kinds[c])]

    def close(self) -> None:
        self._solver.close()

    def __enter__(self) -> "UniqueOracle":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def model_cycles(bd: Board, model: Sequence[int]) -> tuple[list[int], list[tuple[int, list[int]]]]:
    """The cycles of a model (the solver's literals, edge e's first: e + 1), in the
    order of their smallest edge: ``(label, cycles)``, ``label[i]`` the cycle of
    cell i (-1: none), each cycle as its smallest edge and the literals of the
    edges leaving its cells (cells in the order walked from that edge).

    In C (``masyu._deduce.cycles``) with the deducer ``c``
    (:data:`masyu.deduce.native.DEFAULT_DEDUCER`), else :func:`cycles_python`,
    its readable twin."""
    if native.DEFAULT_DEDUCER == "c":
        return native.cycles_c(bd, model)
    return cycles_python(bd, model)


def cycles_python(bd: Board, model: Sequence[int]) -> tuple[list[int], list[tuple[int, list[int]]]]:
    """:func:`model_cycles` in Python."""
    present = [x - 1 for x in model[:bd.nedges] if x > 0]
    label = [-1] * bd.ncells
    out = []
    near, nbr, off = bd.near, bd.nbr, bd.off
    for k, (edges, cells) in enumerate(_cycles(present, bd.ends, bd.ncells)):
        for c in cells:
            label[c] = k
        crossing = [near[c][d] + 1 for c in cells for d in range(4)
                    if near[c][d] != off and label[nbr[c][d]] != k]
        out.append((edges[0], crossing))
    return label, out


def _cycles(present: list[int], ends: Sequence[tuple[int, int]],
            ncells: int) -> list[tuple[list[int], list[int]]]:
    """The cycles of a set of edges in which every cell has degree 0 or 2: each as
    its edges and its cells, in the order walked."""
    first = [-1] * ncells   # an edge at each cell, and the other one
    second = [-1] * ncells
    for e in present:
        for x in ends[e]:
            if first[x] < 0:
                first[x] = e
            elif second[x] < 0:
                second[x] = e
            else:
                raise ValueError("a cell has degree more than 2")
    if any(first[x] >= 0 and second[x] < 0 for x in range(ncells)):
        raise ValueError("a cell has degree 1")
    seen = bytearray(len(ends))
    out = []
    for e0 in present:
        if seen[e0]:
            continue
        edges, cells = [], []
        cell, e = ends[e0][0], e0
        while not seen[e]:
            seen[e] = 1
            edges.append(e)
            cells.append(cell)
            a, b = ends[e]
            cell = b if a == cell else a
            e = second[cell] if first[cell] == e else first[cell]
        out.append((edges, cells))
    return out
