"""Phone pages of the kitchen table in headless Chromium, for the tests
of tests/table: a page on a phone of its own (its own cookies, a touch
screen, nothing loaded but from 127.0.0.1), what it shows, a tap on it,
and what it says once its connection to the table has closed."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from typing import Any

from tablegames.core import registry
from tablegames.core.match import Match
from tablegames.core.seats import parse_seats
from tests.browser.conftest import DEADLINE_SECONDS, VIEWPORT, until
from tests.browser.terminal import CATCH_TERMINAL, Screen, Terminal
from tests.table.owner import OwnerThread

# A Blind Chicken card face's number: "│37 │" or "┃37 ┃".
CARD_FACE = re.compile(r"[│┃](\d{1,2}) ?[│┃]")
LOCAL = ("http://127.0.0.1:", "ws://127.0.0.1:")


def faces(text: str) -> set[int]:
    return {int(number) for number in CARD_FACE.findall(text)}


def hand(match: Match, seat: int) -> set[int]:
    """A seat's cards now (only a test reads the owner's state)."""
    return {int(card[1:]) for card in match._state.view(seat)["hand"]}


def http_status(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=DEADLINE_SECONDS) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def phone_page(browser: Any, url: str, context: Any = None, init_script: str | None = None) -> Terminal:
    """A page on a phone of its own (a new browser context: its own
    cookies), or on the phone ``context`` again; a touch screen
    (``init_script``: run before the page's own, after CATCH_TERMINAL)."""
    if context is None:
        context = browser.new_context(viewport=VIEWPORT, has_touch=True)
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(LOCAL)
                      else route.abort())
    page = context.new_page()
    page.add_init_script(CATCH_TERMINAL)
    if init_script is not None:
        page.add_init_script(init_script)
    page.goto(url)
    return Terminal(page)


def kitchen_match(players: str, seed: int = 3, game: str = "blind-chicken",
                  options: dict[str, int] | None = None) -> Match:
    """A match with phone seats (one hand of Blind Chicken unless told)."""
    spec = registry.get(game)
    chosen = {"hands": 1} if options is None and game == "blind-chicken" else dict(options or {})
    return Match.new(game, parse_seats(players, spec), chosen, seed=seed)


def table_of(owner: OwnerThread) -> Any:
    return until(lambda: owner.app.table if owner.app.table and owner.app.table.port else None,
                 "the table to listen")


def tap_decision(term: Terminal, screen: Screen, phase: str) -> None:
    """One decision on a phone page, by a tap: arranging, Done; playing,
    the left end card; setting aside, keep all tricks."""
    if phase == "order":
        term.click(r"\bDone\b", screen, offset=1)
    elif phase == "play":
        rows = [y for y, row in enumerate(screen.rows) if re.search(r"[┏╭][─━]{3}[┓╮]", row)]
        where = screen.find(r"L▲") or screen.find(r"\bL\b")
        row = max(y for y in rows if where is None or y < where[0])
        col = re.search(r"[┏╭][─━]{3}[┓╮]", screen.rows[row]).start()
        term.click_cell(row + 1, col + 2)
    elif phase == "aside":
        term.click(r"Keep all tricks", screen, offset=2)
    else:
        raise AssertionError(f"no decision in phase {phase!r}")


# Before the page's scripts: the close codes its websockets got.
CATCH_CLOSES = """
(() => {
  window.__tablegamesCloses = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("close", (event) => window.__tablegamesCloses.push(event.code));
    }
  };
})();
"""

READ_CLOSED = """
() => document.body.classList.contains("-closed")
  ? {line: document.getElementById("closed-line").textContent,
     rejoin: getComputedStyle(document.getElementById("rejoin")).display !== "none",
     codes: window.__tablegamesCloses}
  : null
"""


def said_closed(term: Terminal) -> dict[str, Any]:
    """What the page says once its connection has closed (waits for it)."""
    return until(lambda: term.page.evaluate(READ_CLOSED), "the page to say the table has closed")
