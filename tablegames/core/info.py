"""What the picker shows of a game before its rules are loaded.

Each game package's ``__init__.py`` defines ``INFO`` and imports nothing
heavier than this module, so listing the games costs five small imports;
the full ``GameSpec`` (rules, bots, screen) is in its ``spec.py``, imported
when the game is chosen (core/registry.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    """A game's identity: the one place its id is written."""

    id: str
    title: str
    min_players: int
    max_players: int
    pitch: str

    @property
    def player_range(self) -> range:
        return range(self.min_players, self.max_players + 1)
