"""One match, two Chromium tabs of `tablegames serve` (each tab its own copy
of the app): tab 1 plays Blasting Billy; tab 2's picker lists the match as
open elsewhere and refuses it with one line, the save untouched, while tab 1
plays on; once tab 1 is closed (its app process ends), tab 2 resumes it.

The server, the browser and the page reading come from
tests/browser/conftest.py and tests/browser/terminal.py."""

from __future__ import annotations

import re
import time
from pathlib import Path

from tablegames.core import match_lock, saves
from tests.browser.conftest import DEADLINE_SECONDS, open_page, until
from tests.browser.terminal import Terminal
from tests.browser.test_play_in_browser import CARD_FRAME

PLACES = ("b to Billy", "c into your loot", "d into the box")


def saved_files(data: Path) -> list[Path]:
    return sorted((data / "matches").glob("*.json"))


def play_until_saved(term: Terminal, data: Path, more_moves: int = 0) -> None:
    """Click through tab 1's match until it is saved (a human has moved),
    then ``more_moves`` further human moves; leaves it where it is."""
    moves = 0
    target = None
    deadline = time.monotonic() + 4 * DEADLINE_SECONDS
    while time.monotonic() < deadline:
        if saved_files(data) and target is None:
            target = moves + more_moves
        if target is not None and moves >= target:
            return
        screen = term.screen()
        if screen.find(r"Pass the keyboard to (Ann|Ben)"):
            armed = term.wait_for(r"press Enter when only you can see the screen")
            term.click(r"I am (Ann|Ben): go on", armed, offset=2)
            term.wait_gone(r"Pass the keyboard to")
        elif screen.find(r"your move is done"):
            term.click(r"Pass the keyboard", offset=2)
            term.wait_gone(r"Enter passes the keyboard")  # (the handover says "your move is done" too)
        elif screen.find(r"^ Your turn"):
            card = screen.find(CARD_FRAME.pattern)
            assert card is not None
            term.click_cell(card[0] + 1, card[1] + 2)
            term.click(PLACES[moves % 3], offset=3)
            moves += 1
            term.wait_gone(r"^ Your turn")
            until(lambda: saved_files(data), "the move to be saved")
        else:
            time.sleep(0.1)  # a bot's move
    raise AssertionError(f"tab 1 did not get there; its screen:\n{term.screen().text}")


def new_tab(page, url: str) -> Terminal:
    tab = open_page(page.context.browser)  # a second tab of the same browser
    tab.goto(url)
    term = Terminal(tab)
    term.wait_for("Pick a game")
    return term


def test_a_match_open_in_one_tab_is_refused_in_another_until_that_tab_is_closed(server, page):
    url, data = server
    page.goto(url)
    first = Terminal(page)
    first.wait_for("Pick a game")
    first.click("Blasting Billy")
    first.wait_for("who plays")
    first.click("▶")  # a third seat: a bot
    first.wait_for(r"Seat 3 .*Bot")
    first.click(r"\bStart\b")
    play_until_saved(first, data)
    [path] = saved_files(data)
    record = saves.read(path)
    assert match_lock.holder(record.game, record.id) is not None  # tab 1's app holds it

    second = new_tab(page, url)
    listed = second.wait_for(r"Blasting Billy: .*open elsewhere since \d\d:\d\d UTC")
    before = path.read_bytes()
    second.click(r"Blasting Billy: .*open elsewhere", listed, offset=2)
    refused = second.wait_for(r"Cannot resume: this match is open")
    assert "leave it there first" in re.sub(r"\s+", " ", refused.text.replace("▌", " "))
    assert refused.find(r"Resume a saved match") is not None  # still the picker
    assert path.read_bytes() == before

    # Tab 1 plays on, saving as it goes.
    moves = len(saves.read(path).actions)
    play_until_saved(first, data, more_moves=1)
    until(lambda: len(saves.read(path).actions) > moves, "tab 1's next move in the save")

    # Tab 1 closed: its copy of the app ends, and with it the lock.
    page.close()
    until(lambda: match_lock.holder(record.game, record.id) is None, "tab 1's app to let go")
    saved = saves.read(path).actions
    second.click(r"Blasting Billy: .*open elsewhere", offset=2)
    second.wait_for(r"Pass the keyboard to (Ann|Ben)|^ Your turn|your move is done")
    holder = until(lambda: match_lock.holder(record.game, record.id), "tab 2's app to hold it")
    assert holder is not None and saves.read(path).actions[:len(saved)] == saved
