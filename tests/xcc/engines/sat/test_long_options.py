"""The SAT translation is linear in the option entries, however long one option is
(issue 36: one option over 10^6 items ran past 120 s, the search for tables reading
the whole option once per item)."""
from __future__ import annotations

import subprocess
import sys
import time

import pytest

import xcc
from xcc.engines.sat.translate import Layout, Translation


def problem(n: int) -> xcc.Problem:
    names = [f"i{k}" for k in range(n)]
    return xcc.Problem(names, (), [[(x, None) for x in names]])


def test_one_long_option_counts_by_sat_as_by_c():
    p = problem(2_000)
    assert xcc.count(p, engine="sat").solutions == xcc.count(p, engine="c").solutions == 1


def test_the_reference_translation_reads_a_long_option_in_linear_time():
    # 40,000 items in one option: 1.6e9 steps when quadratic, well under a second now
    start = time.process_time()
    t = Translation(Layout(problem(40_000)))
    assert time.process_time() - start < 20
    assert not t.unsat and t.nvars >= 1


def test_the_compiled_translation_reads_a_long_option_in_linear_time():
    pytest.importorskip("xcc._native")
    # 300,000 items in one option (9e10 steps when quadratic), in a subprocess
    # bounded generously for a loaded machine
    code = ("import xcc; names=[f'i{k}' for k in range(300_000)]; "
            "p=xcc.Problem(names, (), [[(x, None) for x in names]]); "
            "print(xcc.count(p, engine='sat').solutions)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "1", done.stderr
