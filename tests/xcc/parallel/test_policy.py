"""xcc.parallel's pool policy: tasks keep their full budget on a pool with a
hurry flag (ours) and get finer ones at the end elsewhere; the fork server
gives its workers one BLAS thread without touching the driver's
environment; a task's clock stamps are the driver's clock."""
from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import xcc
from xcc.examples import queens
from xcc.parallel import count, pools, task

BLAS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


@pytest.fixture
def budgets(monkeypatch):
    """The budget of every task handed to a pool, as the driver asks."""
    asked: list[int] = []
    submit = pools.Pool.submit

    def recording(self, engine, prefixes, budget, keep, with_problem=False):
        asked.append(budget)
        return submit(self, engine, prefixes, budget, keep, with_problem)

    monkeypatch.setattr(pools.Pool, "submit", recording)
    return asked


def test_full_budgets_with_a_hurry_flag(budgets):
    """A process pool: every task gets the budget, the end included (the
    hurry flag splits a long last task)."""
    problem = queens(8)
    stats = xcc.count(problem)
    par = count(problem, jobs=2, budget=3000, warm=4)
    assert par.solutions == 92 and par.counters == stats.counters and par.tasks > 10
    assert budgets and set(budgets) == {3000}


def test_finer_budgets_at_the_end_without_one(budgets):
    """Another executor has no flag: when few prefixes wait, a 16th."""
    problem = queens(8)
    stats = xcc.count(problem)
    with ThreadPoolExecutor(2) as pool:
        par = count(problem, executor=pool, budget=3000, warm=4)
    assert par.solutions == 92 and par.counters == stats.counters
    assert set(budgets) == {3000, 3000 >> 4}


# In a fresh interpreter, so that the fork server is ours (its preload), not one
# another test started: stopping a running one waits for every worker it forked.
BLAS_CHILD = r"""
import json, os, sys
from xcc.examples import queens
from xcc.parallel import pools
if __name__ == "__main__":
    names = json.loads(sys.argv[1])
    before = {name: os.environ.get(name) for name in names}
    with pools.Pool(queens(4), None, jobs=1) as pool:
        pool._started()
        got = [pool._executor.submit(os.getenv, name).result(timeout=60) for name in names]
    after = {name: os.environ.get(name) for name in names}
    print(json.dumps([before, got, after]))
"""


def test_workers_get_one_blas_thread_the_driver_keeps_its_environment():
    import json
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items() if k not in BLAS}
    env["MKL_NUM_THREADS"] = "3"  # the driver's own setting: the workers keep it too
    out = subprocess.run([sys.executable, "-c", BLAS_CHILD, json.dumps(BLAS)], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    before, got, after = json.loads(out.stdout)
    assert got == [before[name] or "1" for name in BLAS] == ["1", "1", "3"]
    assert after == before


def test_task_stamps_are_on_the_drivers_clock():
    """``began``/``ended`` are time.perf_counter() in the worker: the
    system's monotonic clock, comparable with the driver's."""
    problem = queens(8)
    with pools.Pool(problem, None, jobs=1) as pool:
        pool._started()
        for ping in pool._pings:
            ping.result()
        t0 = time.perf_counter()
        result = pool.submit("c", [()], 1 << 40, False).result()
        t1 = time.perf_counter()
    assert isinstance(result, task.TaskResult) and result.parts[0].found == 92
    assert t0 <= result.began <= result.ended <= t1
    assert result.pid != os.getpid()


WORKER = """
import pickle, sys, json
import xcc.parallel.preload  # what the fork server imports, and every worker with it
from xcc.parallel import task
data = sys.stdin.buffer.read()
result = task.run_task("key", data, "c", [()], 1 << 40, True)
part = result.parts[0]
print(json.dumps({"numpy": "numpy" in sys.modules, "solutions": part.solutions,
                  "own": part.own}))
"""


def test_a_worker_of_engine_c_needs_no_numpy():
    """The fork server's preload imports no numpy (the pool starts in a few
    hundredths of a second), and a task of engine "c" runs from what a worker
    is sent (``task.shipped``: the problem made ready) in an interpreter that
    never imports it, with the sequential search's solutions and counters."""
    import json
    import subprocess
    import sys
    problem = queens(6)
    stats = xcc.count(problem)
    data = task.payload(problem, None, "c")
    out = subprocess.run([sys.executable, "-c", WORKER], input=data, capture_output=True,
                         check=True, env={**os.environ, "PYTHONWARNINGS": "error"})
    got = json.loads(out.stdout)
    assert got["numpy"] is False
    assert [tuple(s) for s in got["solutions"]] == [s.indices for s in xcc.solve(problem)]
    assert {k: v for k, v in got["own"].items()} == \
        {k: v for k, v in stats.counters.items() if k in got["own"]}
