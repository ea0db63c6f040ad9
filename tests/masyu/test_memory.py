"""The memory estimate: above the measured peak of the real command, and not far above;
a board too big for the limit refused before anything is built.

The measurements run the command in its own process (``benchmarks/memory.py`` does the
same on larger boards and prints the table).
"""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

import xcc
from masyu import MasyuError, memory
from masyu.solving import estimate_memory

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("memory_bench", ROOT / "benchmarks" / "memory.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


@pytest.mark.parametrize("label, n", [
    ("encode 423", 100),
    ("solve guard c 423", 100),
    ("solve guard c 422", 100),
    ("solve guard sat 422", 100),
    ("solve guard python 423", 40),
])
def test_the_estimate_bounds_the_measured_peak(label, n):
    case = next(c for c in bench.CASES if c[0] == label)
    engines = case[3]["engine"] if case[3] else None
    if engines is not None and engines not in xcc.ENGINES:
        pytest.skip(f"engine {engines} is not available")
    estimate, measured = bench.measure(n, *case)
    assert measured <= estimate <= 2.5 * measured, (label, n, estimate >> 20, measured >> 20)


def test_a_board_too_big_is_refused_before_anything_is_built(tmp_path):
    grid = tmp_path / "big.txt"
    grid.write_text(("." * 1000 + "\n") * 1000)
    for verb in ("solve", "count", "encode"):
        out = subprocess.run([sys.executable, "-c", bench.PEAK, sys.executable, "-m", "masyu",
                              verb, str(grid), "--memory", "2G"],
                             capture_output=True, text=True, timeout=120)
        lines = out.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("masyu: --memory: ") \
            and "a 1000x1000 board would need about" in lines[0], \
            out.stderr
        assert "more than the 2.0 GB allowed" in lines[0]
        assert int(out.stdout.split()[-1]) * 1024 < 300 << 20   # nothing was built
    needed = estimate_memory(1000, 1000)
    assert needed > 8 << 30                                     # ~15 GB: the 10.9 GB


def test_the_each_run_is_refused_up_front(tmp_path):
    collection = tmp_path / "c.txt"
    collection.write_text("# small\n....\n....\n\n# big\n" + ("." * 500 + "\n") * 500)
    out = subprocess.run([sys.executable, "-m", "masyu", "count", str(collection), "--each",
                          "--memory", "1G"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("masyu: --memory: a 500x500 board would need about")


def test_sizes_read_and_written():
    assert memory.parse_size("4G") == 4 << 30
    assert memory.parse_size("512M") == 512 << 20
    assert memory.parse_size("1.5GB") == 3 << 29
    assert memory.parse_size("2GiB") == 2 << 30
    assert memory.parse_size("1000") == 1000
    for bad in ("", "lots", "-1G", "0", "4X"):
        with pytest.raises(MasyuError, match="--memory"):
            memory.parse_size(bad)
    assert memory.format_size(3 << 29) == "1.5 GB" and memory.format_size(800 << 20) == "800 MB"


def test_the_default_limit_is_a_fraction_of_the_machine():
    total, free = memory.machine()
    assert total and free and 0 < free <= total
    assert memory.limit() <= total // 2 and memory.limit() <= free


def test_the_estimate_takes_the_largest_run():
    # auto lists with the guard after the prover: the larger of the two engines counts
    one = estimate_memory(50, 50, method="guard", engine="c")
    assert estimate_memory(50, 50, method="guard", engine="python") > one
    assert estimate_memory(50, 50, method="auto", engine="python") == \
        estimate_memory(50, 50, method="guard", engine="python")
    assert estimate_memory(100, 100) > estimate_memory(50, 50) > memory.BASE


def test_one_size_parser_and_one_default_limit(monkeypatch):
    """xcc.sizes reads every --memory and holds the one default limit: masyu's
    --memory, the memo engine's and the SAT engine's default are the same."""
    import xcc
    from xcc.engines import memo
    assert memory.parse_size("1.5GB") == xcc.sizes.parse_size("1.5GB") == 3 << 29
    with pytest.raises(xcc.XCCError, match="at least 1.0 MB"):
        xcc.sizes.parse_size("500K", least=1 << 20)
    monkeypatch.setattr(xcc.sizes, "machine", lambda: (16 << 30, 5 << 30))
    assert memory.limit() == memo.default_memory() == xcc.sizes.default_limit() == 4 << 30
    monkeypatch.setattr(xcc.sizes, "machine", lambda: (16 << 30, None))
    assert memory.limit() == memo.default_memory() == 8 << 30
    monkeypatch.setattr(xcc.sizes, "machine", lambda: (None, None))
    assert memo.default_memory() == xcc.sizes.UNKNOWN_TOTAL // 2


def test_the_exact_side_reads_memory_with_the_same_parser():
    out = subprocess.run([sys.executable, "-m", "masyu", "sample", "6x6:eBbBfWbWbBaBcWbBe",
                          "--memory", "500K"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and out.stderr == \
        "masyu: --memory: a memory limit is at least 1.0 MB, not '500K'\n"
    out = subprocess.run([sys.executable, "-m", "masyu", "count", "6x6:eBbBfWbWbBaBcWbBe",
                          "--exact", "--memory", "lots"], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 2 and out.stderr.startswith("masyu: --memory: a size is a number")
