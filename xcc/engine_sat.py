"""The SAT engine: an XCC problem as CNF, solved by CaDiCaL through python-sat.

The translation (:class:`Translation`, the readable reference) reads the
problem itself, not the dancing-links arrays; the search uses its compiled
twin :class:`CompiledTranslation` (``xcc/csrc/cnf.c``, the same variables
and clauses in the same order, from the problem's compact arrays) and the
compiled cut check (``cuts.c``, the twin of :func:`check_edges`):

- one variable ``x[k]`` per option ``k``;
- every primary item: exactly one of the options that name it;
- every secondary item ``s``: one variable ``y[s, c]`` per color ``c`` used
  with ``s``, true exactly when a chosen option names ``s:c``
  (``x[k] -> y[s, c]`` for each such option, and ``y[s, c] -> OR x[k]``);
  then at most one of the ``y[s, c]`` and the options naming ``s`` without a
  color.  So the colors of ``s`` exclude each other, an uncolored occurrence
  excludes every other occurrence, and ``s`` may stay unnamed: Algorithm C's
  rule exactly.

A *table* item (a primary item whose options each name it, no other primary
item, and the same secondary items, all colored, in distinct color tuples,
as the tiles of both Masyu encodings) keeps no option variables: its options
become clauses forbidding the other color tuples, and the items it names are
surely colored (two colors of such an item share one variable, ``v``/``-v``).

Solutions are enumerated by blocking clauses: a solution ``S`` is blocked by
"one of its option variables is false, or one of the table-colored items has
another color" (no solution strictly contains another, since each option
covers a primary item, and the colors name the options of the tables).

The single-cycle constraint (:class:`xcc.cycle.Cycle`) is an edge per
``(item, color, u, v)`` entry whose literal is ``y[item, color]``, plus the
edges present from the start.  Degrees go into the CNF (0 or 2 at every
vertex, 2 at a required one, no loops from a vertex to itself; left out at
a vertex whose degree one table already fixes), and connectivity is enforced
in one of two ways (``CUTS``; ``"lazy"`` measured faster, so the default:
the propagator's Python callbacks cost more than the solves they save):

- ``"lazy"``: solve, look at the model's components, add cuts, solve again;
- ``"propagator"``: CaDiCaL's user-propagator interface (IPASIR-UP) sees the
  edges as they are assigned, keeps path fragments as the loop guard does,
  refuses an edge that would close a cycle too early and checks each model.

Both use the same cuts, each valid for every solution whatever the model: a
component ``C`` with no required vertex, or with only some required
vertices, cannot be the whole cycle, so "not every edge of ``C``"; and a
component holding some but not all required vertices must be left, so "some
edge across its boundary".  A cycle's parity ``cuts`` and ``propagate`` are
hints for the dancing-links engines; this engine needs neither.
"""
from __future__ import annotations

import gc
import time
from functools import cached_property
from itertools import product
from typing import Callable, Iterator

import numpy as np

from .cycle import CompiledCycle
from .errors import XCCError
from .problem import Problem
from .results import Stats

SOLVER = "cadical195"
CUTS = ("lazy", "propagator")
DEFAULT_CUTS = "lazy"  # measured faster (benchmarks/sat_vs_best.py)
INSTALL_HINT = "engine 'sat' needs python-sat: pip install 'xcc-masyu[sat]'"

try:  # python-sat is an optional extra
    from pysat.engines import Propagator as _PropagatorBase
    from pysat.solvers import Solver as _Solver
except ImportError:  # pragma: no cover - exercised by monkeypatching in tests
    _Solver = None
    _PropagatorBase = object


def available() -> bool:
    """True when python-sat (with CaDiCaL 1.9.5) can be imported."""
    return _Solver is not None


def _require() -> None:
    if _Solver is None:
        raise XCCError(INSTALL_HINT)


# ---- the CNF ------------------------------------------------------------------

