"""The daily puzzle: one per date, the same on every machine (SPEC section 7).

The schedule follows the Daily Masyu rulebook: Monday and Tuesday 8x8
(Beginner), Wednesday and Thursday 10x10 (Intermediate), Friday and Saturday
12x12 (Advanced), Sunday 20x20 (Master: the rulebook's "Sunday Mega-Master,
Expert Challenge").  Difficulty rises through the week: Monday's puzzle falls
to the local rules alone (band ``easy``, score 0); from Tuesday on each needs
probing (band ``medium``), and the score windows (probes) follow one another
without overlap, Tuesday's lowest and Sunday's highest, so no later day of a
week is easier than an earlier one (``tests/masyu/play/test_daily.py`` checks
it over 52 weeks).  No daily puzzle needs search: each has one solution and
the deduction levels 1 and 2 finish it.

The puzzle of a date is the first of the candidates ``daily-DATE``,
``daily-DATE-1``, ... (generator seeds: text, hashed by ``random.Random``
with SHA-512, so neither hash randomization nor the platform changes them)
whose difficulty falls in the day's window; if none of ``CANDIDATES`` does,
the nearest to the window.  Everything is counted in steps, never timed, so
a date gives one puzzle everywhere.

Why Sunday is 20x20 and nothing is cached: the generator makes a 20x20
medium puzzle in about 2 s of CPU (worst of 15 seeds 2.7 s) and a 12x12 in
0.2 s, so a day is made in seconds on demand (``benchmarks/daily.py``).
"""
from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from .errors import MasyuError
from .generate.bands import Difficulty
from .generate.generator import Generated, generate_with_loop
from .loop import Loop
from .puzzle import Puzzle
# The one use of the deduction solver's analysis outside the generator: "solved
# without search".  (Issue 13 moves masyu.deduce to a package; this line follows it.)
from .deduce import analyze as _analyze

NO_GUESS_LEVEL = 2    # deduction levels 1 (local) and 2 (probes), no search
CANDIDATES = 40       # generator seeds tried for a day before taking the nearest (a
                      # 12x12 candidate costs ~0.03 s, a 20x20 ~0.4 s; Sunday's window
                      # takes the first candidate almost always)
FIRST_DATE = datetime.date(2000, 1, 1)
LAST_DATE = datetime.date(2999, 12, 31)
_ISO = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True)
class Day:
    """One day of the weekly schedule: the board, the generator band, the score window."""

    weekday: str
    tier: str                  # the rulebook's name: Beginner, Intermediate, Advanced, Master
    rows: int
    cols: int
    band: str                  # the generator's band: easy or medium
    low: int                   # accepted scores: low <= score < high (None: no bound)
    high: int | None
    summary: str

    def accepts(self, d: Difficulty) -> bool:
        return d.band == self.band and self.low <= d.score and \
            (self.high is None or d.score < self.high)

    def distance(self, d: Difficulty) -> int:
        """How far a difficulty lies outside the window (0 inside)."""
        if d.band != self.band:
            return 1 << 30
        if d.score < self.low:
            return self.low - d.score
        return 0 if self.high is None or d.score < self.high else d.score - self.high + 1


# The registry of the schedule, Monday first (``datetime.date.weekday()`` order).  The
# windows are consecutive (each day's low is the day before's high), chosen from the scores
# the generator gives on each size (8x8 medium: mostly 1-30 probes; 10x10: 4-100; 12x12:
# 13-150; 20x20: 200-450), so a window rarely misses in CANDIDATES seeds.
SCHEDULE: tuple[Day, ...] = (
    Day("monday", "Beginner", 8, 8, "easy", 0, None, "8x8, the local rules finish it"),
    Day("tuesday", "Beginner", 8, 8, "medium", 1, 15, "8x8, 1 to 14 probes"),
    Day("wednesday", "Intermediate", 10, 10, "medium", 15, 35, "10x10, 15 to 34 probes"),
    Day("thursday", "Intermediate", 10, 10, "medium", 35, 60, "10x10, 35 to 59 probes"),
    Day("friday", "Advanced", 12, 12, "medium", 60, 90, "12x12, 60 to 89 probes"),
    Day("saturday", "Advanced", 12, 12, "medium", 90, 200, "12x12, 90 to 199 probes"),
    Day("sunday", "Master", 20, 20, "medium", 200, None, "20x20, 200 probes or more"),
)
TIERS = ("Beginner", "Intermediate", "Advanced", "Master")   # the rulebook's, easiest first


