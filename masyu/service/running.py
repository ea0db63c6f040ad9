"""Run the service: the data folder and its key, the migrations once, then uvicorn with
``workers`` processes (each builds the application from the environment:
:func:`masyu.service.app.from_environment`)."""
from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Callable

import uvicorn

import xcc

from ..errors import MasyuError
from . import app as application
from .players import load_key
from .store import database_url, make_engine, migrate


def default_data() -> Path:
    """``$XDG_DATA_HOME/masyu`` (``~/.local/share/masyu``): out of any source tree."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "masyu"


def prepare(data: Path, database: str | None) -> str:
    """Make the data folder and key, bring the schema up to date; the SQLAlchemy URL."""
    try:
        load_key(data)
    except OSError as err:
        raise MasyuError(f"cannot use the data folder: {err.strerror or err}", "--data") from None
    url = database_url(database, data)
    try:   # a Ctrl-C waits for the migration and the pool's close: no half-closed connection
        with xcc.textio.held_interrupt():   # (SQLAlchemy logs one with its traceback)
            engine = make_engine(url)
            migrate(engine)
            engine.dispose()
    except Exception as err:   # a bad URL, a server down, a refused password: one line
        raise MasyuError(f"cannot open the database: {str(err).splitlines()[0][:200]}",
                         "--database") from None
    return url


def serve(host: str, port: int, data: Path, database: str | None, workers: int,
          verbose: bool = False, ready: Callable[[], None] = lambda: None) -> None:
    """Serve until Ctrl-C (``ready`` is called once the database is ready)."""
    if not 0 <= port <= 65535:
        raise MasyuError(f"a port is a number from 0 to 65535, not {port}", "--port")
    if not 1 <= workers <= 64:
        raise MasyuError("from 1 to 64 worker processes", "--workers")
    prepare(data, database)
    os.environ[application.DATA_ENV] = str(data.resolve())
    if database:
        os.environ[application.DATABASE_ENV] = database
    config = uvicorn.Config("masyu.service.app:from_environment", factory=True, host=host,
                            port=port, workers=workers,
                            log_level="info" if verbose else "warning", server_header=False,
                            http="masyu.service.protocol:Protocol", timeout_keep_alive=15,
                            backlog=2048)
    if workers > 1:          # uvicorn's supervisor of worker processes
        ready()
        uvicorn.run(config.app, factory=True, host=host, port=port, workers=workers,
                    log_level=config.log_level, server_header=False,
                    http="masyu.service.protocol:Protocol", timeout_keep_alive=15,
                    backlog=2048)
        return
    server = uvicorn.Server(config)
    done = threading.Event()

    def announce() -> None:  # once listening: a Ctrl-C from then on stops it cleanly
        while not (server.started or done.wait(0.05)):
            pass
        if server.started:
            ready()
    threading.Thread(target=announce, daemon=True).start()
    try:
        server.run()
    finally:
        done.set()
    if not server.started and not server.should_exit:   # uvicorn said why (the port taken?)
        raise MasyuError("the server could not start (see above)", "--port")
