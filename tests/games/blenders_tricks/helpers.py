"""Positions for Blenders Tricks tests, set up directly on a state."""

from __future__ import annotations

from tablegames.core.decisions import DecisionQueue
from tablegames.games.blenders_tricks.rules import BlendersState, new_state
from tablegames.games.blenders_tricks.vocab import PASSES, PLAYS, TRICK_TURNS, Pass, Play


def new(players: int = 4, seed: int = 1) -> BlendersState:
    return new_state([f"P{i}" for i in range(players)], {}, seed)


def playing(hands: list[list[int]], leader: int = 0, seed: int = 1, round: int = 1) -> BlendersState:
    """A state in the play phase, the given hands, ``leader`` to lead. Cards
    not in a hand go to the discard pile (so every card is somewhere)."""
    state = new(len(hands), seed)
    held = {c for h in hands for c in h}
    state.hands = [list(h) for h in hands]
    state.aside = []
    state.discard = [c for c in range(1, 41) if c not in held]
    state.choices = None
    state.round = round
    state.leader = leader
    state.decisions = DecisionQueue(TRICK_TURNS[len(hands)][leader])
    return state


def play(state: BlendersState, *cards: int) -> None:
    """Play ``cards`` in turn order from whoever is to move."""
    for card in cards:
        state.apply(state.to_move()[0], PLAYS[card])


def pass_all(state: BlendersState, choices: dict[int, tuple[int, int]]) -> None:
    for seat, (left, right) in choices.items():
        state.apply(seat, PASSES[left][right])


__all__ = ["new", "playing", "play", "pass_all", "Pass", "Play"]
