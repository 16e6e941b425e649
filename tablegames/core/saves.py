"""Match records on disk: saved after every action, read back, replayed.

A save is durable and atomic (core/durable.py). A record in the matches
folder moves to ``finished/`` when its match is over (and back if the last
move is taken back), in one rename, so at every instant exactly one copy
of it is on disk. Whoever keeps an index of finished matches (the history,
core/history.py) is told through ``on_finished``: this module imports no
such reader.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from tablegames.core import durable
from tablegames.core.paths import finished_dir, matches_dir
from tablegames.core.records import MAX_BYTES, MatchRecord, RecordError, now, parse, replay

__all__ = ["load", "on_finished", "read", "record_path", "save"]

# Called with the path of each finished record that lands in ``finished/``.
_finished_hooks: list[Callable[[Path], None]] = []


def on_finished(hook: Callable[[Path], None]) -> None:
    """Call ``hook`` with the path of every finished record saved from now
    on (once per hook, however often it is given). A hook is a cache's
    update: an exception in it never fails the save."""
    if hook not in _finished_hooks:
        _finished_hooks.append(hook)


def record_path(record: MatchRecord) -> Path:
    folder = finished_dir() if record.finished else matches_dir()
    return folder / f"{record.game}-{record.id}.json"


def save(record: MatchRecord, path: Path | None = None) -> Path:
    """Write atomically and durably (core/durable.py). A record in the
    matches folder moves to ``finished/`` when its match is over (and back
    if the last move is taken back), in one rename, so at every instant
    exactly one copy of it is on disk; a record never lands on another file
    (a new record, or one moved, whose name is taken gets "-2", "-3"...
    added). Returns where it is."""
    where = _save(record, path)
    if record.finished and where.parent == finished_dir():
        for hook in list(_finished_hooks):
            try:
                hook(where)
            except Exception:
                pass  # the record is saved; an index is rebuilt from the records
    return where


def _save(record: MatchRecord, path: Path | None) -> Path:
    old = path
    home = _home(record, path or record_path(record))
    record.updated = now()
    if old is None:
        return _write(record, home, fresh=True)
    if home == old:
        return _write(record, home, fresh=False)
    if record.finished:
        # Written where it is, then moved. Killed in between, the finished
        # record sits in matches/, and the next listing moves it on.
        _write(record, old, fresh=False)
        try:
            return durable.move(old, home)
        except FileNotFoundError:
            # Another copy of the app listed the saves in between and moved it.
            return home if home.exists() else _write(record, home, fresh=True)
    # A take-back: moved out of finished/, then written. Killed in between,
    # the record is still the finished match (in matches/, where the next
    # listing finds it and moves it back): the take-back is lost, no move.
    try:
        moved = durable.move(old, home)
    except FileNotFoundError:
        return _write(record, home, fresh=True)
    return _write(record, moved, fresh=False)


def _write(record: MatchRecord, path: Path, *, fresh: bool) -> Path:
    return durable.write_json(record.to_json(), path, fresh=fresh)


def _home(record: MatchRecord, path: Path) -> Path:
    if record.finished and path.parent == matches_dir():
        return finished_dir() / path.name
    if not record.finished and path.parent == finished_dir():
        return matches_dir() / path.name
    return path


def read(path: Path | str) -> MatchRecord:
    """Read a record and check its shape, without replaying it. RecordError
    with one clear sentence if it is unusable; the file is never modified."""
    path = Path(path)
    try:
        raw = durable.read_bounded(path, MAX_BYTES)
    except durable.Unreadable as exc:
        raise RecordError(exc.reason, path, missing=exc.missing) from None
    except durable.TooLarge as exc:
        size = f" ({exc.size:,} bytes)" if exc.size is not None else ""
        raise RecordError(f"is too large to be a match record{size}.", path) from None
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
