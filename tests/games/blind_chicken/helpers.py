"""Blind Chicken positions for the rule tests, built through the public
position builder (core/position.py, the game's position.py): a test says
the cards it is about, the helpers put the rest of the deck where the rules
allow."""

from __future__ import annotations

from types import EllipsisType
from typing import Any, Sequence

from tablegames.core import position, registry
from tablegames.games.blind_chicken.cards import DECK_SIZE, LOWEST_CARD
from tablegames.games.blind_chicken.rules import BlindChickenState

SPEC = registry.get("blind-chicken")


def names(players: int) -> list[str]:
    return [f"P{i}" for i in range(players)]


def build(players: int, description: dict[str, Any], **options: int) -> BlindChickenState:
    state = position.build(SPEC, names(players), description, options)
    assert isinstance(state, BlindChickenState)
    return state


def rest_of_deck(players: int, used: Sequence[int]) -> list[int]:
    """The cards of the deck for ``players`` not in ``used``, ascending."""
    return [c for c in range(LOWEST_CARD[players], DECK_SIZE) if c not in set(used)]


def first_trick(hands: Sequence[Sequence[int | EllipsisType]], /, leader: int = 0,
                **options: int) -> BlindChickenState:
    """The first trick of the first hand, ``leader`` to lead (options such
    as ``hands=1`` are the match's). A hand is
    written left to right with ``...`` where the rest of the deck goes:
    ``[30, 40, ..., 50]`` holds 30 and 40 at the left end and 50 at the right."""
    players = len(hands)
    per = (DECK_SIZE - LOWEST_CARD[players]) // players
    rest = rest_of_deck(players, [c for h in hands for c in h if isinstance(c, int)])
    full = []
    for hand in hands:
        shown = [c for c in hand if isinstance(c, int)]
        fill, rest = rest[:per - len(shown)], rest[per - len(shown):]
        at = hand.index(...) if ... in hand else len(hand)
        full.append([*shown[:at], *fill, *shown[at:]])
    # (Seat numbers in a position count from 1.)
    return build(players, {"hands": full, "dealer": (leader - 1) % players + 1, "decision": "play"}, **options)


def last_tricks(hands: Sequence[Sequence[int]], /, leader: int = 0, **options: int) -> BlindChickenState:
    """The end of the first hand: every seat holds the cards given, and the
    rest of the deck lies in earlier tricks, all taken by ``leader`` (so the
    other seats have taken none yet)."""
    players = len(hands)
    rest = rest_of_deck(players, [c for h in hands for c in h])
    taken: list[list[list[int]]] = [[] for _ in range(players)]
    taken[leader] = earlier_tricks(players, hands)
    assert sum(map(len, taken[leader])) == len(rest)
    return build(players, {"hands": [list(h) for h in hands], "taken": taken, "leader": leader + 1,
                           "dealer": 1, "decision": "play"}, **options)


def earlier_tricks(players: int, hands: Sequence[Sequence[int]]) -> list[list[int]]:
    """The tricks ``last_tricks`` gives its leader: the rest of the deck, in order."""
    rest = rest_of_deck(players, [c for h in hands for c in h])
    return [rest[i:i + players] for i in range(0, len(rest), players)]


def play_trick(state: BlindChickenState, sides: Sequence[object]) -> None:
    """Each seat in turn plays the next of ``sides`` (LEFT or RIGHT)."""
    for side in sides:
        state.apply(state.to_move()[0], side)
