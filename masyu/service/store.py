"""The service's storage: one small repository over SQLAlchemy Core.

SQLite (WAL) in the data folder by default, PostgreSQL by URL.  Every statement is
built by SQLAlchemy with bound parameters (no SQL text from a request).  The schema
is ``TABLES`` here, versioned by the Alembic migrations in ``migrations/`` (run by
:func:`migrate` at start); ``tests/masyu/service/test_store.py`` checks that they agree.

Times are seconds since the epoch (the service's clock), dates ISO text.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Iterator

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine

DB_FILE = "masyu.db"

metadata = sa.MetaData()
players = sa.Table(
    "players", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("secret_hash", sa.String(64), nullable=False),
    sa.Column("name", sa.String(24), nullable=True),
    sa.Column("created_at", sa.Float(53), nullable=False),
)
transfers = sa.Table(
    "transfers", metadata,
    sa.Column("code_hash", sa.String(64), primary_key=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("expires_at", sa.Float(53), nullable=False),
)
puzzles = sa.Table(
    "puzzles", metadata,
    sa.Column("date", sa.String(10), primary_key=True),
    sa.Column("grid", sa.Text, nullable=False),
    sa.Column("answer", sa.Text, nullable=False),     # /api/daily's JSON: made once, shared
)
attempts = sa.Table(
    "attempts", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("date", sa.String(10), nullable=False),
    sa.Column("ranked", sa.Boolean, nullable=False),
    sa.Column("started_at", sa.Float(53), nullable=False),
    sa.Column("finished_at", sa.Float(53), nullable=True),
    sa.Column("clock_seconds", sa.Float(53), nullable=True),
    sa.Column("penalties", sa.Integer, nullable=False, server_default="0"),
    sa.Column("hints", sa.Integer, nullable=False, server_default="0"),
    sa.Column("penalty_seconds", sa.Integer, nullable=False, server_default="0"),
    sa.Column("seconds", sa.Float(53), nullable=True),
    sa.Column("solved", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("flawless", sa.Boolean, nullable=False, server_default=sa.false()),
)
# One ranked attempt per player and day; the day's board reads by date.
sa.Index("attempts_one_ranked", attempts.c.player_id, attempts.c.date, unique=True,
         sqlite_where=attempts.c.ranked, postgresql_where=attempts.c.ranked)
sa.Index("attempts_board", attempts.c.date, attempts.c.ranked, attempts.c.seconds)
sa.Index("attempts_player", attempts.c.player_id, attempts.c.date)
TABLES = metadata


def database_url(url: str | None, data: Path) -> str:
    """The SQLAlchemy URL: SQLite in ``data`` without ``url``; ``postgresql://`` URLs
    use psycopg (version 3)."""
    if not url:
        return f"sqlite:///{(data / DB_FILE).as_posix()}"
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain):]
    return url


def make_engine(url: str) -> Engine:
    """An engine; SQLite in WAL mode, each write transaction ``BEGIN IMMEDIATE`` (so two
    processes never both hold a read lock they then upgrade: SQLite's deadlock)."""
    if not url.startswith("sqlite"):
        return sa.create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)
    engine = sa.create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

    @sa.event.listens_for(engine, "connect")
    def _connect(dbapi: Any, _record: Any) -> None:
        dbapi.isolation_level = None          # the driver's own BEGINs off: ours below
        cur = dbapi.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    @sa.event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write")
                             else "BEGIN")
    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (Alembic, ``migrations/`` in this package)."""
    cfg = Config()
    cfg.set_main_option("script_location",
                        str(resources.files(__package__).joinpath("migrations")))
    with engine.connect() as conn:
        conn.execution_options(write=True)
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
        conn.commit()


@dataclass(frozen=True)
class Attempt:
    id: str
    player_id: str
    date: str
    ranked: bool
    started_at: float
    finished_at: float | None
    clock_seconds: float | None
    penalties: int
    hints: int
    penalty_seconds: int
    seconds: float | None
    solved: bool
    flawless: bool


def _attempt(row: Any) -> Attempt:
    return Attempt(**{k: row._mapping[k] for k in Attempt.__dataclass_fields__})


class Store:
    """The repository: every read and write the service makes, by name."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @contextlib.contextmanager
    def _write(self) -> Iterator[Connection]:
        with self.engine.connect() as conn:
            conn.execution_options(write=True)
            with conn.begin():
                yield conn

    @contextlib.contextmanager
    def _read(self) -> Iterator[Connection]:
        with self.engine.connect() as conn:
            with conn.begin():
                yield conn

    def close(self) -> None:
        self.engine.dispose()

    # -- players ----------------------------------------------------------------

    def add_player(self, player_id: str, secret_hash: str, now: float) -> None:
        with self._write() as c:
            c.execute(players.insert().values(id=player_id, secret_hash=secret_hash,
                                              created_at=now))

    def player(self, player_id: str) -> dict[str, Any] | None:
        with self._read() as c:
            row = c.execute(players.select().where(players.c.id == player_id)).first()
        return dict(row._mapping) if row else None

    def set_name(self, player_id: str, name: str | None) -> None:
        with self._write() as c:
            c.execute(players.update().where(players.c.id == player_id).values(name=name))

    def add_transfer(self, code_hash: str, player_id: str, expires_at: float) -> None:
        with self._write() as c:
            c.execute(transfers.delete().where(transfers.c.player_id == player_id))
            c.execute(transfers.insert().values(code_hash=code_hash, player_id=player_id,
                                                expires_at=expires_at))

    def take_transfer(self, code_hash: str, now: float, secret_hash: str) -> str | None:
        """The player of a live transfer code, its secret replaced (the old device's
        cookie stops working); the code is used up.  None for an unknown or old code."""
        with self._write() as c:
            row = c.execute(transfers.select().where(transfers.c.code_hash == code_hash)).first()
            if row is None:
                return None
            c.execute(transfers.delete().where(transfers.c.code_hash == code_hash))
            if row.expires_at < now:
                return None
            c.execute(players.update().where(players.c.id == row.player_id)
                      .values(secret_hash=secret_hash))
            return row.player_id

    # -- puzzles ----------------------------------------------------------------

    def puzzle(self, date: str) -> str | None:
        """The grid text of the day's puzzle, if made."""
        with self._read() as c:
            return c.execute(sa.select(puzzles.c.grid).where(puzzles.c.date == date)).scalar()

    def answer(self, date: str) -> str | None:
        """The day's /api/daily JSON text, if made."""
        with self._read() as c:
            return c.execute(sa.select(puzzles.c.answer).where(puzzles.c.date == date)).scalar()

    def put_puzzle(self, date: str, grid: str, answer: str) -> None:
        """Keep a day's puzzle (another process may have kept it first: the same one)."""
        try:
            with self._write() as c:
                if c.execute(sa.select(puzzles.c.date).where(puzzles.c.date == date)).first() \
                        is None:
                    c.execute(puzzles.insert().values(date=date, grid=grid, answer=answer))
        except sa.exc.IntegrityError:
            pass

    # -- attempts ---------------------------------------------------------------

    def attempt(self, attempt_id: str) -> Attempt | None:
        with self._read() as c:
            row = c.execute(attempts.select().where(attempts.c.id == attempt_id)).first()
        return _attempt(row) if row else None

    def start(self, attempt_id: str, player_id: str, date: str, ranked: bool,
              now: float) -> Attempt:
        """A new attempt; a ranked one only if the player has none that day (else the
        open ranked one goes on, its clock running; a finished one makes this practice).
        Two starts at once: the index lets one ranked attempt in, the other reads it."""
        try:
            return self._start(attempt_id, player_id, date, ranked, now)
        except sa.exc.IntegrityError:
            return self._start(attempt_id, player_id, date, ranked, now)

    def _start(self, attempt_id: str, player_id: str, date: str, ranked: bool,
               now: float) -> Attempt:
        with self._write() as c:
            if ranked:
                row = c.execute(attempts.select().where(
                    attempts.c.player_id == player_id, attempts.c.date == date,
                    attempts.c.ranked)).first()
                if row is not None:
                    if row.finished_at is None:
                        return _attempt(row)
                    ranked = False
            values = dict(id=attempt_id, player_id=player_id, date=date, ranked=ranked,
                          started_at=now, penalties=0, hints=0, penalty_seconds=0,
                          solved=False, flawless=False)
            c.execute(attempts.insert().values(**values))
            row = c.execute(attempts.select().where(attempts.c.id == attempt_id)).first()
            return _attempt(row)

    def finish(self, attempt_id: str, player_id: str, now: float, **values: Any) -> bool:
        """Close an open attempt of this player; False if it was closed already."""
        with self._write() as c:
            done = c.execute(attempts.update().where(
                attempts.c.id == attempt_id, attempts.c.player_id == player_id,
                attempts.c.finished_at.is_(None)).values(finished_at=now, **values))
            return done.rowcount == 1

    def add_hint(self, player_id: str, date: str) -> Attempt | None:
        """Count a hint against the player's open ranked attempt of ``date``, if any."""
        with self._write() as c:
            where = (attempts.c.player_id == player_id, attempts.c.date == date,
                     attempts.c.ranked, attempts.c.finished_at.is_(None))
            c.execute(attempts.update().where(*where).values(hints=attempts.c.hints + 1))
            row = c.execute(attempts.select().where(*where)).first()
            return _attempt(row) if row else None

    # -- boards and the tracker -------------------------------------------------

    def board(self, date: str, limit: int) -> tuple[list[dict[str, Any]], int]:
        """The day's ranked solves, fastest first (ties: who finished first), the first
        ``limit`` of them with the players' names; and how many there are."""
        where = (attempts.c.date == date, attempts.c.ranked, attempts.c.solved)
        with self._read() as c:
            rows = c.execute(
                sa.select(attempts.c.player_id, attempts.c.seconds, attempts.c.penalty_seconds,
                          attempts.c.flawless, players.c.name)
                .join(players, players.c.id == attempts.c.player_id).where(*where)
                .order_by(attempts.c.seconds, attempts.c.finished_at, attempts.c.id)
                .limit(limit)).all()
            total = c.execute(sa.select(sa.func.count()).select_from(attempts).where(*where)).scalar()
        return [dict(r._mapping) for r in rows], int(total or 0)

    def rank(self, date: str, player_id: str) -> tuple[int, int, Attempt] | None:
        """The player's rank on the day's board, the board's size, and the solve."""
        with self._read() as c:
            row = c.execute(attempts.select().where(
                attempts.c.date == date, attempts.c.ranked, attempts.c.solved,
                attempts.c.player_id == player_id)).first()
            if row is None:
                return None
            mine = _attempt(row)
            where = (attempts.c.date == date, attempts.c.ranked, attempts.c.solved)
            ahead = c.execute(sa.select(sa.func.count()).select_from(attempts).where(
                *where, sa.or_(attempts.c.seconds < mine.seconds,
                               sa.and_(attempts.c.seconds == mine.seconds,
                                       attempts.c.finished_at < mine.finished_at)))).scalar()
            total = c.execute(sa.select(sa.func.count()).select_from(attempts)
                              .where(*where)).scalar()
        return int(ahead) + 1, int(total), mine

    def solves(self, player_id: str, first: str | None = None,
               last: str | None = None) -> list[Attempt]:
        """The player's solved attempts (ranked and practice), by date, between two dates."""
        where = [attempts.c.player_id == player_id, attempts.c.solved]
        if first:
            where.append(attempts.c.date >= first)
        if last:
            where.append(attempts.c.date <= last)
        with self._read() as c:
            rows = c.execute(attempts.select().where(*where)
                             .order_by(attempts.c.date, attempts.c.finished_at)).all()
        return [_attempt(r) for r in rows]
