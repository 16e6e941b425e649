"""Positions for Blenders Tricks tests, built through the game's position
builder (tablegames/games/blenders_tricks/position.py)."""

from __future__ import annotations

from typing import Any

from tablegames.core import position
from tablegames.games.blenders_tricks.rules import BlendersState, new_state
from tablegames.games.blenders_tricks.spec import SPEC
from tablegames.games.blenders_tricks.vocab import PASSES, PLAYS, Pass, Play

NAMES = ("P0", "P1", "P2", "P3", "P4")


def new(players: int = 4, seed: int = 1) -> BlendersState:
    return new_state([f"P{i}" for i in range(players)], {}, seed)


def build(description: dict[str, Any], players: int = 3, seed: int = 1) -> BlendersState:
    state = position.build(SPEC, NAMES[:players], description, seed=seed)
    assert isinstance(state, BlendersState)
    return state


def described(players: int = 4, seed: int = 1) -> dict[str, Any]:
    """The description of a fresh game (round 1, everyone to pass)."""
    return SPEC.describe_position(new(players, seed))


def finished_rounds(count: int, players: int) -> list[dict[str, Any]]:
    """``count`` finished rounds in which nobody claimed anything (P0 earned each token)."""
    empty: list[list[int]] = [[] for _ in range(players)]
    return [{"gains": [[0, 0, 0]] * players, "ignored": empty, "claimed": empty, "earner": 0}] * count


def playing(hands: list[list[int]], leader: int = 0, seed: int = 1, round: int = 1,
            **fields: Any) -> BlendersState:
    """A state in the play phase, the given hands, ``leader`` to lead. Cards
    placed nowhere else are set aside (3 players: one) or discarded."""
    description = {"decision": "play", "round": round, "leader": leader, "hands": hands,
                   "rounds": finished_rounds(round - 1, len(hands)), **fields}
    return build(description, len(hands), seed)


def play(state: BlendersState, *cards: int) -> None:
    """Play ``cards`` in turn order from whoever is to move."""
    for card in cards:
        state.apply(state.to_move()[0], PLAYS[card])


def pass_all(state: BlendersState, choices: dict[int, tuple[int, int]]) -> None:
    for seat, (left, right) in choices.items():
        state.apply(seat, PASSES[left][right])


__all__ = ["new", "build", "described", "playing", "play", "pass_all", "Pass", "Play"]
