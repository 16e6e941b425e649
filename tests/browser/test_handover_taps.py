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


# A burst that lets the handover go is made again, on a new page: a stall
# of the loaded machine between the page and the app (which the test cannot
# see) looks just like it. A guard that ignores taps lets every burst go.
TRIES = 3


def burst(page, term: Terminal, kind: str, spacing: float) -> list[float]:
    """Taps on the handover's button every ``spacing`` s for three guard
    times; the gaps between them as the test made them."""
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
    return gaps


@pytest.mark.parametrize(("kind", "spacing"), [
    ("click", 0.05), ("click", 0.2), ("finger", 0.2), ("down and up", 0.2),
])
def test_a_burst_of_taps_in_the_browser_holds_the_handover_until_it_has_been_quiet(server, browser, kind,
                                                                                    spacing):
    url, _data = server
    passed: list[str] = []
    for _ in range(TRIES):
        page = open_page(browser, touch=kind == "finger")
        page.goto(url)
        term = Terminal(page)
        to_the_first_handover(term)
        gaps = burst(page, term, kind, spacing)
        # Half a guard after the last tap: either still waiting, or armed
        # just now; never another player's screen.
        page.wait_for_timeout(HANDOVER_GUARD * 500)
        screen = term.screen()
        if screen.find(HANDOVER) is not None:
            break
        # Only a stall past the guard between two taps may have let the
        # handover go on: the test's own, or one the test cannot see.
        if max(gaps, default=0.0) >= HANDOVER_GUARD - SLACK:
            return
        passed.append(screen.text)
        page.context.close()
    else:
        raise AssertionError(f"taps by {kind} every {spacing} s passed the handover {TRIES} times in a row; "
                             f"the last screen:\n{passed[-1]}")
    # Quiet: it arms, and one tap of the same kind goes on to Ann's hand.
    term.wait_for(ARMED)
    tapper(page, kind)(*button_point(term))
    term.wait_gone(HANDOVER)
    term.wait_for(r"Your turn|your turn")
