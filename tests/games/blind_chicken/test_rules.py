"""Blind Chicken rules and our rulings (the game's rules.md), one test each.
Positions come from the public builder (helpers.py); with three players the
deck is 24-59 and its chickens are 27 (2 eggs), 32 (3), 37 (4), 42 (1),
47 (2), 52 (3) and 57 (4)."""

import pytest

from tablegames.core.game import IllegalAction
from tablegames.games.blind_chicken.cards import CHICKENS, EGGS, trick_score
from tablegames.games.blind_chicken.vocab import (
    ASIDE, KEEP_ALL, LEFT, ORDER, OVER, PLAY, RIGHT, Order, SetAside,
)
from tests.games.blind_chicken.helpers import (
    SPEC, build, earlier_tricks, first_trick, last_tricks, names, play_trick, rest_of_deck,
)


def new(players=4, seed=1, **options):
    return SPEC.new_game(names(players), options, seed)


def cost(tricks):
    """The minus points of some tricks."""
    return sum(trick_score(t) for t in tricks)


def test_chicken_table_every_card_n_mod_5_equal_2_with_eggs_cycling_1_to_4():
    assert CHICKENS == tuple(range(2, 60, 5))
    assert len(CHICKENS) == 12
    assert [EGGS[n] for n in (2, 7, 12, 17, 22, 27, 57)] == [1, 2, 3, 4, 1, 2, 4]
    assert sum(1 for n in range(60) if EGGS[n] == 0) == 48


def test_rulebook_example_chickens_with_4_and_3_eggs_cost_minus_14():
    assert trick_score([17, 12, 30, 44]) == -14


def test_rulebook_example_played_out_sabine_takes_minus_14():
    # Sabine (seat 2) plays the highest card over chickens with 4 and 3 eggs.
    state = first_trick([[17, ...], [12, ...], [59, ...], [30, ...]])
    play_trick(state, [LEFT, LEFT, LEFT, LEFT])
    assert state.taken[2] == [(17, 12, 59, 30)]
    assert trick_score(state.taken[2][0]) == -14
    assert state.to_move() == (2,), "the trick's winner leads next"


def test_rulebook_two_chicken_formula_2_and_3_eggs_cost_minus_10():
    assert trick_score([7, 12, 40]) == -10


def test_single_chicken_costs_its_eggs():
    assert trick_score([57, 40, 41]) == -4
    assert trick_score([40, 41, 43]) == 0


@pytest.mark.parametrize("players, lowest, per_hand", [(3, 24, 12), (4, 12, 12), (5, 0, 12), (6, 0, 10)])
def test_cards_removed_by_player_count_and_all_dealt(players, lowest, per_hand):
    state = new(players)
    dealt = sorted(c for hand in state.hands for c in hand)
    assert dealt == list(range(lowest, 60))
    assert [len(h) for h in state.hands] == [per_hand] * players


def test_player_left_of_the_dealer_leads_the_first_trick():
    state = new(5, seed=3)
    assert state.leader == (state.dealer + 1) % 5


def test_ordering_is_private_and_simultaneous_everyone_must_confirm():
    state = new(3)
    assert state.phase == ORDER and set(state.to_move()) == {0, 1, 2}
    state.apply(1, Order(tuple(sorted(state.hands[1]))))
    assert set(state.to_move()) == {0, 2}
    state.apply(0, Order(tuple(state.hands[0])))
    state.apply(2, Order(tuple(state.hands[2])))
    assert state.phase == PLAY


def test_an_order_must_hold_exactly_the_hand():
    state = new(3)
    wrong = tuple(state.hands[1][:-1]) + (state.hands[0][0],)
    with pytest.raises(IllegalAction, match="exactly the cards"):
        state.apply(0, Order(wrong))
    assert state.phase == ORDER and set(state.to_move()) == {0, 1, 2}


def test_the_order_is_fixed_once_play_begins():
    state = first_trick([[30, 40, ..., 50], [31, ..., 41, 51], [32, 42, ..., 52]])
    hand = list(state.hands[0])
    with pytest.raises(IllegalAction):
        state.apply(0, Order(tuple(reversed(hand))))
    assert state.hands[0] == hand


