"""Deduction first (issue 34): when the C deducer settles a puzzle alone, its answer is the
search's, and it is the same answer as the exact-cover methods' and the independent ones'.

Held to three sources: the brute-force solver of ``bruteforce.py`` on boards with no, one,
two and many solutions; the stored loops of the 696 psm puzzles (published answers, or
proven by CP-SAT), every class from 6x6 to 40x40; and the guard on dancing links, an
exact-cover method that shares no code with the deducer, on a few puzzles of every class.
"""
from __future__ import annotations

from collections import defaultdict

import pytest

import masyu
import xcc
from masyu import Puzzle, Search
from masyu.deduce import native, settle
from masyu.methods import DEDUCE, deduces_first

from .bruteforce import BOARDS, strong_set

pytestmark = pytest.mark.skipif(native.run_raw is None, reason="the C deducer is not built")

PSM = "tests/data/puzzles/psm.txt"


@pytest.fixture(scope="module")
def psm():
    puzzles = masyu.load(PSM)
    loops = masyu.load_solutions("tests/data/puzzles/psm_solutions.txt")
    return puzzles, loops


def test_deduction_settles_what_brute_force_finds():
    kinds = defaultdict(int)
    for rows, cols, pearls in BOARDS:
        settled = settle(Puzzle(rows, cols, pearls))
        if settled is None:
            continue
        strong = strong_set(rows, cols, pearls)
        assert settled.count == len(strong) <= 1, (rows, cols, pearls)
        if settled.count:
            assert settled.edges() == next(iter(strong))
        kinds[settled.count] += 1
    assert kinds[0] and kinds[1], dict(kinds)   # both verdicts met: no loop, one loop


def test_a_search_that_deduction_settles_answers_as_brute_force(psm):
    for rows, cols, pearls in BOARDS[:120]:
        p = Puzzle(rows, cols, pearls)
        strong = strong_set(rows, cols, pearls)
        search = Search(p)
        loops = {loop.edges for loop in search}
        assert loops == set(strong), (rows, cols, pearls)
        assert (search.method == DEDUCE) == (settle(p) is not None)


def test_every_psm_puzzle_deduction_settles_is_its_stored_loop(psm):
    puzzles, loops = psm
    settled_by_class = defaultdict(int)
    for p in puzzles:
        settled = settle(p)
        if settled is None:
            continue
        assert settled.count == 1, p.name
        assert settled.edges() == loops[p.name].edges, p.name
        settled_by_class[p.name.split("-")[1]] += 1
    for size in ("6x6", "8x8", "10x10", "15x15", "20x20", "25x25", "40x40"):
        assert settled_by_class[size], size   # deduction answers in every size


def test_deduction_agrees_with_exact_cover_on_every_class(psm):
    puzzles, loops = psm
    by_class = defaultdict(list)
    for p in puzzles:
        if p.rows <= 25:
            by_class[p.name.rsplit("-", 1)[0]].append(p)
    for name, members in by_class.items():
        for p in members[:2]:
            found = masyu.count(p, limit=2)
            # the prover of each engine, no deduction: dancing links where they are quick
            engine = "c" if p.rows * p.cols <= 100 or "sat" not in xcc.ENGINES else "sat"
            exact_cover = masyu.count(p, engine=engine, limit=2)
            assert exact_cover.method != DEDUCE and exact_cover.stats.engine == engine
            assert int(found) == int(exact_cover) == 1, p.name
            assert (found.method == DEDUCE) == (settle(p) is not None), p.name
            assert masyu.is_unique(p), p.name
            assert next(iter(masyu.solve(p))) == loops[p.name], p.name


def test_the_result_names_deduction():
    p = masyu.load(PSM)[0]
    assert settle(p) is not None
    n = masyu.count(p)
    assert (int(n), n.method, n.encoding, n.stats.engine, n.complete) == (1, DEDUCE, None,
                                                                            DEDUCE, True)
    report = n.as_dict()
    assert report["method"] == "deduce" and report["strong"] == 1
    assert report["assignments"] > 0 and report["probes"] >= 0
    first = masyu.count(p, limit=1)
    assert int(first) == 1 and not first.complete      # a limit reached stops early, as before
    search = Search(p)
    assert search.encoding.kind == "423"               # made when asked for
    assert masyu.explain(p).steps                       # the proof, step by step


def test_deduction_first_only_for_the_policy_methods():
    p = masyu.load(PSM)[0]
    assert deduces_first(False, "auto") and deduces_first(False, "best")
    for how in (dict(weak=True), dict(method="guard"), dict(engine="c"), dict(encoding="423"),
                dict(method="filter")):
        assert Search(p, **how).method != DEDUCE, how
    assert masyu.parallel.count(p, jobs=1).method != DEDUCE   # split: one run, resumable


def test_without_the_c_deducer_the_search_runs(monkeypatch):
    p = masyu.load(PSM)[0]
    monkeypatch.setattr(native, "run_raw", None)
    assert settle(p) is None
    n = masyu.count(p, limit=2)
    assert int(n) == 1 and n.method != DEDUCE
