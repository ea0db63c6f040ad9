"""What users paste and what the tool prints, read back (issue 14, items 4 and 5): Tatham's page
address, the text picture with or without a loop, lower-case and space-separated grids, and an
empty loop text refused; at the library level and through the CLI, against the stored loops."""
from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

import masyu
from masyu import MasyuError, Puzzle
from masyu.cli import app
from masyu.collection import load, load_solutions
from masyu.formats import detect, parse, parse_loop, write

from tests.data import PUZZLES
GAME = "6x6:eBbBfWbWbBaBcWbBe"
PAGE = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pearl.html"
GRID = """\
.....B
..B...
...W..
W..B.B
...W..
B.....
"""   # the README's picture of the game above, drawn by hand there


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(app, list(args), input=input)


@pytest.fixture(scope="module")
def stored():
    """Every 7th puzzle of psm.txt and all of extra.txt, with its stored loop."""
    puzzles = load(PUZZLES / "psm.txt")[::7] + load(PUZZLES / "extra.txt")
    loops = {**load_solutions(PUZZLES / "psm_solutions.txt"),
             **load_solutions(PUZZLES / "extra_solutions.txt")}
    return [(p, loops[p.name]) for p in puzzles]


# --- Tatham's page address -----------------------------------------------------------------

@pytest.mark.parametrize("address", [
    f"{PAGE}#{GAME}",
    f"  {PAGE}#{GAME}\n",
    f"http://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pearl.html#{GAME}",
    f"www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pearl.html#{GAME}",
    f"{PAGE}#6x6%3AeBbBfWbWbBaBcWbBe",             # percent-encoded, as a browser copies it
    f"{PAGE}?x=1#{GAME}",
])
def test_tathams_page_address_is_the_game_in_it(address):
    assert detect(address) == "tatham-url"
    assert parse(address) == parse(GRID) == parse(GAME)


def test_tathams_page_address_is_written_and_its_faults_have_places():
    puzzle = parse(GRID)
    assert puzzle.to("tatham-url") == f"{PAGE}#{GAME}"
    with pytest.raises(MasyuError) as err:
        parse(f"{PAGE}#")
    assert "no game" in err.value.message and err.value.where == f"column {len(PAGE) + 1}"
    with pytest.raises(MasyuError) as err:   # the column of the bad letter, in the whole address
        parse(f"{PAGE}#6x6:eBbBfWbWbBaBcWbB?")
    assert err.value.where == f"column {len(PAGE) + 1 + len(GAME)}", err.value.where


def test_the_cli_solves_tathams_page_address():
    r = run("solve", f"{PAGE}#{GAME}", "-q")
    loop = next(masyu.solve(parse(GAME)))
    assert r.exit_code == 0 and r.stdout == masyu.render_text(parse(GAME), loop), r.output
    assert run("convert", f"{PAGE}#{GAME}", "--to", "grid").stdout == GRID


# --- the text picture ----------------------------------------------------------------------

def test_the_picture_of_a_puzzle_reads_back(stored):
    for puzzle, _ in stored:
        text = masyu.render_text(puzzle)
        assert detect(text) == "picture", puzzle.name
        got = parse(text)
        assert (got.rows, got.cols, got.pearls) == (puzzle.rows, puzzle.cols, puzzle.pearls)


def test_the_picture_with_the_stored_loop_reads_back_as_puzzle_and_as_loop(stored):
    for puzzle, loop in stored:
        text = write(puzzle, "picture", loop)
        assert text == masyu.render_text(puzzle, loop)
        got = parse(text)   # a loop drawn over the picture is ignored as a puzzle
        assert (got.rows, got.cols, got.pearls) == (puzzle.rows, puzzle.cols, puzzle.pearls)
        drawn = parse_loop(text, puzzle.rows, puzzle.cols)
        assert set(drawn.edges) == set(loop.edges), puzzle.name
        assert masyu.check(puzzle, drawn) == [], puzzle.name


