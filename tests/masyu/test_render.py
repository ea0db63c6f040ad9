"""Pictures: Unicode text and SVG."""
import xml.etree.ElementTree as ET

import pytest

from masyu import Loop, MasyuError, Puzzle
from masyu.errors import MasyuTypeError
from masyu.collection import load, load_solutions
from masyu.formats.svg import COLORS
from masyu.render import render_svg, render_text

from tests.data import PUZZLES
SVG = "{http://www.w3.org/2000/svg}"
README = Puzzle.parse("https://puzz.link/p?mashu/6/6/1063000i3000")

SOLVED_TEXT = """\
┌───○─┐ ┌─┐
│ ●───┘ ○ │
│ │ ┌───┘ │
│ └─┘ ●───┘
└─○─┐ │ · ·
· · └─┘ · ·
"""


@pytest.fixture(scope="module")
def readme_loop():
    return load_solutions(PUZZLES / "extra_solutions.txt")["pzprjs-test-mashu-6x6"]


def test_text_of_a_puzzle():
    assert render_text(Puzzle.parse("W.B\n..W")) == "○ · ●\n· · ○\n"
    assert render_text(README).splitlines()[1] == "· ● · · ○ ·"
    assert render_text(README) == README.to("picture")          # the picture format


def test_text_of_a_solved_puzzle(readme_loop):
    assert render_text(README, readme_loop) == SOLVED_TEXT
    assert README.to("picture", readme_loop) == SOLVED_TEXT


def test_svg_pearls_and_one_loop(readme_loop):
    root = ET.fromstring(render_svg(README, readme_loop))
    circles = root.findall(f"{SVG}circle")
    assert sorted(c.get("fill") for c in circles) == ["black"] * 2 + ["white"] * 3
    assert all(c.get("stroke") == "black" for c in circles)     # white pearls are hollow rings
    loops = [p for p in root.findall(f"{SVG}path") if p.get("stroke") in COLORS]
    assert len(loops) == 1 and loops[0].get("d").endswith("Z")  # one closed loop
    assert loops[0].get("d").count("L") == len(readme_loop.edges) - 1


def test_svg_colors_each_loop_of_a_weak_solution():
    loop = Loop.parse("┌┐┌┐\n└┘││\n  └┘\n", format="box")
    root = ET.fromstring(render_svg(Puzzle(3, 4), loop))
    strokes = [p.get("stroke") for p in root.findall(f"{SVG}path") if p.get("stroke") in COLORS]
    assert strokes == list(COLORS[:2])


def test_svg_draws_pieces_that_are_not_loops():
    path = Loop(3, 3, [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3))])   # leaves the board
    svg = render_svg(Puzzle(3, 3), path)
    root = ET.fromstring(svg)
    pieces = [p for p in root.findall(f"{SVG}path") if p.get("stroke") in COLORS]
    assert len(pieces) == 1 and pieces[0].get("d").count("M") == 3


def test_svg_of_a_puzzle_alone_and_its_title():
    p = Puzzle.parse("W.B\n..W", name="a<b")
    root = ET.fromstring(p._repr_svg_())
    assert root.find(f"{SVG}title").text == "a<b"
    assert len(root.findall(f"{SVG}circle")) == 3
    assert root.get("width") == str(3 * 36 + 36)


def test_sizes_must_match():
    with pytest.raises(MasyuError, match="3x3"):
        render_text(Puzzle(3, 3), Loop(2, 2))
    with pytest.raises(MasyuError):
        render_svg(Puzzle(3, 3), Loop(2, 3))


def test_pictures_take_objects_not_text():
    with pytest.raises(MasyuTypeError, match="masyu.Loop or None, not str"):
        render_svg(Puzzle(2, 2), "┌┐\n└┘")
    with pytest.raises(MasyuTypeError, match="masyu.Puzzle, not str"):
        render_text("W.B\n..W")


def test_a_solved_10x10_picture():
    # the picture checked by eye once: the Wikipedia example, one blue loop through 20 pearls
    wiki = next(p for p in load(PUZZLES / "extra.txt") if p.name == "wikipedia-masyu-example")
    loop = load_solutions(PUZZLES / "extra_solutions.txt")[wiki.name]
    root = ET.fromstring(render_svg(wiki, loop))
    assert len(root.findall(f"{SVG}circle")) == len(wiki.pearls)
    assert [p.get("stroke") for p in root.findall(f"{SVG}path")][-1] == COLORS[0]
