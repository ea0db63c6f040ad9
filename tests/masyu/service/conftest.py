"""The service under test: a fresh database (SQLite, and PostgreSQL when
MASYU_TEST_POSTGRES_URL names a server), a fake clock, and the stored puzzle and loop
of examples/ as every day's puzzle (the independent source of the solution)."""
from __future__ import annotations

import datetime
import os
import secrets
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the service extra: pip install -e '.[service]'")

from starlette.testclient import TestClient  # noqa: E402

from masyu import formats  # noqa: E402
from masyu.service.app import Config, create_app  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
GRID = "\n".join(formats.parse((EXAMPLES / "puzzle.txt").read_text()).grid)
LOOP = (EXAMPLES / "loop.txt").read_text()
# Thursday 3 December 2026, noon UTC
NOON = datetime.datetime(2026, 12, 3, 12, tzinfo=datetime.timezone.utc).timestamp()
TODAY = "2026-12-03"


class FakeClock:
    def __init__(self, t: float = NOON) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def stored_daily(date: datetime.date) -> dict[str, Any]:
    return {"date": date.isoformat(), "rows": 6, "cols": 6, "puzzle": GRID,
            "difficulty": {"band": "easy", "level": 1, "score": 1}}


def _postgres() -> str | None:
    url = os.environ.get("MASYU_TEST_POSTGRES_URL")
    if not url:
        if os.environ.get("MASYU_REQUIRE_POSTGRES") == "1":
            pytest.fail("MASYU_REQUIRE_POSTGRES=1 but MASYU_TEST_POSTGRES_URL is not set")
        pytest.skip("no PostgreSQL: set MASYU_TEST_POSTGRES_URL (.ci/run does)")
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    """A database URL (None: SQLite in the data folder), empty, dropped afterwards."""
    if request.param == "sqlite":
        yield None
        return
    url = _postgres()
    import sqlalchemy as sa
    from masyu.service.store import database_url
    url = database_url(url, tmp_path)
    schema = "t_" + secrets.token_hex(6)
    engine = sa.create_engine(url)
    with engine.begin() as c:
        c.exec_driver_sql(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in url else "?"
    yield f"{url}{sep}options=-csearch_path%3D{schema}"
    with engine.begin() as c:
        c.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
    engine.dispose()


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def app(tmp_path, database, clock):
    app = create_app(Config(data=tmp_path / "data", database=database, clock=clock,
                            daily=stored_daily))
    yield app
    app.state.service.store.close()


class Player:
    """One browser: its own cookies and CSRF token."""

    def __init__(self, app) -> None:
        self.client = TestClient(app)
        res = self.client.get("/api/v1/me")
        assert res.status_code == 200, res.text
        self.me = res.json()
        self.csrf = self.me["csrf"]

    def post(self, path: str, value: Any = None, csrf: str | None = "mine"):
        headers = {} if csrf is None else {"X-CSRF-Token": self.csrf if csrf == "mine" else csrf}
        return self.client.post(path, json=value if value is not None else {}, headers=headers)

    def start(self, date: str = TODAY):
        return self.post("/api/v1/attempts", {"date": date, "mode": "attack"})

    def finish(self, token: str, moves, loop: str = LOOP, csrf: str | None = "mine"):
        return self.post(f"/api/v1/attempts/{token}/finish", {"loop": loop, "moves": moves},
                         csrf=csrf)


def solution_moves(step_ms: int = 1000, start_ms: int = 0) -> list[list[int]]:
    """The stored loop's edges drawn one a ``step_ms``, row by row."""
    loop = formats.parse_loop(LOOP, 6, 6)
    return [[start_ms + k * step_ms, a[0], a[1], b[0], b[1], 1]
            for k, (a, b) in enumerate(sorted(loop.edges))]


@pytest.fixture
def player(app):
    def make() -> Player:
        return Player(app)
    return make