def test_a_picture_that_does_not_add_up_is_refused_with_its_place():
    text = masyu.render_text(parse(GRID), next(masyu.solve(parse(GRID))))
    lines = text.splitlines()
    broken = "\n".join(lines[:2] + [lines[2][:3] + "#" + lines[2][4:]] + lines[3:]) + "\n"
    with pytest.raises(MasyuError) as err:
        parse(broken)
    assert err.value.where == "line 3, column 4"
    with pytest.raises(MasyuError) as err:
        parse("○ ·\n● · ·\n")
    assert "ragged" in err.value.message and err.value.where == "line 2"


# --- grids as people type them -------------------------------------------------------------

@pytest.mark.parametrize("text", [
    GRID.lower(),
    GRID.replace("W", "w"),
    "\n".join(" ".join(line) for line in GRID.splitlines()) + "\n",
    "\n".join(" ".join(line) for line in GRID.lower().splitlines()) + "\n",
    "  " + "\n  ".join(" ".join(line) for line in GRID.splitlines()) + "\n",   # indented too
])
def test_lower_case_and_space_separated_grids(text):
    assert detect(text) == "grid"
    assert parse(text) == parse(GRID)


def test_a_space_separated_grid_names_the_column_of_a_fault():
    with pytest.raises(MasyuError) as err:
        parse(". . W\n. ? .\n")
    assert err.value.where == "line 2, column 3"
    with pytest.raises(MasyuError) as err:   # one row spaced, the next not: read unspaced
        parse(". . W\n...\n")
    assert "' '" in err.value.message and err.value.where == "line 1, column 2"


# --- an empty loop text --------------------------------------------------------------------

@pytest.mark.parametrize("text", ["", "\n", "\n\n\n", "\r\n"])
def test_an_empty_loop_text_is_refused_not_an_empty_loop(text):
    with pytest.raises(MasyuError) as err:
        parse_loop(text, 6, 6)
    assert "empty" in err.value.message


def test_check_refuses_an_empty_file(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    r = run("check", GAME, str(empty))
    assert r.exit_code == 2 and "empty" in r.output and len(r.output.strip().splitlines()) == 1
    assert run("check", GAME, "-", input="").exit_code == 2


# --- the tool reads its own output, through real pipes -------------------------------------

def masyu_cli(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "masyu", *args], input=input, text=True,
                          capture_output=True, timeout=120)


def test_solve_quiet_piped_into_check_exits_0():
    for puzzle in (GAME, f"{PAGE}#{GAME}", str(PUZZLES / "extra.txt") + "#wikipedia-masyu-example"):
        solved = masyu_cli("solve", puzzle, "-q")
        assert solved.returncode == 0, solved.stderr
        assert "○" in solved.stdout or "●" in solved.stdout
        checked = masyu_cli("check", puzzle, "-", input=solved.stdout)
        assert checked.returncode == 0, checked.stderr
        assert "valid" in checked.stdout


def test_a_loop_picture_with_a_wrong_edge_fails_check(stored):
    puzzle, loop = stored[0]
    text = write(puzzle, "picture", loop)
    r = run("check", puzzle.to("tatham"), "-", input=text)
    assert r.exit_code == 0
    # drop one edge: the picture of a broken loop is read, and check says it is not a solution
    broken = masyu.Loop(loop.rows, loop.cols, list(loop.edges)[1:])
    r = run("check", puzzle.to("tatham"), "-", input=write(puzzle, "picture", broken))
    assert r.exit_code == 1, r.output


def test_render_output_is_accepted_by_convert():
    puzzle = parse(GRID)
    rendered = run("render", GAME)
    assert rendered.exit_code == 0
    for name in ("grid", "tatham", "url", "pzprv3"):
        r = run("convert", "-", "--to", name, input=rendered.stdout)
        assert r.exit_code == 0, r.output
        assert parse(r.stdout) == puzzle, name
    piped = masyu_cli("convert", "-", "--to", "grid", input=masyu_cli("render", GAME).stdout)
    assert piped.returncode == 0 and piped.stdout == GRID


def test_puzzle_parse_reads_every_pasted_form():
    for text in (f"{PAGE}#{GAME}", masyu.render_text(parse(GRID)), GRID.lower()):
        assert Puzzle.parse(text) == parse(GRID)
