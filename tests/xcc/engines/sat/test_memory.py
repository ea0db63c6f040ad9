"""The SAT engine's memory: refused up front when the formula is too big, warned and
then stopped while blocking clauses pile up (issue 20)."""
from __future__ import annotations

import pytest

import masyu
import xcc
from xcc.engines.sat import engine as sat

pytest.importorskip("pysat")

PROBLEM = masyu.encode(masyu.Puzzle(6, 6), "422").problem   # 840 entries, millions of solutions


def test_a_formula_over_the_memory_is_refused_before_it_is_built():
    with pytest.raises(xcc.XCCError, match="840 option entries would need"):
        xcc.count(PROBLEM, engine=sat.SatEngine(memory=100_000))


def test_blocking_clauses_warn_then_stop(monkeypatch):
    monkeypatch.setattr(sat, "WARN_BYTES", 20_000)
    engine = sat.SatEngine(memory=sat.BYTES_PER_ENTRY * 840 + 200_000)
    found = 0
    with pytest.warns(UserWarning, match="keeps a clause per solution"):
        with pytest.raises(xcc.XCCError, match="clauses that block the solutions"):
            for _ in xcc.solve(PROBLEM, engine=engine):
                found += 1
    # each blocking clause names 36 tile options and the colored edges: about 0.4 KB
    assert 200 < found < 2_000


def test_the_memory_argument_is_checked():
    for bad in (0, -1, 1.5, True, "1G"):
        with pytest.raises(xcc.XCCError, match="memory"):
            sat.SatEngine(memory=bad)
