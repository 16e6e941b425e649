"""Computer players. A bot decides from a view and the legal actions only,
never from the state, so it cannot cheat."""

from __future__ import annotations

import random
from typing import Any, Hashable, Protocol, Sequence


class Bot(Protocol):
    """What the match and the search bot (core/search.py) ask of a bot;
    ``BaseBot`` gives every part a default."""

    # False when the bot ignores the view: the engine then skips building it.
    needs_view: bool
    # Thinks long (the search bot, up to 1.2 s a turn): the app runs it off
    # the UI thread, on a random stream of its own.
    slow: bool
    # A playout policy that reads the search's own re-deal (never the real
    # state) instead of a view: the search passes it the state.
    reads_state: bool
    # Remembers what its seat did or saw beyond the view (``observe``,
    # ``remembered``).
    remembers: bool

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any: ...

    def observe(self, view: Any, legal: Sequence[Any], action: Any) -> None:
        """The seat played ``action`` at this decision without this bot
        choosing it (a search overruled its advice; a match rebuilt from its
        record shows the bot the seat's past): remember it as ``choose``
        would have had it chosen ``action``."""

    def remembered(self) -> Any:
        """What the seat remembers beyond its view (the game's sampler keeps
        it in every re-deal), or None."""

    def begin_turn(self, turn: Hashable) -> None:
        """The match names the turn the next decision belongs to."""


class BaseBot:
    """The defaults of ``Bot``: needs a view, quick, remembers nothing."""

    needs_view: bool = True
    slow: bool = False
    reads_state: bool = False
    remembers: bool = False

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        raise NotImplementedError

    def observe(self, view: Any, legal: Sequence[Any], action: Any) -> None:
        return None

    def remembered(self) -> Any:
        return None

    def begin_turn(self, turn: Hashable) -> None:
        return None


class RandomBot(BaseBot):
    """Picks uniformly among the legal actions."""

    needs_view = False

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]


# The bots a game offers, by the name records store: random play, the game's
# own heuristic, and the search bot (core/search.py). Players pick them by
# difficulty: easy, normal, hard (LEVEL_ALIASES); records written before the
# search bot existed name "heuristic" and load as they are.
LEVELS = ("random", "heuristic", "search")
LEVEL_ALIASES = {"easy": "random", "normal": "heuristic", "hard": "search"}
# How a level is shown to players ("Bot 2 (hard)", seat setup's choices).
LEVEL_NAMES = {level: alias for alias, level in LEVEL_ALIASES.items()}


# Search iterations per decision in bot-only games (`tablegames simulate`,
# core/simulate.py). There the search bot runs on this cap alone, never on
# the clock, so a seed gives the same games on any machine and with any
# number of worker processes.
SIMULATE_ITERATIONS = 200


def turn_key(actions: Sequence[tuple[int, str]], seat: int, changes: int) -> int:
    """Names the turn of ``seat``'s next decision, for a bot that shares its
    thinking time across a turn (``begin_turn``): a turn is the seat's
    decisions in a row, nobody else deciding in between. ``actions`` are
    the match's so far (seat, action), ``changes`` its count of changes
    (every action and take-back adds one): the turn is named by the count
    at its first decision, so a turn taken back and played again is a new
    one."""
    run = 0
    while run < len(actions) and actions[-1 - run][0] == seat:
        run += 1
    return changes - run


def normalise_level(level: str) -> str:
    """A level as typed ("hard", "Heuristic") -> the stored name ("search")."""
    level = LEVEL_ALIASES.get(level.lower(), level.lower())
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r} (use one of: easy, normal, hard).")
    return level


def level_name(level: str) -> str:
    """The stored level as players call it: "search" -> "hard"."""
    return LEVEL_NAMES.get(level, level)
