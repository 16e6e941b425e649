"""One match, one copy of the app: an operating-system lock per match.

The copy of the app that opens a match (starts it, resumes it, plays it
again) holds an exclusive advisory lock (``flock``) on a small file named
after the match, in the data folder's ``locks/``, for as long as the match is
open there. The lock, not the file, is what counts: the system drops it when
the process ends in any way (a kill -9 or a crash too), so no stale lock is
ever left to clean up. The file holds when the lock was taken and by which
process, only for display ("open elsewhere since 14:02 UTC").

A copy letting go removes the file while it still holds the lock; one taking
a lock checks, once it has it, that the file it locked is still the one under
that name (else it locked a file just removed, and tries again). So two
copies never both hold a match, and ``locks/`` holds files only for matches
open now, or left by a copy that was killed (reused by the next one).
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
import weakref
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from tablegames.core.paths import data_dir

__all__ = ["Holder", "MatchHeld", "MatchLock", "holder", "lock_path", "take"]

LOCKS = "locks"
# A look at who holds a match (``holder``) holds a shared lock for a few
# microseconds: a copy taking the match at that instant tries again after a
# pause instead of reporting the match open elsewhere.
TRIES = 4
PAUSE_SECONDS = 0.01
# A copy letting go removes the file between another's open and its lock;
# that one tries again with the new file (a few times at most, in practice once).
REOPENS = 20
_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")

if sys.platform == "win32":  # pragma: no cover (no flock: a byte-range lock, released with the process too)
    import msvcrt

    def _try_lock(fd: int, shared: bool = False) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int, shared: bool = False) -> bool:
        try:
            fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


@dataclass(frozen=True)
class Holder:
    """What the copy holding a match wrote about itself (None where unknown:
    a lock just taken, or a file from another version)."""

    since: datetime | None = None
    pid: int | None = None

    def since_text(self, now: datetime | None = None) -> str:
        """ "since 14:02 UTC" (with the date if not today), or "" if unknown."""
        if self.since is None:
            return ""
        when = self.since.astimezone(timezone.utc)
        today = (now or datetime.now(timezone.utc)).astimezone(timezone.utc).date()
        return f"since {when:%H:%M} UTC" if when.date() == today else f"since {when:%Y-%m-%d %H:%M} UTC"


class MatchHeld(Exception):
    """The match is open in another copy of the app (``holder`` says since when)."""

    def __init__(self, holder: Holder):
        self.holder = holder
        since = holder.since_text()
        super().__init__("The match is open in another copy of the app" + (f" ({since})." if since else "."))


def lock_path(game: str, match_id: str) -> Path:
    """The lock file of the match ``game``/``match_id`` (a record's game and id)."""
    if not (_NAME.fullmatch(game) and _NAME.fullmatch(match_id)):
        raise ValueError(f"not a match's game and id: {game!r}, {match_id!r}")
    return data_dir() / LOCKS / f"{game}-{match_id}.lock"


def _same_file(fd: int, path: Path) -> bool:
    """Whether ``path`` still names the file open as ``fd``."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    own = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (own.st_dev, own.st_ino)


def _read_holder(path: Path) -> Holder:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.loads(fh.read(1000))
        since = datetime.fromisoformat(data["since"])
        if since.tzinfo is None:
            since = since.replace(tzinfo=timezone.utc)
        pid = data.get("pid")
        return Holder(since, pid if type(pid) is int else None)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return Holder()


class _Handle:
    """The open lock file; closed (so the lock dropped) once, by ``release``
    or when its MatchLock is collected."""

    def __init__(self, fd: int, path: Path):
        self.fd: int | None = fd
        self.path = path

    def close(self) -> None:
        fd, self.fd = self.fd, None
        if fd is None:
            return
        try:
            if _same_file(fd, self.path):
                os.unlink(self.path)  # while locked: see the module's docstring
        except OSError:
            pass  # (Windows keeps an open file: the next holder reuses it)
        os.close(fd)


class MatchLock:
    """This copy's hold on one match (``take``). ``still_held()`` before
    each save; ``release()`` when the match is left."""

    def __init__(self, fd: int, path: Path):
        self.path = path
        self._handle = _Handle(fd, path)
        self._finalizer = weakref.finalize(self, self._handle.close)

    @property
    def held(self) -> bool:
        return self._handle.fd is not None

    def still_held(self) -> bool:
        """Whether this copy holds the match now. Only a lock file removed
        by hand can end a hold early: then the lock is taken again on a new
        file, unless another copy did that first (False: that copy has it)."""
        fd = self._handle.fd
        if fd is None:
            return False
        if _same_file(fd, self.path):
            return True
        fresh = _open_locked(self.path)
        if fresh is None:
            return False
        self._handle.fd = fresh
        os.close(fd)
        _write_holder(fresh)
        return True

    def release(self) -> None:
        """Let the match go (removing the lock file). Safe to call twice."""
        self._finalizer()


def _open_locked(path: Path) -> int | None:
    """``path`` opened (created if need be) and locked for this copy, or None
    if another holds it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tries = 0
    for _ in range(REOPENS):
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        if not _try_lock(fd):
            os.close(fd)
            tries += 1
            if tries >= TRIES:
                return None
            time.sleep(PAUSE_SECONDS)
            continue
        if _same_file(fd, path):
            return fd
        os.close(fd)  # locked a file its holder had just removed: open the new one
    return None


def _write_holder(fd: int) -> None:
    text = json.dumps({"since": datetime.now(timezone.utc).isoformat(timespec="seconds"), "pid": os.getpid()})
    try:
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, text.encode())
    except OSError:
        pass  # only for display


def take(game: str, match_id: str) -> MatchLock:
    """Hold the match for this copy. MatchHeld if another copy holds it."""
    path = lock_path(game, match_id)
    fd = _open_locked(path)
    if fd is None:
        raise MatchHeld(_read_holder(path))
    _write_holder(fd)
    return MatchLock(fd, path)


def holder(game: str, match_id: str) -> Holder | None:
    """Who holds the match, or None if no copy does (so it can be resumed
    here). Takes nothing: a shared lock for an instant, to ask."""
    path = lock_path(game, match_id)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None  # no file: nobody holds it
    try:
        if _try_lock(fd, shared=True):
            _unlock(fd)
            return None
    finally:
        os.close(fd)
    return _read_holder(path)
