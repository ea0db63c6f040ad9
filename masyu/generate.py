"""Generate Masyu puzzles with exactly one strong solution, reproducible from a seed.

The method:

1. grow a random loop that fills the board and admits many pearls
   (:mod:`masyu.loopgen`);
2. put every pearl the loop admits; where deduction cannot finish that
   puzzle (an ambiguity, or a knot it cannot undo), reshape the loop in a
   small window around an edge it left open, and try again;
3. remove pearls in a seeded random order while the puzzle stays solvable at
   the requested level (by :mod:`masyu.deduce`): local rules only (easy),
   with probing (medium), or at all, by search (hard, and ``minimal``).

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
from typing import Sequence

from .deduce import Board, analyze_kinds, board
from .errors import MasyuError
from .loop import Loop
from .loopgen import admitted_pearls, faces_loop, grow_faces, improve_loop
from .puzzle import Puzzle

DIFFICULTIES = ("easy", "medium", "hard")
# The deduction level that must solve an accepted puzzle, by band.
_LEVEL = {"easy": 1, "medium": 2, "hard": 3}
MAX_ATTEMPTS = 40     # loops tried before giving up on a band
REPAIRS = 60          # local reshapes of a loop before a new loop
REPAIR_RADIUS = 3     # a reshape toggles faces within this distance of an open edge
REPAIR_STEPS = 400    # face toggles tried in one reshape
REPAIR_KICK = 4       # toggles a reshape takes whatever they score
STEPS_PER_FACE = 30   # face toggles tried per face when shaping a new loop
NODE_LIMIT = 20_000   # search nodes for one uniqueness question before asking xcc


@dataclass(frozen=True)
class Difficulty:
    """How hard a puzzle is for the deduction solver, which does not know the answer.

    ``band`` is ``easy`` (the local rules finish it), ``medium`` (it needs
    probing: "if this edge were a line, a contradiction follows"), or
    ``hard`` (it needs search).  ``probes`` and ``nodes`` count that work;
    ``score`` puts them on one scale (probes, plus 100 per search node).
    """

    band: str
    probes: int
    nodes: int

    @property
    def level(self) -> int:
        return _LEVEL[self.band]

    @property
    def score(self) -> int:
        return self.probes + 100 * self.nodes

    def __str__(self) -> str:
        return self.band


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with its one solution and how hard it is."""

    puzzle: Puzzle
    loop: Loop
    difficulty: Difficulty
    seed: int | str
    attempts: int  # loops grown to get it

    def header(self) -> str:
        """The collection header line (without ``# ``)."""
        d = self.difficulty
        seed = str(self.seed)
        if not seed or any(ch.isspace() for ch in seed):
            seed = repr(seed).replace(" ", "\\x20")
        return (f"{self.puzzle.name} source=masyu-generate size={self.puzzle.rows}x"
                f"{self.puzzle.cols} seed={seed} difficulty={d.band} score={d.score} "
                f"pearls={len(self.puzzle.pearls)}")


def _kinds(bd: Board, pearls: Sequence[tuple[tuple[int, int], str]]) -> list[int]:
    kinds = [0] * bd.ncells
    for (r, c), k in pearls:
        kinds[r * bd.cols + c] = 1 if k == "W" else 2
    return kinds


class _Judge:
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
        return _xcc_unique(self.bd, kinds)


