"""An XCC problem (and maybe a single-cycle constraint) as CNF: the readable
reference translation.  It reads the problem itself, not the dancing-links
arrays; its compiled twin :class:`~xcc.engines.sat.compiled.CompiledTranslation`
(``xcc/csrc/sat/cnf.c``) gives the same variables and clauses in the same order.

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

Solutions are enumerated by blocking clauses (``blocking``): a solution
``S`` is blocked by "one of its option variables is false, or one of the
table-colored items has another color" (no solution strictly contains
another, since each option covers a primary item, and the colors name the
options of the tables).

The single-cycle constraint (:class:`xcc.cycle.Cycle`) is an edge per
``(item, color, u, v)`` entry whose literal is ``y[item, color]``, plus the
edges present from the start.  Degrees go into the CNF (0 or 2 at every
vertex, 2 at a required one, no loops from a vertex to itself; left out at
a vertex whose degree one table already fixes); connectivity is left to the
engine's cuts (:mod:`xcc.engines.sat.cuts`).
"""
from __future__ import annotations

from itertools import product

from ...cycle import CompiledCycle
from ...problem import Problem
from .cuts import check_edges
from .formula import Formula


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
        # the primary items of each option: an option with several is read no further,
        # so the search for tables is linear however long the options are
        nprim = [sum(i < n1 for i, _ in occ or ()) for occ in occs]
        for ks in by_primary:
            signature, tuples = None, {}
            for k in ks:
                if nprim[k] != 1:
                    break
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

