"""The deducer's forced edges seed the search (issue 34): the answers do not change.

When the bounded C deducer does not settle a puzzle, the edges it forced become constants
of the encoding (``masyu.encodings.encode(..., forced=)``) and the search runs on what is
left.  Sound deductions hold in every strong solution, so every method, encoding and
engine must give the same loops and the same counts with and without the seed.  Held to
independent sources: the brute-force solver of ``bruteforce.py`` on tiny boards with
no, one, two and many solutions; the stored loops of the psm puzzles the repository
carries (published answers, or proven by CP-SAT); and the exact counts of the memo
engine (a diagram, no listing, no seed) on ambiguous puzzles.
"""
from __future__ import annotations

from collections import defaultdict

import pytest

import masyu
import xcc
from masyu import Puzzle, Search
from masyu.board import board
from masyu.deduce import deduction, native
from masyu.encodings import encode
from masyu.errors import MasyuError, MasyuTypeError

from .bruteforce import BOARDS, strong_set

pytestmark = pytest.mark.skipif(native.run_raw is None, reason="the C deducer is not built")

PSM = "tests/data/puzzles/psm.txt"
ENGINES = [e for e in ("c", "python", "sat") if e in xcc.ENGINES]
METHODS = ("filter", "guard", "propagate")


@pytest.fixture(scope="module")
def psm():
    return masyu.load(PSM), masyu.load_solutions("tests/data/puzzles/psm_solutions.txt")


def open_puzzles(puzzles, per_class: int, max_rows: int = 25):
    """The first ``per_class`` puzzles of each class that deduction leaves open."""
    by_class = defaultdict(list)
    for p in puzzles:
        name = p.name.rsplit("-", 1)[0]
        if p.rows <= max_rows and len(by_class[name]) < per_class:
            if not deduction(p).settled:
                by_class[name].append(p)
    return [p for members in by_class.values() for p in members]


def thinned(p: Puzzle, keep) -> Puzzle:
    return Puzzle(p.rows, p.cols, [x for k, x in enumerate(p.pearls) if keep(k)], name=p.name)


