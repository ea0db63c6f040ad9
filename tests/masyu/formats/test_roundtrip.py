"""Every writer -> reader pair, over generated inputs (hypothesis): every puzzle format,
read back detected and named; every loop format, with and without the size; the loops
of pzprv3 files and text pictures; collections; solutions files.

What is written must read back as the same value (the writer's text is the independent
source: the reader is never asked what it wrote).  The examples per test are
``MASYU_PROPERTY_EXAMPLES`` (default 40, to keep the suite fast); the closing run of
issue 36 set it to 10000.
"""
from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from masyu import Loop, Puzzle
from masyu.collection import (format_collection, format_solutions, parse_collection,
                              parse_solutions)
from masyu.errors import MasyuError
from masyu.formats import FORMATS, LOOP_FORMATS, PUZZLE_FORMATS, parse, parse_loop, write
from masyu.generate.loops import grow_loop

EXAMPLES = int(os.environ.get("MASYU_PROPERTY_EXAMPLES", "40"))
PROPERTY = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
# a name as a collection header allows: one word, not starting with '#'
NAMES = st.one_of(
    st.from_regex(r"[A-Za-z0-9_.-]{1,12}", fullmatch=True),
    st.from_regex(r"(size=[0-9]{1,2}x[0-9]{1,2}|[0-9]{1,2}x[0-9]{1,2}:[a-z]{0,3}|pzprv3|"
                  r"https?://x)[a-z]{0,2}", fullmatch=True),
    st.text(min_size=1, max_size=10).filter(lambda n: n.split() == [n] and n[0] != "#"))


