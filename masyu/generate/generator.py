"""Generate Masyu puzzles with exactly one strong solution, reproducible from a seed.

The method:

1. grow a random loop that fills the board and admits many pearls
   (:mod:`.loops`);
2. put every pearl the loop admits; where deduction cannot finish that
   puzzle (an ambiguity, or a knot it cannot undo), reshape the loop in a
   small window around an edge it left open, and try again;
3. remove pearls (:mod:`.pearls`) in a seeded random order while the puzzle stays solvable at
   the requested level (by :mod:`masyu.deduce`): local rules only (easy),
   with probing (medium), or at all, by search (hard, and ``minimal``): the
   bands of ``DIFFICULTIES`` (:mod:`.bands`).

Every accepted puzzle has exactly one strong solution: deduction is sound, so
a puzzle it solves to the end has no other solution, and the search counts to
two.  One pass of removals is enough for a minimal puzzle: a puzzle with
fewer pearls has at least the solutions of one with more, so a pearl that
could not go once can never go later.

Every random choice comes from one ``random.Random(seed)`` and every cut-off
is a count of steps or nodes, never a time: a seed gives the same puzzle on
every machine and run.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from ..board import PEARL_CODE, board, check_size
from ..deduce import analyze_kinds
from ..errors import MasyuError
from ..loop import Loop
from ..puzzle import Puzzle
from .bands import DEFAULT_LEVEL, DIFFICULTIES, Difficulty, measure
from .loops import faces_loop, faces_pearls
from .pearls import REPAIRS, REPAIRS_PER_CELL, Budget, Judge, full_loop, remove
from .symmetry import (DEFAULT_SYMMETRY, SYMMETRIES, grow_symmetric, orbits, remove_orbits,
                       reshape)

MAX_ATTEMPTS = 40     # loops tried before giving up on a band


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with its one solution and how hard it is."""

    puzzle: Puzzle
    loop: Loop
    difficulty: Difficulty
    seed: int | str
    attempts: int  # loops grown to get it
    steps: int = 0  # the steps it took (see --budget: questions asked, loops grown)

    def header(self) -> str:
        """The collection header line (without ``# ``)."""
        d = self.difficulty
        seed = str(self.seed)
        if not seed or any(ch.isspace() for ch in seed):
            seed = repr(seed).replace(" ", "\\x20")
        return (f"{self.puzzle.name} source=masyu-generate size={self.puzzle.rows}x"
                f"{self.puzzle.cols} seed={seed} difficulty={d.band} score={d.score} "
                f"pearls={len(self.puzzle.pearls)}")


def _seed_text(seed: int | str) -> str:
    return "".join("_" if ch.isspace() else ch for ch in str(seed)) or "_"


