"""What every request of the service shares: ``Config`` (what a service is made of),
``Service`` (the store, the key, the limits, the clock, the day's puzzles) and
``Refused`` (an answer other than 200).

The clock is injectable (``Config.clock``, seconds since the epoch): "today" is its
UTC date, and an attempt's time is the difference of its readings.
"""
from __future__ import annotations

import datetime
import json
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Callable

from starlette.requests import Request

from .. import attempts as rules
from ..daily import parse_date
from ..play.jobs import GENERATION_SECONDS, Jobs
from . import players
from .limits import Limiter
from .store import Store, database_url, make_engine, migrate

DAILY_KEPT = 64      # days' answers each worker keeps in memory


@dataclass
class Config:
    """What a service is made of; the defaults are ``masyu serve``'s."""

    data: Path
    database: str | None = None                       # a URL; None: SQLite in ``data``
    clock: Callable[[], float] = time.time
    daily: Callable[[datetime.date], dict[str, Any]] | None = None   # /api/daily's answer
    rate_scale: float = 1.0
    migrate: bool = True
    jobs: Jobs = field(default=None)                  # type: ignore[assignment]


class Refused(Exception):
    """An answer other than 200: a status, a place and a message."""

    def __init__(self, status: int, message: str, where: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.where = status, message, where

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class Service:
    """The state every request shares: the store, the key, the limits, the clock."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.clock = config.clock
        self.signer = players.Signer(players.load_key(config.data))   # makes the folder
        engine = make_engine(database_url(config.database, config.data))
        if config.migrate:
            migrate(engine)
        self.store = Store(engine)
        self.limits = Limiter(self.clock, scale=config.rate_scale)
        self.jobs = config.jobs or Jobs(GENERATION_SECONDS)
        self._daily = config.daily or self.jobs.daily
        self._files: dict[str, bytes] = {}
        self._answers: OrderedDict[str, str] = OrderedDict()   # days read, newest last
        self._answers_lock = threading.Lock()

    # -- the day ------------------------------------------------------------------

    def today(self) -> datetime.date:
        return datetime.datetime.fromtimestamp(self.clock(), datetime.timezone.utc).date()

    def day(self, value: str | None, where: str = "date") -> datetime.date:
        """A date asked for: today without one; a future day refused."""
        date = parse_date(value, where) if value is not None else self.today()
        if date > self.today():
            raise Refused(403, f"{date.isoformat()} is a future day: its puzzle is not out yet",
                          where)
        return date

    def daily(self, date: datetime.date) -> dict[str, Any]:
        """/api/daily's answer: kept in the database once made (every worker reads it), and
        in this worker's memory once read (a day's puzzle never changes; the last
        ``DAILY_KEPT`` days: a read of the database per request was most of its cost)."""
        key = date.isoformat()
        with self._answers_lock:
            text = self._answers.get(key)
        if text is not None:
            return json.loads(text)
        text = self.store.answer(key)
        if text is None:
            found = dict(self._daily(date))
            found["penalty_seconds"] = rules.PENALTY_SECONDS
            found["hint_seconds"] = rules.HINT_SECONDS
            text = json.dumps(found)
            self.store.put_puzzle(key, found["puzzle"], text)
        with self._answers_lock:
            self._answers[key] = text
            while len(self._answers) > DAILY_KEPT:
                self._answers.popitem(last=False)
        return json.loads(text)

    def grid(self, date: datetime.date) -> str:
        """The grid text of a day's puzzle."""
        return self.store.puzzle(date.isoformat()) or self.daily(date)["puzzle"]

    def static(self, name: str) -> bytes:
        if name not in self._files:
            self._files[name] = resources.files("masyu.play").joinpath("static", name).read_bytes()
        return self._files[name]

    # -- players ------------------------------------------------------------------

    def player(self, request: Request) -> tuple[dict[str, Any], str] | None:
        """The player of the request's cookie, and the cookie's secret; None if none."""
        got = self.signer.read_cookie(request.cookies.get(players.COOKIE))
        if got is None:
            return None
        row = self.store.player(got[0])
        if row is None or row["secret_hash"] != players.hash_secret(got[1]):
            return None
        return row, got[1]

    def acting(self, request: Request) -> dict[str, Any]:
        """The player of a state-changing request: a valid cookie and CSRF token."""
        found = self.player(request)
        if found is None:
            raise Refused(401, "no player: GET /api/v1/me first", "cookie")
        row = found[0]
        if not self.signer.csrf_ok(row["id"], row["secret_hash"],
                                   request.headers.get(players.CSRF_HEADER)):
            raise Refused(403, "missing or wrong CSRF token (from GET /api/v1/me)",
                          "X-CSRF-Token")
        return row

    def limit(self, kind: str, request: Request, player_id: str | None = None) -> None:
        keys = [f"a:{request.client.host if request.client else '-'}"]
        if player_id:
            keys.append(f"p:{player_id}")
        if not self.limits.take(kind, *keys):
            raise Refused(429, f"too many requests of this kind ({kind}); try again later")

    def me(self, row: dict[str, Any]) -> dict[str, Any]:
        return {"id": row["id"], "name": row["name"],
                "shown_name": players.shown_name(row["id"], row["name"]),
                "csrf": self.signer.csrf(row["id"], row["secret_hash"]),
                "hint_seconds": rules.HINT_SECONDS, "penalty_seconds": rules.PENALTY_SECONDS}
