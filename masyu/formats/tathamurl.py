"""The address of Simon Tatham's Pearl page with a game in it:
``https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pearl.html#6x6:eBbBfWbWbBaBcWbBe``.

What follows the ``#`` is a game ID (:mod:`masyu.formats.tatham`), possibly
percent-encoded; any host and path ending in ``pearl.html`` is accepted.
"""
from __future__ import annotations

import re
from urllib.parse import unquote

from ..errors import MasyuError
from ..puzzle import Puzzle
from . import tatham
from .common import expect_text, short

SUMMARY = "Simon Tatham's Pearl page address ...pearl.html#WxH:DESC"
PAGE = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pearl.html"
# detection reads only the head of the text (a few hundred characters)
_PAGE = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*://)?[^\s#?]*pearl\.html?(\?[^\s#]*)?#",
                   re.IGNORECASE)


def detect(head: str) -> bool:
    return _PAGE.match(head) is not None


def read(text: str, name: str | None = None) -> Puzzle:
    """Read the page address: the game ID after its ``#``."""
    expect_text(text, "text")
    address = text.strip()
    offset = len(text) - len(text.lstrip())
    cut = address.find("#")
    if cut < 0 or "pearl.htm" not in address[:cut].lower():
        raise MasyuError("not the address of Tatham's Pearl page: expected ...pearl.html#WxH:DESC",
                         f"URL segment {short(address)!r}")
    game_id = unquote(address[cut + 1:])
    if not game_id:
        raise MasyuError("the address has no game after its '#'", f"column {offset + cut + 1}")
    try:
        return tatham.read(game_id, name=name)
    except MasyuError as err:
        m = re.fullmatch(r"column ([0-9]+)", err.where or "")
        where = f"column {int(m.group(1)) + offset + cut + 1}" if m else \
            (err.where or f"URL segment {short(game_id)!r}")
        raise MasyuError(err.message, where) from None


def write(puzzle: Puzzle) -> str:
    """The address of Tatham's page that opens the puzzle."""
    return f"{PAGE}#{tatham.write(puzzle)}"
