"""Blind Business: an audit of our rulings (rules.md), one test per ruling that
test_rules.py did not pin down precisely. Each builds the exact position."""

import pytest

from tablegames.games.blind_business.cards import BOARDWALK, CARD_ID, DOWNTOWN, PLAYGROUND, STATION
from tablegames.games.blind_business.vocab import (
    ADD, ASK, ASSIGN, DISCARD, HIDDEN, OVER, PEEK, SWAP, Assign,
)
from tests.games.blind_business.helpers import area, hand, ids, play, position

PLAIN = {
    0: ["PG5", "BW6", "CS7", "DT8"],
    1: ["PG6", "BW7", "CS8", "DT9"],
    2: ["PG7", "BW8", "CS9", "DT5"],
}
FILLER_DECK = ["DT7", "DTV", "BWV", "PGV", "BW1", "DT1"]


def slot_of(state, seat, card):
    """1-based slot of ``card`` (an id) in ``seat``'s hand."""
    return state.hands[seat].index(ids([card])[0]) + 1


def labels(state, seat):
    return dict(state.result().breakdown[seat])


# The last turn: P0 asks P1 for slot 1, P1 says no (wins DT7), P0 takes slot 2
# (wins CS9); P1 draws the last two cards and final scoring starts.
LAST_P1 = ["DT7", "CS9", "DT8", "CS8"]
LAST_OTHERS = [["CS3", "CS4", "DT3", "DT4"], ["BW2", "BW3", "BW4", "CS2"]]


def last_turn(p0_hand, areas, players=2, **kw):
    hands = [p0_hand, LAST_P1] + LAST_OTHERS[:players - 2]
    state = position(players, hands=hands, areas=areas, deck=["DTV", "CSV"], **kw)
    play(state, "ask p2 1", "no", "take 2")
    return state


# ----- who sees what ----------------------------------------------------------------------

def test_who_sees_what_other_hands_faces_own_hand_slots_public_counts():
    state = position(3, hands=PLAIN.values(), areas=[["BW9", "CS2"], ["TR1"], ["DT2", "PG2"]], deck=FILLER_DECK,
                     tokens=[1, 0, 2])
    for seat in range(3):
        view = state.view(seat)
        assert view["hands"][seat] == [HIDDEN] * 4, "own hand: face-down slots only"
        for other in range(3):
            if other != seat:
                assert view["hands"][other] == PLAIN[other], "other hands: faces"
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        assert view["areas"][0]["boardwalk"] == ["BW9"]
        assert view["areas"][1]["unassigned"] == ["TR1"]
        assert view["tokens"] == [1, 0, 2] and view["token_supply"] == 1
        assert view["deck"] == len(FILLER_DECK)
        assert view["removed"] == 50 - 12 - 5 - len(FILLER_DECK)  # (hands, play areas, deck)
        text = str(view)
        assert not any(CARD_ID[c] in text for c in state.removed), "removed faces: nobody"


# ----- a turn -----------------------------------------------------------------------------

def test_ok_tokens_on_both_asks_make_both_answers_automatic():
    state = position(3, hands=PLAIN.values(), areas=[["CS2"], ["DT2"], []], deck=FILLER_DECK, tokens=[1, 1, 0])
    play(state, "ask p2 2 ok", "ask 4 ok")
    assert state.tokens == [0, 0, 0] and state.supply == 2
    assert area(state, 0) == ["BW7", "CS2"] and area(state, 1) == ["DT2", "DT8"], "accepted, no reply asked"
    assert state.phase == ASK and state.to_move() == (1,)


def test_requester_card_first_the_requesters_2_takes_the_last_ok_token():
    # "no": the recipient wins its card first in time, but the requester's
    # card's ability is applied first.
    state = position(3, hands=[PLAIN[0], ["BW2", "PG2", "CS8", "DT9"], PLAIN[2]], deck=FILLER_DECK)
    # (No game has one token left with two 2s still to win: four of each.
    # The order is the rules' all the same.)
    state.supply = 1
    play(state, "ask p2 1", "no", "take 2")  # P1 wins BW2, P0 wins PG2
    assert state.tokens == [1, 0, 0] and state.supply == 0


def test_refill_is_to_four_without_looking_and_next_requester_is_to_the_left():
    state = position(3, hands=PLAIN.values(), deck=FILLER_DECK, requester=2)
    play(state, "ask p1 1", "no", "take 3")  # P0 loses two cards
    assert all(c >= 0 for c in state.hands[0]) and len(state.deck) == len(FILLER_DECK) - 2
    assert state.view(0)["hands"][0] == [HIDDEN] * 4
    assert state.phase == ASK and state.to_move() == (0,), "seat 2's left is seat 0"


