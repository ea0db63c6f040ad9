"""A loop (or any drawn solution) on an R x C board: an immutable set of edges.

Readers and writers: the box drawing of the solution files (``─ │ ┌ ┐ └ ┘``,
space = unused), the segment lines of a pzprv3 file, and JSON.  A ``Loop``
need not be a valid solution (``masyu.check`` says whether it is); it may
even have an edge that leaves the board, which ``check`` reports.
"""
from __future__ import annotations

import json
import operator
from dataclasses import dataclass
from typing import Iterable, Sequence

from .errors import MasyuError
from .grid import DIRS, Cell, Edge, on_board, step
from .puzzle import MAX_SIDE

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
# Box shapes by the directions they use (order N, E, S, W).  The six shapes of
# a loop come first; half lines, tees and the cross let any edge set be drawn.
SHAPES: dict[str, str] = {
    " ": "", "─": "EW", "│": "NS", "┌": "ES", "┐": "SW", "└": "NE", "┘": "NW",
    "╵": "N", "╶": "E", "╷": "S", "╴": "W",
    "├": "NES", "┤": "NSW", "┬": "ESW", "┴": "NEW", "┼": "NESW",
}
SHAPE_OF = {frozenset(dirs): ch for ch, dirs in SHAPES.items()}
_MASK_DIRS = ["".join(d for k, d in enumerate("NESW") if m >> k & 1) for m in range(16)]
ALIASES = {"╭": "┌", "╮": "┐", "╰": "└", "╯": "┘", ".": " ", "·": " "}


