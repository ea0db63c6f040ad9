"""The rule checker: every stored loop passes, every damaged one fails, each rule by name."""
import random

import pytest

from masyu import Loop, MasyuError, Puzzle
from masyu.check import RULES, Violation, check
from masyu.collection import load, load_solutions
from masyu.board import step
from masyu.loop import SHAPES

from tests.data import COUNTS, PUZZLES
LOOP_SHAPES = " ─│┌┐└┘"

RING = ("┌───┐\n"        # a 3 x 5 ring around the border
        "│   │\n"
        "└───┘\n")


def rules(violations):
    return [(v.cell, v.rule) for v in violations]


@pytest.fixture(scope="module")
def solved():
    pairs = []
    for stem in ("psm", "extra"):
        loops = load_solutions(PUZZLES / f"{stem}_solutions.txt")
        puzzles = load(PUZZLES / f"{stem}.txt")
        assert [p.name for p in puzzles] == list(loops)
        pairs += [(p, loops[p.name]) for p in puzzles]
    assert len(pairs) == COUNTS["psm.txt"] + COUNTS["extra.txt"]
    return pairs


def test_every_stored_loop_is_a_strong_solution(solved):
    for puzzle, loop in solved:
        assert check(puzzle, loop) == [], puzzle.name


def damage(loop: Loop, cell, shape: str) -> Loop:
    """The loop with ``cell`` given ``shape``: its old arms removed, the new ones added."""
    old = {tuple(sorted((cell, step(cell, d)))) for d in loop.directions(cell)}
    new = {tuple(sorted((cell, step(cell, d)))) for d in SHAPES[shape]}
    return Loop(loop.rows, loop.cols, (loop.edges - old) | new)


def test_a_loop_damaged_in_any_one_cell_fails(solved):
    rng = random.Random(422)
    small = [pair for pair in solved if pair[0].rows * pair[0].cols <= 100]
    sample = rng.sample(small, 25) + [rng.choice([p for p in solved if p[0].rows >= 20])]
    for puzzle, loop in sample:
        for r in range(puzzle.rows):
            for c in range(puzzle.cols):
                shape = rng.choice([s for s in LOOP_SHAPES if s != loop.shape((r, c))])
                assert check(puzzle, damage(loop, (r, c), shape)), (puzzle.name, r, c, shape)


def test_every_damage_of_a_small_loop_fails(solved):
    puzzle, loop = next(pair for pair in solved if pair[0].name == "pzprjs-test-mashu-6x6")
    for r in range(6):
        for c in range(6):
            for shape in LOOP_SHAPES:
                if shape != loop.shape((r, c)):
                    assert check(puzzle, damage(loop, (r, c), shape)), (r, c, shape)
                    assert check(puzzle, damage(loop, (r, c), shape), weak=True), (r, c, shape)


def test_damaged_box_text_is_refused_or_fails(solved):
    rng = random.Random(423)
    for puzzle, loop in rng.sample(solved, 40):
        lines = loop.to("box").splitlines()
        r, c = rng.randrange(puzzle.rows), rng.randrange(puzzle.cols)
        shape = rng.choice([s for s in LOOP_SHAPES if s != lines[r][c]])
        lines[r] = lines[r][:c] + shape + lines[r][c + 1:]
        try:
            violations = check(puzzle, Loop.parse("\n".join(lines), puzzle.rows, puzzle.cols))
        except MasyuError as err:           # the shapes no longer meet: malformed box text
            assert err.where and err.where.startswith("line ")
        else:                               # the only other way: an arm off the board
            assert "off-board" in [v.rule for v in violations]


def test_white_turns_and_black_arms():
    square = Loop.parse("┌┐\n└┘", format="box")
    assert rules(check(Puzzle(2, 2, {(0, 0): "W"}), square)) == [((0, 0), "white-turns")]
    assert rules(check(Puzzle(2, 2, {(0, 0): "B"}), square)) == [((0, 0), "black-arm-turns")] * 2


def test_white_needs_a_turn_beside():
    ring = Loop.parse(RING, format="box")
    assert check(Puzzle(3, 5, {(0, 1): "W"}), ring) == []
    assert rules(check(Puzzle(3, 5, {(0, 2): "W"}), ring)) == [((0, 2), "white-no-turn-beside")]
    assert check(Puzzle(3, 5, {(1, 0): "W"}), ring) == []


