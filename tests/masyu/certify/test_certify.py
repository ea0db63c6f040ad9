"""Certificates of uniqueness (masyu.certify): the rules, the cuts, prove and verify.

Independent sources: the brute-force solver of tests/masyu/bruteforce.py (the
rules' CNF has exactly its weak solutions; prove agrees with its count), the
stored loops of tests/data/puzzles (the solution of every certificate), and
masyu.check (every single loop satisfies every cut prove writes).
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from masyu import Loop, Puzzle, count
from masyu.board import board
from masyu.certify import NotUnique, prove, verify
from masyu.certify import files as cfiles
from masyu.certify.cuts import check_cut, component_cuts, separate_cut, loop_cut
from masyu.certify.rules import rule_clauses
from masyu.collection import load, load_solutions
from xcc import drat

from .. import bruteforce

from tests.data import PUZZLES, STEP
CHECKERS = [c for c in drat.CHECKERS if drat.available(c)]


@pytest.fixture(scope="module")
def psm():
    puzzles = load(PUZZLES / "psm.txt")
    loops = load_solutions(PUZZLES / "psm_solutions.txt")
    return puzzles, loops


def first_of_size(puzzles, rows, label=""):
    return next(p for p in puzzles if p.rows == rows and label in p.name)


def models(puzzle: Puzzle) -> set[frozenset]:
    """Every model of the rules' CNF, as edge sets (CaDiCaL, blocking each one)."""
    from pysat.solvers import Solver
    b = board(puzzle.rows, puzzle.cols)
    out = set()
    with Solver(name="cadical195", bootstrap_with=[c.lits for c in rule_clauses(puzzle)]) as s:
        while s.solve():
            m = s.get_model()
            out.add(frozenset(b.edges[k] for k in range(b.nedges) if m[k] > 0))
            s.add_clause([-x for x in m[:b.nedges]])
            assert len(out) < 20000
    return out


@pytest.mark.parametrize("rows, cols, pearls", bruteforce.BOARDS[:120])
def test_the_rules_have_exactly_the_weak_solutions(rows, cols, pearls):
    assert models(Puzzle(rows, cols, pearls)) == set(bruteforce.weak_set(rows, cols, pearls))


