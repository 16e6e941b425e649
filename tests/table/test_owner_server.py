"""The owner's web server for phone seats, asked over HTTP on 127.0.0.1
(no browser, no app process): who is let in, and how a guesser is slowed."""

from __future__ import annotations

import asyncio
import random
import re
import time

import aiohttp
import pytest

from tablegames.core import registry
from tablegames.core.match import Match
from tablegames.core.seats import parse_seats
from tablegames.table import owner
from tests.ui.helpers import DEADLINE
from tablegames.table.owner import CLOSED_LINE, MATCH_OVER, OVER_LINE, TABLE_CLOSED, KitchenTable, WrongTokens


def test_wrong_tokens_cost_nothing_at_first_then_twice_as_long_each_time_up_to_a_limit():
    delays = [WrongTokens.delay(count) for count in range(1, 12)]
    assert delays[:WrongTokens.FREE] == [0.0] * WrongTokens.FREE
    grown = delays[WrongTokens.FREE:]
    assert all(later == min(WrongTokens.MAX_DELAY, 2 * earlier) for earlier, later in zip(grown, grown[1:]))
    assert grown[0] > 0 and max(delays) == WrongTokens.MAX_DELAY


def test_each_phone_seat_gets_a_token_of_at_least_128_bits_new_for_every_match():
    spec = registry.get("blind-chicken")
    tokens = set()
    for _ in range(2):
        match = Match.new("blind-chicken", parse_seats("Kim@phone,Lee@phone,bot", spec), autosave=False)
        table = KitchenTable(match, "127.0.0.1", 0)
        assert sorted(table.seats) == [0, 1]
        tokens |= {phone.token for phone in table.seats.values()}
    assert len(tokens) == 4 and all(len(token) * 6 >= 128 for token in tokens)


@pytest.fixture
async def table():
    spec = registry.get("blind-chicken")
    match = Match.new("blind-chicken", parse_seats("Kim@phone,Lee,bot", spec), autosave=False)
    table = KitchenTable(match, "127.0.0.1", 0)
    await table.start()
    try:
        yield table
    finally:
        await table.shut()


async def test_a_wrong_token_is_refused_with_404_and_no_app_process_starts(table, monkeypatch):
    waits: list[float] = []

    async def no_sleep(seconds: float) -> None:  # (counted, not waited)
        waits.append(seconds)

    monkeypatch.setattr(owner.asyncio, "sleep", no_sleep)
    base = f"http://127.0.0.1:{table.port}"
    token = table.seats[0].token
    altered = token[:-1] + ("A" if token[-1] != "A" else "B")
    async with aiohttp.ClientSession() as session:
        for path in (f"/seat/{altered}", "/seat/made-up", "/seat/", f"/seat/{altered}/ws", f"/seat/{token}x/ws",
                     "/seat/x", "/seat/y"):
            async with session.get(base + path) as response:
                assert response.status == 404, path
        async with session.get(table.link(0)) as response:
            assert response.status == 200 and f"/seat/{token}/ws" in await response.text()
    assert table.started == 0 and table.seats[0].state == "waiting"
    # Every miss counted against the one address; the later ones waited.
    assert table.wrong_tokens.misses == {"127.0.0.1": 6}  # ("/seat/" matches no route: a plain 404)
    assert waits[:WrongTokens.FREE] == [0.0] * WrongTokens.FREE and waits[-1] > waits[WrongTokens.FREE] > 0


async def test_the_seat_page_loads_nothing_from_elsewhere(table):
    async with aiohttp.ClientSession() as session:
        async with session.get(table.link(0)) as response:
            page = await response.text()
    assert "googleapis" not in page
    # Its closed dialog is the table's (the line, a Rejoin hidden until needed), not "Session ended".
    assert 'id="closed-line"' in page and 'id="rejoin"' in page and "Session ended" not in page
    addresses = set(re.findall(r"(?:https?|wss?)://[^\"' )]+", page)) - {"http://www.w3.org/2000/svg"}  # (a name)
    assert addresses and all(re.match(rf"(http|ws)://127\.0\.0\.1:{table.port}/", url) for url in addresses), addresses


