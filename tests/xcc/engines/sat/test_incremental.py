"""xcc.SatSolver: one CaDiCaL across solves, clauses added as they come, assumptions per solve."""
from __future__ import annotations

import itertools

import pytest

import xcc

pytestmark = pytest.mark.skipif(not xcc.SatSolver.available(),
                                reason="python-sat is not installed")


def _models(n: int, clauses, assumptions=()) -> set[tuple[int, ...]]:
    """Every model over variables 1..n, by brute force."""
    out = set()
    for bits in itertools.product((False, True), repeat=n):
        lit = lambda x: bits[abs(x) - 1] == (x > 0)   # noqa: E731
        if all(lit(a) for a in assumptions) and all(any(lit(x) for x in c) for c in clauses):
            out.add(tuple(v if b else -v for v, b in zip(range(1, n + 1), bits)))
    return out


def test_solves_under_assumptions_and_keeps_added_clauses():
    clauses = [[1, 2, 3], [-1, -2], [-2, -3], [-1, -3]]   # exactly one of three
    with xcc.SatSolver(clauses) as s:
        assert s.solve() and tuple(s.model) in _models(3, clauses)
        assert s.solve([1]) and s.model[0] == 1
        assert not s.solve([1, 2])          # an assumption holds for one solve only
        assert s.solve([2]) and tuple(s.model) == (-1, 2, -3)
        s.add_clause([-2])                  # a clause holds for good
        assert not s.solve([2])
        found = set()
        while s.solve():                    # enumerate by blocking clauses
            found.add(tuple(s.model))
            s.add_clause([-x for x in s.model])
        assert found == _models(3, clauses + [[-2]])
    assert s.closed


def test_phases_do_not_change_the_answers():
    clauses = [[1, 2], [-1, 3], [-2, -3]]
    with xcc.SatSolver(clauses) as s:
        s.set_phases([-1, 2, -3])
        assert s.solve() and tuple(s.model) in _models(3, clauses)
        assert s.solve([1]) and tuple(s.model) in _models(3, clauses, [1])
        assert not s.solve([2, 3])


def test_an_empty_formula_and_close_twice():
    s = xcc.SatSolver()
    assert s.solve() and not s.closed
    s.close()
    s.close()
    assert s.closed
