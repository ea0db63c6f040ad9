"""The page in a real headless browser (:mod:`.browser`: Debian's chromium, Selenium).

One browser session for the whole file.  Without a browser these tests skip, unless
``MASYU_REQUIRE_BROWSER=1`` (as ``.ci/run`` sets), when a missing browser is a failure.
The answers come from the library (``masyu.daily``'s loop, ``masyu.check``), not the page.
"""
from __future__ import annotations

import threading

import pytest

from masyu import Loop, Puzzle, check, count, hint
from masyu.daily import daily
from masyu.explain import Marks
from masyu.formats import parse_loop
from masyu.play import make_server

from .browser import Page, chrome


@pytest.fixture(scope="module")
def page():
    driver = chrome()
    srv = make_server("127.0.0.1", 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        yield Page(driver, srv.url)
    finally:
        driver.quit()
        srv.shutdown()
        srv.server_close()


def one_based(text: str) -> str:
    """The library's cells "(r, c)" count from 0; the page shows them from 1."""
    import re
    return re.sub(r"\((\d+), (\d+)\)", lambda m: f"({int(m[1]) + 1}, {int(m[2]) + 1})", text)


def name(a, b) -> str:
    """board.js's name of the edge between cells a and b."""
    (r1, c1), (r2, c2) = sorted([a, b])
    return f"h:{r1}:{c1}" if r1 == r2 else f"v:{r1}:{c1}"


def square(puzzle: Puzzle, r: int, c: int) -> Loop:
    """The 2x2 loop with top-left cell (r, c)."""
    return Loop(puzzle.rows, puzzle.cols, [((r, c), (r, c + 1)), ((r, c + 1), (r + 1, c + 1)),
                                           ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c))])


def test_drawing_the_days_solution_by_clicks_is_accepted(page):
    page.open("?date=2024-05-06")
    solution = daily("2024-05-06").loop
    assert page.puzzle() == daily("2024-05-06").puzzle
    page.draw(solution)
    page.wait(lambda: "Solved" in page.text("#status"))
    assert page.edges() == {name(a, b) for a, b in solution.edges}
    assert "solved" in page.el("#board").get_attribute("class")
    points = page.js("return [...document.querySelectorAll('#integrity li[data-point]')]"
                     ".map(li => li.className)")
    assert points == ["ok"] * 4
    assert page.js("return JSON.parse(localStorage['masyu-play-v1']).daily['2024-05-06'].solved")
    # a past day solved today is an archive solve: on the calendar, not in the streak
    classes = page.el('#calendar-days button[data-date="2024-05-06"]').get_attribute("class")
    assert "archive" in classes and "solved" not in classes.split()
    assert page.text("#streak").startswith("Streak: 0 days")


def test_a_wrong_loop_has_its_violations_marked_on_the_board(page):
    page.open("?date=2024-05-07")
    puzzle = page.puzzle()
    r, c = next((r, c) for r in range(puzzle.rows - 1) for c in range(puzzle.cols - 1)
                if not any(puzzle.pearl_at(x) for x in [(r, c), (r, c + 1), (r + 1, c),
                                                         (r + 1, c + 1)]))
    small = square(puzzle, r, c)
    page.draw(small)
    page.wait(lambda: page.js("return document.querySelectorAll('#board rect.bad').length > 0"))
    expected = {(f"{v.cell[0]},{v.cell[1]}", v.rule) for v in check(puzzle, small) if v.cell}
    marked = set(map(tuple, page.js("return [...document.querySelectorAll('#board rect.bad')]"
                                    ".map(e => [e.dataset.cell, e.dataset.rule])")))
    assert marked == expected and {rule for _, rule in marked} == {"pearl-off-loop"}
    assert "bad" in page.el('#integrity li[data-point="1"]').get_attribute("class")
    assert "ok" in page.el('#integrity li[data-point="4"]').get_attribute("class")
    assert "not the solution" in page.text("#status")


