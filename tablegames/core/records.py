"""Match records: game, options, seats, seed and the actions so far; their
JSON format, the checks of its whole shape, and the replay that rebuilds
exactly the same game from one.

Where records are kept and how they are written is core/saves.py; the
saved matches a player can resume, core/resumable.py.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tablegames.core import registry
from tablegames.core.game import Event, GameState, IllegalAction
from tablegames.core.position import PositionError, build as build_position
from tablegames.core.seats import Seat, SeatError, check_seats, check_seed, quoted, said, shown

__all__ = ["FORMAT", "MAX_BYTES", "MatchRecord", "RecordError", "Seat", "first_state", "now", "parse", "replay"]

FORMAT = 1

# Limits on what is read back: a real record is a few kilobytes (a long
# match has a few thousand moves of a few characters each).
MAX_BYTES = 4 * 1024 * 1024
MAX_ACTIONS = 100_000
MAX_ACTION_TEXT = 200
MAX_FIELD_TEXT = 64
# A seat's count of log events seen: a few per move at most.
MAX_SEEN = 100 * MAX_ACTIONS
# A whole number in a record has at most this many digits (seeds are 64-bit).
MAX_DIGITS = 20
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

# Why a record the rules trip over (an error in the game's code, not in the
# file) cannot be read: in a player's words, not the exception's name.
RULES_FAILED = "the game's rules fail on it: a fault in this version of tablegames, not in the file"


class RecordError(Exception):
    """A record that cannot be read or replayed; the message is one sentence.

    ``reason`` is that sentence without the file's name, ``path`` the file
    (None when the record did not come from a file)."""

    def __init__(self, reason: str, path: Path | None = None, *, missing: bool = False):
        self.reason = reason
        self.path = path
        # The file is not there (it vanished, or is a link to nothing).
        self.missing = missing
        super().__init__(f"{shown(str(path))}: {reason}" if path is not None else reason)


class _Bad(Exception):
    """A malformed field, while checking a record's shape."""


