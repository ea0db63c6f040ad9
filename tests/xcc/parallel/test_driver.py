"""xcc.parallel: the sequential run's solutions, in its order, and its
counters, for 1, 2 and 8 workers, on process pools, any executor and Dask;
a killed worker loses nothing; Ctrl-C leaves a state that resumes."""
from __future__ import annotations

import json
import os
import random
import signal
import warnings
from concurrent.futures import ThreadPoolExecutor

import pytest

import xcc
from xcc.examples import queens
from xcc.parallel import Parallel, count, solve

ENGINE = xcc.DEFAULT_ENGINE


def random_problem(seed: int) -> xcc.Problem:
    """A random problem with a few hundred to thousands of solutions."""
    rng = random.Random(seed)
    n1, n2 = rng.randint(6, 9), rng.randint(0, 3)
    primary = [f"p{i}" for i in range(n1)]
    secondary = [f"s{i}" for i in range(n2)]
    options = []
    for _ in range(rng.randint(25, 45)):
        option = [(p, None) for p in rng.sample(primary, rng.randint(1, 3))]
        option += [(s, rng.choice([None, "a", "b"])) for s in rng.sample(secondary,
                                                                         rng.randint(0, n2))]
        options.append(option)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return xcc.Problem(primary, secondary, options)


def sequential(problem, **options):
    return [s.indices for s in xcc.solve(problem, **options)], xcc.count(problem, **options)


@pytest.mark.parametrize("jobs", [1, 2, 8])
def test_process_pool_same_list_and_counters(jobs):
    problem = queens(8)
    expect, stats = sequential(problem)
    got = [s.indices for s in xcc.solve(problem, jobs=jobs)]
    assert got == expect and len(got) == 92
    par = count(problem, jobs=jobs, budget=3000, warm=8)  # small budget: many cuts
    assert par.solutions == 92 and par.complete and not par.interrupted
    assert par.counters == stats.counters  # nodes, updates, cleansings, mems, max_level
    assert par.mems == 305_205  # Knuth's count for queens8
    assert par.tasks > 10 and par.overhead["mems"] > 0 and not par.pending


@pytest.mark.parametrize("seed", range(4))
def test_random_problems_threads(seed):
    """Any Executor: threads here (the problem is sent with the first task a
    worker asks it for)."""
    problem = random_problem(seed)
    expect, stats = sequential(problem)
    with ThreadPoolExecutor(3) as pool:
        got = [s.indices for s in solve(problem, executor=pool, budget=200, warm=4)]
        par = count(problem, executor=pool, budget=200, warm=4)
    assert got == expect
    assert par.solutions == len(expect) and par.counters == stats.counters


def test_python_engine_in_a_pool():
    problem = queens(6)
    expect, stats = sequential(problem, engine="python")
    got = [s.indices for s in solve(problem, engine="python", jobs=2, budget=500, warm=4)]
    assert got == expect
    assert count(problem, engine="python", jobs=2, budget=500).counters == stats.counters


def test_limit_gives_the_first_solutions():
    problem = queens(8)
    expect, _ = sequential(problem, limit=10)
    got = [s.indices for s in xcc.solve(problem, limit=10, jobs=2)]
    assert got == expect
    par = count(problem, limit=10, jobs=2, budget=2000)
    assert par.solutions == 10 and not par.complete


def test_killed_worker_changes_nothing():
    problem = queens(9)
    stats = xcc.count(problem)
    killed = []

    def kill_one(s):
        if not killed and s.tasks >= 3:
            pids = [p.pid for p in search._pool._executor._processes.values()]
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    search = Parallel(problem, jobs=2, budget=20_000, warm=4, on_progress=kill_one,
                      progress_every=0.0)
    search.count()
    assert killed, "the run ended before a worker could be killed"
    assert search.stats.solutions == 352
    assert search.stats.counters == stats.counters
    assert search.stats.renewals >= 1


def test_interrupt_and_resume(tmp_path):
    problem = queens(9)
    stats = xcc.count(problem)

    def interrupt(s):
        if s.tasks >= 4:
            raise KeyboardInterrupt

    first = Parallel(problem, jobs=2, budget=20_000, warm=4, on_progress=interrupt,
                     progress_every=0.0)
    with pytest.raises(KeyboardInterrupt):
        first.count()
    s = first.stats
    assert s.interrupted and not s.complete and s.pending
    assert s.solutions < 352
    path = tmp_path / "state.json"
    path.write_text(json.dumps(first.state()))
    rest = count(problem, jobs=2, budget=20_000, resume=json.loads(path.read_text()))
    assert rest.solutions == 352 and rest.complete
    assert rest.counters == stats.counters


