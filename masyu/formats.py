"""Every puzzle text users paste: readers and writers, validated at the door.

Formats (see ``shared/puzzles/README.md``):

- grid text: R lines of C characters, ``.`` empty, ``W``/``o``/``0`` white,
  ``B``/``x``/``1`` black; ``#`` lines are comments (the first word of the
  first one names the puzzle);
- puzz.link URL: ``https://puzz.link/p?mashu/COLS/ROWS/BODY`` (also ``masyu``,
  ``pearl``; any host), BODY in base 27, three cells a character;
- pzprv3 file: ``pzprv3``, ``mashu``, ROWS, COLS, the cells, then optionally
  the drawn loop; ``/`` may stand for a newline;
- Simon Tatham's Pearl game ID ``WxH[de|dt]:DESC``: ``a``..``z`` runs of
  empty cells, ``B`` black, ``W`` white, row-major;
- puzzle-masyu.com task string with its size: ``N:DESC`` or ``N DESC``
  (square boards; the same DESC).

Every reader raises :class:`MasyuError` with the place (line and column,
column of a one-line ID, or the URL segment); nothing else escapes.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterable

from .errors import MasyuError
from .puzzle import MAX_SIDE, Puzzle

if TYPE_CHECKING:
    from .loop import Loop

FORMATS = ("grid", "url", "pzprv3", "tatham", "psm")
GRID_CHARS = {".": None, "W": "W", "o": "W", "0": "W", "B": "B", "x": "B", "1": "B"}
URL_PIDS = ("mashu", "masyu", "pearl")
URL_HOST = "https://puzz.link/p"
BASE27 = "0123456789abcdefghijklmnopq"
_NUMBER = r"[0-9]{1,9}"  # ASCII digits only, and never enough of them to trouble int()
_TATHAM = re.compile(rf"({_NUMBER})x({_NUMBER})(d[a-z])?(n)?:(.*)", re.DOTALL)
_PSM = re.compile(rf"({_NUMBER})(?:x({_NUMBER}))?(?::|\s+)([A-Za-z]*)", re.DOTALL)
_PZPR_NUMBER = re.compile(_NUMBER)
_URL_START = r"(%s)(_edit)?/" % "|".join(URL_PIDS)


def check_size(rows: int, cols: int, where: str | None = None) -> None:
    """Refuse a board below 2x2 or above MAX_SIDE per side before building anything."""
    if rows < 2 or cols < 2:
        raise MasyuError(f"board {rows}x{cols} is too small (at least 2x2)", where)
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise MasyuError(f"board {rows}x{cols} is too large (at most {MAX_SIDE} per side)", where)


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


# ---------------------------------------------------------------------------
# Detection

def detect(text: str) -> str:
    """The name of the format of ``text``: one of :data:`FORMATS`."""
    if not isinstance(text, str):
        raise MasyuError(f"expected text, not {type(text).__name__}")
    s = text.strip()
    if s.startswith("pzprv3"):
        return "pzprv3"
    if _TATHAM.fullmatch(s):
        return "tatham"
    if "\n" not in s and (re.search(r"\?[A-Za-z_]+/", s) or re.match(_URL_START, s)):
        return "url"
    if _PSM.fullmatch(s):
        return "psm"
    return "grid"


def parse(text: str, name: str | None = None) -> Puzzle:
    """Read a puzzle in any format of :data:`FORMATS`, detected from the text."""
    kind = detect(text)
    if kind == "pzprv3":
        puzzle = parse_pzprv3(text)[0]
    elif kind == "url":
        puzzle = parse_url(text)
    elif kind == "tatham":
        puzzle = parse_tatham(text)
    elif kind == "psm":
        puzzle = parse_psm(text)
    else:
        puzzle = parse_grid(text)
    if name is not None:
        puzzle = Puzzle(puzzle.rows, puzzle.cols, puzzle.pearls, name=name)
    return puzzle


# ---------------------------------------------------------------------------
# Grid text

def grid_blocks(lines: Iterable[str], first_line: int = 1
                ) -> list[tuple[str | None, list[tuple[int, str]]]]:
    """Split lines into puzzles: ``(name, [(line number, line), ...])``.

    Blank lines and ``#`` lines separate blocks; the first word of the last
    ``#`` line before a block names it.
    """
    blocks: list[tuple[str | None, list[tuple[int, str]]]] = []
    name: str | None = None
    current: list[tuple[int, str]] = []
    for number, line in enumerate(lines, first_line):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            if current:
                blocks.append((name, current))
                current, name = [], None
            if stripped.startswith("#"):
                words = stripped[1:].split()
                name = words[0] if words else None
            continue
        current.append((number, line))
    if current:
        blocks.append((name, current))
    return blocks


def grid_from_block(block: list[tuple[int, str]], name: str | None = None,
                    source: str | None = None) -> Puzzle:
    """Build a puzzle from numbered grid lines, naming the line and column of any fault."""
    prefix = f"{source}, " if source else ""
    pearls: dict[tuple[int, int], str] = {}
    width = len(block[0][1].strip())
    for r, (number, line) in enumerate(block):
        indent = len(line) - len(line.lstrip())
        cells = line.strip()
        if len(cells) != width:
            raise MasyuError(f"ragged rows: this row has {len(cells)} cells, the first has {width}",
                             f"{prefix}line {number}")
        for c, ch in enumerate(cells):
            kind = GRID_CHARS.get(ch, "?")
            if kind == "?":
                raise MasyuError(f"unknown character {ch!r} in a grid (use . W B, or o x, or 0 1)",
                                 f"{prefix}line {number}, column {indent + c + 1}")
            if kind:
                pearls[(r, c)] = kind
    check_size(len(block), width, f"{prefix}line {block[0][0]}")
    return Puzzle(len(block), width, pearls, name=name)


def parse_grid(text: str, name: str | None = None) -> Puzzle:
    """Read one puzzle of grid text (comment lines allowed, one block only)."""
    blocks = grid_blocks(text.splitlines())
    if not blocks:
        raise MasyuError("no puzzle found: the text is empty")
    if len(blocks) > 1:
        raise MasyuError(f"{len(blocks)} puzzles here, separated by blank or # lines; "
                         "a collection (see masyu.load)", f"line {blocks[1][1][0][0]}")
    found, block = blocks[0]
    if len(block) == 1 and re.fullmatch(r"\s*[a-zBW]*[a-z][a-zBW]*\s*", block[0][1]):
        raise MasyuError("this looks like a Pearl description without its size: "
                         "write WxH:DESC (or N:DESC for puzzle-masyu.com)",
                         f"line {block[0][0]}")
    return grid_from_block(block, name if name is not None else found)


def write_grid(puzzle: Puzzle) -> str:
    """The ``.WB`` lines, each ending in a newline."""
    return "".join(row + "\n" for row in puzzle.grid)


# ---------------------------------------------------------------------------
# Pearl descriptions (Tatham game IDs and puzzle-masyu.com tasks)

def _decode_desc(desc: str, rows: int, cols: int, offset: int) -> dict[tuple[int, int], str]:
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


def _encode_desc(puzzle: Puzzle) -> str:
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


def parse_tatham(game_id: str, name: str | None = None) -> Puzzle:
    """Read Simon Tatham's Pearl game ID ``WxH[de|dt][n]:DESC`` (width first)."""
    text = game_id.strip()
    m = _TATHAM.fullmatch(text)
    if not m:
        if "#" in text:
            raise MasyuError("this is a random seed, not a game description (WxH:DESC)")
        raise MasyuError("not a Pearl game ID: expected WxH:DESC, e.g. 6x6:eBbBfWbWbBaBcWbBe")
    cols, rows = int(m.group(1)), int(m.group(2))
    check_size(rows, cols, f"game ID size {m.group(1)}x{m.group(2)}")
    if m.group(3) and m.group(3)[1] not in "et":
        raise MasyuError(f"unknown difficulty {m.group(3)!r} (de easy, dt tricky)",
                         f"column {m.start(3) + 1}")
    pearls = _decode_desc(m.group(5), rows, cols, m.start(5))
    return Puzzle(rows, cols, pearls, name=name)


