"""The Masyu puzzle: a board of R x C cells, some holding white or black pearls."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from .errors import MasyuError
from .grid import Cell

MAX_SIDE = 1000  # larger boards are refused at the door


@dataclass(frozen=True)
class Puzzle:
    """An immutable, hashable Masyu puzzle.

    ``pearls`` is a tuple of ``((r, c), kind)`` with kind ``"W"`` or ``"B"``,
    sorted row-major.  ``name`` does not take part in equality or hashing.
    """

    rows: int
    cols: int
    pearls: tuple[tuple[Cell, str], ...]
    name: str | None = field(default=None, compare=False)

    def __init__(self, rows: int, cols: int,
                 pearls: Mapping[Cell, str] | Iterable[tuple[Cell, str]] = (),
                 name: str | None = None) -> None:
        if not isinstance(rows, int) or not isinstance(cols, int):
            raise MasyuError("board size must be two integers")
        if rows < 2 or cols < 2:
            raise MasyuError(f"board {rows}x{cols} is too small (at least 2x2)")
        if rows > MAX_SIDE or cols > MAX_SIDE:
            raise MasyuError(f"board {rows}x{cols} is too large (at most {MAX_SIDE} per side)")
        items = pearls.items() if isinstance(pearls, Mapping) else pearls
        found: dict[Cell, str] = {}
        for (r, c), kind in items:
            if not (0 <= r < rows and 0 <= c < cols):
                raise MasyuError(f"pearl outside the {rows}x{cols} board", f"cell ({r}, {c})")
            if kind not in ("W", "B"):
                raise MasyuError(f"pearl kind must be 'W' or 'B', not {kind!r}", f"cell ({r}, {c})")
            if (r, c) in found:
                raise MasyuError("two pearls in one cell", f"cell ({r}, {c})")
            found[(r, c)] = kind
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "cols", cols)
        object.__setattr__(self, "pearls", tuple(sorted(found.items())))
        object.__setattr__(self, "name", name)

    def pearl_at(self, cell: Cell) -> str | None:
        """``"W"``, ``"B"`` or None."""
        return self._pearl_map().get(cell)

    def _pearl_map(self) -> dict[Cell, str]:
        cached = self.__dict__.get("_map")
        if cached is None:
            cached = dict(self.pearls)
            object.__setattr__(self, "_map", cached)
        return cached

    @property
    def grid(self) -> tuple[str, ...]:
        """The board as R strings of ``.``, ``W``, ``B``."""
        m = self._pearl_map()
        return tuple("".join(m.get((r, c), ".") for c in range(self.cols))
                     for r in range(self.rows))

    @classmethod
    def from_grid(cls, lines: Iterable[str], name: str | None = None) -> "Puzzle":
        """Build from lines of ``.WB`` (no format detection; see ``parse``)."""
        lines = list(lines)
        pearls = {(r, c): ch for r, line in enumerate(lines) for c, ch in enumerate(line) if ch in "WB"}
        return cls(len(lines), len(lines[0]) if lines else 0, pearls, name=name)

    # -- formats and pictures (the work is done in formats.py and render.py) --

    @classmethod
    def parse(cls, text: str, name: str | None = None) -> "Puzzle":
        """Read a puzzle in any format users paste, detected from the text.

        Grid text (``.WB``, ``o``/``x``, Knuth's ``0``/``1``), a puzz.link URL,
        a pzprv3 file, a Pearl game ID ``WxH:DESC``, or a puzzle-masyu.com task
        ``N:DESC``.  Raises MasyuError, with the place, on bad input.
        """
        from .formats import parse
        return parse(text, name)

    def to_grid(self) -> str:
        """The ``.WB`` lines."""
        from .formats import write_grid
        return write_grid(self)

    def to_url(self) -> str:
        """The puzz.link URL."""
        from .formats import write_url
        return write_url(self)

    def to_tatham(self) -> str:
        """Simon Tatham's Pearl game ID ``WxH:DESC``."""
        from .formats import write_tatham
        return write_tatham(self)

    def to_pzprv3(self, loop=None) -> str:
        """The pzprv3 file of the puzz.link player, with ``loop`` drawn if given."""
        from .formats import write_pzprv3
        return write_pzprv3(self, loop)

    def render_text(self, loop=None) -> str:
        from .render import render_text
        return render_text(self, loop)

    def render_svg(self, loop=None) -> str:
        from .render import render_svg
        return render_svg(self, loop)

    def _repr_svg_(self) -> str:
        return self.render_svg()
