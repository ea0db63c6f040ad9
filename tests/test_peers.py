"""The native peers of ``benchmarks/small.py`` (``benchmarks/peers/native.py``).

The protocol is checked with a stand-in driver (a Python script that answers as the C and
Rust drivers do); where a peer is built on this machine (its builder script ran), it is
held to the project's verdicts on tiny boards, checked by brute force, and on stored
puzzles: another engine's answer.  On a machine without them those tests skip.
"""
from __future__ import annotations

import stat
import sys
from pathlib import Path

import pytest

import masyu
from tests.masyu.bruteforce import random_boards, strong_set

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks" / "peers"))
import build_cspuz  # noqa: E402
import build_tatham  # noqa: E402
import native  # noqa: E402

PUZZLES = ROOT / "tests" / "data" / "puzzles" / "psm.txt"


def test_a_board_is_one_line_row_by_row():
    p = masyu.Puzzle(2, 3, {(0, 2): "B", (1, 0): "W"}, name="tiny")
    assert native.board(p) == "tiny 2 3 ..BW.."


def test_run_reads_what_a_driver_writes(tmp_path):
    driver = tmp_path / "driver"
    driver.write_text(f"#!{sys.executable}\n"
                      "import sys\n"
                      "for line in sys.stdin:\n"
                      "    name, rows, cols, clues = line.split()\n"
                      "    print(name, 0.5, 0.25, 'unique' if 'B' in clues else 'stuck')\n")
    driver.chmod(driver.stat().st_mode | stat.S_IEXEC)
    a = masyu.Puzzle(2, 2, {(0, 0): "B"}, name="a")
    b = masyu.Puzzle(2, 2, {}, name="b")
    assert native.run(driver, [a, b], repeat=3) == {"a": (0.5, 0.25, "unique"),
                                                    "b": (0.5, 0.25, "stuck")}


def test_the_cache_is_outside_the_repository(monkeypatch, tmp_path):
    monkeypatch.setenv("XCC_MASYU_PEERS", str(tmp_path))
    assert native.cache_dir() == tmp_path
    monkeypatch.delenv("XCC_MASYU_PEERS")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert native.cache_dir() == tmp_path / "xcc-masyu" / "peers"


def tiny_boards() -> list[tuple[masyu.Puzzle, int]]:
    """Random boards 3x3 to 5x5 with at least one pearl, and their strong counts by brute
    force (no solution, one, several)."""
    out = []
    for rows, cols, pearls in random_boards(60, seed=34):
        if pearls:
            p = masyu.Puzzle(rows, cols, pearls, name=f"t{len(out)}")
            out.append((p, len(strong_set(rows, cols, pearls))))
    return out


@pytest.mark.parametrize("builder", [build_tatham, build_cspuz], ids=["tatham", "cspuz"])
def test_a_built_peer_agrees_with_brute_force_and_the_project(builder):
    driver = builder.binary()
    if driver is None:
        pytest.skip(f"peer not built (python benchmarks/peers/{Path(builder.__file__).name})")
    tiny = tiny_boards()
    assert {min(n, 2) for _, n in tiny} == {0, 1, 2}
    stored = [p for p in masyu.load(PUZZLES) if "-6x6-" in p.name or "-10x10-" in p.name][:30]
    got = native.run(driver, [p for p, _ in tiny] + stored, repeat=1)
    words = {0: "none", 1: "unique"}
    for p, n in tiny:
        truth = words.get(n, "multiple")
        # Tatham's deduction may stop short (stuck), never contradict the truth
        assert got[p.name][2] in (truth, "stuck") if builder is build_tatham else (truth,), p
    for p in stored:
        assert got[p.name][2] in (("unique", "stuck") if builder is build_tatham
                                  else ("unique",)), p.name
        assert masyu.is_unique(p)
