"""Computer players. A bot decides from a view and the legal actions only,
never from the state, so it cannot cheat."""

from __future__ import annotations

import random
from typing import Any, Callable, Collection, Protocol, Sequence


class Bot(Protocol):
    # False when the bot ignores the view: the engine then skips building it.
    needs_view: bool

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    needs_view = False

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any:
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
        raise ValueError(f"Unknown bot level {level!r} (use one of: easy, normal, hard; "
                         f"or {', '.join(LEVELS)}).")
    return level


def level_name(level: str) -> str:
    """The stored level as players call it: "search" -> "hard"."""
    return LEVEL_NAMES.get(level, level)


def bot_levels(heuristic: Callable[[], Bot], *, game: str = "",
               playout: str | Callable[[], Bot] = "random", evaluate: Callable[[Any, int], float] | None = None,
               evaluate_players: Collection[int] = (), lead_steps: int = 0,
               random_rivals: float | Callable[[Any, Any], float] = 0.0, own_memory: bool = False,
               alternatives: Callable[[Any, Any], Sequence[Any]] | None = None) -> dict[str, Callable[[], Bot]]:
    """A game's bots by level: random play, the game's own heuristic and,
    given the game's id, the search bot (it needs the game's sampler) whose
    playouts use the ``playout`` level (the heuristic where that is both
    stronger and fast enough) or a game's own playout policy (a factory;
    it may read the search's re-deal directly, see core/search.py). At
    ``evaluate_players`` player counts, playouts instead look one round ahead with the heuristic and are scored
    by the game's ``evaluate`` (state, seat) -> float. With ``lead_steps``,
    the first decisions of each playout (how the others answer the move
    being judged) are the heuristic's. With ``random_rivals``, each rival
    plays at random in that share of the re-deals (a number, or the game's
    estimate from the view and the seat's memory). With ``own_memory``, the
    seat's own moves in the playouts are its heuristic's, remembering what
    the seat did (the heuristic must have ``played``). In a free-form phase
    (arranging a hand) the search weighs the heuristic's choice against the
    game's ``alternatives`` (view, advice) -> actions, if it gives any."""
    levels: dict[str, Callable[[], Bot]] = {"random": RandomBot, "heuristic": heuristic}
    if game:
        policy = playout if callable(playout) else RandomBot if playout == "random" else heuristic

        def search() -> Bot:
            from tablegames.core import registry
            from tablegames.core.search import SearchBot

            return SearchBot(lambda: registry.get(game), policy, advisor=heuristic, evaluate=evaluate,
                             evaluate_players=evaluate_players, lead_steps=lead_steps,
                             random_rivals=random_rivals, own_memory=own_memory,
                             alternatives=alternatives)

        levels["search"] = search
    return levels
