"""The rules of the sweep of plugs (masyu.plugs), each once: a plug's 3 bits,
the board as swept, the shapes each cell may take (arc consistency over the
pearls' rules), and every level's moves, which both twins apply.  The proof:
docs/plugs.md."""
from __future__ import annotations

import functools
import itertools
from typing import Callable

from ..puzzle import Puzzle

EMPTY, OPEN, CLOSE = 0, 1, 2           # a plug's end of a path
NONE, STRAIGHT, TURN = 0, 1, 2         # its flag into a plain cell (into a pearl: 1 straight)
PLAIN, WHITE, BLACK = 0, 1, 2          # a cell
KINDS = {"W": WHITE, "B": BLACK}


def code(end: int, flag: int) -> int:
    """A plug's 3 bits: 0 for no edge, else 1 + 3 (end - 1) + flag."""
    return 0 if end == EMPTY else 1 + 3 * (end - 1) + flag


END = (EMPTY, OPEN, OPEN, OPEN, CLOSE, CLOSE, CLOSE, EMPTY)
FLAG = (0, 0, 1, 2, 0, 1, 2, 0)

# The shapes a cell may take: (east, south) given (west, north) in, degree 0 or 2.
SHAPES = {(w, n): [(e, s) for e in (0, 1) for s in (0, 1) if w + n + e + s in (0, 2)]
          for w in (0, 1) for n in (0, 1)}


class Board:
    """The swept board: ``H`` rows of ``W`` cells (``W <= H``), each PLAIN,
    WHITE or BLACK, and the last level holding a pearl (-1: none)."""

    def __init__(self, puzzle: Puzzle) -> None:
        turn = puzzle.cols > puzzle.rows
        self.H, self.W = (puzzle.cols, puzzle.rows) if turn else (puzzle.rows, puzzle.cols)
        self.kinds = [[PLAIN] * self.W for _ in range(self.H)]
        for (r, c), kind in puzzle.pearls:
            if turn:
                r, c = c, r
            self.kinds[r][c] = KINDS[kind]
        self.shapes = shapes(self) if puzzle.pearls else [[ALL] * self.W] * self.H
        self.last_pearl = max((r * self.W + c for r in range(self.H) for c in range(self.W)
                               if self.kinds[r][c]), default=-1)

    def kind(self, r: int, c: int) -> int:
        """The kind of cell (r, c), PLAIN off the board."""
        return self.kinds[r][c] if r < self.H and c < self.W else PLAIN

    def flat(self) -> list[int]:
        """The kinds row by row (the compiled twin's input)."""
        return [k for row in self.kinds for k in row]


# A cell's shape as a mask of its edges, and the shapes a cell may take.
N_, E_, S_, W_ = 1, 2, 4, 8
SHAPE_MASKS = (0, N_ | S_, E_ | W_, N_ | E_, N_ | W_, S_ | E_, S_ | W_)
ALL = frozenset(SHAPE_MASKS)
STEP = {N_: (-1, 0), E_: (0, 1), S_: (1, 0), W_: (0, -1)}
BACK = {N_: S_, E_: W_, S_: N_, W_: E_}


