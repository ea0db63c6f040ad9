"""The lookahead's watch lists leave out exactly the groups no state can fail
(xcc.engines.memo.plan.watch_lists): each group left out is checked against
every combination of its items' values by the twin's own test of a state
(Work.agrees), and each group kept fails on one of them."""
from __future__ import annotations

import itertools
import types

from hypothesis import HealthCheck, given, settings, strategies as st

from masyu import Puzzle
from masyu.encodings import encode
from xcc.engines.memo import plan as planning
from xcc.engines.memo.frontier import Work
from xcc.engines.memo.plan import make_plan

from ...strategies import problems

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))


def every_group(problem, order):
    """The watch lists with no group left out, beside the plan's."""
    kept = make_plan(problem, order, None)
    always = planning._always_agrees
    planning._always_agrees = lambda *args: False
    try:
        full = make_plan(problem, order, None)
    finally:
        planning._always_agrees = always
    return kept, full


def can_fail(plan, group) -> bool:
    """Some combination of values (a primary item 0 or 1; a secondary item 0
    or a value an option writes) makes Work.agrees refuse the group."""
    n1 = plan.n1
    written = {}
    for entries in plan.entries:
        for i, c in entries:
            if i >= n1:
                written.setdefault(i, set()).add(1 + c if c else 1)
    items = sorted({i for s in group[1] for i, _ in s})
    choices = [(0, 1) if i < n1 else (0, *sorted(written[i])) for i in items]
    alone = types.SimpleNamespace(n1=n1, watch={0: [group]})
    for case in itertools.product(*choices):
        work = Work.__new__(Work)
        work.covered = {i: v for i, v in zip(items, case) if i < n1}
        work.value = {i - n1: v for i, v in zip(items, case) if i >= n1}
        if not work.agrees(alone, 0):
            return True
    return False


def check(problem, order):
    kept, full = every_group(problem, order)
    dropped = 0
    for k, groups in enumerate(full.watch):
        for group in groups:
            if group in kept.watch[k]:
                assert can_fail(full, group), (k, group)
            else:
                assert not can_fail(full, group), (k, group)
                dropped += 1
    return dropped, sum(map(len, kept.watch))


@SETTINGS
@given(problems(max_primary=5, max_secondary=4, max_options=12), st.randoms())
def test_a_group_is_left_out_exactly_when_no_state_fails_it(problem, rnd):
    order = list(range(len(problem.primary)))
    rnd.shuffle(order)
    check(problem, order)


def test_the_empty_board_keeps_only_its_edge_cells():
    problem = encode(Puzzle(5, 5), "423").problem
    dropped, kept = check(problem, range(len(problem.primary)))
    assert dropped > 0 and kept > 0
