"""The owner's web server for phone seats, asked over HTTP on 127.0.0.1
(no browser, no app process): who is let in, and how a guesser is slowed."""

from __future__ import annotations

import re

import aiohttp
import pytest

from tablegames.core import registry
from tablegames.core.match import Match
from tablegames.core.seats import parse_seats
from tablegames.table import owner
from tablegames.table.owner import KitchenTable, WrongTokens


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
        await table.stop()


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
    addresses = set(re.findall(r"(?:https?|wss?)://[^\"' )]+", page)) - {"http://www.w3.org/2000/svg"}  # (a name)
    assert addresses and all(re.match(rf"(http|ws)://127\.0\.0\.1:{table.port}/", url) for url in addresses), addresses
