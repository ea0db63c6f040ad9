"""What both constructions share: the literal lists of a cell (its *slots*) and the
whole-board step that turns them into normalized options.

Both encodings state the same local constraints as lists of *edge literals*
``(edge, bit)``, an edge that leaves the board being the constant 0, and
differ only in how a literal becomes an item occurrence (docs/constructions.md).
The work is done on integer arrays, the whole board at once (the readable
one-literal-at-a-time version it replaced is kept as the tests' oracle,
``tests/masyu/reference_encode.py``, and ``benchmarks/encode.py`` times both):

- edges are numbered as on every :class:`~masyu.board.Board` (row bands: the
  order of the secondary items); number ``off`` stands for "off the board",
  the constant 0;
- every cell has 17 slots, one per literal list it may own: 7 tile states,
  4 black turns, 6 white patterns; a slot is 4 literals, each a column of the
  cell's row of ``Board.around`` (its near and far edges) and a bit.  The
  slots the cells really own, in row-major order of cells, are the candidate
  options in output order;
- an encoding says what each edge number becomes with one integer code (see
  ``CONSTANT``), and normalization (SPEC 3.2) is a handful of whole-array
  comparisons of the codes.
"""
from __future__ import annotations

import numpy as np

import xcc

from ..board import BLACK, EMPTY, NESW, PEARL_CODE, WHITE, Board, per_size
from ..board import board as board_of
from ..puzzle import Puzzle
from ..rules import PEARLS, SHAPES
from ..errors import MasyuError
from .names import COLOR_NAMES

TILE = EMPTY  # the kind of a tile slot; a circle slot has its pearl's code


