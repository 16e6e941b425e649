"""A phone's page opened again in its own browser: a reload (the new page
may reach the table before the old one has closed) or a second tab finds
the seat as it was, with the hand in the order it had; the page it
replaces says why it stopped. Another browser is still refused while the
seat is held. Real headless Chromium (tests/table/phone_pages.py)."""

from __future__ import annotations

from tablegames.table.owner import JOINED, REOPENED, REOPENED_LINE
# (the browser fixture of tests/browser, imported: one headless Chromium per test)
from tests.browser.conftest import browser, until  # noqa: F401
from tests.table.owner import OwnerThread
from tests.table.phone_pages import (
    CATCH_CLOSES, faces, hand, http_status, kitchen_match, phone_page, said_closed, table_of,
)

ARRANGING = r"Kim: arrange your hand"


def test_a_reload_or_a_second_tab_of_the_seats_own_browser_finds_the_seat_and_another_browser_does_not(
        browser, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(tmp_path / "data"))
    match = kitchen_match("Kim@phone,Lee,bot")
    with OwnerThread(match) as owner:
        table = table_of(owner)
        link = table.link(0)
        kim = phone_page(browser, link, init_script=CATCH_CLOSES)
        kim.wait_for(ARRANGING)
        cards = owner.run(lambda: hand(match, 0))
        assert faces(kim.screen().text) == cards
        started = table.started

        for reload in range(3):  # each at once: the old page has not closed yet
            kim.page.reload()
            kim.wait_for(ARRANGING)
            until(lambda: table.seats[0].state == JOINED, "Kim's seat to be held again")
            assert faces(kim.screen().text) == cards, f"reload {reload + 1}"
        assert table.started == started + 3

        # A second tab of the same browser takes the seat; the first says why.
        second = phone_page(browser, link, context=kim.page.context)
        second.wait_for(ARRANGING)
        closed = said_closed(kim)
        assert closed["line"] == REOPENED_LINE and REOPENED in closed["codes"] and not closed["rejoin"]
        assert faces(second.screen().text) == cards

        # Another browser is refused while the seat is held, and starts nothing.
        status, page = http_status(link)
        assert status == 409 and "This seat is taken" in page
        stranger = phone_page(browser, link)
        assert "This seat is taken" in stranger.page.content()
        assert table.started == started + 4
