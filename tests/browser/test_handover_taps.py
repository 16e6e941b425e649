"""A burst of taps through the browser never passes a handover before it has
been quiet: `tablegames serve`, headless Chromium, the handover before Ann's
first move, and taps on its button as a player repeats them, by mouse clicks,
by a finger on a touch screen, and by the mouse's button going down and up
apart. Each tap goes through xterm.js's mouse reporting and textual-serve's
websocket to the app, the way a tablet's does."""

from __future__ import annotations

import time

import pytest

from tablegames.ui.app import HANDOVER_GUARD
from tests.browser.conftest import open_page
from tests.browser.terminal import Terminal

HANDOVER = r"Pass the keyboard to (Ann|Ben)"
ARMED = r"press Enter when only you can see the screen"
BUTTON = r"I am (Ann|Ben): go on"
# The page may see a tap a little after the test made it.
SLACK = 0.05


def to_the_first_handover(term: Terminal) -> None:
    term.wait_for("Pick a game")
    term.click("Blasting Billy")
    term.wait_for("who plays")
    term.click("▶")  # a third seat: a bot
    term.wait_for(r"Seat 3 .*Bot")
    term.click(r"\bStart\b")
    term.wait_for(HANDOVER)


def button_point(term: Terminal) -> tuple[float, float]:
    """The page's pixel at the middle of the handover's button."""
    screen = term.screen()
    where = screen.find(BUTTON)
    assert where is not None, screen.text
    return term.cell_point(where[0], where[1] + 4)


def tapper(page, kind: str):
    def tap(x: float, y: float) -> None:
        if kind == "finger":
            page.touchscreen.tap(x, y)
        elif kind == "down and up":
            page.mouse.move(x, y)
            page.mouse.down()
            page.wait_for_timeout(60)
            page.mouse.up()
        else:
            page.mouse.click(x, y)
    return tap


@pytest.mark.parametrize(("kind", "spacing"), [
    ("click", 0.05), ("click", 0.2), ("finger", 0.2), ("down and up", 0.2),
])
def test_a_burst_of_taps_in_the_browser_holds_the_handover_until_it_has_been_quiet(server, browser, kind,
                                                                                    spacing):
    url, _data = server
    page = open_page(browser, touch=kind == "finger")
    page.goto(url)
    term = Terminal(page)
    to_the_first_handover(term)
    x, y = button_point(term)
    tap = tapper(page, kind)
    gaps: list[float] = []
    last = None
    end = time.monotonic() + 3 * HANDOVER_GUARD
    while time.monotonic() < end:
        tap(x, y)
        now = time.monotonic()
        if last is not None:
            gaps.append(now - last)
        last = now
        page.wait_for_timeout(spacing * 1000)
    # Half a guard after the last tap: either still waiting, or armed just
    # now; never another player's screen.
    page.wait_for_timeout(HANDOVER_GUARD * 500)
    screen = term.screen()
    if screen.find(HANDOVER) is None:
        # Only a stall of the test past the guard between two taps may
        # have let the handover go on.
        assert max(gaps, default=0.0) >= HANDOVER_GUARD - SLACK, (
            f"taps by {kind} every {spacing} s passed the handover; the screen:\n{screen.text}")
        return
    # Quiet: it arms, and one tap of the same kind goes on to Ann's hand.
    term.wait_for(ARMED)
    tap(x, y)
    term.wait_gone(HANDOVER)
    term.wait_for(r"Your turn|your turn")
