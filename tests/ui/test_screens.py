"""Single behaviours of the screens: size, ASCII mode, messages, setup, take-back."""

from __future__ import annotations

import re

from textual.widgets import Input

from tablegames.core.records import Seat
from tablegames.ui.picker import PickerScreen
from tablegames.ui.rules_screen import RulesScreen
from tablegames.ui.seat_setup import SetupScreen
from tablegames.ui.too_small import TooSmallScreen
from tablegames.ui.widgets import Cycler, HandRow
from tests.ui.helpers import (
    SIZE, GameScreen, HandoverScreen, chicken_match, hand_cards, make_app, one_human_in_play_phase, screen_text,
    settle, wait_for,
)


async def test_a_small_terminal_shows_an_enlarge_message_until_it_is_big_enough():
    app = make_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the too-small notice")
        # (on a busy machine its first frame may come a few turns later)
        await wait_for(pilot, lambda: screen_text(app).strip(), "the notice's first frame")
        assert "Enlarge the terminal to at least 80x24 (now 70x20)." in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen), "the notice to go")


async def test_ascii_mode_draws_cards_and_borders_in_plain_ascii():
    match = one_human_in_play_phase()
    app = make_app(match, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        for widget in app.screen.query(HandRow):
            assert str(widget.render()).isascii()
    assert text.isascii(), [line for line in text.splitlines() if not line.isascii()]
    assert "+---+" in text  # a card outline
    assert "H" in text and "#===#" in text  # the card under the cursor


async def test_a_move_out_of_turn_gets_the_rules_message_and_changes_nothing():
    # Ann plays, then the bots think for a long time: her next key is out of turn.
    match = one_human_in_play_phase(seed=8)
    app = make_app(match, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert match.next_bot() is not None
        before = list(match.record.actions)
        await pilot.press("r")
        await pilot.pause()
        assert "! It is not your turn." in screen_text(app)
        assert match.record.actions == before


async def test_take_back_returns_the_card_to_the_hand():
    match = one_human_in_play_phase()
    app = make_app(match, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hand = list(match.view()["hand"])
        await pilot.press("r")
        await pilot.pause()
        assert match.view()["hand"] == hand[:-1]
        await pilot.press("u")
        await pilot.pause()
        assert match.view()["hand"] == hand
        assert "! Taken back." in screen_text(app)


async def test_seat_setup_explains_a_bad_entry_in_one_line_then_starts_the_match():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        number = [game.id for game in app.screen.games].index("blind-chicken") + 1
        await pilot.press(str(number))  # games are numbered in the picker
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#name-1", Input).value = "ann"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "! Seats 1 and 2 are both called ann: give each player a different name." in screen_text(app)
        setup.query_one("#name-1", Input).value = "Ben"
        setup.query_one("#seed", Input).value = "twelve"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "! The seed must be a whole number" in screen_text(app)
        setup.query_one("#seed", Input).value = "12"
        setup.query_one("#option-hands", Cycler).value = -1  # no limit, and no target
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "! With no limit on hands, set a target minus score." in screen_text(app)
        setup.query_one("#option-hands", Cycler).value = 1
        await pilot.press("ctrl+s")
        await settle(pilot)
        # Two humans: the first human gets the keyboard through a handover.
        assert isinstance(app.screen, HandoverScreen)
        match = app.screen.match
        assert match.record.seed == 12 and match.names == ("Ann", "Ben", "Bot 1")


async def test_question_mark_opens_the_rules_page_and_escape_closes_it():
    match = one_human_in_play_phase()
    app = make_app(match, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "Blind Chicken: rules" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_the_command_palette_offers_rules_take_back_and_quit_to_picker():
    match = one_human_in_play_phase()
    app = make_app(match, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"Rules", "Take back", "Quit to picker"} <= set(titles)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"quit to picker", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen), "the picker")


async def test_taking_back_an_arrangement_on_the_waiting_screen_gives_it_back_to_its_owner():
    match = chicken_match(Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic"), seed=21)
    match.run_bots()
    match.take_keyboard(0)
    match.play(match.legal_actions()[1])  # Ann arranges; the keyboard is to pass to Ben
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and match.pending_pass
        assert not screen.query_one(HandRow).faces  # the public table while she decides
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and match.at_keyboard == 0 and app.screen.my_turn()
        assert not match.view()["ordered"][0]  # her arrangement was taken back
        assert app.screen.query_one(HandRow).faces  # her own hand again, no handover between


def test_a_game_screen_is_the_class_its_spec_names():
    from tablegames.games.blind_chicken import screen as chicken_screen
    from tablegames.ui.game_screen import GameScreen as Base, game_screen_for

    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"))
    screen = game_screen_for(match)
    assert type(screen) is chicken_screen.BlindChickenScreen and isinstance(screen, Base)


async def test_a_game_without_its_own_screen_is_playable_on_the_generic_screen(monkeypatch):
    """A new game plugs in before its screen exists: the generic screen shows
    the seat's view as text and its legal actions as a numbered list."""
    import dataclasses

    from tablegames.ui.game_screen import GenericGameScreen

    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=3)
    monkeypatch.setattr(match, "spec", dataclasses.replace(match.spec, screen=""))
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GenericGameScreen)
        # The seat's own hand is on screen, in the first action: keep it as dealt.
        dealt = " ".join(card[1:] for card in match.view()["hand"])
        assert f"1. order {dealt}" in screen_text(app)
        await pilot.press("1")  # keep the dealt order
        await settle(pilot)
        assert [text for seat, text in match.record.actions if seat == 0][0].startswith("order")
        hand_before = len(match.view()["hand"])
        await pilot.press("1")  # play the leftmost card
        await settle(pilot)
        assert len(match.view()["hand"]) == hand_before - 1
        shown = set(re.findall(r"\bC\d+\b", screen_text(app)))
        for other in (1, 2):
            assert not shown & {f"C{card}" for card in hand_cards(match, other)}
