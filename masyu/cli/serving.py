"""CLI verb serve: Daily Masyu for many players (masyu.service; the ``service`` extra)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

from .common import fail, say
from .declare import option

try:   # the optional service extra: masyu serve says how to install it
    from ..service import running
except ImportError as missing:
    running, MISSING = None, missing.name

SERVE = (
    option("host", "--host", default="127.0.0.1", help="The address to listen on."),
    option("port", "--port", kind=int, default=8000, help="The port."),
    option("data", "--data", help="The data folder: the signing key and the SQLite database "
           "(default: $XDG_DATA_HOME/masyu, ~/.local/share/masyu)."),
    option("database", "--database", help="A PostgreSQL URL, postgresql://user@host/db "
           "(default: SQLite in the data folder)."),
    option("workers", "--workers", kind=int, default=1, help="Server processes."),
    option("verbose", "--verbose", "-v", kind=bool, default=False, help="Log every request."),
)
PARAMS = {"serve": SERVE}


def serve(host: str, port: int, data: Optional[str], database: Optional[str], workers: int,
          verbose: bool) -> int:
    """Serve Daily Masyu to many players.

    The page, players, ranked time attacks, leaderboards and the tracker (docs/service.md).
    Needs the service extra: pip install 'xcc-masyu[service]'.  Ctrl-C stops it.

    Example: masyu serve --data masyu-data --port 8000   (runs until Ctrl-C)
    """
    listening = []
    if running is None:
        fail(f"masyu serve needs the service extra ({MISSING} is missing): "
             "pip install 'xcc-masyu[service]'", "serve")
    folder = Path(data) if data else running.default_data()

    def ready() -> None:
        listening.append(True)
        say(f"masyu: playing at http://{host}:{port}/ for many players (data in {folder}; "
            "Ctrl-C stops)")
    try:
        running.serve(host, port, folder, database, workers, verbose, ready=ready)
    except KeyboardInterrupt:   # uvicorn hands a Ctrl-C it caught back once it has stopped
        pass
    # one line, whenever the Ctrl-C (or SIGTERM) came: before listening or after
    say("masyu: stopped" if listening else "masyu: interrupted")
    return 130
