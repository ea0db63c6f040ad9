"""Masyu as XCC: the constructions of TAOCP 7.2.2.1, exercises 422 and 423.

Both encodings state the same local constraints as lists of *edge literals*
``(edge, bit)``, an edge that leaves the board being the constant 0, and
differ only in how a literal becomes an item occurrence:

- 422: every on-board edge is its own secondary item, colors ``0``/``1``;
  every cell has a tile item, every pearl a circle item.
- 423: edges are merged into classes by the clue relations (union-find with
  parity); a class containing the constant 0 is dropped, every other class
  is one item named after its first edge (the leader), and clue cells lose
  their tile items and options.

See ``docs/constructions.md`` for the proofs.

The work is done on integer arrays, the whole board at once (the readable
one-literal-at-a-time version it replaced is kept as the tests' oracle,
``tests/masyu/reference_encode.py``, and ``benchmarks/encode.py`` times both):

- edges are numbered ``0 .. n-1`` in row-major order of their midpoints
  (the order of the secondary items); number ``n`` stands for "off the
  board", the constant 0;
- every cell has 17 *slots*, one per literal list it may own: 7 tile states,
  4 black turns, 6 white patterns; a slot is 4 literals, each a column of the
  cell's row of ``around`` (its near and far edges) and a bit.  The slots the
  cells really own, in row-major order of cells, are the candidate options
  in output order;
- an encoding says what each edge number becomes with one integer code (see
  ``CONSTANT``), and normalization (SPEC 3.2) is a handful of whole-array
  comparisons of the codes.

Tables that depend on the board size only (edge numbers, names, edge tuples)
are kept for the last few sizes (``_board``): on a 25x25 board they are about
1 ms of the first encoding of that size.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import repeat

import numpy as np

import xcc

from .encoding import ENCODINGS, Encoding, Namer
from .errors import MasyuError
from .grid import Edge
from .puzzle import Puzzle
from .unionfind import ParityUnionFind

# The 7 local states of a cell of degree 0 or 2 (its loop edges).
STATES = ("", "NS", "EW", "NE", "NW", "SE", "SW")
TURNS = ("NE", "NW", "SE", "SW")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
# Far-edge patterns of a white circle: not both neighbours straight.
WHITE_FAR = ((0, 0), (0, 1), (1, 0))
DIRECTIONS = "NESW"


def encode(puzzle: Puzzle, encoding: str = "423") -> Encoding:
    """The XCC problem whose solutions are the weak solutions of ``puzzle``."""
    if not isinstance(puzzle, Puzzle):
        raise MasyuError(f"expected a Puzzle, not {type(puzzle).__name__}")
    encoding = str(encoding)
    if encoding not in ENCODINGS:
        raise MasyuError(f"unknown encoding {encoding!r}; valid encodings: {', '.join(ENCODINGS)}")
    return encode_422(puzzle) if encoding == "422" else encode_423(puzzle)


# ---- the constraints: literal lists per cell ------------------------------------

def _slot_templates() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 17 literal lists a cell may own: per literal the column of
    ``_Board.around`` it reads (d: the near edge towards d, 4 + d: the far
    edge, d in NESW order) and its bit; and each slot's kind (0 tile,
    1 black circle, 2 white circle).

    These are the lists of docs/constructions.md, in output order: tile
    (every side, 1 if the state uses it), black (per turn: arm and far edge
    of both arms, all 1), white (per orientation and pattern (a, b): both arms
    1, the far edges a and b)."""
    near = {d: k for k, d in enumerate(DIRECTIONS)}
    far = {d: 4 + k for k, d in enumerate(DIRECTIONS)}
    slots: list[tuple[list[int], list[int], int]] = []
    for state in STATES:  # tile
        slots.append(([near[d] for d in DIRECTIONS], [int(d in state) for d in DIRECTIONS], 0))
    for d1, d2 in TURNS:  # black: turn here, both neighbours straight
        slots.append(([near[d1], far[d1], near[d2], far[d2]], [1, 1, 1, 1], 1))
    for d1 in "NE":  # white: straight here, not both neighbours straight
        d2 = OPPOSITE[d1]
        for a, b in WHITE_FAR:
            slots.append(([near[d1], near[d2], far[d1], far[d2]], [1, 1, a, b], 2))
    source, bits, kind = zip(*slots)
    return np.array(source), np.array(bits), np.array(kind)


