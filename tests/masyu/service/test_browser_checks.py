"""Issue 32's "Done when" in real headless browsers, the cases :mod:`.test_browser` leaves
to the API tests: a forged submission (an edited time, a reused attempt, another player's
cookie) sent from inside the players' own pages is refused and the leaderboard keeps the
server's time; and the tracker across days with a fake clock (streak, archive solve,
milestones) as the page shows it, on a phone's viewport too.  The puzzle and its loop are
the stored ones of examples/ (the independent source of the solution).

Without a browser these tests skip, unless ``MASYU_REQUIRE_BROWSER=1`` (``.ci/run``)."""
from __future__ import annotations

import contextlib
import datetime
import json
import socket
import threading
import time

import pytest

from masyu import formats

from ..play.browser import Page, chrome
from .conftest import LOOP, FakeClock, solution_moves, stored_daily
from .test_browser import api, join, solve_by_clicks, text

WAIT = 30
DAY = 24 * 3600


@contextlib.contextmanager
def serving(tmp_path, database, clock=time.time):
    """The service under uvicorn on a free loopback port: ``(url, app)``."""
    import uvicorn

    from masyu.service.app import Config, create_app

    app = create_app(Config(data=tmp_path / "data", database=database, daily=stored_daily,
                            clock=clock))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + WAIT
    while not server.started and time.time() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/", app
    finally:
        server.should_exit = True
        thread.join(10)
        app.state.service.store.close()


def post(page: Page, path: str, body) -> tuple[int, dict]:
    """A POST from inside the page, through its own fetch (so with that player's cookie and
    CSRF token, as the page sends them): ``(status, JSON)``."""
    got = page.d.execute_async_script(
        "const done = arguments[2];"
        "fetch(arguments[0], {method: 'POST', body: JSON.stringify(arguments[1]),"
        " headers: {'Content-Type': 'application/json'}})"
        ".then(async r => done([r.status, await r.text()]), e => done([0, String(e)]))",
        path, body)
    return got[0], json.loads(got[1])


def attempt_token(page: Page) -> str:
    """The ranked attempt's token, as service.js keeps its move log under it."""
    return page.wait(lambda: page.js(
        "const k = Object.keys(sessionStorage).find(k => k.startsWith("
        "'masyu-service-moves:')); return k && k.slice('masyu-service-moves:'.length)"))


def test_forged_submissions_from_the_players_pages_are_refused(tmp_path, database):
    loop = formats.parse_loop(LOOP, 6, 6)
    edges = sorted(loop.edges)
    with serving(tmp_path, database) as (url, app):
        today = app.state.service.today().isoformat()
        ann, eve = Page(chrome(), url), Page(chrome(), url)
        try:
            join(ann, url, today, "Ann")
            join(eve, url, today, "Eve")
            ann.click_edge(*edges[0])                   # Ann's ranked attempt is under way
            token = attempt_token(ann)
            finish = f"/api/v1/attempts/{token}/finish"
            moves = solution_moves(step_ms=10)
            # an edited time: a field the service does not take, and moves dated later
            # than the service's clock allows
            status, got = post(ann, finish, {"loop": LOOP, "moves": moves, "seconds": 1})
            assert status == 400 and "seconds" in got["error"], got
            late = [[m[0] + 3_600_000] + m[1:] for m in moves]
            assert post(ann, finish, {"loop": LOOP, "moves": late})[0] == 422
            # another player's cookie: Eve's page sends Ann's attempt (with Eve's own token)
            assert post(eve, finish, {"loop": LOOP, "moves": moves})[0] == 403
            # Ann finishes by clicks: the service times her
            for a, b in edges[1:]:
                ann.click_edge(a, b)
            ann.wait(lambda: "Solved" in ann.text("#status"))
            ann.wait(lambda: text(ann, "#svc-attempt").startswith(("Server time",
                                                                     "Not counted")))
            assert text(ann, "#svc-attempt").startswith("Server time"), text(ann, "#svc-attempt")
            # a reused attempt: the same token, the same (good) loop, once more
            status, got = post(ann, finish, {"loop": LOOP, "moves": moves})
            assert status == 409, got
            board = api(eve, f"/api/v1/leaderboard?date={today}")
            assert [e["name"] for e in board["entries"]] == ["Ann"]
            assert board["entries"][0]["seconds"] >= 0.0 and board["me"] is None
            assert api(ann, f"/api/v1/leaderboard?date={today}")["me"]["rank"] == 1
        finally:
            ann.d.quit()
            eve.d.quit()


