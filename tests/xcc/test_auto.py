"""Engine "auto": the candidate of the table AUTO whose facts fit the problem
and whose crossover (options per primary item) it reaches, run as that engine
would run (the same answers and statistics)."""
from __future__ import annotations

import pytest

import xcc
from xcc.engines import REGISTRY, auto, get
from xcc.examples import queens, sums2
from xcc.puzzles_examples import langford, pentominoes

HAVE_C = "c" in xcc.ENGINES and "cells" in xcc.ENGINES
needs_c = pytest.mark.skipif(not HAVE_C, reason="the compiled engines are not built")
AUTO = get("auto")


def test_options_per_item():
    # queens n: n*n options of two primary items (a row, a column) over 2n items
    assert auto.options_per_item(queens(8)) == 8.0
    # Langford n: pair k at i and i+k+1 for i+k+1 < 2n, one option per (k, i)
    # (the first pair's mirror images dropped), over n + 2n primary items
    n = 11
    p = langford(n)
    assert auto.options_per_item(p) == sum(len(o) for o in p.options) / (3 * n)


@needs_c
@pytest.mark.parametrize("problem, cycle, chosen", [
    (pentominoes(3, 20), None, "cells"),  # 103 options per item
    (langford(11), None, "cells"),  # 15
    (queens(10), None, "cells"),  # 10: a tie measured, and no crossover in AUTO
])
def test_the_choice_and_its_run(problem, cycle, chosen):
    assert AUTO.choose(problem, cycle) == chosen
    mine = xcc.count(problem, engine="auto", cycle=cycle)
    theirs = xcc.count(problem, engine=chosen, cycle=cycle)
    assert mine.solutions == theirs.solutions > 0
    assert (mine.nodes, mine.updates, mine.mems) == (theirs.nodes, theirs.updates, theirs.mems)
    assert mine.engine == "auto" and mine.complete


@needs_c
def test_the_table_drives_the_rule(monkeypatch):
    monkeypatch.setattr(auto, "AUTO", (("cells", 9.0), ("c", 0.0)))  # a crossover at 9
    assert AUTO.choose(queens(8)) == "c" and AUTO.choose(queens(9)) == "cells"
    monkeypatch.setattr(auto, "AUTO", (("cells", 1e9), ("c", 0.0)))
    assert AUTO.choose(pentominoes(3, 20)) == "c"
    # with a single-cycle constraint: cells does not take it (its fact cycle), c does
    p = xcc.Problem(["a", "b"], ["x"], [["a", "x:1"], ["b", "x:1"], ["a", "b"]])
    cycle = xcc.Cycle({"x": [((0, 1), "1")]})
    monkeypatch.setattr(auto, "AUTO", (("cells", 0.0), ("c", 0.0)))
    assert AUTO.choose(p) == "cells" and AUTO.choose(p, cycle) == "c"
    mine, theirs = (xcc.count(p, engine=e, cycle=cycle) for e in ("auto", "c"))
    assert (mine.solutions, mine.nodes, mine.mems) == (theirs.solutions, theirs.nodes, theirs.mems)
    monkeypatch.setattr(auto, "AUTO", (("memo", 0.0), ("python", 0.0)))
    assert AUTO.choose(queens(8)) == "python"  # memo is exact: it does not list


def test_refusals_and_defaults():
    assert xcc.DEFAULT_ENGINE in ("c", "python")  # auto is nobody's default
    with pytest.raises(xcc.XCCError, match="engine 'auto' does not solve a problem with "
                                           "multiplicities"):
        xcc.count(sums2(3), engine="auto")
    e = REGISTRY["auto"]
    assert not (e.exact or e.splits or e.multiplicities) and e.cycle
    assert e.budget == max(REGISTRY[n].budget for n, _ in auto.AUTO)
    assert list(e.counter_labels)[:5] == ["nodes", "updates", "cleansings", "mems", "max_level"]
    with pytest.raises(xcc.XCCError, match="engine 'auto' cannot split"):
        xcc.count(queens(6), engine="auto", jobs=2)