def test_every_stored_loop_satisfies_the_rules(psm):
    puzzles, loops = psm
    for p in puzzles[::97 // STEP]:
        b = board(p.rows, p.cols)
        on = {b.index[e] + 1 for e in loops[p.name].edges}
        for c in rule_clauses(p):
            assert any((x > 0) == (abs(x) in on) for x in c.lits), (p.name, c)


def satisfies(lits, loop: Loop) -> bool:
    b = board(loop.rows, loop.cols)
    on = {b.index[e] + 1 for e in loop.edges}
    return any((x > 0) == (abs(x) in on) for x in lits)


def test_the_cuts_of_prove_are_valid_and_kept_by_every_loop(psm):
    """Every cut prove writes passes check_cut and is satisfied by the stored loop; on
    tiny boards, by every strong solution of the puzzle with some pearls left out."""
    puzzles, loops = psm
    for p in [first_of_size(puzzles, n) for n in (6, 10, 15, 25)]:
        cert = prove(p)
        assert cert.cuts
        for c in cert.cuts:
            assert check_cut(p, c.kind, c.cells, c.lits) is None
            assert satisfies(c.lits, loops[p.name])
    for rows, cols, pearls in bruteforce.BOARDS[:60]:
        if not pearls or rows * cols > 16:
            continue
        p = Puzzle(rows, cols, pearls)
        for weak in sorted(bruteforce.weak_set(rows, cols, pearls), key=sorted)[:10]:
            b = board(rows, cols)
            for c in component_cuts(p, [b.index[e] for e in weak]):
                assert check_cut(p, c.kind, c.cells, c.lits) is None
                for strong in bruteforce.strong_set(rows, cols, pearls):
                    assert satisfies(c.lits, Loop(rows, cols, strong))
    # cuts that cut a real loop are refused
    p, loop = puzzles[0], loops[puzzles[0].name]
    b = board(p.rows, p.cols)
    everything = [(r, c) for r in range(p.rows) for c in range(p.cols)]
    assert "every pearl" in check_cut(p, "separate", everything, [1])
    assert "no pearl" in check_cut(p, "separate", [(0, 0)], separate_cut(p, [(0, 0)]).lits) \
        or p.pearl_at((0, 0))
    assert "passes a pearl" in check_cut(p, "loop", *(lambda c: (c.cells, c.lits))(
        loop_cut(p, [b.index[e] for e in loop.edges])))
    half = [cell for cell in everything if cell[0] < p.rows // 2]
    cut = separate_cut(p, half)
    assert check_cut(p, "separate", half, cut.lits) is None
    assert "not the edges" in check_cut(p, "separate", half, cut.lits[1:])


@pytest.mark.parametrize("rows, cols, pearls", bruteforce.BOARDS[:60])
def test_prove_agrees_with_brute_force_on_tiny_boards(rows, cols, pearls, tmp_path):
    p = Puzzle(rows, cols, pearls)
    strong = bruteforce.strong_set(rows, cols, pearls)
    if len(strong) != 1 or not pearls:
        with pytest.raises(NotUnique):
            prove(p)
        return
    cert = prove(p)
    assert cert.solution.edges == next(iter(strong))
    cert.write(tmp_path)
    for checker in CHECKERS:
        v = verify(tmp_path, checker)
        assert v.verified, v.reason


@pytest.mark.parametrize("rows, label", [(6, ""), (8, ""), (10, "hard"), (15, "hard"),
                                         (20, ""), (25, "hard"), (40, "")])
def test_certificates_of_psm_puzzles_verify(psm, rows, label, tmp_path):
    puzzles, loops = psm
    p = first_of_size(puzzles, rows, label)
    cert = prove(p)
    assert cert.solution == loops[p.name]
    manifest = cert.write(tmp_path)
    assert set(manifest["files"]) == set(cfiles.FILES.values())
    verdicts = [verify(tmp_path, c) for c in CHECKERS]
    for v in verdicts:
        assert v.verified, v.reason
        assert v.solution == loops[p.name]
    assert len({json.dumps(v.counts, sort_keys=True) for v in verdicts}) == 1
    assert verify(tmp_path, puzzle=p).verified
    other = first_of_size(puzzles, rows, "easy" if label == "hard" else "hard") \
        if rows not in (6, 8, 40) else Puzzle(p.rows, p.cols, p.pearls[1:])
    assert "another puzzle" in verify(tmp_path, puzzle=other).reason


def test_the_proof_checks_in_both_twins_alike_when_mutated(psm, tmp_path):
    """CaDiCaL's proofs of Masyu formulas, and lines of them changed: same verdicts."""
    if "c" not in CHECKERS:
        pytest.skip("no compiled extension")
    puzzles, _ = psm
    rng = random.Random(7)
    refused = 0
    for p in [first_of_size(puzzles, n) for n in (8, 10, 15)]:
        cert = prove(p)
        steps = drat.parse_drat("\n".join(cert.proof), cert.nvars)
        formula = cert.formula()
        for _ in range(8):
            bad = list(steps)
            i = rng.randrange(len(bad))
            s = bad[i]
            bad[i] = drat.Step(s.kind, tuple(-x for x in s.lits) or (1,), s.line)
            a = drat.check(cert.nvars, formula, bad, "python")
            b = drat.check(cert.nvars, formula, bad, "c")
            assert a == b
            refused += not a.verified
    assert refused


def test_prove_refuses_puzzles_without_a_unique_solution():
    corner = Puzzle.from_grid(["W...", "....", "....", "...."])   # a white pearl cannot turn
    assert count(corner) == 0
    with pytest.raises(NotUnique, match="no solution"):
        prove(corner)
    one = Puzzle.from_grid(["......", ".W....", "......", "......"])
    assert count(one, limit=2) == 2
    with pytest.raises(NotUnique, match="two solutions"):
        prove(one)


def test_the_api_is_at_the_top_of_masyu(psm, tmp_path):
    import masyu
    puzzles, loops = psm
    p = first_of_size(puzzles, 6)
    cert = masyu.prove(p)
    assert isinstance(cert, masyu.Certificate) and cert.solution == loops[p.name]
    cert.write(tmp_path)
    v = masyu.verify(tmp_path)
    assert isinstance(v, masyu.Verdict) and v and v.puzzle == p


def test_the_benchmark_prints_its_table():
    import subprocess
    import sys
    root = Path(__file__).resolve().parents[3]
    r = subprocess.run([sys.executable, str(root / "benchmarks" / "certify.py"), "--per-class",
                        "1"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    rows = [ln for ln in r.stdout.splitlines() if ln.startswith("| ")]
    assert rows[0].startswith("| class | puzzles | prove s")
    assert [ln.split(" | ")[0] for ln in rows[1:]] == ["| 10x10", "| 15x15", "| 25x25 hard",
                                                      "| 40x40"]


@pytest.fixture(scope="module")
def cert10(psm):
    puzzles, _ = psm
    return prove(first_of_size(puzzles, 10, "hard"))


def test_without_the_extension_verify_uses_the_python_checker(cert10, tmp_path):
    import subprocess
    import sys
    cert10.write(tmp_path)
    code = ('import sys\nsys.modules["xcc._native"] = None\n'
            'import masyu, xcc\nassert not xcc.drat.available("c")\n'
            f'v = masyu.verify({str(tmp_path)!r})\nprint(v.verified, v.counts["lemmas"])\n')
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["True", str(verify(tmp_path, "c").counts["lemmas"])]


@pytest.mark.skipif(not __import__("shutil").which("drat-trim"), reason="drat-trim not on PATH")
def test_drat_trim_accepts_the_proof(cert10, tmp_path):
    """A third party's checker (github.com/marijnheule/drat-trim), when installed."""
    import shutil
    import subprocess
    cert10.write(tmp_path)
    r = subprocess.run([shutil.which("drat-trim"), str(tmp_path / "formula.cnf"),
                        str(tmp_path / "proof.drat"), "-f"], capture_output=True, text=True,
                       timeout=300)
    assert "s VERIFIED" in r.stdout, r.stdout[-2000:]
