"""No burst of input shows the next hand. A handover is armed only once it
has been on screen for the guard time (``TableGamesApp.handover_guard``)
with no input at all; every key, click, mouse button going down or up,
scroll and paste before that is dropped, and restarts the wait.

Stray Enters right after a move are checked in every game's one whole match
by keys (tests/ui/test_every_game.py, ``StrayEnters``), taps through the
browser in tests/browser/test_handover_taps.py; here, every kind of input
at several spacings, a held key, a held mouse button, and the mover's own
taps carrying on from the move onto the handover.
"""

from __future__ import annotations

import time
from typing import Awaitable, Callable

import pytest
from textual.events import Click, Key, MouseScrollDown, MouseUp
from textual.pilot import Pilot

from tablegames.core import registry
from tablegames.core.match import Match
from tablegames.ui.app import HANDOVER_GUARD
from tests.ui.helpers import SIZE, GameScreen, HandoverScreen, Seat, make_app, wait_for, wait_until_armed
from tests.ui.test_every_game import DRIVEN, two_humans_and_a_bot

# Inputs of every kind, each on a part of the handover a player may hit.
INPUTS: dict[str, Callable[[Pilot], Awaitable[object]]] = {
    "enter": lambda pilot: pilot.press("enter"),
    "space": lambda pilot: pilot.press("space"),
    "a letter": lambda pilot: pilot.press("x"),
    "click on the button": lambda pilot: pilot.click("#handover-go"),
    "click on the title": lambda pilot: pilot.click("#handover-title"),
    "click on the recap": lambda pilot: pilot.click("#recap"),
    "double click on the button": lambda pilot: pilot.double_click("#handover-go"),
    "mouse down on the button": lambda pilot: pilot.mouse_down("#handover-go"),
    "mouse up on the button": lambda pilot: pilot.mouse_up("#handover-go"),
    "scroll on the recap": lambda pilot: pilot._post_mouse_events([MouseScrollDown], "#recap"),
}
SPACINGS = (0.05, 0.2, 0.4)  # all shorter than the guard
# How much later than the test's clock the screen may see an input (its
# queue): a pass after a gap this much under the guard is still a leak.
SLACK = 0.05


def chicken_match() -> Match:
    """Blind Chicken, Ann and Ben (humans) and a bot, as the report had it."""
    spec = registry.get("blind-chicken")
    return two_humans_and_a_bot(spec, seed=1)


async def open_handover(pilot: Pilot) -> HandoverScreen:
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and app.screen.shown,
                   "a handover drawn whole")
    return app.screen


async def burst(pilot: Pilot, handover: HandoverScreen, send, spacing: float, length: float) -> list[float]:
    """Inputs ``spacing`` apart for ``length`` seconds; the gaps between
    them as the test's clock saw them (first, from the handover's first
    frame to the first input; last, the time since the last one).
    Stops early if the handover passes."""
    app = pilot.app
    gaps: list[float] = []
    last = handover.shown_at  # the quiet before the first input counts too
    end = time.monotonic() + length
    while time.monotonic() < end:
        await send(pilot)
        now = time.monotonic()
        if last is not None:
            gaps.append(now - last)
        last = now
        if app.screen is not handover:
            return gaps
        await pilot.pause(spacing)
    # And the quiet since the last one, up to the caller's look.
    gaps.append(time.monotonic() - last if last is not None else 0.0)
    return gaps


# Bursts played before one is not stalled: a burst 0.4 s apart is stalled
# by 0.15 s of the test's own delay, and the whole suite at -n 6 on two
# cores stalled three in a row (a guard that lets input through fails each).
STALLED_TRIES = 10


@pytest.mark.parametrize("spacing", SPACINGS)
@pytest.mark.parametrize("kind", list(INPUTS))
async def test_a_burst_of_any_input_holds_the_handover_until_it_has_been_quiet(kind, spacing):
    send = INPUTS[kind]
    # A loaded machine may stall the test for longer than the guard between
    # two inputs; the handover may then rightly arm, so that burst proves
    # nothing and is played again.
    for _attempt in range(STALLED_TRIES):
        match = chicken_match()
        app = make_app(match, handover_guard=HANDOVER_GUARD)
        async with app.run_test(size=SIZE) as pilot:
            handover = await open_handover(pilot)
            gaps = await burst(pilot, handover, send, spacing, length=3 * HANDOVER_GUARD)
            if app.screen is not handover or handover.armed:
                quiet = max(gaps, default=0.0)
                assert quiet >= HANDOVER_GUARD - SLACK, (
                    f"{kind} every {spacing} s: the handover let go after at most {quiet:.2f} s "
                    f"without input (the guard is {HANDOVER_GUARD} s)")
                continue
            assert match.at_keyboard is None
            await goes_on_once_quiet(pilot, handover, "#handover-go" if "on the button" in kind else "enter")
            return
    raise AssertionError(f"{STALLED_TRIES} bursts of {kind} every {spacing} s were each stalled past the guard")


async def goes_on_once_quiet(pilot: Pilot, handover: HandoverScreen, confirm="enter") -> None:
    """Quiet now: the handover arms, and one Enter (or one click on its
    button) takes the next player to their screen."""
    await wait_until_armed(pilot, handover)
    if confirm == "enter":
        await pilot.press("enter")
    else:
        await pilot.click(confirm)
    await open_game_screen(pilot)
    assert handover.match.at_keyboard == handover.next_seat


async def open_game_screen(pilot: Pilot) -> GameScreen:
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), "the next player's game screen")
    return app.screen


