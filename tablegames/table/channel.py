"""The channel between the owner and one phone's app process: JSON
messages, one a line, over a socket pair the owner made (the phone's end
is inherited as a file descriptor, so nothing else can connect to it).

Owner to phone: ``{"type": "seat", "game", "seat", "seats", "hints"}``
once, then ``{"type": "update", "snapshot"}`` after every change,
``{"type": "refused", "message"}`` when the owner refused the phone's
action, ``{"type": "hint", "hint": {"move", "words", "chance", "rule"} or
null}`` answering a hint asked for (core/hint.py; for this seat only).
Phone to owner: ``{"type": "play", "action", "change"}``, ``{"type":
"hint", "change"}``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

# A snapshot of the largest table is a few kilobytes; a line longer than
# this is no message of ours.
MAX_LINE = 1 << 20
# The environment variable that tells a phone's app process its channel's descriptor.
FD_VARIABLE = "TABLEGAMES_PHONE_FD"


def encode(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


async def read(reader: asyncio.StreamReader) -> dict[str, Any] | None:
    """The next message, or None once the other end has gone (or sent
    something that is not a message: the channel is then done with)."""
    try:
        line = await reader.readuntil(b"\n")
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
        return None
    try:
        message = json.loads(line)
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


def write(writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
    if not writer.is_closing():
        writer.write(encode(message))
