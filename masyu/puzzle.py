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