async def test_a_mouse_button_held_down_past_the_guard_does_not_press_the_button_when_let_go():
    match = chicken_match()
    app = make_app(match, handover_guard=HANDOVER_GUARD)
    async with app.run_test(size=SIZE) as pilot:
        handover = await open_handover(pilot)
        await pilot.mouse_down("#handover-go")
        await wait_until_armed(pilot, handover)
        # The same press let go, and its click: neither is a tap on the
        # armed button, since the button went down while it was disarmed.
        await pilot._post_mouse_events([MouseUp, Click], "#handover-go")
        await pilot.pause(0.05)
        assert app.screen is handover and match.at_keyboard is None
        # A new tap on the armed button passes.
        await goes_on_once_quiet(pilot, handover, "#handover-go")


async def test_a_key_made_during_the_guard_but_seen_after_it_armed_disarms_it_again():
    """A busy app may read a key of the burst only after the guard time ran
    out: it is still part of the burst, so it passes nothing and the quiet
    wait starts again."""
    match = chicken_match()
    app = make_app(match, handover_guard=HANDOVER_GUARD)
    async with app.run_test(size=SIZE) as pilot:
        handover = await open_handover(pilot)
        stale = Key("enter", "\r")  # pressed now, during the guard
        await wait_until_armed(pilot, handover)
        app.post_message(stale)
        await wait_for(pilot, lambda: not handover.armed, "the late key to disarm the handover")
        assert app.screen is handover and match.at_keyboard is None
        await goes_on_once_quiet(pilot, handover)


async def test_a_click_before_the_handover_is_armed_does_nothing_and_one_after_goes_on():
    spec = registry.get(DRIVEN[0].id)
    match = two_humans_and_a_bot(spec, seed=1)
    # A long guard: a loaded machine must not stall the test past it
    # before the click.
    app = make_app(match, handover_guard=4 * HANDOVER_GUARD)
    async with app.run_test(size=SIZE) as pilot:
        handover = await open_handover(pilot)
        assert not handover.armed
        await pilot.click("#handover-go")
        await pilot.press("enter")
        assert app.screen is handover and match.at_keyboard is None
        await goes_on_once_quiet(pilot, handover, "#handover-go")


async def test_a_held_key_keeps_the_handover_disarmed_until_it_stops():
    # A key repeating every 50 ms for twice the guard time: still disarmed
    # (unless the machine stalled the test past the guard in between).
    match = Match.new(DRIVEN[0].id, [Seat("Ann"), Seat("Ben")], {}, seed=2, autosave=False)
    app = make_app(match, handover_guard=HANDOVER_GUARD)
    async with app.run_test(size=SIZE) as pilot:
        handover = await open_handover(pilot)
        gaps = await burst(pilot, handover, INPUTS["enter"], 0.05, length=2 * HANDOVER_GUARD)
        assert (app.screen is handover and not handover.armed) or max(gaps) >= HANDOVER_GUARD - SLACK
        await goes_on_once_quiet(pilot, handover)


async def test_the_movers_taps_after_a_move_do_not_pass_the_next_handover():
    """Ann finishes her move with a tap on "Pass the keyboard" and keeps
    tapping the same spot, as one does on a tablet: the handover to Ben
    that opens under her finger holds until her taps stop."""
    match = chicken_match()
    app = make_app(match, handover_guard=HANDOVER_GUARD)
    async with app.run_test(size=SIZE) as pilot:
        first = await open_handover(pilot)
        await wait_until_armed(pilot, first)
        await pilot.press("enter")
        mover = first.next_seat
        # Her moves until the next decision is Ben's (the bot's turns, if
        # any, come between them).
        def her_move_waits_to_pass() -> bool:
            screen = app.screen
            if not match.pending_pass and isinstance(screen, GameScreen) and screen.my_turn() \
                    and match.next_bot() is None:
                assert screen.act(match.legal_actions()[0])
            return match.pending_pass

        await wait_for(pilot, her_move_waits_to_pass, "Ann's move to wait for the keyboard to pass")
        assert match.at_keyboard == mover
        # Her taps: where the footer shows "Pass the keyboard", 0.2 s apart.
        spot = footer_spot(app, "Pass the keyboard")
        gaps: list[float] = []
        last = None
        end = time.monotonic() + 3 * HANDOVER_GUARD
        while time.monotonic() < end:
            await pilot.click(offset=spot)
            now = time.monotonic()
            if last is not None:
                gaps.append(now - last)
            last = now
            if isinstance(app.screen, GameScreen) and match.at_keyboard != mover:
                break
            await pilot.pause(0.2)
        else:
            gaps.append(time.monotonic() - now)  # the quiet since her last tap
        handover = app.screen
        if isinstance(handover, HandoverScreen) and (not handover.armed or gaps[-1] >= HANDOVER_GUARD - SLACK):
            assert match.at_keyboard == mover
        else:
            # Only a stall past the guard between two taps may let it go.
            assert max(gaps, default=0.0) >= HANDOVER_GUARD - SLACK, (
                f"Ben's screen opened under Ann's taps (at most {max(gaps):.2f} s apart)")


def footer_spot(app, label: str) -> tuple[int, int]:
    """(x, y) of a footer key's label, as the player sees it."""
    from tests.ui.helpers import screen_text
    rows = screen_text(app).splitlines()
    for y in range(len(rows) - 1, -1, -1):
        x = rows[y].find(label)
        if x >= 0:
            return x + 2, y
    raise AssertionError(f"{label!r} is not on the screen")
