"""The repository: the migrations make the schema of store.TABLES, on both databases;
the data folder keeps the key (mode 600) and the SQLite database in WAL mode."""
from __future__ import annotations

import stat

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from masyu.service.store import TABLES, database_url, make_engine, migrate


def test_the_migrations_make_the_tables_of_the_store(tmp_path, database):
    engine = make_engine(database_url(database, tmp_path))
    migrate(engine)
    migrate(engine)                                  # at head: nothing to do
    with engine.connect() as c:
        diff = compare_metadata(MigrationContext.configure(c), TABLES)
        assert diff == []
        assert c.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0001"
    engine.dispose()


def test_the_data_folder_holds_the_key_and_a_wal_database(app, tmp_path, database):
    data = tmp_path / "data"
    key = data / "secret.key"
    assert len(key.read_bytes()) == 32 and stat.S_IMODE(key.stat().st_mode) == 0o600
    if database is None:
        with app.state.service.store.engine.connect() as c:
            assert c.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_starts_at_once_give_one_ranked_attempt(tmp_path, database):
    import threading

    from masyu.service.store import Store
    engine = make_engine(database_url(database, tmp_path))
    migrate(engine)
    store = Store(engine)
    store.add_player("p1", "h" * 64, 0.0)
    got, barrier = [], threading.Barrier(6)

    def start(k: int) -> None:
        barrier.wait()
        got.append(store.start(f"a{k}", "p1", "2026-12-03", True, float(k)))
    threads = [threading.Thread(target=start, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 6 and len({a.id for a in got}) == 1 and all(a.ranked for a in got)
    store.close()
