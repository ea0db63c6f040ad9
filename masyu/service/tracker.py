"""The rulebook's Daily Streak & Logic Archive Tracker, from a player's solves.

Pure functions over :class:`masyu.service.store.Attempt` rows (no database, no clock:
"today" is an argument).  A day is solved *on its day* when a solve of its puzzle
finished on that date (the service's day, UTC); solving a past day is an archive solve,
listed but never counted in the streak.  A solve is flawless when the replay found no
penalty (no invalid move, no false closure, no broken rule: the failed checks) and no
hint was asked.  The monthly milestones are ``MILESTONES``, the one table.
"""
from __future__ import annotations

import calendar
import datetime
import statistics
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .store import Attempt

WEEKDAYS = tuple(calendar.day_name)       # Monday first, as datetime.weekday()
SUNDAY_SECONDS = 15 * 60


@dataclass(frozen=True)
class Day:
    date: datetime.date
    seconds: float              # the best solve's time (penalties included)
    flawless: bool              # some solve of the day was flawless
    on_day: bool                # some solve finished on the day itself


def days(solves: Iterable[Attempt]) -> dict[datetime.date, Day]:
    """Each solved date's record."""
    out: dict[datetime.date, Day] = {}
    for a in solves:
        if not a.solved or a.seconds is None or a.finished_at is None:
            continue
        d = datetime.date.fromisoformat(a.date)
        finished = datetime.datetime.fromtimestamp(a.finished_at, datetime.timezone.utc).date()
        old = out.get(d)
        out[d] = Day(d, min(a.seconds, old.seconds) if old else a.seconds,
                     a.flawless or (old.flawless if old else False),
                     finished == d or (old.on_day if old else False))
    return out


def streak(record: dict[datetime.date, Day], today: datetime.date) -> int:
    """Days in a row solved on their day, up to today (or yesterday, today still open)."""
    d = today if today in record and record[today].on_day else today - datetime.timedelta(1)
    n = 0
    while d in record and record[d].on_day:
        n += 1
        d -= datetime.timedelta(1)
    return n


def best_streak(record: dict[datetime.date, Day]) -> int:
    best = run = 0
    last: datetime.date | None = None
    for d in sorted(x for x, day in record.items() if day.on_day):
        run = run + 1 if last is not None and d - last == datetime.timedelta(1) else 1
        best, last = max(best, run), d
    return best


def _month(year: int, month: int) -> list[datetime.date]:
    return [datetime.date(year, month, k) for k in range(1, calendar.monthrange(year, month)[1] + 1)]


def _share(days_: list[datetime.date], ok: Callable[[datetime.date], bool]) -> float:
    return round(sum(1 for d in days_ if ok(d)) / len(days_), 3) if days_ else 0.0


# id -> (name, progress from 0 to 1 over the month's dates and the record)
Progress = Callable[[list[datetime.date], dict[datetime.date, Day]], float]
MILESTONES: dict[str, tuple[str, Progress]] = {
    "every-day": ("Every day of the month, each on its day",
                  lambda ds, r: _share(ds, lambda d: d in r and r[d].on_day)),
    "every-day-flawless": ("Every day of the month flawless, each on its day",
                           lambda ds, r: _share(ds, lambda d: d in r and r[d].on_day
                                                and r[d].flawless)),
    "sundays-fast": (f"Every Sunday's master puzzle under {SUNDAY_SECONDS // 60} minutes",
                     lambda ds, r: _share([d for d in ds if d.weekday() == 6],
                                          lambda d: d in r and r[d].seconds < SUNDAY_SECONDS)),
    "ten-flawless": ("Ten flawless solves in the month (archive solves too)",
                     lambda ds, r: round(min(10, sum(1 for d in ds if d in r
                                                     and r[d].flawless)) / 10, 3)),
}


def tracker(solves: Iterable[Attempt], year: int, month: int,
            today: datetime.date) -> dict[str, Any]:
    """The ``GET /api/v1/tracker`` answer for a month."""
    record = days(solves)
    ds = _month(year, month)
    return {
        "month": f"{year:04d}-{month:02d}",
        "streak": streak(record, today),
        "best_streak": best_streak(record),
        "days": [{"date": d.isoformat(), "seconds": record[d].seconds,
                  "flawless": record[d].flawless, "on_day": record[d].on_day}
                 for d in ds if d in record],
        "milestones": [{"id": key, "name": name, "done": (p := progress(ds, record)) >= 1,
                        "progress": p} for key, (name, progress) in MILESTONES.items()],
    }


def stats(solves: Iterable[Attempt], today: datetime.date) -> dict[str, Any]:
    """The ``GET /api/v1/stats`` answer: every solved day, and times by weekday."""
    record = days(solves)
    by_day: dict[int, list[float]] = {k: [] for k in range(7)}
    for d, day in record.items():
        by_day[d.weekday()].append(day.seconds)
    return {
        "solved": len(record),
        "on_day": sum(1 for d in record.values() if d.on_day),
        "flawless": sum(1 for d in record.values() if d.flawless),
        "streak": streak(record, today),
        "best_streak": best_streak(record),
        "history": [{"date": d.isoformat(), "seconds": day.seconds, "flawless": day.flawless,
                     "on_day": day.on_day} for d, day in sorted(record.items())],
        "weekdays": [{"weekday": WEEKDAYS[k], "solves": len(t),
                      "best": min(t) if t else None,
                      "median": statistics.median(t) if t else None,
                      "mean": round(statistics.fmean(t), 1) if t else None}
                     for k, t in by_day.items()],
    }


def clock(seconds: float) -> str:
    s = int(seconds + 0.5)       # halves up, as the page rounds (Math.round)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def share(date: datetime.date, day: Day | None, size: str | None, streak_now: int) -> str:
    """A spoiler-free text: the date, weekday, size, the time, flawless, the streak."""
    head = f"Daily Masyu {date.isoformat()} · {WEEKDAYS[date.weekday()]}" + \
        (f" {size}" if size else "")
    if day is None:
        body = "Not solved yet"
    else:
        body = f"Solved in {clock(day.seconds)}" + (" · flawless" if day.flawless else "") + \
            ("" if day.on_day else " · archive")
    return f"{head}\n{body}\nStreak: {streak_now} day{'s' if streak_now != 1 else ''}"
