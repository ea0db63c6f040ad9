"""Batch systems (issue 31) and processes left behind (issue 36), on xcc's side:
SIGTERM/SIGHUP stop ``xcc count`` (its C quick path too) as Ctrl-C does, with the
signal's exit code; a sequential count stopped by Ctrl-C leaves a state that a
split search resumes to the same total and counters; a count checkpoints on a
budget of mems; a ``--jobs`` run whose driver is killed outright takes its fork
server, resource tracker and workers with it.

The problem: n queens, whose counts are published (OEIS A000170: 14 queens,
365,596 solutions)."""
from __future__ import annotations

import copy
import json
import os
import signal
import subprocess
import sys
import time

import pytest

import xcc
from xcc.engines import DONE
from xcc.parallel import InProcess, Parallel, state_of

from ...interrupting import child, signal_at_progress

QUEENS = {12: 14_200, 14: 365_596}  # OEIS A000170
XCC_QUICK = [sys.executable, "-c", "from xcc.launch import main; main()"]  # the console script


def queens(n: int) -> str:
    """n queens as a DLX file: ranks and files primary, the diagonals secondary."""
    items = " ".join([f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]) + " | " + \
        " ".join([f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)])
    options = [f"r{i} c{j} a{i + j} b{i - j + n - 1}" for i in range(n) for j in range(n)]
    return items + "\n" + "\n".join(options) + "\n"


@pytest.fixture(scope="module")
def queens14(tmp_path_factory):
    path = tmp_path_factory.mktemp("queens") / "queens14.dlx"
    path.write_text(queens(14))
    return path


