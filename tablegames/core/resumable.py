"""The saved matches a player can resume: listing the matches folder, and
sweeping what a crash left in it.

Every record is read and replayed before it is offered; an unchanged file
is not read again. A temporary file left by a crashed save is removed, a
finished match found among the unfinished ones is moved on, and a save
left behind beside its finished twin is removed.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from tablegames.core import durable, saves
from tablegames.core.paths import finished_dir, matches_dir
from tablegames.core.records import MatchRecord, RecordError, replay

__all__ = ["STALE_TEMP_SECONDS", "note_unresumable", "unfinished"]

# A temporary file older than this is left over from a crash (kill -9 in the
# middle of a save) and is removed when saves are listed; a younger one may
# be another running copy of the app saving right now (a save takes
# milliseconds).
STALE_TEMP_SECONDS = 60

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
        return [], [(folder, f"the folder cannot be read ({durable.os_reason(exc)}).")]
    now = time.time()
    done = _finished_names(now)
    cache = _listed.setdefault(str(folder), {})
    seen: set[str] = set()
    for entry in entries:
        name = entry.name
        if name.startswith(durable.TEMP_PREFIX):
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
            bad.append((Path(entry.path), f"cannot be read ({durable.os_reason(exc)})."))
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
                durable.move(path, finished_dir() / name, durable=False)
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
        record = saves.read(path)
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
                if entry.name.startswith(durable.TEMP_PREFIX):
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
        other = saves.read(twin)
    except RecordError:
        return False
    return (other.finished and other.game == record.game and other.id == record.id
            and other.seed == record.seed and other.seats == record.seats
            and other.options == record.options
            and other.actions[:len(record.actions)] == record.actions)


def _remove(path: Path) -> None:
    try:
        path.unlink()
        durable.fsync_folder(path.parent)
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
