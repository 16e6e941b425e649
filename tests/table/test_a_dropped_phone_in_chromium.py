"""A dropped phone holds up nobody beyond its own turn, in real headless
Chromium (tests/browser's one fixture; 127.0.0.1 only).

Blind Chicken, Kim and Lee on phones, a bot. Kim's tab closes (a phone
asleep) before she has arranged her hand: Lee arranges and the bot too,
the match waits for Kim's phone alone, and the shared screen says so
("Waiting for Kim's phone.", her seat "dropped" on the join panel). Kim
opens her link again in the same browser (its cookie) and finds her hand
as it was; she arranges. Later, in the play, her tab closes again while
Lee has to play: Lee plays on, and the table waits for Kim's phone once
her turn comes; Kim's rejoin plays on from there."""

from __future__ import annotations

import time
from typing import Any

from tablegames.core.match import Match
# (the browser fixture of tests/browser, imported: one headless Chromium per test)
from tests.browser.conftest import DEADLINE_SECONDS, browser, until  # noqa: F401
from tests.browser.terminal import Terminal
from tests.table.owner import OwnerThread
from tests.table.phone_pages import CARD_FACE, faces, hand, kitchen_match, phone_page, table_of, tap_decision

NAMES = ("Kim", "Lee")


def tap_if_deciding(owner: OwnerThread, match: Match, seat: int, term: Terminal) -> bool:
    """One tap on the seat's page if it decides now and shows it; True if tapped."""
    screen = term.screen()
    snapshot = owner.run(lambda: match.seat_snapshot(seat))
    if not (snapshot["legal"] and screen.find(rf"^ {NAMES[seat]}[:,] ") and not screen.find("Sent: waiting")):
        return False
    before = snapshot["change"]
    tap_decision(term, screen, snapshot["view"]["phase"])
    until(lambda: owner.run(lambda: match.changes) != before, f"{NAMES[seat]}'s tap to reach the table")
    return True


def play_on_until(owner: OwnerThread, match: Match, pages: dict[int, Terminal], done: Any, what: str) -> int:
    """The phones in ``pages`` tap whenever they decide (the bot plays
    itself) until ``done()``; the number of taps."""
    taps = 0
    deadline = time.monotonic() + 4 * DEADLINE_SECONDS
    while not owner.run(done):
        assert time.monotonic() < deadline, f"gave up waiting for {what}; the shared screen:\n{owner.text()}"
        for seat, term in pages.items():
            taps += tap_if_deciding(owner, match, seat, term)
        time.sleep(0.05)
    return taps


def hand_row(term: Terminal) -> list[int]:
    """The card faces on the page, in the order shown."""
    return [int(number) for number in CARD_FACE.findall(term.screen().text)]


def test_a_dropped_phone_holds_up_only_its_own_turn_and_rejoins_from_the_same_browser_to_its_seat_as_it_was(
        browser, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(tmp_path / "data"))
    match = kitchen_match("Kim@phone,Lee@phone,bot")
    with OwnerThread(match) as owner:
        table = table_of(owner)
        kim_link, lee_link = table.link(0), table.link(1)
        kim, lee = phone_page(browser, kim_link), phone_page(browser, lee_link)
        kim.wait_for(r"^ Kim: arrange your hand")
        lee.wait_for(r"^ Lee: arrange your hand")
        until(lambda: all(phone.state == "joined" for phone in table.seats.values()), "both phones to join")
        kim_hand = hand_row(kim)
        assert set(kim_hand) == owner.run(lambda: hand(match, 0))

        # Kim's tab closes before she has arranged: Lee and the bot play on.
        phone = kim.page.context
        kim.page.close()
        until(lambda: "Kim: dropped" in owner.text(), "the join panel to show Kim's phone dropped")
        taps = play_on_until(owner, match, {1: lee}, lambda: match.deciders() == [0], "only Kim to decide")
        assert taps == 1  # Lee's arrangement, made while Kim's phone was away
        until(lambda: "Waiting for Kim's phone." in owner.text(), "the shared screen to wait for Kim's phone")
        lee.wait_for(r"^ Waiting for Kim\.")

        # Kim opens her link again on the same phone: her hand as it was.
        kim = phone_page(browser, kim_link, context=phone)
        kim.wait_for(r"^ Kim: arrange your hand")
        until(lambda: table.seats[0].state == "joined", "Kim's phone to join again")
        assert hand_row(kim) == kim_hand
        until(lambda: "Kim: dropped" not in owner.text(), "the join panel to show Kim's phone back")
        assert tap_if_deciding(owner, match, 0, kim)

        # In the play: Kim's tab closes while Lee is to play; Lee plays on.
        pages = {0: kim, 1: lee}
        play_on_until(owner, match, pages, lambda: match.deciders() == [1], "Lee to play alone")
        kim.page.close()
        until(lambda: "Kim: dropped" in owner.text(), "the join panel to show Kim's phone dropped again")
        before = owner.run(lambda: match.changes)
        play_on_until(owner, match, {1: lee}, lambda: match.is_over() or match.deciders() == [0], "Kim's turn")
        assert owner.run(lambda: match.changes) > before  # the others played on
        assert not owner.run(match.is_over)  # (this deal comes back to Kim)
        until(lambda: "Waiting for Kim's phone." in owner.text(), "the shared screen to wait for Kim's phone")
        kim_cards = owner.run(lambda: hand(match, 0))

        kim = phone_page(browser, kim_link, context=phone)
        kim.wait_for(r"^ Kim, your turn|^ Kim: ")
        assert kim_cards <= faces(kim.screen().text)
        play_on_until(owner, match, {0: kim, 1: lee}, match.is_over, "the end of the match")
        kim.wait_for(r"The game is over")