def test_black_turns_and_goes_straight_beside():
    ring = Loop.parse(RING, format="box")
    assert rules(check(Puzzle(3, 5, {(0, 2): "B"}), ring)) == [((0, 2), "black-straight")]
    # a 3x3 corner: both arms have a straight cell beside the black pearl
    corner = Loop.parse("┌─┐\n│ │\n└─┘", format="box")
    assert check(Puzzle(3, 3, {(0, 0): "B"}), corner) == []
    # the 3 x 5 ring's corner (0, 4): its south arm (1, 4) goes straight, fine
    assert check(Puzzle(3, 5, {(0, 4): "B", (2, 0): "B"}), ring) == []


def test_pearl_off_loop_and_degree():
    square = Loop.parse("┌┐ \n└┘ \n   ", format="box")
    assert rules(check(Puzzle(3, 3, {(2, 2): "W"}), square)) == [((2, 2), "pearl-off-loop")]
    path = Loop(3, 3, [((0, 0), (0, 1)), ((0, 1), (0, 2))])
    assert rules(check(Puzzle(3, 3), path)) == [((0, 0), "degree"), ((0, 2), "degree")]
    tee = Loop(3, 3, [((1, 0), (1, 1)), ((1, 1), (1, 2)), ((1, 1), (2, 1)), ((1, 1), (0, 1))])
    got = rules(check(Puzzle(3, 3, {(1, 1): "B"}), tee, weak=True))
    assert got == [((0, 1), "degree"), ((1, 0), "degree"), ((1, 1), "degree"),
                   ((1, 2), "degree"), ((2, 1), "degree")]


def test_off_board():
    got = check(Puzzle(2, 2), Loop.parse("─┐\n─┘", 2, 2))
    assert rules(got) == [((0, 0), "off-board"), ((1, 0), "off-board")]
    assert "west" in got[0].message
    assert rules(check(Puzzle(2, 2), Loop(2, 2, [((0, 1), (0, 2))]), weak=True)) == [
        ((0, 1), "off-board"), ((0, 1), "degree")]


def test_several_loops_and_weak_solutions():
    two = Loop.parse("┌┐┌┐\n└┘└┘", format="box")
    puzzle = Puzzle(2, 4)
    got = check(puzzle, two)
    assert rules(got) == [(None, "several-loops")]
    assert "(0, 0), (0, 2)" in got[0].message
    assert check(puzzle, two, weak=True) == []
    assert rules(check(Puzzle(2, 2), Loop(2, 2))) == [(None, "no-loop")]
    assert check(Puzzle(2, 2), Loop(2, 2), weak=True) == []       # the empty weak solution


def test_loop_forms_and_sizes():
    puzzle = Puzzle(2, 2)
    square = Loop.parse("┌┐\n└┘", format="box")
    assert check(puzzle, Loop.parse(square.to("json"), 2, 2)) == []
    assert check(puzzle, Loop.parse("pzprv3/mashu/2/2/. . /. . /1 /1 /1 1 /", 2, 2)) == []
    with pytest.raises(MasyuError, match="3x3"):
        check(Puzzle(3, 3), square)
    with pytest.raises(MasyuError):
        check(puzzle, 42)  # type: ignore[arg-type]
    with pytest.raises(MasyuError, match="parse text first"):   # objects only: text is parsed first
        check(puzzle, square.to("json"))  # type: ignore[arg-type]


def test_violation_is_plain_data():
    v = Violation((2, 4), "white-turns", "the loop turns (NE) in a white pearl")
    assert str(v) == "cell (2, 4): white-turns: the loop turns (NE) in a white pearl"
    assert str(Violation(None, "no-loop", "there is no loop")) == "board: no-loop: there is no loop"
    assert hash(v) == hash(Violation((2, 4), "white-turns", v.message))
    assert set(RULES) == {"off-board", "degree", "pearl-off-loop", "white-turns",
                          "white-no-turn-beside", "black-straight", "black-arm-turns",
                          "several-loops", "no-loop"}
