"""A deduction solver for Masyu: propagation, probing, then search.

It shares no code with the exact cover encodings, so it can check them and
they can check it.  Three levels, each a superset of the one before:

1. *local*: the rules of single cells and pearls (degree 0 or 2; a white pearl
   goes straight and not both its neighbours do; a black pearl turns and both
   its arms go straight), and "never close a small loop" (an edge that would
   close a cycle while other lines or pearls lie outside it is empty);
2. *probe*: level 1, plus the board-wide connectivity rule (the loop lives in
   one connected piece of the edges still possible, so any bridge of that
   graph is empty) and failed-edge probing (if giving an edge one value leads
   level 1 to a contradiction, it has the other value);
3. *search*: level 2 at every node of a depth-first search over edges.

Edges are numbered as in :func:`masyu.grid.all_edges` (horizontal ones row by
row, then vertical ones); one extra sentinel edge stands for every edge that
leaves the board and is always empty.  Values: 0 empty, 1 line, 2 unknown.

Given the answer (``known``, one 0/1 per edge), probing and search only try
the values that differ from it: every deduction is sound, so the answer's own
values can never be refuted.  This is what the generator uses; without
``known`` both values are tried.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from .grid import Edge, all_edges
from .loop import Loop
from .puzzle import Puzzle

UNKNOWN = 2
FRONTIER = True  # level 2 probes only edges at a path end or a pearl (the human way)
LEVELS = {1: "local", 2: "probe", 3: "search"}


class Board:
    """The fixed structure of an R x C board: cell and edge numbers, neighbours."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.ncells = n = rows * cols
        self.nedges = m = rows * (cols - 1) + (rows - 1) * cols
        self.off = off = m  # the sentinel edge: every off-board edge, always 0
        hbase = 0
        vbase = rows * (cols - 1)
        cell_edges: list[tuple[int, int, int, int]] = []
        nbr: list[tuple[int, int, int, int]] = []
        for r in range(rows):
            for c in range(cols):
                en = vbase + (r - 1) * cols + c if r > 0 else off
                es = vbase + r * cols + c if r < rows - 1 else off
                ew = hbase + r * (cols - 1) + c - 1 if c > 0 else off
                ee = hbase + r * (cols - 1) + c if c < cols - 1 else off
                cell_edges.append((en, ee, es, ew))
                i = r * cols + c
                nbr.append((i - cols if r > 0 else -1, i + 1 if c < cols - 1 else -1,
                            i + cols if r < rows - 1 else -1, i - 1 if c > 0 else -1))
        self.cell_edges = cell_edges
        self.nbr = nbr
        ends: list[tuple[int, int]] = [(0, 0)] * m
        for i in range(n):
            e_east, e_south = cell_edges[i][1], cell_edges[i][2]
            if e_east != off:
                ends[e_east] = (i, i + 1)
            if e_south != off:
                ends[e_south] = (i, i + cols)
        self.edge_cells = ends
        self.edges: list[Edge] = all_edges(rows, cols)
        self.index = {e: k for k, e in enumerate(self.edges)}

    def far(self, i: int, d: int) -> int:
        """The edge one step beyond the neighbour of cell ``i`` in direction ``d`` (0..3 = NESW)."""
        j = self.nbr[i][d]
        return self.off if j < 0 else self.cell_edges[j][d]

    def side(self, i: int, d: int) -> tuple[int, int]:
        """The two edges of the neighbour in direction ``d`` that leave it sideways."""
        j = self.nbr[i][d]
        if j < 0:
            return self.off, self.off
        es = self.cell_edges[j]
        return es[(d + 1) % 4], es[(d + 3) % 4]

    def between(self, i: int, j: int) -> int:
        """The edge joining cells ``i`` and ``j``, or -1 if they are not adjacent."""
        if i > j:
            i, j = j, i
        if j == i + 1 and j % self.cols:
            return self.cell_edges[i][1]
        if j == i + self.cols:
            return self.cell_edges[i][2]
        return -1

    def values(self, loop: Loop) -> list[int]:
        """The 0/1 value of every edge for ``loop`` (sentinel included)."""
        out = [0] * (self.nedges + 1)
        for e in loop.edges:
            out[self.index[e]] = 1
        return out

    def loop(self, values: Sequence[int]) -> Loop:
        return Loop(self.rows, self.cols, [self.edges[k] for k in range(self.nedges)
                                           if values[k] == 1])


