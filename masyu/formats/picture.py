"""The text picture that ``masyu render`` and ``masyu solve`` print: a puzzle, and a loop on it.

One line a row, a cell every other column: ``○`` white, ``●`` black, ``·``
empty, or the shape of the loop in a cell it passes (``─ │ ┌ ┐ └ ┘``, the
half lines and tees of :data:`masyu.loop.SHAPES` for other edge sets); between
two cells ``─`` where the loop joins them, else a space.  Read as a puzzle,
the pearls are kept and the loop ignored.  Read as a loop, a pearl hides the
loop's shape in its cell: the joins beside it show its horizontal edges, the
shapes above and below its vertical ones, and an edge between two pearls one
above the other is the one that gives both a degree of 0 or 2 (it is unique,
read down the column).  Reading is linear in the text.
"""
from __future__ import annotations

from ..board import Edge, check_same_size, check_size
from ..errors import MasyuError
from ..loop import SHAPES, Loop
from ..puzzle import Puzzle
from .common import expect_text, first_line, no_gc

SUMMARY = "the text picture of masyu render: ○ ● · (a loop drawn over it or not)"
PEARL_TEXT = {"W": "○", "B": "●"}
PEARL_OF_TEXT = {"○": "W", "●": "B"}
EMPTY_TEXT = "·"
JOIN, GAP = "─", " "
CELL_TEXT = set(PEARL_OF_TEXT) | {EMPTY_TEXT} | (set(SHAPES) - {" "})
_CELL = {dirs: (ch if dirs else EMPTY_TEXT) for ch, dirs in SHAPES.items()}   # by directions


_DRAWN = frozenset(CELL_TEXT | {JOIN})


def detect(head: str) -> bool:
    """A puzzle picture: a pearl, an empty cell or a loop's shape in the head (no other
    puzzle format has any of them: a picture whose first rows are all loop is one too)."""
    return not _DRAWN.isdisjoint(head)


def detect_loop(head: str, cols: int | None = None, width: int | None = None) -> bool:
    """A loop picture: pearls drawn, or a first line shaped as a picture (cells
    at even columns, joins or gaps at odd ones) that is 2C - 1 wide when the size
    is given (``width``: the first line's), or holds an empty cell ``·`` when it
    is not (so that a box drawing stays one: it is C wide, with no joins)."""
    if "○" in head or "●" in head:
        return True
    line = first_line(head)
    if (width or len(line)) % 2 == 0 or not all(ch in (JOIN, GAP) for ch in line[1::2]) \
            or not all(ch in CELL_TEXT for ch in line[0::2]):
        return False
    if cols is not None and width is not None:
        return width == 2 * cols - 1
    return EMPTY_TEXT in line


def _lines(text: str) -> list[tuple[int, str]]:
    """The numbered lines of the picture: blank lines before and after dropped,
    trailing blanks of each line dropped."""
    lines = [(n, line.rstrip()) for n, line in enumerate(text.split("\n"), 1)]
    while lines and not lines[-1][1]:
        lines.pop()
    start = 0
    while start < len(lines) and not lines[start][1]:
        start += 1
    lines = lines[start:]
    if not lines:
        raise MasyuError("no picture: the text is empty")
    return lines


def _parse(text: str) -> tuple[list[tuple[int, str]], int, int]:
    """Check the shape of every line; return the lines, rows and columns."""
    lines = _lines(text)
    width = len(lines[0][1])
    for number, line in lines:
        if not line:
            raise MasyuError("a blank line inside the picture", f"line {number}")
        if len(line) != width:
            raise MasyuError(f"ragged rows: this row is {len(line)} characters wide, the first "
                             f"{width}", f"line {number}")
        for k, ch in enumerate(line):
            if k % 2 == 0:
                if ch not in CELL_TEXT:
                    raise MasyuError(f"{ch!r} is not a cell of the picture (○ ● · or a loop "
                                     "shape)", f"line {number}, column {k + 1}")
            elif ch not in (JOIN, GAP):
                raise MasyuError(f"{ch!r} between two cells: expected '─' or a space",
                                 f"line {number}, column {k + 1}")
    if width % 2 == 0:
        raise MasyuError(f"a picture row has an odd width (2 x columns - 1), not {width}",
                         f"line {lines[0][0]}")
    rows, cols = len(lines), (width + 1) // 2
    check_size(rows, cols, f"line {lines[0][0]}")
    return lines, rows, cols


