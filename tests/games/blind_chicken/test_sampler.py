"""Blind Chicken's re-deal for the hard bot (sampler.py): what the seat cannot
see is dealt again, in the shape a player gives it."""

import random

from tablegames.core import registry
from tablegames.games.blind_chicken.bot import HeuristicBot, arrange
from tablegames.games.blind_chicken.sampler import sample

SPEC = registry.get("blind-chicken")


def _arranged_by(state, seats):
    bot = HeuristicBot()
    for seat in seats:
        state.apply(seat, bot.choose(state.view(seat), state.legal_actions(seat), random.Random(0)))


def test_a_rival_who_has_arranged_and_not_played_holds_the_re_dealt_hand_as_a_player_arranges_it():
    state = SPEC.new_game(["A", "B", "C"], {"hands": 1}, 4)
    _arranged_by(state, [1, 2])  # the rivals are done, seat 0 still arranging
    view = state.view(0)
    for seed in range(5):
        world = sample(view, random.Random(seed))
        for rival in (1, 2):
            hand = world.hands[rival]
            assert tuple(hand) == arrange(hand), (seed, rival, hand)
        assert world.hands[0] == state.hands[0]


def test_a_rival_still_arranging_or_who_has_played_is_dealt_in_no_shape_it_could_not_have():
    # Still arranging: it arranges in the playout itself. Once it has played
    # from its ends, which side held which card is not known: no shape is forced.
    state = SPEC.new_game(["A", "B", "C"], {"hands": 1}, 4)
    view = state.view(0)
    shapes = {tuple(sample(view, random.Random(seed)).hands[1]) == arrange(sample(view, random.Random(seed)).hands[1])
              for seed in range(8)}
    assert shapes == {False}
    _arranged_by(state, [0, 1, 2])
    bot = HeuristicBot()
    for _ in range(3):  # the first trick
        seat = state.to_move()[0]
        state.apply(seat, bot.choose(state.view(seat), state.legal_actions(seat), random.Random(0)))
    view = state.view(0)
    shaped = [tuple(h) == arrange(h) for seed in range(8) for h in sample(view, random.Random(seed)).hands[1:]]
    assert not all(shaped)


def test_the_re_deal_keeps_the_seats_view():
    state = SPEC.new_game(["A", "B", "C"], {"hands": 1}, 6)
    _arranged_by(state, [2, 0])
    view = state.view(0)
    assert sample(view, random.Random(1)).view(0) == view
