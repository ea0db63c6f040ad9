# The oracle for tests/masyu/encodings/test_encode_fast.py: masyu/encode.py as it was before
# the array rewrite (commit 56c4317), unchanged apart from absolute imports (to the modules
# of issue 13), its own list of edges, and the union-find beside it (tests/masyu/encodings/
# unionfind.py: the library's ex423 keeps its own on lists, so only this oracle uses it).
"""Masyu as XCC: the constructions of TAOCP 7.2.2.1, exercises 422 and 423.

Both encodings state the same local constraints as lists of *edge literals*
``(edge, bit)``, ``edge`` None for an edge that leaves the board (the
constant 0), and differ only in how a literal becomes an item occurrence:

- 422: every on-board edge is its own secondary item, colors ``0``/``1``;
  every cell has a tile item, every pearl a circle item.
- 423: edges are merged into classes by the clue relations (union-find with
  parity, see :mod:`.unionfind`); a class containing the constant 0 is
  dropped, every other class is one item named after its first edge (the
  leader), and clue cells lose their tile items and options.

See ``docs/constructions.md`` for the proofs.
"""
from __future__ import annotations

from typing import Callable, Iterator, Sequence

import xcc

from masyu.board import Cell, Edge, on_board, step
from masyu.encodings.encoding import Encoding
from masyu.encodings.names import Namer
from masyu.puzzle import Puzzle

from .unionfind import ParityUnionFind

# The 7 local states of a cell of degree 0 or 2 (its loop edges).
STATES = ("", "NS", "EW", "NE", "NW", "SE", "SW")
TURNS = ("NE", "NW", "SE", "SW")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
# Far-edge patterns of a white circle: not both neighbours straight.
WHITE_FAR = ((0, 0), (0, 1), (1, 0))

Literal = tuple["Edge | None", int]  # (edge or None for off the board, bit)
Occurrence = tuple[str, "str | None"]


def encode(puzzle: Puzzle, encoding: str = "423") -> Encoding:
    """The old construction, by encoding name (the library checks the arguments)."""
    return encode_422(puzzle) if str(encoding) == "422" else encode_423(puzzle)


# ---- the constraints, as edge literals ----------------------------------------

def _edge(puzzle: Puzzle, cell: Cell, d: str) -> Edge | None:
    """The edge leaving ``cell`` towards ``d``, or None if it leaves the board."""
    other = step(cell, d)
    if not on_board(puzzle.rows, puzzle.cols, other):
        return None
    return (cell, other) if cell < other else (other, cell)


class _Around:
    """The edges around each cell, and beyond its neighbours (None: off the board)."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.near = {(r, c): {d: _edge(puzzle, (r, c), d) for d in "NESW"}
                     for r in range(puzzle.rows) for c in range(puzzle.cols)}

    def far(self, cell: Cell, d: str) -> Edge | None:
        """The edge beyond the neighbour of ``cell`` towards ``d``."""
        other = self.near.get(step(cell, d))
        return None if other is None else other[d]


def tile_literals(around: _Around, cell: Cell) -> Iterator[list[Literal]]:
    """One literal list per local state: every edge of the cell, 1 if used."""
    near = around.near[cell]
    for state in STATES:
        yield [(near[d], int(d in state)) for d in "NESW"]


def circle_literals(around: _Around, cell: Cell, kind: str) -> Iterator[list[Literal]]:
    """The circle's options: its arms and the edges beyond its neighbours."""
    near, far = around.near[cell], around.far
    if kind == "B":  # turn here, both neighbours straight
        for d1, d2 in TURNS:
            yield [(near[d1], 1), (far(cell, d1), 1), (near[d2], 1), (far(cell, d2), 1)]
    else:  # straight here, not both neighbours straight
        for d1 in "NE":
            d2 = OPPOSITE[d1]
            for a, b in WHITE_FAR:
                yield [(near[d1], 1), (near[d2], 1), (far(cell, d1), a), (far(cell, d2), b)]


def _constraints(puzzle: Puzzle, namer: Namer,
                 tiles_for_pearls: bool) -> Iterator[tuple[str, Iterator[list[Literal]]]]:
    """(primary item, its literal lists), cell by cell in row-major order."""
    around = _Around(puzzle)
    pearls = dict(puzzle.pearls)
    for cell in around.near:  # row-major
        kind = pearls.get(cell)
        if kind is None or tiles_for_pearls:
            yield namer.cell("t", cell), tile_literals(around, cell)
        if kind is not None:
            yield namer.cell(kind.lower(), cell), circle_literals(around, cell, kind)


def _sorted_edges(puzzle: Puzzle) -> list[Edge]:
    """On-board edges in row-major order of their midpoints."""
    rows, cols = puzzle.rows, puzzle.cols
    edges = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    edges += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    return sorted(edges, key=lambda e: (e[0][0] + e[1][0], e[0][1] + e[1][1]))


