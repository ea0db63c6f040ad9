"""Hostile arrays straight into the extension: random and mutated links,
cycles and cuts, and junk arguments (issue 20).

Whatever xcc._native is given, it refuses it with ValueError or TypeError,
or searches it to the end; never a crash, a SystemError or a search that
does not return.  The link checks agree with their Python twin
(xcc.engines.dlx.arrays.check_arrays) fault for fault, and what both accept
both engines search alike.  tools/sanitize.sh runs this file against the
extension built with AddressSanitizer and UBSan.
"""
from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

import xcc
from xcc.engines import DONE, SOLUTION
from xcc.engines.dlx.arrays import Arrays, build_arrays, check_arrays
from xcc.engines.dlx.python import PythonRun
from xcc.examples import queens

_native = pytest.importorskip("xcc._native")
NAMES = ("llink", "rlink", "up", "down", "itm", "color")
STEPS = 20_000  # calls of run(BUDGET) a search of these small problems never needs
BUDGET = 500


def random_problem(rng: random.Random) -> xcc.Problem:
    """Up to 7 primary and 6 secondary items, colors a b c, up to 20 options."""
    primary = [f"p{i}" for i in range(rng.randint(1, 7))]
    secondary = [f"s{i}" for i in range(rng.randint(0, 6))]
    colors = "abc"[:rng.randint(1, 3)]
    options = []
    for _ in range(rng.randint(1, 20)):
        option = [(p, None) for p in rng.sample(primary, rng.randint(1, min(len(primary), 3)))]
        for s in rng.sample(secondary, rng.randint(0, min(len(secondary), 4))):
            option.append((s, rng.choice([None, *colors])))
        rng.shuffle(option)
        options.append(option)
    return xcc.Problem(primary, secondary, options, warn=False)


def random_graph_cycle(rng: random.Random) -> tuple[xcc.Problem, xcc.Cycle]:
    """Degree 0 or 2 at each vertex of a random small graph, one cycle on its edges."""
    nv = rng.randint(3, 6)
    pairs = [(u, v) for u in range(nv) for v in range(u + 1, nv)]
    edges = rng.sample(pairs, rng.randint(3, len(pairs)))
    items = [f"e{u}_{v}" for u, v in edges]
    options = []
    for w in range(nv):
        incident = [k for k, (u, v) in enumerate(edges) if w in (u, v)]
        states = [()] + [(x, y) for x in incident for y in incident if x < y]
        for state in states:
            options.append([(f"v{w}", None)] + [(items[k], "1" if k in state else "0")
                                                for k in incident])
    problem = xcc.Problem([f"v{w}" for w in range(nv)], items, options, warn=False)
    required = rng.sample(range(nv), rng.randint(0, 2))
    return problem, xcc.Cycle({items[k]: [(edges[k], "1")] for k in range(len(edges))}, required)


def i32(values) -> np.ndarray:
    return np.ascontiguousarray(values, dtype=np.int32)


def mutate(rng: random.Random, arrays: dict[str, list[int]], n: int) -> None:
    """One to three changes a careless caller or an attacker might make."""
    last_node = len(arrays["up"])
    for _ in range(rng.randint(1, 3)):
        name = rng.choice(NAMES)
        a = arrays[name]
        k = rng.randrange(len(a))
        how = rng.random()
        if how < 0.4:  # a nearby value, often still in range
            a[k] += rng.choice([-2, -1, 1, 2])
        elif how < 0.7:  # any index of either kind
            a[k] = rng.randint(-2, max(n + 2, last_node) + 1)
        elif how < 0.85:  # two entries swapped
            j = rng.randrange(len(a))
            a[j], a[k] = a[k], a[j]
        else:  # an extreme value
            a[k] = rng.choice([-(2**31), 2**31 - 1, -1, 0])


def solver_of(n1: int, n: int, arrays: dict[str, list[int]], cycle=None, cuts=None):
    return _native.Solver(n1, n, *(i32(arrays[name]) for name in NAMES), cycle, cuts)


def run_to_end(solver) -> tuple[list[list[int]], tuple]:
    found = []
    for _ in range(STEPS):
        status = solver.run(BUDGET)
        if status == DONE:
            return found, solver.stats()
        if status == SOLUTION:
            found.append(solver.choices())
    raise AssertionError("the search does not end")