class Formula:
    """Clauses over numbered variables, with fresh auxiliary variables."""

    def __init__(self, nvars: int = 0) -> None:
        self.nvars = nvars
        self.clauses: list[list[int]] = []
        self.unsat = False  # an empty clause was added

    def new_var(self) -> int:
        self.nvars += 1
        return self.nvars

    def add(self, clause: list[int]) -> None:
        if not clause:
            self.unsat = True
        self.clauses.append(clause)

    def at_most_one(self, lits: list[int]) -> None:
        """Pairwise for a few literals, a sequential counter beyond."""
        if len(lits) <= 6:
            for i in range(len(lits)):
                for j in range(i + 1, len(lits)):
                    self.add([-lits[i], -lits[j]])
            return
        prev = 0  # s_i: some of the first i literals is true
        for i, lit in enumerate(lits):
            if prev:
                self.add([-lit, -prev])
            if i == len(lits) - 1:
                break
            s = self.new_var()
            self.add([-lit, s])
            if prev:
                self.add([-prev, s])
            prev = s

    def exactly_one(self, lits: list[int]) -> None:
        self.add(list(lits))
        self.at_most_one(lits)

    def at_most_two(self, weighted: list[tuple[int, int]]) -> None:
        """At most 2 in total, each literal counting its weight (1 or 2)."""
        if len(weighted) <= 6:
            for i, (a, wa) in enumerate(weighted):
                for j in range(i + 1, len(weighted)):
                    b, wb = weighted[j]
                    if wa + wb > 2:
                        self.add([-a, -b])
                    else:
                        for k in range(j + 1, len(weighted)):
                            self.add([-a, -b, -weighted[k][0]])
            return
        one = two = 0  # the count so far is at least 1, at least 2
        for lit, w in weighted:
            if two:
                self.add([-lit, -two])
            if w == 2 and one:
                self.add([-lit, -one])
            new_one, new_two = self.new_var(), self.new_var()
            self.add([-lit, new_one])
            if one:
                self.add([-one, new_one])
                self.add([-lit, -one, new_two])
            if two:
                self.add([-two, new_two])
            if w == 2:
                self.add([-lit, new_two])
            one, two = new_one, new_two


