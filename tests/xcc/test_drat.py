"""The DRAT checker (xcc.drat): hand-made proofs, and the C and Python twins agreeing.

The hand-made cases are small enough to check by hand (each says why the verdict
is right); the random ones are CaDiCaL's proofs of random unsatisfiable 3-SAT
formulas, which drat-trim would accept, and mutations of them.
"""
from __future__ import annotations

import random
from array import array

import pytest

from xcc import drat
from xcc.drat import ADD, DELETE, Step, check, parse_dimacs, parse_drat
from xcc.errors import XCCError

ENGINES = [e for e in drat.CHECKERS if drat.available(e)]
TWINS = pytest.mark.skipif(not drat.available("c"), reason="no compiled extension")

# (a|b)(a|-b)(-a|b)(-a|-b): unsatisfiable, but not by unit propagation alone
SQUARE = [[1, 2], [1, -2], [-1, 2], [-1, -2]]


def proof(text: str, nvars: int = 4) -> list[Step]:
    return parse_drat(text, nvars)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_rup_proof_verifies(engine):
    # "1": assigning -1 gives 2 and -2 by the clauses (1|2), (1|-2): a conflict
    r = check(2, SQUARE, proof("1 0\n0\n", 2), engine)
    assert r.verified and r.counts["lemmas"] == 1 and r.counts["rat"] == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_no_proof_or_a_missing_clause_is_refused(engine):
    r = check(2, SQUARE, [], engine)
    assert not r.verified and "without deriving the empty clause" in r.reason
    # without (-a|-b) the formula is satisfiable (a = b = 1): the empty clause is not RUP
    r = check(2, SQUARE[:3], proof("1 0\n0\n", 2), engine)
    assert not r.verified and r.step == 1 and r.line == 2
    assert "proof line 2" in r.reason


@pytest.mark.parametrize("engine", ENGINES)
def test_a_rat_lemma_is_accepted_and_a_bad_one_refused(engine):
    f = [[-1, 2], [-1, 3], [1, 4]]
    # (1|-2|-3) is not RUP (-1, 2, 3 propagate to 4, no conflict) but RAT on 1: the
    # resolvents with (-1|2) and (-1|3) are tautologies
    r = check(4, f, proof("1 -2 -3 0\n"), engine)
    assert r.counts == {"lemmas": 1, "rat": 1, "deletions": 0, "ignored": 0}
    assert "without deriving" in r.reason
    # (-2) is not RUP (2 propagates nothing to a conflict) nor RAT: the resolvent
    # with (-1|2) is (-2|-1), and 2, 1 propagate only to 3
    r = check(4, f, proof("-2 0\n"), engine)
    assert not r.verified and r.step == 0 and "neither RUP nor RAT" in r.reason
    # a fresh variable: RAT with no resolvent at all
    r = check(5, f, parse_drat("5 0\n", 5), engine)
    assert r.counts["rat"] == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_deletions_follow_drat_trim(engine):
    # the unit (1) is the reason of 1 at the top level: its deletion is ignored, so
    # (2) stays RUP; a clause that is not there is ignored too
    f = [[1], [-1, 2], [3, 4]]
    steps = proof("d 1 0\nd 3 -4 0\nd 4 3 0\n2 0\n")
    r = check(4, f, steps, engine)
    assert r.counts == {"lemmas": 1, "rat": 0, "deletions": 1, "ignored": 2}
    # a deleted clause is gone: (3) is RUP with (3|4), (3|-4), not after deleting one
    f = [[3, 4], [3, -4], [-3, 1], [-3, -1]]
    assert check(4, f, proof("3 0\n0\n"), engine).verified
    r = check(4, f, proof("d 4 3 0\n3 0\n0\n"), engine)
    assert not r.verified and r.line == 2


@pytest.mark.parametrize("engine", ENGINES)
def test_a_formula_refuted_by_propagation_needs_no_proof(engine):
    assert check(2, [[1], [-1, 2], [-2]], [], engine).verified
    assert check(1, [[]], [], engine).verified


def test_the_readers_refuse_bad_text():
    assert parse_dimacs("c hi\np cnf 3 2\n1 -2 0\n3\n0\n") == (3, [[1, -2], [3]])
    for text, words in [("1 2 0\n", "before the header"), ("p cnf 2 1\n1 3 0\n", "beyond"),
                        ("p cnf 2 2\n1 0\n", "header says 2"), ("p cnf 2 1\n1 x 0\n", "integers"),
                        ("p cnf 2 1\n1 2\n", "does not end")]:
        with pytest.raises(XCCError, match=words):
            parse_dimacs(text)
    assert proof("c x\n1 2 0\nd -1 0\n") == [Step(ADD, (1, 2), 2), Step(DELETE, (-1,), 3)]
    for text in ("1 2\n", "1 0 2 0\n", "d\n", "9 0\n"):
        with pytest.raises(XCCError):
            proof(text)
    with pytest.raises(XCCError, match="unknown DRAT checker"):
        check(2, SQUARE, [], "java")