def _check_size(rows: object, cols: object) -> None:
    if not isinstance(rows, int) or not isinstance(cols, int) or isinstance(rows, bool) \
            or isinstance(cols, bool):
        raise MasyuError("board size must be two integers")
    if rows < 2 or cols < 2:
        raise MasyuError(f"board {rows}x{cols} is too small (at least 2x2)")
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise MasyuError(f"board {rows}x{cols} is too large (at most {MAX_SIDE} per side)")


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

    def __init__(self, rows: int, cols: int, edges: Iterable[Sequence[Sequence[int]]] = ()) -> None:
        _check_size(rows, cols)
        found: set[Edge] = set()
        for e in edges:
            try:
                (r1, c1), (r2, c2) = e
                a = (operator.index(r1), operator.index(c1))
                b = (operator.index(r2), operator.index(c2))
            except (TypeError, ValueError):
                raise MasyuError(f"an edge is a pair of cells (r, c), not {e!r}"[:120]) from None
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
    def _trusted(cls, rows: int, cols: int, edges: Iterable[Edge]) -> "Loop":
        """Build without checking the edges (readers that made them valid already)."""
        _check_size(rows, cols)
        loop = object.__new__(cls)
        object.__setattr__(loop, "rows", rows)
        object.__setattr__(loop, "cols", cols)
        object.__setattr__(loop, "edges", frozenset((a, b) if a < b else (b, a) for a, b in edges))
        return loop

    # -- structure -------------------------------------------------------

    def _dirs(self) -> dict[Cell, str]:
        """For each cell touched (on the board or not), its directions, in N E S W order."""
        cached = self.__dict__.get("_dirmap")
        if cached is None:
            masks: dict[Cell, int] = {}
            for a, b in self.edges:   # a < b: b lies east (E = 2, W = 8) or south (S = 4, N = 1)
                bit_a, bit_b = (2, 8) if a[0] == b[0] else (4, 1)
                masks[a] = masks.get(a, 0) | bit_a
                masks[b] = masks.get(b, 0) | bit_b
            cached = {cell: _MASK_DIRS[m] for cell, m in masks.items()}
            object.__setattr__(self, "_dirmap", cached)
        return cached

    def directions(self, cell: Cell) -> str:
        """The directions the loop leaves ``cell`` in, a substring of ``"NESW"``."""
        return self._dirs().get(cell, "")

    def degree(self, cell: Cell) -> int:
        return len(self.directions(cell))

    def shape(self, cell: Cell) -> str:
        """The box character of ``cell`` (a space where the loop does not pass)."""
        return SHAPE_OF[frozenset(self.directions(cell))]

    def cells(self) -> list[Cell]:
        """The cells of the board the loop passes through, row-major."""
        return sorted(c for c in self._dirs() if on_board(self.rows, self.cols, c))

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
        cached = self.__dict__.get("_pieces")
        if cached is None:
            cached = self._components()
            object.__setattr__(self, "_pieces", cached)
        return [list(piece) for piece in cached]

    def _components(self) -> list[list[Cell]]:
        rows, cols = self.rows, self.cols
        adj: dict[Cell, list[Cell]] = {}
        for a, b in self.edges:      # a < b, so only a can be off the top/left, only b off the rest
            a_in, b_in = a[0] >= 0 and a[1] >= 0, b[0] < rows and b[1] < cols
            if a_in and b_in:
                adj.setdefault(a, []).append(b)
                adj.setdefault(b, []).append(a)
            else:
                adj.setdefault(a if a_in else b, [])
        seen: set[Cell] = set()
        out: list[list[Cell]] = []
        for start in sorted(adj):
            if start in seen:
                continue
            seen.add(start)
            piece, todo, branched = [start], [start], False
            while todo:
                ns = adj[todo.pop()]
                branched = branched or len(ns) > 2
                for n in ns:
                    if n not in seen:
                        seen.add(n)
                        piece.append(n)
                        todo.append(n)
            if branched or len(piece) == 1:
                out.append(sorted(piece))
                continue
            ends = [cell for cell in piece if len(adj[cell]) == 1]
            first = min(ends) if ends else start
            walk, prev, cur = [first], first, min(adj[first])    # east before south
            while cur != first:
                walk.append(cur)
                ns = adj[cur]
                if len(ns) == 1:
                    break
                prev, cur = cur, (ns[1] if ns[0] == prev else ns[0])
            out.append(walk)
        return out

    # -- box drawing -----------------------------------------------------

    @classmethod
    def from_box(cls, text_or_lines: str | Iterable[str], rows: int | None = None,
                 cols: int | None = None) -> "Loop":
        """Read the box drawing of the solution files: one character per cell.

        ``─ │ ┌ ┐ └ ┘`` (rounded corners too), space (or ``.``) = unused.  Short
        lines are padded with spaces, and missing rows with empty ones when the
        size is given.  Every arm must meet an arm of the neighbour it points
        to; an arm may leave the board (``check`` reports it).
        """
        if isinstance(text_or_lines, str):
            lines = text_or_lines.replace("\r\n", "\n").split("\n")
            if lines and lines[-1] == "" and len(lines) > 1:
                lines.pop()
        else:
            lines = [str(line).rstrip("\r\n") for line in text_or_lines]
        if rows is None:
            rows = len(lines)
        if cols is None:
            cols = max((len(line) for line in lines), default=0)
        _check_size(rows, cols)
        for number, line in enumerate(lines[rows:], rows + 1):
            if line.strip(" ."):
                raise MasyuError(f"more than {rows} rows", f"line {number}")
        dirs: dict[Cell, str] = {}
        for r, line in enumerate(lines[:rows]):
            for c, ch in enumerate(line):
                if ch == " ":
                    continue
                ds = SHAPES.get(ALIASES.get(ch, ch))
                if ds is None:
                    raise MasyuError(f"{ch!r} is not a loop shape (use ─ │ ┌ ┐ └ ┘ or space)",
                                     f"line {r + 1}, column {c + 1}")
                if ds:
                    if c >= cols:
                        raise MasyuError(f"a shape beyond column {cols}",
                                         f"line {r + 1}, column {c + 1}")
                    dirs[(r, c)] = ds
        # An edge is named by its first cell: east arms and the west arms of the
        # next cell must agree, and so must south arms and north ones.
        east = {cell for cell, ds in dirs.items() if "E" in ds}
        west = {(r, c - 1) for (r, c), ds in dirs.items() if "W" in ds}
        south = {cell for cell, ds in dirs.items() if "S" in ds}
        north = {(r - 1, c) for (r, c), ds in dirs.items() if "N" in ds}
        if any(0 <= c < cols - 1 for _, c in east ^ west) or \
                any(0 <= r < rows - 1 for r, _ in south ^ north):
            _box_mismatch(lines, dirs, rows, cols)
        edges = [((r, c), (r, c + 1)) for r, c in east | west]
        edges += [((r, c), (r + 1, c)) for r, c in south | north]
        return cls._trusted(rows, cols, edges)

    def to_box(self) -> str:
        """The box drawing, one line a row (trailing spaces kept), each ending in a newline."""
        return "".join("".join(self.shape((r, c)) for c in range(self.cols)) + "\n"
                       for r in range(self.rows))

    # -- pzprv3 segments -------------------------------------------------

    @classmethod
    def from_pzprv3_segments(cls, text_or_lines: str | Iterable[str], rows: int,
                             cols: int) -> "Loop":
        """Read the drawn-loop part of a pzprv3 file: ``rows`` lines of ``cols - 1``
        horizontal tokens, then ``rows - 1`` lines of ``cols`` vertical ones
        (``1`` line, ``0`` none, ``-1`` cross mark).  Blank lines are skipped."""
        lines = text_or_lines.split("\n") if isinstance(text_or_lines, str) else text_or_lines
        numbered = [(n, line.strip()) for n, line in enumerate(lines, 1) if line.strip()]
        if len(numbered) != 2 * rows - 1:
            raise MasyuError(f"expected {2 * rows - 1} lines of segments, found {len(numbered)}")
        return cls._from_segments(numbered, rows, cols)

    @classmethod
    def _from_segments(cls, numbered: Sequence[tuple[int, str]], rows: int, cols: int) -> "Loop":
        _check_size(rows, cols)
        edges: list[Edge] = []
        for k, (n, line) in enumerate(numbered):
            horizontal = k < rows
            width = cols - 1 if horizontal else cols
            tokens = line.split()
            if len(tokens) != width:
                what = "horizontal" if horizontal else "vertical"
                raise MasyuError(f"expected {width} {what} segments, found {len(tokens)}",
                                 f"line {n}")
            column = 0
            for c, tok in enumerate(tokens):
                column = line.index(tok, column) + 1
                if tok not in ("1", "0", "-1"):
                    raise MasyuError(f"unknown segment {tok[:20]!r} (1 line, 0 none, -1 cross)",
                                     f"line {n}, column {column}")
                if tok == "1":
                    r = k if horizontal else k - rows
                    edges.append(((r, c), (r, c + 1)) if horizontal else ((r, c), (r + 1, c)))
        return cls._trusted(rows, cols, edges)

    def to_pzprv3_segments(self) -> list[str]:
        """The segment lines of a pzprv3 file (each token followed by a space, as the player writes)."""
        if self.off_board():
            raise MasyuError("a loop that leaves the board cannot be written to pzprv3",
                             f"edge {self.off_board()[0]}")
        horiz = ["".join("1 " if ((r, c), (r, c + 1)) in self.edges else "0 "
                         for c in range(self.cols - 1)) for r in range(self.rows)]
        vert = ["".join("1 " if ((r, c), (r + 1, c)) in self.edges else "0 "
                        for c in range(self.cols)) for r in range(self.rows - 1)]
        return horiz + vert

    # -- JSON ------------------------------------------------------------

    def to_json(self) -> str:
        """``{"rows": R, "cols": C, "edges": [[[r1, c1], [r2, c2]], ...]}``, edges sorted."""
        edges = [[list(a), list(b)] for a, b in sorted(self.edges)]
        return json.dumps({"rows": self.rows, "cols": self.cols, "edges": edges})

    @classmethod
    def from_json(cls, text: str) -> "Loop":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise MasyuError(f"bad JSON: {err.msg}", f"line {err.lineno}, column {err.colno}") \
                from None
        except (TypeError, ValueError, RecursionError) as err:
            raise MasyuError(f"bad JSON: {err}"[:120]) from None
        if not isinstance(data, dict) or not {"rows", "cols", "edges"} <= data.keys():
            raise MasyuError('a JSON loop is an object with "rows", "cols" and "edges"')
        if not isinstance(data["edges"], list):
            raise MasyuError('"edges" must be a list of [[r1, c1], [r2, c2]]')
        edges = []
        for k, e in enumerate(data["edges"]):
            if not (isinstance(e, list) and len(e) == 2 and all(
                    isinstance(p, list) and len(p) == 2 and all(
                        type(v) is int for v in p) for p in e)):
                raise MasyuError("an edge is [[r1, c1], [r2, c2]] with integers",
                                 f"JSON edge {k + 1}")
            edges.append(((e[0][0], e[0][1]), (e[1][0], e[1][1])))
        return cls(data["rows"], data["cols"], edges)

    # -- any of them -----------------------------------------------------

    @classmethod
    def parse(cls, text: str, rows: int | None = None, cols: int | None = None) -> "Loop":
        """Read a loop as JSON, a pzprv3 file with its loop drawn, or a box drawing."""
        if not isinstance(text, str):
            raise MasyuError(f"expected text, not {type(text).__name__}")
        s = text.strip()
        if s.startswith("{"):
            loop = cls.from_json(s)
        elif s.startswith("pzprv3"):
            from .formats import parse_pzprv3
            found = parse_pzprv3(s)[1]
            if found is None:
                raise MasyuError("the pzprv3 file has no loop drawn")
            loop = found
        else:
            return cls.from_box(text, rows, cols)
        if (rows is not None and loop.rows != rows) or (cols is not None and loop.cols != cols):
            raise MasyuError(f"the loop is {loop.rows}x{loop.cols}, expected {rows}x{cols}")
        return loop

    def _repr_svg_(self) -> str:
        from .puzzle import Puzzle
        from .render import render_svg
        return render_svg(Puzzle(self.rows, self.cols), self)

    def __repr__(self) -> str:
        return f"Loop({self.rows}, {self.cols}, <{len(self.edges)} edges>)"


_WORD = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _box_mismatch(lines: list[str], dirs: dict[Cell, str], rows: int, cols: int) -> None:
    """Raise the error for the first arm (row-major, then N E S W) not met by its neighbour."""
    for cell in sorted(dirs):
        for d in dirs[cell]:
            n = step(cell, d)
            if on_board(rows, cols, n) and OPPOSITE[d] not in dirs.get(n, ""):
                mine = ALIASES.get(lines[cell[0]][cell[1]], lines[cell[0]][cell[1]])
                row = lines[n[0]] if n[0] < len(lines) else ""
                theirs = row[n[1]] if n[1] < len(row) else " "
                raise MasyuError(f"{mine!r} points {_WORD[d]} but {theirs!r} at line {n[0] + 1}, "
                                 f"column {n[1] + 1} does not point back",
                                 f"line {cell[0] + 1}, column {cell[1] + 1}")
    raise AssertionError("no mismatch found")  # pragma: no cover
assert set(DIRS) == set(OPPOSITE)
