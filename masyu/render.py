"""Pictures of puzzles and loops: Unicode text for terminals, SVG for browsers and Jupyter."""
from __future__ import annotations

from typing import Callable
from html import escape  # (not xml.sax.saxutils: it imports urllib.request, 0.1 s)

from .board import cell_edge, check_same_size
from .errors import MasyuError, MasyuTypeError
from .formats import parse_loop, picture
from .formats.common import no_gc
from .loop import Loop
from .puzzle import Puzzle

PEARL_TEXT = picture.PEARL_TEXT
EMPTY_TEXT = picture.EMPTY_TEXT
# One color per loop of a weak solution (the first is used for a single loop).
COLORS = ("#1f6fd1", "#d1431f", "#2a9d3a", "#8e44ad", "#e08a00", "#16a0a0", "#c0307a", "#6b6b00")


def _matching(puzzle: Puzzle, loop: Loop | str | None) -> Loop | None:
    if not isinstance(puzzle, Puzzle):
        raise MasyuTypeError(f"puzzle must be a masyu.Puzzle, not {type(puzzle).__name__}",
                             "argument 'puzzle'")
    if loop is not None and not isinstance(loop, (Loop, str)):
        raise MasyuTypeError(f"loop must be a masyu.Loop, its text or None, not "
                             f"{type(loop).__name__}", "argument 'loop'")
    if isinstance(loop, str):
        loop = parse_loop(loop, puzzle.rows, puzzle.cols)
    if loop is not None:
        check_same_size(loop, puzzle)
    return loop


def render_text(puzzle: Puzzle, loop: Loop | str | None = None) -> str:
    """The board in Unicode, one line a row, a cell every other column.

    Pearls are ``○`` and ``●``, cells the loop passes through show its shape
    (``─ │ ┌ ┐ └ ┘``), the rest ``·``; a ``─`` between two cells is the loop
    joining them.  This is the ``picture`` format (:mod:`masyu.formats.picture`),
    which ``Puzzle.parse`` and ``Loop.parse`` read back.
    """
    with no_gc():
        return picture.write(puzzle, _matching(puzzle, loop))


def render_svg(puzzle: Puzzle, loop: Loop | str | None = None, *, cell: int = 36) -> str:
    """An SVG picture: the grid, hollow white and filled black pearls, and the loop.

    With several loops (a weak solution) each loop has its own color; pieces
    that are not loops are drawn too, and an edge leaving the board runs into
    the margin.
    """
    with no_gc():
        return _svg(puzzle, _matching(puzzle, loop), cell)


def _svg(puzzle: Puzzle, loop: Loop | None, cell: int) -> str:
    if isinstance(cell, bool) or not isinstance(cell, int) or not 8 <= cell <= 1000:
        raise MasyuError(f"the cell size must be an integer from 8 to 1000, not {cell!r}")
    margin = cell // 2
    width, height = puzzle.cols * cell + 2 * margin, puzzle.rows * cell + 2 * margin

    def centre(rc: tuple[int, int]) -> tuple[float, float]:
        # an off-board end stops halfway into the margin
        r = min(max(rc[0], -0.75), puzzle.rows - 0.25)
        c = min(max(rc[1], -0.75), puzzle.cols - 0.25)
        return margin + (c + 0.5) * cell, margin + (r + 0.5) * cell

    title = (escape(puzzle.name, quote=False) if puzzle.name
             else f"Masyu {puzzle.rows}x{puzzle.cols}")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">',
             f"<title>{title}</title>",
             f'<rect width="{width}" height="{height}" fill="white"/>']
    grid = []
    for r in range(puzzle.rows + 1):
        y = margin + r * cell
        grid.append(f"M{margin} {y}H{margin + puzzle.cols * cell}")
    for c in range(puzzle.cols + 1):
        x = margin + c * cell
        grid.append(f"M{x} {margin}V{margin + puzzle.rows * cell}")
    parts.append(f'<path d="{"".join(grid)}" stroke="#b0b0b0" stroke-width="1" fill="none"/>')
    parts.append(f'<rect x="{margin}" y="{margin}" width="{puzzle.cols * cell}" '
                 f'height="{puzzle.rows * cell}" stroke="#404040" stroke-width="2" fill="none"/>')
    if loop is not None:
        parts += _loop_paths(puzzle, loop, centre, cell)
    radius = cell * 0.34
    for (r, c), kind in puzzle.pearls:
        x, y = centre((r, c))
        fill = "white" if kind == "W" else "black"
        parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{fill}" '
                     f'stroke="black" stroke-width="{max(1.5, cell / 18):g}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _loop_paths(puzzle: Puzzle, loop: Loop, centre, cell: int) -> list[str]:
    """One SVG path per piece: a closed polygon for a loop, else a segment per edge
    (linear in the loop, but for sorting the edges of pieces that are not loops)."""
    style = (f'fill="none" stroke-width="{max(2, cell // 8)}" stroke-linecap="round" '
             'stroke-linejoin="round"')
    xs = ["%g" % centre((0, c))[0] for c in range(puzzle.cols)]   # the centres, as text
    ys = ["%g" % centre((r, 0))[1] for r in range(puzzle.rows)]
    out = []
    for k, (piece, closed) in enumerate(zip(loop.components(), loop.closed_pieces())):
        color = COLORS[k % len(COLORS)]
        if closed:
            d = "M" + "L".join(f"{xs[c]} {ys[r]}" for r, c in piece) + "Z"   # a closed loop
        else:
            edges = sorted({cell_edge(rc, dd) for rc in piece for dd in loop.directions(rc)})
            d = "".join("M%g %g" % centre(a) + "L%g %g" % centre(b) for a, b in edges)
        out.append(f'<path d="{d}" stroke="{color}" {style}/>')
    return out


def loop_svg(loop: Loop) -> str:
    """The SVG picture of a loop alone, on an empty board of its size."""
    return render_svg(Puzzle(loop.rows, loop.cols), loop)


# The pictures, by name: the CLI offers them beside the text formats
# (``convert --to``, ``solve --format``).
PICTURES: dict[str, tuple[str, Callable[..., str]]] = {
    "text": ("the board in Unicode", render_text),
    "svg": ("an SVG picture of the board", render_svg),
}
