"""Random and mutated text: only MasyuError comes out, and what passes never crashes later."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from masyu import Loop, MasyuError, Puzzle
from masyu.check import check
from masyu.render import render_svg, render_text

SEEDS = [
    "https://puzz.link/p?mashu/6/6/1063000i3000",
    "http://pzv.jp/p.html?masyu/10/10/0600003i06b1300600000a30600i090330/",
    "p?pearl/4/3/1063",
    "6x6:eBbBfWbWbBaBcWbBe",
    "6x6de:eBbBfWbWbBaBcWbBe",
    "30x3:WzcBzcWzcB",
    "6:fWaWWfWbBcWcWbBaWc",
    "6 fWaWWfWbBcWcWbBaWc",
    "..W...\n.B..W.\n......\n...B..\n.W....\n......\n",
    "# name size=2x3\no.x\n..0\n",
    "0.1.\n1..0\n",
    "pzprv3/mashu/2/5/. . . . . /. . . . . /1 0 0 0 /0 1 0 0 /0 1 0 0 0 /",
    "pzprv3\nmashu\n2\n4\n- 1 2 . \n2 1 - . \n0 0 0 \n0 0 0 \n0 0 0 0 \n",
    "pzprv3/mashu/2/2/. 1 /2 . /1 /1 /1 1 /history:{/}/",
]
ODD = list("./WBox01239-?:#x/ \n\r\taqz{}[],─│┌┐└┘○●\x00é٣²") + ["999999999", "0", "-1"]
BOX_CHARS = list(" ─│┌┐└┘╭╮╰╯.·├┼╴x\n")


@st.composite
def mutated(draw, seeds=SEEDS):
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, 5))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 8)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "repeat", "truncate"]))
        piece = draw(st.sampled_from(ODD) | st.text(max_size=3))
        if op == "insert":
            text = text[:i] + piece + text[i:]
        elif op == "delete":
            text = text[:i] + text[j:]
        elif op == "replace":
            text = text[:i] + piece + text[j:]
        elif op == "repeat":
            text = text[:j] + text[i:j] * draw(st.integers(2, 4)) + text[j:]
        else:
            text = text[:i]
    return text


def survives(puzzle: Puzzle) -> None:
    """Whatever passed validation works with every later piece of code."""
    for text in (puzzle.to("grid"), puzzle.to("url"), puzzle.to("tatham"), puzzle.to("pzprv3")):
        assert Puzzle.parse(text) == puzzle
    render_text(puzzle)
    render_svg(puzzle)
    check(puzzle, Loop(puzzle.rows, puzzle.cols), weak=True)


def parse_or_refuse(text: str) -> None:
    try:
        puzzle = Puzzle.parse(text)
    except MasyuError as err:
        assert err.message and "\n" not in (err.where or "")
        return
    survives(puzzle)


FUZZ = settings(max_examples=1200, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(mutated())
def test_mutated_inputs(text):
    parse_or_refuse(text)


@FUZZ
@given(st.text(alphabet=st.sampled_from([c for c in ODD if len(c) == 1]) | st.characters(),
               max_size=60))
def test_random_text(text):
    parse_or_refuse(text)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.from_regex(r"[0-9]{1,4}x[0-9]{1,4}(d[a-z])?:[a-zBW]{0,40}", fullmatch=True)
       | st.from_regex(r"p\?mashu/[0-9]{1,3}/[0-9]{1,3}/[0-9a-r]{0,12}/?", fullmatch=True)
       | st.from_regex(r"pzprv3/mashu/[0-9]{1,2}/[0-9]{1,2}/([.12 -]{1,8}/){0,6}", fullmatch=True))
def test_near_valid_ids(text):
    parse_or_refuse(text)


def loop_survives(loop: Loop) -> None:
    assert Loop.parse(loop.to("box"), format="box") == loop
    assert Loop.parse(loop.to("json"), format="json") == loop
    puzzle = Puzzle(loop.rows, loop.cols)
    check(puzzle, loop)
    check(puzzle, loop, weak=True)
    loop.components()
    render_text(puzzle, loop)
    render_svg(puzzle, loop)


@settings(max_examples=600, deadline=None, derandomize=True)
@given(st.text(alphabet=st.sampled_from(BOX_CHARS), max_size=40),
       st.none() | st.integers(0, 8), st.none() | st.integers(0, 8))
def test_random_box_text(text, rows, cols):
    try:
        loop = Loop.parse(text, rows, cols)
    except MasyuError:
        return
    loop_survives(loop)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.floats() | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(["rows", "cols", "edges", "x"]), inner,
                                      max_size=4), max_leaves=20)


@settings(max_examples=500, deadline=None, derandomize=True)
@given(JSON | st.fixed_dictionaries({
    "rows": st.integers(-1, 6), "cols": st.integers(-1, 6),
    "edges": st.lists(st.lists(st.lists(st.integers(-2, 7), min_size=2, max_size=2),
                               min_size=2, max_size=2), max_size=12)}))
def test_random_json_loops(value):
    try:
        loop = Loop.parse(json.dumps(value), format="json")
    except MasyuError:
        return
    loop_survives(loop)
