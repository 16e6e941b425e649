"""A stray Enter never shows the next hand. A handover is armed only after
it has been on screen for the guard time (``TableGamesApp.handover_guard``)
with no key for half of it; every key and click before that is dropped.

Stray Enters right after a move are checked in every game's one whole match
by keys (tests/ui/test_every_game.py, ``StrayEnters``); here, a click before
the handover is armed, and a held key.
"""

from __future__ import annotations

from tablegames.core import registry
from tablegames.core.match import Match
from tablegames.ui.app import HANDOVER_GUARD
from tests.ui.helpers import SIZE, GameScreen, HandoverScreen, Seat, make_app, wait_until_armed
from tests.ui.test_every_game import DRIVEN, two_humans_and_a_bot


async def test_a_click_on_the_handover_button_before_it_is_armed_does_nothing():
    spec = registry.get(DRIVEN[0].id)
    match = two_humans_and_a_bot(spec, seed=1)
    app = make_app(match, handover_guard=HANDOVER_GUARD)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, HandoverScreen):
                break
        handover = app.screen
        assert isinstance(handover, HandoverScreen) and not handover.armed
        await pilot.click("#handover-go")
        await pilot.press("enter")
        assert app.screen is handover and match.at_keyboard is None
        await wait_until_armed(pilot, handover)
        await pilot.click("#handover-go")
        await pilot.pause()
        assert match.at_keyboard == handover.next_seat
        assert isinstance(app.screen, GameScreen)


async def test_a_held_key_keeps_the_handover_disarmed_until_it_stops():
    # A key repeating every 50 ms for twice the guard time: still disarmed.
    match = Match.new(DRIVEN[0].id, [Seat("Ann"), Seat("Ben")], {}, seed=2, autosave=False)
    app = make_app(match, handover_guard=HANDOVER_GUARD)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, HandoverScreen):
                break
        handover = app.screen
        assert isinstance(handover, HandoverScreen)
        for _ in range(int(2 * HANDOVER_GUARD / 0.05)):
            await pilot.press("enter")
            await pilot.pause(0.05)
            assert not handover.armed and app.screen is handover
        await wait_until_armed(pilot, handover)
        await pilot.press("enter")
        assert match.at_keyboard == handover.next_seat
