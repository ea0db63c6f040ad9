"""The whole-array DLX2 layout against Knuth's node-by-node input loop."""
from __future__ import annotations

import warnings

from hypothesis import given, settings

import xcc
from xcc.arrays import build_arrays, sanity

from .reference_arrays import build_arrays_loop
from .strategies import problems


@settings(max_examples=300, deadline=None)
@given(problems(colors="abc"))
def test_layout_equals_the_input_loop(problem):
    a = build_arrays(problem)
    assert a == build_arrays_loop(problem)
    assert sanity(a) == []


def test_edge_cases(shared):
    cases = [xcc.Problem(["a"], [], []), xcc.Problem(["a"], ["x"], [["a"]]),
             xcc.Problem(["a", "b"], ["x"], [["b", "x:c"], ["b"], ["a", "x"]])]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in ("queens4.dlx", "color.dlx"):
            cases.append(xcc.read_dlx(shared / "xcc" / name))
    for problem in cases:
        assert build_arrays(problem) == build_arrays_loop(problem)
