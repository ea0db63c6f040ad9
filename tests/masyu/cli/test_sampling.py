"""masyu count --exact and masyu sample, end to end."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from masyu import Loop, Puzzle, check
from masyu.cli import app

from ...interrupting import child


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_count_exact_weak_and_strong(shared):
    name = str(shared / "puzzles" / "rcra.txt") + "#rcra-masyu05"
    r = run("count", name, "--exact", "--weak")
    assert r.exit_code == 0 and r.stdout == "14,858 weak solutions\n", r.output
    assert "states" in r.stderr
    r = run("count", name, "--exact", "--json", "-q")
    data = json.loads(r.stdout)
    assert data["strong"] == 1 and data["method"] == "exact" and data["complete"]


def test_count_exact_needs_no_enumeration_for_huge_counts(tmp_path):
    board = tmp_path / "empty.txt"
    board.write_text("\n".join(["." * 12] * 12) + "\n")
    r = run("count", str(board), "--exact", "--weak", "-q")
    assert r.exit_code == 0
    assert r.stdout == "58,694,743,562,963,266,347,581,955,456,602 weak solutions\n"


def test_count_exact_no_solution_exits_1():
    r = run("count", "3x3:Wh", "--exact")
    assert r.exit_code == 1 and r.stdout.startswith("0 strong solutions")


def test_memory_errors_exit_2(tmp_path):
    board = tmp_path / "empty.txt"
    board.write_text("\n".join(["." * 12] * 12) + "\n")
    r = run("count", str(board), "--exact", "--memory", "1M")
    assert r.exit_code == 2 and "memory limit" in r.stderr and "Traceback" not in r.output
    for bad in ("lots", "0", "12X"):
        r = run("count", "3x3:i", "--exact", "--memory", bad)
        assert r.exit_code == 2 and "--memory" in r.stderr, bad


def test_sample_draws_loops_of_the_puzzle():
    r = run("sample", "6x6:eBbBfWbWbBaBcWbBe", "-k", "3", "--seed", "5")
    assert r.exit_code == 0, r.output
    puzzle = Puzzle.parse("6x6:eBbBfWbWbBaBcWbBe")
    boxes = r.stdout.split("\n\n")
    assert len(boxes) == 3
    for box in boxes:
        loop = Loop.parse(box if box.endswith("\n") else box + "\n", format="box")
        assert check(puzzle, loop) == []
    again = run("sample", "6x6:eBbBfWbWbBaBcWbBe", "-k", "3", "--seed", "5")
    assert again.stdout == r.stdout


def test_sample_weak_and_empty():
    r = run("sample", "4x4:p", "-k", "20", "--seed", "1", "--weak", "-q")
    assert r.exit_code == 0 and len(r.stdout.split("\n\n")) == 20
    r = run("sample", "3x3:Wh", "-k", "2")
    assert r.exit_code == 1 and "no strong solutions" in r.stderr


def test_sample_bad_input():
    assert run("sample", "3x3:zz", "-k", "1").exit_code == 2
    assert run("sample", "3x3:i", "-k", "-1").exit_code == 2


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT")
def test_ctrl_c_exits_130_with_the_level_reached(tmp_path):
    board = tmp_path / "empty.txt"
    board.write_text("\n".join(["." * 16] * 16) + "\n")  # minutes of work
    with child([sys.executable, "-m", "masyu", "count", str(board), "--exact"], cwd=tmp_path,
               stdout=subprocess.PIPE, stderr=subprocess.PIPE) as p:
        first = p.stderr.readline()  # the first progress report, after about a second
        assert "level" in first and "states" in first and "MB" in first, first
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    assert "interrupted at level" in err and "Traceback" not in err and out == ""
    # the plugs keep their layers in the file they name (tests/masyu/test_plugs.py resumes one)
    kept = err.rsplit("--resume ", 1)[1].split()[0]
    assert kept.endswith(".exact.npz") and (tmp_path / kept).stat().st_size > 0


def test_exact_options_that_do_not_fit():
    assert run("count", "4x4:p", "--exact", "--engine", "memo-python", "-q").stdout \
        == "213 strong solutions\n"
    for args, where in ((("--exact", "--engine", "sat"), "--engine"),
                        (("--exact", "--limit", "3"), "--limit")):
        r = run("count", "4x4:p", *args)
        assert r.exit_code == 2 and where in r.stderr and "Traceback" not in r.output, args
    # --exact --each applies (issue 31): a row per puzzle, the exact count in it
    r = run("count", "4x4:p", "--exact", "--each", "-q")
    assert r.exit_code == 0 and '"strong": 213' in r.stdout and '"method": "exact"' in r.stdout
