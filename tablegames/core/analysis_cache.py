"""The post-game analysis kept beside its record, so that a second look is
instant: ``.NAME.analysis.json`` in the record's folder (a dot file: the
history and the picker list no such file), holding the analyses of that
record by key, a hash of the record's bytes and the budget (a changed
record or another budget is analysed anew). A cache that cannot be read is
ignored, one that cannot be written is skipped: the analysis stands
without it. Never raises."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tablegames.core.analysis import Judgement

__all__ = ["cache_key", "cache_path", "load", "store"]

# Bump when the analysis itself changes: older results are not reused.
VERSION = 2
# Analyses kept per record (budgets tried), newest last.
KEEP = 4


def cache_path(record_path: Path) -> Path:
    record_path = Path(record_path)
    return record_path.with_name(f".{record_path.stem}.analysis.json")


def cache_key(record_bytes: bytes, seconds: float) -> str:
    data = record_bytes + f"\0analysis {VERSION} {seconds!r}".encode()
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _entries(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    entries = data.get("analyses") if isinstance(data, dict) else None
    return entries if isinstance(entries, dict) else {}


def load(record_path: Path, key: str) -> list[Judgement] | None:
    """The analysis cached under ``key``, or None."""
    moves = _entries(cache_path(record_path)).get(key)
    if not isinstance(moves, list):
        return None
    try:
        return [Judgement(**move) for move in moves]
    except TypeError:
        return None  # of another shape: analysed anew


def store(record_path: Path, key: str, moves: list[Judgement]) -> None:
    """Keep ``moves`` under ``key`` (written whole, or not at all)."""
    path = cache_path(record_path)
    entries = _entries(path)
    entries.pop(key, None)
    entries[key] = [move.to_json() for move in moves]
    kept = dict(list(entries.items())[-KEEP:])
    try:
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".part", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump({"analyses": kept}, out)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return
