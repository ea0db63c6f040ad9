"""Zen mode's puzzles: any size, with separate white and black pearl densities.

The generator (``masyu.generate_with_loop``) makes a puzzle with one solution
that deduction finishes without search, and its loop.  Zen then moves the
pearl counts toward the asked densities, using only pearls a loop admits
(``masyu.check`` says which cells of the loop a white or a black pearl would
be happy in):

- the loop: of up to ``LOOPS`` generator loops (fewer on large boards: a
  budget of ``LOOP_CELLS`` cells), the first that admits enough pearls of
  both kinds for the targets, else the one that admits the most of them; the
  generator's loops admit black pearls on 13-21 % of a 10x10 board, so when
  the black target is higher (above ``BLACK_FIRST``, or not met by them) up to
  ``BLACK_LOOPS`` loops shaped for black pearls are tried as well (a budget of
  ``BLACK_CELLS`` cells; :data:`masyu.generate.pearls.BLACK`: 30-32 % of a
  10x10 board's cells admit one in about half of them), repaired as the
  generator repairs its loops until deduction finishes the puzzle of every
  pearl they admit, but never below the black target (``full_loop``'s
  ``black_floor``: a repair that loses black pearls is undone), first when the
  target is high;
- every admitted pearl is added (more pearls never add a solution), so the
  puzzle starts as constrained as the loop allows;
- then pearls are removed, in a seeded order, each only if deduction without
  search still finishes the puzzle: first the kind whose target is the
  smaller share of what it has (a low white target is reached while the black
  pearls still hold the puzzle), then the other.

A density is a target, "as near as the loop allows": a loop admits only so
many pearls of each kind (black pearls: 30-32 % of a 10x10 board's cells, as
far as the shaped loops go; a 40 % black target stops there), and a puzzle
needs some pearls to have one solution.  The page shows the densities reached.
The result is checked once more at the end
(one solution, no search needed); if the check fails the generator's puzzle is
kept as it was.
"""
from __future__ import annotations

import random
from itertools import chain
from typing import Iterator

from ..check import check
from ..errors import MasyuError
from ..generate.generator import Generated, generate_with_loop
from ..generate.pearls import BLACK, full_loop
from ..loop import Loop
from ..puzzle import Puzzle
from ..daily import NO_GUESS_LEVEL, deduction_difficulty, solved_by_deduction

MIN_SIDE, MAX_SIDE = 4, 20     # zen boards (the generator's smallest; 20x20 takes ~2 s)
MAX_DENSITY = 1.0
REMOVALS = 400                 # pearls tried for removal at most (a count, never a time)
LOOPS = 16                     # generator loops tried for one zen puzzle at most
LOOP_CELLS = 1600              # ... and at most this many cells of them (20x20: 4 loops)
BLACK_LOOPS = 16               # loops shaped for black pearls, when those admit too few, at most
BLACK_CELLS = 1600             # ... and at most this many cells of them (20x20: 4 loops)
BLACK_FIRST = 0.2              # a black target above this share: those loops first


def admitted(loop: Loop, kind: str) -> list[tuple[int, int]]:
    """The cells of ``loop`` where a pearl of ``kind`` (``W`` or ``B``) would keep its rule."""
    cells = loop.cells()
    everywhere = Puzzle(loop.rows, loop.cols, {c: kind for c in cells})
    broken = {v.cell for v in check(everywhere, loop, weak=True)}
    return [c for c in cells if c not in broken]


def _black_loops(rows: int, cols: int, seed: int | str, black: int) -> Iterator[Generated]:
    """Up to ``BLACK_LOOPS`` loops shaped for black pearls (:data:`masyu.generate.pearls.
    BLACK`) whose admitted pearls deduction finishes, each as a Generated with every
    admitted pearl (a loop whose repairs ran out is skipped); their repairs keep at least
    ``black`` black pearls admitted, or as many as the shaped loop admitted if fewer."""
    for k in range(max(2, min(BLACK_LOOPS, BLACK_CELLS // (rows * cols)))):
        found = full_loop(rows, cols, random.Random(f"{seed}-black-{k}"), NO_GUESS_LEVEL, BLACK,
                          black_floor=black)
        if found is None:
            continue
        loop, pearls, _ = found
        puzzle = Puzzle(rows, cols, dict(pearls))
        difficulty = deduction_difficulty(puzzle)
        if difficulty is not None:
            yield Generated(puzzle, loop, difficulty, seed, k + 1)


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
    targets = {"W": round(white * rows * cols), "B": round(black * rows * cols)}
    best: tuple[int, Generated, dict[str, list[tuple[int, int]]]] | None = None
    plain: Iterator[Generated] = (
        generate_with_loop(rows, cols, seed=seed if k == 0 else f"{seed}-{k}")
        for k in range(max(2, min(LOOPS, LOOP_CELLS // (rows * cols)))))
    if targets["B"] > BLACK_FIRST * rows * cols:   # more than the generator's loops admit
        plain = chain(_black_loops(rows, cols, seed, targets["B"]), plain)
    for g in plain:
        room = {kind: admitted(g.loop, kind) for kind in "WB"}
        reach = sum(min(len(room[kind]), targets[kind]) for kind in "WB")
        if best is None or reach > best[0]:
            best = (reach, g, room)
        if reach == targets["W"] + targets["B"]:
            break
    assert best is not None
    if len(best[2]["B"]) < targets["B"] and targets["B"] <= BLACK_FIRST * rows * cols:
        for g in _black_loops(rows, cols, seed, targets["B"]):   # not tried yet: loops shaped for blacks
            room = {kind: admitted(g.loop, kind) for kind in "WB"}
            reach = sum(min(len(room[kind]), targets[kind]) for kind in "WB")
            if reach > best[0]:
                best = (reach, g, room)
            if len(room["B"]) >= targets["B"]:
                break
    _, g, room = best
    rng = random.Random(f"zen-{seed}")
    pearls = dict(g.puzzle.pearls)
    for kind in "WB":                    # every admitted pearl (never adds a solution)
        for cell in room[kind]:
            pearls.setdefault(cell, kind)
    have = {kind: sum(1 for k in pearls.values() if k == kind) for kind in "WB"}
    tries = 0
    for kind in sorted("WB", key=lambda k: targets[k] / max(1, have[k])):
        mine = [c for c, k in sorted(pearls.items()) if k == kind]
        rng.shuffle(mine)
        for cell in mine:
            if have[kind] <= targets[kind] or tries >= REMOVALS:
                break
            tries += 1
            del pearls[cell]
            if solved_by_deduction(Puzzle(rows, cols, pearls), g.loop):
                have[kind] -= 1
            else:
                pearls[cell] = kind
    name = f"zen-{rows}x{cols}-{seed}".replace(" ", "_")
    puzzle = Puzzle(rows, cols, pearls, name=name)
    difficulty = deduction_difficulty(puzzle)
    if difficulty is None:   # not expected: adding keeps deductions, removals were checked
        return Generated(Puzzle(rows, cols, g.puzzle.pearls, name=name), g.loop, g.difficulty,
                         seed, g.attempts)
    return Generated(puzzle, g.loop, difficulty, seed, g.attempts)
