"""Ctrl-C in every long command: exit 130, what was found so far reported and kept whole.

Each test starts the real command in a subprocess, waits for its first output, sends
SIGINT, and checks the exit code, the report and the files left behind.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time

import pytest

from masyu import check
from masyu.collection import parse_collection, parse_solutions

from ...interrupting import child

pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs SIGINT")

MASYU = [sys.executable, "-m", "masyu"]
XCC = [sys.executable, "-m", "xcc"]


def interrupt(args, *, after_line=True, wait=0.5, **popen):
    """Run ``args``; after its first stderr line (or ``wait`` seconds) send SIGINT;
    return (exit code, stdout, stderr)."""
    with tempfile.TemporaryDirectory() as here:  # what it leaves (a resume state) goes there
        popen.setdefault("cwd", here)
        with child(args, stdout=popen.pop("stdout", subprocess.PIPE), stderr=subprocess.PIPE,
                   **popen) as p:
            first = p.stderr.readline() if after_line else ""
            time.sleep(wait)
            p.send_signal(signal.SIGINT)
            out, err = p.communicate(timeout=60)
    return p.returncode, out or "", first + err


def test_count_interrupted_exits_130_with_the_engines_own_count():
    # the weak solutions of the empty 6x6 board take minutes in the Python engine
    code, out, err = interrupt(MASYU + ["count", "6x6:zj", "--weak", "--engine", "python",
                                        "--json"])
    assert code == 130, err
    d = json.loads(out)
    assert d["interrupted"] is True and d["complete"] is False
    assert d["weak"] == d["solutions"] > 0          # the printed count is the engine's
    assert "Traceback" not in err


def test_count_text_and_progress_say_no_weak_when_nothing_is_filtered():
    code, out, err = interrupt(MASYU + ["count", "6x6:zj", "--engine", "python",
                                        "--method", "guard"])
    assert code == 130, err
    assert out.endswith("strong solutions so far (interrupted)\n") or \
        out.endswith("strong solution so far (interrupted)\n"), out
    assert "weak" not in err and "... " in err     # progress, and no "(of N weak)"


def test_the_filter_says_how_many_weak_solutions_it_examined():
    code, out, err = interrupt(MASYU + ["count", "6x6:zj", "--engine", "python",
                                        "--method", "filter"])
    assert code == 130 and "weak)" in err, err


def test_solve_all_interrupted_keeps_whole_solutions(tmp_path):
    target = tmp_path / "loops.json"
    code, out, err = interrupt(MASYU + ["solve", "6x6:zj", "--all", "--format", "json",
                                        "--engine", "python", "--method", "guard", "-o",
                                        str(target)])
    assert code == 130, err
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines and all(json.loads(line)["rows"] == 6 for line in lines)   # no half line
    said = [line for line in err.splitlines() if line.startswith("interrupted: ")]
    assert said and said[0].startswith(f"interrupted: {len(lines):,} strong solution"), err
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".part")]


def test_generate_interrupted_keeps_its_finished_puzzles_and_solutions(tmp_path):
    sol = tmp_path / "sol.txt"
    with open(tmp_path / "out.txt", "w", encoding="utf-8") as out:
        p = subprocess.Popen(MASYU + ["generate", "--size", "8x8", "--seed", "3", "--count",
                                      "500", "--solutions", str(sol)], stdout=out,
                             stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60   # a loaded machine: wait for a first puzzle
        while time.monotonic() < deadline and "size=" not in (tmp_path / "out.txt").read_text():
            time.sleep(0.2)
        time.sleep(0.5)
        p.send_signal(signal.SIGINT)
        code, err = p.wait(timeout=60), p.communicate(timeout=60)[1]
    assert code == 130, err
    puzzles = parse_collection((tmp_path / "out.txt").read_text(encoding="utf-8"))
    loops = parse_solutions(sol.read_text(encoding="utf-8"))
    assert 0 < len(puzzles) < 500 and [p.name for p in puzzles] == list(loops)
    for p in puzzles:
        assert check(p, loops[p.name]) == []
    assert f"interrupted: {len(puzzles)} of 500 puzzles made" in err


def _queens(n: int) -> str:
    lines = [" ".join([f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]) + " | "
             + " ".join([f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)])]
    lines += [f"r{i} c{j} a{i + j} b{n - 1 - i + j}" for i in range(n) for j in range(n)]
    return "\n".join(lines) + "\n"


def test_xcc_solve_interrupted_prints_whole_solutions_and_counts_them(tmp_path):
    path = tmp_path / "q.dlx"
    path.write_text(_queens(13))
    with open(tmp_path / "out.txt", "w") as out:
        code, _, err = interrupt(XCC + ["solve", str(path), "--engine", "python"],
                                 after_line=False, wait=3, stdout=out)
    assert code == 130, err
    text = (tmp_path / "out.txt").read_text()
    blocks = text.split(":\n")[1:]
    assert text.endswith("\n") and all(b.count("\n") >= 13 for b in blocks[:-1])
    printed = text.count(":\n")
    assert printed > 0 and text.splitlines()[-13:][0].startswith(" r")
    assert f"Altogether {printed:,} solution" in err and "[interrupted]" in err


def test_xcc_count_json_says_interrupted(tmp_path):
    path = tmp_path / "q.dlx"
    path.write_text(_queens(14))
    code, out, err = interrupt(XCC + ["count", str(path), "--engine", "python", "--json", "-q"],
                               after_line=False, wait=2)
    assert code == 130, err
    d = json.loads(out)
    assert d["interrupted"] is True and d["complete"] is False and d["nodes"] > 0
