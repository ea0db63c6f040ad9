"""Knuth's DLX format: round trips, and every malformed input named by line:column."""
from __future__ import annotations

import io
import subprocess
import sys
import warnings

import pytest
from hypothesis import given, settings

import xcc
from xcc.dlxfile import knuth_compatible

from .strategies import problems

# (text, line, column, words in the message)
BAD = [
    ("", 1, 1, "empty item line"),
    ("| only a comment\n\n", 1, 1, "empty item line"),
    ("A B | C | D\n", 2 - 1, 9, "twice"),
    ("A B A\nA B\n", 1, 5, "duplicate item"),
    ("A B:1\nA\n", 1, 3, "illegal character"),
    ("A | X\nA Y\n", 2, 3, "unknown item 'Y'"),
    ("A B | X\nA B A\n", 2, 5, "twice in this option"),
    ("A B | X\nA:1 X\n", 2, 1, "primary item 'A' cannot have a color"),
    ("A | X\nA X:\n", 2, 5, "bad color"),
    ("A | X\nA :1\n", 2, 3, "empty item name"),
]


@pytest.mark.parametrize("text,line,col,words", BAD)
def test_error_catalogue_api(text, line, col, words):
    with pytest.raises(xcc.XCCError) as info:
        xcc.parse_dlx(text, "f.dlx")
    assert info.value.where == f"f.dlx:{line}:{col}"
    assert words in info.value.message


@pytest.mark.parametrize("text,line,col,words", BAD)
def test_error_catalogue_cli(tmp_path, text, line, col, words):
    path = tmp_path / "f.dlx"
    path.write_text(text)
    for verb in ("count", "solve"):
        r = subprocess.run([sys.executable, "-m", "xcc", verb, str(path)],
                           capture_output=True, text=True)
        assert r.returncode == 2
        assert r.stderr.startswith(f"xcc: {path}:{line}:{col}: ")   # issue 14: the xcc: prefix
        assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
        assert words in r.stderr and f"{path}:{line}:{col}:" in r.stderr


def test_problem_validation_from_python():
    cases = [
        (([], ["x"], []), "no primary items"),
        ((["a", "a"], [], []), "duplicate item"),
        ((["a"], ["x"], [["a", "y"]]), "unknown item 'y'"),
        ((["a"], ["x"], [["a", "a"]]), "appears twice"),
        ((["a"], ["x"], [["a:1"]]), "cannot have a color"),
        ((["a b"], [], []), "blanks"),
        ((["a|b"], [], []), "':' or '|'"),
    ]
    for args, words in cases:
        with pytest.raises(xcc.XCCError, match=words):
            xcc.Problem(*args)


def test_option_without_primary_is_dropped_with_warning():
    with pytest.warns(UserWarning, match="option 2: option ignored"):
        p = xcc.Problem(["a"], ["x"], [["a", "x:1"], ["x:0"]])
    assert len(p.options) == 1 and p.dropped == (1,)


@settings(max_examples=200, deadline=None)
@given(problems())
def test_write_then_read_round_trips(problem):
    buf = io.StringIO()
    assert xcc.write_dlx(problem, buf)
    again = xcc.parse_dlx(buf.getvalue())
    assert again.primary == problem.primary and again.secondary == problem.secondary
    assert again.options == problem.options
    assert xcc.count(again, engine="python").as_dict().keys() == \
        xcc.count(problem, engine="python").as_dict().keys()


def test_long_names_warn_that_dlx2_cannot_read(tmp_path):
    p = xcc.Problem(["averylongname"], ["x"], [["averylongname", "x:red"]])
    assert not knuth_compatible(p)
    with pytest.warns(UserWarning, match="DLX2 will not read"):
        ok = xcc.write_dlx(p, tmp_path / "long.dlx")
    assert ok is False
    assert xcc.read_dlx(tmp_path / "long.dlx").options == p.options


def test_shared_files_round_trip(shared, tmp_path):
    for name in ("color.dlx", "queens4.dlx", "queens8.dlx"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            p = xcc.read_dlx(shared / "xcc" / name)
        xcc.write_dlx(p, tmp_path / name)
        q = xcc.read_dlx(tmp_path / name)
        timeless = {"seconds": 0, "cpu_seconds": 0}
        assert xcc.count(q, engine="python").as_dict() | timeless == \
            xcc.count(p, engine="python").as_dict() | timeless