SLOT_SOURCE, SLOT_BITS, SLOT_KIND = _slot_templates()
SLOTS = len(SLOT_KIND)


# ---- the board: edge numbers, names, and the edges around each cell ------------

class _Board:
    """Edge numbers of an R x C board and the tables that depend on them only.

    Row band ``r`` holds edge numbers ``r(2C-1)`` on: first the C-1 horizontal
    edges of row r, then the C vertical edges below it, so numbers follow the
    row-major order of midpoints.  ``around[cell]`` (cells row-major) is the
    cell's near edges N, E, S, W, then its far edges N, E, S, W (the edge
    beyond the neighbour on that side, on the same side of the neighbour);
    ``n`` where the edge is off the board.  Everything here is read-only:
    boards are shared between encodings.
    """

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        band = 2 * cols - 1
        self.n = n = rows * band - cols
        r = np.arange(rows)[:, None] * band
        c = np.arange(cols)[None, :]
        horizontal = r + c[:, :-1]             # (rows, cols-1): east of cell (r, c)
        vertical = r[:-1] + (cols - 1) + c     # (rows-1, cols): south of cell (r, c)
        near = np.full((rows, cols, 4), n)
        near[1:, :, 0] = vertical              # N
        near[:, :-1, 1] = horizontal           # E
        near[:-1, :, 2] = vertical             # S
        near[:, 1:, 3] = horizontal            # W
        far = np.full_like(near, n)
        far[1:, :, 0] = near[:-1, :, 0]
        far[:, :-1, 1] = near[:, 1:, 1]
        far[:-1, :, 2] = near[1:, :, 2]
        far[:, 1:, 3] = near[:, :-1, 3]
        self.around = np.concatenate((near, far), axis=2).reshape(rows * cols, 8)
        self.around.setflags(write=False)

        namer = Namer(rows, cols)
        coord = [namer._coord(k) for k in range(2 * max(rows, cols))]  # up to 2R-1, 2C-1
        odd = [coord[2 * c + 1] for c in range(cols)]       # cell columns
        even = [coord[2 * c + 2] for c in range(cols - 1)]  # columns between cells
        # Tile names, by cell (a pearl's circle has the same coordinates), and
        # edge tuples and names (``Namer.edge``), by number; tuples made by zip.
        tiles: list[str] = []
        edges: list[Edge] = []
        names: list[str] = []
        below = list(zip([0] * cols, range(cols)))
        for r in range(rows):
            row, below = below, list(zip([r + 1] * cols, range(cols)))
            edges += zip(row, row[1:])                           # horizontal
            prefix = "e" + coord[2 * r + 1]
            names += [prefix + x for x in even]
            if r + 1 < rows:
                edges += zip(row, below)                         # vertical
                prefix = "e" + coord[2 * r + 2]
                names += [prefix + x for x in odd]
            prefix = "t" + coord[2 * r + 1]
            tiles += [prefix + x for x in odd]
        self.tiles, self.edges, self.edge_names = tuple(tiles), tuple(edges), tuple(names)
        # The way back: (edge, color meaning present) for an item with the
        # edge at parity p (edge = item XOR p), at index 2e + p.
        pairs: list = [None] * (2 * len(edges))
        pairs[0::2] = zip(edges, repeat("1"))
        pairs[1::2] = zip(edges, repeat("0"))
        self.present_pairs = tuple(pairs)

    def primary(self, puzzle: Puzzle, tiles_for_pearls: bool) -> list[str]:
        """Row-major: per cell its tile (if any), then its circle."""
        tiles, cols = self.tiles, self.cols
        if not tiles_for_pearls:  # 423: the circle takes the tile's place
            out = list(tiles)
            for (r, c), kind in puzzle.pearls:
                out[r * cols + c] = kind.lower() + tiles[r * cols + c][1:]
            return out
        out = []
        done = 0
        for (r, c), kind in puzzle.pearls:  # 422: the circle after the tile
            k = r * cols + c
            out += tiles[done:k + 1]
            out.append(kind.lower() + tiles[k][1:])
            done = k + 1
        out += tiles[done:]
        return out


def _board(rows: int, cols: int) -> _Board:
    """The board's tables, kept for the last few sizes up to 100 x 100 cells."""
    return _cached_board(rows, cols) if rows * cols <= 10_000 else _Board(rows, cols)


