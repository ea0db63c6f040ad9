"""The driver (xcc/search.py) and the registry (xcc/engines/__init__.py).

The driver's own jobs, the same for every engine: the limit, Ctrl-C, the
solution count (what the caller received), closing the run, progress; a
fake engine pins down the protocol, and each real engine is run through it.
"""
from __future__ import annotations

import pytest

import xcc
from xcc.engines import DONE, PAUSED, REGISTRY, SOLUTION, get
from xcc.engines import lookup as get_facts
from xcc.engines.base import Run
from xcc.examples import queens


class FakeRun(Run):
    """``script`` is what the steps return, in order; "ctrl-c" raises."""

    def __init__(self, script):
        self.script = list(script)
        self.steps = 0
        self.closed = 0

    def step(self, budget):
        self.steps += 1
        what = self.script.pop(0) if self.script else DONE
        if what == "ctrl-c":
            raise KeyboardInterrupt
        return what

    def solution(self):
        return (self.steps % 2,)

    def counters(self):
        return {"steps": self.steps}

    def close(self):
        self.closed += 1


class FakeEngine:
    """An engine with every fact of the protocol (xcc.engines.base.Engine)."""

    name, summary, good_for, budget = "fake", "a script of statuses", "tests", 5
    counter_labels = {"steps": "{} steps taken"}
    exact = splits = False
    task_budget, bytes_per_node = None, 1

    def __init__(self, script):
        self.script = script
        self.runs = []

    def available(self):
        return True

    def why_not(self):
        return None

    def start(self, problem, cycle=None):
        self.runs.append(FakeRun(self.script))
        return self.runs[-1]


PROBLEM = xcc.Problem(["a"], [], [["a"], ["a"]])


def test_the_driver_counts_what_it_hands_out():
    engine = FakeEngine([PAUSED, SOLUTION, PAUSED, PAUSED, SOLUTION, SOLUTION])
    search = xcc.Search(PROBLEM, engine=engine)
    got = [s.indices for s in search]
    assert got == [(0,), (1,), (0,)]
    assert search.stats.solutions == 3 and search.stats.complete
    assert search.stats.counters == {"steps": 7} and search.stats.engine == "fake"
    assert engine.runs[0].closed == 1


def test_the_limit_is_the_drivers():
    engine = FakeEngine([SOLUTION] * 10)
    stats = xcc.count(PROBLEM, engine=engine, limit=4)
    assert stats.solutions == 4 and not stats.complete and not stats.interrupted
    assert engine.runs[0].steps == 4 and engine.runs[0].closed == 1


def test_ctrl_c_inside_a_step():
    """The count is what the caller received, not one ahead."""
    engine = FakeEngine([SOLUTION, PAUSED, SOLUTION, "ctrl-c"])
    search = xcc.Search(PROBLEM, engine=engine)
    received = []
    with pytest.raises(KeyboardInterrupt):
        for s in search:
            received.append(s)
    assert search.stats.solutions == len(received) == 2
    assert search.stats.interrupted and not search.stats.complete
    assert search.stats.counters == {"steps": 4} and engine.runs[0].closed == 1


def test_ctrl_c_in_the_callers_loop_is_seen_by_the_context_manager():
    engine = FakeEngine([SOLUTION] * 10)
    received = 0
    with pytest.raises(KeyboardInterrupt):
        with xcc.Search(PROBLEM, engine=engine) as search:
            for _ in search:
                received += 1
                if received == 3:
                    raise KeyboardInterrupt
    assert search.stats.solutions == 3 and search.stats.interrupted
    assert not search.stats.complete and engine.runs[0].closed == 1


def test_count_returns_the_statistics_after_ctrl_c():
    engine = FakeEngine([SOLUTION, "ctrl-c"])
    with pytest.warns(UserWarning, match="interrupted"):
        stats = xcc.count(PROBLEM, engine=engine)
    assert stats.solutions == 1 and stats.interrupted


def test_the_counters_are_shown_with_the_engines_labels():
    stats = xcc.count(PROBLEM, engine=FakeEngine([SOLUTION, PAUSED]))
    assert str(stats).startswith("1 solution, 3 steps taken, ")
    assert stats.counters == {"steps": 3}


@pytest.mark.parametrize("engine", [e for e in ("python", "c") if e in xcc.ENGINES])
def test_every_split_run_has_what_the_parallel_layer_calls(engine):
    """The SplitRun protocol: prefix, replayed, split, walk, choices."""
    e = get(engine)
    with e.start(*e.prepare(queens(6), None)) as run:  # the whole search
        assert run.prefix == () and run.step(1) == PAUSED
        assert run.split()  # the untried rest, as prefixes
    with e.start(*e.prepare(queens(6), None), prefix=(1,)) as run:
        assert run.prefix == (1,) and run.replayed() is None
        assert run.step(0) == SOLUTION and run.choices()
        while run.step(0) != DONE:
            pass
        assert run.replayed()["mems"] > 0 and run.walk((2,)) and run.prefix == (2,)


