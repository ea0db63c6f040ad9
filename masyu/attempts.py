"""The time attack's rules as one table, and the replay that applies them to a move log.

The rulebook (Time Attack Blitz): "every invalid move, false loop closure, or rule
violation adds a 30-second penalty to the final time".  ``PENALTIES`` names each kind
once with its cost; the page reads the cost from ``/api/daily`` (``penalty_seconds``)
and the service (:mod:`masyu.service`) counts the penalties itself by :func:`replay`.
A hint in a ranked attempt costs ``HINT_SECONDS`` (the rulebook leaves hints out; the
service's rule).

A move is ``[t_ms, r1, c1, r2, c2, v]``: at ``t_ms`` milliseconds after the start the
edge between the adjacent cells (r1, c1) and (r2, c2) (0-based) was set to ``v``, the
page's edge states: 0 empty, 1 line, 2 tentative, 3 an X.  The replay follows the
page's own rule (play.js): a line at a cell that already has two is refused and costs an
``invalid-move``; a line that closes a loop which is not the solution costs a
``false-closure``; a line after which a pearl breaks a rule it did not break before
(or erased) costs a ``rule-broken`` (the page's check: ``masyu.check``, the pearls' rules of
``masyu.rules.PEARL_RULES``).  The replay stops at the first solved drawing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from .board import Cell, on_board
from .check import check
from .errors import MasyuError
from .loop import Loop
from .puzzle import Puzzle
from .rules import PEARL_RULES

PENALTY_SECONDS = 30          # each penalty, the rulebook's 30 seconds
# kind -> (seconds, what the player did)
PENALTIES: dict[str, tuple[int, str]] = {
    "invalid-move": (PENALTY_SECONDS, "a third line at a cell"),
    "false-closure": (PENALTY_SECONDS, "a loop closed that is not the solution"),
    "rule-broken": (PENALTY_SECONDS, "a pearl's rule broken"),
}
HINT_SECONDS = 60             # each hint asked during a ranked attempt
EMPTY, LINE, TENTATIVE, CROSS = 0, 1, 2, 3
MAX_MOVES = 20000             # moves in one log
MAX_MS = 7 * 24 * 3600 * 1000  # a move's time, in ms after the start


@dataclass(frozen=True)
class Move:
    t_ms: int
    a: Cell
    b: Cell
    v: int


@dataclass
class Replay:
    """What a move log did: its penalties ``[(t_ms, kind, text)]``, its final lines, solved."""

    penalties: list[tuple[int, str, str]] = field(default_factory=list)
    loop: Loop | None = None
    solved: bool = False
    last_ms: int = 0

    @property
    def penalty_seconds(self) -> int:
        return sum(PENALTIES[kind][0] for _, kind, _ in self.penalties)


def parse_moves(value: Any, rows: int, cols: int, where: str = "moves") -> list[Move]:
    """A move log from JSON: a list of ``[t_ms, r1, c1, r2, c2, v]``, times not
    decreasing, each edge joining two adjacent cells of the board."""
    if not isinstance(value, list):
        raise MasyuError("expected a list of moves [t_ms, r1, c1, r2, c2, v]", where)
    if len(value) > MAX_MOVES:
        raise MasyuError(f"at most {MAX_MOVES} moves", where)
    out: list[Move] = []
    last = 0
    for k, m in enumerate(value):
        place = f"{where}[{k}]"
        if (not isinstance(m, list) or len(m) != 6
                or not all(type(x) is int for x in m)):
            raise MasyuError("a move is a list of six integers [t_ms, r1, c1, r2, c2, v]", place)
        t, r1, c1, r2, c2, v = m
        if not 0 <= t <= MAX_MS or t < last:
            raise MasyuError("move times are milliseconds from the start, not decreasing", place)
        a, b = (r1, c1), (r2, c2)
        if not (on_board(rows, cols, a) and on_board(rows, cols, b)) \
                or abs(r1 - r2) + abs(c1 - c2) != 1:
            raise MasyuError("the two cells of a move must be adjacent cells of the board", place)
        if v not in (EMPTY, LINE, TENTATIVE, CROSS):
            raise MasyuError("v is 0 (empty), 1 (line), 2 (tentative) or 3 (an X)", place)
        out.append(Move(t, min(a, b), max(a, b), v))
        last = t
    return out


def _joined(lines: set[tuple[Cell, Cell]], a: Cell, b: Cell) -> bool:
    """Are ``a`` and ``b`` joined by the lines?"""
    nbrs: dict[Cell, list[Cell]] = {}
    for p, q in lines:
        nbrs.setdefault(p, []).append(q)
        nbrs.setdefault(q, []).append(p)
    seen, todo = {a}, [a]
    while todo:
        x = todo.pop()
        if x == b:
            return True
        for y in nbrs.get(x, ()):
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return False


def replay(puzzle: Puzzle, moves: Sequence[Move]) -> Replay:
    """Replay ``moves`` on ``puzzle`` by the page's rules: the penalties and the lines."""
    out = Replay()
    lines: set[tuple[Cell, Cell]] = set()
    degree: dict[Cell, int] = {}
    broken: set[tuple[str, Cell | None]] = set()
    for m in moves:
        out.last_ms = m.t_ms
        edge = (m.a, m.b)
        had = edge in lines
        if m.v == LINE and not had:
            full = [c for c in edge if degree.get(c, 0) >= 2]
            if full:
                r, c = full[0]
                out.penalties.append((m.t_ms, "invalid-move",
                                      f"invalid move: a third line at ({r + 1}, {c + 1})"))
                continue
            closes = _joined(lines, m.a, m.b)
            lines.add(edge)
            for c in edge:
                degree[c] = degree.get(c, 0) + 1
        elif m.v != LINE and had:
            closes = False
            lines.discard(edge)
            for c in edge:
                degree[c] -= 1
        else:
            continue                 # an X or a pencil mark: the loop is unchanged
        violations = check(puzzle, Loop.unchecked(puzzle.rows, puzzle.cols, lines))
        if not violations:
            out.solved = True
            break
        now = {(v.rule, v.cell) for v in violations if v.rule in PEARL_RULES}
        fresh = sorted(now - broken, key=repr)
        broken = now
        if closes:
            out.penalties.append((m.t_ms, "false-closure", "false loop closure"))
        elif fresh:
            rule, cell = fresh[0]
            where = f"({cell[0] + 1}, {cell[1] + 1})" if cell is not None else "the board"
            out.penalties.append((m.t_ms, "rule-broken", f"rule broken at {where}: {rule}"))
    out.loop = Loop.unchecked(puzzle.rows, puzzle.cols, lines)
    return out