def test_only_the_leftmost_or_rightmost_card_can_be_played():
    state = first_trick([[30, 40, ..., 50], [31, ..., 41, 51], [32, 42, ..., 52]])
    before = [list(h) for h in state.hands]
    assert state.legal_actions(0) == [LEFT, RIGHT]
    state.apply(0, RIGHT)
    state.apply(1, LEFT)
    assert state.trick_cards == [50, 31]
    assert state.hands[0] == before[0][:-1] and state.hands[0][:2] == [30, 40]
    assert state.hands[1] == before[1][1:] and state.hands[1][-2:] == [41, 51]


def test_highest_card_takes_the_trick_and_leads_next():
    state = first_trick([[30, ...], [55, ...], [32, ...]])
    play_trick(state, [LEFT, LEFT, LEFT])
    assert state.taken[1] == [(30, 55, 32)]
    assert state.to_move() == (1,) and state.leader == 1


def test_play_out_of_turn_is_refused_and_changes_nothing():
    state = first_trick([[30, ...], [55, ...], [32, ...]])
    before = state.view(None)
    with pytest.raises(IllegalAction, match="P0's turn"):
        state.apply(2, LEFT)
    assert state.view(None) == before


def test_last_trick_winner_may_set_aside_one_earlier_trick_unscored():
    # P2 takes a costly trick (37 + 32), then the last trick too.
    hands = [[37, 30], [32, 31], [59, 58]]
    state = last_tricks(hands, leader=0)
    play_trick(state, [LEFT, LEFT, LEFT])  # 37, 32, 59: P2 takes -14
    play_trick(state, [RIGHT, RIGHT, RIGHT])  # 58 leads, 30, 31: P2 takes the last trick
    assert state.phase == ASIDE and state.to_move() == (2,)
    assert state.legal_actions(2) == [KEEP_ALL, SetAside(1)]
    state.apply(2, SetAside(1))
    assert state.hand_scores[0] == [cost(earlier_tricks(3, hands)), 0, 0]


def test_the_last_trick_itself_cannot_be_set_aside():
    state = last_tricks([[37, 30], [32, 31], [59, 57]], leader=0)
    play_trick(state, [LEFT, LEFT, LEFT])
    play_trick(state, [RIGHT, RIGHT, RIGHT])  # P2 takes 57 (4 eggs) last
    with pytest.raises(IllegalAction, match="not the last one"):
        state.apply(2, SetAside(2))
    state.apply(2, SetAside(1))
    assert state.hand_scores[0][2] == -4


def test_setting_aside_nothing_scores_every_trick():
    state = last_tricks([[37, 30], [32, 31], [59, 57]], leader=0)
    play_trick(state, [LEFT, LEFT, LEFT])
    play_trick(state, [RIGHT, RIGHT, RIGHT])
    state.apply(2, KEEP_ALL)
    assert state.hand_scores[0][2] == -14 - 4


def test_last_trick_winner_with_no_earlier_trick_has_nothing_to_set_aside():
    hands = [[37, 30], [32, 31], [59, 24]]
    state = last_tricks(hands, leader=0, hands=1)
    play_trick(state, [LEFT, LEFT, LEFT])  # P2 takes -14
    play_trick(state, [RIGHT, RIGHT, RIGHT])  # 24 led by P2, 30, 31: P1 takes the last
    assert state.phase == OVER, "no set-aside decision: the hand is scored at once"
    assert state.hand_scores[0] == [cost(earlier_tricks(3, hands)), 0, -14]


def test_the_deal_rotates_and_a_match_lasts_one_hand_per_player_by_default():
    state = new(3, seed=8)
    dealers = []
    while not state.is_over():
        if not dealers or dealers[-1][0] != state.hand_no:
            dealers.append((state.hand_no, state.dealer))
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert len(state.hand_scores) == 3
    first = dealers[0][1]
    assert [d for _, d in dealers] == [first, (first + 1) % 3, (first + 2) % 3]


def test_hands_option_sets_the_match_length():
    state = new(4, seed=2, hands=2)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert len(state.hand_scores) == 2


