"""The generator: unique, reproducible, valid puzzles; its loop growth; the command.

Uniqueness is checked with the project's exact cover search (``masyu.count``,
loop guard or filter), a different method from the deduction solver the
generator judges removals with.
"""
from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import masyu
from masyu import MasyuError, Puzzle, check, count
from masyu.cli import app
from masyu.collection import parse_collection, parse_solutions
from masyu.generate import generate_with_loop, measure
from masyu.board import board
from masyu.generate.loops import (admitted_pearls, faces_loop, faces_pearls, fill_ratio,
                                  grow_faces, grow_loop, improve_loop)

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[3]


def unique_by_xcc(puzzle: Puzzle, method: str = "guard") -> bool:
    return int(count(puzzle, limit=2, method=method)) == 1


# -- loop growth ---------------------------------------------------------------

@pytest.mark.parametrize("rows, cols, seed", [(4, 4, 0), (6, 9, 1), (10, 10, 2), (15, 12, 3)])
def test_grown_loop_is_one_simple_loop_filling_the_board(rows, cols, seed):
    loop = grow_loop(rows, cols, random.Random(seed))
    assert len(loop.components()) == 1
    assert all(loop.degree(c) == 2 for c in loop.cells())
    assert not loop.off_board()
    assert fill_ratio(loop) >= 0.6
    # every pearl the loop admits is satisfied by it
    assert check(Puzzle(rows, cols, admitted_pearls(loop)), loop) == []


def test_grown_loop_is_reproducible_and_varies_with_the_seed():
    a = grow_loop(12, 12, random.Random("x"))
    assert grow_loop(12, 12, random.Random("x")) == a
    assert grow_loop(12, 12, random.Random("y")) != a


def test_admitted_pearls_are_exactly_the_cells_that_can_hold_one():
    loop = grow_loop(8, 8, random.Random(5))
    admitted = dict(admitted_pearls(loop))
    for r in range(8):
        for c in range(8):
            for kind in "WB":
                ok = check(Puzzle(8, 8, {(r, c): kind}), loop) == []
                assert ok == (admitted.get((r, c)) == kind), (r, c, kind)



@pytest.mark.parametrize("rows, cols, seed", [(4, 4, 0), (5, 9, 1), (9, 6, 2), (16, 16, 3)])
def test_faces_pearls_is_the_loop_and_its_admitted_pearls(rows, cols, seed):
    # The repairs' numpy shortcut against the Loop-based functions, on loops grown
    # and reshaped as full_loop does (and on the empty and the full face set).
    rng = random.Random(seed)
    inside = grow_faces(rows, cols, rng)
    bd = board(rows, cols)
    shapes = []
    for _ in range(3):
        improve_loop(rows, cols, inside, rng, steps=200, kick=4, temperature=0.3)
        shapes.append([list(row) for row in inside])
    shapes.append([[True] * (cols - 1) for _ in range(rows - 1)])
    for faces in shapes:
        loop = faces_loop(rows, cols, faces)
        assert faces_pearls(bd, faces) == (bd.values(loop.edges), bd.kinds(admitted_pearls(loop)))
    assert faces_pearls(bd, [[False] * (cols - 1)] * (rows - 1)) == (
        [0] * (bd.nedges + 1), [0] * (rows * cols))

# -- the generator -----------------------------------------------------------------

@pytest.mark.parametrize("rows, cols, seed", [
    (6, 6, 0), (6, 6, 1), (7, 11, "daily"), (8, 8, 2), (10, 10, 3), (12, 12, 4)])
def test_generated_puzzles_have_one_solution_the_returned_loop(rows, cols, seed):
    g = generate_with_loop(rows, cols, seed=seed)
    p = g.puzzle
    assert (p.rows, p.cols) == (rows, cols)
    assert check(p, g.loop) == []
    method = "filter" if rows * cols <= 64 else "guard"
    assert unique_by_xcc(p, method)
    assert next(iter(masyu.solve(p))) == g.loop
    assert fill_ratio(g.loop) >= 0.6
    assert g.difficulty.band in ("easy", "medium")  # by default no search is needed


def test_generation_is_reproducible():
    a = generate_with_loop(9, 9, seed=7)
    b = generate_with_loop(9, 9, seed=7)
    assert a.puzzle == b.puzzle and a.loop == b.loop and a.puzzle.name == b.puzzle.name
    assert masyu.generate(9, 9, seed=7) == a.puzzle
    assert masyu.generate(9, 9, seed=8) != a.puzzle
    assert masyu.generate(9, 9, seed="7") == masyu.generate(9, 9, seed="7")


def test_fixed_seed_gives_a_fixed_puzzle():
    # A regression anchor: this must never change across machines or runs.
    g = generate_with_loop(6, 6, seed=2024)
    assert g.puzzle.grid == ("......", ".B..W.", ".....B", "......", "...B..", ".....B")
    assert check(g.puzzle, g.loop) == []


