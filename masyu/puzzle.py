"""The Masyu puzzle: a board of R x C cells, some holding white or black pearls.

A value type at the bottom of the package: it imports only ``board`` and
``errors``.  ``Puzzle.parse`` and ``Puzzle.to`` are thin hooks into the
registry of formats (``masyu.formats``, a layer above, which reads and writes
every format): that package installs itself on the class when it is imported,
so no import, at the top or in a function, points up from here.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Mapping

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
    _formats: ClassVar[Any] = None   # masyu.formats, once imported (see _installed below)

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

    # -- text and pictures: masyu.formats, one layer up, installs itself here --

    @classmethod
    def parse(cls, text: str, name: str | None = None, *, format: str | None = None,
              limit: int | None = None) -> "Puzzle":
        """Read a puzzle in any format users paste, detected from the text, or in
        the puzzle ``format`` of ``masyu.FORMATS`` if it is given.

        Grid text (``.WB``, ``o``/``x``, Knuth's ``0``/``1``), a puzz.link URL,
        a pzprv3 file, a Pearl game ID ``WxH:DESC``, or a puzzle-masyu.com task
        ``N:DESC``.  Raises MasyuError, with the place, on bad input; a text
        longer than ``limit`` characters (by default ``masyu.formats.MAX_TEXT``,
        8 Mi) is refused before it is read.  (:func:`masyu.formats.parse`.)
        """
        return _installed(cls).parse(text, name, format=format, limit=limit)

    def to(self, format: str, loop: "Loop | None" = None) -> str:
        """The puzzle in a puzzle format of ``masyu.FORMATS``: ``grid``, ``url``,
        ``tatham``, ``tatham-url``, ``psm``, ``pzprv3`` and ``picture`` (these two
        with ``loop`` drawn if given).  (:func:`masyu.formats.write`.)"""
        return _installed(self).write(self, format, loop)

    def _repr_svg_(self) -> str:   # Jupyter shows a puzzle as its picture
        return _installed(self).svg.write(self)


def _installed(puzzle):
    """masyu.formats: it imports this module, so this module cannot import it; it
    installs itself as ``Puzzle._formats`` when it is imported (and the package face,
    ``masyu.Puzzle`` or any other name it serves, imports it first)."""
    if puzzle._formats is None:
        raise MasyuError("reading and writing puzzles needs masyu.formats: import it, "
                         "or use masyu.Puzzle")
    return puzzle._formats
