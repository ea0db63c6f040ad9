"""The deduction solver against brute force and the published puzzles, level by level."""
from __future__ import annotations

import random

import pytest

import masyu
from masyu import Loop, Puzzle
from masyu.board import board
from masyu.deduce import LEVELS, analyze, analyze_kinds, solutions

from ..bruteforce import strong_solutions


# -- deduction solver ------------------------------------------------------------

def test_deduction_finds_the_same_solutions_as_brute_force():
    rng = random.Random(11)
    for _ in range(120):
        rows, cols = rng.randint(2, 4), rng.randint(2, 5)
        pearls = {(rng.randrange(rows), rng.randrange(cols)): rng.choice("WB")
                  for _ in range(rng.randint(0, 4))}
        puzzle = Puzzle(rows, cols, pearls)
        mine = sorted(sorted(loop.edges) for loop in solutions(puzzle, limit=10**6))
        ref = sorted(sorted(edges) for edges in strong_solutions(rows, cols, pearls))
        assert mine == ref, puzzle.grid


def test_deduction_solves_published_puzzles(shared):
    puzzles = [p for p in masyu.load(shared / "puzzles" / "psm.txt")
               if p.rows <= 10][::60][:12]
    loops = masyu.load_solutions(shared / "puzzles" / "psm_solutions.txt")
    for p in puzzles:
        if p.name not in loops:
            continue
        res = analyze(p)
        assert res.unique, p.name
        assert Loop(p.rows, p.cols, [e for e in loops[p.name].edges]) == \
            solutions(p, limit=1)[0], p.name
        # knowing the answer gives the same verdict
        assert analyze(p, loop=loops[p.name]).unique


def test_deduction_reports_two_solutions_and_none():
    assert analyze(Puzzle(4, 4, {(0, 0): "B"})).count == 2  # a limit of two
    assert analyze(Puzzle(3, 3, {(1, 1): "B"})).count == 0




def test_levels_are_supersets():
    # A puzzle the local rules cannot finish, that probing does, and one that needs search.
    easy = masyu.generate(8, 8, seed=3, difficulty="easy")
    medium = masyu.generate(8, 8, seed=3, difficulty="medium")
    hard = masyu.generate(7, 7, seed=3, difficulty="hard")
    assert analyze(easy, max_level=1).unique and analyze(easy).level == 1
    assert not analyze(medium, max_level=1).complete and analyze(medium, max_level=2).unique
    assert not analyze(hard, max_level=2).complete
    deep = analyze(hard)
    assert deep.unique and deep.level == 3 and deep.nodes > 0
    assert LEVELS[deep.level] == "search"


def test_undecided_edges_come_in_scan_order():
    # nothing is decided on an empty board by the local rules: every edge, in the scan
    # order (horizontal edges row by row, then vertical ones)
    rows, cols = 3, 4
    res = analyze(Puzzle(rows, cols), max_level=1)
    bd = board(rows, cols)
    want = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    want += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    assert not res.complete and [bd.edges[e] for e in res.undecided] == want


def test_solutions_are_edge_values_of_the_board(shared):
    loops = masyu.load_solutions(shared / "puzzles" / "extra_solutions.txt")
    p = {q.name: q for q in masyu.load(shared / "puzzles" / "extra.txt")}["puzsq-9833"]
    bd = board(p.rows, p.cols)
    res = analyze_kinds(bd, bd.kinds(p.pearls))
    assert res.unique
    assert Loop(p.rows, p.cols, bd.edges_of(res.solutions[0])) == loops["puzsq-9833"]
    assert res.solutions[0] == bd.values(loops["puzsq-9833"].edges)


@pytest.mark.parametrize("known", [False, True])
def test_knowing_the_answer_changes_no_verdict(shared, known):
    loops = masyu.load_solutions(shared / "puzzles" / "psm_solutions.txt")
    puzzles = [p for p in masyu.load(shared / "puzzles" / "psm.txt") if p.rows <= 8][::40]
    for p in puzzles:
        res = analyze(p, loop=loops[p.name] if known else None)
        assert res.unique and solutions(p, limit=1) == [loops[p.name]], p.name
