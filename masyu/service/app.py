"""The ASGI application of ``masyu serve``: the page, its API, and the players' API v1.

Starlette routes, each a thin face: the page's routes call :mod:`masyu.play.api`'s
functions (generation under :mod:`masyu.play.jobs`' deadline, as ``masyu play``
does); ``/api/v1/...`` reads and writes through :class:`masyu.service.store.Store`,
checks players with :mod:`masyu.service.players`, limits with
:mod:`masyu.service.limits`, replays attempts with :mod:`masyu.attempts` and keeps
the tracker with :mod:`masyu.service.tracker`.  The database and the library are
blocking: each request's work runs in Starlette's thread pool.

The clock is injectable (``Config.clock``, seconds since the epoch): "today" is its
UTC date, and an attempt's time is the difference of its readings.  Time rule: an
attempt's time is the service's clock from handing out the attempt to receiving the
finish, plus the replayed penalties and ``HINT_SECONDS`` a hint; the move log's
times must fit in the service's elapsed time plus ``TOLERANCE_SECONDS``.
"""
from __future__ import annotations

import datetime
import os
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Awaitable, Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .. import attempts as rules
from .. import formats
from ..check import check
from ..daily import parse_date
from ..errors import MasyuError
from ..play import api
from ..play.jobs import GENERATION_SECONDS, Jobs, Unavailable
from ..play.server import HEADERS, STATIC
from . import players, tracker
from .bodies import MAX_BODY, read_json
from .limits import Limiter
from .store import Store, database_url, make_engine, migrate

TOLERANCE_SECONDS = 5.0        # move times may run this far past the service's clock
BOARD_LIMIT, MAX_BOARD_LIMIT = 20, 100
FILES = dict(STATIC, **{"/service.js": ("service.js", "text/javascript; charset=utf-8")})
DATA_ENV, DATABASE_ENV, RATE_ENV = "MASYU_SERVICE_DATA", "MASYU_SERVICE_DATABASE", \
    "MASYU_SERVICE_RATE_SCALE"


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
        found = dict(self._daily(date))
        found["penalty_seconds"] = rules.PENALTY_SECONDS
        found["hint_seconds"] = rules.HINT_SECONDS
        return found

    def grid(self, date: datetime.date) -> str:
        """The grid text of a day's puzzle (kept in the database once made)."""
        key = date.isoformat()
        grid = self.store.puzzle(key)
        if grid is None:
            grid = self.daily(date)["puzzle"]
            self.store.put_puzzle(key, grid)
        return grid

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


# -- answers ----------------------------------------------------------------------------

def _json(value: Any, status: int = 200) -> Response:
    return JSONResponse(value, status_code=status, headers=HEADERS)


def _error(status: int, message: str) -> Response:
    return _json({"error": " ".join(message.split())[:500]}, status)


Handler = Callable[[Request], Awaitable[Response]]


def guarded(work: Callable[[Service, Request, bytes], Any]) -> Handler:
    """A route from a blocking function of the service, the request and its body:
    run in the thread pool, its value as JSON, its refusal as the status and message."""
    async def route(request: Request) -> Response:
        service: Service = request.app.state.service
        body = b""
        if request.method == "POST":
            length = request.headers.get("content-length", "")
            if not length.isdigit() or int(length) > MAX_BODY:
                return _error(413 if length.isdigit() else 411,
                              f"body: a POST needs a Content-Length of at most {MAX_BODY}")
            body = await request.body()
            if len(body) > MAX_BODY:
                return _error(413, f"body: larger than {MAX_BODY} bytes")
        try:
            value = await run_in_threadpool(work, service, request, body)
        except Refused as err:
            return _error(err.status, str(err))
        except MasyuError as err:
            return _error(400, str(err))
        except Unavailable as err:
            return _error(503, str(err))
        if isinstance(value, Response):
            return value
        return _json(value)
    return route


def _query(request: Request, names: tuple[str, ...]) -> dict[str, str]:
    query = {k: request.query_params.getlist(k) for k in request.query_params.keys()}
    return api._params(query, names, ())


# -- the page's routes (masyu play's API) -------------------------------------------------

def page_daily(s: Service, request: Request, body: bytes) -> Any:
    return s.daily(s.day(_query(request, ("date",)).get("date")))


