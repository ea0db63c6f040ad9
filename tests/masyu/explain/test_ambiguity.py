"""masyu.ambiguity on boards made non-unique by removing pearls from psm puzzles: every
suggested pearl restores uniqueness (counted to two by the exact cover search)."""
from __future__ import annotations

import importlib
import random

import masyu
from masyu import Puzzle
from masyu.explain import ambiguity


def test_suggested_pearls_restore_uniqueness(psm):
    rng = random.Random(20)
    pool = [p for p in psm if p.rows <= 10]
    made = suggested = 0
    for p in rng.sample(pool, 40):
        pearls = list(p.pearls)
        drop = rng.sample(range(len(pearls)), min(2, len(pearls)))
        q = Puzzle(p.rows, p.cols, [x for k, x in enumerate(pearls) if k not in drop])
        if masyu.count(q, limit=2) < 2:
            continue
        made += 1
        a = ambiguity(q)
        assert not a.unique and a.solutions >= 2
        assert a.first != a.second
        assert not masyu.check(q, a.first) and not masyu.check(q, a.second)
        assert a.cells == sorted({c for e in a.first.edges ^ a.second.edges for c in e})
        for cell, kind in a.pearls:
            assert q.pearl_at(cell) is None
            fixed = Puzzle(q.rows, q.cols, dict(q.pearl_map) | {cell: kind})
            assert masyu.count(fixed, limit=2) == 1, (p.name, cell, kind)
            suggested += 1
    assert made >= 10 and suggested >= made


def test_the_two_solutions_are_the_closest_pair_found():
    q = Puzzle(4, 4, {(0, 2): "W"})
    a = ambiguity(q)
    sols = list(masyu.solve(q, limit=64))
    best = min(len(x.edges ^ y.edges) for i, x in enumerate(sols) for y in sols[i + 1:])
    assert len(a.first.edges ^ a.second.edges) == best


def test_a_unique_puzzle_says_so(psm):
    a = ambiguity(psm[0])
    assert a.unique and a.second is None and "exactly one" in a.text
    assert ambiguity(Puzzle(2, 2, {(0, 0): "W"})).text == "The puzzle has no solution."


def test_ctrl_c_while_verifying_keeps_the_pearls_verified(psm, monkeypatch):
    """masyu.count keeps a Ctrl-C (it returns what it counted, marked interrupted): the
    report stops there, with the pearls verified before, none taken on a partial count."""
    amb = importlib.import_module("masyu.explain.ambiguity")   # masyu.explain is the function
    p = next(p for p in psm if p.name == "psm-8x8-hard-1275826")   # the full collection's 800th
    q = Puzzle(p.rows, p.cols, dict(p.pearls[1:]))
    full = ambiguity(q)
    assert len(full.pearls) >= 2
    real, calls = amb.count, []

    def count(puzzle, limit):
        calls.append(puzzle)
        n = real(puzzle, limit=limit)
        if len(calls) == 2:
            n.stats.interrupted = True      # as after Ctrl-C: partial, maybe 1
        return n
    monkeypatch.setattr(amb, "count", count)
    part = ambiguity(q)
    assert part.interrupted and len(calls) == 2
    assert part.pearls == full.pearls[:len(part.pearls)] and len(part.pearls) <= 1
    assert "Interrupted" in part.text
