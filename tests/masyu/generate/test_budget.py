"""The generator's budget (issue 31): counted in steps, so a seed and a budget give the
same puzzle; the puzzle made within a budget is still unique (counted by another method
and engine: dancing links with propagation); progress reports candidates and scores."""
from __future__ import annotations

import pytest

import masyu
from masyu import MasyuError
from masyu.generate import generate_with_loop


def unique(puzzle) -> bool:
    return int(masyu.count(puzzle, method="propagate", engine="c", limit=2)) == 1


def test_a_budget_gives_the_same_puzzle_and_stays_unique():
    free = generate_with_loop(10, 10, seed=1)
    tight = generate_with_loop(10, 10, seed=1, budget=20)
    again = generate_with_loop(10, 10, seed=1, budget=20)
    assert tight.puzzle == again.puzzle and tight.steps == again.steps
    # the budget stopped the removals early: more pearls, the same loop, still unique
    assert len(tight.puzzle.pearls) > len(free.puzzle.pearls)
    assert tight.loop == free.loop and masyu.check(tight.puzzle, tight.loop) == []
    assert unique(tight.puzzle)
    # a batch of removals is checked whole once begun: the budget is met within one batch
    assert tight.steps <= 20 + 64


def test_an_ample_budget_changes_nothing():
    free = generate_with_loop(10, 10, seed=2, difficulty="medium")
    ample = generate_with_loop(10, 10, seed=2, difficulty="medium", budget=10**9)
    assert ample.puzzle == free.puzzle and ample.steps == free.steps > 0


def test_a_band_not_reached_within_the_budget_names_the_option():
    with pytest.raises(MasyuError) as err:
        generate_with_loop(12, 12, seed=3, difficulty="hard", budget=5)
    assert err.value.where == "--budget" and "raise --budget" in err.value.message
    for bad in (0, -1, True, 1.5, "10"):
        with pytest.raises(MasyuError, match="budget"):
            generate_with_loop(8, 8, seed=0, budget=bad)


def test_progress_reports_candidates_steps_pearls_and_the_last_score():
    seen = []
    g = generate_with_loop(10, 10, seed=4, difficulty="hard",
                           on_progress=lambda b: seen.append(
                               (b.candidates, b.spent, b.pearls, b.score, b.band)))
    assert seen and all(s[0] >= 1 for s in seen[1:])
    assert [s[1] for s in seen] == sorted(s[1] for s in seen)   # steps only grow
    assert max(s[2] for s in seen) >= len(g.puzzle.pearls)
    if g.attempts > 1:   # an earlier candidate was measured: its score was shown
        assert any(s[3] is not None for s in seen)