def test_time_attack_adds_30_seconds_for_a_false_closure_and_a_branch(page):
    page.open("?date=2024-05-07&mode=attack")
    puzzle = page.puzzle()
    r, c = next((r, c) for r in range(puzzle.rows - 2) for c in range(puzzle.cols - 1)
                if not any(puzzle.pearl_at(x) for x in [(r, c), (r, c + 1), (r + 1, c),
                                                         (r + 1, c + 1), (r + 2, c)]))
    page.draw(square(puzzle, r, c))  # closes a loop that is not the solution
    assert page.settled_penalties() == 1
    assert page.el("#penalty").get_attribute("data-count") == "1"
    assert "false loop closure" in page.text("#penalties")
    minutes, secs = page.text("#clock").split(":")
    assert int(minutes) * 60 + int(secs) >= 30
    page.click_edge((r + 1, c), (r + 2, c))     # a third line at (r + 1, c): refused
    assert page.settled_penalties() == 2
    assert "invalid move" in page.text("#penalties")
    assert name((r + 1, c), (r + 2, c)) not in page.edges()


def test_undo_and_redo_by_button_and_key_and_x_marks_and_drags(page):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    page.open("?date=2024-05-09")
    page.click_edge((0, 0), (0, 1))
    page.click_edge((0, 1), (1, 1))
    assert page.edges() == {"h:0:0", "v:0:1"}
    page.click("#undo")
    assert page.edges() == {"h:0:0"}
    page.click("#redo")
    assert page.edges() == {"h:0:0", "v:0:1"}
    ActionChains(page.d, duration=0).key_down(Keys.CONTROL).send_keys("z").key_up(
        Keys.CONTROL).perform()
    assert page.edges() == {"h:0:0"}
    page.click_edge((2, 2), (2, 3), button="right")            # an X mark by the right button
    assert page.edges("path.cross") == {"h:2:2"}
    page.click("#tool-pencil")
    page.click_edge((3, 3), (4, 3))                            # a dashed tentative line
    assert page.edges("line.tentative") == {"v:3:3"}
    page.click("#tool-line")
    page.drag([(5, 0), (5, 1), (5, 2), (6, 2)])                # a drag draws across cells
    assert page.edges() == {"h:0:0", "h:5:0", "h:5:1", "v:5:2"}
    page.click("#undo")                                        # one drag, one undo
    assert page.edges() == {"h:0:0"}


def test_reload_keeps_the_days_progress(page):
    page.open("?date=2024-05-10")
    page.click_edge((1, 1), (1, 2))
    page.click_edge((1, 2), (2, 2))
    page.click_edge((4, 4), (4, 5), button="right")
    page.wait(lambda: page.text("#clock") not in ("", "0:00"))
    page.open("?date=2024-05-10", fresh=False)
    assert page.edges() == {"h:1:1", "v:1:2"}
    assert page.edges("path.cross") == {"h:4:4"}
    page.click("#undo")                                        # the history came back too
    assert page.edges("path.cross") == set()
    assert page.js("return masyuPlay.base") >= 1


def test_zen_sliders_change_the_next_puzzle(page):
    from selenium.webdriver.common.keys import Keys
    page.open("?mode=zen")
    assert page.js("return masyuPlay.puzzle.rows") == 8               # the slider's default
    page.el("#zen-size").send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)  # 8 -> 6
    for _ in range(10):
        page.el("#zen-white").send_keys(Keys.ARROW_RIGHT)             # 10 % -> 20 %
        page.el("#zen-black").send_keys(Keys.ARROW_LEFT)              # 10 % -> 0 %
    assert page.text("#zen-size-value") == "6×6"
    page.click("#zen-new")
    page.wait(lambda: page.js("return masyuPlay.puzzle && masyuPlay.puzzle.rows") == 6)
    p = page.puzzle()
    assert (p.rows, p.cols) == (6, 6)
    white = sum(1 for _, k in p.pearls if k == "W")
    assert white > len(p.pearls) - white                              # more white than black
    assert int(count(p, limit=2, method="guard", engine="c")) == 1
    assert page.el("#board").get_attribute("data-rows") == "6"


