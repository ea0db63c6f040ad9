"""Pictures of partial states: SVG (three themes) and text; a step's picture is the
board before it with its cells lit and its edges dashed."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from masyu import MasyuError
from masyu.explain import THEMES, Marks, explain, state_svg, state_text

NS = {"s": "http://www.w3.org/2000/svg"}


def _segments(svg: ET.Element, cls: str) -> int:
    paths = svg.findall(f".//s:path[@class='{cls}']", NS)
    return sum(p.get("d").count("M") for p in paths)


@pytest.fixture(scope="module")
def account(psm):
    return explain(next(p for p in psm if p.name == "psm-6x6-easy-3184225"))


def test_a_steps_svg_shows_the_state_before_it(account):
    for k in (0, 5, len(account.steps) - 1):
        step = account.steps[k]
        before = account.marks_before(k)
        svg = ET.fromstring(step._repr_svg_())
        assert _segments(svg, "line") == len(before.lines)
        assert _segments(svg, "cross") == 2 * len(before.crosses)    # an X is two strokes
        assert len(svg.findall(".//s:rect[@class='hl']", NS)) == len(step.cells)
        lines = sum(1 for _, v in step.set if v)
        assert _segments(svg, "tentative-line") == lines
        assert _segments(svg, "tentative-cross") == 2 * (len(step.set) - lines)
        assert step.rule in svg.find("s:title", NS).text


def test_themes_and_the_colour_blind_safe_one(account):
    p, marks = account.puzzle, account.marks
    for name in THEMES:
        ET.fromstring(state_svg(p, marks, theme=name))
    contrast = state_svg(p, marks, theme="contrast", cells=[(0, 0)])
    assert "#D55E00" in contrast and "#56B4E9" in contrast      # Okabe-Ito vermillion, sky blue
    with pytest.raises(MasyuError, match="unknown theme"):
        state_svg(p, marks, theme="neon")
    with pytest.raises(MasyuError):
        state_svg(p, Marks(3, 3))


def test_text_pictures(account):
    p = account.puzzle
    text = state_text(p, account.marks)
    rows = text.splitlines()
    assert len(rows) == 2 * p.rows - 1
    assert text.count("○") + text.count("●") == len(p.pearls)
    # every line of the loop is drawn: cells joined by ─ in rows, │ between rows
    joined = sum(len(re.findall("─", r)) for r in rows[::2])
    assert joined >= len([e for e in account.loop.edges if e[0][0] == e[1][0]])
    empty = Marks(p.rows, p.cols)
    lit = state_text(p, empty, cells=[(2, 1)],
                     tentative=[(((2, 1), (2, 2)), 1), (((2, 1), (3, 1)), 0)])
    row = lit.splitlines()[4]
    assert row[4:8] == "[·]┄"                                 # lit cell, dashed line east
    assert lit.splitlines()[5][5] == "x"                      # a tentative cross below it
    assert "×" in state_text(p, Marks(p.rows, p.cols, crosses=frozenset([((0, 0), (0, 1))])))
    step = account.steps[0]
    assert step.text_picture() == state_text(p, account.marks_before(0), cells=step.cells,
                                             tentative=step.set)


def test_text_pictures_mark_every_place_by_its_marks():
    """Each character of the picture against the rule it follows, read off the marks
    directly (lines before crosses before tentative marks), on random states."""
    import random
    from masyu import Puzzle
    rng = random.Random(5)
    for _ in range(40):
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        edges = [((r, c), (r, c + 1)) for r, c in cells if c + 1 < cols] + \
                [((r, c), (r + 1, c)) for r, c in cells if r + 1 < rows]
        pearls = {cell: rng.choice("WB") for cell in rng.sample(cells, rng.randint(0, 3))}
        p = Puzzle(rows, cols, pearls=sorted(pearls.items()))
        # lines: a few separate edges, so that no cell has more than two
        lines, degree = set(), {}
        for e in rng.sample(edges, len(edges) // 3):
            if all(degree.get(x, 0) < 2 for x in e):
                lines.add(e)
                for x in e:
                    degree[x] = degree.get(x, 0) + 1
        crosses = set(rng.sample([e for e in edges if e not in lines],
                                 min(3, len(edges) - len(lines))))
        tentative = [(e, rng.randint(0, 1)) for e in rng.sample(edges, 3)]
        lit = rng.sample(cells, 2)
        text = state_text(p, Marks(rows, cols, frozenset(lines), frozenset(crosses)),
                          cells=lit, tentative=tentative)
        picture = [line.ljust(4 * cols) for line in text.splitlines()]
        assert len(picture) == 2 * rows - 1
        tent = dict(tentative)

        def mark(e, line, dashed):
            if e in lines:
                return line
            if e in crosses:
                return "×"
            if e in tent:
                return dashed if tent[e] else "x"
            return " "

        for r, c in cells:
            row = picture[2 * r]
            west, east = ((r, c - 1), (r, c)) in lines, ((r, c), (r, c + 1)) in lines
            if (r, c) in pearls:
                assert row[4 * c + 1] == {"W": "○", "B": "●"}[pearls[(r, c)]]
            elif degree.get((r, c), 0) == 0:
                assert row[4 * c + 1] == "·"
            assert row[4 * c] == ("─" if west else "[" if (r, c) in lit else " ")
            assert row[4 * c + 2] == ("─" if east else "]" if (r, c) in lit else " ")
            if c + 1 < cols:
                assert row[4 * c + 3] == mark(((r, c), (r, c + 1)), "─", "┄")
            if r + 1 < rows:
                assert picture[2 * r + 1][4 * c + 1] == mark(((r, c), (r + 1, c)), "│", "┆")