@dataclass(frozen=True)
class Daily:
    """The puzzle of a date, with its one solution and its difficulty (like ``Generated``)."""

    date: datetime.date
    day: Day
    generated: Generated
    candidate: int             # which seed of the day it is (0: ``daily-DATE``)

    @property
    def puzzle(self) -> Puzzle:
        return self.generated.puzzle

    @property
    def loop(self) -> Loop:
        return self.generated.loop

    @property
    def difficulty(self) -> Difficulty:
        return self.generated.difficulty

    @property
    def seed(self) -> str:
        return str(self.generated.seed)

    def header(self) -> str:
        """The collection header line (without ``# ``): name, date, size and difficulty."""
        d, p = self.difficulty, self.puzzle
        return (f"{p.name} date={self.date.isoformat()} weekday={self.day.weekday} "
                f"size={p.rows}x{p.cols} difficulty={d.band} level={d.level} score={d.score} "
                f"pearls={len(p.pearls)} seed={self.seed} source=masyu-daily")

    def to_collection(self) -> str:
        """The puzzle as one entry of a collection file."""
        return f"# {self.header()}\n" + "\n".join(self.puzzle.grid) + "\n\n"


def parse_date(value: datetime.date | str, where: str = "date") -> datetime.date:
    """A date, or its ``YYYY-MM-DD`` text; MasyuError (naming ``where``) otherwise."""
    if isinstance(value, datetime.datetime):
        value = value.date()
    if isinstance(value, str):
        text = value.strip()
        if not _ISO.fullmatch(text):
            raise MasyuError(f"a date is YYYY-MM-DD, not {value[:40]!r}", where)
        try:
            value = datetime.date.fromisoformat(text)
        except ValueError as err:
            raise MasyuError(f"{text} is not a date ({err})", where) from None
    if not isinstance(value, datetime.date):
        raise MasyuError(f"a date is YYYY-MM-DD, not {type(value).__name__}", where)
    if not FIRST_DATE <= value <= LAST_DATE:
        raise MasyuError(f"daily puzzles run from {FIRST_DATE} to {LAST_DATE}, not {value}",
                         where)
    return value


def day_of(date: datetime.date | str) -> Day:
    """The schedule entry of a date."""
    return SCHEDULE[parse_date(date).weekday()]


def daily(date: datetime.date | str) -> Daily:
    """The puzzle of ``date`` (a ``datetime.date`` or ``YYYY-MM-DD``): the same everywhere."""
    date = parse_date(date)
    day = SCHEDULE[date.weekday()]
    iso = date.isoformat()
    best: tuple[int, int, Generated] | None = None
    for k in range(CANDIDATES):
        seed = f"daily-{iso}" if k == 0 else f"daily-{iso}-{k}"
        g = generate_with_loop(day.rows, day.cols, seed=seed, difficulty=day.band)
        miss = day.distance(g.difficulty)
        if best is None or miss < best[0]:
            best = (miss, k, g)
        if miss == 0:
            break
    assert best is not None
    _, k, g = best
    named = Puzzle(g.puzzle.rows, g.puzzle.cols, g.puzzle.pearls, name=f"daily-{iso}")
    return Daily(date, day, Generated(named, g.loop, g.difficulty, g.seed, g.attempts), k)


def solved_by_deduction(puzzle: Puzzle, loop: Loop | None = None) -> bool:
    """Whether the deduction levels without search (local rules, probes) finish ``puzzle``
    with exactly one solution (``loop``, one solution if known, only speeds this up)."""
    return _analyze(puzzle, loop=loop, max_level=NO_GUESS_LEVEL, limit=2).unique


def deduction_difficulty(puzzle: Puzzle) -> Difficulty | None:
    """The difficulty of a puzzle that deduction without search finishes with one
    solution (as the generator measures it: the probes it needs); None for any other."""
    res = _analyze(puzzle, max_level=NO_GUESS_LEVEL, limit=2)
    if not res.unique:
        return None
    return Difficulty("easy" if res.level == 1 else "medium", res.probes, 0)
