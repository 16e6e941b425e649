"""When a bot's move ends the game, the humans see the table as it ended
(that last move) before the results: Enter opens them. A human's own last
move goes straight to the results."""

from __future__ import annotations

import random

from tablegames.core.match import Match
from tablegames.core.records import MatchRecord
from tests.ui.helpers import SIZE, GameScreen, ResultsScreen, Seat, make_app, play_turn, screen_text, settle

SEATS = [Seat("Ann"), Seat("Cid", "heuristic"), Seat("Dee", "heuristic")]


def before_the_last_move(last_by_bot: bool) -> Match:
    """A seeded Blind Chicken match, one move before its end, whose last
    move is a bot's (or Ann's)."""
    for seed in range(100):
        match = Match.new("blind-chicken", SEATS, {"hands": 1}, seed=seed, autosave=False)
        rng = random.Random(seed)
        match.run_bots()
        while not match.is_over():
            match.play(rng.choice(match.legal_actions()))
            match.run_bots()
        if match.is_bot(match.record.actions[-1][0]) == last_by_bot:
            data = match.record.to_json()
            record = MatchRecord.from_json(data | {"finished": False, "actions": data["actions"][:-1]})
            return Match(record, autosave=False)
    raise AssertionError("no such seed")


async def test_a_bots_last_move_leaves_the_final_table_up_until_enter():
    match = before_the_last_move(last_by_bot=True)
    assert match.next_bot() is not None
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and match.is_over()
        assert screen.showing_final_table
        text = screen_text(app)
        assert "The game is over: Enter shows the results." in text
        assert "Results" in text  # the footer offers it
        await pilot.press("l", "r", "u")  # the game's keys do nothing now
        assert app.screen is screen
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)


async def test_a_humans_own_last_move_goes_straight_to_the_results():
    match = before_the_last_move(last_by_bot=False)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert match.legal_actions()
        await play_turn(pilot)
        await settle(pilot)
        assert match.is_over() and isinstance(app.screen, ResultsScreen)
