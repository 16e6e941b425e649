"""The kitchen-table privacy check (tests/table/kitchen_table.py) can fail:
each game's screen for one seat, drawn by the real app, passes the check
for that seat and fails it for another seat (the frame a phone would show
if the wrong seat's screen reached it); and a face secret at every moment
a frame may show leaks, where one the viewer saw a moment ago does not."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tablegames.core import registry
from tablegames.core.match import Match
from tablegames.core.seats import Seat
from tablegames.ui.game_screen import GameScreen
from tests.fixtures import phone_taps_of
from tests.table.kitchen_table import Point, forbidden, frame_leaks, leaks
from tests.ui.helpers import make_app, screen_text, settle, wait_for

SPECS = [spec for spec in registry.all_specs() if phone_taps_of(spec) is not None]


def half_played(spec, steps: int = 12) -> Match:
    """Kim, Lee and Ann at the keyboard and a bot, some seeded moves in (the
    hands have parted ways)."""
    taps = phone_taps_of(spec)
    seats = [Seat("Kim"), Seat("Lee"), Seat("Ann"), Seat("Bot", spec.default_bot)]
    match = Match.new(spec.id, seats, dict(taps.OPTIONS), seed=7, autosave=False)
    rng = random.Random(7)
    match.run_bots()
    for _ in range(steps):
        match.take_keyboard(match.deciders()[0])
        match.play(rng.choice(match.legal_actions()))
        if match.pending_pass:
            match.confirm_pass()
        match.run_bots()
    return match


@pytest.mark.parametrize("spec", SPECS, ids=[spec.id for spec in SPECS])
async def test_a_seats_screen_passes_the_check_for_that_seat_and_fails_it_for_another(spec):
    taps = phone_taps_of(spec)
    match = half_played(spec)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):  # past the handover
            if isinstance(app.screen, GameScreen) and app.screen.seat is not None:
                break
            await pilot.press("enter")
            await settle(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.seat is not None,
                       "a seat's own screen")
        seat = app.screen.seat
        text = screen_text(app)
    shown = taps.faces(text)
    state = match._state
    assert shown, f"the check reads no card on {spec.title}'s screen:\n{text}"
    assert not leaks(shown, forbidden(taps, state, seat)), text
    others = {other: leaks(shown, forbidden(taps, state, other)) for other in range(4) if other != seat}
    assert any(others.values()), f"another seat's check passes {match.names[seat]}'s screen:\n{text}"
    # The public table (the shared screen with nobody at the keyboard) may show none of it.
    assert leaks(shown, forbidden(taps, state, None)), text


def test_a_face_leaks_only_if_it_was_secret_at_every_moment_the_frame_may_show():
    secret: tuple[frozenset[str], Counter[str]] = (frozenset({"7"}), Counter())
    seen: tuple[frozenset[str], Counter[str]] = (frozenset(), Counter({"7": 1}))
    shown = Counter({"7": 1, "8": 1})
    always = [Point(0.0, 1, None, {0: secret}), Point(1.0, 2, None, {0: secret})]
    assert frame_leaks(shown, always, lambda point: 0) == {"7": 1}
    once_seen = [Point(0.0, 1, None, {0: seen}), Point(1.0, 2, None, {0: secret})]
    assert frame_leaks(shown, once_seen, lambda point: 0) == {}
    # Two cards share a face: the second one drawn is one too many.
    assert leaks(Counter({"7": 2}), (frozenset({"7"}), Counter({"7": 1}))) == {"7": 1}
