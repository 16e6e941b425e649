"""Match records: game, options, seats, seed and the actions so far.

A record is saved as JSON after every action (temporary file, then rename,
so a crash never leaves half a file) and replays to exactly the same game.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import stat
import tempfile
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tablegames.core import registry
from tablegames.core.game import Event, GameState, IllegalAction
from tablegames.core.position import PositionError, build as build_position
from tablegames.core.seats import Seat, SeatError, check_seats, check_seed, quoted, shown

__all__ = ["FORMAT", "MatchRecord", "RecordError", "Seat", "data_dir", "first_state", "load", "matches_dir",
           "finished_dir", "note_unresumable", "parse", "read", "record_path", "replay", "save", "unfinished"]

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
# A temporary file older than this is left over from a crash (kill -9 in the
# middle of a save) and is removed when saves are listed; a younger one may
# be another running copy of the app saving right now (a save takes
# milliseconds).
STALE_TEMP_SECONDS = 60
TEMP_PREFIX = ".tmp-"

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


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
    created: str = field(default_factory=lambda: _now())
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
        }

    def copy(self) -> "MatchRecord":
        return replace(self, seats=list(self.seats), options=dict(self.options), actions=list(self.actions),
                       seen=dict(self.seen))

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
                raise _Bad(f"move {number} is by seat {raw[0]}, but the seats are 0-{players - 1}")
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
        return cls(game=spec.id, seats=seats, seed=seed, options=options, actions=actions, id=record_id,
                   created=_text(data, "created", ""), updated=_text(data, "updated", ""), finished=finished,
                   series=series, position=position, seen=seen)


def _text(data: dict[str, Any], key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if value is None and default is not None:
        value = default
    if not isinstance(value, str) or len(value) > MAX_FIELD_TEXT:
        raise _Bad(f"{key!r} must be short text")
    return value


def _short(value: object) -> str:
    """A value from a file, safe and short for a message."""
    if isinstance(value, str):
        return quoted(value, 24)
    if isinstance(value, (dict, list)):
        return f"a {type(value).__name__}"
    text = shown(repr(value))
    return text if len(text) <= 24 else text[:21] + "..."


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
    """Unfinished matches: the picker lists these."""
    return data_dir() / "matches"


def finished_dir() -> Path:
    """Finished matches, moved out of the way so the picker never reads them."""
    return matches_dir() / "finished"


def record_path(record: MatchRecord) -> Path:
    folder = finished_dir() if record.finished else matches_dir()
    return folder / f"{record.game}-{record.id}.json"


# ----------------------------------------------------------------- saving

def save(record: MatchRecord, path: Path | None = None) -> Path:
    """Write atomically and durably: a temporary file in the same folder,
    flushed to disk, renamed over the record, then the folder flushed too
    (else a power cut can bring back an empty file or the old one).

    A record in the matches folder moves to ``finished/`` when its match is
    over (and back if the last move is taken back), in one rename, so at
    every instant exactly one copy of it is on disk; a record never lands
    on another file (a new record, or one moved, whose name is taken gets
    "-2", "-3"... added). Returns where it is."""
    where = _save(record, path)
    if record.finished and where.parent == finished_dir():
        _finished(where)
    return where


def _finished(path: Path) -> None:
    """A finished record landed in ``finished/``: the history index learns
    of it (core/history.py). The record is saved already; the index is a
    cache, rebuilt from the records if this update fails."""
    try:
        from tablegames.core.history import note_finished

        note_finished(path)
    except Exception:
        pass


def _save(record: MatchRecord, path: Path | None) -> Path:
    old = path
    home = _home(record, path or record_path(record))
    record.updated = _now()
    if old is None:
        return _write(record, home, fresh=True)
    if home == old:
        return _write(record, home, fresh=False)
    if record.finished:
        # Written where it is, then moved. Killed in between, the finished
        # record sits in matches/, and the next listing moves it on.
        _write(record, old, fresh=False)
        try:
            return _move(old, home)
        except FileNotFoundError:
            # Another copy of the app listed the saves in between and moved it.
            return home if home.exists() else _write(record, home, fresh=True)
    # A take-back: moved out of finished/, then written. Killed in between,
    # the record is still the finished match (in matches/, where the next
    # listing finds it and moves it back): the take-back is lost, no move.
    try:
        moved = _move(old, home)
    except FileNotFoundError:
        return _write(record, home, fresh=True)
    return _write(record, moved, fresh=False)


def _write(record: MatchRecord, path: Path, *, fresh: bool) -> Path:
    """Write ``record`` through a temporary file renamed to ``path`` (over
    it, or with ``fresh`` to a free name beside it). Returns where it is."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(record.to_json(), fh, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        if fresh:
            path = _free(path)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)
    return path


def _move(source: Path, target: Path, *, durable: bool = True) -> Path:
    """Move a record to another folder in one rename, never over another
    file (``target``, or a free name beside it), and with ``durable`` flush
    both folders. Returns where it is."""
    target.parent.mkdir(parents=True, exist_ok=True)
    target = _free(target)
    os.replace(source, target)
    if durable:
        _fsync_folder(target.parent)
        _fsync_folder(source.parent)
    return target