def test_progress_between_steps():
    seen = []
    engine = FakeEngine([PAUSED, PAUSED, SOLUTION, PAUSED])
    search = xcc.Search(PROBLEM, engine=engine, on_progress=lambda s: seen.append(s.counters["steps"]),
                        progress_every=0.0)
    assert len(list(search)) == 1
    assert seen == [1, 2, 3, 4]


def test_a_search_runs_once():
    search = xcc.Search(PROBLEM, engine="python")
    assert len(list(search)) == 2
    with pytest.raises(xcc.XCCError, match="only once"):
        iter(search)


@pytest.mark.parametrize("engine", xcc.ENGINES)
def test_every_engine_through_the_driver(engine):
    stats = xcc.count(queens(6), engine=engine)
    assert (stats.solutions, stats.complete, stats.engine) == (4, True, engine)
    stats = xcc.count(queens(6), engine=engine, limit=3)
    assert stats.solutions == 3 and not stats.complete
    first = xcc.count(queens(6), engine=engine, limit=1).counters
    assert set(first) == set(stats.counters)  # the same keys however far it went


@pytest.mark.parametrize("engine", [e for e in ("python", "c") if e in xcc.ENGINES])
def test_leaving_the_search_closes_the_run(engine):
    with xcc.Search(queens(8), engine=engine) as search:
        next(iter(search))
    assert search.stats.solutions == 1 and search.stats.nodes > 0
    run = search._run
    assert getattr(run, "_solver", None) is None and getattr(run, "_steps", None) is None
    assert run.counters()["nodes"] == search.stats.nodes  # the counters keep their values


@pytest.mark.parametrize("engine", [e for e in ("python", "c") if e in xcc.ENGINES])
def test_dancing_links_counters(engine):
    p = xcc.Problem(["a", "b"], ["x"], [["a", "x:1"], ["b", "x:1"], ["a", "b"]])
    d = xcc.count(p, engine=engine).as_dict()
    assert list(d) == ["solutions", "nodes", "updates", "cleansings", "mems", "max_level",
                       "seconds", "cpu_seconds", "complete", "interrupted", "engine"]
    cycle = xcc.Cycle({"x": [((0, 1), "1")]})
    assert list(xcc.count(p, engine=engine, cycle=cycle).counters)[-1] == "cycle_cuts"
    cycle = xcc.Cycle({"x": [((0, 1), "1")]}, propagate=True)
    assert list(xcc.count(p, engine=engine, cycle=cycle).counters)[-3:] == \
        ["cycle_cuts", "forced", "probes"]
    text = str(xcc.count(p, engine=engine))
    assert text.startswith("2 solutions, 4 nodes, ") and "max level 2" in text


def test_the_registry():
    assert list(REGISTRY) == ["python", "c", "sat", "memo", "memo-python", "mult", "mult-python",
                              "cells", "cells-python", "costs", "costs-python", "auto"]
    assert xcc.ENGINES == tuple(n for n, e in REGISTRY.items() if e.available())
    assert xcc.DEFAULT_ENGINE == ("c" if "c" in xcc.ENGINES else "python")
    for name, engine in REGISTRY.items():
        assert engine.name == name and engine.summary and engine.budget > 0
        assert (engine.why_not() is None) == engine.available()
        assert engine.good_for and "\n" not in engine.good_for
        assert engine.counter_labels and engine.bytes_per_node > 0
        assert all(label.count("{}") == 1 for label in engine.counter_labels.values())
        assert isinstance(engine.exact, bool) and isinstance(engine.splits, bool)
        assert (engine.task_budget is not None) == engine.splits
        if engine.splits:  # the Splittable protocol: what xcc.parallel calls
            assert callable(engine.prepare)
        if engine.exact:
            assert callable(engine.start_count) and callable(engine.start_sample)
        assert get_facts(name) is engine
    assert [n for n, e in REGISTRY.items() if e.splits] == ["python", "c"]
    assert get_facts("quantum") is None
    with pytest.raises(xcc.XCCError, match="unknown engine 'quantum'; valid engines: python"):
        get("quantum")
    with pytest.raises(xcc.XCCError, match="unknown engine 3"):
        xcc.Search(PROBLEM, engine=3)


def test_an_unavailable_engine_gives_its_hint(monkeypatch):
    monkeypatch.setattr(REGISTRY["c"], "available", lambda: False)
    with pytest.raises(xcc.XCCError, match="engine 'c' is not available here: .*compiled"):
        get("c")


def test_bad_arguments():
    with pytest.raises(xcc.XCCError, match="expected an xcc.Problem"):
        xcc.Search("queens", engine="python")
    with pytest.raises(xcc.XCCError, match="limit must be a positive integer"):
        xcc.Search(PROBLEM, engine="python", limit=0)
    with pytest.raises(xcc.XCCError, match="expected an xcc.Cycle"):
        xcc.Search(PROBLEM, engine="python", cycle={"x": []})