def test_the_hint_button_shows_the_next_deduction_and_names_a_wrong_mark(page):
    day = daily("2024-05-08")
    page.open("?date=2024-05-08")
    right = sorted(day.loop.edges)[:3]
    for a, b in right:
        page.click_edge(a, b)
    page.click("#hint")
    page.wait(lambda: page.text("#hint-text").startswith("Hint"))
    want = hint(day.puzzle, Marks(day.puzzle.rows, day.puzzle.cols, frozenset(right))).step
    cells = set(page.js("return [...document.querySelectorAll('#board rect.hint-cell')]"
                        ".map(e => e.dataset.cell)"))
    assert cells == {f"{r},{c}" for r, c in want.cells}
    lines = page.edges("line.hint-line")
    crosses = page.edges("path.hint-cross")
    assert lines == {name(a, b) for (a, b), v in want.set if v}
    assert crosses == {name(a, b) for (a, b), v in want.set if not v}
    assert all((e in day.loop.edges) == bool(v) for e, v in want.set)   # sound
    assert want.rule in page.text("#hint-text") and one_based(want.text) in page.text("#hint-text")
    # a move clears the hint; a wrong line is then named, by the key H
    a, b = next(((r, c), (r, c + 1)) for r in range(day.puzzle.rows)
                for c in range(day.puzzle.cols - 1) if ((r, c), (r, c + 1)) not in day.loop.edges)
    page.click_edge(a, b)
    assert page.text("#hint-text") == "" and not page.edges("line.hint-line")
    from selenium.webdriver.common.action_chains import ActionChains  # optional dependency
    ActionChains(page.d, duration=0).move_to_element(page.el("#title")).click().send_keys(
        "h").perform()
    page.wait(lambda: page.edges("circle.hint-wrong"))
    assert page.edges("circle.hint-wrong") == {name(a, b)}
    told = hint(day.puzzle, Marks(day.puzzle.rows, day.puzzle.cols, frozenset(right + [(a, b)])))
    assert told.kind == "wrong" and [w.edge for w in told.wrong] == [(a, b)]
    assert page.text("#hint-text") == "Wrong: " + one_based(told.wrong[0].text)


# -- issue 32: the page's defects ---------------------------------------------------------

STEP_KEYS = {(-1, 0): "ARROW_UP", (1, 0): "ARROW_DOWN", (0, -1): "ARROW_LEFT",
             (0, 1): "ARROW_RIGHT"}


def store(page) -> dict:
    return page.js("return JSON.parse(localStorage['masyu-play-v1'] || '{}')")


def metrics(page, width: int, height: int, mobile: bool = False) -> None:
    page.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def test_two_tabs_on_todays_puzzle_keep_the_solve_and_the_streak(page):
    import time
    today = page.js("const d = new Date(); return d.getFullYear() + '-' + "
                    "String(d.getMonth() + 1).padStart(2, '0') + '-' + "
                    "String(d.getDate()).padStart(2, '0')")
    day = daily(today)
    page.open(f"?date={today}")
    first = page.d.current_window_handle
    page.d.switch_to.new_window("tab")                  # the second tab, idle on the same day
    page.open(f"?date={today}", fresh=False)
    a, b = sorted(day.loop.edges)[0]
    page.click_edge(a, b)                               # it has its own (unsolved) drawing
    second = page.d.current_window_handle
    page.d.switch_to.window(first)
    page.draw(next(iter(masyu_solve(day.puzzle))))
    page.wait(lambda: "Solved" in page.text("#status"))
    page.d.switch_to.window(second)
    time.sleep(6)                                       # past the idle tab's 5 s save
    page.js("document.dispatchEvent(new Event('visibilitychange'))")   # and one more save
    rec = store(page)["daily"][today]
    assert rec["solved"] and rec["solvedOn"] == today
    assert "Solved" in page.text("#status")             # the idle tab shows the solve too
    assert page.text("#streak").startswith("Streak: 1 day ")
    page.d.close()
    page.d.switch_to.window(first)
    page.open(f"?date={today}", fresh=False)
    assert "Solved" in page.text("#status") and page.text("#streak").startswith("Streak: 1 day ")


