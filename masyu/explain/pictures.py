"""Pictures of partial states: SVG (for browsers and notebooks) and text (for terminals).

Lines are solid, crosses small X marks, a step's cells highlighted and the
edges it sets drawn dashed (tentative).  ``THEMES`` is the one table of looks:
``ivory`` and ``slate`` (the page's themes) and ``contrast``, a high-contrast
theme safe for colour-blind eyes (the Okabe-Ito colours: blue highlights and
dashes, vermillion crosses, black lines on white).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable
from xml.sax.saxutils import escape

from ..board import NESW, Cell, Edge
from ..errors import MasyuError
from ..loop import SHAPE_OF, Loop
from ..puzzle import Puzzle
from ..render import PEARL_TEXT
from .marks import Marks


@dataclass(frozen=True)
class Theme:
    name: str
    summary: str
    background: str
    grid: str
    border: str
    line: str
    cross: str
    highlight: str       # fill of a highlighted cell
    highlight_edge: str  # its outline
    tentative: str       # dashed lines and crosses of a step
    pearl_stroke: str


# Fields after the summary: background, grid, border, line, cross, highlight, its
# outline, tentative, pearl outline.
THEMES: dict[str, Theme] = {t.name: t for t in (
    Theme("ivory", "soft ivory, thin neutral grid", "#fbf8ef", "#cfc8b8", "#6b6457",
          "#26221c", "#d62728", "#ffd54f", "#c79a00", "#1f6fd1", "#26221c"),
    Theme("slate", "dark slate", "#2b323b", "#56606b", "#9aa5b1", "#f2f2f2", "#ff6b6b",
          "#6d5f1f", "#e0c040", "#7fb2ff", "#f2f2f2"),
    Theme("contrast", "high contrast, colour-blind safe (Okabe-Ito: blue, vermillion)",
          "#ffffff", "#000000", "#000000", "#000000", "#D55E00", "#56B4E9", "#0072B2",
          "#0072B2", "#000000"),
)}
DEFAULT_THEME = "ivory"


def theme_of(name: str) -> Theme:
    if name not in THEMES:
        raise MasyuError(f"unknown theme {name!r}; valid themes: {', '.join(THEMES)}", "theme")
    return THEMES[name]


def _check(puzzle: Puzzle, marks: Marks) -> None:
    if (marks.rows, marks.cols) != (puzzle.rows, puzzle.cols):
        raise MasyuError(f"the marks are {marks.rows}x{marks.cols} but the puzzle is "
                         f"{puzzle.rows}x{puzzle.cols}")


def state_svg(puzzle: Puzzle, marks: Marks, *, cells: Iterable[Cell] = (),
              tentative: Iterable[tuple[Edge, int]] = (), loop: Loop | None = None,
              theme: str = DEFAULT_THEME, cell: int = 36, title: str | None = None) -> str:
    """The board with ``marks`` (lines solid, crosses as small X), ``cells`` highlighted,
    ``tentative`` edges dashed; ``loop``, if given, drawn as lines too."""
    _check(puzzle, marks)
    t = theme_of(theme)
    if not isinstance(cell, int) or not 8 <= cell <= 1000:
        raise MasyuError(f"the cell size must be an integer from 8 to 1000, not {cell!r}")
    m = cell // 2
    width, height = puzzle.cols * cell + 2 * m, puzzle.rows * cell + 2 * m

    def centre(rc: Cell) -> tuple[float, float]:
        return m + (rc[1] + 0.5) * cell, m + (rc[0] + 0.5) * cell

    name = title or (puzzle.name or f"Masyu {puzzle.rows}x{puzzle.cols}")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}">', f"<title>{escape(name)}</title>",
           f'<rect width="{width}" height="{height}" fill="{t.background}"/>']
    for r, c in sorted(set(cells)):
        out.append(f'<rect class="hl" x="{m + c * cell}" y="{m + r * cell}" width="{cell}" '
                   f'height="{cell}" fill="{t.highlight}" fill-opacity="0.55" '
                   f'stroke="{t.highlight_edge}" stroke-width="{max(2, cell // 14)}"/>')
    grid = [f"M{m} {m + r * cell}H{m + puzzle.cols * cell}" for r in range(puzzle.rows + 1)]
    grid += [f"M{m + c * cell} {m}V{m + puzzle.rows * cell}" for c in range(puzzle.cols + 1)]
    out.append(f'<path d="{"".join(grid)}" stroke="{t.grid}" stroke-width="1" fill="none"/>')
    out.append(f'<rect x="{m}" y="{m}" width="{puzzle.cols * cell}" '
               f'height="{puzzle.rows * cell}" stroke="{t.border}" stroke-width="2" '
               'fill="none"/>')
    lines = set(marks.lines) | (set(loop.edges) if loop is not None else set())
    width_line = max(3, cell // 7)

    def seg(e: Edge) -> str:
        (x1, y1), (x2, y2) = centre(e[0]), centre(e[1])
        return f"M{x1:g} {y1:g}L{x2:g} {y2:g}"

    def cross(e: Edge) -> str:
        (x1, y1), (x2, y2) = centre(e[0]), centre(e[1])
        x, y, s = (x1 + x2) / 2, (y1 + y2) / 2, cell * 0.12
        return f"M{x - s:g} {y - s:g}L{x + s:g} {y + s:g}M{x - s:g} {y + s:g}L{x + s:g} {y - s:g}"

    if lines:
        out.append(f'<path class="line" d="{"".join(seg(e) for e in sorted(lines))}" '
                   f'stroke="{t.line}" stroke-width="{width_line}" stroke-linecap="round" '
                   'fill="none"/>')
    if marks.crosses:
        out.append(f'<path class="cross" d="{"".join(cross(e) for e in sorted(marks.crosses))}" '
                   f'stroke="{t.cross}" stroke-width="{max(1.5, cell / 18):g}" fill="none"/>')
    tent = sorted(tentative)
    dash = f'stroke-dasharray="{max(3, cell // 8)} {max(2, cell // 12)}"'
    t_lines = [e for e, v in tent if v]
    t_crosses = [e for e, v in tent if not v]
    if t_lines:
        out.append(f'<path class="tentative-line" d="{"".join(seg(e) for e in t_lines)}" '
                   f'stroke="{t.tentative}" stroke-width="{width_line}" {dash} fill="none"/>')
    if t_crosses:
        out.append(f'<path class="tentative-cross" d="{"".join(cross(e) for e in t_crosses)}" '
                   f'stroke="{t.tentative}" stroke-width="{max(2, cell / 14):g}" fill="none"/>')
    radius = cell * 0.32
    for rc, kind in puzzle.pearls:
        x, y = centre(rc)
        fill = "#ffffff" if kind == "W" else "#000000"
        out.append(f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{fill}" '
                   f'stroke="{t.pearl_stroke}" stroke-width="{max(1.5, cell / 16):g}"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def state_text(puzzle: Puzzle, marks: Marks, *, cells: Iterable[Cell] = (),
               tentative: Iterable[tuple[Edge, int]] = ()) -> str:
    """The board in Unicode, four characters a cell: lines ``─ │`` and the cell's shape,
    crosses ``×``, the tentative edges ``┄ ┆`` (dashed) and ``x``; highlighted cells in
    ``[ ]``."""
    _check(puzzle, marks)
    lit = set(cells)
    tent = dict(tentative)
    lines, crosses = marks.lines, marks.crosses

    def mark(e: Edge, line: str, dashed: str) -> str:
        if e in lines:
            return line
        if e in crosses:
            return "×"
        if e in tent:
            return dashed if tent[e] else "x"
        return " "

    rows = []
    for r in range(puzzle.rows):
        out = []
        for c in range(puzzle.cols):
            here = (r, c)
            dirs = []
            for d, other in zip(NESW, ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))):
                e = (here, other) if here < other else (other, here)
                if e in lines:
                    dirs.append(d)
            pearl = puzzle.pearl_at(here)
            centre = PEARL_TEXT[pearl] if pearl else (SHAPE_OF[frozenset(dirs)] if dirs else "·")
            west = "─" if "W" in dirs else ("[" if here in lit else " ")
            east = "─" if "E" in dirs else ("]" if here in lit else " ")
            out.append(west + centre + east)
            if c + 1 < puzzle.cols:
                out.append(mark((here, (r, c + 1)), "─", "┄"))
        rows.append("".join(out).rstrip() + "\n")
        if r + 1 < puzzle.rows:
            under = [" " + mark(((r, c), (r + 1, c)), "│", "┆") + "  "
                     for c in range(puzzle.cols)]
            rows.append("".join(under).rstrip() + "\n")
    return "".join(rows)


def step_svg(step, *, theme: str = DEFAULT_THEME, cell: int = 36) -> str:
    """A step's picture: the board before it, its cells highlighted, its edges dashed."""
    owner = step.owner
    puzzle = owner.puzzle if owner is not None else Puzzle(*_size(step))
    before = step.before() or Marks(puzzle.rows, puzzle.cols)
    return state_svg(puzzle, before, cells=step.cells, tentative=step.set, theme=theme,
                     cell=cell, title=f"{step.rule}: {step.text}")


def step_text(step) -> str:
    owner = step.owner
    puzzle = owner.puzzle if owner is not None else Puzzle(*_size(step))
    before = step.before() or Marks(puzzle.rows, puzzle.cols)
    return state_text(puzzle, before, cells=step.cells, tentative=step.set)


def _size(step) -> tuple[int, int]:
    cells = list(step.cells) + [c for e, _ in step.set for c in e]
    return max(2, max(r for r, _ in cells) + 1), max(2, max(c for _, c in cells) + 1)
