"""Deduction seeded with what deduction found for fewer pearls ends where it ends alone.

The generator's judge (masyu/generate/pearls.py) starts a deduction from the
facts of an earlier one on a subset of the pearls; docs/generator.md proves
that levels 1 and 2 reach the same fixed point from there.  Held here on real
puzzles with their stored loops: for a pearl set R and a subset Q of it, the
deduction of R seeded with Q's facts must leave exactly the edges open that
the deduction of R alone leaves, with the same answer, for both deducers,
with and without the known loop.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

import masyu
from masyu.board import board
from masyu.deduce import analyze_kinds, native


@pytest.fixture(scope="module")
def cases(shared):
    """(board, R's pearl codes, Q's, the loop's edge values) for 160 psm puzzles:
    R is the puzzle less a twentieth of its pearls, Q is R less a quarter of its own."""
    puzzles = [p for p in masyu.load(shared / "puzzles" / "psm.txt") if max(p.rows, p.cols) <= 12]
    loops = masyu.load_solutions(shared / "puzzles" / "psm_solutions.txt")
    rng = random.Random(7)
    out = []
    for p in rng.sample([p for p in puzzles if p.name in loops], 160):
        bd = board(p.rows, p.cols)
        kinds = bd.kinds(p.pearls)
        r = [k if rng.random() > 0.05 else 0 for k in kinds]
        q = [k if rng.random() > 0.25 else 0 for k in r]
        out.append((bd, r, q, bd.values(loops[p.name].edges)))
    return out


def facts(bd, res, known):
    """The edges ``res`` decided, with their values (those of the known loop)."""
    open_ = set(res.undecided)
    return np.array([(e, known[e]) for e in range(bd.nedges) if e not in open_],
                    dtype=np.int64).reshape(-1, 2)


@pytest.mark.parametrize("deducer", native.DEDUCERS)
@pytest.mark.parametrize("max_level", [1, 2])
@pytest.mark.parametrize("with_loop", [True, False])
def test_a_seeded_deduction_leaves_open_what_the_deduction_alone_leaves(cases, deducer,
                                                                       max_level, with_loop):
    short = done = fewer_probes = 0
    for bd, r, q, loop in cases:
        known = loop if with_loop else None
        kw = dict(known=known, max_level=max_level, limit=2, deducer=deducer)
        sub = analyze_kinds(bd, q, **kw)
        if sub.complete:
            continue   # (then so is R's: nothing to seed)
        given = facts(bd, sub, loop)
        alone = analyze_kinds(bd, r, **kw)
        seeded = analyze_kinds(bd, r, given=given, **kw)
        assert (seeded.complete, seeded.count, seeded.undecided) == \
               (alone.complete, alone.count, alone.undecided), (bd.rows, bd.cols, r, q)
        short += not alone.complete
        done += alone.complete
        fewer_probes += seeded.probes < alone.probes
    assert short >= 10 and done >= 10, (short, done)  # both answers met
    assert fewer_probes >= 20 or max_level == 1, fewer_probes  # the seed saved work
