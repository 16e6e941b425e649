"""Blind Business positions: a description builds a state that plays on
exactly like the one it describes, and an impossible one is refused in one
clear line."""

import json
import random
from pathlib import Path

import pytest

from tablegames.core.position import PositionError, build, describe, load
from tablegames.games.blind_business.spec import SPEC

NAMES = {2: ("Ann", "Bob"), 3: ("Ann", "Bob", "Cy"), 5: ("Ann", "Bob", "Cy", "Dee", "Eve")}


def seen_by_all(state):
    return [
        [state.view(s) for s in [None, *range(state.n)]],
        [[str(a) for a in state.legal_actions(s)] for s in range(state.n)],
        [state.prompt(s) for s in range(state.n)],
        state.to_move(), state.phase, state.is_over(),
    ]


@pytest.mark.parametrize("players,family", [(2, 0), (3, 0), (5, 0), (3, 1)])
def test_a_described_position_plays_on_exactly_like_the_state_it_describes(players, family):
    names = NAMES[players]
    options = {"family": family}
    kinds = set()
    for seed in range(10 if players != 5 else 5):
        state = SPEC.new_game(names, options, seed)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % 3 == 0 or state.is_over() or state.phase not in ("ask", "answer", "counter", "reply"):
                kinds.add(state.phase)
                description = json.loads(json.dumps(describe(SPEC, state)))
                built = build(SPEC, names, description, options, seed=seed + 99)
                assert seen_by_all(built) == seen_by_all(state), (seed, step, state.phase)
                assert describe(SPEC, built) == description
                # The same luck to come and the same actions: the same game.
                original = state.copy()
                original.rng.setstate(built.rng.getstate())
                play = random.Random(step)
                while not original.is_over():
                    seat = original.to_move()[play.randrange(len(original.to_move()))]
                    action = play.choice(original.legal_actions(seat))
                    events_a, events_b = [], []
                    original.apply(seat, action, events_a)
                    built.apply(seat, action, events_b)
                    assert events_a == events_b
                    assert seen_by_all(built) == seen_by_all(original)
                assert built.result() == original.result()
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
    expected = {"first look", "ask", "answer", "take", "counter", "reply", "assign", "over"}
    if not family:
        expected |= {"discard", "swap", "peek"}
    assert kinds >= expected


def test_the_example_position_file_loads_and_plays():
    spec, names, options, seed, description = load(Path(__file__).parent / "positions" / "example.json")
    state = build(spec, names, description, options, seed)
    assert state.phase == "assign" and state.to_move() == (1,)
    assert describe(spec, state)["trainer"] == "TR1"
