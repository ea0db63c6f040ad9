"""Multiplicities at the doors: ``Problem(..., bounds=)``, the DLX3 syntax
``u:v|name`` in both readers (xcc/dlxfile.py and the C one of
xcc/csrc/reader/dlxread.c) and the writer, and the command."""
from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pytest

import xcc
from xcc import dlxfile, dlxread
from xcc.examples import sums2
from tests.data import HERE

DLX3 = HERE / "xcc" / "dlx3"
KNUTH = "| from dlx3.w\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n"


def python_reader(text: str):
    """The Python reader alone: the problem, or the error's text."""
    saved, dlxread._native = dlxread._native, None
    try:
        return dlxfile.parse_dlx(text, "f.dlx")
    except xcc.XCCError as e:
        return str(e)
    finally:
        dlxread._native = saved


# ---- Problem --------------------------------------------------------------------------

def test_bounds_are_stored_per_primary_item():
    p = xcc.Problem(["a", "b", "c"], ["x"], [["a", "b"], ["c", "x"]],
                    bounds={"c": (0, 2), "a": 3})
    assert p.bounds == ((3, 3), (1, 1), (0, 2))
    assert (p.bound("a"), p.bound("b"), p.bound("c")) == ((3, 3), (1, 1), (0, 2))
    assert "with multiplicities" in repr(p)


def test_bounds_of_one_are_plain_xcc():
    plain = xcc.Problem(["a", "b"], [], [["a", "b"]])
    same = xcc.Problem(["a", "b"], [], [["a", "b"]], bounds={"a": (1, 1), "b": 1})
    assert same.bounds == () and same == plain
    assert xcc.Problem(["a"], [], [["a"]], bounds={"a": 2}) != xcc.Problem(["a"], [], [["a"]])


@pytest.mark.parametrize("bounds, message", [
    ({"a": (2, 1)}, r"0 <= u <= v"),
    ({"a": (0, 0)}, r"1 <= v"),
    ({"a": 0}, r"1 <= v"),
    ({"a": (-1, 2)}, r"0 <= u <= v"),
    ({"a": (1, 2 ** 31)}, r"v <= 2147483647"),
    ({"x": 2}, r"primary items only; 'x'"),
    ({"zz": 2}, r"primary items only; 'zz'"),
    ({"a": (1, 2, 3)}, r"\(u, v\) or v"),
    ({"a": True}, r"\(u, v\) or v"),
    ({"a": (1.0, 2)}, r"\(u, v\) or v"),
    ([("a", 2)], r"must be a mapping"),
])
def test_bad_bounds_are_refused_at_the_door(bounds, message):
    with pytest.raises(xcc.XCCError, match=message):
        xcc.Problem(["a", "b"], ["x"], [["a", "x"]], bounds=bounds)


def test_from_arrays_takes_bounds():
    p = xcc.Problem.from_arrays(["a", "b"], ["x"], [0, 2, 3], [0, 2, 1], bounds={"b": (0, 4)})
    assert p.bounds == ((1, 1), (0, 4))
    assert p == xcc.Problem(["a", "b"], ["x"], [["a", "x"], ["b"]], bounds={"b": (0, 4)})
    t = xcc.Problem.from_arrays(["a", "b"], ["x"], np.array([0, 2, 3]), np.array([0, 2, 1]),
                                trusted=True, bounds={"b": (0, 4)})
    assert t.bounds == p.bounds
    with pytest.raises(xcc.XCCError, match="primary items only"):
        xcc.Problem.from_arrays(["a"], ["x"], [0, 1], [0], bounds={"x": 2})


# ---- reading and writing ---------------------------------------------------------------

def test_knuths_example_is_read_as_dlx3_reads_it():
    p = xcc.parse_dlx(KNUTH)
    assert p.primary == ("A", "B", "C") and p.secondary == ("X", "Y")
    assert p.bounds == ((1, 1), (1, 1), (2, 3))
    assert python_reader(KNUTH) == p