def _slot_templates() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 17 literal lists a cell may own: per literal the column of
    ``Board.around`` it reads (d: the near edge towards d, 4 + d: the far
    edge, d in NESW order) and its bit; and each slot's kind (TILE, or the
    pearl code of the circle: BLACK, WHITE).

    These are the lists of docs/constructions.md, in output order, read off
    the patterns of :mod:`masyu.rules`: tile (a shape of degree 0 or 2: every
    side, 1 if the shape uses it), black (per shape, a turn, and far pattern:
    arm and far edge of both arms), white (per shape, straight, and far
    pattern (a, b): both arms 1, the far edges a and b)."""
    near = {d: k for k, d in enumerate(NESW)}
    far = {d: 4 + k for k, d in enumerate(NESW)}
    slots: list[tuple[list[int], list[int], int]] = []
    for shape in SHAPES:  # tile
        slots.append(([near[d] for d in NESW], [int(d in shape) for d in NESW], TILE))
    black, white = PEARLS[BLACK], PEARLS[WHITE]
    for d1, d2 in black.shapes:  # black: turn here, both neighbours straight
        for a, b in black.beyond:
            slots.append(([near[d1], far[d1], near[d2], far[d2]], [1, a, 1, b], BLACK))
    for d1, d2 in white.shapes:  # white: straight here, not both neighbours straight
        for a, b in white.beyond:
            slots.append(([near[d1], near[d2], far[d1], far[d2]], [1, 1, a, b], WHITE))
    source, bits, kind = zip(*slots)
    return np.array(source), np.array(bits), np.array(kind)


SLOT_SOURCE, SLOT_BITS, SLOT_KIND = _slot_templates()
SLOTS = len(SLOT_KIND)

# What an edge number becomes, as one integer: ``code_of[e]`` is ``2i + p``
# when edge e = item i XOR p (i a secondary item index), ``CONSTANT + v`` when
# e is the constant v.  The literal (e, bit) is then ``code_of[e] ^ bit``: the
# occurrence i:(p XOR bit), or ``AGREES``/``DISAGREES`` for a constant.
CONSTANT = AGREES = -4
DISAGREES = -3  # = AGREES ^ 1: codes of one item with two colors differ in bit 0 only


OPEN = 2  # a forced value: the edge is open (the deducer's UNKNOWN)


def forced_values(board: Board, forced) -> np.ndarray | None:
    """The forced values of a search's seed as an array of ``board.nedges`` codes
    (0 absent, 1 present, ``OPEN``), or None when nothing is forced.  ``forced``:
    one value per edge in the board's order, ``off`` last or not (the deducer's
    ``values``: :func:`masyu.deduce.deduction`), bytes or a sequence; a MasyuError
    for any other."""
    if forced is None:
        return None
    try:
        values = np.frombuffer(bytes(forced), dtype=np.uint8).astype(np.int64)
    except (TypeError, ValueError):
        raise MasyuError("forced must hold one value 0, 1 or 2 per edge of the board",
                         "argument 'forced'") from None
    n = board.nedges
    if len(values) not in (n, n + 1) or (values > OPEN).any() or (
            len(values) > n and values[n] == 1):
        raise MasyuError(f"forced must hold one value 0, 1 or 2 per edge of the board ({n}, "
                         f"and off's 0 or 2 if given), not {len(values)} values",
                         "argument 'forced'")
    values = values[:n]
    return values if (values != OPEN).any() else None


# The slots a cell owns, by its pearl code (rows EMPTY, WHITE, BLACK): 423 gives a
# clue cell its circle's slots only, 422 its tile's as well.
_OWN_423 = np.array([SLOT_KIND == k for k in (EMPTY, WHITE, BLACK)])
_OWN_422 = _OWN_423 | (SLOT_KIND == TILE)[None, :]
_TILE_SLOT = SLOT_KIND == TILE


@per_size
def slot_edges(rows: int, cols: int) -> np.ndarray:
    """The edge numbers of every literal of every slot of every cell, row-major:
    ``(cells * SLOTS, 4)``, row ``SLOTS * cell + slot`` (kept per board size)."""
    around = board_of(rows, cols).around
    out = around[:, SLOT_SOURCE].reshape(-1, 4)
    out.setflags(write=False)
    return out


def build(puzzle: Puzzle, board: Board, tiles_for_pearls: bool, primary: list[str],
          secondary: list[str], code_of: np.ndarray) -> xcc.Problem:
    """Turn the cells' literal lists into normalized options (SPEC 3.2)."""
    # The slots each cell owns, row-major (the candidate options, in order):
    # its tile's 7 unless a 423 clue cell, then a black pearl's 4 turns or a
    # white pearl's 6 patterns.
    kind = np.zeros(board.ncells, dtype=np.int64)  # the pearl code of each cell
    cols = board.cols
    for (r, c), k in puzzle.pearls:
        kind[r * cols + c] = PEARL_CODE[k]
    owned = np.flatnonzero((_OWN_422 if tiles_for_pearls else _OWN_423)[kind])
    cell, slot = np.divmod(owned, SLOTS)
    # Primary items, per cell: the tile (if any), then the circle (if any); in 423
    # one per cell, so the cell's number.
    if tiles_for_pearls:
        count = 1 + (kind != EMPTY)
        option_item = (np.cumsum(count) - count)[cell] + ~_TILE_SLOT[slot]
    else:
        option_item = cell
    # The literals, rewritten: codes, one column per literal position (options, 4).
    code = code_of[slot_edges(board.rows, cols)[owned]] ^ SLOT_BITS[slot]
    c0, c1, c2, c3 = code.T
    # Normalize: a constant that agrees is dropped, one that disagrees drops
    # the option; a repeated item merges into its first occurrence if the
    # colors agree (equal codes), else (codes that differ in bit 0 only)
    # drops the option.
    keep = code >= 0
    keep[:, 1] &= c1 != c0
    keep[:, 2] &= (c2 != c0) & (c2 != c1)
    keep[:, 3] &= (c3 != c0) & (c3 != c1) & (c3 != c2)
    x1, x2, x3 = c1 ^ 1, c2 ^ 1, c3 ^ 1
    good = ~((c0 == DISAGREES) | (c1 == DISAGREES) | (c2 == DISAGREES) | (c3 == DISAGREES)
             | (c0 == x1) | (c0 == x2) | (c1 == x2) | (c0 == x3) | (c1 == x3) | (c2 == x3))
    # The options' entries: the primary item, then the kept occurrences.
    rows = len(cell)
    items = np.empty((rows, 5), dtype=np.int64)
    items[:, 0] = option_item
    items[:, 1:] = (code >> 1) + len(primary)
    colors = np.zeros((rows, 5), dtype=np.int64)
    colors[:, 1:] = (code & 1) + 1
    entry = np.empty((rows, 5), dtype=bool)
    entry[:, 0] = good
    entry[:, 1:] = keep & good[:, None]
    starts = np.zeros(int(np.count_nonzero(good)) + 1, dtype=np.int64)
    starts[1:] = np.cumsum(entry.ravel())[4::5][good]  # entries up to each option's end
    # Trusted: these arrays are valid by construction (every option names its
    # cell's primary item, normalization merged repeated items), and the tests
    # hold them equal to the reference built through the checked door.
    return xcc.Problem.from_arrays(primary, secondary, starts, items[entry], colors[entry],
                                   COLOR_NAMES, name=puzzle.name, trusted=True)
