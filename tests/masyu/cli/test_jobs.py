"""masyu count/solve PUZZLE --jobs N | --scheduler | --local-cluster: the
sequential answers; Ctrl-C of a parallel count exits 130 with a state that
--resume FILE (and its first name, --continue FILE) finishes exactly; bad combinations exit 2."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ...interrupting import interrupt_after, interrupt_at_progress

MASYU = [sys.executable, "-m", "masyu"]
SLOW = "psm-10x10-hard-4148656"  # 958 weak solutions, 1 strong: some seconds in engine python


def run(*args, **kw):
    return subprocess.run(MASYU + [str(a) for a in args], capture_output=True, text=True,
                          timeout=300, **kw)


@pytest.fixture(scope="module")
def small(shared):
    return f"{shared / 'puzzles' / 'extra.txt'}#puzsq-9833"  # 5,328 weak solutions, 1 strong


@pytest.fixture(scope="module")
def slow(shared):
    return f"{shared / 'puzzles' / 'psm.txt'}#{SLOW}"


def test_solve_jobs_same_loops(small):
    args = ["solve", small, "--weak", "--encoding", "423", "--limit", "40", "--format", "json"]
    seq = run(*args)
    par = run(*args, "--jobs", "2")
    assert par.returncode == 0, par.stderr
    assert par.stdout == seq.stdout and par.stdout.count("\n") >= 40
    one = run("solve", small, "--jobs", "2")  # strong: the unique loop, as said sequentially
    assert one.returncode == 0 and one.stdout == run("solve", small).stdout
    assert "unique strong solution" in one.stderr


def test_count_jobs_each_method(small):
    for method in ("guard", "filter"):
        r = run("count", small, "--method", method, "--jobs", "2", "--json", "-q")
        assert r.returncode == 0, r.stderr
        got = json.loads(r.stdout)
        assert got["strong"] == 1 and "subproblems" in got


@pytest.mark.parametrize("args,message", [
    (["--jobs", "2", "--local-cluster", "2"], "give one of --jobs"),
    (["--resume"], "--resume goes with --each (or takes the FILE"),
    (["--jobs", "2", "--exact"], "not split into subproblems"),
])
def test_bad_options_exit_2(small, args, message, tmp_path):
    r = run("count", small, *args, cwd=tmp_path)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_resume_without_jobs_counts_here(small, tmp_path):
    """--resume FILE alone (no state yet): a count in this process, the same answer."""
    r = run("count", small, "--resume", "state.json", "--json", "-q", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["strong"] == 1


EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "puzzles.txt"


def test_with_each_resume_file_is_the_rows_file(tmp_path):
    """With --each, --resume FILE names the rows file (as -o FILE --resume)."""
    out = tmp_path / "rows.jsonl"
    first = run("count", EXAMPLES, "--each", "--jobs", "2", "--only", "pzprjs", "--resume",
                out, "-q")
    assert first.returncode == 0, first.stderr
    rows = [json.loads(r) for r in out.read_text().splitlines()]
    assert [r["name"] for r in rows] == ["pzprjs-test-mashu-6x6"] and rows[0]["strong"] == 1
    other = run("count", EXAMPLES, "--each", "-o", tmp_path / "other.jsonl", "--resume", out)
    assert other.returncode == 2 and "-o names another" in other.stderr


def test_resume_with_each_the_old_flag_still_works(tmp_path):
    """A bare --resume after -o FILE: the flag that continues it."""
    out = tmp_path / "rows.jsonl"
    first = run("count", EXAMPLES, "--each", "--only", "pzprjs", "-o", out, "-q", "--resume")
    assert first.returncode == 0, first.stderr
    rows = out.read_text().splitlines()
    assert rows and all(json.loads(r)["name"].startswith("pzprjs") for r in rows)


def test_continue_of_another_puzzle_exits_2(small, tmp_path):
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"version": 1, "problem": "0" * 64, "engine": "c"}))
    r = run("count", small, "--weak", "--jobs", "1", "--resume", state)
    assert r.returncode == 2 and "another problem" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT")
@pytest.mark.parametrize("kind", ["--weak", "--method=filter"])
def test_ctrl_c_then_continue(slow, tmp_path, kind):
    """Ctrl-C: the count so far, the unfinished subproblems, the state; then
    --resume FILE counts the rest: the totals of one sequential run (with
    --method filter, written the first way, --continue FILE)."""
    seq = json.loads(run("count", slow, kind, "--encoding", "423", "--engine", "python",
                         "--json", "-q").stdout)
    state = tmp_path / "state.json"
    spelling = "--resume" if kind == "--weak" else "--continue"
    args = ["count", slow, kind, "--encoding", "423", "--engine", "python", "--jobs", "2",
            spelling, state, "--json"]
    code, out, err = interrupt_at_progress(MASYU + [str(a) for a in args])
    assert code == 130, err
    assert "unfinished" in err and f"--resume {state}" in err and state.exists()
    first = json.loads(out)
    assert first["interrupted"] and first["pending"] > 0
    rest = run(*args[:-3], spelling, state, "--json", "-q")
    assert rest.returncode == 0, rest.stderr
    done = json.loads(rest.stdout)
    key = "weak" if kind == "--weak" else "strong"
    assert done[key] == seq[key] and done["pending"] == 0
    if kind == "--weak":  # the state's counters went on: those of the sequential run
        for k in ("nodes", "updates", "cleansings", "mems"):
            assert done[k] == seq[k]


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT")
def test_ctrl_c_of_a_listing_then_resume(slow, tmp_path):
    """masyu solve --all --jobs 2: Ctrl-C after some loops are written, then
    --resume FILE writes the rest: together, the sequential run's loops."""
    common = [slow, "--weak", "--all", "--encoding", "423", "--engine", "python",
              "--format", "json"]
    seq = run("solve", *common, "-q")
    assert seq.returncode == 0 and seq.stdout.count("\n") == 958
    state = tmp_path / "state.json"
    args = ["solve", *common, "--jobs", "2", "--resume", state]
    code, written, err = interrupt_after(MASYU + [str(a) for a in args], 3)
    assert code == 130, err
    assert "interrupted" in err and f"--resume {state}" in err and state.exists()
    assert 3 <= written.count("\n") < 958
    rest = run(*args, "-q")
    assert rest.returncode == 0, rest.stderr
    assert written + rest.stdout == seq.stdout


