"""A stray Enter never shows the next hand. A handover is armed only after
it has been on screen for the guard time (``TableGamesApp.handover_guard``)
with no key for half of it; every key and click before that is dropped.

For every registered game, two humans and a bot play by keys; right after
each human move, Enter follows 50 ms later (then, in the second test, ten
Enters within half a second). Whenever the keyboard must pass, the next
human's view stays off the screen until an Enter pressed once the handover
is armed.
"""

from __future__ import annotations

import pytest

from tablegames.core import registry
from tablegames.core.match import Match
from tablegames.ui.app import HANDOVER_GUARD
from tablegames.ui.assets import driver_of
from tablegames.ui.blank import BlankScreen
from tests.ui.helpers import SIZE, GameScreen, HandoverScreen, ResultsScreen, Seat, make_app, screen_text
from tests.ui.test_every_game import DRIVEN, two_humans_and_a_bot


async def wait_until_armed(pilot, screen: HandoverScreen) -> None:
    for _ in range(100):
        if screen.armed:
            return
        await pilot.pause(0.05)
    raise AssertionError("the handover never armed")


async def settle_bots(pilot, app) -> None:
    for _ in range(400):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, BlankScreen):
            continue
        if not (isinstance(screen, GameScreen) and screen.match.next_bot() is not None
                and not screen.match.is_over()):
            return
    raise AssertionError("bots did not finish")


def next_humans_hand_is_hidden(app, match: Match, mover: int) -> None:
    """Nobody but the mover has the keyboard, and no game screen draws a
    seat other than the mover's."""
    assert match.at_keyboard == mover
    screen = app.screen
    if isinstance(screen, GameScreen):
        assert screen.seat in (None, mover)
    if isinstance(screen, HandoverScreen):
        # It says whether it is armed yet.
        assert ("press Enter" if screen.armed else "One moment") in screen_text(app)


async def stray_enters_never_pass_the_handover(spec, stray_enters: list[float], seed: int = 1) -> int:
    """Plays until the stray Enters after a move have met a handover (and it
    held); returns how many did (0 if the match ended first)."""
    match = two_humans_and_a_bot(spec, seed=seed)
    decide = driver_of(spec)
    assert decide is not None
    hit = 0
    app = make_app(match, handover_guard=HANDOVER_GUARD)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(400):
            await settle_bots(pilot, app)
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, HandoverScreen):
                await wait_until_armed(pilot, screen)
                await pilot.press("enter")
                await pilot.pause()
                assert match.at_keyboard == screen.next_seat
                continue
            assert isinstance(screen, GameScreen)
            if match.pending_pass:
                await pilot.press("enter")
                continue
            mover = match.at_keyboard
            assert mover is not None and screen.seat == mover
            moves = len(match.record.actions)
            await decide(pilot)
            if len(match.record.actions) == moves or match.is_over():
                continue
            for gap in stray_enters:
                await pilot.pause(gap)
                await pilot.press("enter")
                if match.at_keyboard == mover and not match.is_over():
                    next_humans_hand_is_hidden(app, match, mover)
            await settle_bots(pilot, app)
            if isinstance(app.screen, HandoverScreen):
                # The stray Enters met a handover and it held: the next player
                # gets the keyboard only with an Enter once it is armed.
                hit += 1
                next_humans_hand_is_hidden(app, match, mover)
                handover = app.screen
                await wait_until_armed(pilot, handover)
                assert "press Enter" in screen_text(app)
                next_humans_hand_is_hidden(app, match, mover)
                await pilot.press("enter")
                await pilot.pause()
                assert match.at_keyboard == handover.next_seat != mover
                assert isinstance(app.screen, GameScreen) and app.screen.seat == handover.next_seat
                break
        else:
            raise AssertionError("the match did not reach the results")
    return hit


@pytest.mark.parametrize("spec", DRIVEN, ids=[spec.id for spec in DRIVEN])
async def test_a_move_key_then_enter_50_ms_later_never_shows_the_next_hand(spec):
    assert await stray_enters_never_pass_the_handover(spec, [0.05]) >= 1


@pytest.mark.parametrize("spec", DRIVEN, ids=[spec.id for spec in DRIVEN])
async def test_ten_enters_within_half_a_second_after_a_move_never_show_the_next_hand(spec):
    assert await stray_enters_never_pass_the_handover(spec, [0.05] + [0.045] * 9) >= 1


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