@dataclass
class MatchRecord:
    game: str
    seats: list[Seat]
    seed: int
    options: dict[str, int] = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)
    id: str = field(default_factory=lambda: secrets.token_hex(4))
    created: str = field(default_factory=lambda: now())
    updated: str = ""
    finished: bool = False
    # The play-again chain this match belongs to (the id of its first
    # match; Match.rematch keeps it), or None. Optional in the file: older
    # records have none.
    series: str | None = None
    # A match started from a position (`tablegames play GAME --position
    # FILE`): the game's description of it (core/position.py), built with
    # the record's names, options and seed instead of a deal. Optional in
    # the file: None for a match dealt from its seed.
    position: dict[str, Any] | None = None
    # Per seat: how many events of the match's log it had seen when it last
    # left the keyboard (Match.recap), so a resumed match's handover lists
    # only what is new to that player. Optional in the file: older records
    # have none (everything counts as new).
    seen: dict[int, int] = field(default_factory=dict)
    # A match started with hints on (`play --hints`, seat setup): per seat,
    # how many hints it asked for (core/hint.py); None for hints off.
    # Optional in the file: older records have none.
    hints: list[int] | None = None

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
            "seats": [s.to_json() for s in self.seats],
            "actions": [[seat, text] for seat, text in self.actions],
            "created": self.created,
            "updated": self.updated,
            "finished": self.finished,
            **({"series": self.series} if self.series is not None else {}),
            **({"position": self.position} if self.position is not None else {}),
            **({"seen": [self.seen.get(seat, 0) for seat in range(len(self.seats))]} if self.seen else {}),
            **({"hints": list(self.hints)} if self.hints is not None else {}),
        }

    def copy(self) -> "MatchRecord":
        return replace(self, seats=list(self.seats), options=dict(self.options), actions=list(self.actions),
                       seen=dict(self.seen), hints=None if self.hints is None else list(self.hints))

    @classmethod
    def from_json(cls, data: Any) -> "MatchRecord":
        """Check the whole shape of a record (types, ranges, the game, its
        options and seats, every action's seat) before anything replays it.
        RecordError with one sentence if anything is off."""
        if not isinstance(data, dict):
            raise RecordError("not a valid record (it is not a tablegames match record)")
        fmt = data.get("format")
        if type(fmt) is not int or fmt != FORMAT:
            raise RecordError(f"it has record format {_short(fmt)}, this version reads {FORMAT}")
        try:
            return cls._checked(data)
        except _Bad as exc:
            raise RecordError(str(exc)) from None

    @classmethod
    def _checked(cls, data: dict[str, Any]) -> "MatchRecord":
        missing = [key for key in ("game", "seats", "seed", "actions") if key not in data]
        if missing:
            raise _Bad(f"the field {missing[0]!r} is missing")
        game = _text(data, "game")
        try:
            spec = registry.get(game)
        except registry.UnknownGame:
            raise RecordError(f"it is for an unknown game {quoted(game)}") from None
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list) or not raw_seats:
            raise _Bad("'seats' must be a list of seats")
        if len(raw_seats) > spec.max_players:
            raise _Bad(f"{spec.title} takes {spec.min_players}-{spec.max_players} players, "
                       f"not {len(raw_seats)}")
        seats = []
        for number, raw in enumerate(raw_seats, start=1):
            if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
                raise _Bad(f"seat {number} must have a name")
            bot = raw.get("bot")
            if bot is not None and not isinstance(bot, str):
                raise _Bad(f"seat {number}'s bot level must be text")
            phone = raw.get("phone", False)
            if not isinstance(phone, bool):
                raise _Bad(f"seat {number}'s phone must be true or false")
            seats.append(Seat(raw["name"], bot, phone))
        try:
            seats = check_seats(seats, spec)
        except SeatError as exc:
            raise _Bad(str(exc).rstrip(".")) from None
        players = len(seats)
        try:
            seed = check_seed(data.get("seed"))
        except SeatError as exc:
            raise _Bad(str(exc).rstrip(".")) from None
        raw_options = data.get("options", {})
        if raw_options is None:
            raw_options = {}
        if not isinstance(raw_options, dict) or not all(
                isinstance(k, str) and type(v) is int for k, v in raw_options.items()):
            raise _Bad("'options' must map option names to whole numbers")
        try:
            spec.resolve_options(raw_options, players)  # checked; kept as saved
            options = dict(raw_options)
        except ValueError as exc:
            raise _Bad(shown(str(exc)).rstrip(".")) from None
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise _Bad("'actions' must be a list")
        if len(raw_actions) > MAX_ACTIONS:
            raise _Bad(f"more than {MAX_ACTIONS} moves")
        actions: list[tuple[int, str]] = []
        for number, raw in enumerate(raw_actions, start=1):
            if not (isinstance(raw, list) and len(raw) == 2 and type(raw[0]) is int
                    and isinstance(raw[1], str) and len(raw[1]) <= MAX_ACTION_TEXT):
                raise _Bad(f"move {number} must be a seat number and a short move")
            if not 0 <= raw[0] < players:
                raise _Bad(f"move {number} is by seat {raw[0]}, but a record of {players} players numbers its "
                           f"seats 0-{players - 1} in its moves (seat 1 is 0)")
            actions.append((raw[0], raw[1]))
        record_id = data.get("id")
        if record_id is None:
            # The same id for every copy of the app reading this file (a
            # match is locked by its id: core/match_lock.py), until its first
            # save writes it.
            record_id = hashlib.sha256(json.dumps(
                [spec.id, seed, data.get("created"), [seat.name for seat in seats]]).encode()).hexdigest()[:8]
        elif not isinstance(record_id, str) or not _ID.fullmatch(record_id):
            raise _Bad("'id' must be letters and digits")
        finished = data.get("finished", False)
        if not isinstance(finished, bool):
            raise _Bad("'finished' must be true or false")
        series = data.get("series")
        if series is not None and (not isinstance(series, str) or not _ID.fullmatch(series)):
            raise _Bad("'series' must be letters and digits")
        # (Its content is the game's to judge: replay builds it.)
        position = data.get("position")
        if position is not None and not isinstance(position, dict):
            raise _Bad("'position' must be a JSON object (the game's description of the starting position)")
        raw_seen = data.get("seen", [])
        if not (isinstance(raw_seen, list) and len(raw_seen) in (0, players)
                and all(type(count) is int and 0 <= count <= MAX_SEEN for count in raw_seen)):
            raise _Bad(f"'seen' must be a whole number of log events per seat ({players} of them)")
        seen = {seat: count for seat, count in enumerate(raw_seen) if count}
        hints = data.get("hints")
        if hints is not None and not (isinstance(hints, list) and len(hints) == players
                                      and all(type(count) is int and 0 <= count <= MAX_ACTIONS for count in hints)):
            raise _Bad(f"'hints' must be a whole number of hints per seat ({players} of them)")
        return cls(game=spec.id, seats=seats, seed=seed, options=options, actions=actions, id=record_id,
                   created=_text(data, "created", ""), updated=_text(data, "updated", ""), finished=finished,
                   series=series, position=position, seen=seen, hints=hints)