@lru_cache(maxsize=16)
def board(rows: int, cols: int) -> Board:
    return Board(rows, cols)


class Contradiction(Exception):
    """Internal: the current partial assignment has no completion."""


class State:
    """A partial assignment of the edges with its propagation machinery and undo trail.

    ``kinds`` has one entry per cell: 0 none, 1 white, 2 black.
    """

    def __init__(self, bd: Board, kinds: Sequence[int]) -> None:
        self.bd = bd
        n, m = bd.ncells, bd.nedges
        self.kinds = list(kinds)
        self.val = [UNKNOWN] * m + [0]
        self.unknown = m
        self.trail: list[int] = []
        self.deg = [0] * n           # 1-edges at each cell
        self.other = list(range(n))  # at a path end: the other end (an isolated cell: itself)
        self.flen = [0] * n          # at a path end: the path's number of edges
        self.fpearl = [1 if k else 0 for k in self.kinds]  # at a path end: its pearls
        self.ctrail: list[tuple[int, int, int, int]] = []
        self.ones = 0
        self.closed = False
        self.npearls = sum(self.fpearl)
        self.pearl_cells = [i for i in range(n) if self.kinds[i]]
        # Constraints: 0..n-1 the degree of each cell, n+p the rule of pearl p.
        watch: list[list[int]] = [[] for _ in range(m + 1)]
        for i in range(n):
            for e in bd.cell_edges[i]:
                watch[e].append(i)
        self.prules: list[tuple[int, tuple[int, ...]]] = []
        for p, i in enumerate(self.pearl_cells):
            es = bd.cell_edges[i]
            fars = tuple(bd.far(i, d) for d in range(4))
            if self.kinds[i] == 1:
                rule = es + fars
            else:
                sides = tuple(x for d in range(4) for x in bd.side(i, d))
                rule = es + fars + sides
            self.prules.append((self.kinds[i], rule))
            for e in sorted(set(rule)):
                watch[e].append(n + p)
        watch[bd.off] = []
        self.watch = watch
        self.inq = [0] * (n + len(self.prules))
        self.queue: list[int] = []
        # Counters of the work done.
        self.assignments = 0
        self.probes = 0

    # -- assignment and undo ---------------------------------------------

    def mark(self) -> tuple[int, int, bool]:
        return len(self.trail), len(self.ctrail), self.closed

    def undo(self, mark: tuple[int, int, bool]) -> None:
        t, ct, closed = mark
        val, trail, deg, ends = self.val, self.trail, self.deg, self.bd.edge_cells
        while len(trail) > t:
            e = trail.pop()
            if val[e] == 1:
                a, b = ends[e]
                deg[a] -= 1
                deg[b] -= 1
                self.ones -= 1
            val[e] = UNKNOWN
            self.unknown += 1
        ctrail, other, flen, fpearl = self.ctrail, self.other, self.flen, self.fpearl
        while len(ctrail) > ct:
            i, o, ln, pe = ctrail.pop()
            other[i], flen[i], fpearl[i] = o, ln, pe
        self.closed = closed
        for k in self.queue:
            self.inq[k] = 0
        self.queue.clear()

    def assign(self, e: int, v: int) -> None:
        """Give edge ``e`` value ``v`` and queue the rules that watch it."""
        val = self.val
        cur = val[e]
        if cur == v:
            return
        if cur != UNKNOWN:
            raise Contradiction
        if v == 1 and self.closed:
            raise Contradiction
        val[e] = v
        self.trail.append(e)
        self.unknown -= 1
        self.assignments += 1
        inq, queue = self.inq, self.queue
        for k in self.watch[e]:
            if not inq[k]:
                inq[k] = 1
                queue.append(k)
        if v == 1:
            self._link(e)

    def _link(self, e: int) -> None:
        """Join the paths at the two ends of the new line ``e``; refuse small loops."""
        a, b = self.bd.edge_cells[e]
        deg, other, flen, fpearl, ctrail = self.deg, self.other, self.flen, self.fpearl, self.ctrail
        da, db = deg[a], deg[b]
        deg[a] = da + 1  # counted before any refusal: undo takes it back with the edge
        deg[b] = db + 1
        self.ones += 1
        if da >= 2 or db >= 2:
            raise Contradiction
        oa, ob = other[a], other[b]
        if oa == b and da == 1:  # closing a cycle: only the whole answer may close
            if flen[a] + 1 == self.ones and fpearl[a] == self.npearls:
                self.closed = True
                return
            raise Contradiction
        ln = flen[a] + flen[b] + 1
        pe = fpearl[a] + fpearl[b]
        for x in (oa, ob):
            ctrail.append((x, other[x], flen[x], fpearl[x]))
        other[oa], other[ob] = ob, oa
        flen[oa] = flen[ob] = ln
        fpearl[oa] = fpearl[ob] = pe
        # The edge that would join the two new ends closes a cycle: allowed only
        # if nothing lies outside the path.
        f = self.bd.between(oa, ob)
        if f >= 0 and self.val[f] == UNKNOWN and not (ln == self.ones and pe == self.npearls):
            self.assign(f, 0)

    # -- level 1: local propagation ------------------------------------------

    def start(self) -> None:
        """Queue every rule and apply the rules that hold from the start."""
        for k in range(len(self.inq)):
            self.inq[k] = 1
        self.queue[:] = list(range(len(self.inq)))
        # A black pearl cannot send an arm into another black pearl (that one would go straight).
        for i in self.pearl_cells:
            if self.kinds[i] == 2:
                for d in range(4):
                    j = self.bd.nbr[i][d]
                    if j >= 0 and self.kinds[j] == 2:
                        self.assign(self.bd.cell_edges[i][d], 0)

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
        cell_edges, prules, assign = self.bd.cell_edges, self.prules, self.assign
        kinds = self.kinds
        while queue:
            k = queue.pop()
            inq[k] = 0
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
            if kind == 1:  # white: straight, and not straight on both sides
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
            else:  # black: turn, and go straight through both arms
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

    # -- level 2: connectivity and probing -----------------------------------

    def connect(self) -> None:
        """The loop lies in one piece of the still-possible edges and uses no bridge of it.

        Empties every edge outside the piece holding the lines and pearls, and
        every bridge inside it (raises Contradiction when lines or pearls are
        split, or a line is a bridge).
        """
        if self.closed or self.unknown == 0:
            return
        bd, val = self.bd, self.val
        cell_edges, nbr = bd.cell_edges, bd.nbr
        n = bd.ncells
        root = -1
        if self.pearl_cells:
            root = self.pearl_cells[0]
        else:
            for i in range(n):
                if self.deg[i]:
                    root = i
                    break
        if root < 0:
            return
        # Iterative Tarjan over the graph of possible edges (value 1 or unknown).
        order = [0] * n
        low = [0] * n
        counter = 1
        order[root] = low[root] = counter
        stack = [(root, -1, 0)]
        bridges: list[int] = []
        while stack:
            v, pe, d = stack[-1]
            if d < 4:
                stack[-1] = (v, pe, d + 1)
                e = cell_edges[v][d]
                if val[e] == 0 or e == pe:
                    continue
                w = nbr[v][d]
                if order[w] == 0:
                    counter += 1
                    order[w] = low[w] = counter
                    stack.append((w, e, 0))
                elif order[w] < low[v]:
                    low[v] = order[w]
            else:
                stack.pop()
                if stack:
                    u = stack[-1][0]
                    if low[v] < low[u]:
                        low[u] = low[v]
                    if low[v] > order[u]:
                        bridges.append(pe)
        for i in self.pearl_cells:
            if not order[i]:
                raise Contradiction
        deg = self.deg
        for i in range(n):
            if not order[i]:
                if deg[i]:
                    raise Contradiction
                for e in cell_edges[i]:
                    if val[e] == UNKNOWN:
                        self.assign(e, 0)
        for e in bridges:
            self.assign(e, 0)

    def level2(self, known: Sequence[int] | None = None, budget: int | None = None) -> None:
        """Levels 1 and 2 to a fixed point (raises Contradiction).

        ``budget`` caps the number of probes (None: no cap).
        """
        val, trail = self.val, self.trail
        m = self.bd.nedges
        ends, deg, kinds = self.bd.edge_cells, self.deg, self.kinds
        self.propagate()
        self.connect()
        self.propagate()
        # A probe that follows from an earlier probe without contradiction (since
        # the last new fact) cannot fail: skip it.  implied[2e+v] holds the epoch.
        implied = [0] * (2 * m + 2)
        epoch = 1
        while self.unknown and not self.closed:
            progress = False
            for e in range(m):
                if val[e] != UNKNOWN:
                    continue
                if FRONTIER:
                    a, b = ends[e]
                    if not (deg[a] == 1 or deg[b] == 1 or kinds[a] or kinds[b]):
                        continue
                if budget is not None and self.probes >= budget:
                    return
                tries = (1 - known[e],) if known is not None else (1, 0)
                for v in tries:
                    if implied[2 * e + v] == epoch:
                        continue
                    self.probes += 1
                    mark = self.mark()
                    try:
                        self.assign(e, v)
                        self.propagate()
                        ok = True
                    except Contradiction:
                        ok = False
                    if ok:
                        for k in range(mark[0], len(trail)):
                            f = trail[k]
                            implied[2 * f + val[f]] = epoch
                    self.undo(mark)
                    if not ok:
                        self.assign(e, 1 - v)
                        self.propagate()
                        progress = True
                        epoch += 1
                        break
            if progress:
                self.connect()
                self.propagate()
            else:
                mark = self.mark()
                self.connect()
                self.propagate()
                if len(self.trail) == mark[0]:
                    return
                epoch += 1

    # -- level 3: search -------------------------------------------------

    def branch_edge(self) -> int:
        """An unknown edge to branch on: one at a path end with fewest choices, else the first."""
        val, cell_edges, deg = self.val, self.bd.cell_edges, self.deg
        best, best_unk = -1, 5
        for i in range(self.bd.ncells):
            if deg[i] == 1:
                unk = 0
                pick = -1
                for e in cell_edges[i]:
                    if val[e] == UNKNOWN:
                        unk += 1
                        if pick < 0:
                            pick = e
                if 0 < unk < best_unk:
                    best, best_unk = pick, unk
                    if unk == 2:
                        break
        if best >= 0:
            return best
        for i in self.pearl_cells:
            for e in cell_edges[i]:
                if val[e] == UNKNOWN:
                    return e
        for e in range(self.bd.nedges):
            if val[e] == UNKNOWN:
                return e
        return -1

    def solution(self) -> list[int] | None:
        """The full assignment if the state is a strong solution (unknowns empty)."""
        if not self.closed:
            return None
        return [1 if v == 1 else 0 for v in self.val]


