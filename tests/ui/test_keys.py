"""Keys that work the same on every screen, and say so in the footer.

The rule for the rules page: F1 on every screen; ``?`` too, except while a
text field (a name, the seed) has the focus, where it is a character.
"""

from __future__ import annotations

from textual.widgets import Input

from tablegames.ui.picker import PickerScreen
from tablegames.ui.results import ResultsScreen
from tablegames.ui.rules_screen import RulesScreen
from tablegames.ui.seat_setup import SetupScreen
from tests.ui.helpers import (
    SIZE, GameScreen, HandoverScreen, Seat, chicken_match, make_app, screen_text, settle,
)


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


async def opens_and_closes_the_rules(pilot, key: str) -> None:
    app = pilot.app
    under = app.screen
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(app.screen, RulesScreen), (key, type(under).__name__)
    await pilot.press(key)
    await pilot.pause()
    assert app.screen is under


async def test_f1_and_question_mark_open_the_rules_on_every_screen_and_the_footer_says_so():
    match = chicken_match(Seat("Ann"), Seat("Ben"), Seat("Bot", "heuristic"), seed=3)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for kind in (HandoverScreen, GameScreen):
            assert isinstance(app.screen, kind)
            assert "?/F1 Rules" in footer(app)
            for key in ("f1", "question_mark"):
                await opens_and_closes_the_rules(pilot, key)
            await pilot.press("enter")  # the handover; then Ann's arrangement
            await settle(pilot)
        await app.action_to_picker()
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen) and "?/F1 Rules" in footer(app)
        for focus in ("tab", "tab"):  # the games, then the saved matches
            for key in ("f1", "question_mark"):
                await opens_and_closes_the_rules(pilot, key)
            await pilot.press(focus)
            await pilot.pause()


async def test_the_results_screen_opens_the_rules_with_f1_and_question_mark():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=3)
    while not match.is_over():
        match.run_bots()
        if not match.is_over():
            match.play(match.legal_actions()[0])
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen) and "?/F1 Rules" in footer(app)
        for key in ("f1", "question_mark"):
            await opens_and_closes_the_rules(pilot, key)


async def test_in_seat_setup_a_question_mark_is_part_of_a_name_and_f1_opens_the_rules():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "F1 Rules" in footer(app) and "?/F1" not in footer(app)
        await opens_and_closes_the_rules(pilot, "question_mark")  # on the player count
        name = app.screen.query_one("#name-0", Input)
        name.focus()
        await pilot.press("end", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and name.value.endswith("?")
        await opens_and_closes_the_rules(pilot, "f1")


async def test_escape_closes_the_command_palettes_keys_panel():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"keys", "enter")
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query("HelpPanel")
        await pilot.press("escape")
        await pilot.pause()
        assert not app.screen.query("HelpPanel")
        assert isinstance(app.screen, PickerScreen)
        await pilot.press("1")  # and Escape still goes back from seat setup
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)


async def test_u_with_nothing_to_take_back_says_why():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "heuristic"), Seat("Bot B", "heuristic"), seed=5)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Take back" not in footer(app)  # nothing to take back yet
        await pilot.press("u")
        await pilot.pause()
        assert "! Nothing to take back: only your own last move" in screen_text(app)


async def test_u_is_take_back_on_the_game_screen_as_on_the_handover():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "heuristic"), Seat("Bot B", "heuristic"), seed=5)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Ann's arrangement; she leads
        await settle(pilot)
        assert "u Take back" in footer(app) and "Undo" not in footer(app)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Take back" in titles and "Undo" not in titles


async def test_the_results_back_to_the_picker_button_goes_back_to_the_picker():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=3)
    while not match.is_over():
        match.run_bots()
        if not match.is_over():
            match.play(match.legal_actions()[0])
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open_match(match)
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.click("#picker")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
