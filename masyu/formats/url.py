"""puzz.link URLs: ``https://puzz.link/p?mashu/COLS/ROWS/BODY`` (also ``masyu``, ``pearl``; any host).

BODY is base 27, three cells a character (0 empty, 1 white, 2 black), row-major.
"""
from __future__ import annotations

import re

from ..board import check_size
from ..errors import MasyuError
from ..puzzle import Puzzle
from .common import NUMBER_RE, expect_text, short

SUMMARY = "puzz.link URL ...?mashu/COLS/ROWS/BODY"
PIDS = ("mashu", "masyu", "pearl")   # the puzzle types of a Masyu URL (and pzprv3 file)
HOST = "https://puzz.link/p"
BASE27 = "0123456789abcdefghijklmnopq"
_START = r"(%s)(_edit)?/" % "|".join(PIDS)


_QUERY = re.compile(r"\?[A-Za-z_]+/")


def detect(head: str) -> bool:
    return "\n" not in head.rstrip() and bool(_QUERY.search(head) or re.match(_START, head))


def read(url: str, name: str | None = None) -> Puzzle:
    """Read ``https://puzz.link/p?mashu/COLS/ROWS/BODY`` (any host; masyu, pearl too)."""
    expect_text(url, "url")
    text = url.strip()
    query = text[text.index("?") + 1:] if "?" in text else text
    parts = query.split("/")
    pid = parts[0]
    if pid.lower().removesuffix("_edit") not in PIDS:
        raise MasyuError(f"not a Masyu URL: the puzzle type must be one of {', '.join(PIDS)}",
                         f"URL segment {short(pid)!r}")
    if len(parts) < 3:
        raise MasyuError("the URL needs COLS/ROWS/BODY after the puzzle type",
                         f"URL segment {short(query)!r}")
    for seg, what in ((parts[1], "columns"), (parts[2], "rows")):
        if not NUMBER_RE.fullmatch(seg):
            raise MasyuError(f"expected the number of {what}", f"URL segment {short(seg)!r}")
    cols, rows = int(parts[1]), int(parts[2])
    check_size(rows, cols, f"URL segment '{parts[1]}/{parts[2]}'")
    body = parts[3] if len(parts) > 3 else ""
    extra = [p for p in parts[4:] if p]
    if extra:
        raise MasyuError("unexpected data after the URL body", f"URL segment {short(extra[0])!r}")
    where = f"URL segment {short(body)!r}"
    need = -(-rows * cols // 3)
    if len(body) != need:
        size = "short" if len(body) < need else "long"
        raise MasyuError(f"the URL body is too {size}: {len(body)} characters, "
                         f"a {cols}x{rows} board needs {need}", where)
    pearls: dict[tuple[int, int], str] = {}
    for k, ch in enumerate(body):
        v = BASE27.find(ch)
        if v < 0:
            raise MasyuError(f"character {k + 1} {ch!r} is not a base-27 digit (0-9, a-q)", where)
        for j, digit in enumerate((v // 9, v // 3 % 3, v % 3)):
            i = 3 * k + j
            if i >= rows * cols:
                if digit:
                    raise MasyuError(f"character {k + 1} {ch!r} puts a pearl past the last cell",
                                     where)
            elif digit:
                pearls[divmod(i, cols)] = "W" if digit == 1 else "B"
    return Puzzle(rows, cols, pearls, name=name)


def write(puzzle: Puzzle, host: str = HOST, pid: str = "mashu") -> str:
    """The puzz.link URL ``{host}?{pid}/COLS/ROWS/BODY``."""
    values = [{".": 0, "W": 1, "B": 2}[ch] for row in puzzle.grid for ch in row]
    values += [0] * (-len(values) % 3)
    body = "".join(BASE27[9 * a + 3 * b + c]
                   for a, b, c in zip(values[0::3], values[1::3], values[2::3]))
    return f"{host}?{pid}/{puzzle.cols}/{puzzle.rows}/{body}"
