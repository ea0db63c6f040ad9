"""The xcc command, end to end."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

import xcc

from ..interrupting import child


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "xcc", *args], input=stdin,
                          capture_output=True, text=True)


def test_count_json_queens8(shared):
    r = run("count", str(shared / "xcc" / "queens8.dlx"), "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert list(d) == ["solutions", "nodes", "updates", "cleansings", "mems", "max_level",
                       "seconds", "cpu_seconds", "complete", "interrupted", "engine"]
    assert d["complete"] and not d["interrupted"] and d["engine"] == xcc.DEFAULT_ENGINE
    assert (d["solutions"], d["nodes"], d["updates"], d["cleansings"], d["mems"]) == \
        (92, 1199, 21375, 0, 305205)


def test_solve_prints_options_then_stats(shared):
    r = run("solve", str(shared / "xcc" / "color.dlx"), "--stats")
    assert r.returncode == 0
    assert r.stdout == "1:\n A C X:1 Y:1\n B X:1\n"
    assert "option ignored" in r.stderr and "1 solution, 4 nodes" in r.stderr


def test_solve_from_stdin_with_limit(shared):
    text = (shared / "xcc" / "queens8.dlx").read_text()
    r = run("solve", "-", "--limit", "2", stdin=text)
    assert r.returncode == 0 and r.stdout.count(":\n") == 2


def test_no_solution_exits_1():
    r = run("count", "-", stdin="A B\nA\n")
    assert r.returncode == 1 and r.stdout.startswith("Altogether 0 solutions")


def test_unknown_engine_exit_2(shared):
    r = run("count", str(shared / "xcc" / "queens4.dlx"), "--engine", "quantum")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr == f"xcc: unknown engine 'quantum'; valid engines: {', '.join(xcc.ENGINES)}\n"


@pytest.mark.parametrize("verb", ["count", "solve"])
def test_unavailable_engine_is_one_line_with_the_hint(shared, verb):
    """Without python-sat (blocked here), --engine sat says how to get it."""
    code = ("import sys; sys.modules['pysat.solvers'] = None; from xcc.cli import main; "
            f"sys.argv = ['xcc', '{verb}', sys.argv[1], '--engine', 'sat']; main()")
    r = subprocess.run([sys.executable, "-c", code, str(shared / "xcc" / "queens4.dlx")],
                       capture_output=True, text=True)
    assert r.returncode == 2, r.stderr
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("xcc: engine 'sat' is not available")
    assert "pip install 'xcc-masyu[sat]'" in r.stderr and "Traceback" not in r.stderr


def test_help_lists_the_registry():
    r = run("count", "--help")
    assert r.returncode == 0
    for name in xcc.engines.REGISTRY:
        assert name in r.stdout


def test_sat_engine_json_has_its_own_counters(shared):
    if "sat" not in xcc.ENGINES:
        pytest.skip("python-sat is not installed")
    r = run("count", str(shared / "xcc" / "queens4.dlx"), "--engine", "sat", "--json")
    d = json.loads(r.stdout)
    assert r.returncode == 0 and d["solutions"] == 2 and d["solves"] == 3
    assert "nodes" not in d and d["engine"] == "sat"


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT")
def test_ctrl_c_prints_stats_so_far(tmp_path):
    # 14 queens with the python engine takes minutes: interrupt it
    n = 14
    lines = [" ".join([f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]) + " | "
             + " ".join([f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)])]
    for i in range(n):
        for j in range(n):
            lines.append(f"r{i} c{j} a{i + j} b{n - 1 - i + j}")
    path = tmp_path / "q.dlx"
    path.write_text("\n".join(lines) + "\n")
    with child([sys.executable, "-m", "xcc", "count", str(path), "--engine", "python",
               "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE) as p:
        time.sleep(2.0)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
    assert p.returncode == 130, err
    d = json.loads(out)
    assert 0 < d["nodes"] and d["solutions"] < 365596
    assert "Traceback" not in err


@pytest.mark.parametrize("verb", ["solve", "count"])
def test_the_typer_command_has_exactly_the_declared_options(verb):
    """xcc.cli's verbs are made from their declarations (xcc.command): the same
    names, option names, flags, defaults, help and metavars, in the same order."""
    import inspect
    import typer
    from xcc import cli
    params = cli.PARAMS[verb]
    command = typer.main.get_command(cli.app).get_command(None, verb)
    assert [(p.name, tuple(p.opts), getattr(p, "is_flag", False), p.required,
             None if p.required else p.default, p.help, p.metavar) for p in command.params] == [
        (p.name, p.flags or (p.name,), p.is_flag, p.required, None if p.required else p.default,
         p.help, p.metavar) for p in params]
    body = getattr(cli, verb)
    assert list(inspect.signature(body).parameters) == [p.name for p in params]
    assert command.help == inspect.cleandoc(body.__doc__)
