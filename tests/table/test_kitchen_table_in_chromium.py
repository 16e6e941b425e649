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
never a phone seat's card, and Ann's only while she has the keyboard (the
shared loop and check of every game, tests/table/kitchen_table.py, with
Blind Chicken's taps, tests/fixtures/blind_chicken/phone_taps.py). Besides:
the wrong tokens, a second device, Lee's phone dropped and rejoined, and
her seat moved to a new phone."""

from __future__ import annotations

# (the browser fixture of tests/browser, imported: one headless Chromium per test)
from tests.browser.conftest import browser, until  # noqa: F401
from tests.fixtures.blind_chicken import phone_taps
from tests.fixtures.blind_chicken.driver import decide
from tests.table.kitchen_table import KitchenTable, Tally
from tests.table.owner import OwnerThread
from tests.table.phone_pages import faces, hand, http_status, kitchen_match, phone_page, table_of


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

        kitchen = KitchenTable(owner, match, phone_taps, phones, keyboard=2, decide=decide)
        done = {"dropped": False, "moved": False}

        def drop_and_move(tally: Tally) -> None:
            if not done["dropped"] and tally.taps >= 3:
                # Lee's phone drops (the tab closes). Another device on her
                # link is refused; her own browser opens it again and finds
                # her seat as it was.
                done["dropped"] = True
                lee = phones[1].page.context
                phones[1].page.close()
                until(lambda: "Lee: dropped" in owner.text(), "the shared screen to show Lee's seat as dropped")
                stranger = phone_page(browser, links[1])
                assert "This seat is on another device" in stranger.page.content()
                until(lambda: "another device asks for it" in owner.text(), "the shared screen to ask")
                stranger.page.context.close()
                phones[1] = phone_page(browser, links[1], context=lee)
                phones[1].wait_for(r"^ (Lee[:,] |Waiting for)")
                kitchen.check_phone(1)
            elif done["dropped"] and not done["moved"] and tally.taps >= 8:
                # Lee moves to a new phone: refused until the shared screen says yes (m).
                done["moved"] = True
                phones[1].page.context.close()
                until(lambda: "Lee: dropped" in owner.text(), "Lee's old phone to drop")
                new = phone_page(browser, links[1])
                assert "This seat is on another device" in new.page.content()
                until(lambda: "another device asks for it" in owner.text(), "the shared screen to ask")
                owner.press("m")
                new.page.reload()
                new.wait_for(r"^ (Lee[:,] |Waiting for)")
                phones[1] = new
                kitchen.check_phone(1)

        tally = kitchen.play_to_the_end(drop_and_move)
        assert tally.taps >= 20 and tally.owner_moves >= 5 and tally.keyboard_frames > 0 and done["moved"], tally
