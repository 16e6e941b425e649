"""Reading and clicking textual-serve's page, as a player sees and taps it.

textual-serve draws the app with xterm.js on a canvas and keeps its Terminal
object in a closure. An init script catches it as the page's code stores it
(``this.terminal = new Terminal(...)``) through a setter on Object.prototype,
so the test can read the terminal's buffer: the characters on screen, row by
row, exactly what the player sees. Clicks go to the page at a cell's pixel
position, through xterm.js's own mouse reporting, as a finger's tap would.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true, enumerable: true});
    if (value && value.buffer && !window.__tablegamesTerminal) { window.__tablegamesTerminal = value; }
  },
});
"""

READ_SCREEN = """
() => {
  const term = window.__tablegamesTerminal;
  if (!term) { return null; }
  const buffer = term.buffer.active;
  const rows = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return {rows, cols: term.cols};
}
"""

SCREEN_BOX = """
() => {
  const term = window.__tablegamesTerminal;
  const box = term.element.querySelector(".xterm-screen").getBoundingClientRect();
  return {x: box.x, y: box.y, width: box.width, height: box.height, cols: term.cols, rows: term.rows};
}
"""


@dataclass
class Screen:
    rows: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.rows)

    def find(self, pattern: str) -> tuple[int, int] | None:
        """(row, column) of the first match of the regular expression."""
        for y, row in enumerate(self.rows):
            match = re.search(pattern, row)
            if match:
                return y, match.start()
        return None


class Terminal:
    """One page of `tablegames serve`, driven through the sync Playwright API."""

    def __init__(self, page) -> None:
        self.page = page

    def screen(self) -> Screen:
        data = self.page.evaluate(READ_SCREEN)
        return Screen(list(data["rows"]) if data else [])

    def wait_for(self, pattern: str, timeout: float = 30.0) -> Screen:
        """Wait until the screen shows ``pattern`` (a regular expression)."""
        deadline = timeout * 1000
        waited = 0
        while True:
            screen = self.screen()
            if screen.find(pattern) is not None:
                return screen
            if waited >= deadline:
                raise AssertionError(f"{pattern!r} never showed; the screen:\n{screen.text}")
            self.page.wait_for_timeout(50)
            waited += 50

    def wait_gone(self, pattern: str, timeout: float = 30.0) -> Screen:
        """Wait until the screen no longer shows ``pattern``."""
        waited = 0.0
        while True:
            screen = self.screen()
            if screen.find(pattern) is None:
                return screen
            if waited >= timeout * 1000:
                raise AssertionError(f"{pattern!r} stayed; the screen:\n{screen.text}")
            self.page.wait_for_timeout(50)
            waited += 50

    def cell_point(self, row: int, col: int) -> tuple[float, float]:
        """The page's pixel at the middle of a cell."""
        box = self.page.evaluate(SCREEN_BOX)
        width = box["width"] / box["cols"]
        height = box["height"] / box["rows"]
        return box["x"] + (col + 0.5) * width, box["y"] + (row + 0.5) * height

    def click_cell(self, row: int, col: int) -> None:
        self.page.mouse.click(*self.cell_point(row, col))

    def click(self, pattern: str, screen: Screen | None = None, offset: int = 0) -> None:
        """Click the first place the screen shows ``pattern``."""
        screen = screen or self.screen()
        where = screen.find(pattern)
        if where is None:
            raise AssertionError(f"nothing to click: {pattern!r} is not on the screen:\n{screen.text}")
        self.click_cell(where[0], where[1] + offset)
