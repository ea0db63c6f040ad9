"""The ASGI application of ``masyu serve``: the page, its API, and the players' API v1.

``create_app(Config)`` builds it (:mod:`.context`: the shared state; :mod:`.routes`:
what each route does); ``from_environment`` is uvicorn's factory for its workers.
"""
from __future__ import annotations

import os
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..play.server import HEADERS, STATIC
from .context import Config, Service
from .routes import (error, get_leaderboard, get_me, get_share, get_stats, get_tracker,
                     guarded, page_check, page_daily, page_hint, page_zen, post_attempt,
                     post_claim, post_finish, post_me, post_transfer)

FILES = dict(STATIC, **{"/service.js": ("service.js", "text/javascript; charset=utf-8")})
DATA_ENV, DATABASE_ENV, RATE_ENV = "MASYU_SERVICE_DATA", "MASYU_SERVICE_DATABASE", \
    "MASYU_SERVICE_RATE_SCALE"


async def page_file(request: Request) -> Response:
    name, kind = FILES[request.url.path]
    service: Service = request.app.state.service
    return Response(service.static(name), media_type=kind.split(";")[0],
                    headers=dict(HEADERS, **{"Content-Type": kind}))


async def not_found(request: Request, exc: HTTPException) -> Response:
    return error(exc.status_code, f"{request.url.path[:80]}: {exc.detail}")


def create_app(config: Config) -> Starlette:
    """The application of ``config`` (migrations run unless ``config.migrate`` is off)."""
    routes = [Route(path, page_file, methods=["GET", "HEAD"]) for path in FILES]
    routes += [
        Route("/api/daily", guarded(page_daily), methods=["GET"]),
        Route("/api/zen", guarded(page_zen), methods=["GET"]),
        Route("/api/check", guarded(page_check, on_loop=True), methods=["POST"]),  # CPU only
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
