"""The rules of Masyu, checked one by one: which cell breaks which rule.

``check(puzzle, loop)`` returns a list of :class:`Violation`; an empty list
means a valid strong solution (one loop), or with ``weak=True`` a valid weak
solution (any number of disjoint loops, none at all included).
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import MasyuError, MasyuTypeError
from .board import OPPOSITE, WORD, Cell, check_same_size, on_board, step
from .formats import parse_loop
from .loop import Loop
from .puzzle import Puzzle

# The rule ids, in the order their violations are listed for a cell.
RULES: dict[str, str] = {
    "off-board": "the loop leaves the board",
    "degree": "the loop must enter and leave a cell once (degree 0 or 2)",
    "pearl-off-loop": "every pearl is on the loop",
    "white-turns": "the loop goes straight through a white pearl",
    "white-no-turn-beside": "the loop turns just before or after a white pearl",
    "black-straight": "the loop turns in a black pearl",
    "black-arm-turns": "the loop goes straight through both cells next to a black pearl",
    "several-loops": "a strong solution is one loop",
    "no-loop": "a strong solution has a loop",
}


@dataclass(frozen=True)
class Violation:
    """One broken rule: where (a cell, or None for the whole board), which rule, and why."""

    cell: Cell | None
    rule: str
    message: str

    def __str__(self) -> str:
        where = f"cell ({self.cell[0]}, {self.cell[1]})" if self.cell is not None else "board"
        return f"{where}: {self.rule}: {self.message}"


def _straight(dirs: str) -> bool:
    return dirs in ("NS", "EW")


def check(puzzle: Puzzle, loop: Loop | str, *, weak: bool = False) -> list[Violation]:
    """The rule violations of ``loop`` (a Loop, or box/JSON/pzprv3 text) on ``puzzle``.

    Listed cell by cell (row-major), then the board-wide ones.
    """
    if not isinstance(puzzle, Puzzle):
        raise MasyuTypeError(f"puzzle must be a masyu.Puzzle, not {type(puzzle).__name__}",
                             "argument 'puzzle'")
    if not isinstance(weak, bool):
        raise MasyuTypeError(f"weak must be a bool, not {type(weak).__name__}", "argument 'weak'")
    if isinstance(loop, str):
        loop = parse_loop(loop, puzzle.rows, puzzle.cols)
    if not isinstance(loop, Loop):
        raise MasyuTypeError(f"expected a Loop or its text, not {type(loop).__name__}",
                             "argument 'loop'")
    check_same_size(loop, puzzle)
    out: list[Violation] = []
    rows, cols = puzzle.rows, puzzle.cols
    pearls = puzzle.pearl_map
    for cell in sorted(set(loop.cells()) | set(pearls)):
        r, c = cell
        if cell not in pearls and loop.degree(cell) == 2 and 0 < r < rows - 1 and 0 < c < cols - 1:
            continue   # an inner cell without a pearl, passed through once: nothing to break
        out += _check_cell(puzzle, loop, cell)
    if not weak:
        pieces = loop.components()
        if len(pieces) > 1:
            starts = ", ".join(f"({p[0][0]}, {p[0][1]})" for p in pieces)
            out.append(Violation(None, "several-loops",
                                 f"{len(pieces)} separate pieces, starting at {starts}"))
        elif not pieces:
            out.append(Violation(None, "no-loop", "there is no loop"))
    return out


def _check_cell(puzzle: Puzzle, loop: Loop, cell: Cell) -> list[Violation]:
    out: list[Violation] = []
    dirs = loop.directions(cell)
    for d in dirs:
        if not on_board(puzzle.rows, puzzle.cols, step(cell, d)):
            out.append(Violation(cell, "off-board", f"the loop leaves the board going {WORD[d]}"))
    if len(dirs) not in (0, 2):
        out.append(Violation(cell, "degree", f"the loop meets this cell {len(dirs)} "
                             f"time{'s' if len(dirs) != 1 else ''} ({dirs}); it must be 0 or 2"))
    pearl = puzzle.pearl_at(cell)
    if pearl is None:
        return out
    kind = "white" if pearl == "W" else "black"
    if not dirs:
        return out + [Violation(cell, "pearl-off-loop", f"the loop misses this {kind} pearl")]
    if len(dirs) != 2:
        return out
    if pearl == "W":
        if not _straight(dirs):
            out.append(Violation(cell, "white-turns", f"the loop turns ({dirs}) in a white pearl"))
        else:
            beside = [loop.directions(step(cell, d)) for d in dirs]
            if all(_straight(b) for b in beside):
                out.append(Violation(cell, "white-no-turn-beside",
                                     "the loop goes straight through both cells beside "
                                     "this white pearl; it must turn in one"))
    else:
        if _straight(dirs):
            out.append(Violation(cell, "black-straight",
                                 f"the loop goes straight ({dirs}) through a black pearl"))
        else:
            for d in dirs:
                n = step(cell, d)
                nd = loop.directions(n)
                if on_board(puzzle.rows, puzzle.cols, n) and len(nd) == 2 and \
                        not _straight(nd) and OPPOSITE[d] in nd:
                    out.append(Violation(cell, "black-arm-turns",
                                         f"the loop turns in cell ({n[0]}, {n[1]}) next to this "
                                         "black pearl; it must go straight there"))
    return out
