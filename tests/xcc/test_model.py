"""xcc.Model and xcc.check: labelled options, solutions as labels, a candidate checked.

The independent source is the brute force of tests/xcc/bruteforce.py (every
subset of options tried), on random small problems whose options may lack a
primary item (dropped, shifting the positions of the options kept).
"""
from __future__ import annotations

import random
import warnings
from itertools import combinations
from types import SimpleNamespace

import pytest

import xcc
from xcc import Model, Problem, XCCError

from .bruteforce import is_solution

ENGINES = [e for e in ("python", "c") if e in xcc.ENGINES]


def random_options(rng: random.Random, primary, secondary, m):
    options = []
    for _ in range(m):
        option = [p for p in primary if rng.random() < 0.4]
        option += [(s, rng.choice([None, "a", "b"])) for s in secondary if rng.random() < 0.4]
        rng.shuffle(option)
        options.append(option or [secondary[0]])  # some have no primary item: dropped
    return options


def brute(primary, secondary, options) -> set[frozenset[int]]:
    """The solutions as sets of input positions: every subset of the options
    with a primary item tried (those without one are dropped, as DLX2 does)."""
    plain = SimpleNamespace(primary=primary, secondary=secondary,
                            options=[[e if isinstance(e, tuple) else (e, None) for e in o]
                                     for o in options])
    kept = [k for k, o in enumerate(plain.options) if any(i in primary for i, _ in o)]
    return {frozenset(chosen) for size in range(len(kept) + 1)
            for chosen in combinations(kept, size) if is_solution(plain, chosen)}


def model_of(primary, secondary, options) -> Model:
    m = Model(primary, secondary)
    for j, option in enumerate(options):
        m.add_option(f"o{j}", option)
    return m


def test_the_trap_indices_name_the_kept_options_labels_the_given_ones():
    """An option with no primary item, given first, is dropped: ``indices`` then
    point one option off in the list given; ``source_indices`` and labels do not."""
    given = [["x"], ["a", "x"], ["b"], ["a", "b"]]
    with pytest.warns(UserWarning, match="no primary items"):
        problem = Problem(["a", "b"], ["x"], given)
    found = list(xcc.solve(problem, engine="python"))
    assert sorted(sorted(s.indices) for s in found) == [[0, 1], [2]]   # into the kept three
    wrong = sorted(sorted(map(tuple, (given[k] for k in s.indices))) for s in found)
    assert wrong != [[("a", "b")], [("a", "x"), ("b",)]]   # the trap, reproduced
    assert sorted(sorted(s.source_indices) for s in found) == [[1, 2], [3]]
    m = model_of(["a", "b"], ["x"], given)
    with pytest.warns(UserWarning):
        labels = sorted(sorted(s.labels) for s in m.solutions(engine="python"))
    assert labels == [["o1", "o2"], ["o3"]]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("seed", range(30))
