"""Costs in the modelling API: ``Model.add_option(..., cost=)``,
``Model.cheapest(k)`` and ``Model.cost(labels)``, against brute force (every
solution listed by engine python, ignoring costs, its cost summed from the
costs given)."""
from __future__ import annotations

import random

import pytest

import xcc


def random_model(seed: int) -> tuple[xcc.Model, dict]:
    """A model with colors, an option without a primary item (dropped: its
    label must not shift the others'), and random costs."""
    rng = random.Random(seed)
    primary = [f"p{i}" for i in range(rng.randint(2, 6))]
    secondary = [f"s{i}" for i in range(rng.randint(0, 2))]
    m = xcc.Model(primary, secondary)
    price = {}
    for j in range(rng.randint(len(primary), 4 * len(primary))):
        items = rng.sample(primary, rng.randint(1, min(3, len(primary))))
        items += [f"{s}:{rng.choice('ab')}" for s in secondary if rng.random() < 0.4]
        label = ("option", j)
        price[label] = rng.randint(0, 9)
        m.add_option(label, items, cost=price[label])
        if j == 1 and secondary:
            m.add_option("no primary", [secondary[0]], cost=1)
            price["no primary"] = 1
    return m, price


def brute(m: xcc.Model, price: dict) -> list[int]:
    return sorted(sum(price[label] for label in s.labels) for s in m.solutions(engine="python"))


@pytest.mark.filterwarnings("ignore::UserWarning")  # the option without a primary item
@pytest.mark.parametrize("engine", ["costs", "costs-python"])
def test_the_k_cheapest_as_labels_are_brute_forces(engine):
    for seed in range(60):
        m, price = random_model(seed)
        expected = brute(m, price)
        k = random.Random(seed).randint(1, 4)
        got = m.cheapest(k, engine=engine)
        assert [c for c, _ in got] == expected[:k], seed
        for cost, s in got:
            assert sum(price[label] for label in s.labels) == cost == m.cost(s.labels)
            m.check(s.labels)
        seeded = m.cheapest(k, engine=engine, seed=seed)  # another order, the same costs
        assert [c for c, _ in seeded] == expected[:k]


def test_the_example_of_the_guide():
    m = xcc.Model(["ann", "bob", "cook"])
    m.add_option("ann cooks", ["ann", "cook"], cost=4)
    m.add_option("bob cooks", ["bob", "cook"], cost=3)
    m.add_option("ann idle", ["ann"])
    m.add_option("bob idle", ["bob"], cost=2)
    assert [(c, sorted(s.labels)) for c, s in m.cheapest(3)] == [
        (3, ["ann idle", "bob cooks"]), (6, ["ann cooks", "bob idle"])]
    assert m.cost(["bob cooks", "ann idle"]) == 3
    assert m.problem().costs == (4, 3, 0, 2)
    with pytest.raises(xcc.XCCError, match="item 'bob': primary item 'bob' is not covered"):
        m.cost(["ann idle"])


def test_no_costs_no_costs():
    m = xcc.Model(["a"])
    m.add_option("x", ["a"])
    assert m.problem().costs == () and m.cheapest(2)[0][0] == 0


@pytest.mark.parametrize("bad, message", [(-1, "cost -1 must be between 0 and"),
                                          (1 << 62, "must be between 0 and"),
                                          (1.5, "a cost is an integer, not 1.5"),
                                          (True, "a cost is an integer, not True"),
                                          ("3", "a cost is an integer, not '3'")])
def test_a_bad_cost_is_refused_naming_the_label(bad, message):
    m = xcc.Model(["a"])
    with pytest.raises(xcc.XCCError, match=message) as e:
        m.add_option("the label", ["a"], cost=bad)
    assert e.value.where == "option 'the label'"
    assert len(m) == 0
