"""--each over whole collections, --only, --resume, --csv, and masyu list.

The answers are the published counts of tests/data/puzzles/README.md and the stored loops of
the solutions files.
"""
from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from masyu import check
from masyu.cli import app
from masyu.collection import parse_solutions

from ...interrupting import child

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
PUZZLES = str(EXAMPLES / "puzzles.txt")
WEAK = {"wikipedia-masyu-example": 6, "puzsq-9833": 5328, "rcra-masyu05": 14858,
        "rcra-masyu06": 12}             # tests/data/puzzles/README.md


def run(*args, input=None):
    return CliRunner().invoke(app, list(args), input=input)


def rows(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def test_count_each_gives_one_json_row_per_puzzle():
    r = run("count", PUZZLES, "--each", "-q")
    assert r.exit_code == 0, r.output
    found = rows(r.stdout)
    assert len(found) == 6 and all(row["strong"] == 1 and row["complete"] for row in found)
    for row in found:
        assert {"name", "rows", "cols", "strong", "solutions", "seconds", "complete",
                "interrupted", "engine", "method", "encoding"} <= set(row)
        assert row["seconds"] > 0


def test_count_each_weak_matches_the_published_counts():
    r = run("count", PUZZLES, "--each", "--weak", "-q", "--only", "rcra|wiki|puzsq")
    found = {row["name"]: row["weak"] for row in rows(r.stdout)}
    assert found == WEAK


def test_only_is_a_regular_expression_and_a_bad_one_is_refused():
    r = run("count", PUZZLES, "--each", "-q", "--only", "^rcra-masyu0[5]$")
    assert [row["name"] for row in rows(r.stdout)] == ["rcra-masyu05"]
    bad = run("count", PUZZLES, "--each", "--only", "(")
    assert bad.exit_code == 2 and bad.stderr.startswith("masyu: --only: ")


def test_csv_rows_with_a_header():
    r = run("count", PUZZLES, "--each", "--csv", "-q", "--weak", "--only", "rcra")
    table = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [(t["name"], t["mode"], int(t["count"])) for t in table] == [
        ("rcra-masyu05", "weak", 14858), ("rcra-masyu06", "weak", 12)]
    assert int(table[0]["nodes"]) > 0 and int(table[0]["solutions"]) == 14858


def test_resume_skips_the_names_already_in_the_output(tmp_path):
    out = tmp_path / "rows.jsonl"
    first = run("count", PUZZLES, "--each", "-q", "--only", "rcra", "-o", str(out))
    assert first.exit_code == 0 and first.stdout == ""
    assert [row["name"] for row in rows(out.read_text())] == ["rcra-masyu05", "rcra-masyu06"]
    again = run("count", PUZZLES, "--each", "--resume", "-o", str(out))
    assert again.exit_code == 0 and "(2 done before)" in again.stderr
    names = [row["name"] for row in rows(out.read_text())]
    assert sorted(names) == sorted(set(names)) and len(names) == 6
    assert names[:2] == ["rcra-masyu05", "rcra-masyu06"]
    assert run("count", PUZZLES, "--each", "--resume").exit_code == 2   # needs -o


def test_check_each_against_a_solutions_file(tmp_path):
    good = run("check", PUZZLES, str(EXAMPLES / "solutions.txt"), "--each", "-q")
    assert good.exit_code == 0 and all(row["valid"] for row in rows(good.stdout))
    loops = (EXAMPLES / "solutions.txt").read_text(encoding="utf-8")
    broken = tmp_path / "sol.txt"
    broken.write_text(loops.split("# rcra-masyu06")[0], encoding="utf-8")   # rcra-masyu05 only
    bad = run("check", PUZZLES, str(broken), "--each", "-q")
    assert bad.exit_code == 1
    found = {row["name"]: row for row in rows(bad.stdout)}
    assert found["rcra-masyu05"]["valid"] and not found["puzsq-9833"]["valid"]
    assert found["puzsq-9833"]["violations"] == ["no loop of this name in the solutions file"]


def test_solve_each_writes_loops_that_check(tmp_path):
    sol = tmp_path / "loops.txt"
    r = run("solve", PUZZLES, "--each", "--solutions", str(sol), "-q")
    assert r.exit_code == 0, r.output
    assert all("loop" not in row and row["strong"] == 1 for row in rows(r.stdout))
    stored = parse_solutions((EXAMPLES / "solutions.txt").read_text(encoding="utf-8"))
    assert parse_solutions(sol.read_text(encoding="utf-8")) == stored
    assert run("check", PUZZLES, str(sol), "--each", "-q").exit_code == 0


def test_list_names_and_sizes():
    r = run("list", PUZZLES)
    lines = r.stdout.splitlines()
    assert r.exit_code == 0 and len(lines) == 6
    assert lines[0].split() == ["rcra-masyu05", "10x10", "25", "pearls"]
    assert lines[3] == "pzprjs-test-mashu-6x6       6x6       5 pearls"
    assert run("list", PUZZLES, "--only", "6x6").stdout.split()[:2] == ["pzprjs-test-mashu-6x6",
                                                                       "6x6"]


def test_the_each_options_need_each():
    for args in (["--only", "x"], ["--csv"], ["--resume"]):
        r = run("count", "3x3:i", *args)
        assert r.exit_code == 2 and "goes with --each" in r.stderr, r.output


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT")
def test_ctrl_c_keeps_every_finished_row(tmp_path):
    # two quick puzzles, then the weak solutions of an empty 6x6 board (minutes in Python)
    collection = tmp_path / "c.txt"
    collection.write_text("# a\n....\n....\n\n# b\n...\n...\n...\n\n# slow\n" + "......\n" * 6)
    out = tmp_path / "rows.jsonl"
    with child([sys.executable, "-m", "masyu", "count", str(collection), "--each", "--weak",
               "--engine", "python", "-o", str(out)], stderr=subprocess.PIPE) as p:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not list(tmp_path.glob(".rows.jsonl.*.part")):
            time.sleep(0.05)
        time.sleep(2)
        p.send_signal(signal.SIGINT)
        err = p.communicate(timeout=60)[1]
    assert p.returncode == 130, err
    found = rows(out.read_text())
    assert [(row["name"], row["weak"]) for row in found] == [("a", 2 ** 3), ("b", 14)]
    assert "interrupted at slow: 2 of 3 puzzles done" in err
    assert not list(tmp_path.glob("*.part"))


def test_another_way_of_making_the_rows_plugs_in(tmp_path):
    # what --jobs will need: run_each takes the rows in any order from a rows_of that
    # calls row() itself, and closes it when Ctrl-C stops the run (its workers end there)
    from masyu.cli import each
    from masyu.collection import parse_collection

    puzzles = parse_collection((EXAMPLES / "puzzles.txt").read_text(), "puzzles.txt")
    task = each.Task("count", weak=True)
    made, closed = [], []

    def backwards(todo, task, loops, starting):
        try:
            for p in reversed(todo):
                yield p, each.row(p, task)
        finally:
            closed.append(True)

    def rows_of(*args):
        made.append(backwards(*args))      # held here: only run_each's close() ends it
        return made[-1]

    class Interrupted(each.Rows):           # Ctrl-C as the fourth row is written
        def write(self, r):
            if r["name"] == "rcra-masyu05":
                raise KeyboardInterrupt
            super().write(r)

    out = tmp_path / "rows.jsonl"
    with Interrupted(task, str(out), as_csv=False, resume=False) as sink:
        code = each.run_each(each.only(puzzles, "rcra|wiki|puzsq"), task, sink, quiet=True,
                             rows_of=rows_of)
    assert code == 130 and closed == [True]
    found = {r["name"]: r["weak"] for r in rows(out.read_text())}
    assert found == {name: WEAK[name]
                     for name in ("puzsq-9833", "wikipedia-masyu-example", "rcra-masyu06")}


def test_each_over_two_processes_gives_the_rows_of_one(monkeypatch):
    """--each --jobs 2: one puzzle a task, the rows in the collection's order, each the
    sequential row (answers and engine counters; only the times differ)."""
    import xcc
    mapped = []
    real = xcc.map_each

    def spy(fn, items, **where):   # the rows must come from the pool, not this process
        items = list(items)
        mapped.append((len(items), where))
        return real(fn, items, **where)

    monkeypatch.setattr(xcc, "map_each", spy)

    def rows(*extra):
        r = CliRunner().invoke(app, ["count", PUZZLES, "--each", "--weak", "-q", *extra])
        assert r.exit_code == 0, r.output
        out = [json.loads(line) for line in r.stdout.splitlines()]
        for row in out:
            row.pop("seconds"), row.pop("cpu_seconds", None)
        return out
    one, two = rows(), rows("--jobs", "2")
    assert [r["name"] for r in two] == [r["name"] for r in one]
    assert {r["name"]: r["weak"] for r in two if r["name"] in WEAK} == WEAK
    assert two == one
    assert mapped == [(len(one), {"jobs": 2})]