def generate_with_loop(rows: int, cols: int, *, seed: int | str, difficulty: str | None = None,
                       density: float | None = None, minimal: bool = False,
                       max_attempts: int = MAX_ATTEMPTS, use_oracle: bool = True,
                       budget: int | None = None,
                       on_progress: Callable[[Budget], None] | None = None,
                       symmetry: str = DEFAULT_SYMMETRY) -> Generated:
    """A puzzle with exactly one strong solution, with that solution and its difficulty.

    ``difficulty`` asks for a band (``easy``, ``medium`` or ``hard``; None:
    any, the puzzle solvable by deduction without search unless ``minimal``).
    ``density`` asks for that fraction of the cells to hold pearls (as near
    as the loop allows); without it pearls are removed as long as the puzzle
    stays solvable.  ``minimal`` keeps removing, by search, until no pearl
    can go.  The same arguments give the same puzzle everywhere; with python-sat
    the uniqueness oracle (``use_oracle``) saves deductions without changing a
    decision, so the puzzle is the same without it.

    ``budget`` bounds the steps (:class:`~.pearls.Budget`: questions asked, loops
    grown and reshaped; counted, never timed, so the same seed and budget give the
    same puzzle): when it is spent the pearls left stay (the puzzle is still unique,
    with more pearls), and if that puzzle is not of the band asked for, the run
    stops with an error that says so.  ``on_progress(budget)`` is called as steps
    are spent: candidates (loops) tried, steps, pearls left, the last score.

    ``symmetry`` (``SYMMETRIES``: ``none``, ``rotational``, ``mirror``) asks for a
    symmetric pearl layout (:mod:`.symmetry`): the loop is grown symmetric and pearls
    go an orbit at a time, each removal asked of the same judge (so the puzzle is
    unique); ``density`` is then met as near as whole orbits allow.
    """
    if all(isinstance(x, int) and not isinstance(x, bool) for x in (rows, cols)) \
            and (rows < 4 or cols < 4):
        raise MasyuError(f"board {rows}x{cols} is too small to generate (at least 4x4)")
    check_size(rows, cols)  # the size limits of every puzzle
    if difficulty is not None and (not isinstance(difficulty, str)
                                   or difficulty not in DIFFICULTIES):
        raise MasyuError(f"unknown difficulty {difficulty!r} (use {', '.join(DIFFICULTIES)})")
    if density is not None and not (isinstance(density, (int, float)) and 0 < density <= 1):
        raise MasyuError(f"density must be a fraction of the cells in (0, 1], not {density!r}")
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise MasyuError(f"a seed is an integer or a string, not {type(seed).__name__}")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int)
                               or budget < 1):
        raise MasyuError(f"a budget is a positive number of steps, not {budget!r}", "budget")
    spend = Budget(budget, on_progress)
    if not isinstance(symmetry, str) or symmetry not in SYMMETRIES:
        raise MasyuError(f"unknown symmetry {symmetry!r} (use {', '.join(SYMMETRIES)})",
                         "--symmetry")
    if symmetry != DEFAULT_SYMMETRY:
        return _symmetric(rows, cols, seed, difficulty, density, minimal, max_attempts,
                          use_oracle, spend, symmetry, budget)
    rng = random.Random(seed)
    bd = board(rows, cols)
    # The level a removal must keep: the band's, or probing by default.
    level = DIFFICULTIES[difficulty].level if difficulty else DEFAULT_LEVEL
    floor = 0 if density is None else max(1, round(density * rows * cols))
    for attempt in range(1, max_attempts + 1):
        if spend.over(0, 0):
            break
        spend.candidates = attempt
        found = full_loop(rows, cols, rng, min(level, 2))
        if found is None:
            spend.done(1 + max(REPAIRS, int(REPAIRS_PER_CELL * rows * cols)))
            continue
        loop, pearls, repairs = found
        spend.done(1 + repairs)
        known = bd.values(loop.edges)
        kinds = bd.kinds(pearls)
        cells = [r * cols + c for (r, c), _ in pearls]
        rng.shuffle(cells)
        with Judge(bd, known, level, candidates=kinds, use_oracle=use_oracle,
                   budget=spend) as judge:
            removed = remove(kinds, cells, judge, level, floor)
        spend.done(judge.steps)
        if minimal and level < 3:
            # a judge of its own: the first one's oracle holds the pearls it kept for good
            rest = [i for i in cells if kinds[i]]
            with Judge(bd, known, 3, candidates=list(kinds), use_oracle=use_oracle,
                       budget=spend) as judge:
                removed += remove(kinds, rest, judge, 3, floor)
            spend.done(judge.steps)
        short = floor - (len(pearls) - len(removed))
        if short > 0:
            # Put back the last pearls removed: more pearls never add a solution.
            kind_at = {r * cols + c: PEARL_CODE[k] for (r, c), k in pearls}
            for i in removed[-short:]:
                kinds[i] = kind_at[i]
        puzzle = Puzzle(rows, cols, bd.pearls(kinds), name=f"gen-{rows}x{cols}-{_seed_text(seed)}")
        diff = measure(puzzle, loop)
        spend.score, spend.band = diff.score, diff.band
        result = Generated(puzzle, loop, diff, seed, attempt, spend.spent)
        if difficulty is None or diff.band == difficulty:
            return result
    if budget is not None and spend.spent >= budget:
        raise MasyuError(f"no {difficulty or ''} puzzle found at {rows}x{cols} with seed "
                         f"{seed!r} within the budget of {budget:,} steps ({spend.candidates} "
                         f"loops tried); raise --budget or try another seed".replace("  ", " "),
                         "--budget")
    raise MasyuError(f"no {difficulty or ''} puzzle found at {rows}x{cols} in {max_attempts} "
                     f"loops with seed {seed!r}; try another seed or difficulty".replace("  ", " "))


