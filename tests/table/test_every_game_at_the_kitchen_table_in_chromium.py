"""Every game at the kitchen table, end to end in real headless Chromium
(issue 32 item 7): Kim and Lee on phones, Ann at the shared keyboard, a
bot; the whole match, every phone move a tap on the phone's page (each
game's tests/fixtures/<game>/phone_taps.py), Ann's with keys (its
driver.py), every handover pressed on the shared screen. At every frame
read, of each phone page and of the shared screen, no card face the rules
keep from whoever looks (tests/table/kitchen_table.py): a phone shows no
other seat's secret card (in Blind Business, not its own hand either),
the shared screen none of a phone seat's and Ann's only while she has the
keyboard.

Blind Chicken's match, with drops, rejoins and a second device besides,
is tests/table/test_kitchen_table_in_chromium.py."""

from __future__ import annotations

import pytest

from tablegames.core import registry
from tests.browser.conftest import browser, until  # noqa: F401  (one headless Chromium per test)
from tests.fixtures import driver_of, phone_taps_of
from tests.table.kitchen_table import KitchenTable
from tests.table.owner import OwnerThread
from tests.table.phone_pages import kitchen_match, phone_page, table_of

GAMES = [spec for spec in registry.all_specs() if spec.id != "blind-chicken"]
PLAYERS = "Kim@phone,Lee@phone,Ann,bot"


@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_a_whole_match_with_two_phones_a_hot_seat_and_a_bot_shows_each_screen_only_what_its_viewer_may_see(
        spec, browser, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(tmp_path / "data"))
    taps = phone_taps_of(spec)
    decide = driver_of(spec)
    assert taps is not None and decide is not None
    match = kitchen_match(PLAYERS, getattr(taps, "SEED", 3), spec.id, taps.OPTIONS)
    with OwnerThread(match) as owner:
        table = table_of(owner)
        phones = {seat: phone_page(browser, table.link(seat)) for seat in (0, 1)}
        for seat, term in phones.items():
            term.wait_for(rf"^ ({match.names[seat]}[:,] |Waiting for)")
        until(lambda: all(phone.state == "joined" for phone in table.seats.values()), "both phones to join")
        kitchen = KitchenTable(owner, match, taps, phones, keyboard=2, decide=decide)
        tally = kitchen.play_to_the_end()
    assert match.is_over()
    assert tally.taps >= 6 and tally.owner_moves >= 3, tally
    # The check read faces: on the phones, and Ann's on the shared screen.
    assert tally.phone_faces > 0 and tally.keyboard_frames > 0, tally
