"""The GameState protocol's legal_actions: one type in every game, a list
(core/game.py), for the seats to move and for the others alike."""

from __future__ import annotations

import random

import pytest

from tablegames.core import registry

SPECS = registry.all_specs()


@pytest.mark.parametrize("spec", SPECS, ids=[spec.id for spec in SPECS])
@pytest.mark.parametrize("players", ["fewest", "most"])
def test_every_game_returns_its_legal_actions_as_a_list(spec, players):
    n = spec.min_players if players == "fewest" else spec.max_players
    rng = random.Random(7)
    state = spec.new_game([f"P{i}" for i in range(n)], None, 7)
    while not state.is_over():
        for seat in range(n):
            legal = state.legal_actions(seat)
            assert type(legal) is list, (spec.id, seat, type(legal))
        mover = state.to_move()[0]
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    assert all(type(state.legal_actions(seat)) is list for seat in range(n))


@pytest.mark.parametrize("spec", SPECS, ids=[spec.id for spec in SPECS])
def test_changing_the_list_of_legal_actions_changes_nothing_in_the_game(spec):
    # A list is the caller's own: emptying it leaves the next answer whole.
    state = spec.new_game([f"P{i}" for i in range(spec.min_players)], None, 3)
    rng = random.Random(3)
    for _ in range(30):
        if state.is_over():
            break
        mover = state.to_move()[0]
        first = state.legal_actions(mover)
        kept = list(first)
        first.clear()
        assert state.legal_actions(mover) == kept
        state.apply(mover, rng.choice(kept))
