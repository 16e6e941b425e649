"""Files written so a crash never leaves half of one, and read so a strange
file never blocks or floods the app.

A write goes through a temporary file in the same folder (its name starts
with ``TEMP_PREFIX``, so listings skip it), flushed to disk, renamed over
the target, then the folder is flushed too (else a power cut can bring
back an empty file or the old one). A move is one rename, never over
another file. A read takes only a regular file, never more than a limit.
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import stat
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["TEMP_PREFIX", "TooLarge", "Unreadable", "free_name", "fsync_folder", "move", "os_reason",
           "read_bounded", "write_json"]

TEMP_PREFIX = ".tmp-"


class Unreadable(Exception):
    """A file that cannot be read; ``reason`` is one sentence without the
    file's name ("cannot be read (it is a folder)."), ``missing`` says the
    file is not there (it vanished, or is a link to nothing)."""

    def __init__(self, reason: str, *, missing: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.missing = missing


class TooLarge(Exception):
    """A file larger than the limit; ``size`` in bytes when it was known
    before reading (None when it grew while read)."""

    def __init__(self, size: int | None) -> None:
        super().__init__(f"{size} bytes")
        self.size = size


def write_json(data: Any, path: Path, *, fresh: bool) -> Path:
    """Write ``data`` as JSON through a temporary file renamed to ``path``
    (over it, or with ``fresh`` to a free name beside it: ``free_name``),
    both flushed to disk. Returns where it is."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        if fresh:
            path = free_name(path)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_folder(path.parent)
    return path


def move(source: Path, target: Path, *, durable: bool = True) -> Path:
    """Move a file to another folder in one rename, never over another
    file (``target``, or a free name beside it), and with ``durable`` flush
    both folders. Returns where it is."""
    target.parent.mkdir(parents=True, exist_ok=True)
    target = free_name(target)
    os.replace(source, target)
    if durable:
        fsync_folder(target.parent)
        fsync_folder(source.parent)
    return target


def free_name(path: Path) -> Path:
    """``path``, or if a file has that name, the first free one of
    "name-2.json", "name-3.json"... (Between this look and the rename, only
    another copy of the app writing a file of the same name could take it:
    the callers' names hold a random id.)"""
    candidate = path
    number = 1
    while os.path.lexists(candidate):
        number += 1
        suffix = f"-{number}" if number < 100 else f"-{secrets.token_hex(4)}"
        candidate = path.with_name(f"{path.stem}{suffix}{path.suffix}")
    return candidate


def fsync_folder(folder: Path) -> None:
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


def os_reason(exc: OSError) -> str:
    """Why the system refused, in a few words for a message."""
    if exc.errno == errno.ELOOP:
        return "it is a link in a loop"
    if exc.errno == errno.EACCES or isinstance(exc, PermissionError):
        return "permission denied"
    return exc.strerror or exc.__class__.__name__


def _kind(mode: int) -> str | None:
    """Why a file of this mode cannot be read, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "it is a folder"
    if stat.S_ISFIFO(mode):
        return "it is a pipe, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device, not a file"
    return "it is not a regular file"


def read_bounded(path: Path, limit: int) -> bytes:
    """The file's bytes, if it is a regular file of at most ``limit``
    bytes: ``Unreadable`` or ``TooLarge`` if not. Never blocks (a pipe is
    refused before it is read) and never reads more than ``limit`` + 1
    bytes (a link to /dev/zero is refused too)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        reason = "it is a link to a file that does not exist." if os.path.islink(path) else "no such file."
        raise Unreadable(reason, missing=True) from None
    except (OSError, ValueError) as exc:
        reason = os_reason(exc) if isinstance(exc, OSError) else "a bad file name"
        raise Unreadable(f"cannot be read ({reason}).") from None
    kind = _kind(st.st_mode)
    if kind:
        raise Unreadable(f"cannot be read ({kind}).")
    if st.st_size > limit:
        raise TooLarge(st.st_size)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise Unreadable("no such file.", missing=True) from None
    except OSError as exc:
        raise Unreadable(f"cannot be read ({os_reason(exc)}).") from None
    try:
        kind = _kind(os.fstat(fd).st_mode)  # it may have been swapped since the stat
        if kind:
            raise Unreadable(f"cannot be read ({kind}).")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise Unreadable(f"cannot be read ({os_reason(exc)}).") from None
    finally:
        os.close(fd)
    if size > limit:
        raise TooLarge(None)
    return b"".join(chunks)
