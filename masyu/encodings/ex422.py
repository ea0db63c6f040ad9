"""Exercise 422: every on-board edge is its own secondary item, colors ``0``/``1``;
every cell has a tile item and its tile options, every pearl a circle item
and its circle options."""
from __future__ import annotations

import numpy as np

from ..board import board
from ..puzzle import Puzzle
from .encoding import Encoding
from .names import names
from .slots import CONSTANT, OPEN, build, forced_values

SUMMARY = "TAOCP ex. 422, an item per edge"


def encode_422(puzzle: Puzzle, forced=None) -> Encoding:
    """Tile options for every cell, circle options for every pearl.  A ``forced``
    edge (:func:`~masyu.encodings.slots.forced_values`) is a constant, as an edge
    off the board is: no item, the options that disagree with it dropped."""
    bd, nm = board(puzzle.rows, puzzle.cols), names(puzzle.rows, puzzle.cols)
    n = bd.nedges
    values = forced_values(bd, forced)
    if values is None:
        code_of = 2 * np.arange(n + 1)  # edge e is secondary item e, at parity 0
        code_of[n] = CONSTANT + 0       # off the board: the constant 0
        secondary = list(nm.edge_names)
        problem = build(puzzle, bd, True, nm.primary(puzzle, True), secondary, code_of)
        edge_items = {name: (pair,) for name, pair in zip(secondary, nm.present_pairs[::2])}
        return Encoding(puzzle, "422", problem, edge_items)
    free = np.flatnonzero(values == OPEN)   # the open edges are the items, in edge order
    code_of = np.append(CONSTANT + values, CONSTANT + 0)
    code_of[free] = 2 * np.arange(len(free))
    secondary = [nm.edge_names[e] for e in free.tolist()]
    problem = build(puzzle, bd, True, nm.primary(puzzle, True), secondary, code_of)
    edge_items = {name: (nm.present_pairs[2 * e],) for name, e in zip(secondary, free.tolist())}
    edges = bd.edges
    return Encoding(puzzle, "422", problem, edge_items,
                    tuple([edges[e] for e in np.flatnonzero(values == 1).tolist()]),
                    tuple([edges[e] for e in np.flatnonzero(values == 0).tolist()]))
