"""CLI verbs for playing: daily (print the day's puzzle) and play (the page in a browser)."""
from __future__ import annotations

import datetime
import webbrowser
from typing import Optional

from .common import fail, say
from .declare import option
from .outputs import emit
from ..daily import daily as daily_puzzle, parse_date
from ..play import make_server


DAILY = (option("date", "--date", help="The day, YYYY-MM-DD (default: today)."),)
PLAY = (
    option("host", "--host", default="127.0.0.1", help="The address to listen on."),
    option("port", "--port", kind=int, default=8000, help="The port (0: any free one)."),
    option("no_browser", "--no-browser", kind=bool, default=False, help="Do not open a browser."),
    option("verbose", "--verbose", "-v", kind=bool, default=False, help="Log every request."),
)
PARAMS = {"daily": DAILY, "play": PLAY}


def daily(date: Optional[str]) -> None:
    """Print the day's puzzle.

    In the collection format; the same date gives the same puzzle everywhere.
    Monday and Tuesday 8x8, Wednesday and Thursday 10x10, Friday and Saturday
    12x12, Sunday 20x20; one solution, no guessing needed.

    Example: masyu daily --date 2024-05-06
    """
    day = parse_date(date, "--date") if date is not None else datetime.date.today()
    emit(daily_puzzle(day).to_collection())


def play(host: str, port: int, no_browser: bool, verbose: bool) -> int:
    """Play in the browser.

    The daily puzzle, time attack and zen mode, served on this machine.
    Ctrl-C stops the server (exit 130).

    Example: masyu play --port 8000   (runs until Ctrl-C)
    """
    try:
        server = make_server(host, port, verbose=verbose)
    except OSError as err:
        fail(f"cannot listen on {host}:{port}: {err.strerror or err}", "--port")
    with server:
        say(f"masyu: playing at {server.url} (Ctrl-C stops)")
        server.prefetch(datetime.date.today())
        if not no_browser:
            webbrowser.open(server.url)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            say("masyu: stopped")
            return 130
    return 0
