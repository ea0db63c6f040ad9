"""Seeded random order (xcc/shuffle.py): ``solve/count/Search(..., seed=N)``, ``Model``'s
``seed=`` and ``xcc solve|count --seed N``.

The independent sources: the published counts (92 queens of order 8, 52 Langford
pairings of order 7 (OEIS A014552, 26, and their reversals), 90 matrices with row and
column sums 2), the brute force of tests/xcc/bruteforce.py on random colored problems
(with a cycle constraint: strategies.one_cycle), and each engine's own unseeded run.
"""
from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xcc
from xcc import Model, Problem, XCCError
from xcc.engines import REGISTRY
from xcc.examples import queens, sums2
from xcc.shuffle import shuffle

from .bruteforce import all_solutions
from .strategies import cycle_problems, one_cycle, present_edges, problems

ROOT = Path(__file__).resolve().parents[2]
SEEDS = (0, 1, 2, 7, 12345)


def langford(n: int) -> Problem:
    """Langford pairs: the two i's of each i = 1..n, i numbers apart, in 2n slots."""
    primary = [str(i) for i in range(1, n + 1)] + [f"s{j}" for j in range(1, 2 * n + 1)]
    options = [[str(i), f"s{j}", f"s{j + i + 1}"] for i in range(1, n + 1)
               for j in range(1, 2 * n - i)]
    return Problem(primary, [], options, name=f"langford{n}")


def colored() -> Problem:
    """DLX2's color example with more options: several colored solutions."""
    return Problem(["A", "B", "C"], ["X", "Y"],
                   [["A", "B", "X:0", "Y:0"], ["A", "C", "X:1", "Y:1"], ["B", "X:1"],
                    ["C", "Y:1"], ["A", "X:1"], ["B", "C"], ["A"], ["B", "Y:0"], ["C", "X:0"],
                    ["C", "Y:0"], ["A", "Y:1"]], name="colored")


def runs_here(name: str, problem: Problem) -> bool:
    """Engine ``name`` is available and solves ``problem`` (by its facts)."""
    engine = REGISTRY[name]
    return engine.available() and (engine.multiplicities or not problem.bounds)


PROBLEMS = {"queens8": (lambda: xcc.read_dlx(str(ROOT / "examples/queens8.dlx")), 92),
            "langford7": (lambda: langford(7), 52), "colored": (colored, None),
            "sums2-4": (lambda: sums2(4), 90)}
CASES = [(p, e) for p, (make, _) in PROBLEMS.items() for e in REGISTRY
         if runs_here(e, make())]


def sets(found) -> set[frozenset[int]]:
    return {frozenset(s.indices) for s in found}


@pytest.mark.parametrize("name, engine", CASES)
def test_a_seed_changes_the_order_never_the_solutions(name, engine):
    make, published = PROBLEMS[name]
    problem = make()
    expected = sets(xcc.solve(problem, engine=engine))
    if published is not None:
        assert len(expected) == published
    else:
        assert expected == all_solutions(problem)   # the brute force
    firsts = set()
    for seed in SEEDS:
        found = list(xcc.solve(problem, engine=engine, seed=seed))
        assert len(found) == len(expected) and sets(found) == expected
        assert all(s.problem is problem for s in found)   # the caller's indices
        again = [s.indices for s in xcc.solve(problem, engine=engine, seed=seed)]
        assert again == [s.indices for s in found]   # the same seed, the same sequence
        firsts.add(found[0].indices)
    if len(expected) > 1 and engine not in ("costs",):
        assert len(firsts) > 1   # the first solution differs for some seeds


@pytest.mark.parametrize("name", ["queens8", "langford7"])
def test_exact_counts_are_the_same_under_a_seed(name):
    make, published = PROBLEMS[name]
    for engine in ("memo", "memo-python"):
        if engine in xcc.ENGINES:
            for seed in SEEDS[:3]:
                assert xcc.count(make(), engine=engine, seed=seed).solutions == published


@pytest.mark.skipif("c" not in xcc.ENGINES, reason="needs the compiled engine")
@pytest.mark.parametrize("name", ["queens8", "langford7", "colored"])
def test_python_and_c_give_the_same_statistics_under_a_seed(name):
    problem = PROBLEMS[name][0]()
    nodes = set()
    for seed in SEEDS:
        runs = {e: xcc.count(problem, engine=e, seed=seed).counters for e in ("python", "c")}
        assert runs["python"] == runs["c"]
        nodes.add(runs["c"]["nodes"])
        orders = [[s.indices for s in xcc.solve(problem, engine=e, seed=seed)]
                  for e in ("python", "c")]
        assert orders[0] == orders[1]
    if name != "colored":
        assert len(nodes) > 1   # the seed changes the search tree


