"""The seats each game was last set up with, so seat setup offers them
again: how many players, each seat's name and type (human or a bot level),
and the options. One small JSON file in the data folder, written whole
through a temporary file; a file that is missing, unreadable or not what
this module wrote counts as empty (nothing remembered), and a value that
no longer fits the game (a level or choice gone) is left for the caller
to drop.

The file: ``{"version": 1, "games": {GAME_ID: {"players": N, "seats":
[{"name": NAME, "type": "human" | "phone" | LEVEL}, ...], "options": {KEY: VALUE}, "hints": BOOL}}}``.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablegames.core.durable import TEMP_PREFIX
from tablegames.core.paths import data_dir

FILE_NAME = "last_seats.json"
VERSION = 1
HUMAN = "human"
PHONE = "phone"  # a human on their own phone (the kitchen table)
MAX_BYTES = 1_000_000  # far above what any set of games writes: a bigger file is not ours


@dataclass(frozen=True)
class SeatRow:
    name: str  # the name typed for this seat (a bot seat: the name it had as a human's)
    type: str  # "human", "phone" or a bot level


@dataclass(frozen=True)
class LastSeats:
    players: int
    seats: tuple[SeatRow, ...]
    options: dict[str, Any] = field(default_factory=dict)
    hints: bool = False  # the match was started with hints on (core/hint.py)


def path() -> Path:
    return data_dir() / FILE_NAME


def _read_all() -> dict[str, Any]:
    """The games' entries as stored; {} when there is no usable file."""
    try:
        file = path()
        if file.stat().st_size > MAX_BYTES:
            return {}
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # missing, unreadable, not JSON, not UTF-8
        return {}
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return {}
    games = data.get("games")
    return games if isinstance(games, dict) else {}


def load(game: str) -> LastSeats | None:
    """What ``game`` was last set up with, or None (never, or the entry
    is not in the expected shape)."""
    entry = _read_all().get(game)
    if not isinstance(entry, dict):
        return None
    players, seats, options = entry.get("players"), entry.get("seats"), entry.get("options", {})
    if type(players) is not int or not isinstance(seats, list) or not isinstance(options, dict):
        return None
    rows = []
    for seat in seats:
        if not (isinstance(seat, dict) and isinstance(seat.get("name"), str)
                and isinstance(seat.get("type"), str)):
            return None
        rows.append(SeatRow(seat["name"], seat["type"]))
    return LastSeats(players, tuple(rows), {str(key): value for key, value in options.items()},
                     entry.get("hints") is True)


def remember(game: str, last: LastSeats) -> None:
    """Store ``last`` as ``game``'s seats, keeping the other games'. Never
    raises for the disk (a full disk or a read-only folder only means
    nothing is remembered)."""
    games = _read_all()
    games[game] = {
        "players": last.players,
        "seats": [{"name": row.name, "type": row.type} for row in last.seats],
        "options": last.options,
        "hints": last.hints,
    }
    text = json.dumps({"version": VERSION, "games": games}, indent=1, ensure_ascii=False)
    target = path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".part", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass
