"""masyu.parallel: the counts of the README (weak and strong) and the loops in
order, split over processes; a collection counted one puzzle a task."""
from __future__ import annotations

import json

import pytest

import masyu
from masyu.collection import load
from masyu.parallel import count, count_each, solve

FACTS = [("wikipedia-masyu-example", 6, 1), ("puzsq-9833", 5328, 1)]  # README: weak, strong


@pytest.fixture(scope="module")
def puzzles(shared):
    return {p.name: p for p in load(shared / "puzzles" / "extra.txt")}


@pytest.mark.parametrize("name,weak,strong", FACTS)
@pytest.mark.parametrize("encoding", ["422", "423"])
def test_readme_counts_in_parallel(puzzles, name, weak, strong, encoding):
    p = puzzles[name]
    w = count(p, weak=True, encoding=encoding, jobs=2, budget=200_000, warm=16)
    assert w == weak and w.complete
    assert w.stats.counters == masyu.count(p, weak=True, encoding=encoding).stats.counters
    methods = ("filter", "guard", "propagate") if weak < 100 or encoding == "423" else ("guard",)
    for method in methods:
        assert count(p, encoding=encoding, method=method, jobs=2, budget=200_000) == strong


def test_weak_loops_in_order(puzzles):
    p = puzzles["puzsq-9833"]
    expect = list(masyu.solve(p, weak=True, encoding="423", limit=300))
    got = list(solve(p, weak=True, encoding="423", limit=300, jobs=2))
    assert got == expect


def test_count_each_is_count_of_each(shared):
    puzzles = load(shared / "puzzles" / "psm.txt")[:12]
    got = [(p.name, int(c)) for p, c in count_each(puzzles, jobs=2)]
    assert got == [(p.name, int(masyu.count(p))) for p in puzzles]
    assert all(c == 1 for _, c in got)  # every psm puzzle has one loop


def test_cli_count_jobs(shared):
    from typer.testing import CliRunner

    from masyu.cli import app
    where = f"{shared / 'puzzles' / 'extra.txt'}#puzsq-9833"
    runner = CliRunner()
    seq = json.loads(runner.invoke(app, ["count", where, "--weak", "--json"]).stdout)
    r = runner.invoke(app, ["count", where, "--weak", "--json", "--jobs", "2"])
    assert r.exit_code == 0, r.output
    par = json.loads(r.stdout)
    # the parallel run ("subproblems": its statistics); a search this small ends
    # in the driver while the pool starts, in one subproblem
    assert par["weak"] == 5328 and par["subproblems"] >= 1
    assert {k: par[k] for k in ("nodes", "updates", "cleansings", "mems")} == \
        {k: seq[k] for k in ("nodes", "updates", "cleansings", "mems")}