def write_tatham(puzzle: Puzzle) -> str:
    """The game ID ``WxH:DESC`` (width first)."""
    return f"{puzzle.cols}x{puzzle.rows}:{_encode_desc(puzzle)}"


def parse_psm(task: str, size: int | str | None = None, name: str | None = None) -> Puzzle:
    """Read a puzzle-masyu.com task string with its size.

    Either ``parse_psm("fWaW...", 6)`` or ``parse_psm("6:fWaW...")`` (also
    ``"6 fWaW..."`` and ``"6x6 fWaW..."``).  The boards of the site are square.
    """
    text = task.strip()
    offset = len(task) - len(task.lstrip())
    if size is None:
        m = _PSM.fullmatch(text)
        if not m:
            raise MasyuError("not a puzzle-masyu.com task with its size: expected N:TASK")
        if m.group(2) is not None and m.group(2) != m.group(1):
            raise MasyuError("puzzle-masyu.com boards are square; for W×H use WxH:DESC",
                             f"column {offset + 1}")
        side, desc, offset = int(m.group(1)), m.group(3), offset + m.start(3)
    else:
        if isinstance(size, str):
            if not re.fullmatch(rf"{_NUMBER}(x{_NUMBER})?", size.strip()):
                raise MasyuError(f"size must be N or NxN, not {_short(size)!r}")
            parts = size.strip().split("x")
            if len(parts) == 2 and parts[0] != parts[1]:
                raise MasyuError("puzzle-masyu.com boards are square", f"size {size!r}")
            size = int(parts[0])
        if not isinstance(size, int) or isinstance(size, bool):
            raise MasyuError("size must be an integer")
        side, desc = size, text
    check_size(side, side, f"size {side}")
    return Puzzle(side, side, _decode_desc(desc, side, side, offset), name=name)


