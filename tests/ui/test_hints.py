"""The hint key on the game screen (ui/hints.py): in a match started with
hints on, h shows the seat at the keyboard the hard bot's move, on that
seat's own screen only; never on a handover or another seat's screen."""

from __future__ import annotations

import pytest

from tablegames.core import hint, last_seats, registry
from tablegames.core.game import GameSpec
from tablegames.core.hint import HintBudget
from tablegames.core.match import Match
from tablegames.ui.seat_setup import SetupScreen
from tablegames.ui.widgets import Cycler
from tests.fixtures import driver_of
from tests.ui.helpers import (SIZE, GameScreen, HandoverScreen, ResultsScreen, Seat, make_app,
                              play_whole_match, screen_text, settle, wait_for)

DRIVEN = [spec for spec in registry.all_specs() if driver_of(spec) is not None]
HINT = "% to win)."


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    """A small budget with no clock: the same hints on any machine, fast."""
    monkeypatch.setattr(hint, "HINT_BUDGET", HintBudget(seconds=None, iterations=16, worlds=4))


def hints_match(spec: GameSpec, seed: int = 1, hints: bool = True) -> Match:
    players = max(min(3, spec.max_players), spec.min_players)
    seats = [Seat("Ann"), Seat("Ben")] + [Seat(f"Bot{n}", spec.default_bot) for n in range(players - 2)]
    return Match.new(spec.id, seats, {}, seed=seed, autosave=False, hints=hints)


def footer_keys(app) -> str:
    return screen_text(app).splitlines()[-1]


@pytest.mark.parametrize("spec", DRIVEN, ids=[spec.id for spec in DRIVEN])
async def test_a_hint_shows_only_on_its_players_screen_through_a_whole_match(spec):
    match = hints_match(spec)
    decide = driver_of(spec)
    asked = [0] * len(match.names)
    shown: list[tuple[int, str]] = []

    async def hint_then_decide(pilot):
        screen, seat = pilot.app.screen, match.at_keyboard
        assert isinstance(screen, GameScreen) and screen.seat == seat
        await pilot.press("h")
        asked[seat] += 1
        await wait_for(pilot, lambda: HINT in screen_text(pilot.app), "the hint on the asker's screen")
        text = screen_text(pilot.app)
        assert pilot.app.screen is screen and screen.seat == seat
        shown.append((seat, text))
        await decide(pilot)

    def on_handover(screen, text):
        assert "Hint" not in text, "a hint on a handover"

    def on_game_screen(screen, text, seat):
        # A fresh turn: no hint until asked (not the last player's).
        assert HINT not in text, f"a hint on {match.names[seat]}'s screen before they asked"

    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await play_whole_match(pilot, match, hint_then_decide, on_handover=on_handover,
                               on_game_screen=on_game_screen)
        assert isinstance(app.screen, ResultsScreen)
    assert match.record.hints == asked
    assert {seat for seat, _ in shown} == set(match.humans)


async def test_h_is_offered_only_in_a_match_with_hints_on_and_only_to_the_seat_deciding():
    spec = registry.get("blind-chicken")
    for hints in (False, True):
        match = hints_match(spec, hints=hints)
        match.run_bots()
        match.take_keyboard(match.next_human())
        app = make_app(match)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, GameScreen)
            assert ("Hint" in footer_keys(app)) == hints
            await pilot.press("h")
            await settle(pilot)
            assert (HINT in screen_text(app)) == hints
            assert match.record.hints == ([1 if s == match.at_keyboard else 0 for s in range(3)]
                                          if hints else None)


async def test_a_hint_asked_and_then_a_move_made_leaves_the_screen_with_the_move():
    spec = registry.get("nutty-business")
    match = hints_match(spec)
    match.run_bots()
    match.take_keyboard(match.next_human())
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await wait_for(pilot, lambda: HINT in screen_text(app), "the hint")
        await driver_of(spec)(pilot)
        await settle(pilot)
        assert HINT not in screen_text(app)


async def test_seat_setups_hints_start_off_turn_on_and_are_remembered(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(tmp_path))
    spec = registry.get("blind-chicken")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(SetupScreen(spec))
        await settle(pilot)
        hints = app.screen.query_one("#hints", Cycler)
        assert hints.value is False
        hints.focus()
        await pilot.press("right")
        assert hints.value is True
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, (GameScreen, HandoverScreen)), "the match")
        assert app.screen.match.hints_on
    assert last_seats.load(spec.id).hints is True
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(SetupScreen(spec))
        await settle(pilot)
        assert app.screen.query_one("#hints", Cycler).value is True
