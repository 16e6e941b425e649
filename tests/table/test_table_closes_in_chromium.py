"""When the table on the shared screen closes, every phone is told, in
real headless Chromium (tests/browser's one fixture; 127.0.0.1 only).

The owner goes back to the picker or quits: each phone's websocket is
closed with the table's own code (tablegames/table/owner.py's
TABLE_CLOSED) and the page says in one line that the table has closed and
where to resume; its link, opened again, gets 410 and that line, and no
phone's app process is left. (The owner killed outright, without a word
to anyone: tests/table/test_owner_killed_in_chromium.py.)"""

from __future__ import annotations

from typing import Any

from tablegames.table.owner import CLOSED_LINE, TABLE_CLOSED
# (the browser fixture of tests/browser, imported: one headless Chromium per test)
from tests.browser.conftest import browser, until  # noqa: F401
from tests.browser.terminal import Terminal
from tests.table.owner import OwnerThread
from tests.table.phone_pages import CATCH_CLOSES, http_status, kitchen_match, phone_page, said_closed, table_of


def closed_page(browser: Any, url: str) -> Terminal:
    """A phone's page that notes the close codes its websockets get."""
    return phone_page(browser, url, init_script=CATCH_CLOSES)

def test_back_at_the_picker_every_phone_is_told_the_table_closed_and_its_link_is_refused_with_410(browser):
    match = kitchen_match("Kim@phone,Lee@phone,bot")
    with OwnerThread(match) as owner:
        table = table_of(owner)
        links = [table.link(0), table.link(1)]
        pages = [closed_page(browser, link) for link in links]
        for term, name in zip(pages, ("Kim", "Lee")):
            term.wait_for(rf"^ {name}: arrange your hand")
        until(lambda: all(phone.state == "joined" for phone in table.seats.values()), "both phones to join")

        owner.press("q")  # the owner leaves the match for the picker
        until(lambda: "Pick a game" in owner.text(), "the picker")
        for term in pages:
            closed = said_closed(term)
            assert closed == {"line": CLOSED_LINE, "rejoin": False, "codes": [TABLE_CLOSED]}
            assert "Traceback" not in term.page.content()
        until(lambda: not table._services, "the phones' apps to end")
        started = table.started
        for link in links:
            status, page = http_status(link)
            assert status == 410 and CLOSED_LINE in page
        # A page opened on the link now starts no app: the refusal is its whole content.
        late = phone_page(browser, links[0])
        assert CLOSED_LINE in late.page.content() and "closed-line" not in late.page.content()
        assert table.started == started


def test_the_owner_quitting_tells_every_phone_the_table_closed(browser):
    match = kitchen_match("Kim@phone,bot,bot")
    owner = OwnerThread(match)
    with owner:
        table = table_of(owner)
        kim = closed_page(browser, table.link(0))
        kim.wait_for(r"^ Kim: arrange your hand")
        services = until(lambda: set(table._services), "Kim's app to start")
        processes = [service._process for service in services]
        owner.press("ctrl+q")
        closed = said_closed(kim)
        assert closed == {"line": CLOSED_LINE, "rejoin": False, "codes": [TABLE_CLOSED]}
        until(lambda: all(process.returncode is not None for process in processes), "Kim's app to end")


def test_a_match_left_and_resumed_from_the_picker_of_the_same_copy_gets_new_links_and_the_old_ones_get_410():
    match = kitchen_match("Kim@phone,bot,bot")
    with OwnerThread(match) as owner:
        table = table_of(owner)
        old_link = table.link(0)
        owner.run(lambda: match.play_for(0, match._state.legal_actions(0)[0]))  # Kim's move: saved
        owner.press("q")
        until(lambda: "Blind Chicken: Kim, Bot 1, Bot 2" in owner.text(), "the save in the picker")
        owner.press("tab", "enter")
        new = until(lambda: owner.app.table if owner.app.table not in (None, table) and owner.app.table.port
                    else None, "the resumed match's table")
        # The same port again (none was asked for): the old link reaches the new table, which refuses it.
        assert new.port == table.port and new.link(0) != old_link
        until(lambda: new.link(0) in owner.text(), "the new link on the shared screen")
        status, page = http_status(old_link)
        assert status == 410 and CLOSED_LINE in page
        assert http_status(new.link(0))[0] == 200