def page_zen(s: Service, request: Request, body: bytes) -> Any:
    query = {k: request.query_params.getlist(k) for k in request.query_params.keys()}
    return s.jobs.zen(api.parse_zen(query))


def page_check(s: Service, request: Request, body: bytes) -> Any:
    return api.check_response(body)


def page_hint(s: Service, request: Request, body: bytes) -> Any:
    """The hint; with a player's cookie it needs the CSRF token and is charged to the
    player's open ranked attempt on that puzzle (``HINT_SECONDS``)."""
    puzzle, _ = api.parse_hint(body)
    charged = None
    if request.cookies.get(players.COOKIE):
        row = s.acting(request)
        s.limit("hint", request, row["id"])
        grid = "\n".join(puzzle.grid)
        for date in (s.today(), s.today() - datetime.timedelta(1)):
            if s.store.puzzle(date.isoformat()) == grid:
                charged = s.store.add_hint(row["id"], date.isoformat())
                if charged:
                    break
    else:
        s.limit("hint", request)
    answer = s.jobs.run("hint", body)
    answer["charged_seconds"] = rules.HINT_SECONDS if charged else 0
    return answer


# -- players ------------------------------------------------------------------------------

def _with_cookie(s: Service, request: Request, value: Any, player_id: str,
                 secret: str) -> Response:
    response = _json(value)
    response.set_cookie(players.COOKIE, s.signer.cookie(player_id, secret),
                        max_age=players.COOKIE_AGE, path="/", httponly=True, samesite="lax",
                        secure=request.url.scheme == "https")
    return response


def get_me(s: Service, request: Request, body: bytes) -> Any:
    """The cookie's player; a new anonymous one (and its cookie) if there is none."""
    found = s.player(request)
    if found is not None:
        return s.me(found[0])
    s.limit("player", request)
    player_id, secret = players.new_player()
    s.store.add_player(player_id, players.hash_secret(secret), s.clock())
    return _with_cookie(s, request, s.me(s.store.player(player_id)), player_id, secret)


def post_me(s: Service, request: Request, body: bytes) -> Any:
    row = s.acting(request)
    s.limit("write", request, row["id"])
    name = players.valid_name(read_json(body, ("name",)).get("name"))
    s.store.set_name(row["id"], name)
    return s.me(s.store.player(row["id"]))


def post_transfer(s: Service, request: Request, body: bytes) -> Any:
    """A one-time code (a day) that moves this player to another device."""
    row = s.acting(request)
    s.limit("write", request, row["id"])
    read_json(body or b"{}", ())
    code = players.new_transfer_code()
    expires = s.clock() + players.TRANSFER_SECONDS
    s.store.add_transfer(players.hash_secret(code), row["id"], expires)
    return {"code": code, "expires_at": expires}


def post_claim(s: Service, request: Request, body: bytes) -> Any:
    """This device becomes the code's player (the other device's cookie stops working)."""
    row = s.acting(request)
    s.limit("player", request, row["id"])
    code = players.normal_code(str(read_json(body, ("code",)).get("code", "")))
    secret = players.new_player()[1]
    found = s.store.take_transfer(players.hash_secret(code), s.clock(),
                                  players.hash_secret(secret))
    if found is None:
        raise Refused(404, "no such transfer code (or it is more than a day old)", "code")
    return _with_cookie(s, request, s.me(s.store.player(found)), found, secret)


# -- attempts ------------------------------------------------------------------------------

def post_attempt(s: Service, request: Request, body: bytes) -> Any:
    """A signed attempt of a time attack: ranked if it is today's first of this player."""
    row = s.acting(request)
    s.limit("attempt", request, row["id"])
    obj = read_json(body, ("date", "mode"))
    if obj.get("mode") != "attack":
        raise Refused(400, 'attempts are time attacks: "mode": "attack"', "mode")
    if not isinstance(obj.get("date"), str):
        raise Refused(400, "expected the date, YYYY-MM-DD", "date")
    date = s.day(obj["date"])
    s.grid(date)                                   # the puzzle exists (made once)
    now = s.clock()
    a = s.store.start(players.new_attempt_id(), row["id"], date.isoformat(),
                      date == s.today(), now)
    return {"attempt": s.signer.attempt_token(a.id, row["id"]), "date": a.date,
            "ranked": a.ranked, "elapsed": round(now - a.started_at, 3), "hints": a.hints,
            "penalty_seconds": rules.PENALTY_SECONDS, "hint_seconds": rules.HINT_SECONDS}


