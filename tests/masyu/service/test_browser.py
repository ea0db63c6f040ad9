"""The service's page in real headless browsers, played as people play it: two players,
each in a browser of its own (its own cookies and storage), open the same day's time
attack and draw the loop by clicking the board (the real play.js and service.js, through
Selenium's mouse: :class:`tests.masyu.play.browser.Page`).  The server times both ranked
attempts; the leaderboard lists both in the order of its times, each player sees their
own rank, tracker and stats and no one else's.  The puzzle and its loop are the stored
ones of examples/ (the independent source of the solution).

Without a browser these tests skip, unless ``MASYU_REQUIRE_BROWSER=1`` (``.ci/run``)."""
from __future__ import annotations

import json
import math
import socket
import threading
import time

import pytest

from masyu import formats

from ..play.browser import Page, chrome
from .conftest import LOOP, stored_daily

WAIT = 30


@pytest.fixture
def served(tmp_path, database):
    import uvicorn

    from masyu.service.app import Config, create_app

    app = create_app(Config(data=tmp_path / "data", database=database, daily=stored_daily))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + WAIT
    while not server.started and time.time() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/", app
    server.should_exit = True
    thread.join(10)
    app.state.service.store.close()


def text(page: Page, css: str) -> str:
    return page.js(f"return document.querySelector('{css}').textContent")


def api(page: Page, path: str):
    """A GET of the API from inside the page: with that player's own cookie."""
    return json.loads(page.js("var x = new XMLHttpRequest(); x.open('GET', arguments[0], false);"
                              "x.send(); return x.responseText", path))


def join(page: Page, url: str, date: str, name: str) -> None:
    """Open the day's time attack, name the player, wait for the ranked attempt."""
    page.d.get(f"{url}?mode=attack&date={date}")
    page.wait(lambda: page.js("return !!masyuPlay.puzzle && "
                              "!document.getElementById('service').hidden"))
    page.wait(lambda: text(page, "#svc-attempt").startswith("Ranked"))
    page.el("#svc-name").send_keys(name)
    page.click("#svc-name-form button")
    page.wait(lambda: text(page, "#svc-name-status") == "Saved.")


def solve_by_clicks(page: Page, loop, pause: float) -> str:
    """Click every edge of the loop on the board; the server's verdict line."""
    for a, b in sorted(loop.edges):
        time.sleep(pause)
        page.click_edge(a, b)
    page.wait(lambda: "Solved" in page.text("#status"))
    page.wait(lambda: text(page, "#svc-attempt").startswith(("Server time", "Not counted")))
    return text(page, "#svc-attempt")


def test_two_players_race_the_same_day_by_clicks_and_each_sees_their_own(served):
    url, app = served
    today = app.state.service.today().isoformat()
    loop = formats.parse_loop(LOOP, 6, 6)
    ann, bob = Page(chrome(), url), Page(chrome(), url)
    try:
        join(ann, url, today, "Ann")
        join(bob, url, today, "Bob")
        assert ann.js("return masyuPlay.puzzle.puzzle") == bob.js("return masyuPlay.puzzle.puzzle")
        said = solve_by_clicks(ann, loop, 0)
        assert said.startswith("Server time") and "rank 1" in said
        said = solve_by_clicks(bob, loop, 0.1)       # Bob clicks slower: 14 x 100 ms at least
        assert said.startswith("Server time") and "rank 2" in said, said
        # the service's own times, as its API gives them
        board = api(ann, f"/api/v1/leaderboard?date={today}")
        assert [e["name"] for e in board["entries"]] == ["Ann", "Bob"]
        secs = [e["seconds"] for e in board["entries"]]
        assert secs[0] < secs[1] and secs[1] >= 0.1 * (len(loop.edges) - 1)
        ann.d.refresh()
        rows = ann.wait(lambda: ann.js(
            "var r = [...document.querySelectorAll('#svc-board-rows tr')];"
            "return r.length == 2 && r.map(x => [...x.cells].map(c => c.textContent))"))
        assert [r[:2] for r in rows] == [["1", "Ann"], ["2", "Bob"]]
        shown = [math.floor(s + 0.5) for s in secs]  # JavaScript's Math.round: halves go up
        assert [r[2] for r in rows] == [f"{t // 60}:{t % 60:02d}" for t in shown]
        # each player: their own rank, tracker and stats, and no one else's
        for page, rank, mine in ((ann, 1, secs[0]), (bob, 2, secs[1])):
            page.wait(lambda: text(page, "#svc-board-me").startswith(f"You: #{rank} "))
            [day] = [d for d in api(page, f"/api/v1/tracker?month={today[:7]}")["days"]]
            assert day["date"] == today and day["on_day"] and day["seconds"] == mine
            page.wait(lambda: f"{today}: " in text(page, "#svc-days"))
            assert text(page, "#svc-streak").startswith("Streak 1")
            me = api(page, "/api/v1/me")
            assert me["name"] == ("Ann" if rank == 1 else "Bob")
        assert ann.d.get_cookies() != bob.d.get_cookies()
    finally:
        ann.d.quit()
        bob.d.quit()
