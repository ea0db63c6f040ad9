"""The xcc command, end to end."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "xcc", *args], input=stdin,
                          capture_output=True, text=True)


def test_count_json_queens8(shared):
    r = run("count", str(shared / "xcc" / "queens8.dlx"), "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert list(d) == ["solutions", "nodes", "updates", "cleansings", "mems", "max_level", "seconds"]
    assert (d["solutions"], d["nodes"], d["updates"], d["cleansings"], d["mems"]) == \
        (92, 1199, 21375, 0, 305205)


def test_solve_prints_options_then_stats(shared):
    r = run("solve", str(shared / "xcc" / "color.dlx"), "--stats")
    assert r.returncode == 0
    assert r.stdout == "1:\n A C X:1 Y:1\n B X:1\n"
    assert "option ignored" in r.stderr and "1 solutions, 4 nodes" in r.stderr


def test_solve_from_stdin_with_limit(shared):
    text = (shared / "xcc" / "queens8.dlx").read_text()
    r = run("solve", "-", "--limit", "2", stdin=text)
    assert r.returncode == 0 and r.stdout.count(":\n") == 2


def test_no_solution_exits_1():
    r = run("count", "-", stdin="A B\nA\n")
    assert r.returncode == 1 and r.stdout.startswith("Altogether 0 solutions")


def test_unknown_engine_exit_2(shared):
    r = run("count", str(shared / "xcc" / "queens4.dlx"), "--engine", "quantum")
    assert r.returncode == 2 and "valid engines" in r.stderr and "Traceback" not in r.stderr


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
    p = subprocess.Popen([sys.executable, "-m", "xcc", "count", str(path), "--engine", "python",
                          "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(2.0)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=30)
    assert p.returncode == 130, err
    d = json.loads(out)
    assert 0 < d["nodes"] and d["solutions"] < 365596
    assert "Traceback" not in err
