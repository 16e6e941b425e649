"""A phone's app on a socket pair to the owner's side of the channel
(``KitchenTable.serve_phone``, its web server not started): the phone
process's view of a match, headless, for tests without a browser."""

from __future__ import annotations

import asyncio
import socket
from typing import Callable

from tablegames.table.owner import KitchenTable
from tablegames.table.phone_app import PhoneApp


async def phone_on_a_socket_pair(table: KitchenTable, seat: int) -> tuple[PhoneApp, Callable[[], None]]:
    """Seat ``seat``'s phone app (not started: ``run_test`` it) and what
    ends the owner's side of its channel (call it when done)."""
    ours, theirs = socket.socketpair()
    owner_reader, owner_writer = await asyncio.open_connection(sock=ours)
    phone_reader, phone_writer = await asyncio.open_connection(sock=theirs)
    app = PhoneApp(phone_reader, phone_writer, bot_delay=0, handover_guard=0)
    app.animation_level = "none"
    serving = asyncio.create_task(table.serve_phone(table.seats[seat], owner_reader, owner_writer))

    def stop() -> None:
        serving.cancel()
        owner_writer.close()

    return app, stop
