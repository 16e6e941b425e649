"""A hint on a phone (issue 33 item 2 at the kitchen table): the phone asks
the owner, which works it out from that seat's view and past alone and
sends it down that seat's channel only: the hint shows on that phone, and
another phone's channel carries that phone's own hints alone."""

from __future__ import annotations

import asyncio
import json
import socket

import pytest

from tablegames.core import hint
from tablegames.core.hint import HintBudget
from tablegames.core.match import Match
from tablegames.core.seats import Seat
from tablegames.table.owner import KitchenTable
from tablegames.ui.game_screen import GameScreen
from tests.table.channel_pair import phone_on_a_socket_pair
from tests.ui.helpers import SIZE, screen_text, wait_for

HINT = "% to win)."


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    monkeypatch.setattr(hint, "HINT_BUDGET", HintBudget(seconds=None, iterations=16, worlds=4))


async def test_a_phones_hint_shows_on_that_phone_and_travels_down_no_other_seats_channel():
    match = Match.new("blind-chicken", [Seat("Kim", phone=True), Seat("Lee", phone=True), Seat("Bot", "heuristic")],
                      {"hands": 1}, seed=3, autosave=False, hints=True)
    table = KitchenTable(match, "127.0.0.1", 0)
    lee_owner, lee_phone = socket.socketpair()
    lee_owner_reader, lee_owner_writer = await asyncio.open_connection(sock=lee_owner)
    lee_reader, lee_writer = await asyncio.open_connection(sock=lee_phone)
    lee_heard: list[dict] = []

    async def listen_as_lee() -> None:
        while line := await lee_reader.readline():
            lee_heard.append(json.loads(line))

    app, stop = await phone_on_a_socket_pair(table, 0)
    tasks = [asyncio.create_task(table.serve_phone(table.seats[1], lee_owner_reader, lee_owner_writer)),
             asyncio.create_task(listen_as_lee())]
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.my_turn(),
                           "Kim's phone at her first decision")
            assert "Hint" in screen_text(app).splitlines()[-1]  # (offered in the footer)
            await pilot.press("h")
            await wait_for(pilot, lambda: HINT in screen_text(app), "the hint on Kim's phone")
            assert match.record.hints == [1, 0, 0]
            # Lee (arranging at the same time) asks too, once for a table
            # that has moved on (none), once now (his own, down his channel).
            for change in (match.changes - 1, match.changes):
                lee_writer.write(json.dumps({"type": "hint", "change": change}).encode() + b"\n")
            await wait_for(pilot, lambda: len([m for m in lee_heard if m["type"] == "hint"]) == 2,
                           "the owner's answers to Lee")
            assert match.record.hints == [1, 1, 0]
            assert screen_text(app).count(HINT) == 1  # Kim's phone: her hint only
    finally:
        stop()
        for task in tasks:
            task.cancel()
    stale, lees = [m["hint"] for m in lee_heard if m["type"] == "hint"]
    assert stale is None
    lee_cards = {int(card[1:]) for card in match._state.view(1)["hand"]}
    assert lees["move"].startswith("order ") and {int(c) for c in lees["move"].split()[1:]} == lee_cards


async def test_a_phone_of_a_match_without_hints_offers_no_hint():
    match = Match.new("blind-chicken", [Seat("Kim", phone=True), Seat("Bot", "heuristic"), Seat("Bo", "heuristic")],
                      {"hands": 1}, seed=3, autosave=False)
    table = KitchenTable(match, "127.0.0.1", 0)
    app, stop = await phone_on_a_socket_pair(table, 0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.my_turn(),
                           "Kim's phone at her first decision")
            assert "Hint" not in screen_text(app).splitlines()[-1]
            await pilot.press("h")
            await pilot.pause(0.2)
            assert HINT not in screen_text(app) and match.record.hints is None
    finally:
        stop()