@pytest.mark.parametrize("signum,code", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_quick_path_count_stops_on_term_and_hup(queens14, signum, code):
    """``xcc count FILE`` runs in C (xcc/csrc/glue/quick.c): the signal is seen
    between two of its steps as Ctrl-C is, the count so far printed."""
    got, out, err = signal_at_progress([*XCC_QUICK, "count", str(queens14)], signum)
    assert got == code, err
    assert out.startswith("Altogether ") and out.rstrip().endswith("[interrupted]"), out
    assert "Traceback" not in err


def test_full_command_parallel_count_term_then_resume(queens14, tmp_path):
    state = tmp_path / "state.json"
    got, out, err = signal_at_progress([sys.executable, "-m", "xcc", "count", str(queens14),
                                        "--jobs", "2", "--resume", str(state)], signal.SIGTERM)
    assert got == 143 and "Traceback" not in err, err
    assert len([line for line in err.splitlines() if "continue with --resume" in line]) == 1
    r = subprocess.run([sys.executable, "-m", "xcc", "count", str(queens14), "--jobs", "2",
                        "--resume", str(state), "--json", "-q"], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["solutions"] == QUEENS[14]


# The console script, each lock of a future that the main thread takes held a while
# after it is taken: a stop signal then mostly lands while the driver holds one
SLOW_FUTURES = """
import threading, time
from concurrent.futures import _base
made = _base.Future.__init__

class Held(threading.Condition):
    def __enter__(self):
        got = super().__enter__()
        pause()
        return got

def pause():
    if threading.current_thread() is threading.main_thread():
        time.sleep(0.2)

def init(self):
    made(self)
    self._condition = condition = Held()
    take = condition.acquire
    def acquire(*args, **kwargs):
        got = take(*args, **kwargs)
        if got:
            pause()
        return got
    condition.acquire = acquire

_base.Future.__init__ = init
from xcc.launch import main
main()
"""


def test_term_while_the_driver_holds_a_futures_lock_ends_in_order(queens14, tmp_path):
    """SIGTERM while the driver's thread holds a lock the pool's threads take too
    (a future's): the count so far, the state kept, exit 143, not a shutdown that
    waits forever for the pool's manager thread (which waited for that lock)."""
    state = tmp_path / "state.json"
    with child([sys.executable, "-c", SLOW_FUTURES, "count", str(queens14), "--jobs", "2",
                "--resume", str(state)], deadline=90, stdout=subprocess.PIPE,
               stderr=subprocess.PIPE) as proc:
        first = proc.stderr.readline()
        assert first.startswith("..."), first
        time.sleep(0.3)  # the next rounds of the driver: its time mostly in a future's lock
        os.killpg(proc.pid, signal.SIGTERM)
        out, err = proc.communicate()
    assert proc.returncode == 143 and "Traceback" not in err, err
    assert out.rstrip().endswith("[interrupted]") and state.exists(), out
    r = subprocess.run([sys.executable, "-m", "xcc", "count", str(queens14), "--jobs", "2",
                        "--resume", str(state), "--json", "-q"], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["solutions"] == QUEENS[14]


def test_sequential_count_stopped_resumes_to_the_same_total_and_counters():
    problem = xcc.parse_dlx(queens(12))
    whole = xcc.count(problem)
    assert whole.solutions == QUEENS[12]
    calls = []

    def stop(stats):  # Ctrl-C as the third report comes (between two steps)
        calls.append(stats.solutions)
        if len(calls) == 3:
            raise KeyboardInterrupt

    search = xcc.Search(problem, on_progress=stop, progress_every=0)
    with pytest.raises(KeyboardInterrupt):
        with search:
            search.count()
    state = state_of(search)
    assert state is not None and state["pending"] and 0 < state["solutions"] < QUEENS[12]
    resumed = Parallel(problem, executor=InProcess(), resume=json.loads(json.dumps(state)))
    resumed.count()
    assert resumed.stats.solutions == QUEENS[12]
    assert dict(resumed.stats.counters) == dict(whole.counters)


@pytest.mark.parametrize("name", ["c", "python"])
def test_a_count_stopped_just_after_a_solution_keeps_its_state(name):
    """A step of the engine can end just after a solution, where the run cannot be cut
    (its split says None): Ctrl-C after such a step keeps the state all the same (the
    run steps on to the next node), and the state resumes to the published total with
    the counters of an uninterrupted run.  A small budget makes such steps common."""
    engine = copy.copy(xcc.engines.get(name))
    engine.budget = 10_000
    problem = xcc.parse_dlx(queens(8))
    whole = xcc.count(problem, engine=engine)
    assert whole.solutions == 92  # OEIS A000170
    run, k, uncut = engine.start(problem), 0, []  # the engine's own steps, with no driver
    while run.count(engine.budget, 1 << 62)[0] != DONE:
        k += 1
        if run.split() is None:
            uncut.append(k)
    assert uncut, "no step ended just after a solution: choose another budget"
    calls = []

    def stop(stats):  # Ctrl-C as the report after that step comes
        calls.append(stats.solutions)
        if len(calls) == uncut[0]:
            raise KeyboardInterrupt

    search = xcc.Search(problem, engine=engine, on_progress=stop, progress_every=0)
    with pytest.raises(KeyboardInterrupt):
        with search:
            search.count()
    state = state_of(search)
    assert state is not None and state["pending"] and 0 < state["solutions"] < 92
    resumed = Parallel(problem, engine=name, executor=InProcess(),
                       resume=json.loads(json.dumps(state)))
    resumed.count()
    assert resumed.stats.solutions == 92
    assert dict(resumed.stats.counters) == dict(whole.counters)


def test_checkpoints_on_a_budget_of_mems_each_resumable():
    problem = xcc.parse_dlx(queens(12))
    whole = xcc.count(problem)
    states: list[str] = []
    search = Parallel(problem, executor=InProcess(), budget=1 << 22,
                      checkpoint=lambda: states.append(json.dumps(search.state())),
                      checkpoint_every=1 << 24)
    search.count()
    # about one a checkpoint_every of the search's mems (and its replays')
    assert len(states) >= whole.counters["mems"] // (1 << 24) // 2
    middle = json.loads(states[len(states) // 2])
    assert 0 < middle["solutions"] < QUEENS[12]
    resumed = Parallel(problem, executor=InProcess(), resume=middle)
    resumed.count()
    assert resumed.stats.solutions == QUEENS[12]
    assert dict(resumed.stats.counters) == dict(whole.counters)


def _session(sid: int) -> list[int]:
    """The live processes of session ``sid`` (not zombies)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append(int(name))
    return found


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_killing_the_driver_takes_its_helpers_with_it(queens14):
    """SIGKILL to the main process of a --jobs 2 run: within seconds no process
    it started is left (workers, fork server, resource tracker)."""
    with child([sys.executable, "-m", "xcc", "count", str(queens14), "--jobs", "2"],
               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) as proc:
        line = proc.stderr.readline()   # the tasks under way
        assert line.startswith("..."), line
        helpers = [p for p in _session(proc.pid) if p != proc.pid]
        assert len(helpers) >= 3, helpers   # the tracker, the fork server, the workers
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=60)
        start = time.monotonic()
        while _session(proc.pid) and time.monotonic() - start < 20:
            time.sleep(0.1)
        assert _session(proc.pid) == []
