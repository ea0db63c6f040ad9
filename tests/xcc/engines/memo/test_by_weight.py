"""Counts by weight (``xcc.count(..., by=)``) and the diagram as a product
(``xcc.Diagram``: build, save, load, ranks, draws).

The independent source is brute force: every subset of options
(``tests/xcc/bruteforce.py``), its weight summed by hand and, with
``by="cycles"``, its edges split into cycles by a graph search here.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import xcc
from xcc import Diagram, Problem, XCCError
from xcc.engines import memo
from xcc.engines.memo.engine import new_build
from xcc.engines.memo.poly import polynomial
from xcc.examples import queens

from ...bruteforce import all_solutions
from ...strategies import cycle_problems, present_edges, problems

NATIVE = memo.native_available()
ENGINES = ["memo-python"] + (["memo"] if NATIVE else [])
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))


def cycles_of(edges, required) -> int | None:
    """The number of cycles the edges form, or None if they are not disjoint
    cycles through every required vertex (brute force: degrees and a search)."""
    deg: dict = {}
    adj: dict = {}
    for u, v in edges:
        if u == v:
            return None
        deg[u] = deg.get(u, 0) + 1
        deg[v] = deg.get(v, 0) + 1
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    if any(d != 2 for d in deg.values()) or any(r not in deg for r in required):
        return None
    seen, n = set(), 0
    for v in deg:
        if v in seen:
            continue
        n += 1
        stack = [v]
        while stack:
            x = stack.pop()
            if x not in seen:
                seen.add(x)
                stack.extend(adj[x])
    return n


@SETTINGS
@given(problems(max_primary=5, max_secondary=4, max_options=12), st.randoms())
def test_rows_by_option_weight_equal_brute_force(problem, rnd):
    weights = [rnd.randrange(4) for _ in problem.options]
    want = Counter(sum(weights[o] for o in chosen) for chosen in all_solutions(problem))
    for engine in ENGINES:
        stats = xcc.count(problem, engine=engine, by=weights)
        assert stats.by == dict(sorted(want.items())), engine
        assert sum(stats.by.values()) == stats.solutions == sum(want.values())
    # a function of the option gives the same rows
    assert xcc.count(problem, engine=ENGINES[-1], by=lambda o: weights[o]).by == \
        dict(sorted(want.items()))


@SETTINGS
@given(cycle_problems())
def test_rows_by_cycles_equal_brute_force(pc):
    problem, cycle = pc
    want: Counter = Counter()
    for chosen in all_solutions(problem):
        n = cycles_of(present_edges(problem, cycle, chosen), cycle.required)
        if n is not None:
            want[n] += 1
    rows = {}
    for engine in ENGINES:
        rows[engine] = xcc.count(problem, engine=engine, cycle=cycle, by="cycles").by
        assert rows[engine] == dict(sorted(want.items())), engine
    # the rows of one cycle are the strong count
    assert want.get(1, 0) == xcc.count(problem, engine=ENGINES[-1], cycle=cycle).solutions


def test_bad_by_is_one_clear_error():
    p = queens(4)
    for by, words in (("length", "by must be"), ([1, 2], "2 weights for"),
                      ([-1] * len(p.options), "non-negative"), (3, "not int"),
                      ("cycles", "give cycle=")):
        with pytest.raises(XCCError, match=words):
            xcc.count(p, engine="memo-python", by=by)
    with pytest.raises(XCCError, match="exact"):
        xcc.count(p, engine="python", by=[0] * len(p.options))
    with pytest.raises(XCCError, match="exact"):
        xcc.count(p, engine="memo-python", limit=3, by=[0] * len(p.options))


# ---- the weight pass's twins: C (memo_polynomial) and Python (poly.polynomial) ------------

def passes(problem, cycle, weights, several=False, order=None):
    """The rows of the three passes over one problem: the C pass over the C
    diagram, the Python pass over the same arcs, the Python twin's build."""
    offset_of = (lambda b: b.plan.root_closures) if weights is None else (lambda b: 0)
    twin = new_build(problem, cycle, diagram=True, native=False, order=order, several=several)
    twin.step(0)
    out = [twin.polynomial(weights, offset_of(twin))]
    if NATIVE:
        c = new_build(problem, cycle, diagram=True, native=True, order=order, several=several)
        c.step(0)
        out.append(c.polynomial(weights, offset_of(c)))
        out.append(polynomial(c.levels, c.layer_arcs, c.accept(), c.total, weights,
                              offset_of(c)))
    return out


