"""A series of generated puzzles, as ``masyu generate`` makes it: the board's
size and the seed read from text (``parse_size``, ``parse_seed``), the seed of
each puzzle of the series (``nth_seed``), each puzzle and its loop in the
collection format (``format_generated``, ``format_solution``), and what to say
when the density asked for was not reached (``density_note``).  Faults are a
MasyuError naming the option.
"""
from __future__ import annotations

import re

from ..errors import MasyuError
from ..formats import box, grid
from .generator import Generated

_SIZE = re.compile(r"^\s*([0-9]{1,4})\s*[xX×]\s*([0-9]{1,4})\s*$")


def parse_size(text: str) -> tuple[int, int]:
    """``RxC`` (rows first), or a single number for a square board."""
    m = _SIZE.match(text)
    if m:
        return int(m.group(1)), int(m.group(2))
    if text.strip().isdigit() and len(text.strip()) <= 4:
        n = int(text)
        return n, n
    raise MasyuError(f"a size is RxC, e.g. 10x10, not {text[:40]!r}", "--size")


def parse_seed(text: str) -> int | str:
    """A decimal integer is an integer seed; anything else is a string seed."""
    t = text.strip()
    if re.fullmatch(r"-?[0-9]{1,30}", t):
        return int(t)
    if not t or re.search(r"\s", text):
        raise MasyuError("a text seed is one word (no spaces)", "--seed")
    return text


def nth_seed(seed: int | str, k: int) -> int | str:
    """The seed of the k-th puzzle (from 0) of a run: 7, 8, 9, ... or daily, daily-1, daily-2, ..."""
    if k == 0:
        return seed
    return seed + k if isinstance(seed, int) else f"{seed}-{k}"


def format_generated(g: Generated) -> str:
    return f"# {g.header()}\n" + grid.write(g.puzzle) + "\n"


def format_solution(g: Generated) -> str:
    return f"# {g.header()}\n" + box.write(g.loop) + "\n"


def density_note(g: Generated, asked: float | None) -> str | None:
    """What to say when the density asked for was not reached."""
    cells = g.puzzle.rows * g.puzzle.cols
    pearls = len(g.puzzle.pearls)
    if asked is None or pearls == max(1, round(asked * cells)):
        return None
    why = ("fewer pearls would not keep one solution" + (f" at {g.difficulty.band}"
                                                          if g.difficulty else "")
           if pearls > asked * cells else "the loop admits no more pearls")
    return f"density {pearls / cells:.2f} ({pearls} pearls), not the {asked:g} asked: {why}"
