"""Whole Blind Chicken matches through the real screens, driven by keys."""

from __future__ import annotations

import re

from tablegames.ui.widgets import HandRow
from tests.ui.helpers import (
    SIZE, GameScreen, HandoverScreen, ResultsScreen, Seat, chicken_match, hand_cards, make_app,
    play_turn, play_whole_match, screen_text, settle, shown_numbers,
)

CARD_ID = re.compile(r"\bC\d+\b")


async def test_two_humans_and_a_bot_play_a_match_with_handovers_that_show_nothing_private():
    match = chicken_match(Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic"), seed=11)
    humans = [0, 1]

    def on_handover(screen, text):
        # Nothing private: no hand is drawn and no card of either hand is named.
        assert not screen.query(HandRow)
        for seat in humans:
            assert not hand_cards(match, seat) & shown_numbers(text), (seat, text)
        assert not CARD_ID.search(text)

    def on_game_screen(screen, text, seat):
        # The screen shows the keyboard seat's cards, and no other seat's.
        shown = shown_numbers(text)
        for other in range(3):
            if other != seat:
                assert not hand_cards(match, other) & shown, (other, text)
        if screen.view["phase"] in ("play", "order"):
            assert hand_cards(match, seat) <= shown

    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        handovers = await play_whole_match(pilot, match, play_turn, on_handover=on_handover,
                                           on_game_screen=on_game_screen)
        assert handovers > 2
        text = screen_text(app)
        assert "Blind Chicken:" in text and "wins!" in text
        assert "Play again with the same seats" in text


async def test_one_human_at_the_table_never_sees_a_handover():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "heuristic"), seed=4)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await settle(pilot)
            screen = app.screen
            assert not isinstance(screen, HandoverScreen)
            if isinstance(screen, ResultsScreen):
                break
            assert match.at_keyboard == 0
            await play_turn(pilot)
        else:
            raise AssertionError("the match did not reach the results")
        assert match.is_over()


async def test_play_again_starts_a_new_match_with_the_same_seats():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=9)
    match.run_bots()
    while not match.is_over():
        match.play(match.legal_actions()[0])
        match.run_bots()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("a")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.match is not match and not screen.match.is_over()
        assert screen.match.record.seats == match.record.seats
        await pilot.press("p")  # not bound in the game: nothing happens
        await pilot.press("q")
        await pilot.pause()
        assert type(app.screen).__name__ == "PickerScreen"