def test_speed_ups_keep_the_puzzles():
    # The puzzles of main at 25e6261 (before the oracle's hint and the repairs in
    # numpy): SHA-1 of the grid rows joined.  The oracle and deduction are exact,
    # so no speed-up of theirs may change a puzzle.
    want = {0: "5d9fc883449d798c643c42cddb82d18490a54e71",
            1: "13c32c5f2467e2c9e98a60a2dbf5e599b584529d",
            2: "5968affa1abd3693f1f2b540e7ae1b294a6fbe22"}
    for seed, digest in want.items():
        grid = "".join(masyu.generate(20, 20, seed=seed).grid)
        assert hashlib.sha1(grid.encode()).hexdigest() == digest, seed

def test_generation_does_not_depend_on_hash_randomization():
    code = ("import masyu; g = masyu.generate_with_loop(10, 10, seed='hash'); "
            "print(''.join(g.puzzle.grid), g.loop.to('json'), g.difficulty)")
    outs = set()
    for hashseed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed, PYTHONPATH=str(ROOT))
        outs.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                text=True, check=True).stdout)
    assert len(outs) == 1


@pytest.mark.parametrize("band, size", [("easy", 8), ("medium", 8), ("hard", 7)])
def test_difficulty_bands(band, size):
    g = generate_with_loop(size, size, seed=1, difficulty=band)
    assert g.difficulty.band == band
    assert measure(g.puzzle) == g.difficulty or band == "hard"
    assert measure(g.puzzle).band == band
    assert unique_by_xcc(g.puzzle)
    assert check(g.puzzle, g.loop) == []


def test_difficulty_orders_the_work():
    easy = measure(masyu.generate(8, 8, seed=3, difficulty="easy"))
    assert easy.level == 1 and easy.probes == 0 and easy.nodes == 0
    hard = measure(masyu.generate(7, 7, seed=3, difficulty="hard"))
    assert hard.level == 3 and hard.nodes > 0 and hard.score > easy.score


def test_minimal_puzzles_lose_uniqueness_without_any_pearl():
    g = generate_with_loop(6, 6, seed=5, minimal=True)
    assert unique_by_xcc(g.puzzle, "filter")
    for cell, _ in g.puzzle.pearls:
        fewer = Puzzle(6, 6, [pk for pk in g.puzzle.pearls if pk[0] != cell])
        assert not unique_by_xcc(fewer), cell


def test_density_asks_for_a_number_of_pearls():
    g = generate_with_loop(10, 10, seed=6, density=0.3)
    assert len(g.puzzle.pearls) == 30
    assert unique_by_xcc(g.puzzle)
    assert check(g.puzzle, g.loop) == []
    sparse = generate_with_loop(10, 10, seed=6, density=0.01)
    assert len(sparse.puzzle.pearls) >= 1 and unique_by_xcc(sparse.puzzle)


@pytest.mark.parametrize("kwargs, words", [
    (dict(rows=3, cols=8, seed=1), "too small"),
    (dict(rows=8, cols=8, seed=1, difficulty="nasty"), "unknown difficulty"),
    (dict(rows=8, cols=8, seed=1, density=0), "density"),
    (dict(rows=8, cols=8, seed=1, density=1.5), "density"),
    (dict(rows=8, cols=8, seed=1.5), "seed"),
    (dict(rows="8", cols=8, seed=1), "integers"),
    (dict(rows=4, cols=4, seed=1, difficulty="hard"), "no hard puzzle"),
])
def test_bad_arguments(kwargs, words):
    with pytest.raises(MasyuError, match=words):
        generate_with_loop(**kwargs)


# -- the command -------------------------------------------------------------------

def test_cli_prints_a_collection_reproducibly(tmp_path):
    sol = tmp_path / "sol.txt"
    res = runner.invoke(app, ["generate", "--size", "7x9", "--seed", "10", "--count", "2",
                              "--solutions", str(sol)])
    assert res.exit_code == 0, res.output
    puzzles = parse_collection(res.stdout)
    assert [p.name for p in puzzles] == ["gen-7x9-10", "gen-7x9-11"]
    assert puzzles[0] == masyu.generate(7, 9, seed=10)
    assert puzzles[1] == masyu.generate(7, 9, seed=11)
    assert res.stdout.startswith("# gen-7x9-10 source=masyu-generate size=7x9 seed=10 difficulty=")
    loops = parse_solutions(sol.read_text(encoding="utf-8"))
    for p in puzzles:
        assert check(p, loops[p.name]) == []
    again = runner.invoke(app, ["generate", "--size", "7x9", "--seed", "10", "-n", "2", "-q"])
    assert again.stdout == res.stdout


@pytest.mark.parametrize("args, words", [
    (["--size", "ten", "--seed", "1"], "size"),
    (["--size", "3x3", "--seed", "1"], "too small"),
    (["--size", "8x8", "--seed", "a b"], "seed"),
    (["--size", "8x8", "--seed", "1", "--density", "2"], "density"),
])
def test_cli_bad_input_is_one_line_and_exit_2(args, words):
    res = runner.invoke(app, ["generate", *args])
    assert res.exit_code == 2
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("masyu: ") and words in lines[0]