@dataclass
class Analysis:
    """What the deduction solver found out about a puzzle.

    ``count`` is the number of strong solutions found, up to ``limit`` (so
    ``count == 1`` with ``complete`` True means exactly one); ``level`` the
    lowest level that settled the question (1 local, 2 probe, 3 search);
    ``probes``, ``nodes`` and ``assignments`` the work done; ``solutions`` the
    edge values of each solution found.
    """

    count: int
    complete: bool
    level: int
    probes: int
    nodes: int
    assignments: int
    solutions: list[list[int]]
    undecided: list[int]  # edges deduction left open (when it stopped short)

    @property
    def unique(self) -> bool:
        return self.complete and self.count == 1


def kinds_of(puzzle: Puzzle) -> list[int]:
    kinds = [0] * (puzzle.rows * puzzle.cols)
    for (r, c), k in puzzle.pearls:
        kinds[r * puzzle.cols + c] = 1 if k == "W" else 2
    return kinds


def analyze_kinds(bd: Board, kinds: Sequence[int], *, known: Sequence[int] | None = None,
                  max_level: int = 3, limit: int = 2, node_limit: int | None = None,
                  probe_budget: int | None = None, probe_nodes: bool = True) -> Analysis:
    """Solve the puzzle given as a kind per cell, up to ``max_level`` and ``limit`` solutions.

    With ``max_level`` < 3 the answer is complete only when deduction alone
    decides every edge.  ``node_limit`` caps the search nodes (the analysis is
    then incomplete).
    """
    st = State(bd, kinds)
    found: list[list[int]] = []

    def done(level: int, complete: bool) -> Analysis:
        open_ = [] if complete else [e for e in range(bd.nedges) if st.val[e] == UNKNOWN]
        return Analysis(len(found), complete, level, st.probes, nodes, st.assignments, found,
                        open_)

    def settled(step: Callable[[], None]) -> bool:
        """Run a deduction step: True if it settles the puzzle (a contradiction,
        or every edge decided / the loop closed; a solution is kept)."""
        try:
            step()
        except Contradiction:
            return True
        if st.closed or st.unknown == 0:
            sol = st.solution()
            if sol is not None:
                found.append(sol)
            return True
        return False

    nodes = 0
    if settled(lambda: (st.start(), st.propagate())):
        return done(1, True)
    if max_level < 2:
        return done(1, False)
    if settled(lambda: st.level2(known, probe_budget)):
        return done(2, True)
    if max_level < 3 or (probe_budget is not None and st.probes >= probe_budget):
        return done(2, False)

    # Depth-first search; each node runs level 2 (probing against ``known`` only on
    # the answer's own branch, where the answer is still a completion).
    complete = True

    def search(on_known: bool) -> bool:
        """Search below the current state; False to stop (limit or node cap reached)."""
        nonlocal nodes, complete
        nodes += 1
        if node_limit is not None and nodes > node_limit:
            complete = False
            return False
        e = st.branch_edge()
        if e < 0:
            sol = st.solution()
            if sol is not None:
                found.append(sol)
            return len(found) < limit
        if known is not None and on_known:
            values = (1 - known[e], known[e])
        else:
            values = (1, 0)
        for v in values:
            follow = on_known and known is not None and v == known[e]
            mark = st.mark()
            try:
                st.assign(e, v)
                if probe_nodes:
                    st.level2(known if follow else None, None)
                else:
                    st.propagate()
                    st.connect()
                    st.propagate()
                ok = True
            except Contradiction:
                ok = False
            if ok:
                if st.closed or st.unknown == 0:
                    sol = st.solution()
                    if sol is not None:
                        found.append(sol)
                    if len(found) >= limit:
                        st.undo(mark)
                        return False
                elif not search(follow):
                    st.undo(mark)
                    return False
            st.undo(mark)
        return True

    search(known is not None)
    return done(3, complete)


def analyze(puzzle: Puzzle, *, loop: Loop | None = None, max_level: int = 3, limit: int = 2,
            node_limit: int | None = None) -> Analysis:
    """Analyze ``puzzle`` (optionally knowing one solution ``loop``, which speeds it up)."""
    bd = board(puzzle.rows, puzzle.cols)
    known = bd.values(loop) if loop is not None else None
    return analyze_kinds(bd, kinds_of(puzzle), known=known, max_level=max_level, limit=limit,
                         node_limit=node_limit)


def solutions(puzzle: Puzzle, limit: int = 2) -> list[Loop]:
    """Up to ``limit`` strong solutions of ``puzzle``, by deduction and search."""
    bd = board(puzzle.rows, puzzle.cols)
    res = analyze_kinds(bd, kinds_of(puzzle), limit=limit)
    return [bd.loop(s) for s in res.solutions]


def edge_values(bd: Board, edges: Iterable[Edge]) -> list[int]:
    out = [0] * (bd.nedges + 1)
    for e in edges:
        out[bd.index[e]] = 1
    return out
