"""A whole match played in a real browser, as around a tablet: `tablegames
serve` on a free local port, Debian's headless Chromium driven by Playwright
(the system's executable; no browser is ever downloaded), clicks only.

Blasting Billy with Ann and Ben (humans) and a bot: from the picker, seat
setup, every handover (its button, once armed), every move (a card, then a
place), the reveal and the results' buttons. At each handover the page's text
is read from xterm.js's buffer and must hold no card of either human: their
hands come from the saved match, replayed (the page never sees the state).
With TABLEGAMES_SCREENSHOTS=1 it also writes the README's pictures
(screenshots/browser-picker.png and browser-game.png).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from tablegames.core import records, saves
from tablegames.games.blasting_billy.screen import SHORT
from tablegames.games.blasting_billy.vocab import card_from_id, card_name
from tests.browser.terminal import Screen, Terminal

ROOT = Path(__file__).resolve().parents[2]
CARD_FRAME = re.compile(r"[┏╭][─━]{3}[┓╮]")


def humans_hands(data: Path) -> list[set[int]]:
    """Ann's and Ben's cards now, from the match as saved after every move
    (none before the first human move: the first handover)."""
    saved = list((data / "matches").glob("*.json")) + list((data / "matches" / "finished").glob("*.json"))
    if not saved:
        return []
    [path] = saved
    state = records.replay(saves.load(path))
    return [{card_from_id(token) for token in state.view(seat)["hand"]} for seat in (0, 1)]


def assert_no_hand_shown(screen: Screen, data: Path) -> None:
    text = screen.text
    assert not CARD_FRAME.search(text), text
    assert not any(re.search(rf"\b{label}\b", text) for label in SHORT), text  # a card face's type
    for hand in humans_hands(data):
        for card in hand:
            # "Coins 1" is not "Coins 10" (a public claim in the log).
            assert not re.search(rf"\b{re.escape(card_name(card))}(?!\d)", text), (card_name(card), text)


def screenshot(page, name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    page.screenshot(path=str(path))
    assert path.stat().st_size > 0
    if os.environ.get("TABLEGAMES_SCREENSHOTS"):
        shutil.copy(path, ROOT / "screenshots" / name)


def test_a_whole_match_by_clicks_in_chromium_never_shows_a_hand_at_a_handover(server, page, tmp_path):
    url, data = server
    page.goto(url)
    term = Terminal(page)
    term.wait_for("Pick a game")
    screenshot(page, "browser-picker.png", tmp_path)

    term.click("Blasting Billy")
    term.wait_for("who plays")
    term.click("▶")  # a third seat: a bot
    term.wait_for(r"Seat 3 .*Bot")
    term.click(r"\bStart\b")

    handovers = moves = 0
    places = ("b to Billy", "c into your loot", "d into the box")
    pictured = False
    for _ in range(2000):  # about 0.1 s each, and the bot's moves
        page.wait_for_timeout(100)
        screen = term.screen()
        if screen.find(r"Play again with the same seats"):
            break
        if screen.find(r"Pass the keyboard to (Ann|Ben)"):
            assert_no_hand_shown(screen, data)
            handovers += 1
            # The guard: the button takes a tap only once the handover is armed.
            armed = term.wait_for(r"press Enter when only you can see the screen")
            assert_no_hand_shown(armed, data)
            term.click(r"I am (Ann|Ben): go on", armed, offset=2)
            term.wait_gone(r"Pass the keyboard to")
            continue
        if screen.find(r"your move is done"):
            term.click(r"Pass the keyboard", offset=2)  # the footer's key
            term.wait_gone(r"Enter passes the keyboard")  # (the handover says "your move is done" too)
            continue
        if screen.find(r"^ Your turn"):
            if not pictured:
                screenshot(page, "browser-game.png", tmp_path)
                pictured = True
            card = screen.find(CARD_FRAME.pattern)
            assert card is not None
            term.click_cell(card[0] + 1, card[1] + 2 + 6 * (moves % 3))
            term.click(places[moves % 3], offset=3)
            moves += 1
            term.wait_gone(r"^ Your turn")
            continue
        step = re.search(r"the reveal, step \d+ of \d+", screen.text)
        if step:
            # A tap on the reveal: its next step. Clicked where this screen
            # showed it and waited for, so the loop never reads the step it
            # already tapped (the last tap leads to the results).
            term.click(r"the reveal, step", screen, offset=4)
            term.wait_gone(re.escape(step.group(0)) + r"\b")
            continue
        if screen.find(r"The game is over"):
            term.click(r"Results", screen, offset=1)
            term.wait_gone(r"The game is over")
            continue
    else:
        raise AssertionError(f"no results; the screen:\n{term.screen().text}")
    assert handovers >= 2 and moves >= 10
    assert term.screen().find(r"Blasting Billy:") is not None
    # The results' buttons take clicks too.
    term.click(r"Back to the picker")
    term.wait_for("Pick a game")