# ----- Trainer ----------------------------------------------------------------------------

def test_trainer_left_unassigned_joins_only_the_first_card_of_a_new_district():
    deck = ["DT6", "DT7", "PG9", "PG10", "BW9", "BW10"]
    state = position(2, hands=[["BW7", "CS7", "PG8", "DT5"], ["TR1", "PG6", "CS8", "DT9"]],
                     areas=[[], ["BW5"]], deck=deck)
    play(state, "ask p2 1", "no", "take 2")  # P1 wins TR1, P0 wins PG6
    assert state.phase == ASSIGN and state.legal_actions(1) == [Assign(BOARDWALK), Assign(None)]
    play(state, "assign none")
    assert state.phase == ASK and state.to_move() == (1,)
    # P1 wins a second boardwalk card: not a new district, no offer.
    play(state, f"ask p1 {slot_of(state, 0, 'CS7')}", "no", f"take {slot_of(state, 0, 'BW7')}")
    assert state.phase == ASK and state.to_move() == (0,)
    assert state.view(0)["areas"][1]["unassigned"] == ["TR1"]
    # P1 wins its first central station card: it may go there, and only there.
    p0_slot = next(i + 1 for i, c in enumerate(state.hands[0]) if c >= 0 and CARD_ID[c] != "TR1")
    play(state, f"ask p2 {slot_of(state, 1, 'CS8')}", "yes", f"ask {p0_slot}", "reject")
    assert state.phase == ASSIGN and state.to_move() == (1,)
    assert state.legal_actions(1) == [Assign(STATION), Assign(None)]
    play(state, "assign station")
    assert sorted(state.groups(1)[STATION]) == sorted(ids(["CS8", "TR1"]))


def test_trainer_assigned_to_playground_counts_for_the_playground_add():
    # P0: PG5 + Trainer = 2 playground cards against P1's 1.
    state = last_turn(["BW9", "CS7", "DT5", "BW7"], [["PG5", "TR1"], ["PG8"]],
                      trainers={"TR1": PLAYGROUND})
    assert state.phase == ADD and state.to_move() == (0,)
    unassigned = last_turn(["BW9", "CS7", "DT5", "BW7"], [["PG5", "TR1"], ["PG8"]])
    # P0's CS9 is a first station card: the Trainer may join it; it stays out.
    assert unassigned.phase == ASSIGN and unassigned.legal_actions(0) == [Assign(STATION), Assign(None)]
    play(unassigned, "assign none")
    assert unassigned.phase == OVER and unassigned.added is None, "1 against 1: nobody adds"


# ----- 10 / 11 ----------------------------------------------------------------------------

@pytest.mark.parametrize("third_cards,discards", [(5, False), (4, True)])
def test_11_count_compares_with_every_player_not_only_the_two_in_the_exchange(third_cards, discards):
    third = ["DT4", "DT6", "CS5", "CS2", "PG9"][:third_cards]
    state = position(3, hands=[PLAIN[0], ["BW11", "PG7", "DT9", "CS4"], ["PG8", "BW8", "CS9", "DT10"]],
                     areas=[[], ["DT2", "DT3", "CS3"], third], deck=FILLER_DECK)
    play(state, "ask p2 1", "no", "take 2")  # P1 wins BW11: 4 cards
    assert (state.phase == DISCARD) is discards


def test_10_count_is_play_area_cards_with_unassigned_trainers_and_the_1_once():
    # P1: Trainer (unassigned) + DT2 + CS3 + BW10 = 4. P0: PG1 + CS1 + PG7 = 3
    # (4 if the 1 counted twice, which would be a tie).
    state = position(2, hands=[PLAIN[0], ["BW10", "PG7", "DT9", "CS6"]],
                     areas=[["PG1", "CS1"], ["TR1", "DT2", "CS3"]], deck=FILLER_DECK)
    play(state, "ask p2 1", "no", "take 2")
    assert state.phase == ASSIGN, "BW10 is a first boardwalk card: the Trainer may join it"
    play(state, "assign none")
    assert state.phase == DISCARD and state.to_move() == (1,)


# ----- 3 and 4 ----------------------------------------------------------------------------

def test_3_and_4_after_the_refill_requester_first_swap_then_the_peek_sees_the_new_hand():
    state = position(3, hands=[["BW4", "BW6", "CS7", "DT8"], ["PG3", "PG6", "CS8", "DT9"], PLAIN[2]],
                     deck=FILLER_DECK)
    play(state, "ask p2 1", "yes", "ask 1", "accept")  # P0 wins PG3, P1 wins BW4
    assert state.phase == SWAP and state.to_move() == (0,)
    assert len(state.deck) == len(FILLER_DECK) - 2, "after the refill"
    p0_hand = sorted(hand(state, 0))
    play(state, "swap p2")
    assert state.phase == PEEK and state.to_move() == (1,)
    seen = state.view(1)["hands"][1]
    assert sorted(seen) == p0_hand, "the 4 shows the hand P1 holds now"
    play(state, "seen")
    assert state.phase == ASK and state.to_move() == (1,)


