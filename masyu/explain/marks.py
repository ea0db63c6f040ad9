"""Marks: a partial state of the board, lines and crosses (a player's work, or what
the deducer has reached).

Read from JSON ``{"set": [[r1, c1, r2, c2, v], ...]}`` (v 1 a line, 0 a cross)
or a pzprv3 file with its segment lines (``1`` line, ``-1`` cross); any loop
format (a box drawing) gives lines only.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable

from ..board import Edge, check_size, on_board
from ..errors import MasyuError
from ..formats import parse_loop, pzprv3
from ..puzzle import Puzzle

MAX_MARKS = 100_000


@dataclass(frozen=True)
class Marks:
    """Lines and crosses on a ``rows`` x ``cols`` board (no edge both)."""

    rows: int
    cols: int
    lines: frozenset[Edge] = frozenset()
    crosses: frozenset[Edge] = frozenset()

    def with_set(self, pairs: Iterable[tuple[Edge, int]]) -> "Marks":
        lines, crosses = set(self.lines), set(self.crosses)
        for e, v in pairs:
            (lines if v else crosses).add(e)
        return Marks(self.rows, self.cols, frozenset(lines), frozenset(crosses))

    def pairs(self) -> list[tuple[Edge, int]]:
        """``(edge, v)`` for every mark, sorted."""
        return sorted([(e, 1) for e in self.lines] + [(e, 0) for e in self.crosses])

    def __len__(self) -> int:
        return len(self.lines) + len(self.crosses)

    def as_dict(self) -> dict[str, Any]:
        return {"set": [[a[0], a[1], b[0], b[1], v] for (a, b), v in self.pairs()]}


def _edge(item: Any, rows: int, cols: int, where: str) -> tuple[Edge, int]:
    if not (isinstance(item, list) and len(item) == 5 and all(type(x) is int for x in item)):
        raise MasyuError("a mark is [r1, c1, r2, c2, v] with integers", where)
    r1, c1, r2, c2, v = item
    a, b = (r1, c1), (r2, c2)
    if v not in (0, 1):
        raise MasyuError("v is 1 for a line or 0 for a cross", where)
    if abs(r1 - r2) + abs(c1 - c2) != 1:
        raise MasyuError("the two cells of an edge must be adjacent", where)
    if not (on_board(rows, cols, a) and on_board(rows, cols, b)):
        raise MasyuError(f"the edge leaves the {rows}x{cols} board", where)
    return ((a, b) if a < b else (b, a)), v


def from_items(items: Any, rows: int, cols: int, where: str = "set") -> Marks:
    """Marks from the list of ``[r1, c1, r2, c2, v]`` (an edge given twice must agree)."""
    check_size(rows, cols)
    if not isinstance(items, list):
        raise MasyuError("expected a list of [r1, c1, r2, c2, v]", where)
    if len(items) > MAX_MARKS:
        raise MasyuError(f"more than {MAX_MARKS} marks", where)
    seen: dict[Edge, int] = {}
    for k, item in enumerate(items):
        e, v = _edge(item, rows, cols, f"{where}, mark {k + 1}")
        if seen.get(e, v) != v:
            raise MasyuError("this edge is marked both a line and a cross",
                             f"{where}, mark {k + 1}")
        seen[e] = v
    return Marks(rows, cols, frozenset(e for e, v in seen.items() if v),
                 frozenset(e for e, v in seen.items() if not v))


def from_json(text: str, rows: int, cols: int) -> Marks:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise MasyuError(f"bad JSON: {err.msg}", f"line {err.lineno}, column {err.colno}") \
            from None
    except (TypeError, ValueError, RecursionError) as err:
        raise MasyuError(f"bad JSON: {err}"[:120]) from None
    if not isinstance(data, dict) or "set" not in data:
        raise MasyuError('a state in JSON is an object {"set": [[r1, c1, r2, c2, v], ...]}')
    extra = sorted(set(data) - {"set"})
    if extra:
        raise MasyuError('unknown field (a state has only "set")', str(extra[0])[:40])
    return from_items(data["set"], rows, cols)


def from_pzprv3(text: str, puzzle: Puzzle) -> Marks:
    """The lines and crosses drawn in a pzprv3 file of ``puzzle``."""
    read, loop = pzprv3.read_with_loop(text)  # validates the file, tokens included
    if (read.rows, read.cols) != (puzzle.rows, puzzle.cols) or read.pearls != puzzle.pearls:
        raise MasyuError("the pzprv3 file is of another puzzle", "state")
    if loop is None:
        return Marks(puzzle.rows, puzzle.cols)
    rows, cols = puzzle.rows, puzzle.cols
    lines = [line.strip() for line in text.replace("\r", "").replace("/", "\n").split("\n")]
    lines = [line for line in lines if line][4 + rows:4 + rows + 2 * rows - 1]
    crosses = set()
    for k, line in enumerate(lines):
        for c, tok in enumerate(line.split()):
            if tok == "-1":
                r = k if k < rows else k - rows
                crosses.add(((r, c), (r, c + 1)) if k < rows else ((r, c), (r + 1, c)))
    return Marks(rows, cols, loop.edges, frozenset(crosses))


def parse_marks(text: str, puzzle: Puzzle) -> Marks:
    """A player's state for ``puzzle``: JSON ``{"set": ...}``, a pzprv3 file, or a loop format."""
    stripped = text.lstrip()
    rows, cols = puzzle.rows, puzzle.cols
    if stripped.startswith("{") and '"set"' in stripped:
        return from_json(stripped, rows, cols)
    if stripped.startswith("pzprv3"):
        return from_pzprv3(stripped, puzzle)
    loop = parse_loop(text, rows, cols)
    if loop.off_board():
        raise MasyuError("a line leaves the board", f"edge {loop.off_board()[0]}")
    return Marks(rows, cols, loop.edges)
