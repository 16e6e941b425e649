"""Blind Business's sampler: a full state rebuilt from one seat's view."""

import json
import random
from collections import Counter

from tablegames.games.blind_business.spec import SPEC
from tablegames.games.blind_business.vocab import (
    SEEN, Remembered,
)
from tablegames.games.blind_business.cards import CARD_ID
from tablegames.games.blind_business.sampler import sample
from tests.games.blind_business.helpers import play
from tests.games.blind_business.test_rules import end_of_game


def round_trip(state, seat):
    return json.loads(json.dumps(state.view(seat)))


def test_a_resampled_state_shows_each_seat_its_view_at_every_kind_of_decision():
    phases = set()
    for players in (2, 3, 5):
        for family in (0, 1):
            for seed in range(12):
                state = SPEC.new_game([f"P{i}" for i in range(players)], {"family": family}, seed)
                rng = random.Random(seed)
                while True:
                    phases.add(state.phase)
                    for seat in range(players):
                        view = round_trip(state, seat)
                        again = sample(view, random.Random(seed + seat))
                        assert again.view(seat) == view, (state.phase, seat)
                        assert again.pieces() == state.pieces()
                        assert again.to_move() == state.to_move()
                        assert set(again.legal_actions(seat)) == set(state.legal_actions(seat))
                    if state.is_over():
                        break
                    mover = state.to_move()[0]
                    state.apply(mover, rng.choice(state.legal_actions(mover)))
    assert phases >= {"first look", "ask", "answer", "take", "counter", "reply", "assign", "discard",
                      "swap", "peek", "add", "over"}, phases


def test_a_resampled_state_plays_on_like_the_real_one_from_the_same_public_facts():
    # The playground majority adds a Trainer: the placement waits, then final scoring.
    state = end_of_game(["TR1", "CS7", "DT8", "BW7"], ["PG5", "PG6", "BW2"], ["PG8"])
    play(state, "add 1")
    view = round_trip(state, 1)
    again = sample(view, random.Random(1))
    play(state, "assign playground")
    play(again, "assign playground")
    assert again.is_over() and again.result().scores == state.result().scores


def test_the_sampler_re_deals_what_the_seat_cannot_see_and_keeps_what_it_sees():
    state = SPEC.new_game(["A", "B", "C"], {}, 4)
    for seat in range(3):
        state.apply(seat, SEEN)
    view = round_trip(state, 0)
    own = Counter()
    for seed in range(30):
        again = sample(view, random.Random(seed))
        assert again.hands[1] == state.hands[1] and again.hands[2] == state.hands[2]
        own[tuple(again.hands[0])] += 1
        assert sorted(again.deck + again.removed + again.hands[0]) == \
            sorted(state.deck + state.removed + state.hands[0])
    assert len(own) > 1, "the seat's own hand is re-dealt"


def test_the_sampler_keeps_the_cards_a_seat_remembers_in_its_hand_in_a_random_order():
    # "You may remember which cards you saw, but not which slot holds which":
    # the search bot re-deals only the slots its seat has no memory of.
    state = SPEC.new_game(["A", "B", "C"], {}, 4)
    for seat in range(3):
        state.apply(seat, SEEN)
    view = round_trip(state, 0)
    remembered = {CARD_ID[c] for c in state.hands[0][:2]}
    orders = set()
    for seed in range(30):
        again = sample(view, random.Random(seed), Remembered(frozenset(remembered)))
        hand = [CARD_ID[c] for c in again.hands[0]]
        assert remembered <= set(hand)
        orders.add(tuple(hand.index(card) for card in sorted(remembered)))
        assert again.view(0) == view
    assert len(orders) > 1, "the remembered cards land in any slot"
    # A card the seat "remembers" that is in view elsewhere is not kept twice.
    visible = CARD_ID[state.hands[1][0]]
    again = sample(view, random.Random(1), Remembered(frozenset({visible})))
    assert again.pieces() == state.pieces()
