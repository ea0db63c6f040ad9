"""A replay checker for explanations, written apart from the deducer.

It knows the rules of Masyu from the rulebook, not from masyu.deduce: a cell
has 0 or 2 lines (a pearl 2); a white pearl goes straight and does not go
straight on both sides; a black pearl turns and each arm goes straight on
through the next cell.  ``replay`` applies the steps of an explanation in
order and checks each one:

- a local rule: the rules of the cells the step names, with the marks made
  so far, force every edge it sets (every completion of the edges those
  rules read has those values, and there is one);
- a premature small loop: the crossed edge joins the two ends of one path
  of lines, and something (a line or a pearl) lies off that path;
- connectivity or a bridge: each crossed edge is a bridge of the graph of
  the edges still possible, or lies in a piece of it with no pearl and no
  line while a pearl lies elsewhere;
- the parity of a cut: it sets one edge; every other edge across the same
  straight cut (between two columns, or two rows) is set already, the lines
  across it then number an even count, and the step names the cut's cells;
- a trial (level 2): only that it sets unknown edges (its truth is checked
  against the stored loop by the callers).

In an account that ends in a contradiction the named cells may have no
completion at all (that is what it proves); every other check still holds.
"""
from __future__ import annotations

from collections import deque

LOCAL = {"corner black pearl", "edge black pearl", "adjacent black pearls", "black turns",
         "black extends straight", "edge white pearl", "white goes straight",
         "white needs a turn", "pearl on the loop", "only way out", "no branching", "dead end"}
TRIALS = {"three whites in a row", "line leads to contradiction", "cross leads to contradiction"}
STEPS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


class ReplayError(AssertionError):
    pass


