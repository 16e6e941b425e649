"""Blind Chicken positions: a described state plays on exactly like the
state it describes, and an impossible description is refused in one line."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from tablegames.core import position
from tablegames.core.position import PositionError
from tests.games.blind_chicken.helpers import SPEC, build, last_tricks, names, play_trick
from tablegames.games.blind_chicken.vocab import LEFT, RIGHT

EXAMPLE = Path(__file__).parent / "positions" / "example.json"


def seen(state):
    """All a player or a bot can notice of a state."""
    seats = range(state.n)
    return (state.to_move(), state.is_over(), [state.view(s) for s in [*seats, None]],
            [[str(a) for a in state.legal_actions(s)] for s in seats], [state.prompt(s) for s in seats])


def assert_plays_on_alike(original, built, moves):
    """Both play the same moves to the end of the hand (later hands are
    dealt from the seed) and look the same all the way."""
    hand = original.hand_no
    while not original.is_over() and original.hand_no == hand:
        seat = original.to_move()[0]
        action = moves.choice(original.legal_actions(seat))
        original.apply(seat, action)
        built.apply(seat, action)
        if original.hand_no == hand or original.is_over():
            assert seen(built) == seen(original)
    if original.is_over():
        assert built.result() == original.result()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_described_position_plays_on_exactly_like_the_match_it_was_taken_from(players):
    checked = 0
    for seed in range(3):
        options = [{"hands": 1}, {"hands": 2}, {"hands": -1, "target": 20}][seed]
        state = SPEC.new_game(names(players), options, seed)
        rng = random.Random(seed)
        while not state.is_over():
            if rng.random() < 0.15:
                built = position.build(SPEC, names(players), SPEC.describe_position(state), options, seed=99)
                assert seen(built) == seen(state)
                checked += 1
                if checked % 4 == 0:
                    assert_plays_on_alike(state.copy(), built, random.Random(checked))
            seat = state.to_move()[rng.randrange(len(state.to_move()))]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert seen(position.build(SPEC, names(players), SPEC.describe_position(state), options)) == seen(state)
    assert checked > 20


def test_the_example_position_file_builds_with_ann_to_play():
    spec, players, options, seed, description = position.load(EXAMPLE)
    state = position.build(spec, players, description, options, seed)
    assert state.to_move() == (0,) and state.phase == "play"
    assert state.view(0)["trick"] == [(2, "C30")]
    assert SPEC.describe_position(state) == description


def test_a_position_set_up_for_the_set_aside_is_the_last_tricks_winners_choice():
    state = last_tricks([[37, 30], [32, 31], [59, 58]], leader=0)
    play_trick(state, [LEFT, LEFT, LEFT])
    play_trick(state, [RIGHT, RIGHT, RIGHT])
    described = SPEC.describe_position(state)
    assert described["decision"] == "aside" and described["to_move"] == "P2"
    assert seen(build(3, described)) == seen(state)


# ----- what cannot be: one clear line each

def fresh(players=3):
    """A valid description to spoil: a new match's first hand, being arranged."""
    return SPEC.describe_position(SPEC.new_game(names(players), {}, 1))


def refused(description, players=3, **options):
    with pytest.raises(PositionError) as caught:
        build(players, description, **options)
    message = str(caught.value)
    assert "\n" not in message and message.endswith("."), message
    return message


def test_a_card_twice_is_refused():
    d = fresh()
    d["hands"][1][0] = d["hands"][0][0]
    assert refused(d) == f"Card {d['hands'][0][0]} is in P0's hand and in P1's hand: every card is in one place only."


def test_a_missing_card_is_refused():
    d = fresh()
    d["hands"][0].pop()  # (every card is dealt: the hand's size shows it)
    assert refused(d) == "P0's hand has 11 card(s), not 12: 12 dealt, 0 trick(s) taken."


def test_a_card_outside_the_deck_is_refused():
    d = fresh()
    d["hands"][0][0] = 5
    assert refused(d) == "P0's hand: 5 is not a card (with 3 players the cards are 24-59)."
    d["hands"][0][0] = "C30"
    assert refused(d) == "P0's hand: 'C30' is not a card (with 3 players the cards are 24-59)."


def test_a_bad_hand_size_is_refused():
    d = fresh()
    d["hands"][1].append(d["hands"][0].pop())
    assert refused(d) == "P0's hand has 11 card(s), not 12: 12 dealt, 0 trick(s) taken."


def test_a_taken_trick_of_the_wrong_size_is_refused():
    d = fresh()
    d["decision"] = "play"
    d["taken"][0] = [[d["hands"][0].pop(), d["hands"][1].pop()]]
    assert refused(d) == "Every taken trick has 3 cards; P0's trick 1 has 2."


def test_an_unknown_field_is_refused():
    d = fresh()
    d["score"] = [0, 0, 0]
    assert refused(d).startswith("The position has no field 'score' (fields: ")


