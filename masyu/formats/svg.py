"""The SVG picture of a puzzle, and of a loop on it: for browsers and Jupyter.

Not a format the registry reads (no reader, no detection): ``masyu.render_svg``
and the value types' ``_repr_svg_`` write it.  With several loops (a weak
solution) each loop has its own color; pieces that are not loops are drawn
too, and an edge leaving the board runs into the margin.
"""
from __future__ import annotations

import re
from html import escape  # (not xml.sax.saxutils: it imports urllib.request, 0.1 s)
from typing import Sequence

from ..board import cell_edge
from ..errors import MasyuError
from ..loop import Loop
from ..puzzle import Puzzle
from .common import no_gc

# One color per loop of a weak solution (the first is used for a single loop).
COLORS = ("#1f6fd1", "#d1431f", "#2a9d3a", "#8e44ad", "#e08a00", "#16a0a0", "#c0307a", "#6b6b00")


def write(puzzle: Puzzle, loop: Loop | None = None, cell: int = 36) -> str:
    """The SVG picture of ``puzzle``, with ``loop`` drawn if given (see
    :func:`masyu.render_svg`, which checks its arguments first)."""
    with no_gc():
        return _write(puzzle, loop, cell)


def _write(puzzle: Puzzle, loop: Loop | None, cell: int) -> str:
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


_OPENING = '<svg xmlns="http://www.w3.org/2000/svg" '
_SIZE = re.compile(r'<svg [^>]*width="(\d+)" height="(\d+)"')


def document(pictures: Sequence[str], columns: int = 4, gap: int = 12) -> str:
    """Several pictures of :func:`write` in one SVG document: a grid, ``columns``
    a row in their order, ``gap`` pixels apart, each a nested ``<svg>`` that keeps
    its title (``masyu solve --all --format svg``)."""
    if not pictures:
        raise MasyuError("no pictures to put in a document")
    sizes = []
    for text in pictures:
        m = _SIZE.match(text)
        if m is None or not text.startswith(_OPENING):
            raise MasyuError("not a picture of masyu.render_svg")
        sizes.append((int(m.group(1)), int(m.group(2))))
    columns = max(1, min(columns, len(pictures)))
    widths = [max(w for w, _ in sizes[c::columns]) for c in range(columns)]
    heights = [max(h for _, h in sizes[r:r + columns]) for r in range(0, len(sizes), columns)]
    width = sum(widths) + gap * (columns - 1)
    height = sum(heights) + gap * (len(heights) - 1)
    parts = [f'{_OPENING}width="{width}" height="{height}" viewBox="0 0 {width} {height}">']
    for k, text in enumerate(pictures):
        row, col = divmod(k, columns)
        x = sum(widths[:col]) + gap * col
        y = sum(heights[:row]) + gap * row
        parts.append(text.replace(_OPENING, f'<svg x="{x}" y="{y}" ', 1).rstrip("\n"))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def write_loop(loop: Loop) -> str:
    """The SVG picture of a loop alone, on an empty board of its size."""
    return write(Puzzle(loop.rows, loop.cols), loop)
