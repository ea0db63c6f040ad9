"""Pictures of partial states: SVG (for browsers and notebooks) and text (for terminals).

Lines are solid, crosses small X marks, a step's cells highlighted and the
edges it sets drawn dashed (tentative).  ``THEMES`` is the one table of looks:
``ivory`` and ``slate`` (the page's themes) and ``contrast``, a high-contrast
theme safe for colour-blind eyes (the Okabe-Ito colours: blue highlights and
dashes, vermillion crosses, black lines on white).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
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
    # Drawn from the marks, not cell by cell: each row is its blank text with the
    # few marked places written over (a 1000x1000 board takes well under a second).
    east: dict[int, dict[int, str]] = {}   # per row: column -> the mark east of that cell
    south: dict[int, dict[int, str]] = {}  # per row: column -> the mark south of that cell
    mask: dict[Cell, int] = {}  # the lines at a cell: N 1, E 2, S 4, W 8
    cells_at: dict[int, set[int]] = {}  # per row: its cells drawn other than blank

    def put(e: Edge, horizontal: str, vertical: str) -> tuple[int, int, bool] | None:
        (r1, c1), (r2, c2) = e
        if r1 == r2 and c2 == c1 + 1:
            east.setdefault(r1, {})[c1] = horizontal
            return r1, c1, False
        if c1 == c2 and r2 == r1 + 1:
            south.setdefault(r1, {})[c1] = vertical
            return r1, c1, True
        return None

    for e, v in tentative:  # then crosses, then lines: the later wins
        put(e, "┄" if v else "x", "┆" if v else "x")
    for e in marks.crosses:
        put(e, "×", "×")
    for e in marks.lines:
        if (at := put(e, "─", "│")) is not None:
            r, c, down = at
            there = (r + 1, c) if down else (r, c + 1)
            mask[(r, c)] = mask.get((r, c), 0) | (4 if down else 2)
            mask[there] = mask.get(there, 0) | (1 if down else 8)
    lit = set(cells)
    pearls = dict(puzzle.pearls)
    for r, c in chain(mask, lit, pearls):
        cells_at.setdefault(r, set()).add(c)
    cols = puzzle.cols
    rows = []
    for r in range(puzzle.rows):
        out = [" · ", " "] * cols
        out.pop()
        for c, ch in east.get(r, {}).items():
            if 0 <= c < cols - 1:
                out[2 * c + 1] = ch
        for c in cells_at.get(r, ()):
            if not 0 <= c < cols:
                continue
            here = (r, c)
            m = mask.get(here, 0)
            pearl = pearls.get(here)
            if pearl:
                centre = PEARL_TEXT[pearl]
            elif m:
                centre = SHAPE_OF[frozenset(d for k, d in enumerate(NESW) if m >> k & 1)]
            else:
                centre = "·"
            inside = here in lit
            out[2 * c] = (("─" if m & 8 else ("[" if inside else " ")) + centre
                          + ("─" if m & 2 else ("]" if inside else " ")))
        rows.append("".join(out).rstrip() + "\n")
        if r + 1 < puzzle.rows:
            under = ["    "] * cols
            for c, ch in south.get(r, {}).items():
                if 0 <= c < cols:
                    under[c] = " " + ch + "  "
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
