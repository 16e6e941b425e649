"""Match records: game, options, seats, seed and the actions so far.

A record is saved as JSON after every action (temporary file, then rename,
so a crash never leaves half a file) and replays to exactly the same game.
"""

from __future__ import annotations

import json
import os
import secrets
import tempfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tablegames.core import registry
from tablegames.core.bots import normalise_level
from tablegames.core.game import Event, GameState, IllegalAction

FORMAT = 1


class RecordError(Exception):
    """A record that cannot be read or replayed; the message is one sentence."""


@dataclass(frozen=True)
class Seat:
    name: str
    bot: str | None = None  # None: a human; else the bot level

    @property
    def is_human(self) -> bool:
        return self.bot is None

    def label(self) -> str:
        return self.name if self.is_human else f"{self.name} (bot: {self.bot})"


@dataclass
class MatchRecord:
    game: str
    seats: list[Seat]
    seed: int
    options: dict[str, int] = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)
    id: str = field(default_factory=lambda: secrets.token_hex(4))
    created: str = field(default_factory=lambda: _now())
    updated: str = ""
    finished: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "id": self.id,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "seats": [{"name": s.name, "bot": s.bot} for s in self.seats],
            "actions": [[seat, text] for seat, text in self.actions],
            "created": self.created,
            "updated": self.updated,
            "finished": self.finished,
        }

    @classmethod
    def from_json(cls, data: Any) -> "MatchRecord":
        if not isinstance(data, dict):
            raise RecordError("it is not a tablegames match record")
        if data.get("format") != FORMAT:
            raise RecordError(f"it has record format {data.get('format')!r}, this version reads {FORMAT}")
        try:
            seats = [Seat(str(s["name"]), None if s.get("bot") is None else normalise_level(str(s["bot"])))
                     for s in data["seats"]]
            actions = [(int(seat), str(text)) for seat, text in data["actions"]]
            record = cls(
                game=str(data["game"]),
                seats=seats,
                seed=int(data["seed"]),
                options={str(k): int(v) for k, v in dict(data.get("options") or {}).items()},
                actions=actions,
                id=str(data.get("id") or secrets.token_hex(4)),
                created=str(data.get("created", "")),
                updated=str(data.get("updated", "")),
                finished=bool(data.get("finished", False)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"a field is missing or malformed ({exc})") from None
        return record


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M")


def data_dir() -> Path:
    """Where saves live: $TABLEGAMES_DATA_DIR, else the user's data directory."""
    override = os.environ.get("TABLEGAMES_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tablegames", appauthor=False))


def matches_dir() -> Path:
    return data_dir() / "matches"


def record_path(record: MatchRecord) -> Path:
    return matches_dir() / f"{record.game}-{record.id}.json"


def save(record: MatchRecord, path: Path | None = None) -> Path:
    """Write atomically: a temporary file in the same folder, then rename."""
    path = path or record_path(record)
    path.parent.mkdir(parents=True, exist_ok=True)
    record.updated = _now()
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(record.to_json(), fh, indent=1)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def load(path: Path | str) -> MatchRecord:
    """Read a record; RecordError with one clear sentence if it is unusable.
    The file is never modified here."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot be read ({exc.__class__.__name__}).") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise RecordError(f"{path}: not a valid record (the file is not JSON).") from None
    try:
        record = MatchRecord.from_json(data)
    except RecordError as exc:
        raise RecordError(f"{path}: not a valid record ({exc}).") from None
    try:
        replay(record)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    return record


def replay(record: MatchRecord, events: list[Event] | None = None) -> GameState:
    """Rebuild the state from a record; RecordError if it does not replay."""
    try:
        spec = registry.get(record.game)
    except registry.UnknownGame:
        raise RecordError(f"it is for an unknown game {record.game!r}.") from None
    try:
        state = spec.new_game(record.names, record.options, record.seed)
    except ValueError as exc:
        raise RecordError(f"it cannot start the game ({exc})") from None
    for number, (seat, text) in enumerate(record.actions, start=1):
        try:
            state.apply(seat, spec.parse(text), events)
        except IllegalAction as exc:
            raise RecordError(f"move {number} ({text!r} by seat {seat}) is not legal: {exc}") from None
    return state


def unfinished() -> tuple[list[tuple[Path, MatchRecord]], list[tuple[Path, str]]]:
    """Saved matches that can be resumed, newest first, and the files that
    could not be read with the reason (left on disk untouched)."""
    good: list[tuple[Path, MatchRecord]] = []
    bad: list[tuple[Path, str]] = []
    folder = matches_dir()
    if not folder.is_dir():
        return good, bad
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            record = load(path)
        except RecordError as exc:
            bad.append((path, str(exc)))
            continue
        if not record.finished:
            good.append((path, record))
    return good, bad
