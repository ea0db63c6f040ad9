"""The rules of Masyu, checked one by one: which cell breaks which rule.

``check(puzzle, loop)`` takes a :class:`~masyu.puzzle.Puzzle` and a
:class:`~masyu.loop.Loop` (text is parsed first: ``Loop.parse``)
and returns a list of :class:`Violation`; an empty list means a valid strong
solution (one loop), or with ``weak=True`` a valid weak solution (any number of
disjoint loops, none at all included).  The rules, their ids and the words of
the violations are :mod:`masyu.rules`'; a pearl's rules are read off its local
patterns (``masyu.rules.PEARLS``).
"""
from __future__ import annotations

from dataclasses import dataclass

from .board import NESW, PEARL_CODE, WORD, Cell, check_same_size, on_board, step
from .errors import MasyuTypeError
from .loop import Loop
from .puzzle import Puzzle
from .rules import CHECKED, PEARLS
from .rules import RULES as ALL_RULES
from .rules import arm_breaks

# The rules the checker reports, by id (the rule as it states it), in the order their
# violations are listed for a cell.
RULES: dict[str, str] = {r: ALL_RULES[r].text for r in CHECKED}


def _violation(cell: Cell | None, rule: str, **words) -> "Violation":
    return Violation(cell, rule, ALL_RULES[rule].message.format(**words))


@dataclass(frozen=True)
class Violation:
    """One broken rule: where (a cell, or None for the whole board), which rule, and why."""

    cell: Cell | None
    rule: str
    message: str

    def __str__(self) -> str:
        where = f"cell ({self.cell[0]}, {self.cell[1]})" if self.cell is not None else "board"
        return f"{where}: {self.rule}: {self.message}"


def check(puzzle: Puzzle, loop: Loop, *, weak: bool = False) -> list[Violation]:
    """The rule violations of ``loop`` on ``puzzle`` (a Loop and a Puzzle; parse text
    first: ``Loop.parse(text, puzzle.rows, puzzle.cols)``).

    Listed cell by cell (row-major), then the board-wide ones.
    """
    if not isinstance(puzzle, Puzzle):
        raise MasyuTypeError(f"puzzle must be a masyu.Puzzle, not {type(puzzle).__name__}",
                             "argument 'puzzle'")
    if not isinstance(weak, bool):
        raise MasyuTypeError(f"weak must be a bool, not {type(weak).__name__}", "argument 'weak'")
    if not isinstance(loop, Loop):
        raise MasyuTypeError(f"loop must be a masyu.Loop, not {type(loop).__name__} "
                             "(parse text first: masyu.Loop.parse)", "argument 'loop'")
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
            out.append(_violation(None, "several-loops", count=len(pieces), starts=starts))
        elif not pieces:
            out.append(_violation(None, "no-loop"))
    return out


def _check_cell(puzzle: Puzzle, loop: Loop, cell: Cell) -> list[Violation]:
    out: list[Violation] = []
    dirs = loop.directions(cell)
    for d in dirs:
        if not on_board(puzzle.rows, puzzle.cols, step(cell, d)):
            out.append(_violation(cell, "off-board", word=WORD[d]))
    if len(dirs) not in (0, 2):
        out.append(_violation(cell, "degree", count=len(dirs),
                              plural="s" if len(dirs) != 1 else "", dirs=dirs))
    pearl = puzzle.pearl_at(cell)
    if pearl is None:
        return out
    rules = PEARLS[PEARL_CODE[pearl]]
    if not dirs:
        return out + [_violation(cell, "pearl-off-loop", kind=rules.name)]
    if len(dirs) != 2:
        return out
    shape = next((s for s in rules.shapes if sorted(s) == sorted(dirs)), None)
    if shape is None:
        return out + [_violation(cell, rules.shape_rule, dirs=dirs)]
    # The far edges of the arms: 1 if the loop goes straight on through the
    # neighbour, 0 if it turns there, None if that cell breaks the degree rule.
    beside = [step(cell, d) for d in shape]
    far = tuple(_far(puzzle, loop, n) for n in beside)
    arms, pair = arm_breaks(rules.code, far)
    for k in sorted(arms, key=lambda k: NESW.index(shape[k])):
        n = beside[k]
        out.append(_violation(cell, rules.arm_rule, row=n[0], col=n[1]))
    if pair:
        out.append(_violation(cell, rules.arm_rule))
    return out


def _far(puzzle: Puzzle, loop: Loop, n: Cell) -> int | None:
    nd = loop.directions(n)
    if not on_board(puzzle.rows, puzzle.cols, n) or len(nd) != 2:
        return None
    return int(nd in ("NS", "EW"))
