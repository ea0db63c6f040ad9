"""Zen mode's puzzles: any size, with separate white and black pearl densities.

The generator (``masyu.generate_with_loop``) makes a puzzle with one solution
that deduction finishes without search, and its loop.  Zen then moves the
pearl counts toward the asked densities, using only pearls that loop admits
(``masyu.check`` says which cells of the loop a white or a black pearl would
be happy in):

- a colour below its target gets pearls added, in a seeded order: more pearls
  never add a solution;
- a colour above its target loses pearls, in a seeded order, each only if
  deduction without search still finishes the puzzle.

A density is a target, "as near as the loop allows": a loop admits only so
many pearls of each kind, and a puzzle needs some pearls to have one
solution.  The result is checked once more at the end (one solution, no
search needed); if the check fails the generator's puzzle is kept as it was.
"""
from __future__ import annotations

import random

from ..check import check
from ..errors import MasyuError
from ..generate.generator import Generated, generate_with_loop
from ..loop import Loop
from ..puzzle import Puzzle
from ..daily import deduction_difficulty, solved_by_deduction

MIN_SIDE, MAX_SIDE = 4, 20     # zen boards (the generator's smallest; 20x20 takes ~2 s)
MAX_DENSITY = 1.0
REMOVALS = 400                 # pearls tried for removal at most (a count, never a time)


def admitted(loop: Loop, kind: str) -> list[tuple[int, int]]:
    """The cells of ``loop`` where a pearl of ``kind`` (``W`` or ``B``) would keep its rule."""
    cells = loop.cells()
    everywhere = Puzzle(loop.rows, loop.cols, {c: kind for c in cells})
    broken = {v.cell for v in check(everywhere, loop, weak=True)}
    return [c for c in cells if c not in broken]


def validate(rows: object, cols: object, white: object, black: object) -> None:
    """MasyuError, naming the argument, unless a zen board of this size and density can be made."""
    for name, side in (("rows", rows), ("cols", cols)):
        if not isinstance(side, int) or isinstance(side, bool) or not MIN_SIDE <= side <= MAX_SIDE:
            raise MasyuError(f"zen boards have {MIN_SIDE} to {MAX_SIDE} {name}, not {side!r}",
                             name)
    for name, value in (("white", white), ("black", black)):
        if not isinstance(value, (int, float)) or isinstance(value, bool) \
                or not 0 <= value <= MAX_DENSITY:
            raise MasyuError(f"a pearl density is a fraction of the cells from 0 to "
                             f"{MAX_DENSITY:g}, not {value!r}", name)


def zen(rows: int, cols: int, *, white: float, black: float, seed: int | str) -> Generated:
    """A puzzle with one solution, no search needed, and about ``white`` and ``black``
    (fractions of the cells) pearls of each kind; the same arguments give the same puzzle."""
    validate(rows, cols, white, black)
    g = generate_with_loop(rows, cols, seed=seed)
    rng = random.Random(f"zen-{seed}")
    pearls = dict(g.puzzle.pearls)
    # Add where a colour is short (never adds a solution), then remove where it is over.
    targets = {"W": round(white * rows * cols), "B": round(black * rows * cols)}
    for kind in ("W", "B"):
        free = [c for c in admitted(g.loop, kind) if c not in pearls]
        rng.shuffle(free)
        have = sum(1 for k in pearls.values() if k == kind)
        for cell in free[:max(0, targets[kind] - have)]:
            pearls[cell] = kind
    tries = 0
    for kind in ("W", "B"):
        mine = [c for c, k in sorted(pearls.items()) if k == kind]
        rng.shuffle(mine)
        over = len(mine) - targets[kind]
        for cell in mine:
            if over <= 0 or tries >= REMOVALS:
                break
            tries += 1
            del pearls[cell]
            if solved_by_deduction(Puzzle(rows, cols, pearls), g.loop):
                over -= 1
            else:
                pearls[cell] = kind
    name = f"zen-{rows}x{cols}-{seed}".replace(" ", "_")
    puzzle = Puzzle(rows, cols, pearls, name=name)
    difficulty = deduction_difficulty(puzzle)
    if difficulty is None:   # not expected: adding keeps deductions, removals were checked
        return Generated(Puzzle(rows, cols, g.puzzle.pearls, name=name), g.loop, g.difficulty,
                         seed, g.attempts)
    return Generated(puzzle, g.loop, difficulty, seed, g.attempts)
