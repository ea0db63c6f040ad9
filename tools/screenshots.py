"""Screenshots of ``masyu play`` and ``masyu serve`` for docs/img: each mode in both
themes, the colour-blind mode once, a hint (ivory, and colour-blind on slate), the views
of issue 32 (the tracker with times, flawless marks, milestones and stats; keyboard play
with its cursor; a phone's Sunday), and the service's panel after two players raced the
day's time attack by clicks (desktop and phone), taken with the headless chromium the
browser tests use.  Rerun it after changing the page; it overwrites the files.

    .venv/bin/python tools/screenshots.py            # docs/img/play-*.png, service-*.png
    .venv/bin/python tools/screenshots.py service    # only the service's

Needs Debian's chromium and chromium-driver and selenium (the dev extra).  The
boards are set up as a player would leave them: the drawing is put in the page's
local storage (the day's solution, or part of it) or drawn by clicks.
"""
from __future__ import annotations

import datetime
import json
import random
import shutil
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from masyu.daily import daily  # noqa: E402
from masyu.play import make_server  # noqa: E402

OUT = ROOT / "docs" / "img"
DATE = "2024-05-08"          # a Wednesday: 10x10
CELL = 40                    # board.js: viewBox units per cell (and half a cell of margin)
LINE, TENTATIVE, CROSS = 1, 2, 3


def edge_name(a, b) -> str:
    (r1, c1), (r2, c2) = sorted([a, b])
    return f"h:{r1}:{c1}" if r1 == r2 else f"v:{r1}:{c1}"


def cells_of(edge: str) -> list[tuple[int, int]]:
    r, c = map(int, edge[2:].split(":"))
    return [(r, c), (r, c + 1)] if edge[0] == "h" else [(r, c), (r + 1, c)]


def path_edges(loop) -> list[str]:
    """The loop's edges in the order one walks it (so "half drawn" is one piece)."""
    [cells] = loop.components()
    return [edge_name(cells[k], cells[(k + 1) % len(cells)]) for k in range(len(cells))]


class Shooter:
    def __init__(self, driver, url: str) -> None:
        self.d, self.url = driver, url

    def open(self, query: str, store: dict) -> None:
        self.d.get(self.url)
        self.d.execute_script("localStorage.clear();"
                              "localStorage.setItem('masyu-play-v1', arguments[0]);",
                              json.dumps(store))
        self.d.get(self.url + query)
        WebDriverWait(self.d, 60).until(lambda d: d.execute_script(
            "return !!masyuPlay.puzzle"))

    def click_edge(self, a, b) -> None:
        w, h, vw, vh = self.d.execute_script(
            "const r = document.getElementById('board').getBoundingClientRect();"
            "const v = document.getElementById('board').viewBox.baseVal;"
            "return [r.width, r.height, v.width, v.height];")
        y = CELL / 2 + ((a[0] + b[0]) / 2 + 0.5) * CELL
        x = CELL / 2 + ((a[1] + b[1]) / 2 + 0.5) * CELL
        board = self.d.find_element(By.ID, "board")
        ActionChains(self.d, duration=0).move_to_element_with_offset(
            board, round(x * w / vw - w / 2), round(y * h / vh - h / 2)).click().perform()

    def shot(self, name: str) -> None:
        self.d.execute_script("window.scrollTo(0, 0)")
        path = OUT / f"play-{name}.png"
        self.d.save_screenshot(str(path))
        print(path.relative_to(ROOT))