@st.composite
def puzzles(draw, max_side: int = 9, named: bool = False):
    rows, cols = draw(st.integers(2, max_side)), draw(st.integers(2, max_side))
    density = draw(st.sampled_from([0.0, 0.1, 0.3, 0.8, 1.0]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    pearls = {(r, c): rng.choice("WB") for r in range(rows) for c in range(cols)
              if rng.random() < density}
    name = draw(NAMES) if named else None
    return Puzzle(rows, cols, pearls, name=name)


@st.composite
def loops(draw, max_side: int = 9):
    """A real loop (a grown face set's boundary) or any set of edges on the board."""
    rows, cols = draw(st.integers(2, max_side)), draw(st.integers(2, max_side))
    seed = draw(st.integers(0, 2**32))
    if draw(st.booleans()):
        return grow_loop(rows, cols, random.Random(seed))
    rng = random.Random(seed)
    p = draw(st.sampled_from([0.05, 0.3, 0.7]))
    edges = [((r, c), (r + dr, c + dc)) for r in range(rows) for c in range(cols)
             for dr, dc in ((0, 1), (1, 0)) if r + dr < rows and c + dc < cols
             and rng.random() < p]
    return Loop(rows, cols, edges)


AMBIGUOUS = "give the format"


def without_size(text: str, fmt: str) -> Loop | None:
    """The loop of ``text`` read with no size, or None when the reader asked for the format:
    allowed only for a text picture with no pearl drawn (a box drawing too)."""
    try:
        return Loop.parse(text)
    except MasyuError as err:
        if AMBIGUOUS not in str(err):
            raise
        assert fmt in ("picture", "box") and "○" not in text and "●" not in text, text
        return None


def same_puzzle(a: Puzzle, b: Puzzle) -> bool:
    return (a.rows, a.cols, dict(a.pearls)) == (b.rows, b.cols, dict(b.pearls))


@pytest.mark.parametrize("fmt", PUZZLE_FORMATS)
@PROPERTY
@given(puzzle=puzzles())
def test_every_puzzle_format_reads_back_what_it_wrote(fmt, puzzle):
    if fmt == "psm":          # puzzle-masyu.com boards are square
        n = min(puzzle.rows, puzzle.cols)
        puzzle = Puzzle(n, n, [(cell, k) for cell, k in puzzle.pearls if max(cell) < n])
    text = write(puzzle, fmt)
    assert same_puzzle(parse(text, format=fmt), puzzle), text
    assert same_puzzle(parse(text), puzzle), text          # and detection finds it


@pytest.mark.parametrize("fmt", LOOP_FORMATS)
@PROPERTY
@given(loop=loops())
def test_every_loop_format_reads_back_what_it_wrote(fmt, loop):
    text = loop.to(fmt)
    assert Loop.parse(text, loop.rows, loop.cols, format=fmt) == loop, text
    assert Loop.parse(text, loop.rows, loop.cols) == loop, text
    if fmt != "box" or loop.edges:     # an empty box drawing has no size to read
        back = without_size(text, fmt)
        assert back is None or back.edges == loop.edges, text
        if fmt != "box":   # a box drawing without its size ends with its last drawn row
            assert back == loop, text
    if fmt == "box":       # with the documented aliases of an empty cell: the same loop
        for empty in ".·":
            aliased = text.replace(" ", empty)
            assert Loop.parse(aliased, loop.rows, loop.cols) == loop, aliased
            back = without_size(aliased, fmt) if loop.edges else None
            assert back is None or back.edges == loop.edges, aliased


@pytest.mark.parametrize("fmt", [name for name in PUZZLE_FORMATS if FORMATS[name].read_loop])
@PROPERTY
@given(puzzle=puzzles(), data=st.data())
def test_the_puzzle_formats_that_carry_a_loop_read_both_back(fmt, puzzle, data):
    loop = data.draw(loops().filter(lambda x: True))
    loop = Loop(puzzle.rows, puzzle.cols,
                [e for e in loop.edges if e[1][0] < puzzle.rows and e[1][1] < puzzle.cols])
    if fmt == "picture":   # a pearl hides its cell's shape: it must pass 0 or 2 times
        puzzle = Puzzle(puzzle.rows, puzzle.cols,
                        [(cell, k) for cell, k in puzzle.pearls if loop.degree(cell) in (0, 2)])
    text = write(puzzle, fmt, loop)
    assert same_puzzle(parse(text), puzzle), text
    assert parse_loop(text, puzzle.rows, puzzle.cols) == loop, text
    assert parse_loop(text, puzzle.rows, puzzle.cols, format=fmt) == loop, text
    back = without_size(text, fmt)
    assert back is None or back == loop, text


@PROPERTY
@given(st.lists(puzzles(max_side=7, named=True), min_size=1, max_size=6,
                unique_by=lambda p: p.name))
def test_a_collection_reads_back_with_its_names(batch):
    text = format_collection(batch)
    back = parse_collection(text)
    assert [p.name for p in back] == [p.name for p in batch], text
    assert all(same_puzzle(a, b) for a, b in zip(back, batch)), text


@PROPERTY
@given(st.lists(puzzles(max_side=5), min_size=1, max_size=4))
def test_unnamed_puzzles_get_numbered_names(batch):
    back = parse_collection(format_collection(batch))
    assert [p.name for p in back] == [f"puzzle-{k}" for k in range(1, len(batch) + 1)]
    assert all(same_puzzle(a, b) for a, b in zip(back, batch))


@PROPERTY
@given(st.dictionaries(NAMES, loops(max_side=7), min_size=1, max_size=5))
def test_a_solutions_file_reads_back_by_name(solutions):
    text = format_solutions(solutions)
    assert parse_solutions(text) == solutions, text


def test_a_puzzle_named_like_a_size_key_keeps_its_own_size():
    # issue 36: the header '# size=2x2 size=3x3' was read as size 2x2
    batch = [Puzzle(3, 3, {(0, 0): "W"}, name="size=2x2"), Puzzle(2, 2, name="b")]
    back = parse_collection(format_collection(batch))
    assert [(p.name, p.rows, p.cols) for p in back] == [("size=2x2", 3, 3), ("b", 2, 2)]
    loops = {"size=9x9": Loop(2, 2, [((0, 0), (0, 1))])}
    assert parse_solutions(format_solutions(loops)) == loops


def test_a_header_with_only_a_size_still_gives_it():
    assert [(p.rows, p.cols) for p in parse_collection("# size=2x3\n...\n...\n")] == [(2, 3)]
    with pytest.raises(MasyuError, match="size=3x3 but the grid is 2x3"):
        parse_collection("# size=3x3\n...\n...\n")