@pytest.mark.skipif("c" not in xcc.ENGINES, reason="needs the compiled engine")
def test_the_statistics_are_those_of_the_shuffled_problem():
    """A seeded search is the plain search of ``shuffle(problem, seed).problem``."""
    problem = queens(8)
    for seed in SEEDS:
        shuffled = shuffle(problem, seed)
        plain = xcc.count(shuffled.problem, engine="c")
        assert xcc.count(problem, engine="c", seed=seed).counters == plain.counters
        assert [shuffled.back(s.indices) for s in xcc.solve(shuffled.problem)] == \
            [s.indices for s in xcc.solve(problem, seed=seed)]


def test_no_seed_is_the_given_order():
    problem = queens(6)
    for engine in ("python", "c", "cells"):
        if engine in xcc.ENGINES:
            plain = [(s.indices, s.problem) for s in xcc.solve(problem, engine=engine)]
            assert [(s.indices, s.problem) for s in
                    xcc.solve(problem, engine=engine, seed=None)] == plain
            assert xcc.count(problem, engine=engine, seed=None).counters == \
                xcc.count(problem, engine=engine).counters


def test_the_shuffled_problem_is_the_same_problem_in_another_order():
    problem = sums2(3)
    costed = Problem(["a", "b", "c"], ["x"], [["a", "x:1"], ["b", "c"], ["b", "x:1"], ["a"],
                                             ["c", "x:2"]], costs=[3, 1, 4, 1, 5])
    for p in (problem, costed, colored()):
        for seed in SEEDS:
            s = shuffle(p, seed)
            q = s.problem
            assert sorted(q.primary) == sorted(p.primary)
            assert sorted(q.secondary) == sorted(p.secondary)
            assert sorted(s.order) == list(range(len(p.options)))
            assert [q.options[k] for k in range(len(q.options))] == \
                [p.options[j] for j in s.order]   # each option whole, its items in order
            assert [q.bound(i) for i in p.primary] == [p.bound(i) for i in p.primary]
            assert [q.cost([k]) for k in range(len(q.options))] == \
                [p.cost([j]) for j in s.order]
            assert shuffle(p, seed) == s   # the same seed, the same problem
    orders = {tuple(shuffle(queens(8), seed).problem.primary) for seed in SEEDS}
    assert len(orders) == len(SEEDS)


def test_the_cheapest_first_under_a_seed():
    problem = Problem(["a", "b", "c"], ["x"],
                      [["a", "x:1"], ["b", "c"], ["b", "x:1"], ["a"], ["c", "x:2"], ["c"],
                       ["a", "b"], ["b"]], costs=[3, 1, 4, 1, 5, 9, 2, 6])
    plain = list(xcc.solve(problem, engine="costs"))
    costs = [problem.cost(s.indices) for s in plain]
    assert costs == sorted(costs) and sets(plain) == all_solutions(problem)
    for seed in SEEDS:
        found = list(xcc.solve(problem, engine="costs", seed=seed))
        assert [problem.cost(s.indices) for s in found] == costs
        assert sets(found) == sets(plain)


@pytest.mark.skipif("memo" not in xcc.ENGINES, reason="needs the compiled engine")
def test_counts_by_weight_follow_their_options():
    problem = langford(7)
    weights = [len(o) + k % 3 for k, o in enumerate(problem.options)]
    plain = xcc.count(problem, engine="memo", by=weights).by
    for seed in SEEDS[:3]:
        assert xcc.count(problem, engine="memo", by=weights, seed=seed).by == plain
        assert xcc.count(problem, engine="memo", by=lambda k: weights[k], seed=seed).by == plain


@settings(max_examples=60, deadline=None)
@given(problems(), st.integers(0, 1000))
def test_random_colored_problems_against_the_brute_force(problem, seed):
    expected = all_solutions(problem)
    for engine in ("python", "c", "cells"):
        if engine in xcc.ENGINES:
            found = list(xcc.solve(problem, engine=engine, seed=seed))
            assert len(found) == len(expected) and sets(found) == expected


@settings(max_examples=60, deadline=None)
@given(cycle_problems(), st.integers(0, 1000))
def test_random_cycle_problems_against_the_brute_force(problem_cycle, seed):
    problem, cycle = problem_cycle
    expected = {s for s in all_solutions(problem)
                if one_cycle(present_edges(problem, cycle, s), cycle.required)}
    for engine in ("python", "c"):
        if engine in xcc.ENGINES:
            found = list(xcc.solve(problem, engine=engine, cycle=cycle, seed=seed))
            assert len(found) == len(expected) and sets(found) == expected