@TWINS
def test_the_glue_refuses_inconsistent_arrays():
    a = lambda *x: array("i", x)  # noqa: E731
    with pytest.raises(ValueError, match="offsets"):
        drat._native.drat_check(2, a(1, 2), a(0, 3), a(), a(0), a())
    with pytest.raises(ValueError, match="outside"):
        drat._native.drat_check(2, a(1, 3), a(0, 2), a(), a(0), a())
    with pytest.raises(ValueError, match="kind"):
        drat._native.drat_check(2, a(1, 2), a(0, 2), a(1), a(0, 1), a(2))
    with pytest.raises(TypeError):
        drat._native.drat_check(2, [1, 2], a(0, 2), a(), a(0), a())


def random_unsat(rng: random.Random):
    """A random 3-SAT formula past the threshold and CaDiCaL's proof, or None if satisfiable."""
    from pysat.solvers import Solver
    n = rng.randint(15, 60)
    m = int(n * rng.uniform(4.6, 6.0))
    f = [[rng.choice((-1, 1)) * v for v in rng.sample(range(1, n + 1), 3)] for _ in range(m)]
    with Solver(name="cadical195", bootstrap_with=f, with_proof=True) as s:
        if s.solve():
            return None
        return n, f, parse_drat("\n".join(s.get_proof()), n)


def mutate(rng: random.Random, steps: list[Step], n: int) -> list[Step]:
    out = list(steps)
    i = rng.randrange(len(out))
    s = out[i]
    how = rng.randrange(4)
    if how == 0 and s.lits:                       # flip a literal
        lits = list(s.lits)
        j = rng.randrange(len(lits))
        lits[j] = -lits[j]
        out[i] = Step(s.kind, tuple(lits), s.line)
    elif how == 1:                                # drop the step
        del out[i]
    elif how == 2:                                # a deletion made an addition, or back
        out[i] = Step(ADD if s.kind == DELETE else DELETE, s.lits, s.line)
    else:                                         # a literal added
        out[i] = Step(s.kind, s.lits + (rng.choice((-1, 1)) * rng.randint(1, n),), s.line)
    return out


@TWINS
def test_the_twins_agree_on_solver_proofs_and_their_mutants():
    rng = random.Random(18)
    proofs = refused = 0
    while proofs < 40:
        got = random_unsat(rng)
        if got is None:
            continue
        n, f, steps = got
        proofs += 1
        a, b = check(n, f, steps, "python"), check(n, f, steps, "c")
        assert a == b and a.verified, (a, b)
        for _ in range(6):
            bad = mutate(rng, steps, n)
            a, b = check(n, f, bad, "python"), check(n, f, bad, "c")
            assert a == b, (a, b)
            refused += not a.verified
        # dropping one clause of the formula (the proof may then fail)
        g = f[:rng.randrange(len(f))] + f[len(f) // 2 + 1:]
        assert check(n, g, steps, "python") == check(n, g, steps, "c")
    assert refused > 20   # the mutants are not all harmless: the test can see a difference


@TWINS
def test_the_twins_agree_on_random_proofs_with_rat_lemmas():
    """Random lemmas (some on fresh variables) and deletions over small random formulas:
    many are RAT with real resolvents, many refused; the twins say the same of each."""
    rng = random.Random(422)
    rat = refused = 0
    for _ in range(300):
        n = rng.randint(4, 10)
        f = [[rng.choice((-1, 1)) * v for v in rng.sample(range(1, n + 1), rng.randint(1, 3))]
             for _ in range(rng.randint(3, 25))]
        steps = []
        for k in range(rng.randint(1, 30)):
            if rng.random() < 0.3 and f:
                steps.append(Step(DELETE, tuple(rng.choice(f)), k + 1))
            else:
                width = rng.randint(0, 3)
                lits = tuple(rng.choice((-1, 1)) * rng.randint(1, n + 2) for _ in range(width))
                steps.append(Step(ADD, lits, k + 1))
        a, b = check(n + 2, f, steps, "python"), check(n + 2, f, steps, "c")
        assert a == b, (f, steps, a, b)
        rat += a.counts["rat"]
        refused += a.step is not None
    assert rat > 50 and refused > 50
