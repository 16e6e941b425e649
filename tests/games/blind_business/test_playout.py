"""Blind Business's playout policy (the hard bot's imagined players): it
plays sensibly and, like a player, never by the faces of its own hand."""

import random

import pytest

from tablegames.games.blind_business import playout
from tablegames.games.blind_business.spec import SPEC
from tablegames.games.blind_business.vocab import (
    EMPTY, Add, Ask,
)
from tablegames.games.blind_business.playout import PlayoutBot
from tests.games.blind_business.helpers import position


@pytest.fixture
def no_noise(monkeypatch):
    monkeypatch.setattr(playout, "NOISE", 0.0)


def test_the_playout_policy_asks_for_the_card_that_finishes_its_five_in_a_row(no_noise):
    state = position(2, hands=[["BW5", "BW6", "CS7", "DT8"], ["PG9", "CS8", "DT9", "BW9"]],
                     areas=[["PG5", "PG6", "PG7", "PG8"], []])
    assert PlayoutBot().choose(state, state.legal_actions(0), random.Random(0)) == Ask(1, 1)


def test_the_playout_policy_asks_for_what_adds_most_to_its_rows():
    # BW11 on top of three boardwalk cards: 4 x 11 against 3 x 9.
    state = position(2, hands=[["PG2", "CS3", "DT4", "BW4"], ["PG3", "BW11", "CS2", "DT2"]],
                     areas=[["BW7", "BW8", "BW9"], []])
    asks = [PlayoutBot().choose(state, state.legal_actions(0), random.Random(seed)) for seed in range(40)]
    assert asks.count(Ask(1, 2)) > 30  # all but the share played at random


def _with_own_hand_redealt(state, seat):
    """The same position, the seat's own hand swapped for deck cards."""
    other = state.copy()
    hand = other.hands[seat]
    for i, card in enumerate(hand):
        if card != EMPTY and other.deck:
            hand[i], other.deck[0] = other.deck[0], card
            other.deck.append(other.deck.pop(0))
    return other


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_playout_policy_never_decides_by_the_faces_of_its_own_hand(players):
    checked = 0
    for seed in range(15):
        state = SPEC.new_game([f"P{i}" for i in range(players)], {}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            # The playground majority looks at its hand before adding: it may.
            if len(legal) > 1 and not isinstance(legal[0], Add) and len(state.deck) >= 4:
                mine = PlayoutBot().choose(state, legal, random.Random(seed))
                other = _with_own_hand_redealt(state, seat)
                assert PlayoutBot().choose(other, legal, random.Random(seed)) == mine, state.phase
                checked += 1
            state.apply(seat, PlayoutBot().choose(state, legal, rng))
    assert checked > 100