def test_3_on_the_last_turn_swaps_before_final_scoring():
    # P1 wins a 3 with the last turn; it swaps with P0 (the playground
    # majority), who then adds from the hand they got.
    hands = [["BW9", "CS7", "DT5", "BW7"], ["PG3", "CS9", "DT8", "CS8"]]
    state = position(2, hands=hands, areas=[["PG5", "PG6"], []], deck=["DTV", "CSV"])
    play(state, "ask p2 1", "no", "take 2")  # P1 wins PG3, P0 wins CS9
    assert state.phase == SWAP and not state.deck
    p1_hand = sorted(hand(state, 1))
    play(state, "swap p1")
    assert state.phase == ADD and state.to_move() == (0,)
    assert sorted(state.view(0)["hands"][0]) == p1_hand


def test_4_peek_shows_the_cards_drawn_in_the_refill():
    state = position(3, hands=[PLAIN[0], ["PG4", "PG6", "CS8", "DT9"], PLAIN[2]], deck=FILLER_DECK)
    play(state, "ask p2 1", "no", "take 2")  # P1 wins PG4 and loses PG6: draws two
    assert state.phase == PEEK
    seen = state.view(1)["hands"][1]
    assert HIDDEN not in seen and {"CS8", "DT9"} <= set(seen)
    assert len(set(seen) & set(FILLER_DECK)) == 2


# ----- Versatile, Lovers, Passers-by --------------------------------------------------------

@pytest.mark.parametrize("row,expect", [(["BW7", "BW8", "BW9", "BW10"], (7, 11)),
                                        (["BW1", "BW2", "BW3", "BW4"], (1, 5))])
def test_versatile_may_stand_for_a_number_at_either_end_of_the_row(row, expect):
    state = position(3, hands=[PLAIN[0], ["BWV", "PG6", "CS8", "DT9"], ["PG7", "CS9", "DT5", "DT6"]],
                     areas=[row, [], []], deck=FILLER_DECK[:2] + ["CS1", "CS2"])
    play(state, "ask p2 1", "yes", "ask 1", "accept")  # P0 wins BWV
    assert state.is_over() and state.result().winners == (0,)
    assert state.rows == [(0, BOARDWALK, *expect)]


def test_versatile_counts_as_a_card_of_its_district_but_is_no_number():
    state = position(2, areas=[["BWV", "BW5", "BW9", "DT5", "DTV", "CSV"], ["BW6", "BW7"]])
    lines = labels(state, 0)
    assert lines["Boardwalk: 3 cards x 9"] == 27
    assert lines["Boardwalk: most cards"] == 10, "3 cards (one a Versatile) beat 2"
    assert lines["Downtown: 2 cards x 5"] == 10
    assert lines["Central station: 1 card, no number"] == 0
    assert not any(label.startswith("Lovers") for label in lines), "the Versatile is not a 6"


def test_lovers_and_passers_by_score_once_per_district():
    state = position(2, areas=[["PG5", "PG6", "PG7", "PG8", "PG9", "BW5", "BW6"], []])
    lines = state.result().breakdown[0]
    assert [p for label, p in lines if label.startswith("Lovers")] == [5, 5]
    assert [p for label, p in lines if label.startswith("Passers-by")] == [10]


# ----- five in a row ------------------------------------------------------------------------

def test_five_in_a_row_is_checked_once_both_cards_are_won_even_after_a_no():
    # P1's "no" card completes P1's row, but P0 still takes, completing its
    # own: both share the win.
    state = position(3, hands=[["PG1", "CS6", "CS7", "DT8"], ["PG9", "BW9", "CS8", "DT9"],
                               ["PG2", "BW2", "CS9", "DT5"]],
                     areas=[["BW5", "BW6", "BW7", "BW8"], ["PG5", "PG6", "PG7", "PG8"], []],
                     deck=FILLER_DECK)
    play(state, "ask p2 1", "no")
    assert not state.is_over()
    play(state, "take 2")
    assert state.is_over() and state.result().winners == (0, 1)


