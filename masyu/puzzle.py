"""The Masyu puzzle: a board of R x C cells, some holding white or black pearls.

A value type at the bottom of the package: it imports only ``board`` and
``errors``.  Its conveniences for formats and pictures do their work in the
layers above (``masyu.formats``, ``masyu.render``), reached by function-level
imports: those modules import this one, so importing them here at the top
would be a cycle.  They are the deliberate exceptions of the import-linter
contract in pyproject.toml.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Mapping

from .board import Cell, check_size, on_board
from .errors import MasyuError, MasyuTypeError

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
        if name is not None and not isinstance(name, str):
            raise MasyuTypeError(f"name must be a str or None, not {type(name).__name__}",
                                 "argument 'name'")
        if isinstance(pearls, (str, bytes)) or not hasattr(pearls, "__iter__"):
            raise MasyuTypeError("pearls must be a mapping {(r, c): 'W' or 'B'} or a list of "
                                 f"((r, c), kind) pairs, not {type(pearls).__name__}",
                                 "argument 'pearls'")
        items = pearls.items() if isinstance(pearls, Mapping) else pearls
        found: dict[Cell, str] = {}
        for entry in items:
            try:
                (r, c), kind = entry
                r, c = operator.index(r), operator.index(c)
            except (TypeError, ValueError):
                raise MasyuTypeError("a pearl is ((r, c), 'W' or 'B') with integers r and c, "
                                     f"not {entry!r}"[:160], "argument 'pearls'") from None
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
        if isinstance(lines, str) or not hasattr(lines, "__iter__"):
            raise MasyuTypeError(f"lines must be a list of str, not {type(lines).__name__}",
                                 "argument 'lines'")
        lines = list(lines)
        for k, line in enumerate(lines):
            if not isinstance(line, str):
                raise MasyuTypeError(f"line {k + 1} must be a str, not {type(line).__name__}",
                                     "argument 'lines'")
            if len(line) != len(lines[0]):
                raise MasyuError(f"ragged rows: {len(line)} cells, the first row has "
                                 f"{len(lines[0])}", f"line {k + 1}")
        pearls = {(r, c): ch for r, line in enumerate(lines) for c, ch in enumerate(line) if ch in "WB"}
        return cls(len(lines), len(lines[0]) if lines else 0, pearls, name=name)

    # -- formats and pictures (the work is done in masyu.formats and masyu.render) --

    @classmethod
    def parse(cls, text: str, name: str | None = None, *, limit: int | None = None) -> "Puzzle":
        """Read a puzzle in any format users paste, detected from the text.

        Grid text (``.WB``, ``o``/``x``, Knuth's ``0``/``1``), a puzz.link URL,
        a pzprv3 file, a Pearl game ID ``WxH:DESC``, or a puzzle-masyu.com task
        ``N:DESC`` (``masyu.FORMATS``).  Raises MasyuError, with the place, on
        bad input; a text longer than ``limit`` characters (by default
        ``masyu.formats.MAX_TEXT``, 4 Mi) is refused before it is read.
        """
        from .formats import MAX_TEXT, parse  # masyu.formats imports puzzle: a cycle if at the top
        return parse(text, name, limit=MAX_TEXT if limit is None else limit)

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

    def to_tatham_url(self) -> str:
        """The address of Simon Tatham's Pearl page that opens the puzzle."""
        return self.to("tatham-url")

    def to_picture(self, loop: "Loop | None" = None) -> str:
        """The text picture (``○ ● ·``) of ``masyu render``, with ``loop`` drawn if given."""
        return self.to("picture", loop)

    def render_text(self, loop=None) -> str:
        from .render import render_text  # masyu.render imports puzzle: a cycle if at the top
        return render_text(self, loop)

    def render_svg(self, loop=None) -> str:
        from .render import render_svg  # masyu.render imports puzzle: a cycle if at the top
        return render_svg(self, loop)

    def _repr_svg_(self) -> str:
        return self.render_svg()
