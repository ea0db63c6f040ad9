"""The readable twin of the sweep of plugs (masyu.plugs): the layer as a dict,
the moves of masyu.plugs.rules applied one level at a time.  The compiled twin
(masyu/csrc/plugs.c) is held to the same states at every level by the tests."""
from __future__ import annotations

import xcc

from ..puzzle import Puzzle
from .rules import CLOSE, CLOSE_LOOP, EMPTY, END, FLAG, FLIP_RIGHT, JOIN, OPEN, Board, code, moves

BYTES_PER_STATE = 48   # the twin's charge per state: key, count, table (as the C holds them)


def partner(key: int, p: int, W: int) -> int:
    """The position of the other end of the path whose end is at ``p``."""
    step = 1 if END[(key >> 3 * p) & 7] == OPEN else -1
    depth, q = 0, p + step
    while 0 <= q <= W:
        end = END[(key >> 3 * q) & 7]
        if end != EMPTY:
            if (end == OPEN) == (step == 1):
                depth += 1
            elif depth == 0:
                return q
            else:
                depth -= 1
        q += step
    raise AssertionError("an unmatched plug")


def flip(key: int, q: int) -> int:
    """``key`` with the plug at ``q`` turned to the other end, its flag kept."""
    v = (key >> 3 * q) & 7
    return (key & ~(7 << 3 * q)) | (code(OPEN if END[v] == CLOSE else CLOSE, FLAG[v]) << 3 * q)


class Plugs:
    """The readable twin: the layer as a dict from key to count, one cell a
    :meth:`step` by the level's :func:`moves`; ``states`` (summed over the
    layers, the first included) and ``width`` (the largest) as the compiled
    twin counts them."""

    dropped = False   # set by masyu.plugs.race: past its share of the memory limit

    def __init__(self, puzzle: Puzzle, weak: bool) -> None:
        self.board = Board(puzzle)
        self.W = self.board.W
        self.weak = weak
        self.levels = self.board.H * self.board.W
        self.level = 0
        self.layer: dict[int, int] = {0: 1}
        self.closed = 0          # strong: the loops completed
        self.states = 1
        self.width = 1

    def step(self) -> None:
        """Sweep one cell."""
        W, k = self.board.W, self.level
        c = k % W
        table = moves(self.board, self.weak, k)
        shift = 3 * c
        mask = (1 << 3 * (W + 1)) - 1
        out: dict[int, int] = {}
        closed = 0
        for key, n in self.layer.items():
            base = key & ~(63 << shift)
            for down, right, op in table[7 * ((key >> shift) & 7) + ((key >> shift + 3) & 7)]:
                child = base | down << shift | right << shift + 3
                if op == CLOSE_LOOP:
                    if base == 0:
                        closed += n
                    continue
                if op != JOIN:
                    child = flip(child, partner(key, c + (op == FLIP_RIGHT), W))
                if c == W - 1:
                    child = (child << 3) & mask
                out[child] = out.get(child, 0) + n
        with xcc.textio.held_interrupt():   # the level moves on whole, or not at all (a kept state)
            self.layer, self.closed = out, self.closed + closed
            self.level += 1
            self.states += len(out)
            self.width = max(self.width, len(out))

    def total(self) -> int:
        """The count, once every cell is swept."""
        return self.layer.get(0, 0) if self.weak else self.closed

    def state(self) -> dict:
        """The layer and counters to keep (masyu.plugs.keep: the format both twins
        share): keys of 16 bytes, counts of ``words`` words, little-endian."""
        words = max(1, (max(self.layer.values(), default=0).bit_length() + 63) // 64)
        return {"level": self.level, "states": self.states, "width": self.width,
                "closed": self.closed, "words": words,
                "keys": b"".join(k.to_bytes(16, "little") for k in self.layer),
                "counts": b"".join(n.to_bytes(8 * words, "little") for n in self.layer.values())}

    def restore(self, state: dict) -> None:
        """Go on from a kept ``state`` (ValueError if it does not fit this board)."""
        keys, counts, size = state["keys"], state["counts"], 8 * state["words"]
        layer = {int.from_bytes(keys[16 * i:16 * i + 16], "little"):
                 int.from_bytes(counts[size * i:size * i + size], "little")
                 for i in range(len(keys) // 16)}
        if not 0 <= state["level"] <= self.levels or \
                any(k >> 3 * (self.board.W + 1) for k in layer):
            raise ValueError("the layer does not fit the sweep")
        self.layer, self.level, self.closed = layer, state["level"], state["closed"]
        self.states, self.width = state["states"], state["width"]

    def counters(self) -> dict[str, int]:
        return {"levels": self.levels, "level": self.level, "states": self.states,
                "width": self.width, "bytes": BYTES_PER_STATE * len(self.layer),
                "peak_bytes": BYTES_PER_STATE * self.width, "layer": len(self.layer)}
