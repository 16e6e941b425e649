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
LEVELS = ("random", "heuristic", "search")
LEVEL_ALIASES = {"easy": "random", "hard": "heuristic", "normal": "heuristic"}


def normalise_level(level: str) -> str:
    level = LEVEL_ALIASES.get(level.lower(), level.lower())
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r} (use one of: {', '.join(LEVELS)}, easy, hard).")
    return level


def bot_levels(heuristic: Callable[[], Bot], *, game: str = "",
               playout: str = "random") -> dict[str, Callable[[], Bot]]:
    """A game's bots by level: random play, the game's own heuristic and,
    given the game's id, the search bot (it needs the game's sampler) whose
    playouts use the ``playout`` level (the heuristic where that is both
    stronger and fast enough)."""
    levels: dict[str, Callable[[], Bot]] = {"random": RandomBot, "heuristic": heuristic}
    if game:
        policy = RandomBot if playout == "random" else heuristic

        def search() -> Bot:
            from tablegames.core import registry
            from tablegames.core.search import SearchBot

            return SearchBot(lambda: registry.get(game), policy, advisor=heuristic)

        levels["search"] = search
    return levels
