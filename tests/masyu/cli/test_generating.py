"""masyu generate as a user meets it: progress while it works, each puzzle printed as it is
made, paths checked first, and a --density it cannot reach said on stderr."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from masyu.cli import app
from masyu.collection import parse_collection

from ...interrupting import child

MASYU = [sys.executable, "-m", "masyu"]


def test_a_density_not_reached_is_said_with_what_was_reached():
    r = CliRunner().invoke(app, ["generate", "--size", "8x8", "--seed", "1", "--density", "0.05"])
    assert r.exit_code == 0, r.output
    (puzzle,) = parse_collection(r.stdout)
    reached = len(puzzle.pearls) / 64
    assert reached > 0.05
    assert f"density {reached:.2f} ({len(puzzle.pearls)} pearls), not the 0.05 asked" in r.stderr
    assert "fewer pearls would not keep one solution" in r.stderr
    plain = CliRunner().invoke(app, ["generate", "--size", "8x8", "--seed", "1"])
    assert "density" not in plain.stderr                  # nothing asked, nothing said


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT")
def test_progress_shows_while_a_slow_puzzle_is_made(tmp_path):
    # a 40x40 hard puzzle takes a long while (20x20 takes a second since the oracle of
    # issue 15): after Heartbeat.FIRST seconds stderr says
    # which puzzle is under way and for how long; SIGINT then exits 130, saying none was made
    # (test_interrupts.py checks that finished puzzles and their loops are kept)
    out = tmp_path / "out.txt"
    with open(out, "w") as f:
        with child(MASYU + ["generate", "--size", "40x40", "--seed", "3", "--difficulty",
                            "hard", "--count", "3"], stdout=f, stderr=subprocess.PIPE) as p:
            line = p.stderr.readline()  # (no progress line: killed by the deadline, fails)
            p.send_signal(signal.SIGINT)
            err = p.communicate(timeout=60)[1]
    # which puzzle, the candidate (loop) tried, the steps, the pearls left, the time
    assert re.match(r"masyu: making puzzle 1 of 3 \(40x40, seed 3\): candidate [0-9]+, "
                    r"[0-9,]+ steps, [0-9]+ pearls(, last score [0-9,]+ \(\w+\))?, [0-9]+ s$",
                    line.rstrip()), line
    assert p.returncode == 130 and "interrupted: 0 of 3 puzzles made" in err


def test_a_bad_solutions_path_is_refused_before_any_work(tmp_path):
    r = subprocess.run(MASYU + ["generate", "--size", "20x20", "--seed", "3", "--difficulty",
                                "hard", "--solutions", str(tmp_path / "missing" / "s.txt")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stdout == "" and "missing/s.txt" in r.stderr
    assert "making puzzle" not in r.stderr and r.stderr.count("\n") == 1   # no work began