def masyu_solve(puzzle):
    from masyu import solve
    return solve(puzzle, limit=2)


def test_a_keyboard_only_solve_with_labels_live_region_and_events(page):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    date = "2024-05-13"                                 # a Monday: 8x8
    page.open(f"?date={date}")
    puzzle = page.puzzle()
    [loop] = list(masyu_solve(puzzle))                  # the library's solver: the answer
    page.js("window.seen = []; for (const n of ['masyu:move', 'masyu:check', 'masyu:solved'])"
            " window.addEventListener(n, (e) => seen.push([n, e.detail]));")
    for _ in range(40):                                 # Tab to the board
        if page.js("return document.activeElement.id") == "board":
            break
        ActionChains(page.d, duration=0).send_keys(Keys.TAB).perform()
    assert page.js("return document.activeElement.id") == "board"
    assert page.js("return document.querySelectorAll('#board rect.cursor').length") == 1
    label = page.el("#board").get_attribute("aria-label")
    assert f"{puzzle.rows} rows by {puzzle.cols} columns" in label
    r0, c0 = next((r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)
                  if puzzle.pearl_at((r, c)) == "W")
    assert page.el(f"#cell-{r0}-{c0}").get_attribute("aria-label") == \
        f"Row {r0 + 1}, column {c0 + 1}, white pearl"
    [cells] = loop.components()
    keys = ActionChains(page.d, duration=0).send_keys(Keys.ARROW_DOWN, Keys.ARROW_UP)
    for _ in range(cells[0][0]):
        keys.send_keys(Keys.ARROW_DOWN)
    for _ in range(cells[0][1]):
        keys.send_keys(Keys.ARROW_RIGHT)
    keys.perform()
    assert page.js("return masyuPlay.board.cursor") == list(cells[0])
    announced = page.js("return document.getElementById('announce').textContent")
    assert announced.startswith(f"Row {cells[0][0] + 1}, column {cells[0][1] + 1}")
    side = (0, 1) if cells[0][1] + 1 < puzzle.cols else (0, -1)    # an X mark, then none
    x_edge = name(cells[0], (cells[0][0], cells[0][1] + side[1]))
    ActionChains(page.d, duration=0).key_down(Keys.CONTROL).send_keys(
        getattr(Keys, STEP_KEYS[side])).key_up(Keys.CONTROL).perform()
    assert page.edges("path.cross") == {x_edge}
    ActionChains(page.d, duration=0).key_down(Keys.CONTROL).send_keys(
        getattr(Keys, STEP_KEYS[side])).key_up(Keys.CONTROL).perform()
    assert page.edges("path.cross") == set()
    for k in range(len(cells)):
        (r1, c1), (r2, c2) = cells[k], cells[(k + 1) % len(cells)]
        key = getattr(Keys, STEP_KEYS[(r2 - r1, c2 - c1)])
        ActionChains(page.d, duration=0).key_down(Keys.SHIFT).send_keys(key).key_up(
            Keys.SHIFT).perform()
    page.wait(lambda: "Solved" in page.text("#status"))
    assert page.edges() == {name(a, b) for a, b in loop.edges}
    assert "Solved" in page.text("#status") and page.el("#status").get_attribute("aria-live")
    seen = page.js("return seen")
    moves = [d for n, d in seen if n == "masyu:move"]
    assert [m["v"] for m in moves[:2]] == [-1, 0]      # the X mark, then its erasing
    moves = moves[2:]
    assert len(moves) == len(loop.edges) and all(m["v"] == 1 for m in moves)
    assert {name((m["r1"], m["c1"]), (m["r2"], m["c2"])) for m in moves} == \
        {name(a, b) for a, b in loop.edges}
    [solved] = [d for n, d in seen if n == "masyu:solved"]
    assert parse_loop(solved["loop"], puzzle.rows, puzzle.cols) == loop
    assert solved["date"] == date and solved["mode"] == "daily" and solved["penalties"] == []
    assert [d["ok"] for n, d in seen if n == "masyu:check"][-1] is True


