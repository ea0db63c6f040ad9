"""The one-pass DLX reader (xcc/dlxread.py over xcc/csrc/reader/dlxread.c) against
the Python reader of xcc/dlxfile.py: the same problem and warnings for every
text it takes, and every text with an error left to the Python reader (so
that the error and its place are the reference's)."""
from __future__ import annotations

import random
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xcc
from xcc import dlxread, dlxfile

from .strategies import problems

pytest.importorskip("xcc._native")


def python_reader(text: str):
    """The Python reader alone: (problem or the error's text, warnings)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        saved, dlxread._native = dlxread._native, None
        try:
            result = dlxfile.parse_dlx(text, "f.dlx")
        except xcc.XCCError as e:
            result = str(e)
        finally:
            dlxread._native = saved
    return result, [str(w.message) for w in caught]


def fast_reader(text: str):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = dlxread.parse(text, "f.dlx")
    return result, [str(w.message) for w in caught]


def same(a: xcc.Problem, b: xcc.Problem) -> bool:
    return (a == b and a.colors() == b.colors() and a.name == b.name
            and a.dropped == b.dropped and a.source_index == b.source_index)


def assert_agree(text: str) -> bool:
    """True if the fast reader took the text."""
    expected, expected_warnings = python_reader(text)
    got, got_warnings = fast_reader(text)
    if got is None:
        return False
    assert not isinstance(expected, str), f"the fast reader took a bad text: {expected}"
    assert same(got, expected)
    assert got_warnings == expected_warnings
    return True


@settings(max_examples=200, deadline=None)
@given(problems(max_primary=6, max_secondary=5, max_options=12, colors="abc"),
       st.sampled_from(["\n", "\r\n", "\r"]), st.booleans())
def test_written_problems_read_alike(problem, newline, comments):
    text = xcc.format_dlx(problem, "a comment" if comments else None)
    text = text.replace("\n", newline)
    if comments:
        text = "\n  | more\n\t\n" + text.replace(newline, f"{newline}  |x{newline}", 1)
    assert assert_agree(text)  # every such text is the fast reader's


def test_the_shared_files_and_options_without_primary_items(shared):
    for path in sorted((shared / "xcc").glob("*.dlx")):
        assert assert_agree(path.read_text())
    text = "A B | X Y\nX:0 Y:1\nA X:1\n Y:longcolor X:0\nB Y:longcolor\nX\n"
    assert assert_agree(text)
    assert fast_reader(text)[0].dropped == (0, 2, 4)


ALPHABET = ["a", "b", "X", " ", "\t", "|", ":", "\n", "\r", "0", "1", "\u00e9", "\x00", "\x0b",
            "ab", "a:1", " | ", "\n|", "::"]


def test_mutated_texts_are_read_alike_or_left_alone():
    rng = random.Random(7)
    base = ["A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n",
            "a b | x\na x:1\nb x:1\nb\n", "p q\np\nq\np q\n"]
    took = 0
    for _ in range(3000):
        chars = list(rng.choice(base))
        for _ in range(rng.randint(0, 3)):
            k = rng.randrange(len(chars) + 1)
            how = rng.random()
            if how < 0.4:
                chars.insert(k, rng.choice(ALPHABET))
            elif how < 0.7 and k < len(chars):
                del chars[k]
            elif k < len(chars):
                chars[k] = rng.choice(ALPHABET)
        took += assert_agree("".join(chars))
    assert took > 600  # the fast reader does take most harmless texts


def test_errors_keep_their_place():
    for text, where in [("A B\nA C\n", "f.dlx:2:3"), ("A A\n", "f.dlx:1:3"),
                        ("A | X\nA:1\n", "f.dlx:2:1"), ("A | X\nA X:\n", "f.dlx:2:5"),
                        ("| only\n\n", "f.dlx:1:1"), ("A | B | C\n", "f.dlx:1:7")]:
        assert fast_reader(text)[0] is None
        with pytest.raises(xcc.XCCError) as e:
            xcc.parse_dlx(text, "f.dlx")
        assert e.value.where == where
