"""Every report of xcc carries CPU seconds beside the wall seconds
(``Stats.cpu_seconds``, one clock: ``xcc.cpu_time``), in the library, the
full command and the quick path in C."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import xcc
from xcc.cli import app

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "dlx"
QUEENS = BENCH / "queens9.dlx"   # 352 solutions: tens of milliseconds of search


def test_cpu_time_is_the_process_clock():
    start = xcc.cpu_time()
    deadline = time.process_time() + 0.05
    while time.process_time() < deadline:
        pass
    assert xcc.cpu_time() - start >= 0.05


@pytest.mark.parametrize("engine", ["python", "c"])
def test_a_count_reports_its_cpu_seconds(engine):
    if engine not in xcc.ENGINES:
        pytest.skip("engine not built")
    problem = xcc.read_dlx(str(BENCH / "queens7.dlx"))
    before = xcc.cpu_time()
    stats = xcc.count(problem, engine=engine)
    spent = xcc.cpu_time() - before
    d = stats.as_dict()
    assert d["solutions"] == 40   # 7 queens: 40 placements (OEIS A000170)
    assert list(d)[list(d).index("seconds") + 1] == "cpu_seconds"
    assert 0 < d["cpu_seconds"] <= spent   # the search's share of what this process spent


def test_a_split_count_adds_its_workers_cpu():
    problem = xcc.read_dlx(str(QUEENS))
    stats = xcc.Parallel(problem, jobs=2, budget=20_000).count()
    assert stats.solutions == 352   # 9 queens (OEIS A000170)
    assert stats.tasks > 0
    assert stats.cpu_seconds > sum(stats.task_seconds) > 0   # this process spends some too
    assert stats.as_dict()["cpu_seconds"] == stats.cpu_seconds


def test_xcc_count_json_has_cpu_seconds_in_both_paths():
    full = CliRunner().invoke(app, ["count", str(QUEENS), "--json", "-q"])
    d = json.loads(full.stdout)
    assert d["solutions"] == 352 and d["cpu_seconds"] > 0
    # the console script: the quick path in C where the extension is built
    r = subprocess.run([sys.executable, "-c", "import xcc; xcc.main()", "count", str(QUEENS),
                        "--json"], capture_output=True, text=True, timeout=120)
    quick = json.loads(r.stdout)
    assert list(quick) == list(d) and quick["cpu_seconds"] > 0