def test_model_labels_under_a_seed():
    m = Model(["a", "b", "c"], ["x"])
    options = {"ax": ["a", "x:1"], "bc": ["b", "c"], "bx": ["b", "x:1"], "a": ["a"],
               "cx": ["c", "x:2"], "c": ["c"], "ab": ["a", "b"], "b": ["b"], "none": ["x"]}
    for label, items in options.items():
        m.add_option(label, items)
    with pytest.warns(UserWarning, match="no primary items"):
        plain = {frozenset(s.labels) for s in m.solutions(engine="python")}
    assert plain == {frozenset(x.split()) for x in
                     ("ab c", "ab cx", "ax bc", "ax b c", "ax bx c", "a bc", "a b c", "a bx c",
                      "a b cx")}   # x takes one color: never ax with cx, nor bx with cx
    firsts = set()
    for seed in SEEDS:
        for engine in ("python", "c"):
            if engine in xcc.ENGINES:
                found = list(m.solutions(engine=engine, seed=seed))
                assert {frozenset(s.labels) for s in found} == plain
                for s in found:
                    m.check(s.labels)
                firsts.add(found[0].labels)
        assert m.count(engine="python", seed=seed).counters == \
            xcc.count(m.problem(seed), engine="python").counters
    assert len(firsts) > 1


@pytest.mark.parametrize("seed", ["1", 1.0, True, -1])
def test_a_bad_seed_is_refused_at_the_door(seed):
    problem = queens(4)
    for call in (lambda: xcc.Search(problem, seed=seed), lambda: xcc.count(problem, seed=seed),
                 lambda: list(xcc.solve(problem, seed=seed)),
                 lambda: Model(["a"]).problem(seed=seed)):
        with pytest.raises(XCCError) as refused:
            call()
        assert refused.value.where == "argument 'seed'"


@pytest.mark.parametrize("seed, kept", [(None, True), (3, False)])
def test_a_seeded_search_keeps_no_rest_to_resume(seed, kept):
    """After Ctrl-C a count keeps its untried rest as prefixes, for a state to
    resume from (xcc.parallel.state_of); a seeded search's prefixes would name
    the shuffled problem's options, so it keeps none (state_of: None)."""
    def ctrl_c(stats):
        raise KeyboardInterrupt

    search = xcc.Search(queens(10), engine="python", seed=seed, on_progress=ctrl_c,
                        progress_every=0)
    with pytest.raises(KeyboardInterrupt):
        search.count()
    assert (search.rest is not None) == kept


@pytest.mark.skipif("c" not in xcc.ENGINES, reason="needs the compiled engine")
def test_a_split_search_under_a_seed_lists_the_sequential_order():
    problem = queens(8)
    sequential = [s.indices for s in xcc.solve(problem, seed=5)]
    split = list(xcc.solve(problem, seed=5, jobs=2))
    assert [s.indices for s in split] == sequential and split[0].problem is problem
    assert xcc.count(problem, seed=5, jobs=2).solutions == 92


def xcc_command(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "xcc", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_the_command_takes_a_seed():
    file = "examples/queens8.dlx"
    problem = xcc.read_dlx(str(ROOT / file))
    out = xcc_command("solve", file, "--seed", "7", "--limit", "2")
    assert out.returncode == 0, out.stderr
    printed: list[list[str]] = []
    for line in out.stdout.splitlines():   # "1:", then one option a line, indented
        if line.startswith(" "):
            printed[-1].append(line.strip())
        else:
            printed.append([])
    assert printed == [[problem.option_text(j) for j in s.indices]
                       for s in xcc.solve(problem, seed=7, limit=2)]
    assert printed[0] != [problem.option_text(j) for j in next(xcc.solve(problem)).indices]
    counted = xcc_command("count", file, "--seed", "7", "--json", "-q")
    assert counted.returncode == 0, counted.stderr
    stats = json.loads(counted.stdout)
    assert stats["solutions"] == 92
    assert stats["nodes"] == xcc.count(problem, seed=7).nodes != xcc.count(problem).nodes
    bad = xcc_command("count", file, "--seed", "-1")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--seed" in bad.stderr
    assert "--seed N" in xcc_command("solve", "--help").stdout


def test_the_command_takes_a_mem_limit():
    """``--mems M`` is ``Search(mem_limit=M)``: the c engine's run, checked against the
    python engine's (the same node, the same statistics), with a seed too."""
    file = "examples/queens8.dlx"
    problem = xcc.read_dlx(str(ROOT / file))
    for args, seed in (((), None), (("--seed", "7"), 7)):
        out = xcc_command("count", file, "--mems", "100000", "--json", "-q", *args)
        assert out.returncode == 0, out.stderr
        stats = json.loads(out.stdout)
        with xcc.Search(problem, engine="python", mem_limit=100_000, seed=seed) as search:
            expected = search.count()
        assert search.mem_limited and not stats["complete"]
        assert {k: stats[k] for k in expected.counters} == expected.counters
        assert stats["solutions"] == expected.solutions < 92
    out = xcc_command("solve", file, "--mems", "20000")
    assert out.returncode == 0 and out.stdout.count(":\n") == 1, out.stderr
    for refused in (("-e", "sat"), ("-j", "2"), ("--mems", "0")):
        bad = xcc_command("count", file, "--mems", "100", *refused)
        assert bad.returncode == 2 and bad.stderr.count("\n") == 1, bad.stderr
        assert "--mems" in bad.stderr and "Traceback" not in bad.stderr

