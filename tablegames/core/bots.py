"""Computer players. A bot decides from a view and the legal actions only,
never from the state, so it cannot cheat."""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol, Sequence


class Bot(Protocol):
    # False when the bot ignores the view: the engine then skips building it.
    needs_view: bool

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    needs_view = False

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]


# Levels a player can pick at seat setup, and how "bot:LEVEL" is spelled.
LEVELS = ("random", "heuristic")
LEVEL_ALIASES = {"easy": "random", "hard": "heuristic", "normal": "heuristic"}


def normalise_level(level: str) -> str:
    level = LEVEL_ALIASES.get(level.lower(), level.lower())
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r} (use one of: {', '.join(LEVELS)}, easy, hard).")
    return level


def bot_levels(heuristic: Callable[[], Bot]) -> dict[str, Callable[[], Bot]]:
    """A game's bots by level: random play, and the game's own heuristic."""
    return {"random": RandomBot, "heuristic": heuristic}
