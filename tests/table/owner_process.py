"""An owner of a kitchen-table match in a process of its own, for the test
that kills it: the real app, headless, which prints (to the test, on its
standard output) the table's port and links once it listens, then plays on
until killed. Usage: python -m tests.table.owner_process GAME PLAYERS SEED [PORT]
(PORT: where the phones connect; default any free one)"""

from __future__ import annotations

import asyncio
import json
import sys

from tablegames.core import registry
from tablegames.core.match import Match
from tablegames.core.seats import parse_seats
from tests.ui.helpers import make_app


async def main(game: str, players: str, seed: int, port: int = 0) -> None:
    match = Match.new(game, parse_seats(players, registry.get(game)), seed=seed)
    app = make_app(match, table_address=("127.0.0.1", port))
    async with app.run_test(size=(120, 40)):
        while not (app.table is not None and app.table.port):
            await asyncio.sleep(0.05)
        table = app.table
        print(json.dumps({"links": [table.link(seat) for seat in table.seats]}), flush=True)
        await asyncio.Event().wait()  # until killed


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), *(int(port) for port in sys.argv[4:5])))