def test_each_local_cluster(shared):
    pytest.importorskip("distributed")
    path = shared / "puzzles" / "extra.txt"
    args = ["count", path, "--each", "--only", "puzsq-9833|wikipedia-masyu-example", "--weak"]
    seq = run(*args)
    par = run(*args, "--local-cluster", "1")
    assert seq.returncode == par.returncode == 0, seq.stderr + par.stderr

    def rows(text):  # each puzzle's row, without its times
        return [{k: v for k, v in json.loads(line).items() if "seconds" not in k}
                for line in text.splitlines()]
    assert rows(par.stdout) == rows(seq.stdout) and len(rows(seq.stdout)) == 2


def test_cli_count_jobs_has_the_sequential_counters(shared):
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


@pytest.mark.parametrize("spelling", [
    ["--resume", "{rows}"], ["--resume={rows}"], ["-o", "{rows}", "--resume"],
    ["--resume", "-o", "{rows}"], ["-o", "{rows}", "--resume", "-q"]])
def test_each_resume_spellings_continue_the_rows(tmp_path, spelling):
    """Every spelling of --resume with --each (a value option whose value may be left
    out: xcc.command's flag_value) continues the rows file: the row already there is
    kept as it was (a marker the command does not write), the other puzzles added."""
    rows = tmp_path / "rows.jsonl"
    first = run("count", EXAMPLES, "--each", "--only", "pzprjs", "-o", rows, "-q")
    assert first.returncode == 0, first.stderr
    kept = {**json.loads(rows.read_text()), "marker": 1}
    rows.write_text(json.dumps(kept) + "\n")
    r = run("count", EXAMPLES, "--each", *[a.format(rows=rows) for a in spelling])
    assert r.returncode in (0, 1), r.stderr
    lines = [json.loads(line) for line in rows.read_text().splitlines()]
    names = [line["name"] for line in lines]
    listed = run("list", EXAMPLES).stdout.split("\n")
    assert lines[0] == kept and sorted(names) == sorted(x.split()[0] for x in listed if x)


def test_resume_equals_file_is_the_state_file(tmp_path):
    """--resume=FILE (one puzzle): the state file, as --resume FILE."""
    small = f"{EXAMPLES}#pzprjs-test-mashu-6x6"
    r = run("count", small, "--resume=state.json", "--json", "-q", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["strong"] == 1
    bare = run("solve", small, "--resume", "-q", cwd=tmp_path)
    assert bare.returncode == 2 and "--resume goes with --each" in bare.stderr
