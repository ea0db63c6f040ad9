"""The compiled CNF translation and cut check against their Python references.

``CompiledTranslation`` (xcc/csrc/sat/cnf.c) must give the same variables and
the same clauses, in the same order, as ``Translation``; its ``check`` (the
lazy cuts, xcc/csrc/sat/cuts.c) the same answer and the same cuts as
``check_edges``; ``chosen`` and ``blocking`` the same options and clauses.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xcc
from xcc.engines.sat import engine as sat
from xcc.engines.sat.translate import Layout, Translation

from ...strategies import cycle_problems, problems, total_cycle_problems
from .test_engine import load, table_problems

_native = pytest.importorskip("xcc._native")
from xcc.engines.sat.compiled import CompiledTranslation  # noqa: E402


def both(problem, cycle=None):
    a = Layout(problem)
    compiled = None if cycle is None else cycle.compile_for(problem)
    return Translation(a, compiled), CompiledTranslation(a, compiled)


def assert_twins(problem, cycle=None, models=6, seed=0):
    py, c = both(problem, cycle)
    assert c.nvars == py.nvars
    assert c.clauses == py.clauses
    assert c.unsat == py.unsat
    assert c.edges == py.edges
    assert c.incident == py.incident
    rng = random.Random(seed)
    for _ in range(models):  # random assignments: the same cuts
        model = [v if rng.random() < 0.5 else -v for v in range(1, py.nvars + 1)]
        model = model[:rng.randint(0, len(model))] if rng.random() < 0.2 else model
        full = model + [-v for v in range(len(model) + 1, py.nvars + 1)]
        if cycle is not None:
            assert c.check(model) == py.check(full)
            assert c.true_edges(full) == py.true_edges(full)
    Solver = sat.solver_class()
    if Solver is None or py.unsat:
        return
    with Solver(name=sat.SOLVER, bootstrap_with=py.clauses) as solver:
        for _, model in zip(range(models), solver.enum_models()):  # real models
            model = model + [-v for v in range(len(model) + 1, py.nvars + 1)]
            chosen = py.chosen(model)
            assert c.chosen(model) == chosen
            assert c.blocking(model, chosen) == py.blocking(model, chosen)


@settings(max_examples=300, deadline=None)
@given(problems(colors="abc"))
def test_plain_problems(problem):
    assert_twins(problem)


@settings(max_examples=300, deadline=None)
@given(table_problems(with_cycle=True))
def test_tables_with_cycles(case):
    assert_twins(*case)


@settings(max_examples=300, deadline=None)
@given(cycle_problems(), st.integers(0, 99))
def test_cycle_problems(case, seed):
    assert_twins(*case, seed=seed)


@settings(max_examples=100, deadline=None)
@given(total_cycle_problems())
def test_total_cycle_problems(case):
    assert_twins(*case)


def test_loops_and_many_literals():
    """A loop on one vertex, a vertex with more than six edges (counters), an
    item with many colors (an exactly-one over new variables)."""
    secondary = [f"s{i}" for i in range(9)]
    options = [[f"p{k % 3}", (secondary[k], "abcdefgh"[k % 8])] for k in range(9)]
    options += [["p0", ("s0", c)] for c in "bcdefgh"]
    options += [["t", ("s8", c), ("s7", d)] for c in "ab" for d in "abc"]
    problem = xcc.Problem(["p0", "p1", "p2", "t"], secondary, options)
    edges = {s: [((0, k + 1), c) for c in "abcdefgh"] for k, s in enumerate(secondary)}
    edges["s3"].append(((4, 4), "d"))
    assert_twins(problem, xcc.Cycle(edges, required=[0, 2]), models=20)
    assert_twins(problem, xcc.Cycle(edges, required=[]), models=20)


def test_masyu_puzzles():
    import masyu
    encode = masyu.encode
    for text in (["W..B", "....", "B..W", "...."], ["W.W.W", ".....", "B.B.B", ".....", "W...W"]):
        enc = encode(masyu.Puzzle.from_grid(text), "423")
        assert_twins(enc.problem, enc.cycle(), models=10)
        enc = encode(masyu.Puzzle.from_grid(text), "422")
        assert_twins(enc.problem, enc.cycle(), models=10)


def test_dlx_files(shared):
    for name in ("queens4.dlx", "color.dlx", "queens8.dlx"):
        assert_twins(load(shared, name))


@pytest.mark.parametrize("args", [
    (1, 2, 1, [0, 1], [0], [0]),            # not int32 buffers
    (0, 2, 1, "i", "i", "i"),               # no primary item
])
def test_bad_arrays_are_refused(args):
    import numpy as np
    conv = [np.asarray(x, np.int64) if isinstance(x, list) else x for x in args]
    with pytest.raises((TypeError, ValueError)):
        _native.cnf(*conv)


def test_out_of_range_arrays_are_refused():
    import numpy as np
    i32 = lambda xs: np.asarray(xs, np.int32)  # noqa: E731
    with pytest.raises(ValueError):
        _native.cnf(1, 2, 1, i32([0, 1]), i32([5]), i32([0]))  # item 5 of 2
    with pytest.raises(ValueError):
        _native.cnf(1, 2, 1, i32([0, 2]), i32([0, 1]), i32([0, 3]))  # color 3 of 1
    with pytest.raises(ValueError):
        _native.cnf(1, 2, 1, i32([0, 2]), i32([0, 1]), i32([0, 1]),
                     (2, i32([0, 1]), i32([1]), i32([0]), i32([7]), i32([]), i32([])))
    with pytest.raises(ValueError):
        _native.cycle_cuts(2, i32([0]), i32([9]), i32([1]), i32([]), [1])


def test_the_reference_takes_over_beyond_the_color_table(monkeypatch):
    problem = xcc.Problem(["p"], ["s"], [["p", "s:a"], ["p", "s:b"]])
    assert isinstance(sat.translate(Layout(problem)), CompiledTranslation)
    monkeypatch.setattr(sat, "MAX_COLOR_TABLE", 5)  # 2 items x 3 > 5
    assert isinstance(sat.translate(Layout(problem)), Translation)
    if sat.solver_class() is not None:
        assert xcc.count(problem, engine="sat").solutions == 2


def test_hostile_inputs_are_refused_before_use():
    """Found in review: Python code that runs while arguments are read (an
    entry's __index__) must not meet checked arrays; other byte orders, a
    non-tuple cycle and huge color counts are refused."""
    import numpy as np
    i32 = lambda xs: np.asarray(xs, np.int32)  # noqa: E731

    edge_u = i32([0, 0])

    class Sneaky:  # not an int: its __index__ would change the arrays after their check
        def __index__(self):
            edge_u[0] = 10**8
            return 1
    with pytest.raises(TypeError, match="list of ints"):
        _native.cycle_cuts(2, edge_u, i32([1, 1]), i32([1, 2]), i32([]), [Sneaky(), 2])
    assert edge_u[0] == 0
    assert _native.cycle_cuts(2, edge_u, i32([1, 1]), i32([1, 2]), i32([]), [1, 2]) is None
    other = "<i4" if np.dtype("=i4").byteorder == ">" or np.little_endian is False else ">i4"
    with pytest.raises(TypeError, match="int32"):
        _native.cycle_cuts(2, i32([0]), i32([1]), np.asarray([1], other), i32([]), [1])
    with pytest.raises(TypeError, match="tuple"):
        _native.cnf(1, 1, 0, i32([0, 1]), i32([0]), i32([0]), [2])
    with pytest.raises(ValueError):
        _native.cnf(1, 1, 2**31 - 1, i32([0, 1]), i32([0]), i32([0]))


def test_a_zero_in_the_model_makes_neither_literal_true():
    problem = xcc.Problem(["t"], ["s"], [["t", "s:a"], ["t", "s:b"]])  # a table: lits v, -v
    cycle = xcc.Cycle({"s": [((0, 1), "a"), ((0, 1), "b")]}, required=[0])
    py, c = both(problem, cycle)
    assert sorted(lit for _, _, lit in py.edges) == [-2, 2]
    model = [1, 0]
    assert c.true_edges(model) == py.true_edges(model) == []
    assert c.check(model) == py.check(model)


def test_long_options_sort_fast():
    """A table-like option naming many items in falling order (insertion sort
    was quadratic): the C translation stays the twin, and quick."""
    secondary = [f"s{i}" for i in range(3000)]
    rest = [(s, "a") for s in reversed(secondary[2:])]
    options = [["p"] + rest + [("s1", c1), ("s0", c0)] for c0, c1 in ("aa", "ab", "ba")]
    problem = xcc.Problem(["p"], secondary, options)  # a table; it forbids s0 = s1 = b
    py, _ = both(problem)
    assert len(py.tables) == 1 and len(py.tables[0][0]) == 3000
    assert_twins(problem, models=2)


def test_the_reference_serves_without_the_extension(monkeypatch, shared):
    """With xcc._native missing, CompiledTranslation raises ImportError and
    translate falls back to the reference (tests/test_without_extension.py
    does it for real, in a fresh interpreter)."""
    from xcc.engines.sat import compiled
    problem = load(shared, "queens4.dlx")
    monkeypatch.setattr(compiled, "_native", None)
    with pytest.raises(ImportError):
        CompiledTranslation(Layout(problem))
    assert type(sat.translate(Layout(problem))) is Translation
    if sat.solver_class() is not None:
        assert xcc.count(problem, engine="sat").solutions == 2