def _text(data: dict[str, Any], key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if value is None and default is not None:
        value = default
    if not isinstance(value, str) or len(value) > MAX_FIELD_TEXT:
        raise _Bad(f"{key!r} must be short text")
    return value


def _short(value: object) -> str:
    """A value from a file, safe and short for a message, in JSON's words."""
    return said(value, 24)


def now() -> str:
    """The time a record notes (created, updated): UTC, to the minute."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M")


# ----------------------------------------------------------------- reading JSON

class _NumberError(ValueError):
    pass


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _NumberError(f"a number with {len(text.lstrip('-'))} digits")
    return int(text)


def _float(text: str) -> float:
    raise _NumberError(f"a number with a fraction or exponent ({quoted(text, 24)})")


def _constant(text: str) -> float:
    raise _NumberError(f"{text}, which is not a number a record holds")


def parse(text: str) -> MatchRecord:
    """A record from its JSON text, its whole shape checked (not replayed).
    RecordError with a sentence (without a file name) if it is unusable."""
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError:
        raise RecordError("not a valid record (the file is not JSON).") from None
    except _NumberError as exc:
        raise RecordError(f"not a valid record (it holds {exc}).") from None
    except (ValueError, RecursionError, MemoryError):
        raise RecordError("not a valid record (it is nested too deeply or holds a value out of range).") from None
    try:
        return MatchRecord.from_json(data)
    except RecordError as exc:
        raise RecordError(exc.reason.rstrip(".") + ".") from None


# ----------------------------------------------------------------- replaying

def first_state(record: MatchRecord) -> GameState:
    """The state before the record's first move: the deal of its seed, or
    the position it started from. RecordError if there is none."""
    try:
        spec = registry.get(record.game)
    except registry.UnknownGame:
        raise RecordError(f"it is for an unknown game {quoted(record.game)}.") from None
    try:
        if record.position is not None:
            # (first_seat=0: a number in a record's position is a seat counted
            # from 0, as position files were written before; newer records
            # keep the game's description, which names every seat.)
            return build_position(spec, record.names, record.position, record.options, record.seed, first_seat=0)
        return spec.new_game(record.names, record.options, record.seed)
    except PositionError as exc:
        raise RecordError(f"its starting position is impossible ({shown(str(exc)).rstrip('.')}).") from None
    except ValueError as exc:
        raise RecordError(f"it cannot start the game ({shown(str(exc))})") from None
    except Exception as exc:  # a record the rules trip over is still just a bad record
        raise RecordError(f"it cannot start the game ({RULES_FAILED}).") from None


def replay(record: MatchRecord, events: list[Event] | None = None, ends: list[int] | None = None) -> GameState:
    """Rebuild the state from a record; RecordError if it does not replay.
    ``ends``, with ``events``: the number of events after each move (where
    each move's events end)."""
    state = first_state(record)
    spec = registry.get(record.game)  # (known: first_state found it)
    players = len(record.seats)
    def where(number: int, seat: object, text: str) -> str:  # only for a message (a quarter of a replay)
        return f"move {number} ({quoted(text, 24)} by seat {seat})"

    for number, (seat, text) in enumerate(record.actions, start=1):
        if type(seat) is not int or not 0 <= seat < players:
            raise RecordError(f"{where(number, seat, text)} is by a seat that does not exist.")
        try:
            state.apply(seat, spec.parse(text), events)
            if ends is not None and events is not None:
                ends.append(len(events))
        except IllegalAction as exc:
            raise RecordError(f"{where(number, seat, text)} is not legal: {shown(str(exc))}") from None
        except Exception as exc:
            raise RecordError(f"{where(number, seat, text)} cannot be replayed ({RULES_FAILED}).") from None
    return state


def own_decisions(record: MatchRecord, seat: int,
                  upto: int | None = None) -> list[tuple[dict[str, Any], list[Any], Any]]:
    """``seat``'s own decisions in the record's first ``upto`` moves (all:
    None), each as (its view then, its legal moves then, the move): what a
    bot rebuilt from the record is shown, and what a hint's bot remembers."""
    moves = record.actions if upto is None else record.actions[:upto]
    if not any(mover == seat for mover, _ in moves):
        return []
    spec = registry.get(record.game)
    state = first_state(record)
    decisions = []
    for mover, text in moves:
        action = spec.parse(text)
        if mover == seat:
            decisions.append((dict(state.view(seat)), list(state.legal_actions(seat)), action))
        state.apply(mover, action)
    return decisions
