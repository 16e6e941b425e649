"""Test helpers every game plugs into through the registry."""

from __future__ import annotations

import json
import random
from typing import Any, Iterator

from tablegames.core import registry
from tablegames.core.game import GameSpec, GameState


def game_cases() -> list[tuple[str, int]]:
    """(game id, player count) for every registered game and allowed count."""
    return [(spec.id, n) for spec in registry.all_specs() for n in spec.player_range]


def names(count: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(count)]


def random_steps(spec: GameSpec, count: int, seed: int, options: dict | None = None,
                 max_steps: int = 20_000) -> Iterator[tuple[GameState, int, Any]]:
    """Play random legal actions to the end; yield (state, seat, action)
    before each action is applied. It is one state object, changed in place,
    so after the loop it holds the final position. Fails if the game does
    not end."""
    state = spec.new_game(names(count), options, seed)
    rng = random.Random(seed)
    for _ in range(max_steps):
        movers = list(state.to_move())
        if state.is_over():
            assert not movers, "a game that is over must have nobody to move"
            return
        assert movers, "a game that is not over must have someone to move"
        seat = rng.choice(movers)
        legal = list(state.legal_actions(seat))
        assert legal, f"seat {seat} must decide but has no legal action"
        action = rng.choice(legal)
        yield state, seat, action
        state.apply(seat, action)
    raise AssertionError(f"{spec.id} did not end within {max_steps} actions")


def strings_in(value: Any) -> Iterator[str]:
    """Every string anywhere in a JSON-like value (keys included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings_in(item)


def leaked_cards(state: GameState, seat: int | None) -> set[str]:
    """Card ids in ``seat``'s view that the seat may not see. The view must
    also survive a JSON round trip (it is what gets rendered and stored)."""
    view = json.loads(json.dumps(state.view(seat)))
    secret = state.secret_cards(seat)
    return {text for text in strings_in(view) if text in secret}
