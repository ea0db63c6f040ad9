"""Pictures of puzzles and loops: Unicode text for terminals, SVG for browsers and Jupyter.

A thin face over the writers of ``masyu.formats`` (``picture``, ``svg``): it
takes a Puzzle and a Loop (or None), never their text, and checks them first.
"""
from __future__ import annotations

from typing import Callable

from .board import check_same_size
from .errors import MasyuTypeError
from .formats import picture, svg
from .formats.common import no_gc
from .loop import Loop
from .puzzle import Puzzle

PEARL_TEXT = picture.PEARL_TEXT
EMPTY_TEXT = picture.EMPTY_TEXT


def _matching(puzzle: Puzzle, loop: Loop | None) -> Loop | None:
    if not isinstance(puzzle, Puzzle):
        raise MasyuTypeError(f"puzzle must be a masyu.Puzzle, not {type(puzzle).__name__}",
                             "argument 'puzzle'")
    if loop is not None and not isinstance(loop, Loop):
        raise MasyuTypeError(f"loop must be a masyu.Loop or None, not {type(loop).__name__}",
                             "argument 'loop'")
    if loop is not None:
        check_same_size(loop, puzzle)
    return loop


def render_text(puzzle: Puzzle, loop: Loop | None = None) -> str:
    """The board in Unicode, one line a row, a cell every other column.

    Pearls are ``○`` and ``●``, cells the loop passes through show its shape
    (``─ │ ┌ ┐ └ ┘``), the rest ``·``; a ``─`` between two cells is the loop
    joining them.  This is the ``picture`` format (:mod:`masyu.formats.picture`),
    which ``Puzzle.parse`` and ``Loop.parse`` read back.
    """
    with no_gc():
        return picture.write(puzzle, _matching(puzzle, loop))


def render_svg(puzzle: Puzzle, loop: Loop | None = None, *, cell: int = 36) -> str:
    """An SVG picture: the grid, hollow white and filled black pearls, and the loop.

    With several loops (a weak solution) each loop has its own color; pieces
    that are not loops are drawn too, and an edge leaving the board runs into
    the margin.
    """
    return svg.write(puzzle, _matching(puzzle, loop), cell)


# The pictures, by name: the CLI offers them beside the text formats
# (``convert --to``, ``solve --format``).
PICTURES: dict[str, tuple[str, Callable[..., str]]] = {
    "text": ("the board in Unicode", render_text),
    "svg": ("an SVG picture of the board", render_svg),
}
