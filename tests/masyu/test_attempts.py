"""masyu.attempts: the time attack's penalties replayed from a move log (play.js's rule),
on the stored puzzle and loop of examples/ (the independent source of the solution)."""
from __future__ import annotations

from pathlib import Path

import pytest

from masyu import formats
from masyu.attempts import PENALTIES, PENALTY_SECONDS, parse_moves, replay
from masyu.errors import MasyuError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PUZZLE = formats.parse((EXAMPLES / "puzzle.txt").read_text())
LOOP = formats.parse_loop((EXAMPLES / "loop.txt").read_text(), 6, 6)
SOLUTION = [[k, a[0], a[1], b[0], b[1], 1] for k, (a, b) in enumerate(sorted(LOOP.edges))]


def kinds(moves):
    done = replay(PUZZLE, parse_moves(moves, 6, 6))
    return [k for _, k, _ in done.penalties], done


def test_the_stored_loop_drawn_edge_by_edge_costs_nothing_and_solves():
    got, done = kinds(SOLUTION)
    assert got == [] and done.solved and done.loop.edges == LOOP.edges


def test_each_penalty_kind():
    # a third line at the blank (2, 2): two lines there, then a third, refused
    got, _ = kinds([[0, 2, 1, 2, 2, 1], [1, 2, 2, 2, 3, 1], [2, 1, 2, 2, 2, 1]])
    assert got == ["invalid-move"]
    # a small closed loop (the square of (2,4),(2,5),(3,4),(3,5), no pearl): a false closure
    sq = [[0, 2, 4, 2, 5, 1], [1, 2, 5, 3, 5, 1], [2, 3, 4, 3, 5, 1], [3, 2, 4, 3, 4, 1]]
    got, _ = kinds(sq)
    assert got == ["false-closure"]
    # a turn inside the white pearl at (0, 2): its rule broken
    got, _ = kinds([[0, 0, 1, 0, 2, 1], [1, 0, 2, 1, 2, 1]])
    assert got == ["rule-broken"]
    assert {k: s for k, (s, _) in PENALTIES.items()} == {
        "invalid-move": 30, "false-closure": 30, "rule-broken": 30} and PENALTY_SECONDS == 30


def test_x_marks_and_pencil_cost_nothing_and_an_erased_line_is_gone():
    got, done = kinds([[0, 0, 0, 0, 1, 3], [1, 4, 4, 4, 5, 2], [2, 5, 0, 5, 1, 1],
                       [3, 5, 0, 5, 1, 0]])
    assert got == [] and not done.loop.edges and not done.solved


@pytest.mark.parametrize("moves, where", [
    ([[0, 0, 0, 0, 2, 1]], "moves[0]"),            # not adjacent
    ([[0, 0, 5, 0, 6, 1]], "moves[0]"),            # off the board
    ([[5, 0, 0, 0, 1, 1], [4, 0, 1, 0, 2, 1]], "moves[1]"),    # time going back
    ([[0, 0, 0, 0, 1, 7]], "moves[0]"),
    ([[0, 0, 0, 0, 1]], "moves[0]"),
    ([[0, 0, 0, 0, 1, True]], "moves[0]"),
    ({"a": 1}, "moves"),
])
def test_bad_logs_are_refused_naming_the_move(moves, where):
    with pytest.raises(MasyuError) as err:
        parse_moves(moves, 6, 6)
    assert err.value.where == where