@SETTINGS
@given(cycle_problems(), st.randoms(), st.sampled_from(["small", "large", "cycles"]))
def test_the_c_pass_equals_the_python_pass_on_random_problems(pc, rnd, kind):
    problem, cycle = pc
    if kind == "cycles":
        weights = None
    else:
        top = 3 if kind == "small" else 1000  # large: sparse rows, wide windows
        weights = [rnd.choice([0, top, rnd.randrange(top + 1)]) for _ in problem.options]
    rows = passes(problem, cycle, weights, several=weights is None)
    assert all(r == rows[0] for r in rows), rows
    assert sum(rows[0].values()) == xcc.count(problem, engine="memo-python", cycle=cycle,
                                              by=weights if weights else "cycles").solutions


def test_coefficients_of_many_words_are_the_trinomials():
    # 100 independent items, options of weight 0, 1, 2 each: (1 + x + x^2)^100, whose
    # middle coefficients pass 2^64 (the C pass's coefficients of several words)
    primary = [f"p{i}" for i in range(100)]
    problem = Problem(primary, [], [[p] for p in primary for _ in range(3)])
    row = [1]
    for _ in range(100):  # the trinomial coefficients, multiplied out here
        row = [sum(row[j] for j in (i - 2, i - 1, i) if 0 <= j < len(row))
               for i in range(len(row) + 2)]
    assert max(row) > 1 << 64
    want = dict(enumerate(row))
    weights = [o % 3 for o in range(len(problem.options))]
    for rows in passes(problem, None, weights):
        assert rows == want
    for engine in ENGINES:
        assert xcc.count(problem, engine=engine, by=weights).by == want


def test_the_c_pass_refuses_past_the_memory_limit():
    from xcc.engines.memo.engine import MemoEngine
    if not NATIVE:
        pytest.skip("the compiled extension is not built")
    p = queens(8)
    engine = MemoEngine(memory=1 << 20)  # the diagram fits; a window of 2^31 weights does not
    weights = [0] * len(p.options)
    weights[0] = (1 << 31) - 1
    with pytest.raises(xcc.MemoryLimit, match="memory limit"):
        xcc.count(p, engine=engine, by=weights)
    assert xcc.count(p, engine=engine, by=[1] * len(p.options)).by == {8: 92}


# ---- the diagram as a product ----------------------------------------------------------

@SETTINGS
@given(cycle_problems(), st.booleans())
def test_a_saved_diagram_reads_back_with_the_same_ranks(tmp_path_factory, pc, cycles):
    problem, cycle = pc
    path = tmp_path_factory.mktemp("d") / "diagram.txt"
    live = memo.build(problem, cycle, native=False)
    for engine in ENGINES:
        d = xcc.build_diagram(problem, cycle, engine=engine)
        assert d.total == live.total and d.widths == live.widths
        d.save(path)
        back = Diagram.load(path)
        assert list(back.lines()) == list(d.lines())
        assert back.total == live.total and back.widths == live.widths
        assert [back.unrank(r) for r in range(back.total)] == list(live.solutions())
        assert [back.rank(reversed(s)) for s in live.solutions()] == list(range(live.total))
        assert back.sample(5, seed=7) == live.sample(5, 7)
        assert back.items == [problem.primary[i] for i in live.plan.order]
        assert back.options == [tuple(o) for o in problem.options]
    several = xcc.build_diagram(problem, cycle, engine=ENGINES[-1], cycles=True)
    several.save(path)
    assert Diagram.load(path).polynomial() == \
        xcc.count(problem, engine="memo-python", cycle=cycle, by="cycles").by


