"""Prefix replay in the dancing-links engines: a search cut into subproblems
at every budget gives back the sequential run exactly, in both twins."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xcc
from xcc.engines import DONE, REGISTRY
from xcc.examples import queens
from xcc.parallel.task import Walker, run_prefix

from ..strategies import cycle_problems, problems

ENGINES = [name for name in ("python", "c") if name in xcc.ENGINES]


def sequential(engine, problem, cycle=None):
    with engine.start(problem, cycle) as run:
        out = []
        while True:
            status, found = run.batch(0, 1 << 40)
            out += found
            if status == DONE:
                return out, run.counters()


def split_everywhere(engine, problem, cycle, budget, walk=False):
    """Run the root as a subproblem, cut it whenever ``budget`` mems are
    spent, and run the pieces depth first (the order of the search); with
    ``walk``, in one run that walks from each finished piece to the next."""
    stack, solutions, own, overhead, parts = [()], [], {}, {}, []
    with Walker(engine, problem, cycle, walk=walk) as walker:
        while stack:
            part = walker.part(stack.pop(), budget, keep=True)
            parts.append(part)
            solutions += part.solutions
            assert part.found == len(part.solutions)
            for k, v in part.own.items():
                own[k] = max(own.get(k, 0), v) if k == "max_level" else own.get(k, 0) + v
            for k, v in part.overhead.items():
                overhead[k] = overhead.get(k, 0) + v
            stack.extend(reversed(part.children))
        if walk:  # every finished piece but the last (at the end of the tree) walks on
            assert walker.walks == sum(1 for p in parts if not p.children) - 1
    return solutions, own, overhead, parts


def check_split(problem, cycle, budget):
    results = {}
    for name in ENGINES:
        engine = REGISTRY[name]
        expect, counters = sequential(engine, problem, cycle)
        for walk in (False, True):
            solutions, own, overhead, parts = split_everywhere(engine, problem, cycle, budget,
                                                               walk)
            assert solutions == expect
            assert own == counters  # the own parts add up to the sequential run, exactly
            results[name, walk] = [(p.prefix, p.found, p.own, p.overhead, p.children)
                                   for p in parts]
        check_walk_parts(engine, problem, cycle, [p.prefix for p in parts if not p.children])
    for walk in (False, True):  # the twins cut at the same nodes, with the same counters
        if ("python", walk) in results and ("c", walk) in results:
            assert results["python", walk] == results["c", walk]


def check_walk_parts(engine, problem, cycle, prefixes):
    """The subproblems of ``prefixes`` (consecutive pieces, run whole), walked
    from one to the next in one run: each own part exactly as in a run of its
    own (the walk is overhead only)."""
    with Walker(engine, problem, cycle) as walker:
        walked = [walker.part(q, 1 << 50, keep=True) for q in prefixes]
    fresh = [run_prefix(engine, problem, cycle, q, 1 << 50, keep=True) for q in prefixes]
    assert [(p.found, p.solutions, p.own) for p in walked] == \
        [(p.found, p.solutions, p.own) for p in fresh]
    assert walker.walks == sum(1 for p in walked[1:] if p.prefix)  # every one after the first


@settings(max_examples=60, deadline=None)
@given(problems(max_primary=6, max_options=14), st.sampled_from([1, 3, 20, 200]))
def test_split_random_problems(problem, budget):
    check_split(problem, None, budget)


@settings(max_examples=40, deadline=None)
@given(cycle_problems(), st.sampled_from([1, 5, 50]), st.booleans())
def test_split_random_cycle_problems(problem_cycle, budget, propagate):
    problem, cycle = problem_cycle
    if propagate:
        from dataclasses import replace
        cycle = replace(cycle, propagate=True)
    check_split(problem, cycle, budget)


@pytest.mark.parametrize("budget", [1, 100, 5000])
def test_split_queens(budget):
    check_split(queens(6), None, budget)


def test_tiny_budget_expands_one_level():
    """Budget 1: the root's run stops at its first node, so the pieces are
    the options of the item chosen there, in list order."""
    problem = queens(5)
    for name in ENGINES:
        part = run_prefix(REGISTRY[name], problem, None, (), 1, keep=False)
        assert part.found == 0 and part.overhead["mems"] == 0
        first = [c[0] for c in part.children]
        assert all(len(c) == 1 for c in part.children) and first == sorted(first)
        assert len(first) == 5  # row r0 (or a column): five squares


@pytest.mark.parametrize("name", ENGINES)
def test_bad_prefix(name):
    problem = queens(5)
    engine = REGISTRY[name]
    root = run_prefix(engine, problem, None, (), 1, keep=False)
    level0 = {c[0] for c in root.children}
    wrong = next(k for k in range(len(problem.options)) if k not in level0)
    with engine.start(problem, None, (wrong,)) as run:
        with pytest.raises(xcc.XCCError, match=rf"prefix \({wrong},\) is no path of the search "
                                               rf"tree: it leaves it at level 0"):
            run.count(0, 10)
        with pytest.raises(xcc.XCCError):  # and it stays so
            run.step(0)
    with pytest.raises(xcc.XCCError, match="at most n1 option indices"):
        engine.start(problem, None, (-1,))
    with pytest.raises(xcc.XCCError, match="at most n1 option indices"):
        engine.start(problem, None, (0,) * 40)


def test_bad_prefix_messages_agree():
    """The same error, word for word, from both twins, for a prefix that goes
    on below a dead end."""
    if len(ENGINES) < 2:
        pytest.skip("needs the compiled engine")
    problem = queens(4)
    messages = []
    for name in ENGINES:
        engine = REGISTRY[name]
        root = run_prefix(engine, problem, None, (), 1, keep=False)
        bad = root.children[0] + (0, 0, 0)
        with engine.start(problem, None, bad) as run, pytest.raises(xcc.XCCError) as info:
            run.count(0, 10)
        messages.append(str(info.value))
    assert messages[0] == messages[1]


@pytest.mark.parametrize("name", ENGINES)
def test_walk_refused(name):
    """A run walks only from a finished subproblem to a prefix that is not an
    ancestor of where it stands; otherwise walk() says False and changes
    nothing (the caller starts a new run)."""
    engine = REGISTRY[name]
    problem = queens(6)
    root = run_prefix(engine, problem, None, (), 1, keep=False)
    first, second = root.children[0], root.children[1]
    with engine.start(problem, None, first) as run:
        assert not run.walk(second)  # not run yet
        status, _ = run.count(1, 1 << 40)
        assert status != DONE and not run.walk(second)  # paused inside the subtree
        while run.count(1 << 40, 1 << 40)[0] != DONE:
            pass
        assert not run.walk(())  # empty
        assert run.walk(second) and run.prefix == second
        while run.count(1 << 40, 1 << 40)[0] != DONE:
            pass
        total = run.counters()
    with engine.start(problem, None, ()) as run:
        assert not run.walk(second)  # the whole search: no prefix to walk from
    fresh = run_prefix(engine, problem, None, second, 1 << 40, keep=False)
    assert fresh.own["nodes"] <= total["nodes"]


@pytest.mark.parametrize("name", ENGINES)
def test_walk_to_a_bad_prefix(name):
    """A walk to a prefix off the tree fails as a new run of it would."""
    engine = REGISTRY[name]
    problem = queens(5)
    root = run_prefix(engine, problem, None, (), 1, keep=False)
    level0 = {c[0] for c in root.children}
    wrong = next(k for k in range(len(problem.options)) if k not in level0)
    with engine.start(problem, None, root.children[0]) as run:
        while run.count(1 << 40, 1 << 40)[0] != DONE:
            pass
        assert run.walk((wrong,))
        with pytest.raises(xcc.XCCError, match=rf"prefix \({wrong},\) is no path of the "
                                               rf"search tree: it leaves it at level 0"):
            run.count(0, 10)