@lru_cache(maxsize=8)
def _cached_board(rows: int, cols: int) -> _Board:
    return _Board(rows, cols)


# ---- normalized options ----------------------------------------------------------

# What an edge number becomes, as one integer: ``code_of[e]`` is ``2i + p``
# when edge e = item i XOR p (i a secondary item index), ``CONSTANT + v`` when
# e is the constant v.  The literal (e, bit) is then ``code_of[e] ^ bit``: the
# occurrence i:(p XOR bit), or ``AGREES``/``DISAGREES`` for a constant.
CONSTANT = AGREES = -4
DISAGREES = -3  # = AGREES ^ 1: codes of one item with two colors differ in bit 0 only
COLOR_NAMES = ("0", "1")  # an occurrence's color code is 1 + its bit


def _build(puzzle: Puzzle, board: _Board, tiles_for_pearls: bool, primary: list[str],
           secondary: list[str], code_of: np.ndarray) -> xcc.Problem:
    """Turn the cells' literal lists into normalized options (SPEC 3.2)."""
    # The slots each cell owns, row-major (the candidate options, in order):
    # its tile's 7 unless a 423 clue cell, then a black pearl's 4 turns or a
    # white pearl's 6 patterns.
    kind = np.zeros(board.rows * board.cols, dtype=np.int64)  # 0 plain, 1 black, 2 white
    for (r, c), k in puzzle.pearls:
        kind[r * board.cols + c] = 1 if k == "B" else 2
    has_tile = (kind == 0) | tiles_for_pearls
    owns = np.where(SLOT_KIND == 0, has_tile[:, None], SLOT_KIND == kind[:, None])
    cell, slot = np.divmod(np.flatnonzero(owns), SLOTS)
    # Primary items, per cell: the tile (if any), then the circle (if any).
    count = has_tile.astype(np.int64) + (kind > 0)
    first = np.cumsum(count) - count
    option_item = first[cell] + ((SLOT_KIND[slot] > 0) & has_tile[cell])
    # The literals, rewritten: codes, one row per literal position (4, options).
    edge = board.around.ravel()[SLOT_SOURCE[slot].T + 8 * cell]
    code = code_of[edge] ^ SLOT_BITS[slot].T
    c0, c1, c2, c3 = code
    # Normalize: a constant that agrees is dropped, one that disagrees drops
    # the option; a repeated item merges into its first occurrence if the
    # colors agree (equal codes), else (codes that differ in bit 0 only)
    # drops the option.
    keep = code >= 0
    keep[1] &= c1 != c0
    keep[2] &= (c2 != c0) & (c2 != c1)
    keep[3] &= (c3 != c0) & (c3 != c1) & (c3 != c2)
    x1, x2, x3 = c1 ^ 1, c2 ^ 1, c3 ^ 1
    good = ~((c0 == DISAGREES) | (c1 == DISAGREES) | (c2 == DISAGREES) | (c3 == DISAGREES)
             | (c0 == x1) | (c0 == x2) | (c1 == x2) | (c0 == x3) | (c1 == x3) | (c2 == x3))
    # The options' entries: the primary item, then the kept occurrences.
    rows = len(cell)
    items = np.empty((rows, 5), dtype=np.int64)
    items[:, 0] = option_item
    items[:, 1:] = (code.T >> 1) + len(primary)
    colors = np.zeros((rows, 5), dtype=np.int64)
    colors[:, 1:] = (code.T & 1) + 1
    entry = np.empty((rows, 5), dtype=bool)
    entry[:, 0] = good
    entry[:, 1:] = (keep & good).T
    starts = np.zeros(int(np.count_nonzero(good)) + 1, dtype=np.int64)
    starts[1:] = np.cumsum(entry.ravel())[4::5][good]  # entries up to each option's end
    return xcc.Problem.from_arrays(primary, secondary, starts, items[entry], colors[entry],
                                   COLOR_NAMES, name=puzzle.name)


# ---- exercise 422 --------------------------------------------------------------

def encode_422(puzzle: Puzzle) -> Encoding:
    """Tile options for every cell, circle options for every pearl."""
    board = _board(puzzle.rows, puzzle.cols)
    n = board.n
    code_of = 2 * np.arange(n + 1)  # edge e is secondary item e, at parity 0
    code_of[n] = CONSTANT + 0       # off the board: the constant 0
    names = list(board.edge_names)
    problem = _build(puzzle, board, True, board.primary(puzzle, True), names, code_of)
    edge_items = {name: (pair,) for name, pair in zip(names, board.present_pairs[::2])}
    return Encoding(puzzle, "422", problem, edge_items)


