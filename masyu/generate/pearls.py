"""The pearls of a generated puzzle: a loop whose admitted pearls deduction can finish,
then their removal while the puzzle stays solvable at the requested level.

With python-sat, removals are screened by the uniqueness oracle
(:mod:`.unique`: one incremental solver per loop): a removal that lets in a
second solution is refused at once, since deduction, being sound, could never
finish that puzzle; the others are checked by deduction in batches (one
deduction for several removals; when it refuses, a bisection finds the first
removal it refuses, and the scan resumes after it).  Deduction can only lose
facts when a pearl goes, so the batches decide as one deduction per removal
would; and every puzzle kept was itself passed by deduction.  At level 3 (any
unique puzzle) the oracle alone decides.

Deduction at levels 1 and 2 finds the one fixed point of its rules, and with
fewer pearls a subset of it (every rule only gains from more facts).  So the
facts found for a pearl set seed the deduction of any superset of it (as
``given``) and change nothing it finds, only its work: the judge keeps the
facts of its last deductions that fell short, and a bisection, or the batch
after a rollback, starts from them (the proof: ``docs/generator.md``)."""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..board import BLACK as BLACK_PEARL
from ..board import Board, Cell, board
from ..deduce import analyze_kinds
from ..loop import Loop
from ..puzzle import Puzzle
from ..solving import is_unique
from .loops import admitted_pearls, faces_loop, faces_pearls, grow_faces, improve_loop
from .unique import AVAILABLE as ORACLE_AVAILABLE
from .unique import UniqueOracle

REPAIRS = 60          # local reshapes of a loop before a new loop, at least;
REPAIRS_PER_CELL = 0.024  # and more on boards over 2,500 cells (the knots grow with the area:
#                           a 50x50 loop needs about 30 reshapes, a 100x100 more than 60)
REPAIR_RADIUS = 3     # a reshape toggles faces within this distance of an open edge
REPAIR_STEPS = 400    # face toggles tried in one reshape
REPAIR_KICK = 4       # toggles a reshape takes whatever they score
STEPS_PER_FACE = 30   # face toggles tried per face when shaping a new loop
NODE_LIMIT = 20_000   # search nodes for one uniqueness question before asking xcc
FIRST_BATCH = 4       # removals per deduction at first (doubled after a batch passes,
MAX_BATCH = 64        # halved after one fails)
KEPT = 1 << 30        # the rank of a pearl that stays for good
RESCREEN = False      # ask the oracle again after a rollback (tests compare; see below)
SEEDS = 8             # deductions that fell short whose facts the judge keeps (0: none)


class Budget:
    """The steps a puzzle may take (``limit``, None: no limit), counted, never timed, so
    that a seed and a budget give the same puzzle everywhere: a step is a question
    (a deduction, or one of the uniqueness oracle's) or a loop grown or reshaped.
    ``on_progress(budget)`` is called as steps are spent, with ``candidates`` (loops
    tried), ``used``, ``pearls`` (of the candidate now) and the last candidate's
    ``score`` and ``band``."""

    def __init__(self, limit: int | None = None, on_progress=None) -> None:
        self.limit, self.on_progress = limit, on_progress
        self.used = 0          # steps of the candidates done
        self.now = 0           # steps of the candidate under way
        self.candidates = self.pearls = 0
        self.score: int | None = None
        self.band: str | None = None

    @property
    def spent(self) -> int:
        return self.used + self.now

    def over(self, now: int, pearls: int) -> bool:
        """The candidate under way has taken ``now`` steps: is the budget spent?"""
        self.now, self.pearls = now, pearls
        if self.on_progress is not None:
            self.on_progress(self)
        return self.limit is not None and self.spent >= self.limit

    def done(self, steps: int) -> None:
        """A candidate, or a loop, took ``steps`` steps in all."""
        self.used += steps
        self.now = 0