def test_future_and_impossible_dates_get_a_clear_message(page):
    import datetime
    import urllib.error
    import urllib.request
    later = (datetime.date.today() + datetime.timedelta(days=3)).isoformat()
    for query, words in ((f"?date={later}", "not out yet"), ("?date=2026-02-30", "No such date")):
        page.d.get(page.url)
        page.js("localStorage.clear()")
        page.d.get(page.url + query)
        page.wait(lambda: words in page.text("#status"))
        assert page.el("#board").get_attribute("data-rows") == "0"    # no board left on screen
        assert not page.js("return masyuPlay.puzzle")
        assert later not in store(page).get("daily", {})
    assert page.el(f'#calendar-days button[data-date="{later}"]').get_attribute("disabled") \
        if later[:7] == datetime.date.today().isoformat()[:7] else True
    try:                                                # the server refuses it too
        urllib.request.urlopen(page.url + f"api/daily?date={later}", timeout=30)
        status = 200
    except urllib.error.HTTPError as err:
        status = err.code
    assert status == 400


def test_offline_shows_retry_and_no_stale_board_and_the_address_holds_mode_and_date(page):
    page.open("?date=2024-05-14")
    assert page.js("return location.search") == "?mode=daily&date=2024-05-14"
    page.js("window.realFetch = window.fetch;"
            "window.fetch = () => Promise.reject(new TypeError('x'))")
    page.js("document.querySelector('#calendar-days button[data-date=\"2024-05-15\"]').click()")
    page.wait(lambda: "does not answer" in page.text("#status"))
    assert page.el("#retry").is_displayed()
    assert page.el("#board").get_attribute("data-rows") == "0" and page.text("#title") == ""
    page.js("window.fetch = window.realFetch")
    page.click("#retry")
    page.wait(lambda: page.js("return !!masyuPlay.puzzle"))
    assert page.puzzle() == daily("2024-05-15").puzzle
    assert not page.el("#retry").is_displayed()
    assert page.js("return location.search") == "?mode=daily&date=2024-05-15"
    page.click("#mode-attack")
    page.wait(lambda: page.js("return location.search") == "?mode=attack&date=2024-05-15")


def test_pause_stops_the_clock_and_hides_the_board(page):
    import time
    page.open("?date=2024-05-16")
    page.wait(lambda: page.js("return masyuPlay.since !== null"))
    time.sleep(1.2)
    page.click("#pause")
    held = page.js("return masyuPlay.base")
    assert held >= 1 and page.js("return masyuPlay.since") is None
    assert "paused" in page.el("#board-wrap").get_attribute("class")
    time.sleep(1.5)
    assert page.js("return masyuPlay.base") == held and page.js("return masyuPlay.since") is None
    page.click_edge((0, 0), (0, 1))                     # the hidden board takes no move
    assert page.edges() == set()
    page.click("#pause")
    assert page.js("return masyuPlay.since") is not None
    # a hidden tab stops the clock too, and a visible one starts it again
    page.js("Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});"
            "document.dispatchEvent(new Event('visibilitychange'))")
    assert page.js("return masyuPlay.since") is None
    page.js("Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});"
            "document.dispatchEvent(new Event('visibilitychange'))")
    assert page.js("return masyuPlay.since") is not None


