"""Engine "costs" (the k cheapest solutions) against brute force: every
solution listed by engine "python" (which ignores costs), checked by the
subset solver of tests/xcc/bruteforce.py, costs summed and sorted.

Its statistics against Knuth's DLX5: test_costs_dlx5.py.
"""
from __future__ import annotations

import random
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import xcc
from xcc.engines import DONE, PAUSED, REGISTRY, SOLUTION, get
from xcc.engines.costs.engine import CostsEngine
from xcc.engines.costs.python import CostArrays, CostsRun
from xcc.examples import queens, sums2

from ..bruteforce import is_solution
from ..strategies import problems

DIFFERENTIAL = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                        suppress_health_check=[HealthCheck.too_slow])

EXAMPLE = """\
| five solutions, of costs 3, 4, 4, 6 and 8
a b c | x
a b $3
c $1
a $2
b c $2
a c x:1 $1
b x:2
b x:1 $5
"""


def with_costs(problem: xcc.Problem, costs: list[int]) -> xcc.Problem:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return xcc.Problem(problem.primary, problem.secondary, problem.options, costs=costs)


def brute_costs(problem: xcc.Problem) -> list[int]:
    """The cost of every solution, in increasing order, from engine python's list."""
    out = []
    for s in xcc.solve(problem, engine="python"):
        assert is_solution(problem, s.indices)
        out.append(sum(problem.costs[k] for k in s.indices) if problem.costs else 0)
    return sorted(out)


