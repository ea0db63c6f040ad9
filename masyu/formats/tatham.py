"""Simon Tatham's Pearl game ID ``WxH[de|dt][n]:DESC`` (width first).

DESC lists the cells row-major: ``a``..``z`` a run of 1..26 empty cells,
``B`` black, ``W`` white.  puzzle-masyu.com tasks use the same DESC
(:mod:`masyu.formats.psm`).
"""
from __future__ import annotations

import re

from ..board import check_size
from ..errors import MasyuError
from ..puzzle import Puzzle
from .common import NUMBER, expect_text

SUMMARY = "Simon Tatham's Pearl game ID WxH:DESC"
PATTERN = re.compile(rf"({NUMBER})x({NUMBER})(d[a-z])?(n)?:(.*)", re.DOTALL)
_START = re.compile(rf"{NUMBER}x{NUMBER}(d[a-z])?n?[:#]")   # detection: the head only


def detect(head: str) -> bool:
    return _START.match(head) is not None


def decode_desc(desc: str, rows: int, cols: int, offset: int) -> dict[tuple[int, int], str]:
    """The pearls of a DESC; ``offset`` is the column of its first character, for errors."""
    total = rows * cols
    pearls: dict[tuple[int, int], str] = {}
    i = 0
    for k, ch in enumerate(desc):
        where = f"column {offset + k + 1}"
        if "a" <= ch <= "z":
            i += ord(ch) - ord("a") + 1
        elif ch in "BW":
            if i < total:
                pearls[divmod(i, cols)] = ch
            i += 1
        else:
            raise MasyuError(f"unknown character {ch!r} in a description "
                             "(a-z runs of empty cells, B black, W white)", where)
        if i > total:
            raise MasyuError(f"the description runs past the {cols}x{rows} = {total} cells", where)
    if i < total:
        raise MasyuError(f"the description covers {i} of the {cols}x{rows} = {total} cells",
                         f"column {offset + len(desc)}" if desc else f"column {offset + 1}")
    return pearls


def encode_desc(puzzle: Puzzle) -> str:
    """The DESC of a puzzle."""
    out: list[str] = []
    run = 0
    for row in puzzle.grid:
        for ch in row:
            if ch == ".":
                run += 1
                if run == 26:
                    out.append("z")
                    run = 0
            else:
                if run:
                    out.append(chr(ord("a") + run - 1))
                    run = 0
                out.append(ch)
    if run:
        out.append(chr(ord("a") + run - 1))
    return "".join(out)


def read(game_id: str, name: str | None = None) -> Puzzle:
    """Read Simon Tatham's Pearl game ID ``WxH[de|dt][n]:DESC`` (width first)."""
    expect_text(game_id, "game_id")
    text = game_id.strip()
    m = PATTERN.fullmatch(text)
    if not m:
        if "#" in text:
            raise MasyuError("this is a random seed, not a game description (WxH:DESC)",
                             f"column {text.index('#') + 1}")
        m = re.match(rf"{NUMBER}x{NUMBER}(d[a-z])?n?", text)
        raise MasyuError("not a Pearl game ID: expected WxH:DESC, e.g. 6x6:eBbBfWbWbBaBcWbBe",
                         f"column {m.end() + 1 if m else 1}")
    cols, rows = int(m.group(1)), int(m.group(2))
    check_size(rows, cols, f"game ID size {m.group(1)}x{m.group(2)}")
    if m.group(3) and m.group(3)[1] not in "et":
        raise MasyuError(f"unknown difficulty {m.group(3)!r} (de easy, dt tricky)",
                         f"column {m.start(3) + 1}")
    pearls = decode_desc(m.group(5), rows, cols, m.start(5))
    return Puzzle(rows, cols, pearls, name=name)


def write(puzzle: Puzzle) -> str:
    """The game ID ``WxH:DESC`` (width first)."""
    return f"{puzzle.cols}x{puzzle.rows}:{encode_desc(puzzle)}"
