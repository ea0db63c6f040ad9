"""masyu.explain: the account of the deducer's reasoning.

Checked against sources apart from it: the stored loops of tests/data/puzzles (every
edge a step sets agrees), the replay checker of ``replay.py`` (each local step is
forced by the rules of the cells it names), brute force on tiny boards, and the
generator's difficulty band (the same number as the account's level)."""
from __future__ import annotations

import itertools
import json
import random
import time

import pytest

import masyu
from masyu import Loop, Puzzle, check
from masyu.explain import RULES, explain
from masyu.generate.bands import measure

from .replay import Replay, ReplayError, replay


def _sample(psm, n, seed, max_side=25):
    pool = [p for p in psm if p.rows <= max_side]
    return random.Random(seed).sample(pool, n)


def test_random_explanations_replay_and_agree_with_the_stored_loops(psm, psm_loops):
    results = set()
    for p in _sample(psm, 40, 18):
        account = explain(p)
        results.add(account.result)
        state = replay(p, account).state                 # every local step is forced
        loop = psm_loops[p.name]
        wrong = [e for e, v in state.items() if (e in loop.edges) != bool(v)]
        assert not wrong, (p.name, wrong[:3])
        if account.result == "solved":
            assert account.loop == loop
            assert {e for e, v in state.items() if v} == set(loop.edges)
        else:
            assert account.result == "stuck" and account.loop is None
    assert results == {"solved", "stuck"}


def test_the_level_is_the_generators_band(psm):
    for p in _sample(psm, 30, 5, max_side=15):
        assert explain(p).level == measure(p).level, p.name


def test_the_json_is_the_contract_shape(psm):
    p = next(p for p in psm if p.name == "psm-6x6-easy-3184225")
    got = json.loads(explain(p).to_json())
    assert set(got) == {"result", "level", "steps", "loop"}
    assert got["result"] == "solved" and got["level"] == 1
    assert Loop.parse(got["loop"], format="box") == masyu.solve(p).__next__()
    for step in got["steps"]:
        assert set(step) == {"rule", "level", "cells", "set", "text"}
        assert step["rule"] in RULES and step["level"] == RULES[step["rule"]].level
        assert all(len(c) == 2 for c in step["cells"])
        assert all(len(s) == 5 and s[4] in (0, 1) and
                   abs(s[0] - s[2]) + abs(s[1] - s[3]) == 1 for s in step["set"])
        assert step["text"].endswith(".")


def test_rule_names_are_the_rulebooks(psm):
    """The openers of the Daily Masyu rulebook show up under their names."""
    seen = set()
    for p in _sample(psm, 60, 2, max_side=10):
        seen |= {s.rule for s in explain(p).steps}
    for name in ("corner black pearl", "edge black pearl", "edge white pearl",
                 "white needs a turn", "black extends straight", "dead end",
                 "premature small loop", "line leads to contradiction"):
        assert name in seen, name
    assert seen <= set(RULES)


def test_trivial_steps_are_grouped(psm):
    p = next(p for p in psm if p.rows == 25)
    account = explain(p)
    firings = sum(1 for s in account.steps if " places: " in s.text)
    assert firings > 0
    assert len(account.steps) < sum(len(s.set) for s in account.steps)


def test_a_puzzle_with_no_solution_ends_in_a_contradiction():
    for p in (Puzzle(2, 2, {(0, 0): "W"}), Puzzle(3, 3, {(1, 1): "B"}),
              Puzzle(4, 4, {(0, 0): "B", (0, 1): "B"})):
        assert not list(masyu.solve(p))                    # the exact cover search agrees
        account = explain(p)
        assert account.result == "contradiction" and account.loop is None
        assert account.steps[-1].rule == "contradiction" and account.steps[-1].cells
        assert account.steps[-1].set == ()


def _brute_force(p: Puzzle) -> list[Loop]:
    edges = [((r, c), (r, c + 1)) for r in range(p.rows) for c in range(p.cols - 1)] + \
            [((r, c), (r + 1, c)) for r in range(p.rows - 1) for c in range(p.cols)]
    out = []
    for bits in itertools.product((0, 1), repeat=len(edges)):
        loop = Loop(p.rows, p.cols, [e for e, b in zip(edges, bits) if b])
        if loop.edges and not check(p, loop):
            out.append(loop)
    return out


