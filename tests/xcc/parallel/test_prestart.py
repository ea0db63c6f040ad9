"""The fork server started from the command line's arguments, before the
problem is read (xcc.parallel.prestart_if_asked, xcc.parallel.pools.prestart)."""
from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

from xcc.parallel import prestart_if_asked

needs_forkserver = pytest.mark.skipif(
    "forkserver" not in multiprocessing.get_all_start_methods() or not Path("/proc").exists(),
    reason="needs a fork server and /proc")

# In a fresh interpreter: prestart from ARGS, wait for the thread, then name
# the fork server multiprocessing started, by its command line (it runs
# multiprocessing.forkserver's main), then a count with 2 workers and one
# without: the pool works after it.
CHILD = r"""
import json, os, sys
from pathlib import Path
from xcc.parallel import prestart_if_asked
from xcc.parallel import pools

def children():
    # the server is multiprocessing's own record of it (the thread that
    # started it may still be exiting after join(), its children between it
    # and the main thread: /proc's lists of children missed it once in a run)
    from multiprocessing import forkserver
    pid = forkserver._forkserver._forkserver_pid
    if pid is None:
        return []
    return [Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()]

if __name__ == "__main__":
    asked = prestart_if_asked(json.loads(sys.argv[1]))
    if pools._prestarted is not None:
        pools._prestarted.join()
    servers = [c for c in children() if "forkserver" in c]
    import xcc
    problem = xcc.parse_dlx("a b c\na b\nc\na\nb c\n")
    together = xcc.count(problem, jobs=2).solutions, xcc.count(problem).solutions
    print(json.dumps([asked, len(servers), together]))
"""


def run_child(args: list[str]) -> list:
    import json
    out = subprocess.run([sys.executable, "-c", CHILD, json.dumps(args)], capture_output=True,
                         text=True, timeout=120, env=dict(os.environ, PYTHONWARNINGS="error"))
    assert out.returncode == 0 and out.stderr == "", out.stderr
    return json.loads(out.stdout)


@pytest.mark.parametrize("args, asked", [
    (["count", "f.dlx", "--jobs", "2"], True),
    (["count", "f.dlx", "--jobs=2"], True),
    (["count", "f.dlx", "-j", "2"], True),
    (["count", "f.dlx", "-j2"], True),
    (["count", "f.dlx", "--json"], False),
    (["count", "f.dlx", "--", "--jobs"], False),   # after "--": an argument, not the option
    (["count", "-jx.dlx"], False),
])
def test_the_options_that_ask_for_a_pool(args, asked, monkeypatch):
    started = []
    monkeypatch.setattr("xcc.parallel.pools.prestart", lambda: started.append(1))
    assert prestart_if_asked(args) is asked
    assert started == ([1] if asked else [])


@needs_forkserver
def test_asked_the_fork_server_runs_before_any_pool_and_the_pool_uses_it():
    asked, servers, (parallel, sequential) = run_child(["count", "f.dlx", "--jobs", "2"])
    assert (asked, servers) == (True, 1)
    assert parallel == sequential == 2  # {a b, c} and {a, b c}


@needs_forkserver
def test_not_asked_no_fork_server_until_a_pool_opens():
    asked, servers, (parallel, sequential) = run_child(["count", "f.dlx"])
    assert (asked, servers) == (False, 0)
    assert parallel == sequential == 2