def test_match_ends_when_someone_reaches_the_target_minus_score():
    state = new(3, seed=5, hands=-1, target=20)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert min(state.scores) <= -20
    before_last = [sum(h[s] for h in state.hand_scores[:-1]) for s in range(3)]
    assert min(before_last) > -20, "the match stopped at the first hand that reached the target"


def test_no_hand_limit_needs_a_target():
    with pytest.raises(ValueError, match="target"):
        new(3, hands=-1)


def test_fewest_minus_points_wins_and_ties_share():
    # P0 took 27 and 32 together (-10), P1 took 37 (-4) and set aside 42, 47
    # and 52 (-18) when it took the last trick, P2 took 57 (-4).
    tricks = [[[27, 32, 24]], [[37, 25, 26], [42, 47, 52]], [[57, 28, 29]]]
    plain = rest_of_deck(3, [c for seat in tricks for t in seat for c in t])
    tricks[1] += [plain[i:i + 3] for i in range(0, len(plain), 3)]
    state = build(3, {"hands": [[], [], []], "taken": tricks, "leader": "P1", "dealer": "P0",
                      "hand_scores": [[-10, -4, -4]], "decision": "none"}, hands=1)
    assert state.is_over() and state.scores == [-10, -4, -4]
    result = state.result()
    assert result.winners == (1, 2)
    assert result.breakdown[0] == (("Hand 1", -10),)


def test_view_shows_your_own_hand_in_order_and_only_sizes_of_others():
    state = last_tricks([[30, 40], [55, 41], [32, 42]])
    view = state.view(1)
    assert view["hand"] == ["C55", "C41"]
    assert view["hand_sizes"] == [2, 2, 2]
    assert "C30" not in str(view) and "C42" not in str(view)


def test_taken_tricks_lie_open_with_their_chickens():
    state = last_tricks([[37, 30], [32, 31], [59, 57]], leader=0)
    play_trick(state, [LEFT, LEFT, LEFT])
    taken = state.view(0)["taken"][2]
    assert taken == [{"size": 3, "chickens": ["C37", "C32"], "score": -14}]


@pytest.mark.parametrize("text", ["L", "R", "order 30 12 45", "aside 2", "aside none"])
def test_notation_parses_back(text):
    assert str(SPEC.parse(text)) == text


@pytest.mark.parametrize("text", ["X", "order", "aside", "aside two", "play 3"])
def test_nonsense_notation_is_refused_with_a_message(text):
    with pytest.raises(IllegalAction, match="Not a move in Blind Chicken"):
        SPEC.parse(text)


@pytest.mark.parametrize("seat", [99, -1, None, "0"])
def test_a_seat_that_does_not_exist_is_refused_not_a_crash(seat):
    state = new(3)
    before = state.view(None)
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply(seat, Order(tuple(state.hands[0])))
    assert state.view(None) == before


@pytest.mark.parametrize("action", [Order(("x", 31)), Order(None), Order(()), SetAside("1"),  # type: ignore[arg-type]
                                    "order 1 2", None, LEFT])
def test_a_malformed_order_is_refused_not_a_crash(action):
    state = new(3)
    before = state.view(0)
    with pytest.raises(IllegalAction):
        state.apply(0, action)
    assert state.view(0) == before


@pytest.mark.parametrize("action", [SetAside("1"), SetAside(1.0), SetAside(0), LEFT, None])  # type: ignore[arg-type]
def test_a_malformed_set_aside_is_refused_not_a_crash(action):
    state = last_tricks([[37, 30], [32, 31], [59, 57]], leader=0)
    play_trick(state, [LEFT, LEFT, LEFT])
    play_trick(state, [RIGHT, RIGHT, RIGHT])
    assert state.phase == ASIDE
    with pytest.raises(IllegalAction):
        state.apply(2, action)
    assert state.phase == ASIDE


def test_hands_without_limit_need_a_target_checked_with_the_options():
    with pytest.raises(ValueError, match="target"):
        SPEC.resolve_options({"hands": -1}, 3)
    assert SPEC.resolve_options({"hands": -1, "target": 50}, 3)["target"] == 50
