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


def at_first_human_decision(game: str, hints: bool = True) -> Match:
    """A match of ``game`` (hints on unless told), its first human at the keyboard."""
    match = hints_match(registry.get(game), hints=hints)
    match.run_bots()
    match.take_keyboard(match.next_human())
    return match


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
    for hints in (False, True):
        match = at_first_human_decision("blind-chicken", hints)
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
    match = at_first_human_decision(spec.id)
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


def rules_top(app) -> str:
    """The first lines of the rules page as shown."""
    return "\n".join(screen_text(app).splitlines()[:4])


async def test_after_a_refused_move_the_rules_page_opens_at_the_rule_for_that_move():
    from tablegames.games.blenders_tricks.vocab import Play
    from tablegames.ui.rules_screen import RulesScreen

    spec = registry.get("blenders-tricks")
    match = hints_match(spec, hints=False)
    while True:  # to a trick where Ann must follow suit and holds a card that does not
        match.run_bots()
        match.take_keyboard(match.next_human())
        view = match.view()
        legal = {str(a) for a in match.legal_actions()}
        cards = [int(card[1:]) for card in view.get("hand") or []]  # ("S12": card 12)
        offside = [c for c in cards if view["phase"] == "play" and f"play {c}" not in legal]
        if offside and match.at_keyboard == 0:
            break
        match.play(match.legal_actions()[0])
        if match.pending_pass:
            match.confirm_pass()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert not screen.act(Play(offside[0]))
        assert "Follow suit" in screen_text(app)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules page")
        await wait_for(pilot, lambda: "A round" in rules_top(app), "the page at its section 'A round'")
        assert "(A round)" in screen_text(app)  # the page's title says where it opened
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "back to the game")
        await pilot.press("question_mark")  # a second look, still about that refusal
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen) and "A round" in rules_top(app),
                       "the page at 'A round' again")


async def test_after_a_hint_the_rules_page_opens_at_that_kind_of_move_and_with_no_hint_at_the_top():
    from tablegames.ui.rules_screen import RulesScreen

    match = at_first_human_decision("nutty-business")
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules page")
        await settle(pilot)
        assert "# Nutty Business" in rules_top(app) or "Nutty Business" in rules_top(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "back to the game")
        await pilot.press("h")
        await wait_for(pilot, lambda: HINT in screen_text(app), "the hint")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen) and "Setup" in rules_top(app),
                       "the page at its section on the secret first card (Setup)")
