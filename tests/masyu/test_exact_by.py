"""Exact counts by loop length and by number of loops (masyu.exact, ``by=``;
``masyu count --exact --by``).

Independent sources:
- OEIS A302337 (T(n,k): the 2k-cycles of the n×n grid graph): its data
  section gives the full rows n = 2..7 (oeis.org/A302337, read 3 Dec 2026);
  for 8×8 and 10×10 (the b-file holds rows up to 9 only, and is not stored
  here) the formulas of the same entry, T(n,2) = (n-1)², T(n,3) =
  2n²-6n+4, T(n,4) = 7n²-28n+26, T(n,5) = 28n²-140n+164 and T(n,6) =
  124n²-740n+1046, the top term T(n, n²/2) = A003763(n/2) (Hamiltonian
  cycles: 4,638,576 and 467,260,456,608) and the row sum A140517;
- brute force on tiny boards (tests/masyu/bruteforce.py), loops split by a
  graph search here;
- the stored loop of a hard 15×15 puzzle (its length).
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

from masyu import MasyuError, Puzzle
from masyu.collection import load, load_solutions
from masyu.exact import exact_count
from xcc.engines import memo

from .bruteforce import BOARDS, is_one_loop, weak_solutions
from .test_exact import A140517

FAST = "memo" if memo.native_available() else "memo-python"

A302337 = {  # rows n = 2..7 of the OEIS data: lengths 4, 6, ..., 2*floor(n^2/2)
    2: [1],
    3: [4, 4, 5],
    4: [9, 12, 26, 52, 76, 32, 6],
    5: [16, 24, 61, 164, 446, 1100, 2102, 2436, 1874, 900, 226],
    6: [25, 40, 110, 332, 1070, 3504, 11144, 32172, 77874, 146680, 217470, 255156, 233786,
        158652, 69544, 13732, 1072],
    7: [36, 60, 173, 556, 1942, 7092, 26424, 97624, 346428, 1136164, 3313812, 8342388,
        18064642, 33777148, 54661008, 76165128, 89790912, 86547168, 64626638, 34785284,
        12527632, 2677024, 255088],
}
A003763 = {8: 4638576, 10: 467260456608}


def by(puzzle, kind, weak=False, encoding="423", engine=FAST) -> dict[int, int]:
    stats = exact_count(puzzle, weak=weak, encoding=encoding, engine=engine, by=kind)
    assert sum(stats.by.values()) == stats.solutions
    return stats.by


@pytest.mark.parametrize("n", sorted(A302337))
def test_empty_boards_by_length_are_the_published_rows(n):
    row = {4 + 2 * k: v for k, v in enumerate(A302337[n])}
    assert by(Puzzle(n, n), "length") == row
    if n <= 5:
        assert by(Puzzle(n, n), "length", engine="memo-python") == row


@pytest.mark.parametrize("n", [8, 10])
def test_empty_8x8_and_10x10_by_length_agree_with_the_formulas(n):
    rows = by(Puzzle(n, n), "length")
    formulas = [(n - 1) ** 2, 2 * n * n - 6 * n + 4, 7 * n * n - 28 * n + 26,
                28 * n * n - 140 * n + 164, 124 * n * n - 740 * n + 1046]
    assert [rows[2 * k] for k in range(2, 7)] == formulas
    assert max(rows) == n * n and rows[n * n] == A003763[n]
    assert set(rows) == set(range(4, n * n + 1, 2))
    assert sum(rows.values()) == A140517[n - 2]


def loops(edges) -> int:
    adj: dict = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    seen, n = set(), 0
    for v in adj:
        if v not in seen:
            n += 1
            stack = [v]
            while stack:
                x = stack.pop()
                if x not in seen:
                    seen.add(x)
                    stack.extend(adj[x])
    return n


@pytest.mark.parametrize("chunk", range(3))
def test_tiny_boards_by_length_and_loops_equal_brute_force(chunk):
    for k in range(chunk, len(BOARDS), 6):
        rows, cols, pearls = BOARDS[k]
        p = Puzzle(rows, cols, pearls)
        weak = list(weak_solutions(rows, cols, pearls))
        strong = [e for e in weak if is_one_loop(e, pearls)]
        want = {"weak length": Counter(len(e) for e in weak),
                "strong length": Counter(len(e) for e in strong),
                "weak loops": Counter(loops(e) for e in weak)}
        engines = [FAST] + (["memo-python"] if k % 12 == 0 else [])
        for encoding in ("422", "423"):
            for engine in engines:
                got = {"weak length": by(p, "length", True, encoding, engine),
                       "strong length": by(p, "length", False, encoding, engine),
                       "weak loops": by(p, "loops", True, encoding, engine)}
                assert got == {key: dict(sorted(c.items())) for key, c in want.items()}, \
                    (k, encoding, engine)


def test_a_hard_15x15_puzzle(shared):
    name = "psm-15x15-hard-9022176"
    p = {q.name: q for q in load(shared / "puzzles" / "psm.txt")}[name]
    loop = load_solutions(shared / "puzzles" / "psm_solutions.txt")[name]
    assert by(p, "length") == {len(loop.edges): 1}
    weak_length, weak_loops = by(p, "length", True), by(p, "loops", True)
    assert sum(weak_length.values()) == sum(weak_loops.values()) == 448416  # test_exact's count
    assert weak_loops[1] == 1  # the one strong solution
    assert weak_length[len(loop.edges)] >= 1
    if FAST == "memo":
        assert by(p, "loops", True, engine="memo-python") == weak_loops


def test_by_loops_needs_weak_and_a_known_name():
    with pytest.raises(MasyuError, match="--weak"):
        exact_count(Puzzle(3, 3), by="loops")
    with pytest.raises(MasyuError, match="valid: length, loops"):
        exact_count(Puzzle(3, 3), by="size")


def test_the_command():
    from typer.testing import CliRunner
    from masyu.cli import app

    def run(*args):
        return CliRunner().invoke(app, list(args))

    r = run("count", "3x3:i", "--exact", "--by", "length", "-q")
    assert (r.exit_code, r.stdout) == (0, "length  count\n     4  4\n     6  4\n     8  5\n")
    r = run("count", "4x4:p", "--exact", "--weak", "--by", "loops", "--json")
    out = json.loads(r.stdout)
    brute = sorted(Counter(loops(e) for e in weak_solutions(4, 4, {})).items())
    assert (out["by"], out["rows"], out["solutions"]) == \
        ("loops", {str(n): c for n, c in brute}, 322)
    r = run("count", "3x3:i", "--by", "length")
    assert r.exit_code == 2 and "--by goes with --exact" in r.stderr
    r = run("count", "3x3:i", "--exact", "--by", "loops")
    assert r.exit_code == 2 and "--weak" in r.stderr