def _xcc_unique(bd: Board, kinds: Sequence[int]) -> bool:
    """The project's exact cover search, for the rare question the deduction search leaves open."""
    import xcc

    from .solve import is_unique
    engine = "c" if "c" in xcc.ENGINES else "python"
    pearls = {(i // bd.cols, i % bd.cols): "W" if k == 1 else "B"
              for i, k in enumerate(kinds) if k}
    return is_unique(Puzzle(bd.rows, bd.cols, pearls), engine=engine)


def measure(puzzle: Puzzle, loop: Loop | None = None) -> Difficulty:
    """The difficulty of a puzzle with one solution (``loop``, if known, speeds up the search)."""
    bd = board(puzzle.rows, puzzle.cols)
    kinds = _kinds(bd, puzzle.pearls)
    res = analyze_kinds(bd, kinds, max_level=2, limit=2)
    if res.complete:
        return Difficulty("easy" if res.level == 1 else "medium", res.probes, 0)
    known = bd.values(loop) if loop is not None else None
    deep = analyze_kinds(bd, kinds, known=known, max_level=3, limit=2, probe_nodes=False)
    return Difficulty("hard", res.probes, deep.nodes)


def _seed_text(seed: int | str) -> str:
    return "".join("_" if ch.isspace() else ch for ch in str(seed)) or "_"


def _full_loop(rows: int, cols: int, rng: random.Random, level: int,
               ) -> tuple[Loop, list[tuple[tuple[int, int], str]], int] | None:
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
        res = analyze_kinds(bd, _kinds(bd, pearls), known=bd.values(loop), max_level=level)
        if res.complete and res.count == 1:
            return loop, pearls, repair
        if not res.undecided:
            return None
        a, b = bd.edge_cells[res.undecided[rng.randrange(len(res.undecided))]]
        r, c = a // cols, a % cols
        improve_loop(rows, cols, inside, rng, steps=REPAIR_STEPS, kick=REPAIR_KICK,
                     temperature=0.3, window=(r - REPAIR_RADIUS, r + REPAIR_RADIUS,
                             c - REPAIR_RADIUS, c + REPAIR_RADIUS))
    return None


def _remove(kinds: list[int], order: Sequence[int], judge: _Judge, level: int,
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


def generate_with_loop(rows: int, cols: int, *, seed: int | str, difficulty: str | None = None,
                       density: float | None = None, minimal: bool = False,
                       max_attempts: int = MAX_ATTEMPTS) -> Generated:
    """A puzzle with exactly one strong solution, with that solution and its difficulty.

    ``difficulty`` asks for a band (``easy``, ``medium`` or ``hard``; None:
    any, the puzzle solvable by deduction without search unless ``minimal``).
    ``density`` asks for that fraction of the cells to hold pearls (as near
    as the loop allows); without it pearls are removed as long as the puzzle
    stays solvable.  ``minimal`` keeps removing, by search, until no pearl
    can go.  The same arguments give the same puzzle everywhere.
    """
    if not isinstance(rows, int) or not isinstance(cols, int) or isinstance(rows, bool) \
            or isinstance(cols, bool):
        raise MasyuError("board size must be two integers")
    if rows < 4 or cols < 4:
        raise MasyuError(f"board {rows}x{cols} is too small to generate (at least 4x4)")
    Puzzle(rows, cols)  # the size limits of every puzzle
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise MasyuError(f"unknown difficulty {difficulty!r} (use {', '.join(DIFFICULTIES)})")
    if density is not None and not (isinstance(density, (int, float)) and 0 < density <= 1):
        raise MasyuError(f"density must be a fraction of the cells in (0, 1], not {density!r}")
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise MasyuError(f"a seed is an integer or a string, not {type(seed).__name__}")
    rng = random.Random(seed)
    bd = board(rows, cols)
    # The level a removal must keep: the band's, or probing by default.
    level = _LEVEL[difficulty] if difficulty else 2
    floor = 0 if density is None else max(1, round(density * rows * cols))
    for attempt in range(1, max_attempts + 1):
        found = _full_loop(rows, cols, rng, min(level, 2))
        if found is None:
            continue
        loop, pearls, _ = found
        known = bd.values(loop)
        judge = _Judge(bd, known, level)
        kinds = _kinds(bd, pearls)
        cells = [r * cols + c for (r, c), _ in pearls]
        rng.shuffle(cells)
        removed = _remove(kinds, cells, judge, level, floor)
        if minimal and level < 3:
            rest = [i for i in cells if kinds[i]]
            removed += _remove(kinds, rest, judge, 3, floor)
        short = floor - (len(pearls) - len(removed))
        if short > 0:
            # Put back the last pearls removed: more pearls never add a solution.
            kind_at = {r * cols + c: 1 if k == "W" else 2 for (r, c), k in pearls}
            for i in removed[-short:]:
                kinds[i] = kind_at[i]
        puzzle = Puzzle(rows, cols, {(i // cols, i % cols): "W" if k == 1 else "B"
                                     for i, k in enumerate(kinds) if k},
                        name=f"gen-{rows}x{cols}-{_seed_text(seed)}")
        diff = measure(puzzle, loop)
        result = Generated(puzzle, loop, diff, seed, attempt)
        if difficulty is None or diff.band == difficulty:
            return result
    raise MasyuError(f"no {difficulty or ''} puzzle found at {rows}x{cols} in {max_attempts} "
                     f"loops with seed {seed!r}; try another seed or difficulty".replace("  ", " "))


def generate(rows: int, cols: int, *, seed: int | str, difficulty: str | None = None,
             density: float | None = None, minimal: bool = False) -> Puzzle:
    """A puzzle with exactly one strong solution (see :func:`generate_with_loop`)."""
    return generate_with_loop(rows, cols, seed=seed, difficulty=difficulty, density=density,
                              minimal=minimal).puzzle
