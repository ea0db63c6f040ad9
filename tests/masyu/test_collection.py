"""Collection files: load, dump, solutions, and errors that name the line."""

import pytest

from masyu import Loop, MasyuError, Puzzle
from masyu.collection import (dump, dump_solutions, format_collection, load, load_solutions,
                              parse_collection, parse_solutions)

from .errors import assert_names_the_place

from tests.data import COUNTS, PUZZLES


def test_shared_collections_load_with_names():
    extra = load(PUZZLES / "extra.txt")
    assert len(extra) == 39
    wiki = next(p for p in extra if p.name == "wikipedia-masyu-example")
    assert (wiki.rows, wiki.cols) == (10, 10)
    big = next(p for p in extra if p.name == "ohmec-mypuzzles-34")
    assert (big.rows, big.cols) == (45, 31)               # size=RxC: rows first
    assert [p.name for p in load(PUZZLES / "rcra.txt")] == ["rcra-masyu05", "rcra-masyu06"]


def test_solution_rows_of_spaces_are_rows():
    # some stored loops never visit a row: that row is a line of spaces, read by the size
    loops = load_solutions(PUZZLES / "psm_solutions.txt")
    assert len(loops) == COUNTS["psm.txt"]
    first = loops["psm-6x6-easy-3184225"]
    assert first.to("box").splitlines()[-1] == "└──┘  "
    blank_row = [name for name, loop in loops.items()
                 if any(not line.strip() for line in loop.to("box").splitlines())]
    assert blank_row


def test_dump_and_load_round_trip(tmp_path):
    puzzles = [Puzzle.parse("W.B\n..W", name="a"), Puzzle(2, 2, {(1, 1): "B"})]
    path = tmp_path / "mine.txt"
    dump(puzzles, path)
    text = path.read_text(encoding="utf-8")
    assert text == "# a size=2x3\nW.B\n..W\n\n# puzzle-2 size=2x2\n..\n.B\n\n"
    back = load(path)
    assert back == puzzles and [p.name for p in back] == ["a", "puzzle-2"]
    loops = {"a": Loop.parse("┌─┐\n└─┘", format="box"),
             "b": Loop.parse("┌┐ \n└┘ \n   ", format="box")}
    dump_solutions(loops, tmp_path / "sol.txt")
    assert load_solutions(tmp_path / "sol.txt") == loops


def test_collection_without_headers():
    puzzles = parse_collection("..\n.W\n\n# only a comment\n\nB.\n..\n")
    assert [p.grid for p in puzzles] == [("..", ".W"), ("B.", "..")]
    assert puzzles[0].name is None


@pytest.mark.parametrize("text, where, words", [
    ("# a size=2x2\n..\n.W\n\n# b size=2x2\n..\n.Q\n", "f.txt, line 7, column 2", "'Q'"),
    ("# a size=2x2\n..\n.W.\n", "f.txt, line 3", "ragged"),
    ("# a size=3x2\n..\n.W\n", "f.txt, line 1", "size=3x2"),
    ("# a\n...\n", "f.txt, line 2", "too small"),
])
def test_collection_errors_name_the_line(text, where, words):
    assert_names_the_place(lambda: parse_collection(text, "f.txt"), where, words)


@pytest.mark.parametrize("text, where, words", [
    ("┌┐\n", "s.txt, line 1", "header"),
    ("# a size=2x2\n┌┐\n", "s.txt, line 1", "ends before"),
    ("# a size=2x2\n┌┐\n└┘\n\n# a size=2x2\n┌┐\n└┘\n", "s.txt, line 5", "second loop"),
    ("# a size=2x2\n┌┐\n└x\n", "s.txt, line 3, column 2", "not a loop shape"),
    ("# a size=2x2\n┌┐\n└ \n", "s.txt, line 2, column 2", "at line 3, column 2"),
    ("#\n┌┐\n└┘\n", "s.txt, line 1", "no name"),
])
def test_solution_errors_name_the_line(text, where, words):
    assert_names_the_place(lambda: parse_solutions(text, "s.txt"), where, words)


def test_solutions_without_size_run_to_a_blank_line():
    loops = parse_solutions("# a\n┌┐\n└┘\n\n# b\n┌─┐\n└─┘\n")
    assert loops["a"] == Loop.parse("┌┐\n└┘", format="box") and loops["b"].cols == 3


def test_bad_names_and_files(tmp_path):
    with pytest.raises(MasyuError, match="one word"):
        format_collection([Puzzle(2, 2, name="two words")])
    with pytest.raises(MasyuError) as info:
        load(tmp_path / "missing.txt")
    assert info.value.where.endswith("missing.txt")
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe..\n")
    with pytest.raises(MasyuError, match="UTF-8"):
        load(tmp_path / "bin.txt")
