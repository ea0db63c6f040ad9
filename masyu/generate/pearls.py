"""The pearls of a generated puzzle: a loop whose admitted pearls deduction can finish,
then their removal while the puzzle stays solvable at the requested level."""
from __future__ import annotations

import random
from typing import Sequence

from ..board import Board, Cell, board
from ..deduce import analyze_kinds
from ..loop import Loop
from ..puzzle import Puzzle
from ..solving import is_unique
from .loops import admitted_pearls, faces_loop, grow_faces, improve_loop

REPAIRS = 60          # local reshapes of a loop before a new loop
REPAIR_RADIUS = 3     # a reshape toggles faces within this distance of an open edge
REPAIR_STEPS = 400    # face toggles tried in one reshape
REPAIR_KICK = 4       # toggles a reshape takes whatever they score
STEPS_PER_FACE = 30   # face toggles tried per face when shaping a new loop
NODE_LIMIT = 20_000   # search nodes for one uniqueness question before asking xcc


class Judge:
    """Answers "does this pearl set keep the known loop as the one solution, at this level?"."""

    def __init__(self, bd: Board, known: list[int], level: int) -> None:
        self.bd, self.known, self.level = bd, known, level
        self.checks = 0

    def accepts(self, kinds: Sequence[int], level: int | None = None) -> bool:
        level = self.level if level is None else level
        self.checks += 1
        res = analyze_kinds(self.bd, kinds, known=self.known, max_level=level, limit=2,
                            node_limit=NODE_LIMIT, probe_nodes=False)
        if res.complete:
            return res.count == 1
        if level < 3:
            return False
        return xcc_unique(self.bd, kinds)


def xcc_unique(bd: Board, kinds: Sequence[int]) -> bool:
    """The project's exact cover search, for the rare question the deduction search leaves open."""
    return is_unique(Puzzle(bd.rows, bd.cols, bd.pearls(kinds)))


def full_loop(rows: int, cols: int, rng: random.Random, level: int,
              ) -> tuple[Loop, list[tuple[Cell, str]], int] | None:
    """A loop whose admitted pearls make a puzzle that deduction at ``level`` (at most 2)
    solves, with those pearls and the number of repairs; None if repairs run out.

    Where deduction stops short (an ambiguity, or just a knot it cannot undo),
    the loop is reshaped in a small window around an edge it left open.
    """
    bd = board(rows, cols)
    inside = grow_faces(rows, cols, rng)
    improve_loop(rows, cols, inside, rng, steps=STEPS_PER_FACE * (rows - 1) * (cols - 1))
    for repair in range(REPAIRS + 1):
        loop = faces_loop(rows, cols, inside)
        pearls = admitted_pearls(loop)
        res = analyze_kinds(bd, bd.kinds(pearls), known=bd.values(loop.edges), max_level=level)
        if res.complete and res.count == 1:
            return loop, pearls, repair
        if not res.undecided:
            return None
        a, b = bd.ends[res.undecided[rng.randrange(len(res.undecided))]]
        r, c = a // cols, a % cols
        improve_loop(rows, cols, inside, rng, steps=REPAIR_STEPS, kick=REPAIR_KICK,
                     temperature=0.3, window=(r - REPAIR_RADIUS, r + REPAIR_RADIUS,
                             c - REPAIR_RADIUS, c + REPAIR_RADIUS))
    return None


def remove(kinds: list[int], order: Sequence[int], judge: Judge, level: int,
           floor: int) -> list[int]:
    """Remove the pearls at cells ``order``, one by one, each if ``judge`` still accepts.

    Stops when only ``floor`` pearls are left.  Returns the cells removed, in order.
    (Trying batches first does not pay: near the end almost every removal is
    refused, and a refused batch costs more checks than it saves.)
    """
    removed: list[int] = []
    left = sum(1 for k in kinds if k)
    for i in order:
        if left <= floor:
            break
        if not kinds[i]:
            continue
        saved, kinds[i] = kinds[i], 0
        if judge.accepts(kinds, level):
            removed.append(i)
            left -= 1
        else:
            kinds[i] = saved
    return removed
