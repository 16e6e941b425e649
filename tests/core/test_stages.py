"""A game's hands or rounds are counted once, on its spec (GameSpec.stage):
the number the table shows, the review's stages and the hard bot's
playouts all read it."""

from __future__ import annotations

import random

import pytest

from tablegames.core import registry
from tablegames.core.stages import find_stages

# The view's own counter of each game of several stages, as its screen shows it.
SHOWN = {"blind-chicken": "hand_no", "blenders-tricks": "round", "blind-business": "round"}


@pytest.mark.parametrize("game", sorted(SHOWN))
def test_the_stage_on_the_spec_is_the_number_the_table_shows_all_match_long(game):
    spec = registry.get(game)
    assert spec.stage is not None
    players = max(3, spec.info.min_players)
    state = spec.new_game([f"P{i}" for i in range(players)], None, 5)
    rng = random.Random(5)
    seen = []
    while True:
        assert spec.stage.number(state) == state.view(None)[SHOWN[game]]
        seen.append(spec.stage.number(state))
        movers = state.to_move()
        if not movers:
            break
        legal = state.legal_actions(movers[0])
        state.apply(movers[0], legal[rng.randrange(len(legal))])
    assert len(set(seen)) > 1, "the match went through more than one stage"


@pytest.mark.parametrize("game", ["blasting-billy", "nutty-business"])
def test_a_game_of_one_stage_has_none_to_page_through(game):
    spec = registry.get(game)
    assert spec.stage is None
    state = spec.new_game(["A", "B", "C"], None, 1)
    assert find_stages(spec, state, []).word == ""