def reference(n1: int, n: int, arrays: dict[str, list[int]]):
    a = Arrays(n1, n, *(list(arrays[name]) for name in NAMES), [], [])
    run = PythonRun(a)
    found = []
    while (status := run.step(0)) != DONE:
        if status == SOLUTION:
            found.append(run.choices())
    c = run.counters()
    return found, (len(found), c["nodes"], c["updates"], c["cleansings"], c["mems"],
                   c["max_level"])


def cases(count: int, seed: int):
    rng = random.Random(seed)
    for k in range(count):
        problem = random_problem(rng)
        a = build_arrays(problem)
        arrays = {name: list(getattr(a, name)) for name in NAMES}
        if k % 10:  # one in ten unchanged: the checks must take those
            mutate(rng, arrays, a.n)
        yield rng, a.n1, a.n, arrays


def test_mutated_links_are_refused_or_searched_alike():
    refused = accepted = 0
    for rng, n1, n, arrays in cases(1500, 1):
        fault = check_arrays(n1, n, *(arrays[name] for name in NAMES))
        try:
            solver = solver_of(n1, n, arrays)
        except ValueError as e:
            assert str(e) == fault, (str(e), fault)
            refused += 1
            continue
        assert fault is None
        accepted += 1
        found, stats = run_to_end(solver)
        assert solver.sanity() == []
        assert (found, stats[:6]) == reference(n1, n, arrays)
    assert refused > 700 and accepted > 150  # both sides of the checks are exercised


def test_random_arrays_are_refused():
    rng = random.Random(2)
    for _ in range(1500):
        n1 = rng.randint(-1, 5)
        n = rng.randint(-1, 8)
        last_node = rng.randint(0, 30)
        sizes = [n + 2, n + 2] + [last_node] * 4
        if rng.random() < 0.2:  # a wrong length here and there
            j = rng.randrange(6)
            sizes[j] = max(0, sizes[j] + rng.choice([-1, 1]))
        arrays = {name: [rng.randint(-2, max(n, last_node) + 2) for _ in range(max(0, size))]
                  for name, size in zip(NAMES, sizes)}
        try:
            solver = solver_of(n1, n, arrays)
        except ValueError:
            continue
        run_to_end(solver)  # accepted by chance: then it must be a real layout
        assert solver.sanity() == []


def test_mutated_cycles_and_cuts_are_refused_or_searched():
    rng = random.Random(3)
    searched = 0
    for _ in range(600):
        problem, cycle = random_graph_cycle(rng)
        cycle = xcc.Cycle(cycle.edges, cycle.required, propagate=True)
        cc = cycle.compile_for(problem)
        a = build_arrays(problem)
        arrays = {name: list(getattr(a, name)) for name in NAMES}
        nverts, *parts = cc.arrays()
        parts = [list(p) for p in parts]
        cuts = [[0, 0], []]
        if rng.random() < 0.5:
            cuts = [[0, 2], [0, rng.randint(-1, 3)]]
        if rng.random() < 0.8:
            for _ in range(rng.randint(1, 2)):
                target = rng.choice(parts + cuts)
                if target and rng.random() < 0.8:
                    target[rng.randrange(len(target))] = rng.randint(-2, nverts + 3)
                elif target:
                    target.pop()
                else:
                    target.append(rng.randint(-1, 3))
            if rng.random() < 0.2:
                nverts = rng.choice([-1, 0, 1, nverts + 1, 2**31 - 1])
        try:
            solver = solver_of(a.n1, a.n, arrays, (nverts, *(i32(p) for p in parts)),
                               tuple(i32(c) for c in cuts) if rng.random() < 0.7 else None)
        except (ValueError, MemoryError):
            continue
        searched += 1
        run_to_end(solver)
    assert searched > 50