def shapes(board: Board) -> list[list[frozenset[int]]]:
    """The shapes each cell may take in some weak solution, as far as the
    rules of each pearl and its neighbours tell (arc consistency): both ends
    of an edge agree, no edge leaves the board, a white pearl goes straight
    and not with both neighbours on its line straight too, a black pearl
    turns and each neighbour its arms enter is straight along the arm.  What
    is removed is in no weak solution, hence in no strong one: the sweep
    leaves those shapes out (docs/plugs.md)."""
    H, W = board.H, board.W
    dom = [[{m for m in SHAPE_MASKS
             if all(0 <= r + STEP[d][0] < H and 0 <= c + STEP[d][1] < W for d in STEP if m & d)}
            for c in range(W)] for r in range(H)]
    # a constraint: its cells, and what they must satisfy; an int d for the two cells of
    # an edge (the first's side d, the second's side BACK[d]: both have it or neither)
    cons: list[tuple[tuple[tuple[int, int], ...], Callable[..., bool] | int]] = []
    for r in range(H):
        for c in range(W):
            if c + 1 < W:
                cons.append((((r, c), (r, c + 1)), E_))
            if r + 1 < H:
                cons.append((((r, c), (r + 1, c)), S_))
            kind = board.kinds[r][c]
            if kind == WHITE:
                dom[r][c] &= {N_ | S_, E_ | W_}
                for line in (E_ | W_, N_ | S_):
                    ends = [(r + STEP[d][0], c + STEP[d][1]) for d in STEP if line & d]
                    if all(0 <= y < H and 0 <= x < W for y, x in ends):
                        cons.append((((r, c), *ends),
                                     lambda m, a, b, line=line: m != line or a != line or b != line))
            elif kind == BLACK:
                dom[r][c] &= {N_ | E_, N_ | W_, S_ | E_, S_ | W_}
                for d in STEP:
                    y, x = r + STEP[d][0], c + STEP[d][1]
                    if 0 <= y < H and 0 <= x < W:
                        cons.append((((r, c), (y, x)),
                                     lambda m, a, d=d: not m & d or a == d | BACK[d]))
    watch: dict[tuple[int, int], list[int]] = {}
    for i, (scope, _) in enumerate(cons):
        for cell in scope:
            watch.setdefault(cell, []).append(i)
    queue, queued = list(range(len(cons))), set(range(len(cons)))
    while queue:
        i = queue.pop()
        queued.discard(i)
        scope, ok = cons[i]
        doms = [dom[y][x] for y, x in scope]
        for j, (y, x) in enumerate(scope):
            if isinstance(ok, int):   # an edge (most constraints): the sides the other may have
                mine, theirs = (ok, BACK[ok]) if j == 0 else (BACK[ok], ok)
                seen = {bool(m & theirs) for m in doms[1 - j]}
                keep = {m for m in doms[j] if bool(m & mine) in seen}
            else:
                others = doms[:j] + doms[j + 1:]
                keep = {m for m in doms[j] if any(ok(*rest[:j], m, *rest[j:])
                                                  for rest in itertools.product(*others))}
            if keep != doms[j]:
                dom[y][x] = doms[j] = keep
                for k in watch[(y, x)]:
                    if k not in queued:
                        queued.add(k)
                        queue.append(k)
    return [[frozenset(d) for d in row] for row in dom]


def sides(puzzle: Puzzle) -> list[Puzzle]:
    """The board seen from each side a sweep may start at, along its long side:
    from the top and from the bottom; a square board also from the left and the
    right (turned).  Where the sweep starts can change its widest layer a
    hundredfold (docs/plugs.md, "Where the sweep starts")."""
    R, C = puzzle.rows, puzzle.cols
    tall = [((r, c) if R >= C else (c, r), k) for (r, c), k in puzzle.pearls]
    H, W = max(R, C), min(R, C)

    def seen(pearls, h, w, flip):
        return Puzzle(h, w, [((h - 1 - r if flip else r, c), k) for (r, c), k in pearls])

    out = [seen(tall, H, W, False), seen(tall, H, W, True)]
    if H == W and puzzle.pearls:
        turned = [((c, r), k) for (r, c), k in tall]
        out += [seen(turned, H, W, False), seen(turned, H, W, True)]
    return out if puzzle.pearls else out[:1]   # an empty board looks the same from every side


def cell_rule(kind: int, w: int, n: int, e: int, s: int, lflag: int, uflag: int):
    """The demands (east, south) a cell of ``kind`` with edges w, n, e, s and
    incoming flags leaves on the plugs it sends, or None if the rules forbid
    the shape: a pearl is on the loop; a white pearl goes straight, and turns
    on one side at least; a black pearl turns, and goes straight on through
    the next cell of each arm; a plain cell obeys the flags it receives."""
    straight = (w and e) or (n and s)
    if kind == PLAIN:
        if w and ((lflag == STRAIGHT and not e) or (lflag == TURN and e)):
            return None
        if n and ((uflag == STRAIGHT and not s) or (uflag == TURN and s)):
            return None
        return NONE, NONE
    if w + n + e + s == 0:
        return None
    if kind == WHITE:
        if not straight:
            return None
        if w and e:
            return (TURN if lflag else NONE), NONE
        return NONE, (TURN if uflag else NONE)
    if straight:
        return None
    return (STRAIGHT if e else NONE), (STRAIGHT if s else NONE)