def post_finish(s: Service, request: Request, body: bytes) -> Any:
    """Finish an attempt: the loop checked, the moves replayed, the time the service's."""
    now = s.clock()
    row = s.acting(request)
    s.limit("finish", request, row["id"])
    got = s.signer.read_attempt(request.path_params["token"])
    if got is None:
        raise Refused(403, "not an attempt handed out by this service", "attempt")
    if got[1] != row["id"]:
        raise Refused(403, "this attempt belongs to another player", "attempt")
    a = s.store.attempt(got[0])
    if a is None or a.player_id != row["id"]:
        raise Refused(403, "this attempt belongs to another player", "attempt")
    if a.finished_at is not None:
        raise Refused(409, "this attempt is finished already", "attempt")
    obj = read_json(body, ("loop", "moves"))
    puzzle = formats.parse(s.grid(datetime.date.fromisoformat(a.date)))
    if not isinstance(obj.get("loop"), str):
        raise Refused(400, "expected the loop as box-drawing text", "loop")
    try:
        loop = formats.parse_loop(obj["loop"], puzzle.rows, puzzle.cols)
    except MasyuError as err:
        raise MasyuError(err.message, f"loop, {err.where}" if err.where else "loop") from None
    violations = check(puzzle, loop)
    if violations:
        raise Refused(422, f"the loop does not solve the puzzle ({violations[0]})", "loop")
    moves = rules.parse_moves(obj.get("moves"), puzzle.rows, puzzle.cols)
    done = rules.replay(puzzle, moves)
    if not done.solved or done.loop is None or done.loop.edges != loop.edges:
        raise Refused(422, "the moves do not draw this loop", "moves")
    elapsed = now - a.started_at
    if done.last_ms > (elapsed + TOLERANCE_SECONDS) * 1000:
        raise Refused(422, f"the moves take {done.last_ms / 1000:.1f} s, the service's clock "
                      f"{elapsed:.1f} s", "moves")
    extra = done.penalty_seconds + rules.HINT_SECONDS * a.hints
    seconds = round(elapsed, 1) + extra
    flawless = not done.penalties and a.hints == 0
    if not s.store.finish(a.id, row["id"], now, clock_seconds=round(elapsed, 3),
                          penalties=len(done.penalties), penalty_seconds=extra,
                          seconds=seconds, solved=True, flawless=flawless):
        raise Refused(409, "this attempt is finished already", "attempt")
    answer = {"date": a.date, "ranked": a.ranked, "practice": not a.ranked,
              "seconds": seconds, "clock_seconds": round(elapsed, 1), "penalty_seconds": extra,
              "penalties": [{"t_ms": t, "kind": k, "text": x} for t, k, x in done.penalties],
              "hints": a.hints, "flawless": flawless, "rank": None, "percentile": None}
    if a.ranked:
        answer.update(_my_rank(s, a.date, row["id"]) or {})
    return answer


# -- boards, the tracker -------------------------------------------------------------------

def _my_rank(s: Service, date: str, player_id: str) -> dict[str, Any] | None:
    found = s.store.rank(date, player_id)
    if found is None:
        return None
    rank, total, mine = found
    # the share of the other solvers this time beats (100: the fastest; 100 alone)
    percentile = 100.0 if total == 1 else round(100 * (total - rank) / (total - 1), 1)
    return {"rank": rank, "percentile": percentile, "seconds": mine.seconds}


def _limit(value: str | None) -> int:
    if value is None:
        return BOARD_LIMIT
    if not value.isdigit() or not 1 <= int(value) <= MAX_BOARD_LIMIT:
        raise MasyuError(f"a whole number from 1 to {MAX_BOARD_LIMIT}", "limit")
    return int(value)


