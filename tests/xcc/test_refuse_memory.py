"""``xcc count --memory`` with every engine of the registry (issue 36): a large DLX file
is answered or refused up front, in one line with the estimate and the option, never a
traceback, within 5 CPU s.  (``benchmarks/refuse.py`` runs the same on 10^6 items.)

The independent source: the file has one solution by construction (one option naming
every item)."""
from __future__ import annotations

import resource
import subprocess
import sys

import pytest

import xcc
from xcc.engines import get
from xcc.engines.refuse import limited, nodes

ITEMS = 100_000


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    names = " ".join(f"i{k}" for k in range(ITEMS))
    path = tmp_path_factory.mktemp("refuse") / "big.dlx"
    path.write_text(f"{names}\n{names}\n")
    return str(path)


def xcc_count(*args: str) -> tuple[subprocess.CompletedProcess, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "xcc", "count", "-q", *args],
                          capture_output=True, text=True, timeout=300)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


@pytest.mark.parametrize("engine", list(xcc.ENGINES))
def test_every_engine_refuses_at_once_under_a_small_limit(big, engine):
    done, cpu = xcc_count("--engine", engine, "--memory", "1M", big)
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("xcc: ")
    assert "memory limit of 1.0 MB" in lines[0] and "--memory" in lines[0]
    assert cpu < 5


@pytest.mark.parametrize("engine", list(xcc.ENGINES))
def test_every_engine_answers_or_refuses_at_the_default_limit(big, engine):
    done, cpu = xcc_count("--engine", engine, big)
    assert "Traceback" not in done.stderr
    if done.returncode == 0:
        assert done.stdout.startswith("Altogether 1 solution")
    else:   # the memo engines: a plan of levels times frontier, 10^10 slots here
        assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
        assert "the plan alone needs about" in done.stderr and "--memory" in done.stderr
    assert cpu < 5


def test_the_estimate_is_the_engines_bytes_per_node():
    problem = xcc.Problem(["a", "b"], options=[["a"], ["a", "b"]])
    assert nodes(problem) == 5
    c = get("c")
    assert limited(c, problem, None) is c
    assert limited(c, problem, 5 * c.bytes_per_node) is c
    with pytest.raises(xcc.XCCError, match="--memory") as err:
        limited(c, problem, 5 * c.bytes_per_node - 1)
    assert err.value.where == "--memory"
    memo = limited(get("memo-python"), problem, 1 << 20)
    assert memo.memory == 1 << 20 and not memo.native
