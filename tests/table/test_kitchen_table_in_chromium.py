"""The kitchen table end to end: the owner app (headless, in a thread:
tests/table/owner.py) serves two phone seats to real headless Chromium
pages (the system's executable, no browser downloaded; every request to
anything but 127.0.0.1 is aborted), a hot-seat human plays at the shared
keyboard, a bot plays itself.

Blind Chicken, Kim and Lee on phones, Ann at the keyboard, a bot: the
whole match, every phone move a tap on the phone's page. At every frame
read (each phone page's xterm.js buffer, the shared screen's text) no card
face of a seat that may not be seen there: a phone shows only its own
hand's cards (and cards out of every hand, on the table); the shared screen
never a phone seat's card, and Ann's only while she has the keyboard."""

from __future__ import annotations

import time

from tablegames.core.match import Match
from tablegames.ui.game_screen import GameScreen
from tablegames.ui.handover import HandoverScreen
# (the browser fixture of tests/browser, imported: one headless Chromium per test)
from tests.browser.conftest import DEADLINE_SECONDS, browser, until  # noqa: F401
from tests.browser.terminal import Screen
from tests.fixtures.blind_chicken.driver import decide
from tests.table.owner import OwnerThread
from tests.table.phone_pages import faces, hand, http_status, kitchen_match, phone_page, table_of, tap_decision


def check_phone_frame(owner: OwnerThread, match: Match, seat: int, screen: Screen) -> None:
    """The hands are read after the frame: a card played since is out of
    every hand (one deal: no card comes back to a hand)."""
    shown = faces(screen.text)
    hands = owner.run(lambda: [hand(match, other) for other in range(len(match.names))])
    for other in range(len(match.names)):
        if other != seat:
            leaked = shown & hands[other]
            assert not leaked, (f"{match.names[seat]}'s phone shows {match.names[other]}'s cards {leaked}:\n"
                                f"{screen.text}")


def check_shared_frame(owner: OwnerThread, match: Match) -> bool:
    """True when the frame showed the hand of the seat at the keyboard (so
    the check reads the cards it looks for)."""
    text, on_screen, hands = owner.run(lambda: (owner_text(owner), match.on_screen(),
                                                [hand(match, seat) for seat in range(len(match.names))]))
    shown = faces(text)
    for seat in range(len(match.names)):
        if seat != on_screen or match.is_phone(seat):
            leaked = shown & hands[seat]
            assert not leaked, f"the shared screen shows {match.names[seat]}'s cards {leaked}:\n{text}"
    return on_screen is not None and bool(hands[on_screen]) and hands[on_screen] <= shown


def owner_text(owner: OwnerThread) -> str:
    from tests.ui.helpers import screen_text

    return screen_text(owner.app)


def test_a_whole_blind_chicken_match_with_two_phones_a_hot_seat_and_a_bot_shows_each_hand_only_to_its_owner(
        browser, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(tmp_path / "data"))
    match = kitchen_match("Kim@phone,Lee@phone,Ann,bot")
    with OwnerThread(match) as owner:
        table = table_of(owner)
        links = [table.link(0), table.link(1)]
        # Both links on the shared screen.
        until(lambda: all(link in owner.text() for link in links), "both links on the shared screen")

        # A wrong token (altered, made up, missing) is refused before any app starts.
        for url in (links[0][:-3] + ("abc" if not links[0].endswith("abc") else "xyz"),
                    links[0].rsplit("/", 1)[0] + "/made-up", links[0].rsplit("/", 1)[0] + "/"):
            status, _ = http_status(url)
            assert status in (403, 404), url
        assert table.started == 0

        phones = {0: phone_page(browser, links[0]), 1: phone_page(browser, links[1])}
        for seat, term in phones.items():
            term.wait_for(rf"{match.names[seat]}: arrange your hand")
        until(lambda: all(phone.state == "joined" for phone in table.seats.values()), "both phones to join")
        # Kim's page shows Kim's own hand.
        assert faces(phones[0].screen().text) == owner.run(lambda: hand(match, 0))

        # A second browser on Kim's link is refused: the seat is taken.
        started = table.started
        status, page = http_status(links[0])
        assert status == 409 and "This seat is taken" in page
        second = phone_page(browser, links[0])
        assert "This seat is taken" in second.page.content()
        second.page.context.close()
        assert table.started == started

        taps = owner_moves = ann_frames = 0
        dropped = moved = False
        deadline = time.monotonic() + 10 * DEADLINE_SECONDS
        while not owner.run(match.is_over):
            assert time.monotonic() < deadline, f"the match never ended; the shared screen:\n{owner.text()}"
            ann_frames += check_shared_frame(owner, match)
            for seat, term in phones.items():
                screen = term.screen()
                check_phone_frame(owner, match, seat, screen)
                snapshot = owner.run(lambda: match.seat_snapshot(seat))
                name = match.names[seat]
                if snapshot["legal"] and screen.find(rf"^ {name}[:,] ") and not screen.find("Sent: waiting"):
                    before = snapshot["change"]
                    tap_decision(term, screen, snapshot["view"]["phase"])
                    taps += 1
                    until(lambda: owner.run(lambda: match.changes) != before or term.screen().find(r"^ ! "),
                          f"{name}'s tap to reach the table")
            if not dropped and taps >= 3:
                # Lee's phone drops (the tab closes). Another device on her
                # link is refused; her own browser opens it again and finds
                # her seat as it was.
                dropped = True
                lee = phones[1].page.context
                phones[1].page.close()
                until(lambda: "Lee: dropped" in owner.text(), "the shared screen to show Lee's seat as dropped")
                stranger = phone_page(browser, links[1])
                assert "This seat is on another device" in stranger.page.content()
                until(lambda: "another device asks for it" in owner.text(), "the shared screen to ask")
                stranger.page.context.close()
                phones[1] = phone_page(browser, links[1], context=lee)
                phones[1].wait_for(r"^ (Lee[:,] |Waiting for)")
                check_phone_frame(owner, match, 1, phones[1].screen())
            elif dropped and not moved and taps >= 8:
                # Lee moves to a new phone: refused until the shared screen says yes (m).
                moved = True
                phones[1].page.context.close()
                until(lambda: "Lee: dropped" in owner.text(), "Lee's old phone to drop")
                new = phone_page(browser, links[1])
                assert "This seat is on another device" in new.page.content()
                until(lambda: "another device asks for it" in owner.text(), "the shared screen to ask")
                owner.press("m")
                new.page.reload()
                new.wait_for(r"^ (Lee[:,] |Waiting for)")
                phones[1] = new
                check_phone_frame(owner, match, 1, new.screen())
            state = owner.run(lambda: (type(owner.app.screen), match.at_keyboard, match.deciders(),
                                       match.pending_pass))
            screen_class, at_keyboard, deciders, pending = state
            if issubclass(screen_class, HandoverScreen):
                owner.press("enter")
                owner.settle()
            elif pending:
                owner.press("enter")
                owner.settle()
            elif issubclass(screen_class, GameScreen) and at_keyboard == 2 and 2 in deciders:
                owner.call(lambda: decide(owner.pilot))
                owner_moves += 1
                owner.settle()
            time.sleep(0.05)
        assert taps >= 20 and owner_moves >= 5 and ann_frames > 0 and moved
        for seat, term in phones.items():
            term.wait_for(r"The game is over")
            check_phone_frame(owner, match, seat, term.screen())
