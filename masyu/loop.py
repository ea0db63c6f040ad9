"""A loop (or any drawn solution) on an R x C board: an immutable set of edges.

A ``Loop`` need not be a valid solution (``masyu.check`` says whether it is);
it may even have an edge that leaves the board, which ``check`` reports.

A value type at the bottom of the package: it imports only ``board`` and
``errors``.  ``Loop.parse`` and ``Loop.to`` are thin hooks into the registry
of formats (``masyu.formats``, a layer above, which reads and writes the box
drawing, JSON, and the loop of a pzprv3 file or a text picture): that package
installs itself on the class when it is imported, so no import, at the top or
in a function, points up from here.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Sequence

from .board import NESW, Cell, Edge, check_size, on_board
from .errors import MasyuError, MasyuTypeError

# Box shapes by the directions they use (order N, E, S, W).  The six shapes of
# a loop come first; half lines, tees and the cross let any edge set be drawn.
SHAPES: dict[str, str] = {
    " ": "", "─": "EW", "│": "NS", "┌": "ES", "┐": "SW", "└": "NE", "┘": "NW",
    "╵": "N", "╶": "E", "╷": "S", "╴": "W",
    "├": "NES", "┤": "NSW", "┬": "ESW", "┴": "NEW", "┼": "NESW",
}
SHAPE_OF = {frozenset(dirs): ch for ch, dirs in SHAPES.items()}
_SHAPE_OF_DIRS = {dirs: ch for ch, dirs in SHAPES.items()}   # directions in N E S W order
_MASK_DIRS = ["".join(d for k, d in enumerate(NESW) if m >> k & 1) for m in range(16)]


@dataclass(frozen=True)
class Loop:
    """An immutable set of edges on a ``rows`` x ``cols`` board.

    Each edge joins two orthogonally adjacent cells, at least one of them on
    the board; edges are normalized (``a < b``).  Equality and hashing use the
    size and the edges.
    """

    rows: int
    cols: int
    edges: frozenset[Edge]
    _formats: ClassVar[Any] = None   # masyu.formats, once imported (see _installed below)

    def __init__(self, rows: int, cols: int, edges: Iterable[Sequence[Sequence[int]]] = ()) -> None:
        check_size(rows, cols)
        if isinstance(edges, (str, bytes)) or not hasattr(edges, "__iter__"):
            raise MasyuTypeError(f"edges must be a list of edges ((r1, c1), (r2, c2)), not "
                                 f"{type(edges).__name__}", "argument 'edges'")
        found: set[Edge] = set()
        for e in edges:
            try:
                (r1, c1), (r2, c2) = e
                a = (operator.index(r1), operator.index(c1))
                b = (operator.index(r2), operator.index(c2))
            except (TypeError, ValueError):
                raise MasyuTypeError(f"an edge is a pair of cells (r, c), not {e!r}"[:120],
                                     "argument 'edges'") from None
            where = f"edge ({a}, {b})"
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise MasyuError("the two cells of an edge must be adjacent", where)
            if not (on_board(rows, cols, a) or on_board(rows, cols, b)):
                raise MasyuError(f"the edge lies outside the {rows}x{cols} board", where)
            found.add((a, b) if a < b else (b, a))
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "cols", cols)
        object.__setattr__(self, "edges", frozenset(found))

    @classmethod
    def unchecked(cls, rows: int, cols: int, edges: Iterable[Edge]) -> "Loop":
        """Build from edges a reader has already made valid (adjacent cells, one of
        them on the board), checking only the size: readers of big files use it."""
        check_size(rows, cols)
        loop = object.__new__(cls)
        object.__setattr__(loop, "rows", rows)
        object.__setattr__(loop, "cols", cols)
        object.__setattr__(loop, "edges", frozenset((a, b) if a < b else (b, a) for a, b in edges))
        return loop

    # -- structure -------------------------------------------------------

    def _masks(self) -> bytearray:
        """Each cell's directions as bits (N 1, E 2, S 4, W 8) on the board padded by
        one cell on every side (the far end of an edge off the board lies there):
        cell (r, c) is number (r + 1)(C + 2) + c + 1.  Built once, linear in the edges."""
        cached = self.__dict__.get("_maskmap")
        if cached is None:
            width = self.cols + 2
            cached = bytearray(width * (self.rows + 2))
            for (r1, c1), (r2, c2) in self.edges:   # b lies east (E, W) or south (S, N) of a
                i = (r1 + 1) * width + c1 + 1
                if r1 == r2:
                    cached[i] |= 2
                    cached[i + 1] |= 8
                else:
                    cached[i] |= 4
                    cached[i + width] |= 1
            object.__setattr__(self, "_maskmap", cached)
        return cached

    def sorted_edges(self) -> list[Edge]:
        """The edges in sorted order, read off the direction masks row by row (each
        cell's edge east before its edge south): linear, no sort."""
        masks, width, out = self._masks(), self.cols + 2, []
        for k, m in enumerate(masks):
            if m & 6:
                r, c = divmod(k, width)
                r, c = r - 1, c - 1
                if m & 2:
                    out.append(((r, c), (r, c + 1)))
                if m & 4:
                    out.append(((r, c), (r + 1, c)))
        return out

    def directions(self, cell: Cell) -> str:
        """The directions the loop leaves ``cell`` in, a substring of ``"NESW"``."""
        r, c = cell
        if not (-1 <= r <= self.rows and -1 <= c <= self.cols):
            return ""
        return _MASK_DIRS[self._masks()[(r + 1) * (self.cols + 2) + c + 1]]

    def degree(self, cell: Cell) -> int:
        return len(self.directions(cell))

    def shape(self, cell: Cell) -> str:
        """The box character of ``cell`` (a space where the loop does not pass)."""
        return _SHAPE_OF_DIRS[self.directions(cell)]

    def cells(self) -> list[Cell]:
        """The cells of the board the loop passes through, row-major."""
        masks, width = self._masks(), self.cols + 2
        return [(r, c) for r in range(self.rows)
                for c, m in enumerate(masks[(r + 1) * width + 1:(r + 1) * width + 1 + self.cols])
                if m]

    def off_board(self) -> list[Edge]:
        """The edges that leave the board, sorted."""
        return sorted(e for e in self.edges if not (on_board(self.rows, self.cols, e[0])
                                                    and on_board(self.rows, self.cols, e[1])))

    def components(self) -> list[list[Cell]]:
        """The connected pieces, each a list of cells (off-board ends left out).

        Pieces come in the order of their first cell (row-major).  A loop is
        listed from its first cell, going first to the east (or else south); a
        path from its first end; any other piece (with a branch) row-major.
        """
        return [list(piece) for piece in self._pieces()[0]]

    def closed_pieces(self) -> list[bool]:
        """For each piece of :meth:`components`, whether it is a closed loop: no
        branch, no end, and no edge leaving the board."""
        return list(self._pieces()[1])

    def _pieces(self) -> tuple[list[list[Cell]], list[bool]]:
        cached = self.__dict__.get("_pieces_cache")
        if cached is None:
            cached = self._components()
            object.__setattr__(self, "_pieces_cache", cached)
        return cached

    def _components(self) -> tuple[list[list[Cell]], list[bool]]:
        """The pieces, walked on the direction masks of the padded board
        (:meth:`_masks`): linear in the cells of the board, and a loop is
        walked once.  A piece that is not a closed loop is gathered first,
        then ordered (a path from its first end; cells with a branch sorted)."""
        rows, cols = self.rows, self.cols
        width = cols + 2
        masks = self._masks()
        inside = bytearray(width * (rows + 2))   # 1 on the board, 0 in the padding
        for r in range(1, rows + 1):
            inside[r * width + 1:r * width + cols + 1] = b"\x01" * cols
        steps = [tuple(d for bit, d in ((1, -width), (8, -1), (2, 1), (4, width)) if m & bit)
                 for m in range(16)]             # each mask's moves, smallest cell first

        def nbrs(k: int) -> list[int]:          # the neighbours on the board, in order
            return [k + d for d in steps[masks[k]] if inside[k + d]]

        seen = bytearray(len(masks))
        out: list[list[Cell]] = []
        closed: list[bool] = []
        for start in range(width + 1, len(masks) - width):
            if not masks[start] or seen[start] or not inside[start]:
                continue
            # a closed loop through start: every cell has two moves, both on the board
            walk, cur, prev, simple = [start], start, -1, True
            while True:
                ns = steps[masks[cur]]
                if len(ns) != 2 or not (inside[cur + ns[0]] and inside[cur + ns[1]]):
                    simple = False
                    break
                # from the first cell east before south (ns[0]), then on past prev
                nxt = cur + ns[0] if cur + ns[0] != prev else cur + ns[1]
                prev, cur = cur, nxt
                if cur == start:
                    break
                if seen[cur]:                   # pragma: no cover - a loop is met at its start
                    simple = False
                    break
                seen[cur] = 1
                walk.append(cur)
            seen[start] = 1
            if simple:
                out.append([(k // width - 1, k % width - 1) for k in walk])
                closed.append(True)
                continue
            piece, todo, branched = [start], [start], False   # anything else: gather it
            for k in walk:
                seen[k] = 0
            seen[start] = 1
            while todo:
                ns = nbrs(todo.pop())
                if len(ns) > 2:
                    branched = True
                for n in ns:
                    if not seen[n]:
                        seen[n] = 1
                        piece.append(n)
                        todo.append(n)
            if branched or len(piece) == 1:
                out.append([(k // width - 1, k % width - 1) for k in sorted(piece)])
                closed.append(False)
                continue
            ends = [k for k in piece if len(nbrs(k)) == 1]
            first = min(ends) if ends else start
            walk, prev, cur = [first], first, nbrs(first)[0]   # east before south
            while cur != first:
                walk.append(cur)
                ns = nbrs(cur)
                if len(ns) == 1:
                    break
                prev, cur = cur, (ns[1] if ns[0] == prev else ns[0])
            out.append([(k // width - 1, k % width - 1) for k in walk])
            closed.append(False)   # an end, or an edge off the board (else it was simple)
        return out, closed

    # -- text and pictures: masyu.formats, one layer up, installs itself here --

    @classmethod
    def parse(cls, text: str, rows: int | None = None, cols: int | None = None, *,
              format: str | None = None, limit: int | None = None) -> "Loop":
        """Read a loop as JSON, a pzprv3 file with its loop drawn, a text picture or
        a box drawing, detected from the text, or in ``format`` if it is given
        (``json``, ``box``, ``pzprv3``, ``picture``).

        The box drawing (``─ │ ┌ ┐ └ ┘``, rounded corners too, space or ``.``
        unused) is read as it is, short lines padded with spaces and missing
        rows with empty ones when the size is given; every arm must meet an arm
        of the neighbour it points to, though an arm may leave the board
        (``check`` reports it).  A text longer than ``limit`` characters (by
        default ``masyu.formats.MAX_LOOP_TEXT``, 32 Mi) is refused before it is
        read.  (:func:`masyu.formats.parse_loop`.)
        """
        return _installed(cls).parse_loop(text, rows, cols, format=format, limit=limit)

    def to(self, format: str) -> str:
        """The loop in a loop format of ``masyu.FORMATS``: ``json`` (``{"rows": R,
        "cols": C, "edges": [[[r1, c1], [r2, c2]], ...]}``, edges sorted) or ``box``
        (one line a row, trailing spaces kept, each ending in a newline).
        (:func:`masyu.formats.write_loop`.)"""
        return _installed(self).write_loop(self, format)

    def on(self, puzzle: Any) -> "Loop":
        """This loop, remembering the puzzle it solves (a ``masyu.Puzzle`` of its
        size): Jupyter then draws it with the puzzle's pearls.  ``masyu.solve``,
        ``Search`` and ``masyu.sample`` give loops so.  Equality and hashing
        ignore the puzzle."""
        size = (getattr(puzzle, "rows", None), getattr(puzzle, "cols", None))
        if size != (self.rows, self.cols) or not hasattr(puzzle, "pearls"):
            raise MasyuTypeError(f"expected a masyu.Puzzle of size {self.rows}x{self.cols}, not "
                                 f"{puzzle!r}"[:120], "argument 'puzzle'")
        loop = object.__new__(Loop)   # the same edges (a frozenset, shared)
        for name, value in (("rows", self.rows), ("cols", self.cols), ("edges", self.edges),
                            ("puzzle", puzzle)):
            object.__setattr__(loop, name, value)
        return loop

    puzzle: ClassVar[Any] = None   # the puzzle it solves, when known (``on``)

    def _repr_svg_(self) -> str:   # Jupyter shows a loop on its puzzle, or on an empty board
        svg = _installed(self).svg
        return svg.write_loop(self) if self.puzzle is None else svg.write(self.puzzle, self)

    def __repr__(self) -> str:
        return f"Loop({self.rows}, {self.cols}, <{len(self.edges)} edges>)"


def _installed(loop):
    """masyu.formats: it imports this module, so this module cannot import it; it
    installs itself as ``Loop._formats`` when it is imported (and the package face,
    ``masyu.Loop`` or any other name it serves, imports it first)."""
    if loop._formats is None:
        raise MasyuError("reading and writing loops needs masyu.formats: import it, "
                         "or use masyu.Loop")
    return loop._formats