def write_psm(puzzle: Puzzle) -> str:
    """The task string ``N:DESC`` of a square puzzle (puzzle-masyu.com style)."""
    if puzzle.rows != puzzle.cols:
        raise MasyuError(f"puzzle-masyu.com boards are square, this one is "
                         f"{puzzle.rows}x{puzzle.cols}")
    return f"{puzzle.rows}:{_encode_desc(puzzle)}"


# ---------------------------------------------------------------------------
# puzz.link URLs

def parse_url(url: str, name: str | None = None) -> Puzzle:
    """Read ``https://puzz.link/p?mashu/COLS/ROWS/BODY`` (any host; masyu, pearl too)."""
    text = url.strip()
    query = text[text.index("?") + 1:] if "?" in text else text
    parts = query.split("/")
    pid = parts[0]
    if pid.lower().removesuffix("_edit") not in URL_PIDS:
        raise MasyuError(f"not a Masyu URL: the puzzle type must be one of {', '.join(URL_PIDS)}",
                         f"URL segment {_short(pid)!r}")
    if len(parts) < 3:
        raise MasyuError("the URL needs COLS/ROWS/BODY after the puzzle type",
                         f"URL segment {_short(query)!r}")
    for seg, what in ((parts[1], "columns"), (parts[2], "rows")):
        if not _PZPR_NUMBER.fullmatch(seg):
            raise MasyuError(f"expected the number of {what}", f"URL segment {_short(seg)!r}")
    cols, rows = int(parts[1]), int(parts[2])
    check_size(rows, cols, f"URL segment '{parts[1]}/{parts[2]}'")
    body = parts[3] if len(parts) > 3 else ""
    extra = [p for p in parts[4:] if p]
    if extra:
        raise MasyuError("unexpected data after the URL body", f"URL segment {_short(extra[0])!r}")
    where = f"URL segment {_short(body)!r}"
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


def write_url(puzzle: Puzzle, host: str = URL_HOST, pid: str = "mashu") -> str:
    """The puzz.link URL ``{host}?{pid}/COLS/ROWS/BODY``."""
    values = [{".": 0, "W": 1, "B": 2}[ch] for row in puzzle.grid for ch in row]
    values += [0] * (-len(values) % 3)
    body = "".join(BASE27[9 * a + 3 * b + c]
                   for a, b, c in zip(values[0::3], values[1::3], values[2::3]))
    return f"{host}?{pid}/{puzzle.cols}/{puzzle.rows}/{body}"


# ---------------------------------------------------------------------------
# pzprv3 files

_PZPR_CELLS = {".": None, "1": "W", "2": "B"}