def phone_session() -> aiohttp.ClientSession:
    """A browser of its own: it keeps the cookies 127.0.0.1 sets."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def joined_phone(session: aiohttp.ClientSession, table: KitchenTable) -> aiohttp.ClientWebSocketResponse:
    """Kim's page joined: its cookie from the link, then its websocket
    (the phone's app started behind it, its channel open)."""
    async with session.get(table.link(0)) as response:
        assert response.status == 200
    websocket = await session.ws_connect(table.link(0) + "/ws?width=80&height=24")
    deadline = time.monotonic() + DEADLINE
    while not (table.seats[0].state == "joined" and table.seats[0].writer is not None):
        assert time.monotonic() < deadline, "Kim's phone never joined"
        await asyncio.sleep(0.05)
    return websocket


async def close_code(websocket: aiohttp.ClientWebSocketResponse) -> int | None:
    """The page's websocket read to its close: the code it was closed with."""
    async for _message in websocket:
        pass
    return websocket.close_code


async def test_a_closed_table_closes_each_phone_with_its_code_and_answers_its_links_with_410(table):
    async with phone_session() as session:
        websocket = await joined_phone(session, table)
        reading = asyncio.create_task(close_code(websocket))  # (a page reads all along)
        await table.stop()
        assert await reading == TABLE_CLOSED
        assert not table._services  # the phone's app ended
        started = table.started
        for url in (table.link(0), table.link(0) + "/ws"):
            async with session.get(url) as response:
                assert response.status == 410 and CLOSED_LINE in await response.text(), url
        # A made-up token is still no link of this table's: 404.
        async with session.get(table.link(0).rsplit("/", 1)[0] + "/made-up") as response:
            assert response.status == 404
    assert table.started == started


async def test_a_table_closed_once_the_game_is_over_tells_the_phones_the_match_is_over():
    spec = registry.get("blind-chicken")
    match = Match.new("blind-chicken", parse_seats("Kim@phone,bot,bot", spec), {"hands": 1}, seed=2,
                      autosave=False)
    table = KitchenTable(match, "127.0.0.1", 0)
    await table.start()
    try:
        async with phone_session() as session:
            websocket = await joined_phone(session, table)
            reading = asyncio.create_task(close_code(websocket))
            rng = random.Random(1)
            match.run_bots()
            while not match.is_over():
                match.play_for(0, rng.choice(match._state.legal_actions(0)))
                match.run_bots()
            await table.stop()
            assert await reading == MATCH_OVER
            async with session.get(table.link(0)) as response:
                assert response.status == 410 and OVER_LINE in await response.text()
    finally:
        await table.shut()


async def test_the_next_table_here_takes_the_port_again_and_still_refuses_the_old_links_with_410(table):
    old_link = table.link(0)
    await table.stop()
    spec = registry.get("blind-chicken")
    match = Match.new("blind-chicken", parse_seats("Kim@phone,Lee,bot", spec), autosave=False)
    new = KitchenTable(match, "127.0.0.1", 0)
    await new.start()
    try:
        assert new.port == table.port and new.link(0) != old_link
        async with aiohttp.ClientSession() as session:
            async with session.get(old_link) as response:
                assert response.status == 410
            async with session.get(new.link(0)) as response:
                assert response.status == 200
    finally:
        await new.shut()


async def test_a_dropped_page_asking_whether_the_table_is_there_changes_no_seat(table):
    async with phone_session() as session:
        async with session.head(table.link(0)) as response:
            assert response.status == 200
        assert table.seats[0].device is None  # (no device took the seat)
    async with phone_session() as other:
        async with other.get(table.link(0)) as response:
            assert response.status == 200
    device = table.seats[0].device
    async with phone_session() as stranger:
        async with stranger.head(table.link(0)) as response:
            assert response.status == 409
    assert table.seats[0].device == device and not table.seats[0].asking
