"""The policy's table (issue 34): masyu/data/policy.json, written by benchmarks/policy.py,
is the one place ``auto`` and ``best`` read their crossovers from, and it says when and
where it was measured.  Its crossovers are what the benchmark's rule makes of its own
stored measurements (a hand edit of either shows here)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import xcc
from masyu import methods

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "masyu" / "data" / "policy.json"


def benchmark():
    spec = importlib.util.spec_from_file_location("policy_bench", ROOT / "benchmarks" / "policy.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_table_says_when_and_where_it_was_measured():
    measured = json.loads(TABLE.read_text(encoding="utf-8"))["measured"]
    assert measured["date"][:2] == "20" and measured["machine"] and measured["rows"]
    assert measured["command"].startswith("python benchmarks/policy.py")
    tasks = {r["task"] for r in measured["rows"]}
    assert tasks == {"prove", "count", "enumerate"}


def test_the_crossovers_are_the_benchmarks_rule_applied_to_its_measurements():
    bench = benchmark()
    table = json.loads(TABLE.read_text(encoding="utf-8"))
    policy = bench.crossovers(table["measured"]["rows"], bench.CONFIGS)
    assert policy == {k: v for k, v in table.items() if k != "measured"}


def test_the_policy_reads_the_table():
    table = json.loads(TABLE.read_text(encoding="utf-8"))
    small, large = table["prove"]["small"], table["prove"]["large"]
    assert methods.SMALL_CELLS == small["up_to_cells"]
    assert methods.DEDUCE_FIRST == table["deduce_first"]
    if small["engine"] in xcc.ENGINES:
        assert methods.best_configuration(False, small["up_to_cells"]) == (
            "423", small["method"], small["engine"])
    if large["engine"] in xcc.ENGINES:
        assert methods.best_configuration(False, small["up_to_cells"] + 1) == (
            "423", large["method"], large["engine"])
