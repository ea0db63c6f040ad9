"""Exercise 422: every on-board edge is its own secondary item, colors ``0``/``1``;
every cell has a tile item and its tile options, every pearl a circle item
and its circle options."""
from __future__ import annotations

import numpy as np

from ..board import board
from ..puzzle import Puzzle
from .encoding import Encoding
from .names import names
from .slots import CONSTANT, build

SUMMARY = "TAOCP ex. 422, an item per edge"


def encode_422(puzzle: Puzzle) -> Encoding:
    """Tile options for every cell, circle options for every pearl."""
    bd, nm = board(puzzle.rows, puzzle.cols), names(puzzle.rows, puzzle.cols)
    n = bd.nedges
    code_of = 2 * np.arange(n + 1)  # edge e is secondary item e, at parity 0
    code_of[n] = CONSTANT + 0       # off the board: the constant 0
    secondary = list(nm.edge_names)
    problem = build(puzzle, bd, True, nm.primary(puzzle, True), secondary, code_of)
    edge_items = {name: (pair,) for name, pair in zip(secondary, nm.present_pairs[::2])}
    return Encoding(puzzle, "422", problem, edge_items)
