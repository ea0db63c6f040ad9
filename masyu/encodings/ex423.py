"""Exercise 423, the reduced construction: edges merge into classes by the clue
relations (union-find with parity); a class containing the constant 0 is
dropped, every other class is one item named after its first edge (the
leader), and clue cells lose their tile items and options."""
from __future__ import annotations

import numpy as np

import xcc

from ..board import PEARL_NAME, Board, board
from ..puzzle import Puzzle
from .encoding import Encoding
from .names import names
from .slots import CONSTANT, OPEN, build, forced_values

SUMMARY = "TAOCP ex. 423, edges merged by the clue relations"


def _relations(kind: str, n, e, s, w) -> tuple:
    """The clue relations ``(a, b, a XOR b, text)`` of a pearl with edges n, e, s, w."""
    if kind == "B":
        return ((n, s, 1, "N = not S"), (e, w, 1, "E = not W"))
    return ((n, s, 0, "N = S"), (e, w, 0, "E = W"), (e, n, 1, "E = not N"))


def _contradiction(cell, kind: str, text: str) -> str:
    return f"{PEARL_NAME[kind]} pearl at cell {cell}: {text} contradicts the other clues"


def _clue_classes(puzzle: Puzzle, bd: Board, values: np.ndarray | None = None
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | str:
    """The edge classes under the clue relations (black: N = not S, E = not W;
    white: N = S, E = W, E = not N), by union-find with parity over edge
    numbers, ``off`` being the constant 0 off the board; then the forced
    ``values`` (a search's seed, 0 or 1 per edge, ``OPEN`` for none), each the
    relation ``e = off XOR value``: its class joins the constants.

    Returns, for every number, its class root and its parity ``x XOR root``,
    and for every root the lowest number of its class (the class's leader);
    or the first contradiction among the relations (in pearl order).  Only
    the edges of pearls enter the union-find; every other edge is a class of
    its own.  (Plain lists indexed by edge number: no dictionary per call.)
    """
    size = bd.nedges + 1
    parent = list(range(size))
    parity = [0] * size  # x XOR parent[x]
    weight = [1] * size
    touched: list[int] = []

    def find(x: int) -> tuple[int, int]:
        p = 0
        while parent[x] != x:  # paths stay short: union by size, no compression needed
            p ^= parity[x]
            x = parent[x]
        return x, p

    def union(a: int, b: int, p: int) -> bool:
        """a XOR b = p; False if the classes already say otherwise."""
        ra, pa = find(a)
        rb, pb = find(b)
        if ra == rb:
            return pa ^ pb == p
        if weight[ra] < weight[rb]:
            ra, rb = rb, ra
        parent[rb] = ra  # rb XOR ra = pa XOR pb XOR p
        parity[rb] = pa ^ pb ^ p
        weight[ra] += weight[rb]
        touched.append(rb)
        return True

    cols, near = bd.cols, bd.near
    for cell, kind in puzzle.pearls:
        sides = near[cell[0] * cols + cell[1]]
        for a, b, p, text in _relations(kind, *sides):
            if not union(a, b, p):
                return _contradiction(cell, kind, text)
    if values is not None:
        off = bd.nedges
        for e in np.flatnonzero(values != OPEN).tolist():
            if not union(e, off, int(values[e])):
                return (f"edge {bd.edges[e]} forced {'present' if values[e] else 'absent'} "
                        "contradicts the clues")
    root = np.arange(size)
    par = np.zeros(size, dtype=np.int64)
    lead = np.arange(size)
    if touched:
        found = [find(x) for x in touched]
        root[touched] = [r for r, _ in found]
        par[touched] = [q for _, q in found]
        low: dict[int, int] = {}
        for x, (r, _) in zip(touched, found):
            if x < low.get(r, r):
                low[r] = x
        if low:
            lead[list(low)] = list(low.values())
    return root, par, lead


def encode_423(puzzle: Puzzle, forced=None) -> Encoding:
    """Items for class leaders only; no tile options for clue cells.  The
    ``forced`` edges (:func:`~masyu.encodings.slots.forced_values`) join the
    constants, with their classes."""
    bd, nm = board(puzzle.rows, puzzle.cols), names(puzzle.rows, puzzle.cols)
    n = bd.nedges
    primary = nm.primary(puzzle, False)
    classes = _clue_classes(puzzle, bd, forced_values(bd, forced))
    if isinstance(classes, str):
        problem = xcc.Problem.from_arrays(primary, (), [0], [], name=puzzle.name)
        return Encoding(puzzle, "423", problem, {}, contradiction=classes)
    root, par, lead = classes

    # Constants: the class of the constant 0 (number n); edge e = par[e] XOR par[n].
    constant = root == root[n]
    value = par ^ par[n]
    # Leaders: the first edge (lowest number) of every other class, in edge
    # order; they are the secondary items, named after themselves.
    free = np.flatnonzero(~constant)
    leader = lead[root]                       # every edge's class leader
    is_leader = (leader == np.arange(n + 1)) & ~constant
    leaders = np.flatnonzero(is_leader)
    # Every edge as a code (see CONSTANT): e = leader XOR parity, or a constant.
    parity = par ^ par[leader]
    item = (np.cumsum(is_leader) - 1)[leader]  # the leader's rank: its item
    code_of = np.where(constant, CONSTANT + value, 2 * item + parity)

    secondary = [nm.edge_names[e] for e in leaders.tolist()]
    problem = build(puzzle, bd, False, primary, secondary, code_of)

    # The way back: each item's edges in edge order, with the color meaning
    # "present" (leader = 1 XOR parity); the constant edges, present or absent.
    order = free[np.argsort(item[free], kind="stable")]
    pairs = nm.present_pairs
    pairs = [pairs[k] for k in (2 * order + parity[order]).tolist()]
    ends = np.cumsum(np.bincount(item[free], minlength=len(leaders))).tolist()
    edge_items = {name: tuple(pairs[a:b]) for name, a, b in zip(secondary, [0] + ends, ends)}
    fixed = np.flatnonzero(constant[:n])
    edges = bd.edges
    present = tuple([edges[e] for e in fixed[value[fixed] == 1].tolist()])
    absent = tuple([edges[e] for e in fixed[value[fixed] == 0].tolist()])
    return Encoding(puzzle, "423", problem, edge_items, present, absent)
