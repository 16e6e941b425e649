"""Seat setup checks names by the same rule as the command line: a control
character is refused with a clear message, brackets are kept as typed."""

from __future__ import annotations

from textual.widgets import Input

from tablegames.ui.seat_setup import SetupScreen
from tests.ui.helpers import SIZE, make_app, screen_text


async def open_setup(pilot):
    app = pilot.app
    await pilot.pause()
    number = [game.id for game in app.screen.games].index("blind-chicken") + 1
    await pilot.press(str(number))
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def test_seat_setup_refuses_a_name_with_a_control_character():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        setup.query_one("#name-0", Input).value = "Kim\x1b[2J"  # pasted
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)  # no match started
        text = screen_text(app)
        assert "! Seat 1: the name 'Kim\\x1b[2J' has a control character (\\x1b)" in text


async def test_seat_setup_refuses_a_seed_with_a_fraction():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        setup.query_one("#seed", Input).value = "3.7"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "! The seed must be a whole number from 0" in screen_text(app)


async def test_seat_setup_keeps_brackets_in_a_name_as_typed():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        setup.query_one("#name-0", Input).value = "[bold]Kim"
        seats = setup.read_seats()
        assert seats[0].name == "[bold]Kim"