def test_five_in_a_row_ends_the_game_before_the_refill_and_the_3():
    state = position(3, hands=[["BW3", "BW6", "CS7", "DT8"], ["PG9", "DT6", "CS8", "DT9"],
                               ["PG2", "BW8", "CS9", "DT5"]],
                     areas=[["PG5", "PG6", "PG7", "PG8"], [], []], deck=FILLER_DECK)
    play(state, "ask p2 1", "yes", "ask 1", "accept")  # P0 wins PG9 (row), P1 wins BW3
    assert state.phase == OVER and state.result().winners == (0,)
    assert len(state.deck) == len(FILLER_DECK), "no refill, no swap"


# ----- final scoring ------------------------------------------------------------------------

@pytest.mark.parametrize("card", ["BW2", "BW3", "BW4", "BW10", "BW11"])
def test_playground_added_card_has_no_when_won_effect(card):
    # P0 has the most playground cards and by far the most cards overall.
    state = last_turn([card, "CS7", "DT5", "BW7"],
                      [["PG5", "PG6", "CS1", "CS2", "DT1", "DT2"], ["PG8"]], supply=4)
    assert state.phase == ADD
    play(state, "add 1")
    assert state.phase == OVER, "no swap, peek or discard follows"
    assert card in area(state, 0) and not state.discards and state.tokens == [0, 0]


def test_playground_added_card_counts_for_the_later_bonuses_and_districts():
    # Boardwalk 1 against 1 before the add; the added BW9 makes P0 the majority.
    state = last_turn(["BW9", "CS7", "DT5", "BW7"], [["PG5", "PG6", "BW5"], ["PG8", "BW6"]])
    play(state, "add 1")
    lines = labels(state, 0)
    assert lines["Boardwalk: 2 cards x 9"] == 18
    assert lines["Boardwalk: most cards"] == 10


def test_playground_tie_for_most_with_4_players_nobody_adds_and_both_get_10():
    state = last_turn(["BW9", "CS7", "DT5", "BW7"],
                      [["PG5", "PG6"], ["PG8", "PG9"], ["PG2"], []], players=4)
    assert state.phase == OVER and state.added is None
    for seat in (0, 1):
        assert labels(state, seat)["Playground: tied for most cards (second place's bonus)"] == 10
    assert not any("most" in label for label in labels(state, 2)), "third place gets nothing"


def test_boardwalk_4_players_most_20_second_10_ties_take_the_next_lower_bonus():
    state = position(4, areas=[["BW5", "BW6", "BW7"], ["BW2", "BW3"], ["BW4"], []])
    assert labels(state, 0)["Boardwalk: most cards"] == 20
    assert labels(state, 1)["Boardwalk: second most cards"] == 10
    assert not any("most" in label for label in labels(state, 2))
    tied_first = position(4, areas=[["BW5", "BW6"], ["BW2", "BW3"], ["BW4"], []])
    for seat in (0, 1):
        assert labels(tied_first, seat)["Boardwalk: tied for most cards (second place's bonus)"] == 10
    assert not any("most" in label for label in labels(tied_first, 2))
    tied_second = position(5, areas=[["BW5", "BW6", "BW7"], ["BW2"], ["BW4"], [], []])
    assert labels(tied_second, 0)["Boardwalk: most cards"] == 20
    assert not any("most" in label for s in (1, 2) for label in labels(tied_second, s))


def test_station_downtown_pairs_count_assigned_trainers_and_the_1_once():
    state = position(2, areas=[["CS5", "CS6", "DT5", "TR1"], []], trainers={"TR1": DOWNTOWN})
    assert labels(state, 0)["Central station + downtown: 2 pairs x 7"] == 14
    state = position(2, areas=[["CS5", "CS6", "DT5", "TR1"], []])
    assert labels(state, 0)["Central station + downtown: 1 pair x 7"] == 7
    state = position(2, areas=[["CS1", "DT5", "DT6"], []])
    assert labels(state, 0)["Central station + downtown: 1 pair x 7"] == 7


def test_count_times_highest_the_1_twice_trainer_and_versatile_once_no_number_scores_0():
    state = position(2, areas=[["PG1", "PG9", "PGV", "TR1", "BWV", "TR2"], []],
                     trainers={"TR1": PLAYGROUND, "TR2": BOARDWALK})
    lines = labels(state, 0)
    assert lines["Playground: 4 cards + 1 (the 1 counts twice) x 9"] == 45
    assert lines["Boardwalk: 2 cards, no number"] == 0


def test_family_rules_2_gives_no_token_and_bonuses_are_off():
    state = position(2, family=True, hands=[PLAIN[0], ["BW2", "PG6", "CS8", "DT9"]],
                     areas=[["BW5", "BW9", "CS5", "DT5"], []], deck=FILLER_DECK, supply=4)
    play(state, "ask p2 1", "no", "take 2")
    assert state.tokens == [0, 0]
    lines = labels(state, 0)
    assert not any("most" in label or "pair" in label or "Lovers" in label for label in lines)
