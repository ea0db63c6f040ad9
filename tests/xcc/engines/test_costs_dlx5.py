"""The k cheapest costs, and the statistics of the search, equal those of
Knuth's DLX5 on the same files.

``tests/data/xcc/dlx5/`` holds costed DLX files (DLX5's ``|cost`` syntax) and, in
``expected.json``, the costs DLX5 reported for k = 1, 3, 10 ("The optimum costs
are:", repeats spelled out), in ``stats.json`` its last line (solutions found,
mems of the search, updates, cleansings, nodes); README says how they were
made.  DLX5 is not needed here: its answers are data.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import xcc
from xcc.engines import DONE, SOLUTION
from xcc.engines.costs.engine import CostsEngine
from xcc.engines.costs.python import CostArrays, CostsRun

DATA = Path(__file__).resolve().parents[2] / "data" / "xcc" / "dlx5"
EXPECTED = json.loads((DATA / "expected.json").read_text())
STATS = json.loads((DATA / "stats.json").read_text())
CASES = [(name, int(k), costs) for name, by_k in EXPECTED.items() for k, costs in by_k.items()]


def test_the_data_is_all_there():
    assert len(EXPECTED) >= 10 and all(set(by_k) == {"1", "3", "10"} for by_k in EXPECTED.values())
    assert (DATA / "assignment.dlx").read_text() == (
        Path(__file__).resolve().parents[3] / "examples" / "assignment.dlx").read_text()


@pytest.mark.parametrize("name, k, costs", CASES, ids=[f"{n}-k{k}" for n, k, _ in CASES])
def test_cheapest_costs_equal_dlx5s(name, k, costs):
    p = xcc.read_dlx(DATA / name)
    found = xcc.cheapest(p, k)
    assert [cost for cost, _ in found] == costs
    assert all(p.cost(s.indices) == cost for cost, s in found)


def _runs():
    runs = [pytest.param(CostsRun, id="python")]
    from xcc.engines.costs import native
    runs.append(pytest.param(native.NativeCostsRun, id="c", marks=pytest.mark.skipif(
        native._costs is None, reason="the compiled extension xcc._costs is not built")))
    return runs


@pytest.mark.parametrize("run_class", _runs())
@pytest.mark.parametrize("name, k", [(n, k) for n, k, _ in CASES],
                         ids=[f"{n}-k{k}" for n, k, _ in CASES])
def test_statistics_equal_dlx5s(name, k, run_class):
    """Nodes, updates, cleansings, mems and the solutions found (each one
    cheaper than the k-th best of its time) are DLX5's, figure for figure,
    for both twins."""
    p = xcc.read_dlx(DATA / name)
    run = run_class(CostArrays(p), k)
    costs = []
    while (status := run.step(0)) != DONE:
        if status == SOLUTION:
            costs.append(run.cost())
    assert costs == EXPECTED[name][str(k)]
    counters = run.counters()
    got = {"solutions": run.found, **{key: counters[key] for key in
                                      ("mems", "updates", "cleansings", "nodes")}}
    assert got == STATS[name][str(k)]
    native = run_class is not CostsRun
    with xcc.Search(p, engine=CostsEngine(k, native=native)) as search:  # through the API
        list(search)
    assert {key: search.stats.counters[key] for key in ("nodes", "updates", "mems")} == {
        key: counters[key] for key in ("nodes", "updates", "mems")}