def sent_flag(target: int, demand: int, straight: bool) -> int | None:
    """The flag of a plug into a cell of kind ``target`` carrying ``demand``
    from a cell that is ``straight`` or not; None if the target cannot meet it
    (a white pearl cannot turn; a black one cannot go straight, and its arm
    goes straight through the cell before it, so that a plug into it from a
    cell that turns is dead at once, not when it arrives)."""
    if target == PLAIN:
        return demand
    if target == WHITE:
        return None if demand == TURN else int(straight)
    return 0 if straight and demand != STRAIGHT else None   # a black pearl's arm: straight before


JOIN, FLIP_RIGHT, FLIP_LEFT, CLOSE_LOOP = 0, 1, 2, 3   # what a move does beyond its two plugs


def moves(board: Board, weak: bool, k: int) -> list[list[tuple[int, int, int]]]:
    """The moves of level ``k`` (cell ``(r, c)``): for each pair of plugs
    (left, up) = ``(lv, uv)`` at index ``7 lv + uv``, the list of ``(down,
    right, op)``: the plugs the cell leaves at positions c and c+1 and what
    else happens (``JOIN``: nothing; ``FLIP_RIGHT``/``FLIP_LEFT``: two paths
    joined, the far end of the one at c+1 / c turned; ``CLOSE_LOOP``: a strong
    loop closes, which counts if no other plug is left).  Every rule of the
    sweep is here, read by both twins."""
    W, H = board.W, board.H
    r, c = divmod(k, W)
    return _moves(board.kinds[r][c], board.kind(r, c + 1), board.kind(r + 1, c),
                  c < W - 1, r < H - 1, k >= board.last_pearl, weak, board.shapes[r][c])


@functools.lru_cache(maxsize=None)
def _moves(kind: int, east: int, south: int, can_e: bool, can_s: bool, closes: bool,
           weak: bool, allowed: frozenset[int]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    pair = OPEN if weak else CLOSE     # weak: every end alike (its path's other end unasked)
    table = []
    for lv in range(7):
        for uv in range(7):
            le, ue = END[lv], END[uv]
            w, n = int(le != EMPTY), int(ue != EMPTY)
            out = []
            for e, s in SHAPES[w, n]:
                if (e and not can_e) or (s and not can_s):
                    continue
                if (n * N_ | e * E_ | s * S_ | w * W_) not in allowed:
                    continue
                demand = cell_rule(kind, w, n, e, s, FLAG[lv], FLAG[uv])
                if demand is None:
                    continue
                straight = bool((w and e) or (n and s))
                fe = sent_flag(east, demand[0], straight) if e else 0
                fs = sent_flag(south, demand[1], straight) if s else 0
                if fe is None or fs is None:
                    continue
                if not (w or n):
                    out.append((code(OPEN, fs), code(pair, fe), JOIN) if e else (0, 0, JOIN))
                elif e or s:
                    end = le if w else ue
                    out.append((code(end, fs), 0, JOIN) if s else (0, code(end, fe), JOIN))
                elif weak or le == CLOSE and ue == OPEN:
                    out.append((0, 0, JOIN))
                elif le == OPEN and ue == CLOSE:   # the two ends of one path: a loop
                    if closes:                     # with no pearl left after it
                        out.append((0, 0, CLOSE_LOOP))
                else:                              # two paths joined: the far end turns
                    out.append((0, 0, FLIP_RIGHT if le == OPEN else FLIP_LEFT))
            table.append(tuple(out))
    return tuple(table)


def packed_moves(board: Board, weak: bool) -> bytes:
    """Every level's :func:`moves` as the compiled twin reads them: per level
    and pair, the number of moves, then ``(down, right, op)`` three times."""
    return b"".join(_packed(moves(board, weak, k)) for k in range(board.H * board.W))


@functools.lru_cache(maxsize=None)
def _packed(table: tuple[tuple[tuple[int, int, int], ...], ...]) -> bytes:
    """One level's table packed (the levels share a few tables: each is packed once)."""
    out = bytearray()
    for entry in table:
        row = [len(entry)] + [x for move in entry for x in move]
        out += bytes(row + [0] * (10 - len(row)))
    return bytes(out)
