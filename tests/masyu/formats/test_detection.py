"""Format detection where two formats look alike (issue 36): it reads what only one
format reads, and asks for the format when both read the text as different values;
the caps on a text name the place; one byte-order-mark rule for files."""
from __future__ import annotations

import subprocess
import sys

import pytest

from masyu import Loop, Puzzle
from masyu.errors import MasyuError
from masyu.formats import MAX_TEXT, parse, parse_loop, write


def test_a_box_drawing_with_the_dot_alias_is_not_read_as_a_picture():
    # '┌─┐ ·' is a 5-wide box row (space and '·' empty) and a 3-wide picture row
    text = "┌─┐ ·\n└─┘ ·\n"
    box = Loop(2, 5, [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 0), (1, 0)),
                      ((0, 2), (1, 2)), ((1, 0), (1, 1)), ((1, 1), (1, 2))])
    with pytest.raises(MasyuError, match="reads both as picture .2x3. and as box .2x5.: "
                                         "give the format") as err:
        Loop.parse(text)
    assert err.value.where == "line 1"
    assert Loop.parse(text, format="box") == box
    assert Loop.parse(text, 2, 5) == box                 # the size tells them apart
    assert Loop.parse(text, format="picture").cols == 3


def test_a_picture_with_no_pearl_drawn_is_asked_about_not_guessed():
    square = Loop(2, 2, [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)),
                         ((1, 0), (1, 1))])
    text = write(Puzzle(2, 2), "picture", square)        # '┌─┐\n└─┘': a 2x3 box drawing too
    with pytest.raises(MasyuError, match="give the format"):
        Loop.parse(text)
    assert Loop.parse(text, format="picture") == square == Loop.parse(text, 2, 2)


def test_one_reading_is_taken_without_asking():
    assert Loop.parse("┌┐\n└┘").cols == 2                # not a picture: even width
    assert Loop.parse("┌─┐\n●─┘").cols == 2             # a pearl: only a picture
    assert Loop.parse("┌──┐\n│  │\n└──┘\n").cols == 4   # no picture row is even
    with pytest.raises(MasyuError, match="give the format"):   # a 3x2 picture too
        Loop.parse("┌─┐\n│ │\n└─┘\n")


def snake(n: int) -> Loop:
    """A loop through every cell of an n x n board (n even): along row 0, back and forth
    over columns 1.. of the other rows, up column 0."""
    edges = [((0, c), (0, c + 1)) for c in range(n - 1)] + [((0, n - 1), (1, n - 1))]
    for r in range(1, n):
        edges += [((r, c), (r, c + 1)) for c in range(1, n - 1)]
        if r < n - 1:
            c = 1 if r % 2 else n - 1
            edges.append(((r, c), (r + 1, c)))
    edges.append(((n - 1, 0), (n - 1, 1)))
    edges += [((r, 0), (r + 1, 0)) for r in range(n - 1)]
    return Loop(n, n, edges)


def test_a_picture_whose_head_holds_no_pearl_is_still_a_picture():
    n = 20
    puzzle = Puzzle(n, n, {(n - 1, 5): "W", (n - 1, 9): "W"})
    text = write(puzzle, "picture", snake(n))
    assert not any(p in text[:300] for p in "○●·")       # the head: loop shapes only
    assert parse(text).pearls == puzzle.pearls
    assert parse_loop(text) == snake(n)


def test_a_grid_of_knuth_digits_on_two_rows_is_a_grid():
    assert parse("11\nbb").pearls == parse("BB\nBB").pearls
    assert parse("10\n01\n").pearls == parse("BW\nWB").pearls
    assert parse("6:" + "a" * 36).rows == 6              # a task is still a task
    with pytest.raises(MasyuError, match="puzzle-masyu.com|square|cells"):
        parse("6:" + "a" * 35)                           # and its error is the task's


def test_a_text_over_the_cap_is_refused_with_its_place():
    with pytest.raises(MasyuError) as err:
        parse("..\n" * 40, limit=100)
    assert err.value.where == "line 34, column 2"
    with pytest.raises(MasyuError) as err:
        parse_loop(" " * 101, limit=100)
    assert err.value.where == "line 1, column 101"


def test_the_largest_board_in_pzprv3_with_its_loop_is_under_the_cap():
    n = 1000
    ring = [((0, c), (0, c + 1)) for c in range(n - 1)] + \
        [((n - 1, c), (n - 1, c + 1)) for c in range(n - 1)] + \
        [((r, 0), (r + 1, 0)) for r in range(n - 1)] + \
        [((r, n - 1), (r + 1, n - 1)) for r in range(n - 1)]
    text = write(Puzzle(n, n, {(0, 0): "B"}), "pzprv3", Loop(n, n, ring))
    assert 5_900_000 < len(text) < MAX_TEXT
    assert parse(text).pearls == (((0, 0), "B"),)
    assert len(parse_loop(text).edges) == len(ring)


def test_the_command_line_reads_a_file_with_a_byte_order_mark(tmp_path):
    plain, marked = tmp_path / "plain.txt", tmp_path / "bom.txt"
    plain.write_bytes(b"W.B.\n....\n....\n....\n")
    marked.write_bytes("\ufeff".encode() + plain.read_bytes())
    runs = [subprocess.run([sys.executable, "-m", "masyu", "convert", str(path), "--to",
                            "tatham"], capture_output=True, text=True, timeout=120)
            for path in (plain, marked)]
    assert runs[1].returncode == 0, runs[1].stderr
    assert runs[1].stdout == runs[0].stdout and runs[0].stdout.startswith("4x4:")
    from masyu.collection import load                    # the library: the same rule
    assert load(marked)[0].pearls == load(plain)[0].pearls
