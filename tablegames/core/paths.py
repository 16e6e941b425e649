"""Where the app keeps its files: the data folder and the saves in it."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["data_dir", "finished_dir", "matches_dir"]


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