def test_every_method_seeded_finds_what_brute_force_finds():
    seeded_open = seeded_many = 0
    ran = defaultdict(int)
    for i, (rows, cols, pearls) in enumerate(BOARDS[:40]):
        p = Puzzle(rows, cols, pearls)
        strong = set(strong_set(rows, cols, pearls))
        found = deduction(p)
        for k, (encoding, method, engine) in enumerate(
                (e, m, g) for e in ("422", "423") for m in METHODS for g in ENGINES):
            if engine != "c" and (i + k // len(ENGINES)) % 3:   # the others: a third
                continue
            ran[engine] += 1
            how = dict(encoding=encoding, method=method, engine=engine)
            search = Search(p, seed=True, **how)
            assert search.seeded == found.forced
            assert {loop.edges for loop in search} == strong, (rows, cols, pearls, how)
            assert int(masyu.count(p, seed=True, **how)) == len(strong), (pearls, how)
            assert {loop.edges for loop in Search(p, seed=False, **how)} == strong, how
        if not found.settled and found.forced:
            seeded_open += 1
            seeded_many += len(strong) >= 2
    assert seeded_open and seeded_many, (seeded_open, seeded_many)   # the seed was partial
    assert all(ran[engine] >= 40 for engine in ENGINES), dict(ran)


def test_seeded_searches_find_the_stored_loops(psm):
    puzzles, loops = psm
    chosen = open_puzzles(puzzles, per_class=2)
    assert {p.rows for p in chosen} >= {8, 10, 15, 20, 25}
    for p in chosen:
        search = Search(p, limit=2)   # the policy: auto, seeded
        assert search.seeded > 0 and search.method != "deduce", p.name
        assert [loop.edges for loop in search] == [loops[p.name].edges], p.name
        assert masyu.is_unique(p) and masyu.is_unique(p, method="best"), p.name
        engines = ["c"] + (["sat"] if "sat" in xcc.ENGINES else [])
        for engine in engines if p.rows <= 15 else engines[1:]:
            for method in ("guard", "propagate"):
                n = masyu.count(p, method=method, engine=engine, limit=2, seed=True)
                assert (int(n), n.complete) == (1, True), (p.name, method, engine)


def test_seeding_loses_no_solution_when_counting(psm):
    puzzles, _ = psm
    cases = defaultdict(int)   # by class
    for p in puzzles:
        name = p.name.rsplit("-", 1)[0]
        if p.rows > 10 or cases[name] >= 2:
            continue
        # some pearls gone (a quarter, an eighth on 10x10): several loops
        q = thinned(p, (lambda k: k % 4) if p.rows < 10 else (lambda k: k % 8))
        found = deduction(q)
        if found.settled or not found.forced:
            continue
        plain = int(masyu.count(q, method="guard", engine="c", seed=False))
        if not 2 <= plain <= 2000:
            continue
        if p.rows <= 8:   # the memo engine: a diagram, no listing, no seed
            assert int(masyu.count(q, exact=True)) == plain, q.name
        cases[name] += 1
        assert int(masyu.count(q)) == plain, q.name   # auto: seeded, both runs
        assert int(masyu.count(q, method="guard", engine="c", seed=True)) == plain, q.name
        assert int(masyu.count(q, method="propagate", seed=True, encoding="422")) == plain
        loops = {loop.edges for loop in Search(q, seed=True)}
        assert len(loops) == plain and loops == {loop.edges for loop in
                                                  Search(q, method="guard", seed=False)}
        if sum(cases.values()) <= 2:
            assert int(masyu.parallel.count(q, jobs=1)) == plain, q.name   # split, seeded
    assert len(cases) >= 6 and sum(cases.values()) >= 12, dict(cases)


def test_the_policy_seeds_and_plain_engines_do_not(psm):
    puzzles, _ = psm
    p = open_puzzles(puzzles, per_class=1, max_rows=10)[-1]
    found = deduction(p)
    assert not found.settled and found.forced
    search = Search(p)
    assert search.seeded == found.forced and search.method != "deduce"
    plain = encode(p)
    assert len(search.encoding.problem.options) < len(plain.problem.options)
    for how in (dict(method="guard"), dict(engine="c"), dict(encoding="423"), dict(weak=True),
                dict(seed=False)):
        search = Search(p, **how)
        assert search.seeded == 0, how
        assert search.encoding.problem.options == encode(p, search.encoding.kind).problem.options


def test_a_whole_loop_forced_leaves_one_solution(psm):
    puzzles, loops = psm
    for p in puzzles[:40:4]:
        bd = board(p.rows, p.cols)
        values = bytes(bd.values(loops[p.name].edges))
        for kind in ("422", "423"):
            enc = encode(p, kind, forced=values)
            assert not enc.problem.secondary, (p.name, kind)   # every edge a constant
            solutions = list(xcc.solve(enc.problem))
            assert [enc.edges_of(s) for s in solutions] == [loops[p.name].edges], (p.name, kind)
        wrong = bytearray(values)
        wrong[next(e for e in range(bd.nedges) if values[e] == 1)] = 0
        for kind in ("422", "423"):   # a forced edge against the loop: no weak solution left
            enc = encode(p, kind, forced=bytes(wrong))
            assert xcc.count(enc.problem).solutions == 0, (p.name, kind)


def test_forced_values_are_checked_at_the_door():
    p = masyu.load(PSM)[0]
    n = board(p.rows, p.cols).nedges
    for bad in (b"\x02" * (n - 1), b"\x03" * n, b"\x02" * n + b"\x01", 7):
        with pytest.raises(MasyuError, match="forced"):
            encode(p, forced=bad)
    assert encode(p, forced=b"\x02" * n).problem.options == encode(p).problem.options
    with pytest.raises(MasyuError, match="seed"):
        Search(p, weak=True, seed=True)
    with pytest.raises(MasyuTypeError, match="seed"):
        Search(p, seed="yes")