def test_status_and_hints_in_view_at_1280x720_and_a_phones_sunday(page):
    metrics(page, 1280, 720)
    try:
        page.open("?date=2024-05-08")
        page.click("#hint")
        page.wait(lambda: page.text("#hint-text").startswith("Hint"))
        for css in ("#hint-text", "#status", "#check"):
            assert page.js(f"return document.querySelector('{css}').getBoundingClientRect()"
                           ".bottom") <= 720
        metrics(page, 390, 844, mobile=True)
        viewport = page.js("return document.querySelector('meta[name=viewport]').content")
        assert "user-scalable" not in viewport and "maximum-scale" not in viewport
        page.open("?date=2024-05-12")                   # a Sunday: 20x20
        assert page.js("return masyuPlay.puzzle.rows") == 20
        w, h = page.js("const r = document.getElementById('board').getBoundingClientRect();"
                       "return [r.width, r.height]")
        assert min(w / 21, h / 21) >= 24                 # cells (and the margin) of 24 px
        assert page.js("return getComputedStyle(document.getElementById('board'))"
                       ".touchAction") == "pinch-zoom"
        assert page.js("return document.documentElement.scrollWidth") <= 390 + 1  # the page
    finally:
        page.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_time_attack_hints_cost_time_and_never_judge_the_lines_and_restart_is_practice(page):
    day = daily("2024-05-20")                           # a Monday
    page.open("?date=2024-05-20&mode=attack")
    a, b = next(((r, c), (r, c + 1)) for r in range(day.puzzle.rows)
                for c in range(day.puzzle.cols - 1) if ((r, c), (r, c + 1)) not in day.loop.edges)
    page.click_edge(a, b)                               # a wrong line
    page.click("#hint")
    page.wait(lambda: page.text("#hint-text").startswith("Hint"))
    assert page.settled_penalties() == 1 and "hint" in page.text("#penalties")
    assert not page.edges("circle.hint-wrong")
    first = hint(day.puzzle, Marks(day.puzzle.rows, day.puzzle.cols, frozenset())).step
    assert one_based(first.text) in page.text("#hint-text")   # from the pearls, not the lines
    page.click("#undo")
    page.draw(day.loop)
    page.wait(lambda: "Solved" in page.text("#status"))
    best = store(page)["attack"]["2024-05-20"]["best"]
    assert best >= 30 and not store(page)["attack"]["2024-05-20"]["flawless"]
    page.click("#restart")
    page.wait(lambda: "practice" in page.text("#title"))
    assert page.edges() == set()                        # a clean board for the practice run
    page.draw(day.loop)                                 # the memorised grid, fast
    page.wait(lambda: "Solved" in page.text("#status"))
    assert "Practice" in page.text("#status")
    assert store(page)["attack"]["2024-05-20"]["best"] == best


def test_the_tracker_shows_times_flawless_marks_milestones_and_a_share_text(page):
    page.open("?date=2024-05-21")
    page.draw(daily("2024-05-21").loop)
    page.wait(lambda: "Solved" in page.text("#status"))
    button = page.el('#calendar-days button[data-date="2024-05-21"]')
    assert "flawless" in button.get_attribute("class") and "★" in button.text
    assert ":" in button.find_element("css selector", "small").text
    assert "Full month: 0 / 31" in page.text("#milestones")
    assert "archive" in page.text("#stats-history")
    page.click("#share")
    page.wait(lambda: page.el("#share-text").is_displayed())
    text = page.text("#share-text")
    assert "Tuesday 21 May 2024" in text and "Beginner 8×8" in text and "flawless" in text
    assert "─" not in text and "│" not in text           # no spoiler: no loop drawn


def test_a_long_press_marks_an_x_without_the_tool_and_service_js_is_harmless(page):
    import time
    import urllib.request
    page.open("?date=2024-05-22")
    x, y = page.js("""const b = document.getElementById('board'), r = b.getBoundingClientRect(),
        v = b.viewBox.baseVal, s = Math.min(r.width / v.width, r.height / v.height);
        const ox = r.left + (r.width - v.width * s) / 2, oy = r.top + (r.height - v.height * s) / 2;
        return [ox + (20 + 80) * s, oy + (20 + 60) * s];""")     # between cells (1, 1), (1, 2)
    point = [{"x": x, "y": y}]
    page.d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    time.sleep(0.8)
    page.d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert page.js("return masyuPlay.board.tool") == 1           # the line tool at hand
    assert page.edges("path.cross") == {"h:1:1"} and page.edges() == set()
    page.d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    page.d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait(lambda: page.edges() == {"h:1:1"})                 # a tap draws a line
    with urllib.request.urlopen(page.url + "service.js", timeout=30) as res:  # masyu play
        assert res.status == 200       # masyu serve's panel: under masyu play no /api/v1/me,
    assert page.el("#service").get_attribute("hidden") is not None     # so it stays hidden