class Replay:
    def __init__(self, puzzle, given=None, doomed=False):
        self.p = puzzle
        self.doomed = doomed   # the account ends in a contradiction: no completion is fine
        self.pearls = dict(puzzle.pearls)
        self.state: dict = {}
        if given is not None:
            for e in given.lines:
                self.state[e] = 1
            for e in given.crosses:
                self.state[e] = 0

    # -- the board, from scratch ------------------------------------------

    def on(self, c):
        return 0 <= c[0] < self.p.rows and 0 <= c[1] < self.p.cols

    def edge(self, a, d):
        """The edge from cell a in direction d, or None off the board."""
        b = (a[0] + STEPS[d][0], a[1] + STEPS[d][1])
        if not (self.on(a) and self.on(b)):
            return None
        return (a, b) if a < b else (b, a)

    def nextcell(self, a, d):
        return (a[0] + STEPS[d][0], a[1] + STEPS[d][1])

    def value(self, e, extra):
        if e is None:
            return 0
        if e in extra:
            return extra[e]
        return self.state.get(e)

    # -- the rules of cells, as predicates over full assignments ---------------

    def constraints(self, cell):
        """(edges read, predicate) pairs for the rules of one cell."""
        out = []
        near = [self.edge(cell, d) for d in "NESW"]
        pearl = self.pearls.get(cell)

        def degree(vals, pearl=pearl):
            s = sum(vals)
            return s == 2 if pearl else s in (0, 2)
        out.append((near, degree))
        if pearl == "W":
            far = [self.edge(self.nextcell(cell, d), d) if self.on(self.nextcell(cell, d)) else None
                   for d in "NESW"]

            def white(v):
                n, e, s, w, fn, fe, fs, fw = v
                if n and s and not e and not w:
                    return not (fn and fs)
                if e and w and not n and not s:
                    return not (fe and fw)
                return False
            out.append((near + far, white))
        elif pearl == "B":
            far = [self.edge(self.nextcell(cell, d), d) if self.on(self.nextcell(cell, d)) else None
                   for d in "NESW"]

            def black(v):
                n, e, s, w = v[:4]
                if n + s != 1 or e + w != 1:
                    return False
                return all(v[4 + d] for d in range(4) if v[d])
            out.append((near + far, black))
        return out

    def forced(self, cells, sets):
        """Check that the rules of ``cells`` force ``sets`` given the state: every
        completion of the edges those rules read has those values, and one exists.
        Rules that share no unknown edge are checked apart (pieces)."""
        cons = [c for cell in cells for c in self.constraints(cell)]
        unknown = [[e for e in edges if e is not None and self.state.get(e) is None]
                   for edges, _ in cons]
        # Pieces: constraints joined by the unknown edges they share.
        piece = list(range(len(cons)))

        def find(k):
            while piece[k] != k:
                piece[k] = piece[piece[k]]
                k = piece[k]
            return k
        owner: dict = {}
        for k, es in enumerate(unknown):
            for e in es:
                if e in owner:
                    piece[find(k)] = find(owner[e])
                else:
                    owner[e] = k
        wanted = dict(sets)
        for e in wanted:
            if e not in owner:
                raise ReplayError(f"the step sets {e}, which the rules of its cells do not read "
                                  f"or which is already set")
        groups: dict = {}
        for k in range(len(cons)):
            groups.setdefault(find(k), []).append(k)
        for ks in groups.values():
            self._forced_piece([cons[k] for k in ks], wanted)

    def _forced_piece(self, cons, wanted):
        variables = []
        for edges, _ in cons:
            for e in edges:
                if e is not None and self.state.get(e) is None and e not in variables:
                    variables.append(e)
        seen_any = [False]
        assign: dict = {}
        by_var: dict = {}
        for k, (edges, _) in enumerate(cons):
            last = max((variables.index(e) for e in edges if e in variables), default=-1)
            by_var.setdefault(last, []).append(k)

        def ok(k):
            edges, pred = cons[k]
            return pred([self.value(e, assign) for e in edges])

        for k in by_var.get(-1, []):
            if not ok(k):
                if self.doomed:
                    return
                raise ReplayError("the named cells' rules already fail before the step")

        def search(i):
            if i == len(variables):
                seen_any[0] = True
                for e, v in wanted.items():
                    if e in assign and assign[e] != v:
                        raise ReplayError(f"not forced: {e} can be {assign[e]} "
                                          f"(completion {sorted(assign.items())})")
                return
            e = variables[i]
            for v in (0, 1):
                assign[e] = v
                if all(ok(k) for k in by_var.get(i, [])):
                    search(i + 1)
            del assign[e]

        search(0)
        if not seen_any[0] and not self.doomed:
            raise ReplayError("the named cells' rules have no completion at all")

    # -- board-wide rules -------------------------------------------------------

    def small_loop(self, cells, sets):
        if len(sets) != 1 or sets[0][1] != 0 or len(cells) != 2:
            raise ReplayError("a small-loop step crosses one edge between two path ends")
        (f, _), (a, b) = sets[0], cells
        if {f[0], f[1]} != {a, b}:
            raise ReplayError("the crossed edge does not join the two cells named")
        lines = [e for e, v in self.state.items() if v == 1]
        adj: dict = {}
        for x, y in lines:
            adj.setdefault(x, []).append(y)
            adj.setdefault(y, []).append(x)
        if len(adj.get(a, [])) != 1 or len(adj.get(b, [])) != 1:
            raise ReplayError("the named cells are not path ends")
        path, prev, cur = [a], None, a
        while True:
            nxt = [y for y in adj[cur] if y != prev]
            if not nxt:
                break
            prev, cur = cur, nxt[0]
            path.append(cur)
        if cur != b:
            raise ReplayError("the two cells are not the ends of one path")
        on_path = set(path)
        if len(on_path) - 1 == len(lines) and all(c in on_path for c in self.pearls):
            raise ReplayError("nothing lies outside the path: closing it would be the answer")

    def possible(self):
        """Adjacency of the graph of edges not crossed."""
        adj: dict = {}
        for r in range(self.p.rows):
            for c in range(self.p.cols):
                for d in "ES":
                    e = self.edge((r, c), d)
                    if e is not None and self.state.get(e) != 0:
                        adj.setdefault(e[0], set()).add(e[1])
                        adj.setdefault(e[1], set()).add(e[0])
        return adj

    def piece(self, adj, start, without=None):
        seen, todo = {start}, deque([start])
        while todo:
            x = todo.popleft()
            for y in adj.get(x, ()):
                if without is not None and {x, y} == set(without):
                    continue
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        return seen

    def connected(self, sets):
        adj = self.possible()
        marked = set(self.pearls) | {x for e, v in self.state.items() if v == 1 for x in e}
        for e, v in sets:
            if v != 0:
                raise ReplayError("connectivity only crosses edges")
            a, b = e
            if b not in self.piece(adj, a, without=e):
                continue   # a bridge
            mine = self.piece(adj, a)
            if not (mine & marked) and marked:
                continue   # cut off from every pearl and line
            raise ReplayError(f"{e} is neither a bridge nor cut off")

    def parity(self, cells, sets):
        """A loop crosses a straight cut an even number of times."""
        if len(sets) != 1:
            raise ReplayError("a parity step sets one edge")
        ((a, b), v), = sets
        if a[0] == b[0]:       # east-west edge: the cut between columns a[1] and b[1]
            cut = [((r, a[1]), (r, b[1])) for r in range(self.p.rows)]
        else:                  # north-south edge: the cut between rows a[0] and b[0]
            cut = [((a[0], c), (b[0], c)) for c in range(self.p.cols)]
        others = [self.state.get(e) for e in cut if e != (a, b)]
        if None in others:
            raise ReplayError("an edge across the cut is still open")
        if (sum(others) + v) % 2:
            raise ReplayError("the loop would cross the cut an odd number of times")
        if set(cells) != {c for e in cut for c in e}:
            raise ReplayError("the step does not name the cut's cells")

    # -- the replay -------------------------------------------------------------

    def apply(self, step):
        rule, cells, sets = step.rule, list(step.cells), list(step.set)
        for e, v in sets:
            if e in self.state:
                raise ReplayError(f"{rule}: {e} is set already")
        if rule in LOCAL:
            self.forced(cells, sets)
        elif rule == "premature small loop":
            self.small_loop(cells, sets)
        elif rule in ("connectivity", "bridge"):
            self.connected(sets)
        elif rule == "parity of a cut":
            self.parity(cells, sets)
        elif rule in TRIALS:
            if len(sets) != 1:
                raise ReplayError("a trial sets one edge")
        elif rule == "contradiction":
            if sets:
                raise ReplayError("a contradiction sets nothing")
        else:
            raise ReplayError(f"unknown rule {rule!r}")
        for e, v in sets:
            self.state[e] = v


def replay(puzzle, explanation, given=None) -> Replay:
    """Apply and check every step; the final state is ``.state``."""
    r = Replay(puzzle, given, doomed=explanation.result == "contradiction")
    for k, step in enumerate(explanation.steps):
        try:
            r.apply(step)
        except ReplayError as err:
            raise ReplayError(f"step {k + 1} ({step.rule}, cells {step.cells}): {err}") from None
    return r
