"""The hard bot thinks in a worker thread: the screen says so and keys keep
working; leaving mid-thought plays nothing."""

from __future__ import annotations

import threading

from tablegames.core.search import Budget, SearchBot
from tablegames.ui.picker import PickerScreen
from tablegames.ui.rules_screen import RulesScreen
from tests.ui.helpers import SIZE, GameScreen, Seat, chicken_match, make_app, screen_text, settle, wait_for


class Gate:
    """Holds the search bot's answer until released (the bot 'thinks' as
    long as the test wants), then answers quickly."""

    def __init__(self, monkeypatch) -> None:
        self.thinking = threading.Event()
        self.release = threading.Event()
        self.answered = threading.Event()
        choose = SearchBot.choose

        def gated(bot, view, legal, rng):
            self.thinking.set()
            assert self.release.wait(10), "the test never released the bot"
            bot.budget = Budget(seconds=None, iterations=4)
            try:
                return choose(bot, view, legal, rng)
            finally:
                self.answered.set()

        monkeypatch.setattr(SearchBot, "choose", gated)


async def test_while_the_hard_bot_thinks_the_status_says_so_and_the_rules_key_works(monkeypatch, data_dir):
    gate = Gate(monkeypatch)
    match = chicken_match(Seat("Ann"), Seat("Cid", "search"), Seat("Dee", "random"), seed=3)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, gate.thinking.is_set, "the hard bot to start thinking")
        await wait_for(pilot, lambda: "Cid is thinking…" in screen_text(app), "the status to say so")
        moves = len(match.record.actions)
        await pilot.press("question_mark")  # the screen answers while the bot thinks
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "Cid is thinking…" in screen_text(app)
        assert len(match.record.actions) == moves  # nothing played yet
        gate.release.set()
        await settle(pilot)  # Cid's move, then Dee's
        assert any(seat == 1 for seat, _ in match.record.actions[moves:])
        assert "is thinking" not in screen_text(app)
        assert match.deciders() == [0]  # Ann's turn now: the bots' moves were played


async def test_leaving_while_the_hard_bot_thinks_plays_no_move_and_does_not_crash(monkeypatch, data_dir):
    gate = Gate(monkeypatch)
    match = chicken_match(Seat("Ann"), Seat("Cid", "search"), Seat("Dee", "random"), seed=3)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, gate.thinking.is_set, "the hard bot to start thinking")
        moves = list(match.record.actions)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        gate.release.set()  # the bot finishes thinking after the screen is gone
        await wait_for(pilot, gate.answered.is_set, "the hard bot to answer")
        await settle(pilot)  # its worker done and its end handled
        assert match.record.actions == moves
        assert isinstance(app.screen, PickerScreen)
    assert app.return_code in (None, 0)
