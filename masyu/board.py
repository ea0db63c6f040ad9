"""The board: cells, edges in one order, directions, neighbours, size limits, pearl codes.

Every masyu module speaks of an R x C board in these words:

- a *cell* is ``(r, c)`` with 0 <= r < R, 0 <= c < C; cell number ``rC + c``
  (row-major);
- an *edge* joins two orthogonally adjacent cells and is written ``(a, b)``
  with ``a < b``: ``((r, c), (r, c + 1))`` is horizontal, ``((r, c), (r + 1, c))``
  vertical;
- edges are numbered in *row bands*: band r holds first the C - 1 horizontal
  edges of row r, then the C vertical edges below it, so the numbers follow the
  row-major order of the edges' midpoints.  This is the order of the secondary
  items of both encodings and the one numbering of every module.  Number
  ``nedges`` (``off``) stands for every edge that leaves the board, the
  constant 0;
- directions are N, E, S, W in that order (``NESW``; index ``d`` 0..3);
- a pearl is ``"W"`` or ``"B"`` in a :class:`~masyu.puzzle.Puzzle` and coded
  ``EMPTY``, ``WHITE``, ``BLACK`` (0, 1, 2) per cell in the array code of the
  encodings, the deduction solver and the generator.

``board(rows, cols)`` gives the one :class:`Board` of a size, kept for the last
few sizes (:func:`per_size`).  A board checks nothing: ``check_size`` is the
door that puzzles, loops and readers pass (the encodings also build boards of
one row or column, which no puzzle has, to test the construction).
"""
from __future__ import annotations

from functools import cached_property, lru_cache, wraps
from typing import Callable, Iterable, Sequence, TypeVar

from .errors import MasyuError, MasyuTypeError

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

MAX_SIDE = 1000  # larger boards are refused at the door
MIN_SIDE = 2

