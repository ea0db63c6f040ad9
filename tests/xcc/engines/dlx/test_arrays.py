"""The whole-array DLX2 layout against Knuth's node-by-node input loop,
and build_arrays choosing between them by the problem's form."""
from __future__ import annotations

import warnings

from hypothesis import given, settings

import xcc
from xcc.engines.dlx.arrays import build_arrays, layout_from_compact, layout_from_options, sanity

from ...strategies import problems


@settings(max_examples=300, deadline=None)
@given(problems(colors="abc"))
def test_layout_equals_the_input_loop(problem):
    a = layout_from_compact(problem)
    assert a == layout_from_options(problem)
    assert sanity(a) == []
    assert build_arrays(problem) == a


def test_edge_cases(shared):
    cases = [xcc.Problem(["a"], [], []), xcc.Problem(["a"], ["x"], [["a"]]),
             xcc.Problem(["a", "b"], ["x"], [["b", "x:c"], ["b"], ["a", "x"]])]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in ("queens4.dlx", "color.dlx"):
            cases.append(xcc.read_dlx(shared / "xcc" / name))
    for problem in cases:
        assert layout_from_compact(problem) == layout_from_options(problem)


def test_the_layout_follows_the_form_of_the_problem(monkeypatch):
    import xcc.engines.dlx.arrays as arrays
    used = []
    monkeypatch.setattr(arrays, "layout_from_options", lambda p: used.append("options"))
    monkeypatch.setattr(arrays, "layout_from_compact", lambda p: used.append("compact"))
    by_names = xcc.Problem(["a"], ["x"], [["a", "x:c"]])
    arrays.build_arrays(by_names)
    by_names.compact()
    arrays.build_arrays(by_names)
    arrays.build_arrays(xcc.Problem.from_arrays(["a"], [], [0, 1], [0]))
    assert used == ["options", "compact", "compact"]
