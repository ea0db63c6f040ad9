"""The loop guard inside CaDiCaL: a user propagator (IPASIR-UP) over the
path fragments of :mod:`xcc.fragments`.

CaDiCaL tells it each edge literal it assigns, each new decision level and
each backtrack; it keeps the fragments of the true edges and propagates
false an edge between the two ends of a fragment that could not close the
whole cycle, and answers a cycle that closes wrongly, or a model that is
not one cycle, with cuts (:mod:`xcc.engines.sat.cuts`).

This module needs python-sat (its ``Propagator`` base class): the engine
imports it only for ``cuts="propagator"``.
"""
from __future__ import annotations

from pysat.engines import Propagator

from ...fragments import Fragments
from .cuts import boundary, check_edges


class LoopPropagator(Fragments, Propagator):
    """The loop guard inside CaDiCaL.

    Beyond the fragments' ``deg`` and ``mate``: ``rc`` (required vertices in
    the fragment) and ``ln`` (its edges) at each end, ``inc1``/``inc2`` (the
    edges at a vertex), the value CaDiCaL gave each edge variable, the true
    edges and the cycles closed.  Every change goes on the fragments' trail;
    each decision level remembers where its changes begin.
    """

    def __init__(self, t) -> None:
        Propagator.__init__(self)
        Fragments.__init__(self, t.nverts)
        self.is_lazy = False
        self.t = t
        n = t.nverts
        self.is_required = [0] * n
        for r in t.required:
            self.is_required[r] = 1
        self.nrequired = len(t.required)
        self.rc = list(self.is_required)
        self.ln = [0] * n
        self.inc1 = [-1] * n
        self.inc2 = [-1] * n
        self.edges_of: dict[int, list[int]] = {}
        self.between: dict[tuple[int, int], list[int]] = {}
        for j, (u, v, lit) in enumerate(t.edges):
            if lit:
                self.edges_of.setdefault(lit, []).append(j)
                if u != v:
                    self.between.setdefault((min(u, v), max(u, v)), []).append(j)
        self.value: dict[int, int] = {abs(lit): 0 for lit in self.edges_of}
        self.ntrue = [0]
        self.true_list: list[int] = []
        self.closed: list[list[int]] = []
        self.limits: list[int] = []
        self.pending: list[list[int]] = []
        self.props: list[int] = []
        self.given: set[int] = set()  # propagated, not yet seen assigned
        self.reason: dict[int, tuple] = {}
        self.cuts = 0
        self.propagated = 0
        for j, (u, v, lit) in enumerate(t.edges):
            if not lit:
                self._add(j)
        self.trail.clear()  # the present edges are never undone
        self._check_closed()

    def setup_observe(self, solver) -> None:
        for var in self.value:
            solver.observe(var)

    # ---- decision levels --------------------------------------------------------

    def on_new_level(self) -> None:
        self.limits.append(self.mark())

    def on_backtrack(self, to: int) -> None:
        if to < len(self.limits):
            self.undo_to(self.limits[to])
            del self.limits[to:]
        self.props.clear()
        self.given.clear()

    # ---- edges appear -------------------------------------------------------------
    def on_assignment(self, lit: int, fixed: bool = False) -> None:
        var = abs(lit)
        if self.value.get(var, 1):  # not ours, or already known
            return
        self._set(self.value, var, 1 if lit > 0 else -1)
        js = self.edges_of.get(lit)
        if not js:
            return
        added = False
        for j in js:
            added = self._add(j) or added
        if added:
            self._check_closed()

    def _add(self, j: int) -> bool:
        u, v, _ = self.t.edges[j]
        deg = self.deg
        if u == v or deg[u] == 2 or deg[v] == 2:
            return False  # the CNF refuses this assignment by itself
        du, dv = deg[u], deg[v]
        self._set(self.inc1 if du == 0 else self.inc2, u, j)
        self._set(self.inc1 if dv == 0 else self.inc2, v, j)
        self._set(self.ntrue, 0, self.ntrue[0] + 1)
        self._push(self.true_list, j)
        if self.closes(u, v):  # a cycle closes
            self.close_cycle(u, v)
            self._push(self.closed, self._walk(u, j, u))
            return True
        a, b = self.join(u, v)
        rc = (self.rc[a] if du else self.is_required[u]) + (self.rc[b] if dv else self.is_required[v])
        ln = (self.ln[a] if du else 0) + (self.ln[b] if dv else 0) + 1
        self._set(self.rc, a, rc)
        self._set(self.rc, b, rc)
        self._set(self.ln, a, ln)
        self._set(self.ln, b, ln)
        self._forbid_closing(a, b, rc, ln)
        return True

    def _walk(self, a: int, j: int, b: int) -> list[int]:
        """The edges from ``a`` along edge ``j`` until ``b``."""
        edges, inc1, inc2 = self.t.edges, self.inc1, self.inc2
        out = [j]
        w = a
        while True:
            u, v, _ = edges[j]
            w = v if u == w else u
            if w == b:
                return out
            j = inc2[w] if inc1[w] == j else inc1[w]
            out.append(j)

    def _forbid_closing(self, a: int, b: int, rc: int, ln: int) -> None:
        """An edge a-b would close the fragment: is that ever right?"""
        js = self.between.get((a, b) if a < b else (b, a))
        if not js:
            return
        value = self.value
        for j in js:
            lit = self.t.edges[j][2]
            if value[abs(lit)] or -lit in self.given:
                continue
            if rc < self.nrequired or len(self.edges_of[lit]) > 1:
                extra = -1
            elif self.ntrue[0] > ln:  # another edge is present outside the fragment
                inside = set(self._walk(a, self.inc1[a], b))
                extra = next(f for f in self.true_list if f not in inside)
            else:
                continue
            self.reason[-lit] = (a, self.inc1[a], b, extra)
            self.props.append(-lit)

    def _check_closed(self) -> None:
        for cycle in self.closed:
            edges = self.t.edges
            verts = {w for j in cycle for w in edges[j][:2]}
            inside = sum(1 for r in self.t.required if r in verts)
            no = sorted({-edges[j][2] for j in cycle if edges[j][2]})
            if inside < self.nrequired:
                self.pending.append(no)
                cut = boundary(self.t, verts) if inside else None
                if cut is not None:
                    self.pending.append(cut)
            elif self.ntrue[0] > len(cycle):
                cyc = set(cycle)
                f = next(f for f in self.true_list if f not in cyc)
                self.pending.append(sorted(set(no) | {-edges[f][2]} - {0}))
            else:
                continue
            self.cuts += 1
            return

    # ---- the solver asks ------------------------------------------------------------
    def propagate(self) -> list[int]:
        out = [lit for lit in dict.fromkeys(self.props) if not self.value[abs(lit)]]
        self.props.clear()
        self.given.update(out)
        self.propagated += len(out)
        return out

    def provide_reason(self, lit: int) -> list[int]:
        a, j, b, extra = self.reason[lit]
        edges = self.t.edges
        out = {lit}
        for i in self._walk(a, j, b):
            if edges[i][2]:
                out.add(-edges[i][2])
        if extra >= 0 and edges[extra][2]:
            out.add(-edges[extra][2])
        return [lit] + sorted(out - {lit})

    def check_model(self, model: list[int]) -> bool:
        truth = set(model)
        true_edges = [j for j, (_, _, lit) in enumerate(self.t.edges) if not lit or lit in truth]
        ok, cuts = check_edges(self.t, true_edges)
        if not ok:
            self.pending.extend(cuts)
            self.cuts += len(cuts)
        return ok

    def decide(self) -> int:
        return 0

    def has_clause(self) -> bool:
        return bool(self.pending)

    def add_clause(self) -> list[int]:
        return self.pending.pop()