def _build(puzzle: Puzzle, namer: Namer, tiles_for_pearls: bool,
           rewrite: Callable[[Literal], "Occurrence | None | bool"],
           secondary: Sequence[str]) -> xcc.Problem:
    """Turn literal lists into normalized options (SPEC 3.2).

    ``rewrite`` gives an occurrence, True (a constant that agrees: drop the
    occurrence) or False (a constant that disagrees: drop the option).
    Repeated occurrences merge; one item with two colors drops the option.
    """
    primary: list[str] = []
    options: list[list[Occurrence]] = []
    for item, literal_lists in _constraints(puzzle, namer, tiles_for_pearls):
        primary.append(item)
        seen: set[tuple[Occurrence, ...]] = set()
        for literals in literal_lists:
            colors: dict[str, str] = {}
            for literal in literals:
                occ = rewrite(literal)
                if occ is True:
                    continue
                if occ is False:
                    break
                name, color = occ
                if colors.setdefault(name, color) != color:
                    break
            else:
                option = tuple(colors.items())
                # Distinct literal lists never meet in one option (each fixes
                # every edge it names); a repeat would double-count solutions.
                assert option not in seen, (item, option)
                seen.add(option)
                options.append([(item, None), *option])
    return xcc.Problem(primary, secondary, options, name=puzzle.name)


# ---- exercise 422 --------------------------------------------------------------

def encode_422(puzzle: Puzzle) -> Encoding:
    """Tile options for every cell, circle options for every pearl."""
    namer = Namer(puzzle.rows, puzzle.cols)
    edges = _sorted_edges(puzzle)
    names = {e: namer.edge(e) for e in edges}

    def rewrite(literal: Literal) -> Occurrence | bool:
        e, bit = literal
        if e is None:  # off the board: the constant 0
            return bit == 0
        return names[e], "1" if bit else "0"

    secondary = list(names.values())
    problem = _build(puzzle, namer, True, rewrite, secondary)
    edge_items = {namer.edge(e): ((e, "1"),) for e in edges}
    return Encoding(puzzle, "422", problem, edge_items)


# ---- exercise 423 --------------------------------------------------------------

ZERO = "0"  # the constant class; edges are tuples, so this key never collides


def clue_classes(puzzle: Puzzle) -> tuple[ParityUnionFind, str | None]:
    """Edge classes under the clue relations; the first contradiction, if any.

    Black: N = not S, E = not W.  White: N = S, E = W, E = not N.  An edge
    off the board is the constant ``ZERO``.
    """
    uf = ParityUnionFind()
    uf.add(ZERO)
    for e in _sorted_edges(puzzle):
        uf.add(e)
    for cell, kind in puzzle.pearls:
        n, e, s, w = (_edge(puzzle, cell, d) or ZERO for d in "NESW")
        if kind == "B":
            relations = ((n, s, 1, "N = not S"), (e, w, 1, "E = not W"))
        else:
            relations = ((n, s, 0, "N = S"), (e, w, 0, "E = W"), (e, n, 1, "E = not N"))
        for a, b, parity, text in relations:
            if not uf.union(a, b, parity):
                colour = "black" if kind == "B" else "white"
                return uf, f"{colour} pearl at cell {cell}: {text} contradicts the other clues"
    return uf, None


def encode_423(puzzle: Puzzle) -> Encoding:
    """Items for class leaders only; no tile options for clue cells."""
    namer = Namer(puzzle.rows, puzzle.cols)
    uf, contradiction = clue_classes(puzzle)
    if contradiction is not None:
        primary = [item for item, _ in _constraints(puzzle, namer, False)]
        return Encoding(puzzle, "423", xcc.Problem(primary, (), (), name=puzzle.name), {},
                        contradiction=contradiction)

    zero_root, zero_parity = uf.find(ZERO)
    leader: dict = {}  # class root -> (item name, leader's parity to the root)
    value: dict[Edge, tuple[str | None, int]] = {}  # edge -> (item or None, parity)
    edge_items: dict[str, list[tuple[Edge, str]]] = {}
    present: list[Edge] = []
    absent: list[Edge] = []
    for e in _sorted_edges(puzzle):
        root, parity = uf.find(e)
        if root == zero_root:  # a constant: e = parity XOR zero_parity
            bit = parity ^ zero_parity
            value[e] = (None, bit)
            (present if bit else absent).append(e)
            continue
        if root not in leader:
            leader[root] = (namer.edge(e), parity)
            edge_items[namer.edge(e)] = []
        name, lead_parity = leader[root]
        p = parity ^ lead_parity  # e = leader XOR p
        value[e] = (name, p)
        edge_items[name].append((e, str(1 ^ p)))  # present when leader = 1 XOR p

    def rewrite(literal: Literal) -> Occurrence | bool:
        e, bit = literal
        if e is None:
            return bit == 0
        name, p = value[e]
        if name is None:
            return bit == p
        return name, "1" if bit ^ p else "0"

    problem = _build(puzzle, namer, False, rewrite, list(edge_items))
    return Encoding(puzzle, "423", problem,
                    {name: tuple(pairs) for name, pairs in edge_items.items()},
                    tuple(present), tuple(absent))