def _tokens(line: str) -> list[tuple[int, str]]:
    """The whitespace-separated tokens of a line with their 1-based columns."""
    return [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line)]


def parse_pzprv3(text: str, name: str | None = None) -> "tuple[Puzzle, Loop | None]":
    """Read a pzprv3 file (``/`` may stand for newline): the puzzle and the drawn loop, if any."""
    from .loop import Loop

    lines = [(n, line.strip()) for n, line in
             enumerate(text.replace("\r", "").replace("/", "\n").split("\n"), 1)]
    lines = [(n, line) for n, line in lines if line]
    head = ["pzprv3", "puzzle type", "number of rows", "number of columns"]
    if len(lines) < 4:
        where = f"line {lines[-1][0] + 1}" if lines else "line 1"
        raise MasyuError(f"the pzprv3 file ends early: expected the {head[len(lines)]}", where)
    (n1, magic), (n2, pid), (n3, rows_s), (n4, cols_s) = lines[:4]
    if not re.fullmatch(r"pzprv3(\.[0-9]+)?", magic):
        raise MasyuError("a pzprv3 file starts with the line 'pzprv3'", f"line {n1}")
    if pid.lower() not in URL_PIDS:
        raise MasyuError(f"not a Masyu file: the puzzle type must be one of {', '.join(URL_PIDS)}",
                         f"line {n2}")
    for n, s, what in ((n3, rows_s, "rows"), (n4, cols_s, "columns")):
        if not _PZPR_NUMBER.fullmatch(s):
            raise MasyuError(f"expected the number of {what}", f"line {n}")
    rows, cols = int(rows_s), int(cols_s)
    check_size(rows, cols, f"line {n3}")
    body = lines[4:]
    if len(body) < rows:
        raise MasyuError(f"expected {rows} rows of cells, found {len(body)}",
                         f"line {body[-1][0] + 1 if body else n4 + 1}")
    pearls: dict[tuple[int, int], str] = {}
    for r, (n, line) in enumerate(body[:rows]):
        tokens = _tokens(line)
        if len(tokens) != cols:
            raise MasyuError(f"expected {cols} cells, found {len(tokens)}", f"line {n}")
        for c, (col, tok) in enumerate(tokens):
            if tok == "-":
                raise MasyuError("a pearl of unknown colour ('-') cannot be solved",
                                 f"line {n}, column {col}")
            if tok not in _PZPR_CELLS:
                raise MasyuError(f"unknown cell {tok!r} (. empty, 1 white, 2 black)",
                                 f"line {n}, column {col}")
            if _PZPR_CELLS[tok]:
                pearls[(r, c)] = _PZPR_CELLS[tok]
    puzzle = Puzzle(rows, cols, pearls, name=name)
    rest = body[rows:]
    for k, (n, line) in enumerate(rest):
        if line.startswith(("info:", "history:", "http:", "https:", "__HISTORY__")):
            rest = rest[:k]
            break
    if not rest:
        return puzzle, None
    need = rows + rows - 1
    if len(rest) < need:
        raise MasyuError(f"the drawn loop needs {need} lines ({rows} of horizontal and "
                         f"{rows - 1} of vertical segments), found {len(rest)}",
                         f"line {rest[-1][0] + 1}")
    if len(rest) > need:
        raise MasyuError("unexpected line after the drawn loop", f"line {rest[need][0]}")
    return puzzle, Loop._from_segments(rest, rows, cols)


def write_pzprv3(puzzle: Puzzle, loop: "Loop | None" = None) -> str:
    """The pzprv3 file of the puzz.link player, with the loop drawn if given."""
    from .loop import Loop

    if loop is None:
        loop = Loop(puzzle.rows, puzzle.cols, ())
    elif (loop.rows, loop.cols) != (puzzle.rows, puzzle.cols):
        raise MasyuError(f"the loop is {loop.rows}x{loop.cols} but the puzzle is "
                         f"{puzzle.rows}x{puzzle.cols}")
    token = {".": ".", "W": "1", "B": "2"}
    lines = ["pzprv3", "mashu", str(puzzle.rows), str(puzzle.cols)]
    lines += ["".join(token[ch] + " " for ch in row) for row in puzzle.grid]
    lines += loop.to_pzprv3_segments()
    return "\n".join(lines) + "\n"