def test_a_seat_that_is_not_at_the_table_is_refused():
    d = fresh()
    d["dealer"] = "Zed"
    assert refused(d) == "'dealer' must be a player's name or a seat number 1-3, not 'Zed'."
    d = fresh()
    d["to_move"] = [1, 7]
    assert refused(d) == "'to_move' must be a player's name or a seat number 1-3, not 7."
    d = fresh()
    d["to_move"] = [0]  # (seats count from 1, as at seat setup)
    assert refused(d) == "'to_move' must be a player's name or a seat number 1-3, not 0."


def test_an_unknown_decision_is_refused():
    d = fresh()
    d["decision"] = "bid"
    assert refused(d) == "'decision' must be one of 'arrange', 'play', 'aside', 'none', not 'bid'."


def test_a_set_aside_without_an_earlier_trick_cannot_arise():
    state = last_tricks([[37, 30], [32, 31], [59, 58]], leader=0)
    play_trick(state, [LEFT, LEFT, LEFT])
    play_trick(state, [RIGHT, RIGHT, RIGHT])
    d = SPEC.describe_position(state)
    # Hand P2's earlier trick to P1: P2 then took only the last trick.
    d["taken"][1].insert(0, d["taken"][2].pop(0))
    assert refused(d) == "P2 took the last trick but no earlier one: there is nothing to set aside."


def test_arranging_after_a_trick_is_taken_cannot_arise():
    state = last_tricks([[37, 30], [32, 31], [59, 58]], leader=0)
    d = SPEC.describe_position(state)
    d["decision"] = "arrange"
    del d["to_move"]
    assert refused(d) == "Hands are arranged before the first trick: no trick may be taken or played yet."


def test_the_wrong_seat_to_play_is_refused():
    state = last_tricks([[37, 30], [32, 31], [59, 58]], leader=0)
    d = SPEC.describe_position(state)
    d["to_move"] = "P1"
    assert refused(d) == "'to_move' must be P0, not P1: it is their turn."


def test_a_first_trick_led_by_anyone_but_the_player_after_the_dealer_cannot_arise():
    d = fresh()
    d["decision"], d["dealer"], d["leader"] = "play", "P0", "P2"
    del d["to_move"]
    assert refused(d) == "'leader' must be P1, not P2: the player after the dealer leads the first trick."


def test_a_hand_after_the_match_has_ended_cannot_arise():
    d = fresh()
    d["hand_no"], d["hand_scores"] = 2, [[0, -4, -20]]
    assert refused(d, hands=1) == "The match ended after hand 1 (1 hand(s), no target): it cannot go on."
    assert refused(d, hands=-1, target=20) == ("The match ended after hand 1 (no hand limit, target 20): "
                                                "it cannot go on.")
    build(3, d, hands=2)  # the same hands with two to play: fine


def test_a_match_over_before_its_end_cannot_arise():
    state = last_tricks([[37, 30], [32, 31], [59, 24]], leader=0, hands=1)
    play_trick(state, [LEFT, LEFT, LEFT])
    play_trick(state, [RIGHT, RIGHT, RIGHT])
    d = SPEC.describe_position(state)
    assert d["decision"] == "none"
    assert refused(copy.deepcopy(d), hands=2) == "The match is not over after hand 1 (2 hand(s), no target)."
    d["hand_scores"][0][1] = -3
    assert refused(d, hands=1) == "P1's last hand scored -3, but the tricks taken give 0."


def test_a_hand_gives_no_more_minus_points_than_all_its_chickens_taken_together():
    # 3 players: the chickens' eggs are 4, 4, 3, 3, 2, 2, 1; taken by one
    # player, the costliest three together: 11 x 3 + 7 x 3 + 1 = 55.
    d = fresh()
    d["hand_no"] = 2
    for row in ([-10 ** 18, 0, 0], [-56, 0, 0], [-30, -20, -6]):
        d["hand_scores"] = [row]
        assert refused(d) == ("Hand 1 gave %d minus points in all; with 3 players a hand gives 8-55 (every "
                              "chicken is taken, one trick at most set aside)." % -sum(row))
    d["hand_scores"] = [[-55, 0, 0]]
    assert build(3, d).scores == [-55, 0, 0]


def test_a_hand_gives_at_least_the_eggs_of_the_chickens_outside_the_trick_set_aside():
    # 19 eggs in all; a trick set aside holds at most 4 + 4 + 3 of them.
    d = fresh()
    d["hand_no"] = 2
    d["hand_scores"] = [[0, 0, 0]]
    assert refused(d).startswith("Hand 1 gave 0 minus points in all; with 3 players a hand gives 8-55")
    d["hand_scores"] = [[-8, 0, 0]]
    assert build(3, d).scores == [-8, 0, 0]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_hand_played_gives_minus_points_within_the_range(players):
    from tablegames.games.blind_chicken.position import hand_total_range

    fewest, most = hand_total_range(players)
    for seed in range(20):
        state = SPEC.new_game(names(players), {"hands": 1}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert fewest <= -sum(state.hand_scores[0]) <= most