class Judge:
    """Answers "does this pearl set keep the known loop as the one solution, at this level?".

    ``candidates`` (the pearl code of every cell: the pearls removals choose
    from) gives the judge a uniqueness oracle when python-sat is there
    (``oracle``; ``use_oracle=False`` declines it); close the judge after use.
    """

    def __init__(self, bd: Board, known: list[int], level: int,
                 candidates: Sequence[int] | None = None, use_oracle: bool = True,
                 budget: "Budget | None" = None) -> None:
        self.bd, self.known, self.level = bd, known, level
        self.budget = budget
        self.checks = 0        # deductions (and fallbacks) run
        self.skipped = 0       # oracle questions answered by an earlier answer
        self.seeded = 0        # deductions that started from an earlier one's facts
        # The last deductions at levels 1-2 that fell short: (pearls, edges decided).
        self._short: deque[tuple[np.ndarray, np.ndarray]] = deque(maxlen=SEEDS)
        self._known = np.asarray(known[:bd.nedges], dtype=np.int64)
        self.oracle = None
        if candidates is not None and use_oracle and ORACLE_AVAILABLE:
            self.oracle = UniqueOracle(bd, candidates, known)

    def close(self) -> None:
        if self.oracle is not None:
            self.oracle.close()

    @property
    def steps(self) -> int:
        """The questions asked so far: deductions and the oracle's."""
        return self.checks + (self.oracle.questions if self.oracle is not None else 0)

    def over(self, pearls: int) -> bool:
        """Is the budget spent (``pearls`` the pearls left, for the progress report)?"""
        return self.budget is not None and self.budget.over(self.steps, pearls)

    def __enter__(self) -> "Judge":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def accepts(self, kinds: Sequence[int], level: int | None = None) -> bool:
        level = self.level if level is None else level
        if level >= 3 and self.oracle is not None:  # any unique puzzle: the oracle is exact
            return self.oracle.unique(kinds)
        self.checks += 1
        seeding = level < 3   # (no seeds for the search of level 3: it has a node limit)
        if seeding:
            present = np.frombuffer(bytes(kinds), dtype=np.uint8) != 0
        res = analyze_kinds(self.bd, kinds, known=self.known, max_level=level, limit=2,
                            node_limit=NODE_LIMIT, probe_nodes=False,
                            given=self._seed(present) if seeding else ())
        if seeding and not res.complete:
            decided = np.ones(self.bd.nedges, dtype=bool)
            decided[res.undecided] = False
            self._short.append((present, decided))   # (the oldest goes: maxlen SEEDS)
        if res.complete:
            return res.count == 1
        if level < 3:
            return False
        return xcc_unique(self.bd, kinds)

    def _seed(self, present: np.ndarray) -> np.ndarray | tuple:
        """The facts found by the kept deductions of subsets of the pearls ``present``
        (each as its edge and the known loop's value there: deduction is sound), as
        ``given`` pairs; () if none applies."""
        facts = None
        for pearls, decided in self._short:
            if not (pearls & ~present).any():
                facts = decided if facts is None else facts | decided
        if facts is None:
            return ()
        self.seeded += 1
        edges = np.flatnonzero(facts)
        return np.stack([edges, self._known[edges]], axis=1)


def xcc_unique(bd: Board, kinds: Sequence[int]) -> bool:
    """The project's exact cover search, for the rare question the deduction search leaves open."""
    return is_unique(Puzzle(bd.rows, bd.cols, bd.pearls(kinds)))


@dataclass(frozen=True)
class Shaping:
    """How a new loop is shaped (:func:`~.loops.improve_loop`'s weights) and reshaped in its
    repairs: the generator's by default; zen's ``BLACK`` when a board is to be dense in
    black pearls."""

    steps_per_face: int = STEPS_PER_FACE
    max_steps: int | None = None     # a cap on the steps, whatever the board's size
    fill_weight: float = 0.6         # a loop cell's score
    black_weight: float = 1.5        # an admitted black pearl's (a white one scores 1)
    temperature: float = 0.6
    repair_steps: int = REPAIR_STEPS
    repair_temperature: float = 0.3
    repair_kick: int = REPAIR_KICK
    repair_radius: int = REPAIR_RADIUS

    def steps(self, rows: int, cols: int) -> int:
        n = self.steps_per_face * (rows - 1) * (cols - 1)
        return n if self.max_steps is None else min(n, self.max_steps)


GENERATOR = Shaping()
# Black pearls first (fill and whites are worth little beside them), long and hot: about 30 %
# of a 10x10 board's cells admit one (the generator's loops: 13-21 %).  Its repairs are
# longer and hotter in a wider window, to find another knot-free shape of as many black
# pearls (a repair that would lose black pearls is undone: ``full_loop``'s ``black_floor``).
BLACK = Shaping(steps_per_face=2500, max_steps=300_000, fill_weight=0.0, black_weight=20.0,
                temperature=10.0, repair_steps=4000, repair_temperature=10.0, repair_kick=0,
                repair_radius=4)


