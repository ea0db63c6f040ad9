"""The page in a real headless browser (Debian's chromium and chromium-driver, Selenium),
driven by the mouse and keyboard as a player would: written once for the page's tests
(``test_browser.py`` here) and the service's (``tests/masyu/service/test_browser.py``).

Without a browser a test that asks for one skips, unless ``MASYU_REQUIRE_BROWSER=1``
(as ``.ci/run`` sets), when a missing browser is a failure."""
from __future__ import annotations

import os
import shutil

import pytest

from masyu import Puzzle

CELL = 40            # board.js: viewBox units per cell, and a margin of half a cell
WAIT = 30


def _missing() -> list[str]:
    missing = []
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        missing.append("chromium")
    if not shutil.which("chromedriver"):
        missing.append("chromedriver (Debian: chromium-driver)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium (the dev extra)")
    return missing


def chrome(size: str = "1280,1000"):
    """A headless Chromium (the test skips, or fails under MASYU_REQUIRE_BROWSER=1, without
    one); each call is a browser of its own: its own cookies and storage."""
    missing = _missing()
    if missing:
        message = "no browser to test the page with: missing " + ", ".join(missing)
        if os.environ.get("MASYU_REQUIRE_BROWSER") == "1":
            pytest.fail(message + " (MASYU_REQUIRE_BROWSER=1)")
        pytest.skip(message)
    from selenium import webdriver  # the optional test dependency: imported only when present
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={size}", "--disable-extensions"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


class Page:
    """The page, driven by the mouse and keyboard as a player would."""

    def __init__(self, driver, url: str) -> None:
        self.d, self.url = driver, url

    def open(self, query: str = "", fresh: bool = True) -> None:
        if fresh:
            self.d.get(self.url)
            self.d.execute_script("localStorage.clear()")
        self.d.get(self.url + query)
        self.wait(lambda: self.js("return !!masyuPlay.puzzle"))

    def js(self, script: str, *args):
        return self.d.execute_script(script, *args)

    def wait(self, condition, timeout: float = WAIT):
        from selenium.webdriver.support.ui import WebDriverWait
        return WebDriverWait(self.d, timeout).until(lambda _: condition())

    def el(self, css: str):
        from selenium.webdriver.common.by import By
        return self.d.find_element(By.CSS_SELECTOR, css)

    def click(self, css: str) -> None:
        self.el(css).click()

    def text(self, css: str) -> str:
        return self.el(css).text

    def _offset(self, y: float, x: float) -> tuple[int, int]:
        """Offsets from the board's centre of the point (y, x) in viewBox units."""
        box = self.js("const r = document.getElementById('board').getBoundingClientRect();"
                      "const v = document.getElementById('board').viewBox.baseVal;"
                      "return [r.width, r.height, v.width, v.height];")
        w, h, vw, vh = box
        return round(x * w / vw - w / 2), round(y * h / vh - h / 2)

    def _centre(self, cell) -> tuple[float, float]:
        return CELL / 2 + (cell[0] + 0.5) * CELL, CELL / 2 + (cell[1] + 0.5) * CELL

    def click_edge(self, a, b, button: str = "left") -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        (y1, x1), (y2, x2) = self._centre(a), self._centre(b)
        dx, dy = self._offset((y1 + y2) / 2, (x1 + x2) / 2)
        chain = ActionChains(self.d, duration=0)
        chain.move_to_element_with_offset(self.el("#board"), dx, dy)
        (chain.context_click() if button == "right" else chain.click()).perform()

    def drag(self, cells) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        board = self.el("#board")
        chain = ActionChains(self.d, duration=0)
        dx, dy = self._offset(*self._centre(cells[0]))
        chain.move_to_element_with_offset(board, dx, dy).click_and_hold()
        for cell in cells[1:]:
            dx, dy = self._offset(*self._centre(cell))
            chain.move_to_element_with_offset(board, dx, dy)
        chain.release().perform()

    def draw(self, loop: Loop) -> None:
        for a, b in sorted(loop.edges):
            self.click_edge(a, b)

    def edges(self, kind: str = "line:not(.tentative)") -> set[str]:
        return set(self.js(f"return [...document.querySelectorAll('#board {kind}')]"
                           ".map(e => e.dataset.edge)"))

    def settled_penalties(self) -> int:
        """The time-attack penalties once every move made so far has been judged."""
        return self.d.execute_async_script(
            "const done = arguments[0];"
            "masyuPlay.queue.then(() => done(masyuPlay.penalties.length))")

    def puzzle(self) -> Puzzle:
        return Puzzle.from_grid(self.js("return masyuPlay.puzzle.puzzle").split("\n"))
