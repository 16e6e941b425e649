"""Seat setup remembers each game's last seats (names, types, options)."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Input

from tablegames.core import registry
from tablegames.ui.seat_setup import SetupScreen
from tablegames.ui.widgets import Cycler
from tests.ui.helpers import SIZE, GameScreen, HandoverScreen, make_app, settle


def number_of(game: str) -> str:
    return str([spec.id for spec in registry.all_specs()].index(game) + 1)


async def open_setup(pilot, game: str = "blind-chicken") -> SetupScreen:
    await pilot.pause()
    await pilot.press(number_of(game))
    await pilot.pause()
    setup = pilot.app.screen
    assert isinstance(setup, SetupScreen)
    return setup


def fields(setup: SetupScreen) -> dict:
    """What the setup shows: the player count, the shown seats (name, type)
    and the options."""
    count = setup.query_one("#count", Cycler).value
    return {
        "count": count,
        "seats": [(setup.query_one(f"#name-{i}", Input).value, setup.query_one(f"#kind-{i}", Cycler).value)
                  for i in range(count)],
        "options": {option.key: setup.query_one(f"#option-{option.key}", Cycler).value
                    for option in setup.spec.options},
    }


async def start(pilot) -> None:
    await pilot.press("ctrl+s")
    await settle(pilot)
    assert isinstance(pilot.app.screen, (GameScreen, HandoverScreen))


async def test_seat_setup_offers_the_seats_a_game_was_last_started_with(data_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        assert fields(setup)["seats"][:2] == [("Ann", "human"), ("Ben", "human")]
        setup.query_one("#count", Cycler).value = 4
        setup.query_one("#name-0", Input).value = "Kim"
        setup.query_one("#name-1", Input).value = "[b]Lee"
        setup.query_one("#kind-2", Cycler).value = "search"
        setup.query_one("#kind-3", Cycler).value = "human"
        await pilot.pause()
        setup.query_one("#name-3", Input).value = "Max"
        setup.query_one("#option-hands", Cycler).value = 2
        await pilot.pause()
        chosen = fields(setup)
        await start(pilot)
    assert chosen["seats"] == [("Kim", "human"), ("[b]Lee", "human"), ("Bot 1 (hard)", "search"),
                               ("Max", "human")]

    app = make_app()  # the next time the app starts
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        assert fields(setup) == chosen
        await pilot.press("escape")
        await pilot.pause()
        other = await open_setup(pilot, "blind-business")  # another game keeps its own
        assert fields(other)["seats"] == [("Ann", "human"), ("Ben", "human")]


async def test_a_seat_made_a_bot_keeps_its_human_name_for_next_time(data_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        setup.query_one("#name-1", Input).value = "Lee"
        setup.query_one("#kind-1", Cycler).value = "random"
        await pilot.pause()
        await start(pilot)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        assert fields(setup)["seats"][1] == ("Bot 1 (easy)", "random")
        setup.query_one("#kind-1", Cycler).value = "human"
        await pilot.pause()
        assert fields(setup)["seats"][1] == ("Lee", "human")


async def test_seats_are_remembered_only_when_a_match_starts(data_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        setup.query_one("#name-0", Input).value = "Kim"
        await pilot.press("escape")  # back, no match
        await pilot.pause()
        setup = await open_setup(pilot)
        assert fields(setup)["seats"][0] == ("Ann", "human")
        setup.query_one("#name-1", Input).value = "Ann"
        await pilot.press("ctrl+s")  # refused: two Anns
        await pilot.pause()
    assert not (data_dir / "last_seats.json").exists()


CORRUPT = {
    "not json": b"{ not json",
    "not utf-8": b"\xff\xfe\x00",
    "a list": b"[]",
    "another version": json.dumps({"version": 99, "games": {"blind-chicken": {
        "players": 4, "seats": [{"name": "Kim", "type": "human"}], "options": {}}}}).encode(),
    "seats not a list": json.dumps({"version": 1, "games": {"blind-chicken": {
        "players": 4, "seats": "Kim", "options": {}}}}).encode(),
}


@pytest.mark.parametrize("content", CORRUPT.values(), ids=CORRUPT.keys())
async def test_a_corrupt_last_seats_file_is_ignored_and_replaced(data_dir, content):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "last_seats.json").write_bytes(content)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        assert fields(setup)["count"] == 3
        assert fields(setup)["seats"][:2] == [("Ann", "human"), ("Ben", "human")]
        setup.query_one("#name-0", Input).value = "Kim"
        await start(pilot)
    saved = json.loads((data_dir / "last_seats.json").read_text(encoding="utf-8"))
    assert saved["games"]["blind-chicken"]["seats"][0] == {"name": "Kim", "type": "human"}


async def test_remembered_values_that_do_not_fit_the_game_are_left_out(data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "last_seats.json").write_text(json.dumps({"version": 1, "games": {"blind-chicken": {
        "players": 9,  # more than the game seats
        "seats": [{"name": "Kim", "type": "human"}, {"name": "\x1b[2J", "type": "human"},
                  {"name": "Cid", "type": "alien"}, {"name": "x" * 40, "type": "search"}],
        "options": {"hands": 99, "target": 30},
    }}}), encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        setup.query_one("#count", Cycler).value = 4
        await pilot.pause()
        shown = fields(setup)
        assert shown["seats"] == [("Kim", "human"), ("Ben", "human"), ("Bot 1", "heuristic"),
                                  ("Bot 2 (hard)", "search")]
        assert shown["options"] == {"hands": 0, "target": 30}
        setup.query_one("#kind-3", Cycler).value = "human"
        await pilot.pause()
        assert fields(setup)["seats"][3] == ("Dee", "human")  # the 40-letter name was dropped


async def test_a_phone_seat_keeps_its_name_starts_a_match_on_a_phone_and_is_remembered(data_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        setup.query_one("#name-0", Input).value = "Kim"
        setup.query_one("#kind-0", Cycler).value = "phone"
        await pilot.pause()
        assert not setup.query_one("#name-0", Input).disabled  # a person: the name stays theirs
        await start(pilot)
        match = app.playing
        assert match is not None and match.record.seats[0].phone and match.names[0] == "Kim"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        assert fields(setup)["seats"][0] == ("Kim", "phone")