def chrome(size: str = "1280,900"):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={size}", "--hide-scrollbars"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    if sys.argv[1:] == ["service"]:
        service()
        return
    day = daily(DATE)
    walk = path_edges(day.loop)
    on = set(walk)
    half = walk[: len(walk) // 2]
    # X marks on edges beside the drawn part that the solution does not use
    crosses = []
    for e in half[:12]:
        r, c = map(int, e[2:].split(":"))
        for cand in ([f"v:{r}:{c}", f"v:{r - 1}:{c}"] if e[0] == "h" else
                     [f"h:{r}:{c}", f"h:{r}:{c - 1}"]):
            if cand not in on and cand not in crosses and "-" not in cand:
                crosses.append(cand)
    partial = {e: LINE for e in half}
    partial.update({e: CROSS for e in crosses[:6]})
    partial.update({e: TENTATIVE for e in walk[len(walk) // 2: len(walk) // 2 + 4]})
    solved = {"edges": {e: LINE for e in walk}, "seconds": 412, "solved": True}
    history = {"2024-05-06": {"solved": True, "seconds": 140, "time": 140,
                              "solvedOn": "2024-05-06", "solvedAt": 1, "flawless": True},
               "2024-05-07": {"solved": True, "seconds": 233, "time": 233,
                              "solvedOn": "2024-05-07", "solvedAt": 2}}

    srv = make_server("127.0.0.1", 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    driver = chrome()
    s = Shooter(driver, srv.url)
    try:
        for theme in ("ivory", "slate"):
            settings = {"theme": theme}
            # Daily: the day solved (ivory), or half drawn with X marks and dashes (slate).
            rec = solved if theme == "ivory" else {"edges": partial, "seconds": 95}
            s.open(f"?date={DATE}&mode=daily",
                   {"settings": settings, "daily": dict(history, **{DATE: rec})})
            s.shot(f"daily-{theme}")
            # Time attack: a false closure drawn by clicks, its penalty and its marks.
            s.open(f"?date={DATE}&mode=attack", {"settings": settings, "daily": history,
                                                 "attack": {DATE: {"edges": {e: LINE for e in
                                                                             half[:6]},
                                                                   "seconds": 48}}})
            puzzle = day.puzzle
            drawn = {cell for e in half[:6] for cell in cells_of(e)}
            r, c = next((r, c) for r in range(puzzle.rows - 1) for c in range(puzzle.cols - 1)
                        if not any(puzzle.pearl_at(x) or x in drawn for x in
                                   [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]))
            for a, b in [((r, c), (r, c + 1)), ((r, c + 1), (r + 1, c + 1)),
                         ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c))]:
                s.click_edge(a, b)
            WebDriverWait(driver, 30).until(lambda d: d.find_element(
                By.ID, "penalty").get_attribute("data-count") == "1")
            s.shot(f"attack-{theme}")
            # Zen: a 12x12 with more black pearls than white, a few lines drawn.
            s.open("?mode=zen", {"settings": settings})
            driver.execute_script("""
                for (const [id, v] of [['zen-size', 12], ['zen-white', 8], ['zen-black', 16]]) {
                  const el = document.getElementById(id); el.value = v;
                  el.dispatchEvent(new Event('input'));
                }
                document.getElementById('zen-new').click();""")
            WebDriverWait(driver, 60).until(lambda d: d.execute_script(
                "return masyuPlay.puzzle && masyuPlay.puzzle.rows === 12"))
            for a, b in [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 0), (1, 0))]:
                s.click_edge(a, b)
            s.shot(f"zen-{theme}")
        # Colour-blind, once: the half-drawn day checked on request, its problems marked.
        s.open(f"?date={DATE}&mode=daily&cb=1",
               {"settings": {"theme": "ivory", "cb": True},
                "daily": {DATE: {"edges": partial, "seconds": 95}}})
        driver.find_element(By.ID, "check").click()
        WebDriverWait(driver, 30).until(lambda d: d.execute_script(
            "return document.querySelectorAll('#board rect.bad').length > 0"))
        s.shot("colorblind")
        hints(driver, s, day, walk)
        tracker(driver, s)
        keyboard(driver, s)
        phone(driver, s)
    finally:
        driver.quit()
        srv.shutdown()
        srv.server_close()
    service()


def hints(driver, s: Shooter, day, walk: list[str]) -> None:
    """A hint on the daily page with a few lines drawn: ivory, then colour-blind on slate."""
    for name, settings in (("hint-ivory", {"theme": "ivory"}),
                           ("hint-colorblind", {"theme": "slate", "cb": True})):
        s.open(f"?date={DATE}&mode=daily" + ("&cb=1" if settings.get("cb") else ""),
               {"settings": settings,
                "daily": {DATE: {"edges": {e: LINE for e in walk[:5]}, "seconds": 40}}})
        driver.find_element(By.ID, "hint").click()
        WebDriverWait(driver, 60).until(lambda d: d.find_element(
            By.ID, "hint-text").text.startswith("Hint"))
        s.shot(name)


def service() -> None:
    """``masyu serve`` (its app under uvicorn, a fresh data folder): Ann and Bob, each in a
    browser of their own, race today's time attack by clicking the day's loop; Bob's page
    then shows the panel (the service's time and rank, the leaderboard of both, tracker,
    stats, share): docs/img/service-panel.png at 1280 wide, service-phone.png at 390x844."""
    import socket
    import tempfile
    import time

    import uvicorn

    from masyu.service.app import Config, create_app

    app = create_app(Config(data=Path(tempfile.mkdtemp(prefix="masyu-shots-")),
                            rate_scale=1000.0))
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}/"
    today = app.state.service.today()
    loop = daily(today).loop
    drivers = []
    try:
        for name, pause in (("Ann", 0.0), ("Bob", 0.15)):
            driver = chrome("1280,1400")
            drivers.append(driver)
            s = Shooter(driver, url)
            s.open(f"?mode=attack&date={today.isoformat()}", {"settings": {"theme": "ivory"}})
            WebDriverWait(driver, 60).until(lambda d: d.execute_script(
                "return document.getElementById('svc-attempt').textContent"
                ".startsWith('Ranked')"))
            driver.find_element(By.ID, "svc-name").send_keys(name)
            driver.find_element(By.CSS_SELECTOR, "#svc-name-form button").click()
            for a, b in sorted(loop.edges):
                time.sleep(pause)
                s.click_edge(a, b)
            WebDriverWait(driver, 60).until(lambda d: d.execute_script(
                "return document.getElementById('svc-attempt').textContent"
                ".startsWith('Server time')"))
        bob = drivers[1]                      # second: his panel lists both, his rank 2
        WebDriverWait(bob, 60).until(lambda d: d.execute_script(
            "return document.querySelectorAll('#svc-board-rows tr').length == 2"))
        bob.find_element(By.ID, "svc-share").click()
        WebDriverWait(bob, 30).until(lambda d: d.find_element(By.ID, "svc-share-text")
                                     .is_displayed())
        bob.execute_script("window.scrollTo(0, 0)")
        path = OUT / "service-panel.png"
        bob.save_screenshot(str(path))
        print(path.relative_to(ROOT))
        bob.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
        bob.execute_script("document.getElementById('svc-attempt').scrollIntoView()")
        time.sleep(0.5)
        path = OUT / "service-phone.png"
        bob.save_screenshot(str(path))
        print(path.relative_to(ROOT))
    finally:
        for driver in drivers:
            driver.quit()
        server.should_exit = True
        app.state.service.store.close()