def read(text: str, name: str | None = None) -> Puzzle:
    """The puzzle of a picture: its pearls (a loop drawn over it is ignored)."""
    expect_text(text, "text")
    lines, rows, cols = _parse(text)
    pearls = {(r, k // 2): PEARL_OF_TEXT[ch] for r, (_, line) in enumerate(lines)
              for k, ch in enumerate(line) if ch in PEARL_OF_TEXT}
    return Puzzle(rows, cols, pearls, name=name)


def read_loop(text: str, rows: int | None = None, cols: int | None = None) -> Loop:
    """The loop drawn in a picture (see the module's text for the cells of pearls)."""
    with no_gc():
        return _read_loop(text, rows, cols)


def _read_loop(text: str, rows: int | None, cols: int | None) -> Loop:
    expect_text(text)
    lines, nrows, ncols = _parse(text)
    if (rows is not None and rows != nrows) or (cols is not None and cols != ncols):
        raise MasyuError(f"the picture is {nrows}x{ncols}, expected {rows}x{cols}",
                         f"line {lines[0][0]}")
    rows, cols = nrows, ncols
    arms: list[list[str | None]] = []   # per cell: its directions, None for a pearl
    joined: list[str] = []               # per row: the characters between cells
    for _, line in lines:
        arms.append([None if ch in PEARL_OF_TEXT else SHAPES.get(ch, "") for ch in line[0::2]])
        joined.append(line[1::2])
    edges: list[Edge] = []

    def where(r: int, c: int) -> str:
        return f"line {lines[r][0]}, column {2 * c + 1}"

    for r in range(rows):
        row = arms[r]
        for c in range(cols):
            ds = row[c]
            if ds is None:
                continue
            if "W" in ds and c == 0:
                edges.append(((r, -1), (r, 0)))
            if "E" in ds and c == cols - 1:
                edges.append(((r, c), (r, c + 1)))
            if "N" in ds and r == 0:
                edges.append(((-1, c), (0, c)))
            if "S" in ds and r == rows - 1:
                edges.append(((r, c), (r + 1, c)))
        for c in range(cols - 1):
            join = joined[r][c] == JOIN
            left, right = row[c], row[c + 1]
            if left is not None and ("E" in left) != join:
                raise MasyuError(f"the cell's shape {'points' if 'E' in left else 'does not point'}"
                                 f" east, but the join beside it says otherwise", where(r, c))
            if right is not None and ("W" in right) != join:
                raise MasyuError(f"the cell's shape {'points' if 'W' in right else 'does not point'}"
                                 f" west, but the join beside it says otherwise", where(r, c + 1))
            if join:
                edges.append(((r, c), (r, c + 1)))
    for c in range(cols):
        edges += _column(arms, joined, rows, cols, c, where)
    return Loop.unchecked(rows, cols, edges)


def _column(arms, joined, rows: int, cols: int, c: int, where) -> list[Edge]:
    """The vertical edges of column ``c``, pearls' hidden ones decided top-down."""
    out: list[Edge] = []
    above = 0            # the edge into this cell from above (0 on the top row)
    guessed = False      # whether that edge was decided for the pearl above
    for r in range(rows):
        ds = arms[r][c]
        below_ds = arms[r + 1][c] if r + 1 < rows else ""
        if ds is not None:   # a shape: it shows its own arms
            down = "S" in ds
            if r + 1 < rows and below_ds is not None and ("N" in below_ds) != down:
                raise MasyuError("this shape and the one below it disagree about the edge "
                                 "between them", where(r, c))
            guessed = False
        else:                # a pearl: the joins beside it, the edge above, the cell below
            side = (c > 0 and joined[r][c - 1] == JOIN) + (c + 1 < cols and joined[r][c] == JOIN)
            if below_ds is None:   # another pearl below: the edge that makes a degree 0 or 2
                down = side + above == 1
                guessed = True
            else:
                down = r + 1 < rows and "N" in below_ds
                if guessed and (side + above + down) % 2:
                    raise MasyuError("the picture does not show how the loop passes the pearls "
                                     "of this column; give the loop as a box drawing or JSON",
                                     where(r, c))
                guessed = False
        if down and r + 1 < rows:
            out.append(((r, c), (r + 1, c)))
        above = int(down)
    return out


def write(puzzle: Puzzle, loop: Loop | None = None) -> str:
    """The picture, one line a row, each ending in a newline (linear in the board)."""
    if loop is not None:
        check_same_size(loop, puzzle)
    pearls = puzzle.pearl_map
    rows, cols = puzzle.rows, puzzle.cols
    if loop is None:
        return "".join(" ".join(PEARL_TEXT[pearls[(r, c)]] if (r, c) in pearls else EMPTY_TEXT
                                for c in range(cols)) + "\n" for r in range(rows))
    out: list[str] = []
    directions = loop.directions
    for r in range(rows):
        parts: list[str] = []
        for c in range(cols):
            kind = pearls.get((r, c))
            ds = directions((r, c))
            parts.append(PEARL_TEXT[kind] if kind is not None else _CELL[ds])
            parts.append(JOIN if "E" in ds else GAP)
        parts[-1] = "\n"   # no join after the last cell (an edge off the board shows in its shape)
        out.append("".join(parts))
    return "".join(out)