def test_tiny_boards_against_brute_force():
    """On every 3x3 board with one or two pearls: solved means the one solution, a
    contradiction means none (brute force over all 2^12 edge sets)."""
    cells = [(r, c) for r in range(3) for c in range(3)]
    rng = random.Random(7)
    boards = [{a: ka} for a in cells for ka in "WB"]
    boards += [{a: ka, b: kb} for a, b in rng.sample(list(itertools.combinations(cells, 2)), 12)
               for ka in "WB" for kb in "WB"]
    for pearls in boards:
        p = Puzzle(3, 3, pearls)
        truth = _brute_force(p)
        account = explain(p)
        replay(p, account)
        if account.result == "solved":
            assert truth == [account.loop], pearls
        elif account.result == "contradiction":
            assert truth == [], pearls
        else:
            assert len(truth) != 1 or account.level == 3
        for step in account.steps:                         # sound for every solution
            for e, v in step.set:
                assert all((e in t.edges) == bool(v) for t in truth), (pearls, step)


def test_25x25_explanations_take_well_under_a_second(psm):
    big = [p for p in psm if p.rows == 25][:10]
    times = []
    for p in big:
        t = time.process_time()
        explain(p)
        times.append(time.process_time() - t)
    assert max(times) < 1.0, times     # a coarse bound; benchmarks/explain.py has the table


def test_the_replay_checker_catches_a_step_that_is_not_forced(psm, psm_loops):
    """The checker can fail: a step whose cells do not force what it sets."""
    p = next(p for p in psm if p.name == "psm-6x6-easy-3184225")
    account = explain(p)
    first = account.steps[0]
    (a, b), v = first.set[0]
    far = next(c for c in [(r, c) for r in range(6) for c in range(6)]
               if abs(c[0] - a[0]) + abs(c[1] - a[1]) > 3)
    bad = type(first)(first.rule, first.level, (far,), first.set, first.text)
    with pytest.raises(ReplayError):
        Replay(p).apply(bad)


def test_board_wide_steps_on_random_small_boards_are_sound_for_every_solution():
    """Connectivity and bridges (which psm puzzles never need after the local rules) on
    random 4x4 to 5x6 boards: replayed by the checker, and true in every solution the
    exact cover search finds."""
    rng = random.Random(0)
    seen: set[str] = set()
    for _ in range(400):
        rows, cols = rng.choice([(4, 4), (4, 5), (5, 5), (5, 6)])
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        p = Puzzle(rows, cols, {c: rng.choice("WB") for c in rng.sample(cells, rng.randrange(1, 5))})
        account = explain(p)
        rules = {s.rule for s in account.steps}
        if not rules & {"connectivity", "bridge"}:
            continue
        seen |= rules
        replay(p, account)
        truth = list(masyu.solve(p, limit=200))
        if account.result == "contradiction":
            assert truth == []
        for step in account.steps:
            for e, v in step.set:
                assert all((e in t.edges) == bool(v) for t in truth), (p.grid, step)
    assert {"connectivity", "bridge"} <= seen


PARITY = ("psm-8x8-hard-6098095", "psm-8x8-hard-5363805")   # a trial the cut's parity settles


def test_a_trial_the_parity_of_a_cut_settles_is_named_so(psm, psm_loops):
    """The replay checks the cut on its own: the other edges across it are set and the
    lines across it are then even; the edge is the stored loop's."""
    for name in PARITY:
        p = next(p for p in psm if p.name == name)
        account = explain(p)
        steps = [s for s in account.steps if s.rule == "parity of a cut"]
        assert steps and all(s.level == 2 and len(s.set) == 1 for s in steps), name
        assert "even number of times" in steps[0].text
        replay(p, account)
        loop = psm_loops[name]
        assert all((e in loop.edges) == bool(v) for s in steps for e, v in s.set)


def test_the_replay_checker_refuses_a_parity_step_that_does_not_hold(psm):
    p = next(p for p in psm if p.name == PARITY[0])
    account = explain(p)
    k = next(k for k, s in enumerate(account.steps) if s.rule == "parity of a cut")
    step = account.steps[k]
    (e, v), = step.set
    for forged in (type(step)(step.rule, 2, step.cells, ((e, 1 - v),), step.text),   # odd
                   type(step)(step.rule, 2, step.cells[1:], step.set, step.text)):    # cells
        r = Replay(p)
        for s in account.steps[:k]:
            r.apply(s)
        with pytest.raises(ReplayError):
            r.apply(forged)
    r = Replay(p)                     # too early: edges across the cut still open
    with pytest.raises(ReplayError, match="still open"):
        r.apply(step)
