"""The masyu verbs solve, count and encode, end to end."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

import xcc
from masyu import Loop, check
from masyu.cli import app
from masyu.sources import example_puzzle

from ...interrupting import child

ENGINE = "c" if "c" in xcc.ENGINES else "python"
STAT_KEYS = ["solutions", "nodes", "updates", "cleansings", "mems", "max_level", "seconds",
             "cycle_cuts"]


def run(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.fixture(scope="module")
def extra(shared):
    return str(shared / "puzzles" / "extra.txt")


@pytest.fixture(scope="module")
def rcra(shared):
    return str(shared / "puzzles" / "rcra.txt")


def test_solve_without_a_puzzle_solves_the_example():
    r = run("solve", "--format", "box", "--engine", ENGINE)
    assert r.exit_code == 0, r.output
    puzzle = example_puzzle()
    assert puzzle.name == "rcra-masyu05" and (puzzle.rows, puzzle.cols) == (10, 10)
    box = r.stdout
    loop = Loop.parse(box, puzzle.rows, puzzle.cols, format="box")
    assert check(puzzle, loop) == []
    assert "unique strong solution" in r.stderr


def test_solve_default_prints_the_board_with_the_loop():
    r = run("solve", "--engine", ENGINE)
    assert r.exit_code == 0
    assert "○" in r.stdout and "●" in r.stdout and "┌" in r.stdout


def test_solve_prints_the_stored_loop(shared, extra):
    from masyu.collection import load_solutions
    stored = load_solutions(shared / "puzzles" / "extra_solutions.txt")["puzsq-9833"]
    for encoding in ("422", "423"):
        for method in ("filter", "guard"):
            r = run("solve", f"{extra}#puzsq-9833", "--format", "box", "--encoding", encoding,
                    "--method", method, "--engine", ENGINE)
            assert r.exit_code == 0, r.output
            assert Loop.parse(r.stdout, 10, 10, format="box") == stored


def test_solve_all_and_limit():
    r = run("solve", "3x3:i", "--all", "--format", "json", "--engine", "python")
    assert r.exit_code == 0
    loops = [Loop.parse(line, format="json") for line in r.stdout.splitlines()]
    assert len(loops) == len(set(loops)) == 13  # the cycles of the 3x3 grid
    assert "13 strong solutions" in r.stderr
    r = run("solve", "3x3:i", "--limit", "3", "--format", "box", "--engine", "python")
    assert r.exit_code == 0 and r.stdout.count("\n\n") == 2
    r = run("solve", "3x3:i", "--weak", "--all", "--format", "json", "--engine", "python")
    assert len(r.stdout.splitlines()) == 14  # the empty loop set too
    r = run("solve", "3x3:i", "--engine", "python")
    assert "more than one" in r.stderr
    r = run("solve", "3x3:i", "--all", "--limit", "2")
    assert r.exit_code == 2


def test_solve_svg():
    r = run("solve", "6x6:eBbBfWbWbBaBcWbBe", "--format", "svg", "--engine", "python")
    assert r.exit_code == 0 and r.stdout.lstrip().startswith("<svg")


def test_no_solution_exit_1():
    for verb in ("solve", "count"):
        r = run(verb, "3x3:Wh", "--engine", "python")  # a white pearl in a corner
        assert r.exit_code == 1, r.output


@pytest.mark.parametrize("args", [
    ("count", "3x3:Wz"),                       # bad game ID
    ("count", "no/such/file.txt"),
    ("count", "3x3:i", "--encoding", "421"),
    ("count", "3x3:i", "--method", "sieve"),
    ("count", "3x3:i", "--engine", "fortran"),
    ("solve", "3x3:i", "--format", "png"),
    ("encode", "3x3:i", "--encoding", "424"),
])
def test_bad_input_exit_2(args):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output


def test_count_json(rcra):
    r = run("count", f"{rcra}#rcra-masyu06", "--json", "--engine", ENGINE, "--method", "guard")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["strong"] == 1 and "weak" not in d
    assert set(STAT_KEYS) <= set(d)
    assert d["cycle_cuts"] > 0
    r = run("count", f"{rcra}#rcra-masyu06", "--json", "--weak", "--encoding", "422",
            "--engine", ENGINE)
    d = json.loads(r.stdout)
    assert d["weak"] == 12 and d["solutions"] == 12 and "strong" not in d


def test_count_text(extra):
    r = run("count", f"{extra}#wikipedia-masyu-example", "--weak", "--engine", "python")
    assert r.exit_code == 0
    assert r.stdout.strip() == "6 weak solutions"
    assert "nodes" in r.stderr


@pytest.mark.parametrize("encoding", ["422", "423"])
def test_encode_writes_dlx_that_reads_back(tmp_path, extra, encoding):
    path = tmp_path / "wiki.dlx"
    r = run("encode", f"{extra}#wikipedia-masyu-example", "--encoding", encoding, "-o", str(path))
    assert r.exit_code == 0, r.output
    problem = xcc.read_dlx(path)
    assert max(len(name) for name in problem.items) <= 8
    assert xcc.count(problem, engine=ENGINE).solutions == 6
    text = path.read_text()
    assert text.startswith("| masyu wikipedia-masyu-example 10x10")
    r = run("encode", f"{extra}#wikipedia-masyu-example", "--encoding", encoding)
    assert r.stdout == text


def test_encode_contradiction_is_zero_solutions(tmp_path):
    path = tmp_path / "w.dlx"
    r = run("encode", "3x3:Wh", "-o", str(path))
    assert r.exit_code == 0 and "contradicts" in r.stderr
    assert xcc.count(xcc.read_dlx(path), engine="python").solutions == 0


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT")
def test_ctrl_c_prints_the_count_so_far(tmp_path):
    # the weak solutions of the empty 6x6 board take minutes in the Python engine; the
    # state it keeps (masyu-<hash>.resume.json, in the current folder) goes to tmp_path
    with child([sys.executable, "-m", "masyu", "count", "6x6:zj", "--weak", "--engine",
                "python"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as p:
        first = p.stderr.readline()  # the first progress report, after about a second
        assert "solutions" in first and "nodes" in first, first
        time.sleep(0.5)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
    assert p.returncode == 130, err
    assert out.endswith("weak solutions so far (interrupted)\n"), out
    assert int(out.split()[0].replace(",", "")) > 0
    assert "Traceback" not in err
    assert [p.name for p in tmp_path.iterdir()] == [line.rsplit(" ", 1)[1] for line in
                                                    err.splitlines() if "--resume" in line]