def _symmetric(rows: int, cols: int, seed: int | str, difficulty: str | None,
               density: float | None, minimal: bool, max_attempts: int, use_oracle: bool,
               spend: Budget, symmetry: str, budget: int | None) -> Generated:
    """:func:`generate_with_loop` with a symmetric layout (see :mod:`.symmetry`)."""
    rng = random.Random(seed)
    bd = board(rows, cols)
    level = DIFFICULTIES[difficulty].level if difficulty else DEFAULT_LEVEL
    floor = 0 if density is None else max(1, round(density * rows * cols))
    groups = orbits(rows, cols, symmetry)
    for attempt in range(1, max_attempts + 1):
        if spend.over(0, 0):
            break
        spend.candidates = attempt
        inside = grow_symmetric(rows, cols, rng, symmetry)
        known, kinds = faces_pearls(bd, inside)
        # reshaped, an orbit at a time, where deduction leaves an edge open
        for _ in range(max(REPAIRS, int(REPAIRS_PER_CELL * rows * cols))):
            res = analyze_kinds(bd, kinds, known=known, max_level=min(level, 2))
            if (res.complete and res.count == 1) or not res.undecided:
                break
            a = bd.ends[res.undecided[rng.randrange(len(res.undecided))]][0]
            reshape(rows, cols, inside, rng, symmetry, (a // cols, a % cols))
            known, kinds = faces_pearls(bd, inside)
            spend.done(1)
        order = list(groups)
        rng.shuffle(order)
        with Judge(bd, known, level, candidates=list(kinds), use_oracle=use_oracle,
                   budget=spend) as judge:
            # every admitted pearl first: the loop must be the one solution at the level
            fits = judge.accepts(kinds, min(level, 2) if level < 3 else 3)
            removed = remove_orbits(kinds, order, judge, level, floor) if fits else None
        spend.done(1 + judge.steps)
        if removed is None:
            continue
        if minimal and level < 3:
            with Judge(bd, known, 3, candidates=list(kinds), use_oracle=use_oracle,
                       budget=spend) as judge:
                remove_orbits(kinds, order, judge, 3, floor)
            spend.done(judge.steps)
        loop = faces_loop(rows, cols, inside)
        puzzle = Puzzle(rows, cols, bd.pearls(kinds),
                        name=f"gen-{rows}x{cols}-{_seed_text(seed)}")
        diff = measure(puzzle, loop)
        spend.score, spend.band = diff.score, diff.band
        if difficulty is None or diff.band == difficulty:
            return Generated(puzzle, loop, diff, seed, attempt, spend.spent)
    where = "--budget" if budget is not None and spend.spent >= budget else None
    raise MasyuError(f"no {difficulty or ''} {symmetry} puzzle found at {rows}x{cols} in "
                     f"{spend.candidates} loops with seed {seed!r}; try another seed or "
                     f"difficulty".replace("  ", " "), where)


def generate(rows: int, cols: int, *, seed: int | str, difficulty: str | None = None,
             density: float | None = None, minimal: bool = False,
             budget: int | None = None) -> Puzzle:
    """A puzzle with exactly one strong solution (see :func:`generate_with_loop`)."""
    return generate_with_loop(rows, cols, seed=seed, difficulty=difficulty, density=density,
                              minimal=minimal, budget=budget).puzzle
