"""The Masyu puzzle: a board of R x C cells, some holding white or black pearls.

A value type at the bottom of the package: it imports only ``board`` and
``errors``.  Its conveniences for formats and pictures do their work in the
layers above (``masyu.formats``, ``masyu.render``), reached by function-level
imports: those modules import this one, so importing them here at the top
would be a cycle.  They are the deliberate exceptions of the import-linter
contract in pyproject.toml.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Mapping

from .board import Cell, check_size, on_board
from .errors import MasyuError

if TYPE_CHECKING:
    from .loop import Loop


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
        check_size(rows, cols)
        items = pearls.items() if isinstance(pearls, Mapping) else pearls
        found: dict[Cell, str] = {}
        for (r, c), kind in items:
            if not on_board(rows, cols, (r, c)):
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
        return self.pearl_map.get(cell)

    @property
    def pearl_map(self) -> Mapping[Cell, str]:
        """``{cell: "W" or "B"}`` (built once; do not change it)."""
        cached = self.__dict__.get("_map")
        if cached is None:
            cached = dict(self.pearls)
            object.__setattr__(self, "_map", cached)
        return cached

    @property
    def grid(self) -> tuple[str, ...]:
        """The board as R strings of ``.``, ``W``, ``B``."""
        m = self.pearl_map
        return tuple("".join(m.get((r, c), ".") for c in range(self.cols))
                     for r in range(self.rows))

    @classmethod
    def from_grid(cls, lines: Iterable[str], name: str | None = None) -> "Puzzle":
        """Build from lines of ``.WB`` (no format detection; see ``parse``)."""
        lines = list(lines)
        pearls = {(r, c): ch for r, line in enumerate(lines) for c, ch in enumerate(line) if ch in "WB"}
        return cls(len(lines), len(lines[0]) if lines else 0, pearls, name=name)

    # -- formats and pictures (the work is done in masyu.formats and masyu.render) --

    @classmethod
    def parse(cls, text: str, name: str | None = None) -> "Puzzle":
        """Read a puzzle in any format users paste, detected from the text.

        Grid text (``.WB``, ``o``/``x``, Knuth's ``0``/``1``), a puzz.link URL,
        a pzprv3 file, a Pearl game ID ``WxH:DESC``, or a puzzle-masyu.com task
        ``N:DESC`` (``masyu.FORMATS``).  Raises MasyuError, with the place, on
        bad input.
        """
        from .formats import parse  # masyu.formats imports puzzle: a cycle if at the top
        return parse(text, name)

    def to(self, format: str, loop: "Loop | None" = None) -> str:
        """The puzzle in a format of ``masyu.FORMATS`` (``loop``: pzprv3 only)."""
        from .formats import write  # masyu.formats imports puzzle: a cycle if at the top
        return write(self, format, loop)

    def to_grid(self) -> str:
        """The ``.WB`` lines."""
        return self.to("grid")

    def to_url(self) -> str:
        """The puzz.link URL."""
        return self.to("url")

    def to_tatham(self) -> str:
        """Simon Tatham's Pearl game ID ``WxH:DESC``."""
        return self.to("tatham")

    def to_psm(self) -> str:
        """The puzzle-masyu.com task ``N:DESC`` (square boards only)."""
        return self.to("psm")

    def to_pzprv3(self, loop: "Loop | None" = None) -> str:
        """The pzprv3 file of the puzz.link player, with ``loop`` drawn if given."""
        return self.to("pzprv3", loop)

    def render_text(self, loop=None) -> str:
        from .render import render_text  # masyu.render imports puzzle: a cycle if at the top
        return render_text(self, loop)

    def render_svg(self, loop=None) -> str:
        from .render import render_svg  # masyu.render imports puzzle: a cycle if at the top
        return render_svg(self, loop)

    def _repr_svg_(self) -> str:
        return self.render_svg()