def get_leaderboard(s: Service, request: Request, body: bytes) -> Any:
    q = _query(request, ("date", "limit"))
    date = s.day(q.get("date"))
    rows, _ = s.store.board(date.isoformat(), _limit(q.get("limit")))
    entries, last, rank = [], None, 0
    for k, r in enumerate(rows, 1):
        rank = rank if r["seconds"] == last else k
        last = r["seconds"]
        entries.append({"rank": rank, "name": players.shown_name(r["player_id"], r["name"]),
                        "seconds": r["seconds"], "penalty_seconds": r["penalty_seconds"],
                        "flawless": bool(r["flawless"])})
    found = s.player(request)
    me = _my_rank(s, date.isoformat(), found[0]["id"]) if found else None
    return {"date": date.isoformat(), "entries": entries, "me": me}


def _reader(s: Service, request: Request) -> dict[str, Any]:
    found = s.player(request)
    if found is None:
        raise Refused(401, "no player: GET /api/v1/me first", "cookie")
    return found[0]


def get_tracker(s: Service, request: Request, body: bytes) -> Any:
    row = _reader(s, request)
    q = _query(request, ("month",))
    today = s.today()
    month = q.get("month", f"{today.year:04d}-{today.month:02d}")
    try:
        first = datetime.date.fromisoformat(month + "-01") if len(month) == 7 else None
    except ValueError:
        first = None
    if first is None or first.year < 2000:
        raise MasyuError("a month is YYYY-MM", "month")
    return tracker.tracker(s.store.solves(row["id"]), first.year, first.month, today)


def get_stats(s: Service, request: Request, body: bytes) -> Any:
    _query(request, ())
    return tracker.stats(s.store.solves(_reader(s, request)["id"]), s.today())


def get_share(s: Service, request: Request, body: bytes) -> Any:
    row = _reader(s, request)
    date = s.day(_query(request, ("date",)).get("date"))
    record = tracker.days(s.store.solves(row["id"]))
    grid = s.store.puzzle(date.isoformat())
    size = None
    if grid:
        lines = grid.split("\n")
        size = f"{len(lines)}×{len(lines[0])}"
    return {"date": date.isoformat(),
            "text": tracker.share(date, record.get(date), size,
                                  tracker.streak(record, s.today()))}


# -- the application ------------------------------------------------------------------------

async def page_file(request: Request) -> Response:
    name, kind = FILES[request.url.path]
    service: Service = request.app.state.service
    return Response(service.static(name), media_type=kind.split(";")[0],
                    headers=dict(HEADERS, **{"Content-Type": kind}))


async def not_found(request: Request, exc: HTTPException) -> Response:
    return _error(exc.status_code, f"{request.url.path[:80]}: {exc.detail}")


def create_app(config: Config) -> Starlette:
    """The application of ``config`` (migrations run unless ``config.migrate`` is off)."""
    routes = [Route(path, page_file, methods=["GET", "HEAD"]) for path in FILES]
    routes += [
        Route("/api/daily", guarded(page_daily), methods=["GET"]),
        Route("/api/zen", guarded(page_zen), methods=["GET"]),
        Route("/api/check", guarded(page_check), methods=["POST"]),
        Route("/api/hint", guarded(page_hint), methods=["POST"]),
        Route("/api/v1/me", guarded(get_me), methods=["GET"]),
        Route("/api/v1/me", guarded(post_me), methods=["POST"]),
        Route("/api/v1/transfer", guarded(post_transfer), methods=["POST"]),
        Route("/api/v1/transfer/claim", guarded(post_claim), methods=["POST"]),
        Route("/api/v1/attempts", guarded(post_attempt), methods=["POST"]),
        Route("/api/v1/attempts/{token}/finish", guarded(post_finish), methods=["POST"]),
        Route("/api/v1/leaderboard", guarded(get_leaderboard), methods=["GET"]),
        Route("/api/v1/tracker", guarded(get_tracker), methods=["GET"]),
        Route("/api/v1/stats", guarded(get_stats), methods=["GET"]),
        Route("/api/v1/share", guarded(get_share), methods=["GET"]),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: not_found})
    app.state.service = Service(config)
    return app


def from_environment() -> Starlette:
    """The application for uvicorn's workers (``masyu serve`` sets the variables; the
    migrations ran once, before the workers started)."""
    return create_app(Config(data=Path(os.environ[DATA_ENV]),
                             database=os.environ.get(DATABASE_ENV) or None,
                             rate_scale=float(os.environ.get(RATE_ENV, "1")), migrate=False))