def _free(path: Path) -> Path:
    """``path``, or if a file has that name, the first free one of
    "name-2.json", "name-3.json"... (Between this look and the rename, only
    another copy of the app finishing a match of the same name could take
    it: records are named by a random id.)"""
    candidate = path
    number = 1
    while os.path.lexists(candidate):
        number += 1
        suffix = f"-{number}" if number < 100 else f"-{secrets.token_hex(4)}"
        candidate = path.with_name(f"{path.stem}{suffix}{path.suffix}")
    return candidate


def _home(record: MatchRecord, path: Path) -> Path:
    if record.finished and path.parent == matches_dir():
        return finished_dir() / path.name
    if not record.finished and path.parent == finished_dir():
        return matches_dir() / path.name
    return path


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (not possible on every system)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ----------------------------------------------------------------- reading

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


def _os_reason(exc: OSError) -> str:
    import errno

    if exc.errno == errno.ELOOP:
        return "it is a link in a loop"
    if exc.errno == errno.EACCES or isinstance(exc, PermissionError):
        return "permission denied"
    return exc.strerror or exc.__class__.__name__


def _kind(mode: int) -> str | None:
    """Why a file of this mode is no record, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "it is a folder"
    if stat.S_ISFIFO(mode):
        return "it is a pipe, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device, not a file"
    return "it is not a regular file"


def _read_bytes(path: Path) -> bytes:
    """The file's bytes, if it is a regular file of a sensible size. Never
    blocks (a pipe is refused before it is read) and never reads more than
    MAX_BYTES + 1 bytes (a link to /dev/zero is refused too)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        reason = "it is a link to a file that does not exist." if os.path.islink(path) else "no such file."
        raise RecordError(reason, path, missing=True) from None
    except (OSError, ValueError) as exc:
        reason = _os_reason(exc) if isinstance(exc, OSError) else "a bad file name"
        raise RecordError(f"cannot be read ({reason}).", path) from None
    kind = _kind(st.st_mode)
    if kind:
        raise RecordError(f"cannot be read ({kind}).", path)
    if st.st_size > MAX_BYTES:
        raise RecordError(f"is too large to be a match record ({st.st_size:,} bytes).", path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise RecordError("no such file.", path, missing=True) from None
    except OSError as exc:
        raise RecordError(f"cannot be read ({_os_reason(exc)}).", path) from None
    try:
        kind = _kind(os.fstat(fd).st_mode)  # it may have been swapped since the stat
        if kind:
            raise RecordError(f"cannot be read ({kind}).", path)
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise RecordError(f"cannot be read ({_os_reason(exc)}).", path) from None
    finally:
        os.close(fd)
    if size > MAX_BYTES:
        raise RecordError("is too large to be a match record.", path)
    return b"".join(chunks)


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


def read(path: Path | str) -> MatchRecord:
    """Read a record and check its shape, without replaying it. RecordError
    with one clear sentence if it is unusable; the file is never modified."""
    path = Path(path)
    raw = _read_bytes(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("cannot be read (it is not UTF-8 text).", path) from None
    try:
        return parse(text)
    except RecordError as exc:
        raise RecordError(exc.reason, path) from None


def load(path: Path | str) -> MatchRecord:
    """Read a record, check its shape and replay it; RecordError with one
    clear sentence if it is unusable. The file is never modified here."""
    path = Path(path)
    record = read(path)
    try:
        replay(record)
    except RecordError as exc:
        raise RecordError(exc.reason, path) from None
    return record


def first_state(record: MatchRecord) -> GameState:
    """The state before the record's first move: the deal of its seed, or
    the position it started from. RecordError if there is none."""
    try:
        spec = registry.get(record.game)
    except registry.UnknownGame:
        raise RecordError(f"it is for an unknown game {quoted(record.game)}.") from None
    try:
        if record.position is not None:
            return build_position(spec, record.names, record.position, record.options, record.seed)
        return spec.new_game(record.names, record.options, record.seed)
    except PositionError as exc:
        raise RecordError(f"its starting position is impossible ({shown(str(exc)).rstrip('.')}).") from None
    except ValueError as exc:
        raise RecordError(f"it cannot start the game ({shown(str(exc))})") from None
    except Exception as exc:  # a record the rules trip over is still just a bad record
        raise RecordError(f"it cannot start the game ({exc.__class__.__name__}).") from None


def replay(record: MatchRecord, events: list[Event] | None = None) -> GameState:
    """Rebuild the state from a record; RecordError if it does not replay."""
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
        except IllegalAction as exc:
            raise RecordError(f"{where(number, seat, text)} is not legal: {shown(str(exc))}") from None
        except Exception as exc:
            raise RecordError(f"{where(number, seat, text)} cannot be replayed ({exc.__class__.__name__}).") from None
    return state


# ----------------------------------------------------------------- listing

# What each listed file held last time, by folder and file name: (stat key,
# path, the replayed record or the reason it cannot be resumed). A file that
# has not changed is not read or replayed again.
_listed: dict[str, dict[str, tuple[tuple[int, ...], Path, MatchRecord | str]]] = {}


def unfinished() -> tuple[list[tuple[Path, MatchRecord]], list[tuple[Path, str]]]:
    """Saved matches that can be resumed, newest first, and the files that
    cannot, each with the reason (those are left on disk untouched).

    Every record is checked and replayed before it is offered: a move that
    is not legal, a game that is over but not marked finished, or the
    reverse, puts it with the files that cannot be resumed (an unchanged
    file is not replayed again; the records returned are shared with the
    next listing: copy one before changing it). Files that vanish while
    listed (another copy of the app saving or finishing a match) are
    skipped; temporary files are never listed, and those left over from a
    crash are removed, here and in ``finished/``. A finished match found
    here (a save killed before its move, or an older version) is moved to
    ``finished/``; a save whose finished twin there holds all its moves (an
    older version killed between its two steps) is removed."""
    good: list[tuple[int, Path, MatchRecord]] = []
    bad: list[tuple[Path, str]] = []
    folder = matches_dir()
    try:
        with os.scandir(folder) as it:
            entries = sorted(it, key=lambda entry: entry.name)
    except (FileNotFoundError, NotADirectoryError):
        return [], []
    except OSError as exc:
        return [], [(folder, f"the folder cannot be read ({_os_reason(exc)}).")]
    now = time.time()
    done = _finished_names(now)
    cache = _listed.setdefault(str(folder), {})
    seen: set[str] = set()
    for entry in entries:
        name = entry.name
        if name.startswith(TEMP_PREFIX):
            _remove_if_stale(Path(entry.path), now)
            continue
        if name.startswith(".") or not name.endswith(".json"):
            continue
        try:
            st = entry.stat()  # follows a link, like reading would
        except FileNotFoundError:
            if entry.is_symlink():
                bad.append((Path(entry.path), "it is a link to a file that does not exist."))
            continue  # it vanished under us
        except OSError as exc:
            bad.append((Path(entry.path), f"cannot be read ({_os_reason(exc)})."))
            continue
        seen.add(name)
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        cached = cache.get(name)
        if cached is not None and cached[0] == key:
            path, found = cached[1], cached[2]
        else:
            path = Path(entry.path)
            examined = _examine(path)
            if examined is None:
                continue  # vanished
            found = examined
            cache[name] = (key, path, found)
        if isinstance(found, str):
            bad.append((path, found))
            continue
        if name in done and _superseded(found, finished_dir() / name):
            _remove(path)
            continue
        if found.finished:
            try:
                # Not flushed: a move lost to a power cut is made again.
                _move(path, finished_dir() / name, durable=False)
                continue
            except FileNotFoundError:
                continue  # vanished
            except OSError:
                bad.append((path, "the match is finished (it cannot be moved to the finished folder)."))
                continue
        good.append((st.st_mtime_ns, path, found))
    for name in set(cache) - seen:
        del cache[name]
    good.sort(key=lambda item: item[0], reverse=True)
    return [(path, record) for _, path, record in good], bad


def note_unresumable(path: Path, reason: str) -> None:
    """A listed record failed to replay when opened: list it with ``reason``
    from now on (until the file changes)."""
    cache = _listed.get(str(path.parent), {})
    cached = cache.get(path.name)
    if cached is not None:
        cache[path.name] = (cached[0], cached[1], reason)


def _examine(path: Path) -> MatchRecord | str | None:
    """A listed file's record (read and replayed: its moves are legal and it
    is marked finished exactly when its game is over), the reason it cannot
    be resumed, or None if it vanished."""
    try:
        record = read(path)
    except RecordError as exc:
        return None if exc.missing else exc.reason
    try:
        over = replay(record).is_over()
    except RecordError as exc:
        return exc.reason
    if record.finished and not over:
        return "it is marked finished, but the game in it is not over."
    if over and not record.finished:
        return "the game in it is over, but it is not marked finished."
    return record


def _finished_names(now: float) -> set[str]:
    """The names in ``finished/``, removing temporary files left there by a
    crash on the way."""
    names: set[str] = set()
    try:
        with os.scandir(finished_dir()) as it:
            for entry in it:
                if entry.name.startswith(TEMP_PREFIX):
                    _remove_if_stale(Path(entry.path), now)
                else:
                    names.add(entry.name)
    except OSError:
        pass
    return names


def _superseded(record: MatchRecord, twin: Path) -> bool:
    """Whether the finished record ``twin`` is this same match with all of
    ``record``'s moves (so ``record`` is a copy left behind)."""
    try:
        other = read(twin)
    except RecordError:
        return False
    return (other.finished and other.game == record.game and other.id == record.id
            and other.seed == record.seed and other.seats == record.seats
            and other.options == record.options
            and other.actions[:len(record.actions)] == record.actions)


def _remove(path: Path) -> None:
    try:
        path.unlink()
        _fsync_folder(path.parent)
    except OSError:
        pass


def _remove_if_stale(path: Path, now: float) -> None:
    """Remove a temporary file left by a save that never finished."""
    try:
        st = os.lstat(path)
        if stat.S_ISREG(st.st_mode) and now - st.st_mtime > STALE_TEMP_SECONDS:
            path.unlink()
    except OSError:
        pass
