"""The routes of the service as blocking functions of ``(service, request, body)``, each a
thin face, and ``guarded``, which makes one an ASGI endpoint (run in Starlette's thread
pool: the database and the library block; a refusal answered as its status and message).

The page's routes call :mod:`masyu.play.api`'s functions (generation under
:mod:`masyu.play.jobs`' deadline, as ``masyu play`` does); ``/api/v1/...`` reads and
writes through the store, checks players with :mod:`.players`, replays attempts with
:mod:`masyu.attempts` and keeps the tracker with :mod:`.tracker`.

Time rule: an attempt's time is the service's clock from handing out the attempt to
receiving its finish, plus the replayed penalties and ``HINT_SECONDS`` a hint asked during
it; the move log's times must fit in the service's elapsed time plus ``TOLERANCE_SECONDS``
(the page's clock starts a little after the service's: the request's way back).
"""
from __future__ import annotations

import datetime
import sys
from typing import Any, Awaitable, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from .. import attempts as rules
from .. import formats
from ..check import check
from ..errors import MasyuError
from ..play import api
from ..play.jobs import Unavailable
from ..play.server import HEADERS
from . import players, tracker
from .bodies import MAX_BODY, BadRequest, content_length, read_json
from .context import Refused, Service

TOLERANCE_SECONDS = 5.0        # move times may run this far past the service's clock
BOARD_LIMIT, MAX_BOARD_LIMIT = 20, 100


# -- answers ----------------------------------------------------------------------------

def _json(value: Any, status: int = 200) -> Response:
    return JSONResponse(value, status_code=status, headers=HEADERS)


def error(status: int, message: str) -> Response:
    return _json({"error": " ".join(message.split())[:500]}, status)


Handler = Callable[[Request], Awaitable[Response]]


def guarded(work: Callable[[Service, Request, bytes], Any], on_loop: bool = False) -> Handler:
    """A route from a blocking function of the service, the request and its body:
    run in the thread pool (``on_loop``: on the event loop, for work of a few ms of CPU
    that never waits, which spares a thread's wake), its value as JSON, its refusal as
    the status and message."""
    async def route(request: Request) -> Response:
        service: Service = request.app.state.service
        body = b""
        if request.method == "POST":
            try:      # ASCII digits only, one value, at most MAX_BODY (masyu.play.requests)
                length = content_length(request.headers.getlist("content-length"),
                                        max_bytes=MAX_BODY,
                                        chunked="transfer-encoding" in request.headers)
            except BadRequest as err:
                return error(err.status, str(err))
            try:
                body = await request.body()
            except ClientDisconnect:           # gone before its body was whole: no one to answer
                return error(400, "body: the connection ended before the body")
            if len(body) != length:
                return error(400, f"body: {len(body)} bytes where Content-Length says {length}")
        try:
            value = work(service, request, body) if on_loop else \
                await run_in_threadpool(work, service, request, body)
        except Refused as err:
            return error(err.status, str(err))
        except MasyuError as err:
            return error(400, str(err))
        except Unavailable as err:
            return error(503, str(err))
        except Exception as err:   # never a traceback to the client; one line to the log
            print(f"masyu serve: internal error on {request.url.path[:80]}: "
                  f"{type(err).__name__}: {err}"[:300], file=sys.stderr)
            return error(500, "internal error")
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