class Layout:
    """What the SAT engine reads: the problem itself (no dancing-links arrays),
    with the color codes every engine shares (code ``k`` is ``color_names[k-1]``)."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.color_names = list(problem.colors())


class Translation(Formula):
    """An XCC problem (and maybe a cycle constraint) as CNF.

    ``option_lit[k]`` is the variable of option ``k``, or 0 if the option
    belongs to a *table* (below).  ``color_lit[(i, c)]`` is the literal
    "item ``i`` has color code ``c``" (``i`` counts all items, primary
    first); two colors of one item may share a variable (``v`` and ``-v``),
    and ``true``/``-true`` stand for a color that is certain/impossible.
    ``edges`` lists the cycle's edges as ``(u, v, literal)``, literal 0 for an
    edge present from the start.

    A primary item is a *table* when each of its options names it as its only
    primary item and names the same secondary items, all colored, with color
    tuples that differ (the tile items of a Masyu encoding).  Its options then
    need no variables: "exactly one option" is "the colors of those items
    form one of the tuples", clauses on the color literals alone, and every
    item it names is surely colored.
    """

    MAX_TUPLES = 64  # larger tables keep their option variables

    def __init__(self, layout: Layout, cycle: CompiledCycle | None = None) -> None:
        problem = layout.problem
        super().__init__(0)
        self.noptions = len(problem.options)
        self.n1 = len(problem.primary)
        self.true = self.new_var()
        self.add([self.true])
        self.option_lit: list[int] = [0] * self.noptions
        self.color_lit: dict[tuple[int, int], int] = {}
        self.tables: list[tuple[tuple[int, ...], dict[tuple[int, ...], int]]] = []
        self._forbidden: dict = {}
        self.colored: list[int] = []  # items that a table colors
        self.edges: list[tuple[int, int, int]] = []
        self.nverts = 0
        self.required: list[int] = []
        self.incident: list[list[int]] = []
        self._items(problem, {name: k + 1 for k, name in enumerate(layout.color_names)})
        if cycle is not None:
            self._cycle(cycle)

    def _find_tables(self, occs: list[list[tuple[int, int]]], by_primary: list[list[int]]) -> None:
        n1, max_tuples = self.n1, self.MAX_TUPLES
        for ks in by_primary:
            signature, tuples = None, {}
            for k in ks:
                prim, sec = 0, []
                for i, c in occ if (occ := occs[k]) else ():
                    if i < n1:
                        prim += 1
                    elif c:
                        sec.append((i, c))
                    else:
                        prim = -1  # a bare secondary item
                        break
                if prim != 1 or not sec:
                    break
                sec.sort()
                names = tuple([i for i, _ in sec])
                if signature is None:
                    signature = names
                elif names != signature:
                    break
                t = tuple([c for _, c in sec])
                if t in tuples:
                    break
                tuples[t] = k
            else:
                if signature is not None:
                    size = 1
                    for j in range(len(signature)):
                        size *= len({t[j] for t in tuples})
                    if size <= max_tuples:
                        self.tables.append((signature, tuples))

    def _items(self, problem: Problem, code: dict[str, int]) -> None:
        items = problem.items
        n1, true = self.n1, self.true
        index = {name: i for i, name in enumerate(items)}
        code = {None: 0, **code}
        occs = [[(index[name], code[color]) for name, color in option]
                for option in problem.options]
        by_primary: list[list[int]] = [[] for _ in range(n1)]
        used: list[set[int]] = [set() for _ in items]  # the colors each item takes
        for k, occ in enumerate(occs):
            for i, c in occ:
                if i < n1:
                    by_primary[i].append(k)
                elif c:
                    used[i].add(c)
        self._find_tables(occs, by_primary)
        in_table = [False] * len(occs)
        allowed: dict[int, set[int]] = {}
        for signature, tuples in self.tables:
            for k in tuples.values():
                in_table[k] = True
            for j, i in enumerate(signature):
                colors = {t[j] for t in tuples}
                allowed[i] = allowed[i] & colors if i in allowed else colors
        for k in range(len(occs)):
            if not in_table[k]:
                self.option_lit[k] = self.new_var()
        add = self.clauses.append
        color_lit = self.color_lit
        self.colored = sorted(allowed)
        self.allowed = {i: sorted(a) for i, a in allowed.items()}
        for i in self.colored:  # colored by a table: exactly one allowed color
            a = sorted(allowed[i])
            for c in used[i] - allowed[i]:
                color_lit[(i, c)] = -true
            if len(a) == 1:
                color_lit[(i, a[0])] = true
            elif len(a) == 2:
                v = self.new_var()
                color_lit[(i, a[0])], color_lit[(i, a[1])] = v, -v
            elif a:
                lits = [self.new_var() for _ in a]
                for c, lit in zip(a, lits):
                    color_lit[(i, c)] = lit
                self.exactly_one(lits)
            else:
                self.add([])  # two tables disagree on every color
        names: list[list[int]] = [[] for _ in items]  # options naming an item bare
        colored: dict[tuple[int, int], list[int]] = {}
        for k, occ in enumerate(occs):
            x = self.option_lit[k]
            if not x:
                continue
            for i, c in occ:
                if not c:
                    names[i].append(x)
                elif (i, c) in colored:
                    colored[(i, c)].append(x)
                else:
                    colored[(i, c)] = [x]
        for i in range(n1):  # exactly one option per primary item (tables aside)
            if not (by_primary[i] and in_table[by_primary[i][0]]):
                self.exactly_one(names[i])
        colors_of: list[list[int]] = [[] for _ in items]
        for (i, c), options in colored.items():
            if (i, c) in color_lit:  # a table colors i: only the implications
                y = color_lit[(i, c)]
                for x in options:
                    add([-x, y])
                continue
            y = color_lit[(i, c)] = self.new_var()
            colors_of[i].append(y)
            for x in options:
                add([-x, y])
            add([-y] + options)
        for i in range(n1, len(items)):  # colors and bare names exclude each other
            if i in allowed:
                for x in names[i]:
                    add([-x])
            elif len(colors_of[i]) + len(names[i]) > 1:
                self.at_most_one(colors_of[i] + names[i])
        for signature, tuples in self.tables:  # the forbidden color tuples
            self._table(signature, tuples)

    def _table(self, signature: tuple[int, ...], tuples: dict) -> None:
        true, color_lit = self.true, self.color_lit
        domains = []
        for j, i in enumerate(signature):
            domains.append(tuple(sorted({t[j] for t in tuples if color_lit[(i, t[j])] != -true})))
        key = (frozenset(tuples), tuple(domains))
        forbidden = self._forbidden.get(key)
        if forbidden is None:  # tables repeat: a Masyu board has few tile shapes
            forbidden = self._forbidden[key] = [t for t in product(*domains) if t not in tuples]
        add = self.clauses.append
        for t in forbidden:
            clause = [-color_lit[(i, c)] for i, c in zip(signature, t)]
            if -true in clause:  # a certain color: its negation is false
                clause = [x for x in clause if x != -true]
            add(clause)
            if not clause:
                self.unsat = True

    def check(self, model: list[int]) -> tuple[bool, list[list[int]]]:
        """Does ``model`` make one cycle through every required vertex?  If not,
        the cuts it violates (:func:`check_edges`)."""
        return check_edges(self, self.true_edges(model))

    def true_edges(self, model: list[int]) -> list[int]:
        """The indices of the edges of ``self.edges`` that ``model`` makes present."""
        return [j for j, (_, _, lit) in enumerate(self.edges)
                if not lit or (model[lit - 1] > 0 if lit > 0 else model[-lit - 1] < 0)]

    def literal_true(self, model: list[int], lit: int) -> bool:
        return (model[lit - 1] > 0) if lit > 0 else (model[-lit - 1] < 0)

    def chosen(self, model: list[int]) -> tuple[int, ...]:
        """The options of the solution that ``model`` encodes, sorted."""
        out = [k for k, x in enumerate(self.option_lit) if x and model[x - 1] > 0]
        color_lit = self.color_lit
        for signature, tuples in self.tables:
            t = []
            for i in signature:
                for c in self.allowed[i]:
                    if self.literal_true(model, color_lit[(i, c)]):
                        t.append(c)
                        break
            out.append(tuples[tuple(t)])
        return tuple(sorted(out))

    def blocking(self, model: list[int], chosen: tuple[int, ...]) -> list[int]:
        """A clause that this solution breaks and every other one keeps."""
        clause = [-self.option_lit[k] for k in chosen if self.option_lit[k]]
        true = self.true
        for i in self.colored:
            for c in self.allowed[i]:
                lit = self.color_lit[(i, c)]
                if lit != true and self.literal_true(model, lit):
                    clause.append(-lit)
        return sorted(set(clause))

    def _cycle(self, cc: CompiledCycle) -> None:
        self.nverts = cc.nverts
        self.required = list(cc.required)
        origin: list[tuple[int, int] | None] = []  # the (item, color) of each edge
        for u, v in cc.present:
            self.edges.append((u, v, 0))
            origin.append(None)
        color_lit, never = self.color_lit, -self.true
        for s, entries in enumerate(cc.item_edges):
            i = self.n1 + s
            for c, u, v in entries:
                y = color_lit.get((i, c))
                if y is not None and y != never:
                    self.edges.append((u, v, y))
                    origin.append((i, c))
        required = set(cc.required)
        self.incident = [[] for _ in range(cc.nverts)]  # vertex -> its edges
        for j, (u, v, _) in enumerate(self.edges):
            self.incident[u].append(j)
            if v != u:
                self.incident[v].append(j)
        incident: list[dict[int, int]] = [{} for _ in range(cc.nverts)]
        fixed = [0] * cc.nverts  # present edges at each vertex
        for u, v, lit in self.edges:
            if u == v:  # a loop on one vertex is never part of the cycle
                self.add([-lit] if lit else [])
                continue
            for w in (u, v):
                if lit:
                    incident[w][lit] = incident[w].get(lit, 0) + 1
                else:
                    fixed[w] += 1
        tables_of: dict[int, list[int]] = {}
        for k, (signature, _) in enumerate(self.tables):
            for i in signature:
                tables_of.setdefault(i, []).append(k)
        for v in range(cc.nverts):
            if not self._degree_in_table(v, origin, fixed[v], v in required, tables_of):
                self._degree(sorted(incident[v].items()), fixed[v], v in required)
        if not any(lit == 0 for _, _, lit in self.edges):  # a cycle has an edge
            self.add(sorted({lit for u, v, lit in self.edges if u != v}))

    def _degree_in_table(self, v: int, origin: list, fixed: int, required: bool,
                         tables_of: dict[int, list[int]]) -> bool:
        """Does one table already give ``v`` degree 0 or 2 (2 if required) in
        each of its tuples?  (A Masyu tile does: its options are the cell's
        states.)  Then the degree clauses at ``v`` would say nothing new."""
        at = []
        for j in self.incident[v]:
            u, w, _ = self.edges[j]
            if origin[j] is not None and u != w:
                at.append(origin[j])
        if not at:
            return False
        items = {i for i, _ in at}
        for k in tables_of.get(at[0][0], ()):
            signature, tuples = self.tables[k]
            if not items.issubset(signature):
                continue
            pos = {i: n for n, i in enumerate(signature)}
            for t in tuples:
                d = fixed + sum(1 for i, c in at if t[pos[i]] == c)
                if d != 2 and (required or d != 0):
                    break
            else:
                return True
        return False

    def _degree(self, weighted: list[tuple[int, int]], fixed: int, required: bool) -> None:
        """The degree of a vertex is 0 or 2 (2 if required)."""
        if fixed > 2:
            self.add([])
            return
        keep = []
        for lit, w in weighted:
            if w + fixed > 2:
                self.add([-lit])
            else:
                keep.append((lit, w))
        lits = [lit for lit, _ in keep]
        if fixed == 2:
            return
        if fixed == 1:
            self.exactly_one(lits)
            return
        if required:
            self.add(list(lits))
        self.at_most_two(keep)
        for lit, w in keep:  # never exactly one
            if w == 1:
                self.add([-lit] + [m for m in lits if m != lit])


class CompiledTranslation:
    """:class:`Translation`'s twin, built in C (``xcc/csrc/cnf.c``): the
    same variables and the same clauses in the same order (the tests hold the
    two equal), with what the search reads afterwards (``chosen``,
    ``blocking``, ``true_edges``, ``edges``) computed on arrays."""

    def __init__(self, layout: Layout, cycle: CompiledCycle | None = None) -> None:
        from . import _native
        from .engine_c import cycle_arrays
        problem = layout.problem
        c = problem.compact()
        n1, n, nc = len(problem.primary), len(problem.items), len(c.color_names)
        (self.nvars, unsat, self.clauses, option_lit, color_lit, in_table, colored, eu, ev,
         el) = _native.cnf(n1, n, nc, c.starts, c.items, c.colors,
                            None if cycle is None else cycle_arrays(cycle))
        self.unsat = bool(unsat)
        self.true = 1
        self.option_lit = np.frombuffer(option_lit, np.int32)
        self.colored_lits = np.frombuffer(colored, np.int32)
        self.edge_lit = np.frombuffer(el, np.int32)
        self.nverts = cycle.nverts if cycle is not None else 0
        self.required = list(cycle.required) if cycle is not None else []
        self._cut_arrays = (np.frombuffer(eu, np.int32), np.frombuffer(ev, np.int32),
                            self.edge_lit, np.asarray(self.required, np.int32))
        # a table's option is chosen when all its color literals are true
        table = np.frombuffer(in_table, np.int32).astype(bool)
        self.in_table = table
        entry_option = np.repeat(np.arange(len(table)), np.diff(c.starts))
        keep = table[entry_option] & (c.items >= n1)
        lits = np.frombuffer(color_lit, np.int32).reshape(n, nc + 1)
        self.table_lit = lits[c.items[keep], c.colors[keep]]
        self.table_option = entry_option[keep]

    @cached_property
    def edges(self) -> list[tuple[int, int, int]]:
        """The cycle's edges as ``Translation`` lists them (for the propagator;
        the lazy cuts read the arrays)."""
        eu, ev, el, _ = self._cut_arrays
        return list(zip(eu.tolist(), ev.tolist(), el.tolist()))

    @cached_property
    def incident(self) -> list[list[int]]:
        out: list[list[int]] = [[] for _ in range(self.nverts)]
        for j, (u, v, _) in enumerate(self.edges):
            out[u].append(j)
            if v != u:
                out[v].append(j)
        return out

    @staticmethod
    def _true(model: np.ndarray, lits: np.ndarray) -> np.ndarray:
        values = model[np.abs(lits) - 1]  # a literal is true when its variable's value agrees
        return np.where(lits > 0, values > 0, values < 0)

    def check(self, model: list[int]) -> tuple[bool, list[list[int]]]:
        from . import _native
        cuts = _native.cycle_cuts(self.nverts, *self._cut_arrays, model)
        return (True, []) if cuts is None else (False, cuts)

    def true_edges(self, model: list[int]) -> list[int]:
        m = np.asarray(model)
        lit = self.edge_lit
        return np.flatnonzero((lit == 0) | self._true(m, lit)).tolist()

    def chosen(self, model: list[int]) -> tuple[int, ...]:
        m = np.asarray(model)
        x = self.option_lit
        picked = (x != 0) & self._true(m, np.where(x != 0, x, 1))
        wrong = np.bincount(self.table_option[~self._true(m, self.table_lit)],
                            minlength=len(x)) > 0
        return tuple(np.flatnonzero(picked | (self.in_table & ~wrong)).tolist())

    def blocking(self, model: list[int], chosen: tuple[int, ...]) -> list[int]:
        m = np.asarray(model)
        x = self.option_lit[list(chosen)]
        lits = self.colored_lits[self._true(m, self.colored_lits)]
        return sorted(set((-x[x != 0]).tolist()) | set((-lits).tolist()))


MAX_COLOR_TABLE = 50_000_000  # items x (colors + 1): the C translation's dense table


def translate(layout: Layout, cycle: CompiledCycle | None = None):
    """The CNF of ``layout``'s problem: built in C when the extension is there
    (and the problem's item-by-color table fits), else by the reference."""
    problem = layout.problem
    if len(problem.items) * (len(layout.color_names) + 1) <= MAX_COLOR_TABLE:
        try:
            return CompiledTranslation(layout, cycle)
        except ImportError:  # no compiled extension
            pass
    return Translation(layout, cycle)


# ---- the cuts -----------------------------------------------------------------

def check_edges(t: Translation, true_edges: list[int]) -> tuple[bool, list[list[int]]]:
    """Is the set of edges (indices into ``t.edges``) one cycle through every
    required vertex?  If not, the cuts that it violates (at least one)."""
    edges = t.edges
    first: dict[int, int] = {}  # vertex -> an edge at it
    second: dict[int, int] = {}  # vertex -> the other edge at it
    for j in true_edges:
        u, v, _ = edges[j]
        for w in (u, v):
            if w not in first:
                first[w] = j
            elif w not in second:
                second[w] = j
            else:
                second[w] = -1  # degree 3 or more
    if not true_edges or len(second) != len(first) or -1 in second.values() or \
            any(edges[j][0] == edges[j][1] for j in true_edges):
        # the CNF forbids these; answer with the weakest valid cut
        return False, [sorted({-edges[j][2] for j in true_edges if edges[j][2]})] if true_edges else []
    seen: set[int] = set()
    components: list[tuple[list[int], set[int]]] = []
    for start in first:  # every vertex has degree 2: walk each cycle
        if start in seen:
            continue
        comp, verts = [], {start}
        w, j = start, first[start]
        while True:
            comp.append(j)
            u, v, _ = edges[j]
            w = v if u == w else u
            if w == start:
                break
            verts.add(w)
            j = second[w] if first[w] == j else first[w]
        seen |= verts
        components.append((comp, verts))
    required = t.required
    if len(components) == 1 and all(r in components[0][1] for r in required):
        return True, []
    cuts = []
    for k, (comp, verts) in enumerate(components):
        inside = sum(1 for r in required if r in verts)
        not_all = sorted({-edges[j][2] for j in comp if edges[j][2]})
        if not required:  # no single component is wrong: two cannot both stay
            other = components[(k + 1) % len(components)][0]
            cuts.append(sorted(set(not_all) | {-edges[j][2] for j in other if edges[j][2]}))
        elif inside == 0:
            cuts.append(not_all)
        elif inside < len(required):
            cut = boundary(t, verts)
            cuts.append(not_all if cut is None else cut)
    return False, cuts


def boundary(t: Translation, verts: set[int]) -> list[int] | None:
    """The cut "some edge with one end in ``verts`` is present" (None if an
    edge present from the start crosses: then the cut says nothing)."""
    out = set()
    edges = t.edges
    for w in verts:
        for j in t.incident[w]:
            u, v, lit = edges[j]
            if (u in verts) != (v in verts):
                if not lit:
                    return None
                out.add(lit)
    return sorted(out)


class LoopPropagator(_PropagatorBase):
    """The loop guard inside CaDiCaL (IPASIR-UP).

    Path fragments of the true edges, as in :class:`xcc.cycle.CycleGuard`:
    ``deg``, ``mate`` of fragment ends, plus ``rc`` (required vertices in the
    fragment) and ``ln`` (its edges) at each end, and ``inc1``/``inc2`` (the
    edges at a vertex).  Every change goes on a trail; each decision level
    remembers where its changes begin.  An edge between the two ends of a
    fragment that could not close the whole cycle is propagated false; a
    cycle that closes wrongly is answered with a cut.
    """

    def __init__(self, t: Translation) -> None:
        super().__init__()
        self.is_lazy = False
        self.t = t
        n = t.nverts
        self.deg = [0] * n
        self.mate = list(range(n))
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
        self.trail: list[tuple] = []
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

    # ---- the trail: each change beside its undo ------------------------------
    def _set(self, array: list, k: int, value) -> None:
        self.trail.append((array, k, array[k]))
        array[k] = value

    def _push(self, array: list, value) -> None:
        self.trail.append((array, -1, None))
        array.append(value)

    def _undo_to(self, mark: int) -> None:
        trail = self.trail
        while len(trail) > mark:
            array, k, old = trail.pop()
            if k < 0:
                array.pop()
            else:
                array[k] = old

    def on_new_level(self) -> None:
        self.limits.append(len(self.trail))

    def on_backtrack(self, to: int) -> None:
        if to < len(self.limits):
            self._undo_to(self.limits[to])
            del self.limits[to:]
        self.props.clear()
        self.given.clear()

    # ---- edges appear -------------------------------------------------------------
    def on_assignment(self, lit: int, fixed: bool = False) -> None:
        var = abs(lit)
        if self.value.get(var, 1):  # not ours, or already known
            return
        self._set_value(var, 1 if lit > 0 else -1)
        js = self.edges_of.get(lit)
        if not js:
            return
        added = False
        for j in js:
            added = self._add(j) or added
        if added:
            self._check_closed()

    def _set_value(self, var: int, value: int) -> None:
        self.trail.append((self.value, var, self.value[var]))
        self.value[var] = value

    def _add(self, j: int) -> bool:
        u, v, _ = self.t.edges[j]
        deg = self.deg
        if u == v or deg[u] == 2 or deg[v] == 2:
            return False  # the CNF refuses this assignment by itself
        du, dv = deg[u], deg[v]
        self._set(deg, u, du + 1)
        self._set(deg, v, dv + 1)
        self._set(self.inc1 if du == 0 else self.inc2, u, j)
        self._set(self.inc1 if dv == 0 else self.inc2, v, j)
        self._set(self.ntrue, 0, self.ntrue[0] + 1)
        self._push(self.true_list, j)
        mate = self.mate
        if du and dv and mate[u] == v:  # a cycle closes
            self._push(self.closed, self._walk(u, j, u))
            return True
        a = mate[u] if du else u
        b = mate[v] if dv else v
        rc = (self.rc[a] if du else self.is_required[u]) + (self.rc[b] if dv else self.is_required[v])
        ln = (self.ln[a] if du else 0) + (self.ln[b] if dv else 0) + 1
        self._set(mate, a, b)
        self._set(mate, b, a)
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


# ---- the search ---------------------------------------------------------------

def run(a: Layout, stats: Stats, cycle: CompiledCycle | None = None,
        limit: int | None = None, on_progress: Callable[[Stats], None] | None = None,
        progress_every: float = 1.0, cuts: str | None = None) -> Iterator[tuple[int, ...]]:
    """Yield each solution as the tuple of its option indices (sorted)."""
    _require()
    cuts = DEFAULT_CUTS if cuts is None else cuts
    if cuts not in CUTS:
        raise XCCError(f"unknown cuts {cuts!r}; valid: {', '.join(CUTS)}")
    collecting = gc.isenabled()
    gc.disable()  # the translation makes many small objects and frees none
    try:
        t = translate(a, cycle)
    finally:
        if collecting:
            gc.enable()
    if t.unsat:
        return
    extra = stats.extra
    extra.update(variables=t.nvars, clauses=len(t.clauses), cuts=cuts if cycle else None,
                 solves=0)
    prop = None
    next_check = time.monotonic() + progress_every
    with _Solver(name=SOLVER, bootstrap_with=t.clauses) as solver:
        if cycle is not None and cuts == "propagator":
            prop = LoopPropagator(t)
            solver.connect_propagator(prop)
            prop.setup_observe(solver)
        try:
            while True:
                extra["solves"] += 1
                if not solver.solve():
                    return
                model = solver.get_model()
                if len(model) < t.nvars:  # variables in no clause: false
                    model += [-v for v in range(len(model) + 1, t.nvars + 1)]
                if cycle is not None and prop is None:
                    ok, found = t.check(model)
                    if not ok:
                        assert found, "a rejected model must violate a cut"
                        stats.cycle_cuts += len(found)
                        for clause in found:
                            solver.add_clause(clause)
                        continue
                chosen = t.chosen(model)
                stats.solutions += 1
                yield chosen
                if limit is not None and stats.solutions >= limit:
                    stats.complete = False
                    return
                solver.add_clause(t.blocking(model, chosen))
                if on_progress is not None and time.monotonic() >= next_check:
                    next_check = time.monotonic() + progress_every
                    _flush(solver, stats, prop)
                    on_progress(stats)
        finally:
            _flush(solver, stats, prop)
            if prop is not None:
                solver.disconnect_propagator()


def _flush(solver, stats: Stats, prop: LoopPropagator | None) -> None:
    s = solver.accum_stats() or {}
    for key in ("conflicts", "decisions", "propagations", "restarts"):
        if key in s:
            stats.extra[key] = s[key]
    if prop is not None:
        stats.cycle_cuts = prop.cuts
        stats.extra["loop_propagations"] = prop.propagated
    stats.extra["cycle_cuts"] = stats.cycle_cuts


def count(problem, *, cycle=None, limit: int | None = None, cuts: str | None = None) -> Stats:
    """Count solutions with a chosen way of cutting (for benchmarks)."""
    a = Layout(problem)
    compiled = None if cycle is None else cycle.compile_for(problem)
    stats = Stats()
    start = time.perf_counter()
    for _ in run(a, stats, compiled, limit, cuts=cuts):
        pass
    stats.seconds = time.perf_counter() - start
    return stats
