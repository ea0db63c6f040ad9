"""Smoke test of the benchmark matrix: ``benchmarks/run.py --quick``.

Runs it in a subprocess with a temporary output folder and checks that it
wrote its CSV and Markdown, that the known counts came out (rcra-masyu06:
12 weak solutions, 1 strong; the Wikipedia example: 6 and 1) and that no run
disagrees.  No assertion on time: a slow machine may time out a run, and a
timed-out run is reported, not counted.
"""
import csv
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_quick_matrix(tmp_path, shared):
    out = tmp_path / "results"
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick",
                           "--jobs", "2", "--out", str(out), "--no-plots"],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    rows = list(csv.DictReader((out / "matrix.csv").open()))
    md = (out / "matrix.md").read_text()
    assert "## Known counts" in md and "Machine:" in md
    counts = defaultdict(set)
    for row in rows:
        assert row["status"] in ("ok", "timeout"), row
        assert row["flag"] == "", row
        if row["status"] == "ok":
            counts[row["puzzle"], row["kind"]].add(int(row["count"]))
    assert counts["rcra-masyu06", "weak"] == {12}
    assert counts["rcra-masyu06", "strong"] == {1}
    assert counts["wikipedia-masyu-example", "weak"] == {6}
    assert counts["wikipedia-masyu-example", "strong"] == {1}
    configs = {row["config"] for row in rows}
    assert {"422 guard c", "423 guard c", "422 filter python", "423 weak c"} <= configs
    assert len({row["puzzle"] for row in rows}) >= 4


def test_independent_of_jobs(tmp_path, shared):
    """Counts, nodes and mems, row by row, are the same with 1 job and with 3."""
    keys = ("run", "puzzle", "config", "status", "count", "nodes", "updates", "mems", "flag")
    tables = []
    for jobs in (1, 3):
        out = tmp_path / f"jobs{jobs}"
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick",
                        "--only", "6x6", "--jobs", str(jobs), "--out", str(out), "--no-plots"],
                       capture_output=True, text=True, timeout=300, check=True)
        rows = list(csv.DictReader((out / "matrix.csv").open()))
        tables.append([{k: row[k] for k in keys} for row in rows])
    assert tables[0] == tables[1] and len(tables[0]) > 10


def test_flags_disagreement():
    """The consistency check names a run whose count is off."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import report
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    base = dict(status="ok", kind="strong", encoding="423", method="guard", nodes=1, updates=1,
                cleansings=0, mems=1, flag="", error="", known="")
    rows = [dict(base, puzzle="p", config="423 guard c", engine="c", count=1),
            dict(base, puzzle="p", config="423 guard sat", engine="sat", count=1),
            dict(base, puzzle="p", config="peer x", engine="x", count=2),
            dict(base, puzzle="q", config="423 guard c", engine="c", count=3, known=2)]
    problems = report.check(rows)
    assert [r["flag"] for r in rows] == ["", "", "disagrees", "known count differs"]
    assert len(problems) == 2
