"""The generator's uniqueness oracle and the screened removals.

The oracle (one SAT solver per loop, pearls as assumptions) is held against the
project's dancing-links search (``masyu.count``, engine ``c``, loop guard with
propagation): a different model, engine and code path.  The screened removal
(oracle plus deduction in batches) must give the same puzzles as one deduction
per removal.
"""
from __future__ import annotations

import random

import pytest

from masyu import Puzzle, count
from masyu.board import BLACK, WHITE, board
from masyu.generate import generate_with_loop
from masyu.generate.pearls import full_loop
from masyu.generate import pearls as removal
from masyu.generate.unique import AVAILABLE, UniqueOracle, _obeys
from masyu.rules import cell_clauses, pearl_clauses

pytestmark = pytest.mark.skipif(not AVAILABLE, reason="the oracle needs python-sat")


def unique_by_dlx(rows: int, cols: int, bd, kinds) -> bool:
    p = Puzzle(rows, cols, bd.pearls(kinds))
    return int(count(p, limit=2, method="propagate", engine="c")) == 1


@pytest.mark.parametrize("n, seed", [(5, 0), (6, 1), (7, 2), (8, 3)])
def test_the_oracle_agrees_with_dancing_links_on_random_pearl_subsets(n, seed):
    rng = random.Random(seed)
    found = None
    while found is None:
        found = full_loop(n, n, rng, 2)
    loop, pearls, _ = found
    bd = board(n, n)
    kinds = bd.kinds(pearls)
    answers = []
    with UniqueOracle(bd, kinds, bd.values(loop.edges)) as oracle:
        for _ in range(30):  # one solver for every question, as in the generator
            sub = [k if rng.random() < 0.55 else 0 for k in kinds]
            # and again with one pearl more: an earlier second solution may answer
            gone = [i for i, k in enumerate(sub) if k != kinds[i]]
            more = list(sub)
            if gone:
                more[gone[0]] = kinds[gone[0]]
            got = []
            for question in (sub, more):
                got.append(oracle.unique(question))
                assert got[-1] == unique_by_dlx(n, n, bd, question), (n, seed, question)
                answers.append(got[-1])
            if gone and got[1]:   # sub with the pearl back is unique: the hint applies
                assert oracle.unique(sub, without=gone[0]) == got[0], (n, seed, sub)
                hinted.append(got[0])
        assert oracle.questions >= 60 and oracle.solves + oracle.witnessed >= 60
        witnessed.append(oracle.witnessed)
    assert True in answers and False in answers  # both answers were exercised


witnessed: list[int] = []
hinted: list[bool] = []


def test_earlier_second_solutions_answered_some_questions():
    # (after the parametrized test above, in file order)
    assert sum(witnessed) > 0, witnessed
    assert True in hinted and False in hinted  # hinted questions with both answers


@pytest.mark.parametrize("size, seed", [(12, 5), (14, 1)])
def test_rolled_back_removals_are_not_asked_again_and_the_puzzle_is_the_same(monkeypatch, size,
                                                                             seed):
    asked = []
    real = UniqueOracle.unique

    def counted(self, kinds, without=None):
        asked.append(1)
        return real(self, kinds, without)

    monkeypatch.setattr(UniqueOracle, "unique", counted)
    skipped = []
    close = removal.Judge.close
    monkeypatch.setattr(removal.Judge, "close", lambda j: (skipped.append(j.skipped), close(j)))
    fast = generate_with_loop(size, size, seed=seed)
    n_fast = len(asked)
    monkeypatch.setattr(removal, "RESCREEN", True)
    asked.clear()
    again = generate_with_loop(size, size, seed=seed)
    assert again.puzzle == fast.puzzle
    assert sum(skipped) > 0 and skipped[-1] == 0
    assert len(asked) == n_fast + sum(skipped[:-1])


@pytest.mark.parametrize("size, seed", [(10, 3), (12, 2), (16, 2)])
def test_seeded_deductions_give_the_puzzles_of_deductions_from_nothing(monkeypatch, size, seed):
    seeded = []
    close = removal.Judge.close
    monkeypatch.setattr(removal.Judge, "close", lambda j: (seeded.append(j.seeded), close(j)))
    fast = generate_with_loop(size, size, seed=seed)
    assert sum(seeded) > 0
    monkeypatch.setattr(removal, "SEEDS", 0)
    seeded.clear()
    alone = generate_with_loop(size, size, seed=seed)
    assert sum(seeded) == 0
    assert alone.puzzle == fast.puzzle and alone.loop == fast.loop


def test_the_oracle_finds_a_second_loop_when_the_pearls_allow_one():
    # No pearls at all: every other cycle of the board is a second solution.
    bd = board(4, 4)
    loop = [0] * (bd.nedges + 1)
    for e in bd.scan:  # the border of the 4x4 board
        a, b = bd.ends[e]
        ra, ca, rb, cb = a // 4, a % 4, b // 4, b % 4
        if (ra == rb and ra in (0, 3)) or (ca == cb and ca in (0, 3)):
            loop[e] = 1
    with UniqueOracle(bd, [0] * 16, loop) as oracle:
        assert oracle.unique([0] * 16) is False


def test_degree_and_pearl_clauses_allow_exactly_the_local_rules():
    # Brute force over the edges of a 3x3 board: the clauses of a pearl in the
    # middle hold exactly when its rule does (with every cell of degree 0 or 2).
    bd = board(3, 3)
    m = bd.nedges
    deg = [lits for i in range(bd.ncells) for _, _, lits in cell_clauses(bd, i)]
    for kind in (WHITE, BLACK):
        rule = [(-(m + 1),) + lits for _, _, lits in pearl_clauses(bd, 4, kind)]  # the oracle's
        for bits in range(1 << m):
            value = [(bits >> e) & 1 for e in range(m)] + [0]

            def holds(clauses, selected=True):
                lit = lambda x: (value[abs(x) - 1] if abs(x) <= m else selected) == (x > 0)
                return all(any(lit(x) for x in c) for c in clauses)

            if not holds(deg):
                continue
            n, e, s, w = (value[x] for x in bd.near[4])
            fn, fe, fs, fw = (value[bd.far(4, d)] for d in range(4))
            if kind == WHITE:
                ok = (n and s and not (fn and fs)) or (e and w and not (fe and fw))
            else:
                ok = (n != s) and (e != w) and all(v <= f for v, f in
                                                   ((n, fn), (e, fe), (s, fs), (w, fw)))
            assert holds(rule) == bool(ok), (kind, bits)
            assert _obeys(bd, value, 4, kind) == bool(ok), (kind, bits)
            assert holds(rule, selected=False)  # an unselected pearl constrains nothing


@pytest.mark.parametrize("rows, cols, seed, difficulty, minimal", [
    (8, 8, 0, None, False), (9, 9, 1, "easy", False), (10, 10, 2, "medium", False),
    (8, 8, 3, "hard", False), (7, 9, 4, None, True), (12, 12, 5, None, False)])
def test_screened_removals_give_the_puzzles_of_one_deduction_per_removal(rows, cols, seed,
                                                                        difficulty, minimal):
    fast = generate_with_loop(rows, cols, seed=seed, difficulty=difficulty, minimal=minimal)
    slow = generate_with_loop(rows, cols, seed=seed, difficulty=difficulty, minimal=minimal,
                              use_oracle=False)
    assert fast.puzzle == slow.puzzle and fast.loop == slow.loop
    assert fast.difficulty == slow.difficulty