def test_a_diagram_of_queens_ranks_draws_and_counts_by_weight(tmp_path):
    p = queens(8)
    d = xcc.build_diagram(p)
    assert d.total == 92
    listed = [s.indices for s in xcc.solve(p, engine=ENGINES[-1])]
    assert [d.unrank(r) for r in range(92)] == listed == list(d.solutions())
    assert d.sample(10, seed=3) == [s.indices for s in xcc.sample(p, 10, seed=3)]
    d.save(tmp_path / "q8.txt")
    back = Diagram.load(tmp_path / "q8.txt")
    # weight: the row of the queen in column c0 (each solution has one)
    weights = [next((int(i[1:]) for i, _ in o if i[0] == "r"), 0)
               if any(i == "c0" for i, _ in o) else 0 for o in p.options]
    want = Counter(sum(weights[o] for o in s) for s in listed)
    assert back.polynomial(weights) == dict(sorted(want.items())) == \
        xcc.count(p, engine=ENGINES[-1], by=weights).by
    assert [back.unrank(r) for r in range(92)] == listed
    assert [back.rank(s) for s in listed] == list(range(92))
    extra = next(o for o in listed[1] if o not in listed[0])
    for wrong in (listed[0][:-1], listed[0] + (extra,), (), (10 ** 6,)):
        with pytest.raises(XCCError, match="not a solution"):
            back.rank(wrong)


def test_a_bad_diagram_file_names_its_line(tmp_path):
    d = xcc.build_diagram(queens(4))
    lines = list(d.lines())
    path = tmp_path / "bad.txt"
    level = next(k for k, line in enumerate(lines) if line.startswith("level 1 "))
    arc = level + 1
    for k, text, words in ((0, "xcc-diagram 2", "not a diagram"),
                           (1, lines[1].replace("arcs=", "arc="), "unexpected"),
                           (arc, lines[arc].replace(">", "-", 1), "OPTION>CHILD"),
                           (arc, lines[arc] + " 99999>0", "out of range"),
                           (arc, lines[arc] + " ->7", "order of first appearance")):
        bad = list(lines)
        bad[k] = text
        path.write_text("\n".join(bad) + "\n")
        with pytest.raises(XCCError, match=words) as err:
            Diagram.load(path)
        assert err.value.where == f"line {k + 1}", (text, err.value.where)
    path.write_text("\n".join(lines[:-1]) + "\n")
    with pytest.raises(XCCError, match="ends early"):
        Diagram.load(path)


def test_an_empty_diagram_and_no_solution():
    p = Problem(["a", "b", "c"], [], [["a", "b"], ["b", "c"], ["a", "c"]])
    for engine in ENGINES:
        d = xcc.build_diagram(p, engine=engine)
        assert d.total == 0 and d.sample(3, seed=1) == [] and d.polynomial() == {}
        assert Diagram.parse("\n".join(d.lines())).total == 0
        with pytest.raises(XCCError, match="out of range"):
            d.unrank(0)
    p = Problem(["a"], [], [["a"]])
    for engine in ENGINES:
        d = xcc.build_diagram(p, engine=engine)
        assert (d.total, d.unrank(0), d.polynomial([5]), d.polynomial()) == (1, (0,), {5: 1}, {0: 1})
        assert Diagram.parse("\n".join(d.lines())).total == 1


def test_the_twins_give_the_same_arcs_and_closures():
    rnd = random.Random(5)
    from masyu import Puzzle  # a grid with many cycles: tests may use both packages
    from masyu.encodings import encode
    from masyu.exact import grid_order
    from xcc.engines.memo.engine import MemoEngine
    e = encode(Puzzle(5, 5), "423")
    if not NATIVE:
        pytest.skip("the compiled extension is not built")
    order = grid_order(e)
    a = xcc.build_diagram(e.problem, e.cycle(), engine="memo", order=order, cycles=True)
    b = xcc.build_diagram(e.problem, e.cycle(), engine="memo-python", order=order, cycles=True)
    assert list(a.lines()) == list(b.lines())
    assert a.polynomial() == {0: 1, 1: 9349, 2: 8821, 3: 4728, 4: 959}  # rows sum to 23,858
    for engine in ENGINES:  # the C pass and the Python pass of the count
        assert xcc.count(e.problem, engine=MemoEngine(native=engine == "memo", order=order),
                         cycle=e.cycle(), by="cycles").by == a.polynomial()
    ranks = [rnd.randrange(a.total) for _ in range(50)]
    assert [a.unrank(r) for r in ranks] == [b.unrank(r) for r in ranks]
