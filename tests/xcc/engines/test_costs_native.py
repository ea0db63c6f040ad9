"""Engine "costs" (DLX5's search in C) against its Python twin "costs-python":
the same solutions in the same order, the same costs and the same counters,
mem for mem, on random problems with colors and on DLX5's files
(test_costs_dlx5.py holds both to DLX5's own figures); pausing changes
nothing; Ctrl-C stops it at once; the registry's names."""
from __future__ import annotations

import _thread
import json
import random
import subprocess
import sys
import threading
import time
import warnings

import pytest
from hypothesis import given

import xcc
from xcc.engines import DONE, REGISTRY, SOLUTION, get
from xcc.engines.costs.engine import CostsEngine
from xcc.engines.costs.python import CostArrays, CostsRun
from xcc.examples import queens

from .test_costs import DIFFERENTIAL, EXAMPLE, costed, random_problem

native = pytest.importorskip("xcc.engines.costs.native")
if native._costs is None:
    pytest.skip("the compiled extension xcc._costs is not built", allow_module_level=True)
NativeCostsRun = native.NativeCostsRun


def run(cls, problem, k, budget=0):
    r = cls(CostArrays(problem), k)
    out = []
    while (status := r.step(budget)) != DONE:
        if status == SOLUTION:
            out.append((r.cost(), r.solution()))
    return out, r.counters(), r.found


@DIFFERENTIAL
@given(costed())
def test_the_twins_agree_on_random_problems(case):
    problem, k = case
    for kk in (k, None):
        assert run(NativeCostsRun, problem, kk) == run(CostsRun, problem, kk)


def test_the_twins_agree_where_big_options_pay():
    for seed in range(200):
        rng = random.Random(seed)
        problem, k = random_problem(rng), rng.randint(1, 4)
        assert run(NativeCostsRun, problem, k) == run(CostsRun, problem, k), seed


def test_the_twins_agree_on_queens_with_costs():
    rng = random.Random(35)
    q = queens(8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = xcc.Problem(q.primary, q.secondary, q.options,
                        costs=[rng.randrange(10) for _ in q.options])
    for k in (1, 5, None):
        c, python = run(NativeCostsRun, p, k), run(CostsRun, p, k)
        assert c == python
    assert run(NativeCostsRun, p, 1)[1]["nodes"] == 175 and run(NativeCostsRun, p, None)[1][
        "nodes"] == 1081


def test_pausing_changes_nothing():
    p = xcc.parse_dlx(EXAMPLE)
    whole = run(NativeCostsRun, p, 3)
    for budget in (1, 7, 50, 1000):
        assert run(NativeCostsRun, p, 3, budget) == whole


def test_the_registry_names():
    c, python = get("costs"), get("costs-python")
    assert c is REGISTRY["costs"] and c.native and c.k is None and c.available()
    assert python.name == "costs-python" and not python.native and python.k is None
    assert CostsEngine(3).name == "costs" and CostsEngine(3, native=False).name == "costs-python"
    assert xcc.CostsEngine is CostsEngine  # the public name, C by default
    p = xcc.parse_dlx(EXAMPLE)
    listed = {name: [(p.cost(s.indices), s.indices) for s in xcc.solve(p, engine=name)]
              for name in ("costs", "costs-python")}
    assert listed["costs"] == listed["costs-python"] and len(listed["costs"]) == 5
    by = {name: [(c, s.indices) for c, s in xcc.cheapest(p, 2, engine=name)]
          for name in ("costs", "costs-python")}
    assert by["costs"] == by["costs-python"] == [(c, s.indices) for c, s in xcc.cheapest(p, 2)]
    with pytest.raises(xcc.XCCError, match="engine must be 'costs' or 'costs-python'"):
        xcc.cheapest(p, 2, engine="c")


def test_ctrl_c_stops_the_c_search_at_once():
    """A long search (14 queens with costs, every solution listed: seconds)
    stopped by Ctrl-C 0.3 s in: the run returns within a step (2**20 mems),
    interrupted."""
    rng = random.Random(1)
    q = queens(14)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = xcc.Problem(q.primary, q.secondary, q.options,
                        costs=[rng.randrange(10) for _ in q.options])
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    start = time.process_time()
    try:
        with pytest.warns(UserWarning, match="interrupted"):
            stats = xcc.count(p, engine="costs")
    finally:
        timer.cancel()
    assert stats.interrupted and not stats.complete
    assert time.process_time() - start < 5


def test_without_the_extension_costs_python_does_the_work():
    code = ('import sys\nsys.modules["xcc._costs"] = None\n'
            'import json, xcc\n'
            'p = xcc.parse_dlx(sys.argv[1])\n'
            'got = [c for c, _ in xcc.cheapest(p, 3)]\n'
            'try:\n    xcc.count(p, engine="costs")\nexcept xcc.XCCError as e:\n    err = str(e)\n'
            'print(json.dumps([got, "costs" in xcc.ENGINES, "costs-python" in xcc.ENGINES, err]))\n')
    r = subprocess.run([sys.executable, "-c", code, EXAMPLE], capture_output=True, text=True,
                       timeout=120)
    assert "Traceback" not in r.stderr, r.stderr
    got, has_c, has_python, err = json.loads(r.stdout)
    assert got == [3, 4, 4] and not has_c and has_python and "costs-python" in err
