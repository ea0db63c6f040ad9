"""Costs in the DLX format (DLX5's ``|cost`` tokens after an option's items, and the
project's older ``$cost`` token) and in the API
(``Problem(costs=...)``): read, written, read back; refused at the door."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

import xcc
from xcc import dlxread

TEXT = """\
a b c | x
a b $3
$1 c
a
b c $12
a c x:1 $0
"""


def test_read_write_read():
    p = xcc.parse_dlx(TEXT)
    assert p.costs == (3, 1, 0, 12, 0)
    assert p.options[1] == (("c", None),)  # the cost is no item, wherever it stands
    text = xcc.format_dlx(p)
    assert "a b |3\nc |1\na\nb c |12\na c x:1\n" in text  # DLX5's form; a cost of 0 is not written
    again = xcc.parse_dlx(text)
    assert again == p and again.costs == p.costs
    assert p.cost((0, 1)) == 4 and p.cost(()) == 0


def test_no_costs_is_the_plain_problem():
    plain = xcc.parse_dlx("a b\na\nb\na b\n")
    assert plain.costs == () and plain.cost((0, 1)) == 0
    assert xcc.parse_dlx("a b\na $0\nb\na b $0\n") == plain  # all 0: no costs
    assert "$" not in xcc.format_dlx(plain) and "|" not in xcc.format_dlx(plain)


def test_dlx5_costs_after_any_item_are_summed():
    """DLX5 reads ``|n`` after any item of an option and adds them up; a line
    starting with ``|`` stays a comment."""
    p = xcc.parse_dlx("a b | x\n| a comment\na |2 b |1\nb x:1 |4 |0\na $2 |5\n")
    assert p.costs == (3, 4, 7)
    assert p.options[0] == (("a", None), ("b", None))
    assert xcc.parse_dlx(xcc.format_dlx(p)) == p


def test_the_c_reader_leaves_costs_to_the_python_reader():
    """Both readers agree: the one-pass C reader takes no text with a cost
    (or an item named like one), so the reference reads it."""
    if dlxread._native is None:
        pytest.skip("the compiled extension is not built")
    assert dlxread.parse("a b\na\nb\n", "t") is not None  # the C reader at work
    assert dlxread.parse(TEXT, "t") is None
    assert dlxread.parse("$1 b\n$1\nb\n", "t") is None


@pytest.mark.parametrize("text, place, message", [
    ("a b\na $1 $2\n", "<string>:2:6", "a second cost '\\$2' in this option"),
    ("a $1 | x\na\n", "<string>:1:3", "item name '\\$1' is a cost"),
    ("a b\na $4611686018427387904\n", "<string>:2:3", "is above"),
    ("a b\na $x\n", "<string>:2:3", "unknown item '\\$x'"),
    ("a b\na |x\n", "<string>:2:3", "should be '\\|' and decimal digits"),
    ("a b\na | b\n", "<string>:2:3", "should be '\\|' and decimal digits"),
    ("a b\na |4611686018427387903 |1\n", "<string>:2:24", "above"),
])
def test_bad_costs_are_named_at_their_place(text, place, message):
    with pytest.raises(xcc.XCCError, match=message) as err:
        xcc.parse_dlx(text)
    assert err.value.where == place


def test_an_item_named_like_a_cost_is_not_written():
    p = xcc.Problem(["a", "$7"], [], [["a", "$7"]])
    with pytest.raises(xcc.XCCError, match="would read as a cost"):
        xcc.format_dlx(p)
    assert xcc.parse_dlx("a $x\na $x\n").primary == ("a", "$x")  # '$' and a letter: a name


def test_the_api():
    p = xcc.Problem(["a", "b"], ["x"], [["a"], ["x"], ["b"], ["a", "b"]], costs=[1, 9, 2, 5],
                    warn=False)
    assert p.dropped == (1,) and p.costs == (1, 2, 5)  # a dropped option takes its cost along
    assert "with costs" in repr(p)
    q = xcc.Problem.from_arrays(["a", "b"], ["x"], [0, 1, 2, 3, 5], [0, 2, 1, 0, 1],
                                costs=np.array([1, 9, 2, 5]), warn=False)
    assert q.costs == (1, 2, 5) and q == p
    t = xcc.Problem.from_arrays(["a", "b"], [], [0, 1, 2], [0, 1], trusted=True, costs=[4, 0])
    assert t.costs == (4, 0)


@pytest.mark.parametrize("costs, kind, message", [
    ([1, 2], xcc.XCCError, "costs has 2 entries for 3 options"),
    ([1, -2, 3], xcc.XCCError, "cost -2 must be between 0"),
    ([1, 2.5, 3], xcc.XCCTypeError, "a cost is an integer"),
    ([1, True, 3], xcc.XCCTypeError, "a cost is an integer"),
    ("123", xcc.XCCTypeError, "costs must be a list of integers"),
    (7, xcc.XCCTypeError, "costs must be a list of integers"),
])
def test_bad_costs_in_the_api(costs, kind, message):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(kind, match=message):
            xcc.Problem(["a"], [], [["a"], ["a"], ["a"]], costs=costs)
