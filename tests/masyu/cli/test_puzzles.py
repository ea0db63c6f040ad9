"""The convert, check and render verbs, and the helpers other verbs share."""
from pathlib import Path

import pytest
from typer.testing import CliRunner

import xcc

from masyu import MasyuError, Puzzle
from masyu.cli import app
from masyu.cli.common import errors_exit, fail
from masyu.sources import read_loop as read_loop_arg, read_puzzle as read_puzzle_arg

from tests.data import PUZZLES
URL = "https://puzz.link/p?mashu/6/6/1063000i3000"
NAME = "pzprjs-test-mashu-6x6"
EXTRA = str(PUZZLES / "extra.txt")
SOLUTIONS = str(PUZZLES / "extra_solutions.txt")
GRID = "..W...\n.B..W.\n......\n...B..\n.W....\n......\n"

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def assert_one_line_error(result, *words):
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("masyu: "), result.stderr
    assert "Traceback" not in result.output
    for w in words:
        assert w in lines[0]


@pytest.mark.parametrize("to, expected", [
    ("grid", GRID),
    ("url", URL + "\n"),
    ("tatham", "6x6:bWdBbWjBcWj\n"),
])
def test_convert(to, expected):
    result = run("convert", URL, "--to", to)
    assert result.exit_code == 0 and result.stdout == expected


def test_convert_pzprv3_and_svg():
    out = run("convert", URL, "--to", "pzprv3").stdout
    assert out.startswith("pzprv3\nmashu\n6\n6\n") and Puzzle.parse(out) == Puzzle.parse(URL)
    assert run("convert", URL, "--to", "svg").stdout.startswith("<svg")
    assert run("convert", URL).stdout == GRID                       # grid by default


def test_convert_reads_files_stdin_and_collections(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(GRID, encoding="utf-8")
    assert run("convert", str(path), "--to", "url").stdout == URL + "\n"
    assert run("convert", "-", "--to", "url", input=GRID).stdout == URL + "\n"
    assert run("convert", f"{EXTRA}#{NAME}", "--to", "url").stdout == URL + "\n"
    assert run("convert", "6x6:bWdBbWjBcWj").stdout == GRID


def test_long_arguments_are_text_not_file_names():
    big = Puzzle(40, 40, {(0, 0): "W", (39, 39): "B"})
    assert run("convert", big.to("url"), "--to", "tatham").stdout == big.to("tatham") + "\n"
    assert run("convert", big.to("tatham") + "#x", "--to", "url").exit_code == 2


@pytest.mark.parametrize("args, words", [
    (["convert", "p?mashu/6/6/1063000i300"], ["URL segment '1063000i300'", "too short"]),
    (["convert", "6x6:eBbBfWbWbBaBcWbB"], ["column 20", "covers 31"]),
    (["convert", "missing/puzzle.txt"], ["missing/puzzle.txt: no such file"]),
    (["convert", EXTRA], ["extra.txt: 39 puzzles", "FILE#NAME"]),
    (["convert", f"{EXTRA}#nope"], ["no puzzle named 'nope'"]),
    (["check", URL, "┌┐\n└x"], ["line 2, column 2", "not a loop shape"]),
    (["check", URL, f"{SOLUTIONS}#wikipedia-masyu-example"], ["is 10x10 but the puzzle is 6x6"]),
    (["render", URL, "-", "--svg", "/nonexistent-dir/x.svg"], []),
])
def test_bad_input_is_one_line_and_exit_2(args, words):
    result = run(*args, input="")
    assert_one_line_error(result, *words)


def test_bad_file_content_names_file_and_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("..W\n.Q.\n", encoding="utf-8")
    assert_one_line_error(run("convert", str(path)), "bad.txt, line 2, column 2")


def test_check_valid_and_invalid():
    ok = run("check", f"{EXTRA}#{NAME}", f"{SOLUTIONS}#{NAME}")
    assert ok.exit_code == 0 and ok.stdout == "valid strong solution\n"
    box = run("check", URL, "-", input=Path(SOLUTIONS).read_text(encoding="utf-8")
              .split(f"# {NAME}")[1].split("\n", 1)[1].split("\n\n")[0])
    assert box.exit_code == 0
    bad = run("check", URL, "┌┐\n└┘")
    assert bad.exit_code == 1
    lines = bad.stdout.splitlines()
    assert lines[0] == "cell (0, 2): pearl-off-loop: the loop misses this white pearl"
    assert all(line.startswith("cell (") for line in lines)


def test_check_weak():
    two = "┌┐┌┐\n└┘└┘"
    puzzle = "....\n...."
    strong = run("check", puzzle, two)
    assert strong.exit_code == 1 and "several-loops" in strong.stdout
    weak = run("check", puzzle, two, "--weak")
    assert weak.exit_code == 0 and weak.stdout == "valid weak solution\n"


def test_check_reads_json_and_refuses_two_stdins():
    assert run("check", "..\n..", '{"rows": 2, "cols": 2, "edges": []}', "--weak").exit_code == 0
    assert_one_line_error(run("check", "-", "-", input=".."), "stdin")


def test_render(tmp_path):
    text = run("render", URL)
    assert text.exit_code == 0 and text.stdout.splitlines()[0] == "· · ○ · · ·"
    solved = run("render", f"{EXTRA}#{NAME}", f"{SOLUTIONS}#{NAME}")
    assert solved.stdout.splitlines()[0] == "┌───○─┐ ┌─┐"
    target = tmp_path / "out.svg"
    result = run("render", f"{EXTRA}#{NAME}", f"{SOLUTIONS}#{NAME}", "--svg", str(target))
    assert result.exit_code == 0 and result.stdout == ""
    assert target.read_text(encoding="utf-8").startswith("<svg")
    assert run("render", URL, "--svg", "-").stdout.startswith("<svg")


@pytest.mark.parametrize("verb", ["convert", "check", "render"])
def test_every_help_has_an_example(verb):
    result = run(verb, "--help")
    example = [line for line in result.stdout.splitlines() if "Example: " in line]
    assert result.exit_code == 0 and example and "masyu " + verb in example[0]


# ---------------------------------------------------------------------------
# The helpers other CLI modules import

def test_read_puzzle_arg_and_read_loop_arg():
    assert read_puzzle_arg(URL) == Puzzle.parse(URL)
    puzzle = read_puzzle_arg(f"{EXTRA}#{NAME}")
    assert puzzle.name == NAME
    loop = read_loop_arg(f"{SOLUTIONS}#{NAME}", puzzle)
    assert (loop.rows, loop.cols) == (6, 6) and len(loop.edges) == 30
    with pytest.raises(MasyuError):
        read_puzzle_arg("p?mashu/6/6/0")


def test_errors_exit_and_fail(capsys):
    with pytest.raises(SystemExit) as info:
        with errors_exit():
            raise MasyuError("bad thing", "cell (2, 4)")
    assert info.value.code == 2
    assert capsys.readouterr().err == "masyu: cell (2, 4): bad thing\n"

    @errors_exit()
    def verb():
        raise MasyuError("no place")

    with pytest.raises(SystemExit):
        verb()
    assert capsys.readouterr().err == "masyu: no place\n"
    with pytest.raises(SystemExit):
        fail("two\nlines", "here")
    assert capsys.readouterr().err == "masyu: here: two lines\n"


def test_errors_exit_turns_xcc_errors_too(capsys):
    with pytest.raises(SystemExit):
        with errors_exit():
            raise xcc.XCCError("unknown item", "line 3, column 5")
    assert capsys.readouterr().err == "masyu: line 3, column 5: unknown item\n"
