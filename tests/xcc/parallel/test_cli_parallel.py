"""xcc count/solve --jobs N: the sequential answers; bad options exit 2;
Ctrl-C exits 130 with a state that --resume finishes exactly."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import xcc
from xcc.examples import queens

from ...interrupting import interrupt_after, interrupt_at_progress

XCC = [sys.executable, "-c", "from xcc import main; main()"]


def run(*args, **kw):
    return subprocess.run(XCC + [str(a) for a in args], capture_output=True, text=True,
                          timeout=300, **kw)


@pytest.fixture(scope="module")
def q8(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("dlx") / "q8.dlx"
    xcc.write_dlx(queens(8), path)
    return path


def test_count_jobs_json(q8):
    seq = json.loads(run("count", q8, "--json", "--quiet").stdout)
    par = run("count", q8, "--json", "--quiet", "--jobs", "2")
    assert par.returncode == 0, par.stderr
    got = json.loads(par.stdout)
    for key in ("solutions", "nodes", "updates", "cleansings", "mems", "max_level"):
        assert got[key] == seq[key]
    assert got["subproblems"] >= 1 and got["pending"] == 0


def test_solve_jobs_same_text(q8):
    seq = run("solve", q8, "--limit", "20")
    par = run("solve", q8, "--limit", "20", "--jobs", "2")
    assert par.returncode == 0 and par.stdout == seq.stdout


@pytest.mark.parametrize("args,message", [
    (["--jobs", "2", "--local-cluster", "2"], "give one of --jobs"),
    (["--jobs", "2", "--engine", "sat"], "cannot split"),
])
def test_bad_options_exit_2(q8, args, message):
    if "sat" in args and "sat" not in xcc.ENGINES:
        pytest.skip("no SAT engine here")
    r = run("count", q8, *args)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_resume_of_another_problem_exits_2(q8, tmp_path):
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"version": 1, "problem": "0" * 64, "engine": "c"}))
    r = run("count", q8, "--jobs", "1", "--resume", state)
    assert r.returncode == 2 and "another problem" in r.stderr


def test_ctrl_c_then_resume(tmp_path):
    problem = queens(12)
    path = tmp_path / "q12.dlx"
    xcc.write_dlx(problem, path)
    state = tmp_path / "state.json"
    args = ["count", path, "--engine", "python", "--jobs", "2", "--resume", state, "--json"]
    code, out, err = interrupt_at_progress(XCC + [str(a) for a in args])
    assert code == 130, err
    assert "unfinished" in err and state.exists()
    first = json.loads(out)
    assert first["interrupted"] and first["pending"] > 0 and first["solutions"] < 14200
    r = run("count", path, "--engine", "python", "--jobs", "2", "--resume", state, "--json",
            "--quiet")
    assert r.returncode == 0, r.stderr
    done = json.loads(r.stdout)
    seq = xcc.count(problem)
    assert done["solutions"] == 14200
    assert {k: done[k] for k in seq.counters} == seq.counters


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT")
def test_ctrl_c_of_solve_then_resume(tmp_path):
    """xcc solve --jobs 2: Ctrl-C after some solutions are printed, then
    --resume FILE prints the rest, numbered on: together, the sequential list."""
    path = tmp_path / "q10.dlx"
    xcc.write_dlx(queens(10), path)
    seq = run("solve", path)
    assert seq.returncode == 0 and seq.stdout.count(":\n") == 724
    state = tmp_path / "state.json"
    args = ["solve", path, "--engine", "python", "--jobs", "2", "--resume", state]
    code, printed, err = interrupt_after(XCC + [str(a) for a in args], 12)
    assert code == 130, err
    assert "unfinished" in err and state.exists()
    assert printed.count(":\n") < 724
    rest = run(*args)
    assert rest.returncode == 0, rest.stderr
    assert printed + rest.stdout == seq.stdout


@pytest.mark.parametrize("at", [1, 3])
def test_ctrl_c_between_a_solution_handed_out_and_its_printing(at, tmp_path, monkeypatch, capsys):
    """The window the signal handler cannot close (the solution is the
    driver's, its printing has not begun): that solution is not printed and
    comes again after --resume, numbered as the sequential list numbers it."""
    from contextlib import contextmanager

    from xcc import cli_parallel
    problem = queens(6)  # 4 solutions
    seq = "".join(f"{k}:\n" + "".join(f" {problem.option_text(j)}\n" for j in s.indices)
                  for k, s in enumerate(xcc.solve(problem), 1))
    state = str(tmp_path / "state.json")
    calls = []
    held = cli_parallel.held_interrupt

    @contextmanager
    def ctrl_c_on_entry():
        calls.append(1)
        if len(calls) == at:
            raise KeyboardInterrupt
        with held():
            yield

    monkeypatch.setattr(cli_parallel, "held_interrupt", ctrl_c_on_entry)
    common = dict(engine="c" if "c" in xcc.ENGINES else "python", limit=None,
                  options={"jobs": 1}, resume=state, stats=False, text=str)
    assert cli_parallel.solve(problem, **common) == 130
    printed = capsys.readouterr().out
    assert printed.count(":\n") == at - 1
    monkeypatch.setattr(cli_parallel, "held_interrupt", held)
    assert cli_parallel.solve(problem, **common) == 0
    assert printed + capsys.readouterr().out == seq