@pytest.mark.parametrize("header, bounds", [
    ("3|A B", ((3, 3), (1, 1))),
    ("0:1|A 10:12|B", ((0, 1), (10, 12))),
    ("A 1:1|B", ()),
    ("007|A B", ((7, 7), (1, 1))),
])
def test_the_grammar(header, bounds):
    text = f"{header}\nA B\n"
    for problem in (xcc.parse_dlx(text), python_reader(text)):
        assert problem.primary == ("A", "B") and problem.bounds == bounds


@pytest.mark.parametrize("header, message", [
    ("A | 2|X", "1:5: bounds on secondary item in '2|X'"),
    ("0|A X", "1:1: bad bounds in '0|A'"),
    ("3:2|A X", "1:1: bad bounds in '3:2|A'"),
    ("2|A 2|", "1:7: empty item name after its bounds"),
    ("2:|A X", "1:1: illegal character in item name '2:|A'"),
    (":2|A X", "1:1: illegal character in item name ':2|A'"),
    ("x2|A X", "1:1: illegal character in item name 'x2|A'"),
    ("2|A|B X", "1:3: illegal character in item name 'A|B'"),
    ("2|A: X", "1:3: illegal character in item name 'A:'"),
    ("99999999999|A X", "1:1: bad bounds in '99999999999|A'"),
    ("2|A 3|A X", "1:7: duplicate item name 'A'"),
])
def test_bad_bounds_in_a_file_name_their_place(header, message):
    text = f"{header}\nA X\n"
    with pytest.raises(xcc.XCCError) as caught:
        xcc.parse_dlx(text, "f.dlx")
    assert str(caught.value).startswith("f.dlx:" + message)
    assert python_reader(text).startswith("f.dlx:" + message)  # the C reader leaves it so


def test_the_c_reader_reads_bounds():
    pytest.importorskip("xcc._native")
    for path in sorted(DLX3.glob("*.dlx")):
        text = path.read_text()
        fast = dlxread.parse(text, str(path))
        assert fast is not None and fast.bounds  # read in C, bounds included
        assert fast == python_reader(text)


@pytest.mark.parametrize("n", [1, 2, 4])
def test_the_writer_round_trips(n):
    for problem in (sums2(n), xcc.parse_dlx(KNUTH),
                    xcc.Problem(["a", "b", "c"], ["x"], [["a", "x:1"], ["b", "c"]],
                                bounds={"a": (0, 3), "c": 5})):
        text = xcc.format_dlx(problem)
        assert xcc.parse_dlx(text) == problem and python_reader(text) == problem
    assert xcc.format_dlx(xcc.parse_dlx(KNUTH)).splitlines()[0] == "A B 2:3|C | X Y"
    assert xcc.format_dlx(sums2(2)).splitlines()[0] == "2|r1 2|r2 2|c1 2|c2"


def test_stored_files_are_sums2():
    for n in (4, 5, 6, 7):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert xcc.read_dlx(DLX3 / f"sums2-{n}.dlx") == sums2(n)


# ---- the command -------------------------------------------------------------------

def xcc_command(*args):
    return subprocess.run([sys.executable, "-m", "xcc", *args], capture_output=True, text=True)


def test_the_command_refuses_multiplicities_on_engine_c():
    r = xcc_command("count", str(DLX3 / "sums2-4.dlx"))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert "engine 'c' does not solve a problem with multiplicities" in r.stderr
    assert "use engine 'mult' or 'mult-python'" in r.stderr


def test_the_command_counts_with_engine_mult():
    if "mult" not in xcc.ENGINES:
        pytest.skip("needs the compiled extension")
    r = xcc_command("count", str(DLX3 / "sums2-5.dlx"), "--engine", "mult", "--json", "-q")
    assert r.returncode == 0, r.stderr
    assert '"solutions": 2040' in r.stdout and '"mems": 451650' in r.stdout