def test_junk_arguments_raise_plain_errors():
    a = build_arrays(queens(4))
    good = {name: getattr(a, name) for name in NAMES}
    junk = [None, 5, "x", b"\x00" * 7, [1, 2], np.zeros(3, np.int64), np.zeros(3, np.float32),
            np.zeros((2, 2), np.int32)[:, 0], memoryview(b"abcd").cast("B")]
    rng = random.Random(4)
    for _ in range(300):
        args = [a.n1, a.n] + [i32(good[name]) for name in NAMES]
        j = rng.randrange(len(args))
        args[j] = rng.choice(junk + [2**40, -(2**40)])
        with pytest.raises((ValueError, TypeError, OverflowError, BufferError)):
            _native.Solver(*args)
    solver = solver_of(a.n1, a.n, good)
    for method, arg in [("run", -1), ("run", "x"), ("run", 2**70), ("count", (0,)),
                        ("batch", ("a", 1)), ("count", (0, None))]:
        with pytest.raises((ValueError, TypeError, OverflowError)):
            f = getattr(solver, method)
            f(*arg) if isinstance(arg, tuple) else f(arg)
    with pytest.raises(RuntimeError):
        solver.__init__(a.n1, a.n, *(i32(good[name]) for name in NAMES))
    with pytest.raises(TypeError):
        _native.Layout()
    for bad in ((0, "x"), ([], None), ((), ()), ("cycle", None)):
        with pytest.raises((ValueError, TypeError)):
            _native.Solver(a.n1, a.n, *(i32(good[name]) for name in NAMES), *bad)
    uninitialized = _native.Solver.__new__(_native.Solver)
    for method in ("run", "stats", "choices", "options", "sanity"):
        with pytest.raises((RuntimeError, TypeError)):
            f = getattr(uninitialized, method)
            f(0) if method == "run" else f()


def test_the_parser_takes_any_text():
    """parse_dlx answers None or arrays for any str, and refuses other types."""
    rng = random.Random(5)
    alphabet = "ab|: \t\n\r:|xy0\x00\x7f\u00e9"
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        read = _native.parse_dlx(text)
        assert read is None or len(read) == 9  # (the ninth: the bounds, or None)
    for bad in (None, b"a | b\na\n", 5):
        with pytest.raises(TypeError):
            _native.parse_dlx(bad)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert _native.parse_dlx("a | b\na b\n") is not None


def test_random_arrays_into_the_sat_glue():
    """cnf and cycle_cuts take random arrays too: refused, or an answer."""
    rng = random.Random(6)
    answered = 0
    for _ in range(1500):
        n1, n, ncolors = rng.randint(-1, 4), rng.randint(-1, 6), rng.randint(-1, 3)
        m = rng.randint(0, 5)
        starts = sorted(rng.randint(0, 8) for _ in range(m + 1))
        if rng.random() < 0.8 and starts:
            starts[0] = 0
        size = starts[-1] if starts and rng.random() < 0.9 else rng.randint(0, 9)
        items = [rng.randint(-1, max(n, 0)) for _ in range(size)]
        colors = [rng.randint(-1, max(ncolors, 0)) for _ in range(size)]
        cycle = None
        if rng.random() < 0.5:
            nsec = max(n - n1, 0) if rng.random() < 0.9 else rng.randint(0, 4)
            nedges = rng.randint(0, 5)
            nv = rng.randint(-1, 5)
            start = sorted(rng.randint(0, nedges) for _ in range(nsec + 1))
            if start and rng.random() < 0.9:
                start[0], start[-1] = 0, nedges
            cycle = (nv, i32(start), i32([rng.randint(0, 3) for _ in range(nedges)]),
                     *(i32([rng.randint(-1, max(nv, 0)) for _ in range(nedges)]) for _ in "uv"),
                     i32([rng.randint(-1, max(nv, 0)) for _ in range(2 * rng.randint(0, 2))]),
                     i32([rng.randint(-1, max(nv, 0)) for _ in range(rng.randint(0, 2))]))
        try:
            _native.cnf(n1, n, ncolors, i32(starts), i32(items), i32(colors), cycle)
            answered += 1
        except (ValueError, TypeError, MemoryError):
            pass
        ne = rng.randint(0, 5)
        nv = rng.randint(-1, 5)
        lits = [rng.randint(-4, 4) for _ in range(ne)]
        try:
            _native.cycle_cuts(nv, *(i32([rng.randint(-1, max(nv, 0)) for _ in range(ne)])
                                     for _ in "uv"), i32(lits),
                               i32([rng.randint(-1, max(nv, 0)) for _ in range(rng.randint(0, 2))]),
                               [rng.randint(-3, 3) for _ in range(rng.randint(0, 5))])
        except (ValueError, TypeError):
            pass
    assert answered > 20  # some are good enough to translate
