"""``TableGamesApp.is_idle``: what every test's ``settle`` waits for. It
says the app waits for input only when nothing is left to come by itself:
a bot's move on its timer or in its worker, the blank frame before a
handover, the too-small notice after a resize."""

from __future__ import annotations

from tablegames.ui.blank import BlankScreen
from tablegames.ui.too_small import TooSmallScreen
from tests.ui.helpers import (SIZE, GameScreen, HandoverScreen, Seat, chicken_match, make_app, settle,
                              wait_for)
from tests.ui.test_thinking import Gate


async def test_the_app_is_not_idle_while_a_bots_move_waits_on_its_timer():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=3)
    app = make_app(match, bot_delay=60)  # the bots arrange first
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and match.next_bot() is not None
        assert not app.is_idle()
        app.bot_delay = 0
        screen._bot_turn()  # the timer's end, now
        await settle(pilot)
        assert match.next_bot() is None and app.screen.my_turn() and app.is_idle()


async def test_the_app_is_not_idle_while_the_hard_bot_thinks_in_its_worker(monkeypatch, data_dir):
    gate = Gate(monkeypatch)
    match = chicken_match(Seat("Ann"), Seat("Cid", "search"), Seat("Dee", "random"), seed=3)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, gate.thinking.is_set, "the hard bot to start thinking")
        assert not app.is_idle()
        gate.release.set()
        await settle(pilot)
        assert match.deciders() == [0] and app.is_idle()


async def test_the_app_is_not_idle_on_the_blank_frame_or_before_the_too_small_notice():
    match = chicken_match(Seat("Ann"), Seat("Ben"), Seat("Bot", "heuristic"), seed=3)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.switch_screen(BlankScreen(then=HandoverScreen(match)))
        assert not app.is_idle()
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen)
        await pilot.resize_terminal(70, 20)
        if not isinstance(app.screen, TooSmallScreen):
            assert not app.is_idle()  # the size check comes after a refresh
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)


async def test_a_bots_turn_comes_even_when_the_app_is_held_up_as_its_timer_starts(monkeypatch):
    """Textual 8.2.8 drops a one-shot timer whose task is held up, between
    its first two looks at the clock, for longer than its delay: on a busy
    machine a bot's turn (on a 1 ms timer in tests) never came, and the
    match waited for the bot for ever. Here every second look at Textual's
    clock comes 50 ms late."""
    from textual import _time

    real = _time.get_time
    looks = 0

    def held_up() -> float:
        nonlocal looks
        looks += 1
        return real() + (0.05 if looks % 2 == 0 else 0.0)

    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=3)
    app = make_app(match)  # the bots arrange first, each on a timer
    async with app.run_test(size=SIZE) as pilot:
        monkeypatch.setattr(_time, "get_time", held_up)
        await settle(pilot)
        assert match.next_bot() is None and app.screen.my_turn()