@pytest.mark.parametrize("stop", [1, 7, 40, 100, 351])
def test_a_listing_stopped_between_two_solutions_resumes_without_losing_any(stop):
    """Stopped inside a subproblem's solutions (the consumer breaks, or Ctrl-C
    between two of them, the generator still open): the rest of that
    subproblem's solutions come after resuming, as a listing or a count."""
    problem = queens(9)
    seq, stats = sequential(problem)
    for close in (True, False):
        first = Parallel(problem, jobs=2, budget=20_000, warm=4)
        listing = first.solutions()
        got = [s.indices for _, s in zip(range(stop), listing)]
        if close:
            listing.close()
        state = json.loads(json.dumps(first.state()))
        assert state["solutions"] == stop and state["pending"]
        resumed = Parallel(problem, jobs=2, budget=20_000, resume=state)
        rest = [s.indices for s in resumed.solutions()]
        assert got + rest == seq
        assert resumed.stats.counters == stats.counters
        counted = count(problem, jobs=2, budget=20_000, resume=state)
        assert counted.solutions == 352 and counted.counters == stats.counters
        # the last one handed out never used (Ctrl-C before it was written): it comes again
        again = Parallel(problem, jobs=2, budget=20_000,
                         resume=json.loads(json.dumps(first.state(unused=1))))
        assert got[:-1] + [s.indices for s in again.solutions()] == seq
        assert again.stats.counters == stats.counters
        listing.close()
    with pytest.raises(xcc.XCCError, match="cannot take back"):
        first.state(unused=stop + 1)


def test_resume_of_another_problem_refused():
    state = Parallel(queens(5), jobs=1).state()
    with pytest.raises(xcc.XCCError, match="another problem"):
        Parallel(queens(6), jobs=1, resume=state)


def test_bad_requests():
    problem = queens(4)
    with pytest.raises(xcc.XCCError, match="one of jobs"):
        Parallel(problem)
    with pytest.raises(xcc.XCCError, match="one of jobs"):
        Parallel(problem, jobs=2, executor=ThreadPoolExecutor(1))
    with pytest.raises(xcc.XCCError, match="jobs must be a positive integer"):
        count(problem, jobs=0)
    if "sat" in xcc.ENGINES:
        with pytest.raises(xcc.XCCError, match="cannot split"):
            Parallel(problem, engine="sat", jobs=2)


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_dask_same_list_and_counters(dask_client):
    problem = random_problem(7)
    expect, stats = sequential(problem)
    got = [s.indices for s in xcc.solve(problem, executor=dask_client)]
    assert got == expect
    par = count(problem, scheduler=dask_client, budget=2000, warm=4)
    assert par.solutions == len(expect) and par.counters == stats.counters


def test_dask_lost_worker(dask_client):
    problem = queens(9)
    stats = xcc.count(problem)
    killed = []

    def kill_one(s):
        if not killed and s.tasks >= 3:
            pids = dask_client.run(os.getpid)
            pid = next(iter(pids.values()))
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    par = count(problem, executor=dask_client, budget=20_000, warm=4, on_progress=kill_one,
                progress_every=0.0)
    assert killed
    assert par.solutions == 352 and par.counters == stats.counters


def test_hurry_splits_a_task_at_its_next_slice():
    """The pool's hurry flag (set by the driver when a worker idles with
    nothing queued): a task splits at the end of its current engine slice,
    whatever its budget, and its parts still add up to the whole search."""
    import multiprocessing

    from xcc.engines import REGISTRY
    from xcc.parallel import task
    problem = queens(10)
    key = task.problem_key(problem, None)
    flag = multiprocessing.get_context("spawn").RawValue("b", 1)
    before = signal.getsignal(signal.SIGINT)
    task.install(key, task.payload(problem, None, "c"), flag)
    try:
        hurried = task.run_task(key, None, "c", [()], 1 << 40, False)
        flag.value = 0
        calm = task.run_task(key, None, "c", [()], 1 << 40, False)
    finally:
        task.install("", None, None)
        signal.signal(signal.SIGINT, before)
    slice_ = REGISTRY["c"].budget
    (part,) = hurried.parts
    assert part.children and part.own["mems"] < 2 * slice_  # cut after one slice
    assert not calm.parts[0].children and calm.parts[0].found == 724
    rest = [task.run_prefix(REGISTRY["c"], problem, None, p, 1 << 40, False)
            for p in part.children]
    assert part.found + sum(r.found for r in rest) == 724
    assert part.own["mems"] + sum(r.own["mems"] for r in rest) == calm.parts[0].own["mems"]


def test_a_task_walks_through_its_prefixes():
    """Consecutive prefixes of a task run in one walking run: the same parts
    as runs of their own, less replay."""
    from xcc.engines import REGISTRY
    from xcc.parallel import task
    problem = queens(8)
    key = task.problem_key(problem, None)
    task._PROBLEMS[key] = (problem, None)
    root = task.run_prefix(REGISTRY["c"], problem, None, (), 1, False)
    prefixes = [c for c in root.children]
    got = task.run_task(key, None, "c", prefixes, 1 << 40, False)
    alone = [task.run_prefix(REGISTRY["c"], problem, None, p, 1 << 40, False) for p in prefixes]
    assert [(p.prefix, p.found, p.own) for p in got.parts] == \
        [(p.prefix, p.found, p.own) for p in alone]
    assert sum(p.overhead["mems"] for p in got.parts) < sum(p.overhead["mems"] for p in alone)
