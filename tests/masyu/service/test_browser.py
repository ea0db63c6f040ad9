"""The service's panel in real headless browsers: two players, each in a browser of its
own (its own cookies), race the same time attack; the leaderboard lists both in the
order of the service's times.  The page's events (play.js's masyu:start, masyu:move,
masyu:solved) are dispatched as play.js does, drawing the stored loop of examples/.

Without a browser these tests skip, unless ``MASYU_REQUIRE_BROWSER=1`` (``.ci/run``)."""
from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time

import pytest

from .conftest import LOOP, solution_moves, stored_daily

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


def _browser():
    missing = [n for n in ("chromium", "chromedriver") if not shutil.which(n)]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium")
    if missing:
        if os.environ.get("MASYU_REQUIRE_BROWSER") == "1":
            pytest.fail(f"no browser: missing {', '.join(missing)} (MASYU_REQUIRE_BROWSER=1)")
        pytest.skip(f"no browser: missing {', '.join(missing)}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1000", "--disable-extensions"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def wait(driver, script: str, timeout: float = WAIT):
    deadline = time.time() + timeout
    while time.time() < deadline:
        got = driver.execute_script(script)
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for: {script}")


def play(driver, date: str, moves, step: float) -> None:
    """A time attack as play.js reports it: its start, each move, the solve."""
    driver.execute_script(
        "dispatchEvent(new CustomEvent('masyu:start', {detail: {date: arguments[0], "
        "mode: 'attack'}}))", date)
    wait(driver, "return document.getElementById('svc-attempt').textContent"
                 ".startsWith('Ranked')")
    for m in moves:
        time.sleep(step)
        driver.execute_script(
            "dispatchEvent(new CustomEvent('masyu:move', {detail: arguments[0]}))",
            {"t": m[0] / 1000, "r1": m[1], "c1": m[2], "r2": m[3], "c2": m[4], "v": m[5]})
    driver.execute_script(
        "dispatchEvent(new CustomEvent('masyu:solved', {detail: {date: arguments[0], "
        "mode: 'attack', loop: arguments[1], seconds: 0, penalties: []}}))", date, LOOP)


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_two_browsers_race_and_the_board_shows_both_in_order(served):
    url, app = served
    today = app.state.service.today().isoformat()
    ann, bob = _browser(), _browser()
    try:
        for driver, name in ((ann, "Ann"), (bob, "Bob")):
            driver.get(url)
            wait(driver, "return !document.getElementById('service').hidden")
            driver.find_element("id", "svc-name").send_keys(name)
            driver.find_element("css selector", "#svc-name-form button").click()
            wait(driver, "return document.getElementById('svc-name-status').textContent"
                         " === 'Saved.'")
        moves = solution_moves()
        play(ann, today, moves, 0)
        wait(ann, "return document.getElementById('svc-attempt').textContent"
                  ".startsWith('Server time')")
        play(bob, today, moves, 0.05)              # Bob draws slower: 30 x 50 ms at least
        text = wait(bob, "var t = document.getElementById('svc-attempt').textContent;"
                         "return t.startsWith('Server time') && t")
        assert "rank 2" in text
        ann.refresh()
        rows = wait(ann, "var r = [...document.querySelectorAll('#svc-board-rows tr')];"
                         "return r.length == 2 && r.map(x => [...x.cells].map(c => c.textContent))")
        assert [r[:2] for r in rows] == [["1", "Ann"], ["2", "Bob"]]
        # the service's own times, as its API gives them
        board = json.loads(ann.execute_script(
            "var x = new XMLHttpRequest(); x.open('GET', '/api/v1/leaderboard', false);"
            "x.send(); return x.responseText"))
        secs = [e["seconds"] for e in board["entries"]]
        assert secs[0] < secs[1] and secs[1] >= 1.5 and [e["name"] for e in board["entries"]] \
            == ["Ann", "Bob"]
        assert [r[2] for r in rows] == [f"{int(round(s)) // 60}:{int(round(s)) % 60:02d}"
                                        for s in secs]
    finally:
        ann.quit()
        bob.quit()