NESW = "NESW"
STEP: dict[str, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE: dict[str, str] = {"N": "S", "S": "N", "E": "W", "W": "E"}
WORD: dict[str, str] = {"N": "north", "E": "east", "S": "south", "W": "west"}

EMPTY, WHITE, BLACK = 0, 1, 2
PEARL_CODE: dict[str, int] = {"W": WHITE, "B": BLACK}
PEARL_OF_CODE: dict[int, str] = {WHITE: "W", BLACK: "B"}
PEARL_NAME: dict[str, str] = {"W": "white", "B": "black"}


def check_size(rows: object, cols: object, where: str | None = None) -> None:
    """Refuse a size that is not two integers from 2 to MAX_SIDE, before anything is built."""
    for value, argument in ((rows, "rows"), (cols, "cols")):
        if not isinstance(value, int) or isinstance(value, bool):
            raise MasyuTypeError(f"board size must be two integers: {argument} is "
                                 f"{type(value).__name__}", where or f"argument {argument!r}")
    if rows < MIN_SIDE or cols < MIN_SIDE:
        raise MasyuError(f"board {rows}x{cols} is too small (at least 2x2)", where)
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise MasyuError(f"board {rows}x{cols} is too large (at most {MAX_SIDE} per side)", where)


def check_same_size(loop, puzzle) -> None:
    """Refuse a loop drawn on a board of another size than the puzzle's."""
    if (loop.rows, loop.cols) != (puzzle.rows, puzzle.cols):
        raise MasyuError(f"the loop is {loop.rows}x{loop.cols} but the puzzle is "
                         f"{puzzle.rows}x{puzzle.cols}")


def step(cell: Cell, d: str) -> Cell:
    """The cell next to ``cell`` in direction ``d`` (it may lie off the board)."""
    dr, dc = STEP[d]
    return (cell[0] + dr, cell[1] + dc)


def on_board(rows: int, cols: int, cell: Cell) -> bool:
    return 0 <= cell[0] < rows and 0 <= cell[1] < cols


def edge(a: Cell, b: Cell) -> Edge:
    """The normalized edge between adjacent cells ``a`` and ``b``."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"cells {a} and {b} are not adjacent")
    return (a, b) if a < b else (b, a)


def cell_edge(cell: Cell, d: str) -> Edge:
    """The edge leaving ``cell`` in direction ``d`` (it may leave the board)."""
    return edge(cell, step(cell, d))


class Board:
    """The fixed structure of an R x C board, in the numbering of this module.

    ``around[i]`` (cells row-major) is cell i's near edges N, E, S, W, then
    its far edges N, E, S, W (the edge beyond the neighbour on that side, on
    the same side of the neighbour), ``off`` where the edge leaves the board;
    ``edges[e]`` the edge tuple of number e.  The Python tables (``near``,
    ``nbr``, ``ends``, ``index``, ``scan``) are built on first use.  Nothing
    here may be changed: boards are shared.
    """

    def __init__(self, rows: int, cols: int) -> None:
        import numpy as np  # start-up: a puzzle alone (its size check) needs no numpy
        self.rows, self.cols = rows, cols
        self.ncells = rows * cols
        band = 2 * cols - 1
        self.nedges = self.off = n = rows * band - cols
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
        # Edge tuples by number, row band by row band (tuples made by zip).
        edges: list[Edge] = []
        below = list(zip([0] * cols, range(cols)))
        for r in range(rows):
            row, below = below, list(zip([r + 1] * cols, range(cols)))
            edges += zip(row, row[1:])                           # horizontal
            if r + 1 < rows:
                edges += zip(row, below)                         # vertical
        self.edges: tuple[Edge, ...] = tuple(edges)

    # -- the tables of the deduction solver, in Python lists -----------------

    @cached_property
    def near(self) -> list[tuple[int, int, int, int]]:
        """Per cell, its edges N, E, S, W (``off`` where they leave the board)."""
        return [tuple(x) for x in self.around[:, :4].tolist()]

    @cached_property
    def nbr(self) -> list[tuple[int, int, int, int]]:
        """Per cell, its neighbours N, E, S, W (-1 off the board)."""
        rows, cols = self.rows, self.cols
        return [(i - cols if r > 0 else -1, i + 1 if c < cols - 1 else -1,
                 i + cols if r < rows - 1 else -1, i - 1 if c > 0 else -1)
                for r in range(rows) for c in range(cols) for i in (r * cols + c,)]

    @cached_property
    def ends(self) -> list[tuple[int, int]]:
        """Per edge, its two cells (numbers, the smaller first)."""
        out: list[tuple[int, int]] = [(0, 0)] * self.nedges
        off, cols = self.off, self.cols
        for i, (_, east, south, _) in enumerate(self.near):
            if east != off:
                out[east] = (i, i + 1)
            if south != off:
                out[south] = (i, i + cols)
        return out

    @cached_property
    def index(self) -> dict[Edge, int]:
        """Edge tuple -> number."""
        return {e: k for k, e in enumerate(self.edges)}

    @cached_property
    def scan(self) -> tuple[int, ...]:
        """Edge numbers, horizontal edges row by row, then vertical ones: the
        order in which the deduction solver probes and picks edges."""
        band, cols = 2 * self.cols - 1, self.cols
        horizontal = [r * band + c for r in range(self.rows) for c in range(cols - 1)]
        vertical = [r * band + cols - 1 + c for r in range(self.rows - 1) for c in range(cols)]
        return tuple(horizontal + vertical)

    def far(self, i: int, d: int) -> int:
        """The edge one step beyond the neighbour of cell ``i`` in direction ``d``."""
        j = self.nbr[i][d]
        return self.off if j < 0 else self.near[j][d]

    def side(self, i: int, d: int) -> tuple[int, int]:
        """The two edges of the neighbour in direction ``d`` that leave it sideways."""
        j = self.nbr[i][d]
        if j < 0:
            return self.off, self.off
        es = self.near[j]
        return es[(d + 1) % 4], es[(d + 3) % 4]

    def between(self, i: int, j: int) -> int:
        """The edge joining cells ``i`` and ``j``, or -1 if they are not adjacent."""
        if i > j:
            i, j = j, i
        if j == i + 1 and j % self.cols:
            return self.near[i][1]
        if j == i + self.cols:
            return self.near[i][2]
        return -1

    # -- conversions -----------------------------------------------------

    def kinds(self, pearls: Iterable[tuple[Cell, str]]) -> list[int]:
        """The pearl code of every cell (row-major) for ``(cell, "W" or "B")`` pairs."""
        out = [EMPTY] * self.ncells
        cols = self.cols
        for (r, c), kind in pearls:
            out[r * cols + c] = PEARL_CODE[kind]
        return out

    def pearls(self, kinds: Sequence[int]) -> dict[Cell, str]:
        """The pearls of a code per cell: ``{cell: "W" or "B"}``."""
        cols = self.cols
        return {(i // cols, i % cols): PEARL_OF_CODE[k] for i, k in enumerate(kinds) if k}

    def values(self, edges: Iterable[Edge]) -> list[int]:
        """1 for each edge of ``edges`` and 0 for the others, by number (``off`` included)."""
        out = [0] * (self.nedges + 1)
        index = self.index
        for e in edges:
            out[index[e]] = 1
        return out

    def edges_of(self, values: Sequence[int]) -> list[Edge]:
        """The edges whose value is 1, in number order."""
        edges = self.edges
        return [edges[k] for k in range(self.nedges) if values[k] == 1]


T = TypeVar("T")
CACHED_CELLS = 10_000   # tables of boards up to 100 x 100 cells are kept
CACHED_SIZES = 16


def per_size(build: Callable[[int, int], T]) -> Callable[[int, int], T]:
    """Keep what ``build(rows, cols)`` makes for the last CACHED_SIZES sizes of at
    most CACHED_CELLS cells (larger ones are built each time: they are rare, and
    big).  ``cache_info`` and ``cache_clear`` are those of the cache."""
    cached = lru_cache(maxsize=CACHED_SIZES)(build)

    @wraps(build)
    def get(rows: int, cols: int) -> T:
        return cached(rows, cols) if rows * cols <= CACHED_CELLS else build(rows, cols)

    get.cache_info = cached.cache_info     # type: ignore[attr-defined]
    get.cache_clear = cached.cache_clear   # type: ignore[attr-defined]
    return get


@per_size
def board(rows: int, cols: int) -> Board:
    """The board of a size (shared: read only)."""
    return Board(rows, cols)