def open_day(page: Page, url: str, date: str, label: str) -> None:
    """Open a day's time attack (the player known by the cookie) and wait for the panel's
    attempt line to start with ``label``."""
    page.d.get(f"{url}?mode=attack&date={date}")
    page.wait(lambda: page.js("const p = document.querySelector('#svc-attempt');"
                              "return !!p && p.textContent.startsWith(arguments[0])", label))


def metrics(page: Page, width: int, height: int) -> None:
    page.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})


def test_streak_milestones_and_an_archive_solve_across_days_with_a_fake_clock(tmp_path,
                                                                               database):
    # Sunday 1 to Tuesday 3 February 2026 solved on their days, Wednesday 4 missed and
    # solved on Thursday 5 from the archive: streak 3, then 0 (the API's rules, as
    # tests/masyu/service/test_tracker_api.py states them, seen on the page)
    clock = FakeClock(datetime.datetime(2026, 2, 1, 9,
                                        tzinfo=datetime.timezone.utc).timestamp())
    loop = formats.parse_loop(LOOP, 6, 6)
    with serving(tmp_path, database, clock) as (url, app):
        page = Page(chrome(), url)
        try:
            for k, date in enumerate(("2026-02-01", "2026-02-02", "2026-02-03")):
                if k == 0:
                    join(page, url, date, "Ann")
                else:
                    open_day(page, url, date, "Ranked")
                clock.advance(60)                       # the server's minute
                said = solve_by_clicks(page, loop, 0)
                assert said.startswith("Server time 1:00") and "rank 1" in said, said
                page.wait(lambda: text(page, "#svc-streak").startswith(f"Streak {k + 1} "))
                clock.advance(DAY - 60)
            clock.advance(DAY)                          # Thursday 5: Wednesday 4 missed
            open_day(page, url, "2026-02-04", "Practice")
            page.wait(lambda: text(page, "#svc-streak").startswith("Streak 0 · best 3"))
            clock.advance(50)
            said = solve_by_clicks(page, loop, 0)
            assert said.startswith("Server time") and "practice" in said, said
            # the panel opens at the server's month (its fake clock's), not the browser's
            page.wait(lambda: text(page, "#svc-month") != "")
            assert text(page, "#svc-month") == "2026-02"
            page.wait(lambda: "2026-02-04: " in text(page, "#svc-days"))
            days = text(page, "#svc-days")
            assert "2026-02-04: 0:50 ✓ (archive)" in days, (days, said)
            for date in ("2026-02-01", "2026-02-02", "2026-02-03"):
                assert f"{date}: 1:00 ✓" in days and f"{date}: 1:00 ✓ (archive)" not in days
            assert text(page, "#svc-streak") == "Streak 0 · best 3"
            # the milestones of February as the API gives them, shown with their progress
            stones = api(page, "/api/v1/tracker?month=2026-02")["milestones"]
            shown = page.js("return [...document.querySelectorAll('#svc-milestones li')]"
                            ".map(li => [li.textContent.trim(), "
                            "Number(li.querySelector('progress').value)])")
            assert [[("✓ " if m["done"] else "") + m["name"], m["progress"]]
                    for m in stones] == shown
            # four flawless solves of ten, the archive one too (the milestone's rule)
            flawless = next(m for m in stones if m["id"] == "ten-flawless")
            assert flawless["progress"] == pytest.approx(0.4) and not flawless["done"]
            # a phone: the service's panel fits the width and the streak line is there
            metrics(page, 390, 844)
            open_day(page, url, "2026-02-05", "Ranked")
            page.wait(lambda: text(page, "#svc-streak").startswith("Streak 0"))
            assert page.js("return document.documentElement.scrollWidth") <= 390 + 1
            assert page.js("return document.getElementById('service')"
                           ".getBoundingClientRect().width") <= 390
        finally:
            page.d.quit()