def test_the_labels_are_the_brute_force_solutions(seed, engine):
    rng = random.Random(seed)
    primary = [f"p{i}" for i in range(rng.randint(1, 4))]
    secondary = [f"s{i}" for i in range(rng.randint(1, 3))]
    options = random_options(rng, primary, secondary, rng.randint(1, 9))
    expected = brute(primary, secondary, options)
    m = model_of(primary, secondary, options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = [s for s in m.solutions(engine=engine)]
        shuffled = [s for s in m.solutions(engine=engine, seed=seed)]
    assert {frozenset(s.numbers) for s in found} == expected
    assert len(found) == len(expected)
    assert all(s.labels == tuple(f"o{j}" for j in s.numbers) for s in found)
    assert {frozenset(s.numbers) for s in shuffled} == expected
    for s in found:
        m.check(s.labels)
        xcc.check(m.problem(), s.solution)


@pytest.mark.parametrize("seed", range(30))
def test_check_accepts_exactly_the_solutions(seed):
    """Every subset of the options: check refuses it unless the brute force
    calls it a solution."""
    rng = random.Random(100 + seed)
    primary = [f"p{i}" for i in range(rng.randint(1, 3))]
    secondary = [f"s{i}" for i in range(rng.randint(1, 3))]
    options = random_options(rng, primary, secondary, rng.randint(1, 7))
    expected = brute(primary, secondary, options)
    m = model_of(primary, secondary, options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m.problem()
    for size in range(len(options) + 1):
        for chosen in combinations(range(len(options)), size):
            labels = [f"o{j}" for j in chosen]
            if frozenset(chosen) in expected:
                m.check(labels)
            else:
                with pytest.raises(XCCError) as refused:
                    m.check(labels)
                assert refused.value.where.startswith(("option 'o", "item 'p"))


def test_check_names_the_reason_and_the_place():
    m = Model(["a", "b"], ["x", "y"])
    m.add_option("A red", ["a", "x:red"])
    m.add_option("B red", ["b", "x:red"])
    m.add_option("B blue", ["b", ("x", "blue")])
    m.add_option("A y", ["a", "y"])
    m.add_option("B y", ["b", "y"])
    m.add_option("AB", ["a", "b"])
    m.add_option("no primary", ["y"])
    m.check(["A red", "B red"])
    m.check(["AB"])
    cases = [
        (["A red", "B blue"], "option 'B blue'", "item 'x' gets color 'blue' here and 'red' "
                                                 "from option 'A red'"),
        (["A y", "B y"], "option 'B y'", "item 'y' is covered twice: here and by option 'A y'"),
        (["A red", "AB"], "option 'AB'", "item 'a' is covered twice"),
        (["A red"], "item 'b'", "primary item 'b' is not covered"),
        (["AB", "AB"], "option 'AB'", "the option is chosen twice"),
        (["C"], "option 'C'", "no option has this label"),
        (["AB", "no primary"], "option 'no primary'", "no primary item"),
    ]
    for labels, where, reason in cases:
        with pytest.raises(XCCError) as refused:
            m.check(labels)
        assert refused.value.where == where, labels
        assert reason in refused.value.message, (labels, refused.value.message)


def test_xcc_check_on_a_problem_names_options_by_input_position():
    with pytest.warns(UserWarning):
        problem = Problem(["a", "b"], ["x"], [["x"], ["a", "x:1"], ["b", "x:2"], ["a", "b"]])
    xcc.check(problem, [2])
    xcc.check(problem, next(iter(xcc.solve(problem))))
    with pytest.raises(XCCError) as refused:
        xcc.check(problem, [0, 1])
    assert refused.value.where == "option 3 (b x:2)"
    assert "'x' gets color '2' here and '1' from option 2 (a x:1)" in refused.value.message
    with pytest.raises(XCCError, match="no option has index 3"):
        xcc.check(problem, [3])
    with pytest.raises(XCCError, match="no option has index True"):
        xcc.check(problem, [True])
    with pytest.raises(xcc.XCCTypeError):
        xcc.check(problem, 3)
    with pytest.raises(xcc.XCCTypeError):
        xcc.check("a b", [0])


def queens(n: int, dropped_first: bool = False) -> Model:
    """n queens: rows and columns primary, diagonals secondary; ``dropped_first``:
    after an option with no primary item, which shifts the positions of the others."""
    m = Model([f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)],
              [f"a{s}" for s in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)])
    if dropped_first:
        m.add_option("no primary", ["a0"])
    for i in range(n):
        for j in range(n):
            m.add_option((i, j), [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"])
    return m


def counters(stats: xcc.Stats) -> dict:
    return dict(stats.counters, solutions=stats.solutions, complete=stats.complete)


@pytest.mark.skipif("c" not in xcc.ENGINES, reason="needs the compiled engine")
def test_a_seed_gives_one_order_and_the_same_statistics_in_python_and_c():
    m = queens(6)
    plain = [s.labels for s in m.solutions(engine="c")]
    assert len(plain) == 4
    orders, nodes = set(), set()
    for seed in range(6):
        runs = {}
        for engine in ("python", "c"):
            with m.solutions(engine=engine, seed=seed) as found:
                runs[engine] = [s.labels for s in found]
            runs[engine + " stats"] = counters(found.stats)
        assert runs["python"] == runs["c"]
        assert runs["python stats"] == runs["c stats"]
        assert sorted(map(sorted, runs["c"])) == sorted(map(sorted, plain))
        again = [s.labels for s in m.solutions(engine="c", seed=seed)]
        assert again == runs["c"]  # the same seed, the same order
        orders.add(tuple(runs["c"]))
        nodes.add(runs["c stats"]["nodes"])
    assert len(orders) > 1 and len(nodes) > 1  # the seed changes the search


@pytest.mark.skipif("c" not in xcc.ENGINES, reason="needs the compiled engine")
@pytest.mark.parametrize("mem_limit", [1, 500, 5_000, 40_000, 200_000])
def test_a_mem_limit_stops_python_and_c_at_the_same_node(mem_limit):
    m = queens(7)
    total = m.count(engine="c")
    assert total.solutions == 40
    seen = {}
    for engine in ("python", "c"):
        with m.solutions(engine=engine, mem_limit=mem_limit) as found:
            labels = [s.labels for s in found]
        seen[engine] = labels, counters(found.stats), found.mem_limited
        stats = m.count(engine=engine, mem_limit=mem_limit)
        assert counters(stats) == seen[engine][1]
    assert seen["python"] == seen["c"]
    labels, stats, limited = seen["c"]
    if mem_limit < total.mems:
        assert limited and not stats["complete"]
        assert stats["mems"] >= mem_limit and len(labels) < 40
    else:
        assert not limited and stats["complete"] and len(labels) == 40


def test_a_mem_limit_needs_an_engine_that_counts_mems():
    m = queens(4)
    with pytest.raises(XCCError, match="a mem_limit needs a listing by one of: python"):
        m.solutions(engine="memo-python", mem_limit=100)
    for bad in (0, -1, True, 1.5):
        with pytest.raises(XCCError, match="mem_limit must be a positive integer"):
            m.count(engine="python", mem_limit=bad)


def test_a_bad_model_is_refused_naming_the_label():
    m = Model(["a"], ["x"])
    m.add_option("one", ["a"])
    with pytest.raises(XCCError, match="duplicate label"):
        m.add_option("one", ["a", "x"])
    with pytest.raises(xcc.XCCTypeError, match="hashable"):
        m.add_option(["one"], ["a"])
    with pytest.raises(xcc.XCCTypeError, match=r"write \['a'\]"):
        m.add_option("two", "a")
    m.add_option(("two", 2), ["a", "z"])
    with pytest.raises(XCCError) as refused:
        m.problem()
    assert refused.value.where == "option ('two', 2)" and "unknown item 'z'" in str(refused.value)
    with pytest.raises(xcc.XCCTypeError, match="seed must be an integer"):
        m.problem(seed="1")


def test_memo_counts_a_model_exactly():
    m = queens(6)
    assert m.count(engine="memo-python").solutions == 4
    assert m.count(engine="python", limit=2).solutions == 2


def test_sample_draws_labelled_solutions_uniformly():
    """Draws of the 4 solutions of queens 6 (with an option dropped first, so that
    positions shift): each a solution by the brute force's rule, all four seen, the
    same seed the same draws."""
    m = queens(6, dropped_first=True)
    with pytest.warns(UserWarning, match="no primary items"):
        draws = m.sample(200, seed=5, engine="memo-python")
    solutions = {frozenset(s.labels) for s in queens(6).solutions(engine="python")}
    assert len(solutions) == 4
    assert {frozenset(d.labels) for d in draws} == solutions
    counts = [sum(frozenset(d.labels) == s for d in draws) for s in solutions]
    assert min(counts) > 25  # 50 expected each; 25 or fewer has odds below 1e-5
    assert [d.labels for d in m.sample(20, seed=5, engine="memo-python")] == \
        [d.labels for d in draws[:20]]