def tracker(driver, s: Shooter) -> None:
    """This month's calendar with times and flawless marks (three weeks solved on their day,
    one day solved later), the milestones and the stats, today's solve and its share text."""
    now = datetime.date.today()
    rng = random.Random(32)
    book = {}
    for k in range(1, 24):
        d = now - datetime.timedelta(days=k)
        if k in (9, 15):
            continue                                   # two days missed
        t = rng.randint(90, 900) if d.weekday() != 6 else rng.randint(900, 1700)
        book[d.isoformat()] = {"solved": True, "seconds": t, "time": t, "solvedAt": k,
                               "solvedOn": (d if k != 12 else now).isoformat(),
                               "flawless": rng.random() < 0.45}
    today = daily(now)
    book[now.isoformat()] = {"solved": True, "seconds": 261, "time": 261, "solvedAt": 99,
                             "solvedOn": now.isoformat(), "flawless": True,
                             "edges": {e: LINE for e in path_edges(today.loop)}}
    driver.set_window_size(1280, 1500)
    s.open(f"?date={now.isoformat()}&mode=daily", {"settings": {"theme": "ivory"}, "daily": book})
    driver.find_element(By.ID, "share").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "share-text").is_displayed())
    s.shot("tracker")
    driver.set_window_size(1280, 900)


def keyboard(driver, s: Shooter) -> None:
    """Keyboard play: the focused board, its cursor, lines drawn by Shift+arrows."""
    from selenium.webdriver.common.keys import Keys
    s.open(f"?date={DATE}&mode=daily", {"settings": {"theme": "ivory"}})
    driver.execute_script("document.getElementById('board').focus()")
    keys = ActionChains(driver, duration=0).send_keys(Keys.ARROW_DOWN, Keys.ARROW_RIGHT)
    for key in (Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_DOWN, Keys.ARROW_DOWN):
        keys.key_down(Keys.SHIFT).send_keys(key).key_up(Keys.SHIFT)
    keys.key_down(Keys.CONTROL).send_keys(Keys.ARROW_RIGHT).key_up(Keys.CONTROL)
    keys.perform()
    s.shot("keyboard")


def phone(driver, s: Shooter) -> None:
    """A 390x844 phone on a Sunday (20x20): cells of ~26 px, the board scrolls sideways."""
    sunday = "2024-05-12"
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    try:
        walk = path_edges(daily(sunday).loop)
        s.open(f"?date={sunday}&mode=daily",
               {"settings": {"theme": "ivory"},
                "daily": {sunday: {"edges": {e: LINE for e in walk[:40]}, "seconds": 300}}})
        s.shot("phone")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


if __name__ == "__main__":
    main()