def full_loop(rows: int, cols: int, rng: random.Random, level: int,
              shaping: Shaping = GENERATOR, black_floor: int = 0,
              ) -> tuple[Loop, list[tuple[Cell, str]], int] | None:
    """A loop whose admitted pearls make a puzzle that deduction at ``level`` (at most 2)
    solves, with those pearls and the number of repairs; None if repairs run out.

    Where deduction stops short (an ambiguity, or just a knot it cannot undo),
    the loop is reshaped in a small window around an edge it left open (scoring a black
    pearl as ``shaping`` does).  A repair that leaves the loop admitting fewer black
    pearls than ``black_floor`` (or than the shaped loop did, if that is fewer) is
    undone, and the next repair starts again from the loop before it.
    """
    bd = board(rows, cols)
    inside = grow_faces(rows, cols, rng)
    improve_loop(rows, cols, inside, rng, steps=shaping.steps(rows, cols),
                 fill_weight=shaping.fill_weight, black_weight=shaping.black_weight,
                 temperature=shaping.temperature)
    repairs = max(REPAIRS, int(REPAIRS_PER_CELL * rows * cols))
    floor, before = None, None
    for repair in range(repairs + 1):
        known, kinds = faces_pearls(bd, inside)  # (faces_loop and admitted_pearls at once)
        if black_floor:
            blacks = kinds.count(BLACK_PEARL)
            if floor is None:
                floor = min(black_floor, blacks)
            if blacks < floor:                   # the last repair lost black pearls: undo it
                inside, res = [row[:] for row in before[0]], before[1]
            else:
                res = analyze_kinds(bd, kinds, known=known, max_level=level)
                before = ([row[:] for row in inside], res)
        else:
            res = analyze_kinds(bd, kinds, known=known, max_level=level)
        if res.complete and res.count == 1:
            loop = faces_loop(rows, cols, inside)
            return loop, admitted_pearls(loop), repair
        if not res.undecided:
            return None
        a, b = bd.ends[res.undecided[rng.randrange(len(res.undecided))]]
        r, c = a // cols, a % cols
        radius = shaping.repair_radius
        improve_loop(rows, cols, inside, rng, steps=shaping.repair_steps,
                     kick=shaping.repair_kick, temperature=shaping.repair_temperature,
                     window=(r - radius, r + radius, c - radius, c + radius),
                     fill_weight=shaping.fill_weight, black_weight=shaping.black_weight)
    return None


def remove(kinds: list[int], order: Sequence[int], judge: Judge, level: int,
           floor: int) -> list[int]:
    """Remove the pearls at cells ``order``, one by one, each if ``judge`` still accepts.

    Stops when only ``floor`` pearls are left.  Returns the cells removed, in order.
    (Trying batches first does not pay without the oracle: near the end almost
    every removal is refused, and a refused batch costs more checks than it
    saves.  With it, the refusals are the oracle's, and batches pay.)
    """
    if judge.oracle is not None:
        return _remove_screened(kinds, list(order), judge, level, floor)
    removed: list[int] = []
    left = sum(1 for k in kinds if k)
    for i in order:
        if left <= floor or judge.over(left):
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


def _remove_screened(kinds: list[int], order: list[int], judge: Judge, level: int,
                     floor: int) -> list[int]:
    """:func:`remove` with the oracle screening every removal and deduction
    checking the survivors in batches (see the module docstring)."""
    oracle = judge.oracle
    for rank, i in enumerate(order):  # a cut names the pearl tried last: it outlasts the others
        if oracle.rank.get(i, KEPT) < KEPT:
            oracle.rank[i] = rank
    removed: list[int] = []
    left = sum(1 for k in kinds if k)
    pending: list[tuple[int, int, int]] = []  # (position in order, cell, pearl) removed, unchecked
    # Cells the oracle passed in a batch rolled back after its refused pearl.  Asked
    # again, each has at least the pearls it had then (the refused one is back, the
    # rest as before) as long as no pearl that was there then has gone since, and
    # more pearls never add a solution: the answer is yes without asking.  A pearl
    # that the oracle lets go now (it had refused it then) ends that: forget them.
    passed: set[int] = set()
    batch, pos = FIRST_BATCH, 0
    while True:
        if pos < len(order) and left - len(pending) > floor and not judge.over(left):
            i = order[pos]
            pos += 1
            if not kinds[i]:
                continue
            saved, kinds[i] = kinds[i], 0
            if i in passed:
                passed.discard(i)
                judge.skipped += 1
            elif oracle.unique(kinds, without=i):
                passed.clear()
            else:  # (pending is shorter than a batch, or it would have been checked)
                kinds[i] = saved
                oracle.rank[i] = KEPT
                continue
            if level >= 3:
                removed.append(i)
                left -= 1
            else:
                pending.append((pos - 1, i, saved))
            if len(pending) < batch:
                continue
        if not pending:
            return removed
        # Deduction on the whole batch; if it refuses, the first removal it refuses.
        if judge.accepts(kinds, level):
            good, batch = len(pending), min(2 * batch, MAX_BATCH)
        else:
            good, bad = 0, len(pending) - 1   # pending[:good] removed passed; [:bad + 1] fails
            while good < bad:
                mid = (good + bad) // 2
                for k, (_, i, saved) in enumerate(pending):
                    kinds[i] = 0 if k <= mid else saved
                if judge.accepts(kinds, level):
                    good = mid + 1
                else:
                    bad = mid
            batch = max(1, batch // 2)
        removed += [i for _, i, _ in pending[:good]]
        left -= good
        if good < len(pending):  # keep the refused pearl, put back the rest, resume after it
            at, i, _ = pending[good]
            oracle.rank[i] = KEPT
            for k, (_, i, saved) in enumerate(pending):
                kinds[i] = 0 if k < good else saved
            if not RESCREEN:
                passed.update(i for _, i, _ in pending[good + 1:])
            pos = at + 1
        pending.clear()