@st.composite
def costed(draw):
    """A small random problem with colors (tests/xcc/strategies.py) and, half of
    the time, an option for each primary item alone besides (so many
    solutions: the k-th cheapest cuts), random costs, and a k."""
    p = draw(problems(max_primary=5, max_secondary=3, max_options=10))
    options = list(p.options)
    if draw(st.booleans()):
        secondary = list(p.secondary)
        for item in p.primary:
            extra = draw(st.lists(st.sampled_from(secondary), max_size=1)) if secondary else []
            options.append(((item, None), *((s, draw(st.sampled_from("ab"))) for s in extra)))
    costs = draw(st.lists(st.integers(0, 9), min_size=len(options), max_size=len(options)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        problem = xcc.Problem(p.primary, p.secondary, options, costs=costs)
    return problem, draw(st.integers(1, 5))


@DIFFERENTIAL
@given(costed())
def test_the_k_cheapest_are_brute_forces(case):
    problem, k = case
    expected = brute_costs(problem)[:k]
    got = xcc.cheapest(problem, k)
    assert [c for c, _ in got] == expected
    for cost, s in got:
        assert is_solution(problem, s.indices) and problem.cost(s.indices) == cost
    assert len({frozenset(s.indices) for _, s in got}) == len(got)


def random_problem(rng: random.Random) -> xcc.Problem:
    """Up to 7 primary items, options of 1 to 3 of them, some colored secondary
    items, each option's cost a multiple of its number of primary items (so
    that covering with big options pays, and the shares of the bound matter)."""
    n1, n2 = rng.randint(3, 7), rng.randint(0, 2)
    primary, secondary = [f"p{i}" for i in range(n1)], [f"s{i}" for i in range(n2)]
    options = []
    for _ in range(rng.randint(n1, 3 * n1)):
        option = [(x, None) for x in rng.sample(primary, rng.randint(1, 3))]
        option += [(s, rng.choice("ab")) for s in secondary if rng.random() < 0.4]
        options.append(option)
    costs = [rng.randint(0, 9) * sum(c is None and x in primary for x, c in o) for o in options]
    return xcc.Problem(primary, secondary, options, costs=costs)


def test_random_problems_where_big_options_pay():
    for seed in range(300):
        rng = random.Random(seed)
        problem, k = random_problem(rng), rng.randint(1, 4)
        got = xcc.cheapest(problem, k)
        assert [c for c, _ in got] == brute_costs(problem)[:k], seed
        assert all(problem.cost(s.indices) == c and is_solution(problem, s.indices)
                   for c, s in got)


def test_a_worked_example():
    p = xcc.parse_dlx(EXAMPLE)
    got = [(c, s.indices) for c, s in xcc.cheapest(p, k=5)]
    assert got == [(3, (2, 1, 5)), (4, (2, 3)), (4, (0, 1)), (6, (4, 6)), (8, (2, 1, 6))]
    assert [c for c, _ in got] == brute_costs(p)
    assert [(c, s.indices) for c, s in xcc.cheapest(p, k=2)] == got[:2]
    assert [(c, s.indices) for c, s in xcc.cheapest(p, k=9)] == got  # fewer than k: all
    listed = list(xcc.solve(p, engine="costs"))  # the registry's engine: all, cheapest first
    assert [(p.cost(s.indices), s.indices) for s in listed] == got
    first = list(xcc.solve(p, engine="costs", limit=2))
    assert [(p.cost(s.indices), s.indices) for s in first] == got[:2]


def test_queens_with_random_costs_and_the_cut():
    """On 8 queens (92 solutions), k = 1, 5, 92 against brute force; the cut
    makes a search for fewer solutions visit fewer nodes."""
    rng = random.Random(35)
    q = queens(8)
    p = with_costs(q, [rng.randrange(10) for _ in q.options])
    expected = brute_costs(p)
    nodes = {}
    for k in (1, 5, 92):
        with xcc.Search(p, engine=CostsEngine(k)) as search:
            got = [p.cost(s.indices) for s in search]
        assert got == expected[:k]
        nodes[k] = search.stats.nodes
    assert nodes[1] < nodes[5] < nodes[92]
    plain = xcc.count(q, engine="python")  # Algorithm C's whole tree (DLX2's choice of item)
    listing = xcc.count(p, engine="costs")  # no k: no cutoff, the whole tree
    # 92 solutions: the cutoff of k = 92 comes with the last one, too late to cut
    assert listing.solutions == 92 and listing.nodes == nodes[92]
    # DLX5's tree: solutions are nodes too; ties go to the dearest cheapest option
    assert plain.nodes == 1199 and listing.nodes == 1081 and listing.nodes > 5 * nodes[1]


def test_without_costs_the_first_k_found():
    """All costs 0: any k solutions, then the search stops (nothing beats 0)."""
    got = xcc.cheapest(queens(6), k=3)
    assert [c for c, _ in got] == [0, 0, 0]
    assert all(is_solution(queens(6), s.indices) for _, s in got)
    assert len({s.indices for _, s in got}) == 3


def test_pausing_changes_nothing():
    rng = random.Random(7)
    q = queens(6)
    p = with_costs(q, [rng.randrange(5) for _ in q.options])

    def run(budget):
        r = CostsRun(CostArrays(p), 3)
        out, pauses = [], 0
        while (status := r.step(budget)) != DONE:
            if status == PAUSED:
                pauses += 1
            else:
                assert status == SOLUTION
                out.append((r.cost(), r.solution()))
        return out, r.counters(), pauses

    whole, counters, pauses = run(0)
    assert pauses == 0 and len(whole) == 3
    for budget in (1, 50, 1000):
        out, again, pauses = run(budget)
        assert (out, again) == (whole, counters) and pauses > 0


def test_links_restored_after_a_run():
    """Every cover, hide and purify was undone by its inverse: the arrays at
    the end equal the arrays at the start."""
    p = xcc.parse_dlx(EXAMPLE)
    a = CostArrays(p)
    before = [list(x) for x in (a.ulink, a.dlink, a.top, a.color, a.llink, a.rlink)]
    r = CostsRun(a, 2)
    while r.step(0) != DONE:
        pass
    assert [list(x) for x in (a.ulink, a.dlink, a.top, a.color, a.llink, a.rlink)] == before


def test_taxes_and_lists_by_net_cost():
    """DLX5's input phase: item a is taxed 1 (its cheapest option costs 1), b
    and c nothing (each has an option of cost 0 once a's tax is paid); every
    list runs by net cost, ties in the order given."""
    p = xcc.parse_dlx(EXAMPLE)
    a = CostArrays(p)
    assert a.tax[1:] == [1, 0, 0, 0] and a.total_tax == 1
    a.sanity()

    def listed(i):
        x, out = a.dlink[i], []
        while x != i:
            out.append((a.option_of(x), a.cost[x]))
            x = a.dlink[x]
        return out

    assert listed(1) == [(4, 0), (2, 1), (0, 2)]  # a: costs 1, 2, 3 less the tax
    assert listed(2) == [(5, 0), (0, 2), (3, 2), (6, 5)]  # b: ties (0 and 3) in order
    assert listed(3) == [(4, 0), (1, 1), (3, 2)]
    assert listed(4) == [(4, 0), (5, 0), (6, 5)]  # x, a secondary item, sorted too
    assert a.top[1:4] == [3, 4, 3]


def test_the_registry_entry():
    e = get("costs")
    assert e is REGISTRY["costs"] and e.k is None
    assert not (e.multiplicities or e.cycle or e.splits or e.exact)
    assert e.good_for and e.summary
    stats = xcc.count(xcc.parse_dlx(EXAMPLE), engine="costs")
    assert stats.solutions == 5 and stats.engine == "costs"
    assert xcc.count(queens(8), engine="costs").solutions == 92
    assert list(stats.counters) == ["nodes", "updates", "cleansings", "mems", "max_level"]
    assert stats.nodes > 0 and stats.mems > 0


def test_refusals():
    with pytest.raises(xcc.XCCError, match="does not solve a problem with multiplicities"):
        xcc.cheapest(sums2(3))
    p = xcc.Problem(["a", "b"], ["x"], [["a", "x:1"], ["b", "x:1"], ["a", "b"]])
    with pytest.raises(xcc.XCCError, match="does not take the single-cycle constraint"):
        xcc.count(p, engine="costs", cycle=xcc.Cycle({"x": [((0, 1), "1")]}))
    for k in (0, -1, 1.5, True, "2", None):
        with pytest.raises(xcc.XCCError, match="k must be a positive integer"):
            xcc.cheapest(queens(4), k)  # type: ignore[arg-type]


def test_wrong_arguments_get_the_packages_errors():
    p = xcc.parse_dlx(EXAMPLE)
    for bad in (None, 5, "x", [], object()):
        with pytest.raises(xcc.XCCError):
            xcc.cheapest(bad)  # type: ignore[arg-type]
    for bad in (None, 0, -1, 0.5, True, "x", []):
        with pytest.raises(xcc.XCCError):
            xcc.cheapest(p, bad)  # type: ignore[arg-type]


def test_the_links_are_sane_at_every_node():
    """DLX5's sanity check (lists doubly linked, in cost order, lengths right)
    at every node of searches with colors and a cutoff that moves."""

    class Checked(CostsRun):
        def choose(self, curcost):
            self.a.sanity()
            return super().choose(curcost)

    for seed in range(40):
        rng = random.Random(seed)
        p = random_problem(rng)
        r = Checked(CostArrays(p), rng.randint(1, 4))
        while r.step(0) != DONE:
            pass
        r.a.sanity()
