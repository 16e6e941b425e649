"""Every game's own screen, unchanged, on a phone: the phone's app
(tablegames/table/phone_app.py) run headless, holding only the snapshots
the owner's side of the channel sends (``KitchenTable.serve_phone``, over a
socket pair, its web server not started), a whole match by taps (each
game's click driver, tests/fixtures/<game>/driver.py) to the last screen.
At every decision the phone's screen draws exactly the seat's own view."""

from __future__ import annotations

import pytest

from tablegames.core import registry
from tablegames.core.match import Match
from tablegames.core.seats import Seat
from tablegames.table.owner import KitchenTable
from tablegames.table.phone_app import NoticeScreen
from tablegames.ui.game_screen import GameScreen
from tests.fixtures import click_driver_of
from tests.table.channel_pair import phone_on_a_socket_pair
from tests.ui.helpers import SIZE, screen_text, wait_for
from tests.ui.test_clicks_only import tapper

SPECS = registry.all_specs()


def kim_and_bots(spec) -> Match:
    seats = [Seat("Kim", phone=True)] + [Seat(f"Bot {i}", spec.default_bot) for i in range(1, spec.min_players)]
    return Match.new(spec.id, seats, seed=1, autosave=False)


@pytest.mark.parametrize("spec", SPECS, ids=[spec.id for spec in SPECS])
async def test_a_whole_match_on_a_phone_by_taps_shows_only_the_seats_own_view(spec):
    decide = click_driver_of(spec)
    assert decide is not None
    match = kim_and_bots(spec)
    table = KitchenTable(match, "127.0.0.1", 0)
    match.run_bots()
    app, stop = await phone_on_a_socket_pair(table, 0)
    moves = 0
    try:
        async with app.run_test(size=SIZE) as pilot:
            tap = tapper(pilot)

            def caught_up() -> bool:
                remote = app.remote
                if remote is None or remote.snapshot.get("change") != match.changes:
                    return False
                return isinstance(app.screen, NoticeScreen if match.is_over() else GameScreen)

            for _ in range(600):
                match.run_bots()
                await wait_for(pilot, caught_up, "the phone to show the table as it is now")
                if match.is_over():
                    break
                screen = app.screen
                assert isinstance(screen, GameScreen)
                assert screen.seat == 0 and screen.view == match.seat_snapshot(0)["view"]
                if screen.my_turn():
                    before = match.changes
                    # A click driver may vary its choices by the record's seed and
                    # length (Blind Business's): the test lends them to the phone's
                    # record, which holds neither (nor any other seat's moves).
                    record = screen.match.record
                    record.seed, record.actions = match.record.seed, list(match.record.actions)  # type: ignore[attr-defined]
                    await decide(pilot, tap)
                    await wait_for(pilot, lambda: match.changes != before, "Kim's tap to reach the owner")
                    moves += 1
            else:
                raise AssertionError("the match did not end:\n" + screen_text(app))
            await wait_for(pilot, lambda: "The game is over" in screen_text(app), "the phone's last screen")
            assert moves >= 3
    finally:
        stop()