# ---- exercise 423 --------------------------------------------------------------

def _relations(kind: str, n, e, s, w) -> tuple:
    """The clue relations ``(a, b, a XOR b, text)`` of a pearl with edges n, e, s, w."""
    if kind == "B":
        return ((n, s, 1, "N = not S"), (e, w, 1, "E = not W"))
    return ((n, s, 0, "N = S"), (e, w, 0, "E = W"), (e, n, 1, "E = not N"))


def _contradiction(cell, kind: str, text: str) -> str:
    colour = "black" if kind == "B" else "white"
    return f"{colour} pearl at cell {cell}: {text} contradicts the other clues"


def _clue_classes(puzzle: Puzzle, board: _Board) -> tuple[np.ndarray, np.ndarray] | str:
    """The edge classes under the clue relations (black: N = not S, E = not W;
    white: N = S, E = W, E = not N), by union-find with parity over edge
    numbers, ``n`` being the constant 0 off the board.

    Returns, for every number, its class root and its parity ``x XOR root``;
    or the first contradiction among the relations (in pearl order).  Only
    the edges of pearls enter the union-find; every other edge is a class of
    its own.
    """
    uf = ParityUnionFind()
    cols = board.cols
    around = board.around[[r * cols + c for (r, c), _ in puzzle.pearls], :4].tolist()
    for (cell, kind), sides in zip(puzzle.pearls, around):
        for a, b, p, text in _relations(kind, *sides):
            if not uf.union(a, b, p):
                return _contradiction(cell, kind, text)
    root = np.arange(board.n + 1)
    par = np.zeros(board.n + 1, dtype=np.int64)
    keys = list(uf.parent)
    if keys:
        found = [uf.find(x) for x in keys]
        root[keys] = [r for r, _ in found]
        par[keys] = [q for _, q in found]
    return root, par


def encode_423(puzzle: Puzzle) -> Encoding:
    """Items for class leaders only; no tile options for clue cells."""
    board = _board(puzzle.rows, puzzle.cols)
    n = board.n
    primary = board.primary(puzzle, False)
    classes = _clue_classes(puzzle, board)
    if isinstance(classes, str):
        problem = xcc.Problem.from_arrays(primary, (), [0], [], name=puzzle.name)
        return Encoding(puzzle, "423", problem, {}, contradiction=classes)
    root, par = classes

    # Constants: the class of the constant 0 (number n); edge e = par[e] XOR par[n].
    constant = root == root[n]
    value = par ^ par[n]
    # Leaders: the first edge (lowest number) of every other class, in edge
    # order; they are the secondary items, named after themselves.
    free = np.flatnonzero(~constant)
    _, first = np.unique(root[free], return_index=True)
    leaders = np.sort(free[first])
    leader_of_root = np.zeros(n + 1, dtype=np.int64)
    leader_of_root[root[leaders]] = leaders
    item_of_root = np.zeros(n + 1, dtype=np.int64)
    item_of_root[root[leaders]] = np.arange(len(leaders))
    # Every edge as a code (see CONSTANT): e = leader XOR parity, or a constant.
    parity = par ^ par[leader_of_root[root]]
    item = item_of_root[root]
    code_of = np.where(constant, CONSTANT + value, 2 * item + parity)

    names = [board.edge_names[e] for e in leaders.tolist()]
    problem = _build(puzzle, board, False, primary, names, code_of)

    # The way back: each item's edges in edge order, with the color meaning
    # "present" (leader = 1 XOR parity); the constant edges, present or absent.
    order = free[np.argsort(item[free], kind="stable")]
    pairs = board.present_pairs
    pairs = [pairs[k] for k in (2 * order + parity[order]).tolist()]
    ends = np.cumsum(np.bincount(item[free], minlength=len(leaders))).tolist()
    edge_items = {name: tuple(pairs[a:b]) for name, a, b in zip(names, [0] + ends, ends)}
    fixed = np.flatnonzero(constant[:n])
    edges = board.edges
    present = tuple([edges[e] for e in fixed[value[fixed] == 1].tolist()])
    absent = tuple([edges[e] for e in fixed[value[fixed] == 0].tolist()])
    return Encoding(puzzle, "423", problem, edge_items, present, absent)
