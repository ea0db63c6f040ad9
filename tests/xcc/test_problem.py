"""Problem.from_arrays (the fast door) against the constructor (the careful one)."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings

import xcc
from xcc import Problem

from .strategies import problems


def arrays_of(problem):
    c = problem.compact()
    return problem.primary, problem.secondary, c.starts, c.items, c.colors, c.color_names


@settings(max_examples=300, deadline=None)
@given(problems(colors="abc"))
def test_round_trip_through_arrays(problem):
    again = Problem.from_arrays(*arrays_of(problem))
    assert again.options == problem.options
    assert again.colors() == problem.colors()
    assert again == problem
    c, d = again.compact(), problem.compact()
    assert all(np.array_equal(x, y) for x, y in zip(c[:3], d[:3])) and c[3] == d[3]
    # every engine gives the same answer on both
    assert xcc.count(again, engine="c").solutions == xcc.count(problem, engine="c").solutions


def test_colors_renumbered_by_first_appearance_and_unused_ones_dropped():
    p = Problem.from_arrays(["a"], ["x", "y"], [0, 3, 5], [0, 1, 2, 0, 2], [0, 3, 1, 0, 3],
                            ["red", "green", "blue"])
    assert p.colors() == ("blue", "red")
    assert p.options == ((("a", None), ("x", "blue"), ("y", "red")),
                         (("a", None), ("y", "blue")))
    assert p == Problem(["a"], ["x", "y"], [["a", "x:blue", "y:red"], ["a", "y:blue"]])


def test_an_option_without_primary_item_is_dropped_with_a_warning():
    with pytest.warns(UserWarning, match=r"option 2: option ignored .*: x:c"):
        p = Problem.from_arrays(["a"], ["x"], [0, 1, 2, 4], [0, 1, 0, 1], [0, 1, 0, 0], ["c"])
    assert p.dropped == (1,) and p.source_index == (0, 2)
    assert p.options == ((("a", None),), (("a", None), ("x", None)))


@pytest.mark.parametrize("args, message", [
    ((["a"], ["x"], [0, 1], [2], None, ()), r"option 1: unknown item 2"),
    ((["a"], ["x"], [0, 2], [0, 0], None, ()), r"option 1: item 'a' appears twice"),
    ((["a"], ["x"], [0, 2], [0, 1], [1, 0], ["c"]), r"option 1: primary item 'a' cannot"),
    ((["a"], ["x"], [0, 1, 3], [0, 0, 1], [0, 0, 2], ["c"]), r"option 2: bad color code"),
    ((["a"], ["x"], [0, 2], [0], None, ()), r"starts must rise"),
    ((["a"], ["x"], [0, 1], [0], None, ["no color"]), r"bad color"),
    ((["a"], ["x"], [0, 1], [0], None, ["c", "c"]), r"color names must differ"),
    (([], ["x"], [0], [], None, ()), r"no primary items"),
    ((["a", "a"], [], [0], [], None, ()), r"duplicate item 'a'"),
    ((["a:b"], [], [0], [], None, ()), r"contains ':'"),
    ((["a"], ["x y"], [0], [], None, ()), r"secondary item 1: item name 'x y'"),
    ((["a"], ["x"], [0.0, 1.9], [0.2], None, ()), r"starts must be integers"),
])
def test_faults_are_named(args, message):
    with pytest.raises(xcc.XCCError, match=message):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            Problem.from_arrays(*args)


def test_a_problem_from_arrays_pickles_and_copies():
    import copy
    import pickle
    p = Problem.from_arrays(["a"], ["x"], [0, 2], [0, 1], [0, 1], ["c"])
    for q in (pickle.loads(pickle.dumps(p)), copy.deepcopy(p)):
        assert q == p and hash(q) == hash(p) and q.options == ((("a", None), ("x", "c")),)
