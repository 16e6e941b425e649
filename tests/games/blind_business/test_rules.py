"""Blind Business: the rules and our rulings (the game's rules.md), one test each."""

import json
import random

import pytest

from tablegames.core.game import IllegalAction
from tablegames.games.blind_business.spec import SPEC
from tablegames.games.blind_business.cards import (
    BOARDWALK, CARD_ID, PLAYGROUND, REMOVED, ROUNDS, STATION, card_name,
)
from tablegames.games.blind_business.vocab import (
    ADD, ANSWER, ASK, ASSIGN, COUNTER, DISCARD, HIDDEN, OVER, PEEK, REPLY, SETUP, SWAP, TAKE, Add, Ask, Assign, CounterAsk, Discard, Swap, Take, parse_action,
)
from tablegames.games.blind_business.scoring import (
    bonus_table, majority_bonuses, majority_positions, score_lines,
)
from tests.games.blind_business.helpers import area, hand, ids, play, position

# Cards without abilities (5-9), for exchanges where only the movement matters.
PLAIN = {
    0: ["PG5", "BW6", "CS7", "DT8"],
    1: ["PG6", "BW7", "CS8", "DT9"],
    2: ["PG7", "BW8", "CS9", "DT5"],
}
FILLER_DECK = ["DT7", "DTV", "BWV", "PGV", "BW1", "DT1"]


def plain(players=3, **kw):
    kw.setdefault("hands", [PLAIN[s] for s in range(players)])
    kw.setdefault("deck", FILLER_DECK)
    return position(players, **kw)


def everything_seen_by(state):
    """Every seat's and the public view, serialised: what 'unchanged' means."""
    return json.dumps([state.view(v) for v in [None, *range(state.n)]], sort_keys=True)


# ----- the deck and setup ----------------------------------------------------------------

def test_deck_has_48_district_cards_and_2_trainers_with_distinct_ids():
    assert len(set(CARD_ID)) == 50
    assert sum(1 for c in CARD_ID if c.startswith("TR")) == 2
    for code in ("PG", "BW", "CS", "DT"):
        district = [c for c in CARD_ID if c.startswith(code)]
        assert sorted(district) == sorted([f"{code}{n}" for n in range(1, 12)] + [f"{code}V"])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_removes_cards_unseen_by_player_count_and_deals_four_each(players):
    state = SPEC.new_game([f"P{i}" for i in range(players)], {}, 7)
    assert len(state.removed) == REMOVED[players] == {2: 18, 3: 8, 4: 2, 5: 0}[players]
    assert all(len(h) == 4 for h in state.hands)
    assert len(state.deck) + len(state.removed) + 4 * players == 50
    assert state.view(0)["removed"] == REMOVED[players]
    assert all(state.view(s)["deck"] == len(state.deck) for s in range(players))


@pytest.mark.parametrize("players,rounds", [(2, 6), (3, 5), (4, 4), (5, 3)])
def test_deck_sizes_give_exactly_6_5_4_3_rounds(players, rounds):
    assert ROUNDS[players] == rounds
    # Every turn two cards leave the hands and two are drawn.
    state = SPEC.new_game([f"P{i}" for i in range(players)], {}, 1)
    assert len(state.deck) == 2 * rounds * players
    # A whole random game that ends by the empty deck lasts exactly that long.
    for seed in range(50):
        state = SPEC.new_game([f"P{i}" for i in range(players)], {}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.row_winners:
            assert state.turn_no == rounds * players
            assert not state.deck
            return
    pytest.fail("no random game ended by the deck")


def test_start_player_is_random_from_the_seed():
    starts = {SPEC.new_game(["A", "B", "C"], {}, seed).start for seed in range(30)}
    assert starts == {0, 1, 2}
    assert SPEC.new_game(["A", "B", "C"], {}, 5).start == SPEC.new_game(["A", "B", "C"], {}, 5).start


def test_first_look_is_private_and_simultaneous_then_hands_are_face_down():
    state = SPEC.new_game(["A", "B", "C"], {}, 3)
    assert state.phase == SETUP and set(state.to_move()) == {0, 1, 2}
    for seat in range(3):
        own = state.view(seat)["hands"][seat]
        assert own == [CARD_ID[c] for c in state.hands[seat]], "the pending look shows the faces"
    assert all(x == HIDDEN for h in state.view(None)["hands"] for x in h)
    events = []
    state.apply(1, parse_action("seen"), events)
    assert set(state.to_move()) == {0, 2}
    assert state.view(1)["hands"][1] == [HIDDEN] * 4
    assert state.view(0)["hands"][0][0] != HIDDEN, "seat 0 has not looked yet"
    private = [e for e in events if not e.public]
    assert private and all(e.audience == frozenset({1}) for e in private)
    state.apply(0, parse_action("seen"))
    state.apply(2, parse_action("seen"))
    assert state.phase == ASK and state.to_move() == (state.start,)
    for seat in range(3):
        assert state.view(seat)["hands"][seat] == [HIDDEN] * 4


# ----- the exchange ----------------------------------------------------------------------

def test_answer_no_recipient_wins_the_asked_card_and_requester_takes_another():
    state = plain()
    play(state, "ask p2 2")
    assert state.phase == ANSWER and state.to_move() == (1,)
    play(state, "no")
    assert area(state, 1) == ["BW7"], "the recipient wins the asked card at once"
    assert state.phase == TAKE and state.to_move() == (0,)
    assert state.legal_actions(0) == [Take(1), Take(3), Take(4)]
    play(state, "take 3")
    assert area(state, 0) == ["CS8"]
    assert area(state, 1) == ["BW7"]
    assert hand(state, 0) == PLAIN[0], "the requester's hand is untouched"
    assert hand(state, 2) == PLAIN[2], "a third player is not involved"
    assert set(hand(state, 1)) >= {"PG6", "DT9"} and len(state.hands[1]) == 4
    assert len(state.deck) == len(FILLER_DECK) - 2
    assert state.phase == ASK and state.to_move() == (1,), "the next requester sits to the left"


def test_answer_yes_then_accept_each_wins_the_card_they_asked_for():
    state = plain()
    play(state, "ask p2 2", "yes")
    assert state.phase == COUNTER and state.to_move() == (1,)
    play(state, "ask 4")
    assert state.phase == REPLY and state.to_move() == (0,)
    play(state, "accept")
    assert area(state, 0) == ["BW7"]
    assert area(state, 1) == ["DT8"]
    assert {"PG5", "BW6", "CS7"} <= set(hand(state, 0)) and "DT8" not in hand(state, 0)
    assert {"PG6", "CS8", "DT9"} <= set(hand(state, 1)) and "BW7" not in hand(state, 1)
    assert hand(state, 2) == PLAIN[2]


def test_answer_yes_then_reject_each_wins_their_own_card_the_other_asked_for():
    state = plain()
    play(state, "ask p2 2", "yes", "ask 4", "reject")
    assert area(state, 0) == ["DT8"], "the requester wins the own card the recipient asked for"
    assert area(state, 1) == ["BW7"], "the recipient wins the own card the requester asked for"
    assert "DT8" not in hand(state, 0) and "BW7" not in hand(state, 1)
    assert all(len(state.hands[s]) == 4 and -1 not in state.hands[s] for s in (0, 1))


def test_ok_token_with_the_ask_forces_yes_automatically():
    state = plain(tokens=[1, 0, 0], areas=[["CS2"], [], []])  # (the token came with the 2)
    events = []
    play(state, "ask p2 2 ok", events=events)
    assert state.tokens[0] == 0, "the token is spent"
    assert state.phase == COUNTER and state.to_move() == (1,), "no yes/no decision is asked for"
    assert state.view(1)["request"]["ok"] is True
    assert any("must say yes" in e.text for e in events)
    with pytest.raises(IllegalAction):
        state.apply(1, parse_action("no"))
    play(state, "ask 1", "reject")  # the requester may still reject
    assert area(state, 0) == ["CS2", "PG5"] and area(state, 1) == ["BW7"]


def test_ok_token_with_the_counter_ask_forces_accept_automatically():
    state = plain(tokens=[0, 1, 0], areas=[[], ["CS2"], []])
    play(state, "ask p2 2", "yes", "ask 4 ok")
    assert state.tokens[1] == 0
    assert area(state, 0) == ["BW7"] and area(state, 1) == ["CS2", "DT8"], "accepted without a decision"
    assert state.phase == ASK and state.to_move() == (1,)


def test_ok_needs_a_token():
    state = plain()
    assert all(not a.ok for a in state.legal_actions(0))
    before = everything_seen_by(state)
    with pytest.raises(IllegalAction, match="no OK token"):
        state.apply(0, Ask(1, 2, True))
    assert everything_seen_by(state) == before


def test_spent_ok_tokens_leave_the_game():
    state = plain(tokens=[1, 0, 0], supply=3, areas=[["CS2"], [], []])
    play(state, "ask p2 2 ok", "ask 1", "accept")
    assert state.tokens == [0, 0, 0] and state.supply == 3


def test_pending_request_is_public_but_not_the_asked_cards_face_for_its_owner():
    state = plain()
    play(state, "ask p2 3")
    for viewer in (None, 0, 1, 2):
        req = state.view(viewer)["request"]
        assert req["requester"] == 0 and req["recipient"] == 1 and req["slot"] == 3
        assert req["ok"] is False
    assert state.view(1)["hands"][1] == [HIDDEN] * 4
    assert state.view(0)["hands"][1][2] == "CS8"


# ----- card abilities ---------------------------------------------------------------------

def test_2_gives_an_ok_token_while_any_remain():
    state = plain(hands=[PLAIN[0], ["BW2", "PG6", "CS8", "DT9"], PLAIN[2]])
    play(state, "ask p2 1", "no", "take 2")  # P1 wins BW2
    assert state.tokens == [0, 1, 0] and state.supply == 3
    state = plain(hands=[PLAIN[0], ["BW2", "PG6", "CS8", "DT9"], PLAIN[2]])
    # No game reaches an empty supply with a 2 still to win (four tokens,
    # four 2s), but the rules still guard it.
    state.tokens, state.supply = [2, 0, 2], 0
    play(state, "ask p2 1", "no", "take 2")
    assert state.tokens == [2, 0, 2] and state.supply == 0


def test_ok_token_from_a_2_is_kept_after_the_2_leaves():
    # Turn 1: P0 wins the 2 (token). Turn 2: P0 wins an 11 with the most
    # cards and discards the 2.
    state = position(2, hands=[["PG11", "BW6", "CS7", "DT8"], ["BW2", "PG6", "CS8", "DT9"]],
                     areas=[["DT5", "DT6"], []], deck=["CS5", "CS6", "PG9", "BW9"])
    play(state, "ask p2 1", "yes", "ask 4", "accept")  # P0 wins BW2, P1 wins DT8
    assert state.tokens == [1, 0] and state.supply == 3
    play(state, "ask p1 1", "no", "take 2")  # P0 wins its PG11 (4 cards), P1 takes BW6
    assert state.phase == DISCARD and state.to_move() == (0,)
    play(state, "discard BW2")
    assert "BW2" not in area(state, 0)
    assert state.tokens[0] == 1, "the token stays after its 2 is gone"


def test_trainer_is_assigned_to_a_district_where_its_owner_has_a_card():
    state = plain(hands=[PLAIN[0], ["TR1", "PG6", "CS8", "DT9"], PLAIN[2]], areas=[["BW5"], [], []])
    play(state, "ask p2 1", "yes", "ask 1", "accept")  # P0 wins TR1, P1 wins PG5
    assert state.phase == ASSIGN and state.to_move() == (0,)
    assert state.legal_actions(0) == [Assign(BOARDWALK), Assign(None)]
    assert state.view(0)["decision"]["districts"] == ["boardwalk"]
    with pytest.raises(IllegalAction):
        state.apply(0, Assign(PLAYGROUND))
    play(state, "assign boardwalk")
    assert state.view(2)["areas"][0]["boardwalk"] == ["BW5", "TR1"]
    assert state.groups(0)[BOARDWALK] == ids(["BW5", "TR1"])


def test_trainer_with_no_district_waits_and_joins_the_first_card_of_a_new_district():
    state = plain(hands=[PLAIN[0], ["TR1", "PG6", "CS8", "DT9"], PLAIN[2]])
    play(state, "ask p2 1", "no", "take 2")  # P1 wins TR1 with an empty area, P0 wins PG6
    assert state.phase == ASK, "no district yet: the Trainer stays unassigned without a question"
    assert state.view(0)["areas"][1]["unassigned"] == ["TR1"]
    # Now P1 (requester) wins a first card of a district.
    p0_slot = state.hands[0].index(ids(["BW6"])[0]) + 1
    play(state, f"ask p1 {p0_slot}", "no")  # P0 wins BW6 ...
    take = next(i + 1 for i, c in enumerate(state.hands[0]) if c == ids(["CS7"])[0])
    play(state, f"take {take}")  # ... and P1 takes CS7: first central station card
    assert state.phase == ASSIGN and state.to_move() == (1,)
    assert state.legal_actions(1) == [Assign(STATION), Assign(None)]
    assert state.view(1)["decision"]["later"] is True
    play(state, "assign station")
    assert sorted(state.groups(1)[STATION]) == sorted(ids(["CS7", "TR1"]))


def test_unassigned_trainer_scores_nothing_and_counts_nowhere():
    state = position(2, areas=[["TR1", "PG9"], ["PG8"]])
    lines = state.result().breakdown[0]
    assert lines == (("Playground: 1 card x 9", 9),)


def test_the_1_counts_twice_for_the_multiplier_but_once_for_majorities():
    state = position(2, areas=[["BW1", "BW9"], ["BW5", "BW6"]])
    result = state.result()
    assert ("Boardwalk: 2 cards + 1 (the 1 counts twice) x 9", 27) in result.breakdown[0]
    # 2 cards each for the majority: tied, so nobody gets the 2-3 player bonus.
    assert not any("most" in label for label, _ in result.breakdown[0] + result.breakdown[1])


@pytest.mark.parametrize("number,tie_discards", [(10, False), (11, True)])
def test_10_discards_only_with_strictly_most_cards_11_also_when_tied(number, tie_discards):
    # After both cards are won P0 and P1 have 4 cards each.
    state = plain(hands=[PLAIN[0], [f"BW{number}", "PG7", "DT9", "CS6"], ["PG8", "BW8", "CS9", "DT5"]],
                  areas=[["PG1", "CS1", "CS2"], ["DT2", "DT3", "CS3"], ["DT6"]])
    play(state, "ask p2 1", "no", "take 2")  # P1 wins its 10/11, P0 takes PG7
    if tie_discards:
        assert state.phase == DISCARD and state.to_move() == (1,)
        assert set(state.legal_actions(1)) == {Discard(c) for c in state.areas[1]}
    else:
        assert state.phase == ASK, "a tie is not strictly the most: no discard"


def test_10_discards_with_strictly_most_cards():
    state = plain(hands=[PLAIN[0], ["BW10", "PG7", "DT9", "CS6"], ["PG8", "BW8", "CS9", "DT5"]],
                  areas=[["PG1", "CS1"], ["DT2", "DT3", "CS3"], ["DT6"]])
    play(state, "ask p2 1", "no", "take 2")
    assert state.phase == DISCARD and state.to_move() == (1,)
    play(state, "discard BW10")
    assert "BW10" not in area(state, 1) and CARD_ID[state.discards[-1]] == "BW10"
    assert state.view(None)["discards"] == ["BW10"]


def test_discard_count_includes_both_cards_won_this_turn():
    # The requester wins a 10: 4 cards, but the recipient also reaches 4.
    state = plain(hands=[PLAIN[0], ["BW10", "PG9", "DT9", "CS6"], PLAIN[2]],
                  areas=[["PG1", "CS1", "CS2"], ["DT2", "DT3", "CS3"], []])
    play(state, "ask p2 1", "yes", "ask 1", "accept")  # P0 wins BW10, P1 wins PG5
    assert state.phase == ASK, "4 against 4 is not strictly the most"


def test_discard_counts_are_taken_before_anyone_discards():
    # Both reach 5 cards; P0's 11 discards (tie), P1's 10 then still compares 5 vs 5.
    state = plain(hands=[["BW10", "BW6", "CS7", "DT8"], ["PG11", "PG6", "CS8", "DT9"], PLAIN[2]],
                  areas=[["PG1", "CS1", "CS2", "DT2"], ["DT3", "CS3", "BW2", "BW3"], []])
    play(state, "ask p2 1", "yes", "ask 1", "accept")  # P0 wins PG11, P1 wins BW10
    assert state.phase == DISCARD and state.to_move() == (0,)
    play(state, "discard CS1")
    assert state.phase == ASK, "P1's 10 is compared with the counts before P0's discard"


def test_discard_happens_before_the_five_in_a_row_check():
    # P0 completes 6-10 with the 10, but has strictly the most cards: discard first.
    base = dict(hands=[["BW6", "CS7", "DT8", "BW7"], ["PG10", "PG5", "CS8", "DT9"]],
                areas=[["PG6", "PG7", "PG8", "PG9", "BW5"], ["CS5"]], deck=["CS6", "DT6"])
    state = position(2, **base)
    play(state, "ask p2 2", "no", "take 1")  # P1 wins PG5, P0 takes PG10
    assert state.phase == DISCARD and not state.is_over(), "no win before the discard"
    kept = state.copy()
    play(state, "discard BW5")
    assert state.is_over() and state.result().winners == (0,)
    play(kept, "discard PG6")
    assert not kept.is_over(), "discarding from the row breaks it"


def test_3_lets_the_winner_swap_hands_after_the_refill():
    state = plain(hands=[PLAIN[0], ["PG3", "PG6", "CS8", "DT9"], PLAIN[2]])
    play(state, "ask p2 1", "no", "take 2")  # P1 wins PG3
    assert state.phase == SWAP and state.to_move() == (1,)
    assert len(state.deck) == len(FILLER_DECK) - 2, "the refill came first"
    assert set(state.legal_actions(1)) == {Swap(0), Swap(2), Swap(None)}
    p1_hand, p2_hand = set(state.hands[1]), set(state.hands[2])
    play(state, "swap p3")
    assert set(state.hands[1]) == p2_hand and set(state.hands[2]) == p1_hand
    assert state.phase == ASK


def test_both_won_a_3_the_requester_swaps_first():
    state = plain(hands=[["BW3", "BW6", "CS7", "DT8"], ["PG3", "PG6", "CS8", "DT9"], PLAIN[2]])
    play(state, "ask p2 1", "yes", "ask 1", "accept")  # P0 wins PG3, P1 wins BW3
    assert state.phase == SWAP and state.to_move() == (0,)
    play(state, "swap none")
    assert state.phase == SWAP and state.to_move() == (1,)
    play(state, "swap none")
    assert state.phase == ASK


def test_4_peek_shows_the_winners_own_hand_only_to_that_seat():
    state = plain(hands=[PLAIN[0], ["PG4", "PG6", "CS8", "DT9"], PLAIN[2]])
    events = []
    play(state, "ask p2 1", "no", "take 2", events=events)  # P1 wins PG4
    assert state.phase == PEEK and state.to_move() == (1,)
    own = [CARD_ID[c] for c in state.hands[1]]
    assert state.view(1)["hands"][1] == own and state.view(1)["sees_own_hand"]
    assert not (state.secret_cards(1) & set(own))
    assert state.view(0)["hands"][0] == [HIDDEN] * 4, "others still do not see their own hand"
    assert all(x == HIDDEN for x in state.view(None)["hands"][1])
    events.clear()
    play(state, "seen", events=events)
    assert state.view(1)["hands"][1] == [HIDDEN] * 4
    private = [e for e in events if not e.public]
    assert private and all(e.audience == frozenset({1}) for e in private)
    in_hand = [card_name(c) for c in state.hands[1]]
    assert not any(name in e.text for e in events if e.public for name in in_hand)


def test_five_in_a_row_ends_the_game_at_once():
    state = plain(hands=[["BW5", "BW6", "CS7", "DT8"], ["PG9", "BW7", "CS8", "DT9"],
                         ["PG10", "BW8", "CS9", "DT5"]],
                  areas=[["PG5", "PG6", "PG7", "PG8"], [], []])
    deck_before = len(state.deck)
    play(state, "ask p2 1", "yes", "ask 2", "accept")  # P0 wins PG9
    assert state.is_over() and state.to_move() == ()
    assert len(state.deck) == deck_before, "no refill after the winning card"
    result = state.result()
    assert result.winners == (0,)
    assert ("Five in a row: playground 5-9, wins outright", 0) in result.breakdown[0]


def test_versatile_fills_one_gap_in_five_in_a_row():
    # The rulebook's example: 5, 6, 8, 9 and the Versatile of the central station.
    state = plain(hands=[PLAIN[0], ["CSV", "BW7", "PG6", "DT9"], ["PG7", "BW8", "DT6", "DT5"]],
                  areas=[["CS5", "CS6", "CS8", "CS9"], [], []])
    play(state, "ask p2 1", "yes", "ask 1", "accept")
    assert state.is_over() and state.result().winners == (0,)
    assert state.view(None)["rows"] == [{"seat": 0, "district": "central station", "low": 5, "high": 9}]


def test_versatile_does_not_fill_two_gaps():
    state = plain(hands=[PLAIN[0], ["CSV", "BW7", "PG6", "DT9"], ["PG7", "BW8", "DT6", "DT5"]],
                  areas=[["CS5", "CS6", "CS9"], [], []])
    play(state, "ask p2 1", "yes", "ask 1", "accept")
    assert not state.is_over()


def test_simultaneous_five_in_a_row_is_shared():
    state = plain(hands=[["BW9", "PG5", "CS7", "DT8"], ["PG9", "BW5", "CS8", "DT9"],
                         ["CS5", "CS6", "DT5", "DT6"]],
                  areas=[["PG10", "PG6", "PG7", "PG8"], ["BW10", "BW6", "BW7", "BW8"], []])
    play(state, "ask p2 1", "yes", "ask 1", "accept")  # P0 wins PG9, P1 wins BW9
    assert state.is_over()
    assert state.result().winners == (0, 1)
    assert state.result().summary.startswith("P0 and P1 win with five in a row")


# ----- final scoring -----------------------------------------------------------------------

def test_rulebook_scoring_example_totals_73():
    groups = [[ids(["PG11", "PG9", "PG7", "PG3"]), ids(["BW5", "BW4", "BW2"]),
               ids(["CS3", "CS2"]), ids(["DT4", "DT3"])]]
    lines = score_lines(groups, family=True)[0]
    assert [points for _, points in lines] == [44, 15, 6, 8]
    assert sum(points for _, points in lines) == 73
    # The same play area in a finished family game scores 73.
    state = position(2, family=True, areas=[["PG11", "PG9", "PG7", "PG3", "BW5", "BW4", "BW2",
                                              "CS3", "CS2", "DT4", "DT3"], ["PG8"]])
    assert state.result().scores[0] == 73
    # Full rules: the same district lines, then the bonuses on top.
    full = position(2, areas=[["PG11", "PG9", "PG7", "PG3", "BW5", "BW4", "BW2",
                               "CS3", "CS2", "DT4", "DT3"], ["PG8"]])
    assert [p for _, p in full.result().breakdown[0][:4]] == [44, 15, 6, 8]


def test_boardwalk_most_cards_bonus_by_player_count():
    assert bonus_table(BOARDWALK, 2) == bonus_table(BOARDWALK, 3) == (10,)
    assert bonus_table(BOARDWALK, 4) == bonus_table(BOARDWALK, 5) == (20, 10)
    assert majority_bonuses([3, 2, 0], (10,)) == [10, 0, 0]
    assert majority_bonuses([3, 2, 1, 0], (20, 10)) == [20, 10, 0, 0]


def test_majority_ties_take_the_next_lower_bonus():
    assert majority_positions([3, 3, 1, 0]) == [2, 2, 3, None]
    assert majority_bonuses([3, 3, 1, 0], (20, 10)) == [10, 10, 0, 0], "tied for most: second's bonus"
    assert majority_bonuses([3, 2, 2, 0], (20, 10)) == [20, 0, 0, 0], "tied for second: nothing"
    assert majority_bonuses([2, 2], (10,)) == [0, 0]
    assert majority_bonuses([0, 0, 0, 0], (20, 10)) == [0, 0, 0, 0], "no cards, no majority"


def test_playground_second_most_gets_10_with_4_or_5_players():
    state = position(4, areas=[["PG9", "PG8", "PG7"], ["PG6", "PG5"], ["PG11"], []])
    lines = state.result().breakdown
    assert ("Playground: second most cards", 10) in lines[1]
    assert not any("Playground:" in label and "most" in label for label, _ in lines[2])
    state3 = position(3, areas=[["PG9", "PG8", "PG7"], ["PG6", "PG5"], ["PG11"]])
    assert not any("most" in label for label, _ in state3.result().breakdown[1])


def test_station_and_downtown_score_7_per_pair():
    state = position(2, areas=[["CS5", "CS6", "CS7", "CS8", "DT5", "DT9"], []])
    assert ("Central station + downtown: 2 pairs x 7", 14) in state.result().breakdown[0]


def test_lovers_5_and_6_and_passers_by_7_8_9_of_one_district():
    state = position(2, areas=[["BW5", "BW6", "DT7", "DT8", "DT9", "PG5", "CS6"], []])
    lines = state.result().breakdown[0]
    assert ("Lovers 5+6 (boardwalk)", 5) in lines
    assert ("Passers-by 7+8+9 (downtown)", 10) in lines
    assert not any("Lovers" in label and "playground" in label for label, _ in lines)


def test_assigned_trainer_counts_for_multiplier_and_majority():
    state = position(2, areas=[["BW9", "TR2"], ["BW5"]], trainers={"TR2": BOARDWALK})
    lines = state.result().breakdown[0]
    assert lines[0] == ("Boardwalk: 2 cards x 9", 18)
    assert ("Boardwalk: most cards", 10) in lines, "2 cards (one a Trainer) beat 1"


def end_of_game(p0_hand, p0_area, p1_area, players=2, **kw):
    """A position whose current turn is the last: the refill empties the deck.
    P0 asks P1 for slot 1 and P1 answers no, P0 takes slot 2."""
    hands = [p0_hand, ["BW5", "CS6", "DT7", "CS9"]] + [PLAIN[2]] * (players - 2)
    state = position(players, hands=hands, areas=[p0_area, p1_area] + [[]] * (players - 2),
                     deck=["BW8", "DT6"], **kw)
    play(state, "ask p2 1", "no", "take 2")
    return state


def test_playground_majority_looks_at_own_hand_and_may_add_a_card():
    state = end_of_game(["BW9", "CS7", "DT8", "BW7"], ["PG5", "PG6"], ["PG8"])
    assert state.phase == ADD and state.to_move() == (0,)
    assert state.view(0)["hands"][0] == ["BW9", "CS7", "DT8", "BW7"], "a private look"
    assert state.view(1)["hands"][1] == [HIDDEN] * 4
    assert Add(None) in state.legal_actions(0)
    play(state, "add 1")
    assert state.is_over() and "BW9" in area(state, 0)
    assert state.view(0)["hands"][0][1] == HIDDEN


def test_playground_add_can_complete_five_in_a_row():
    state = end_of_game(["PG7", "CS7", "DT8", "BW7"], ["PG5", "PG6", "PG8", "PG9"], [])
    assert state.phase == ADD
    play(state, "add 1")
    assert state.is_over() and state.result().winners == (0,)
    assert state.rows == [(0, PLAYGROUND, 5, 9)]


def test_playground_add_has_no_when_won_effect():
    state = end_of_game(["BW2", "CS7", "DT8", "BW7"], ["PG5", "PG6"], [], supply=4)
    play(state, "add 1")
    assert state.is_over() and state.tokens[0] == 0, "the added 2 gives no OK token"


def test_playground_added_trainer_is_placed_like_any_trainer():
    state = end_of_game(["TR1", "CS7", "DT8", "BW7"], ["PG5", "PG6", "BW2"], ["PG8"])
    assert state.phase == ADD
    play(state, "add 1")
    assert state.phase == ASSIGN and state.to_move() == (0,)
    assert state.view(0)["decision"]["added"] is True
    assert state.legal_actions(0) == [Assign(PLAYGROUND), Assign(BOARDWALK), Assign(STATION), Assign(None)]
    play(state, "assign playground")
    assert state.is_over()
    assert state.view(1)["areas"][0]["playground"] == ["PG5", "PG6", "TR1"]
    assert dict(state.result().breakdown[0])["Playground: 3 cards x 6"] == 18


def test_playground_tie_for_most_means_nobody_adds():
    state = end_of_game(["BW9", "CS7", "DT8", "BW7"], ["PG5", "PG6"], ["PG8", "PG9"])
    assert state.is_over() and state.added is None


def test_highest_total_wins_and_ties_share():
    state = position(2, areas=[["CS9"], ["DT9"]])
    assert state.result().winners == (0, 1)
    assert state.result().summary == "P0 and P1 share the win with 9 points."


# ----- family rules ------------------------------------------------------------------------

def test_family_rules_turn_off_card_abilities():
    hands = [["BW10", "BW3", "CS7", "DT8"], ["PG2", "PG4", "CS8", "TR1"]]
    areas = [["PG5", "PG6", "PG7"], ["DT5", "DT6", "DT9", "CS5", "CS6", "CS9", "BW5", "BW6"]]
    deck = ["PG11", "BW11", "CS11", "DT11", "BW7", "BW8", "CS10", "DT10"]
    state = position(2, hands=hands, areas=areas, deck=deck, family=True, supply=4)
    play(state, "ask p2 1", "yes", "ask 1", "accept")  # P0 wins PG2, P1 wins BW10 with most cards
    assert state.phase == ASK and state.tokens == [0, 0], "no OK token, no discard"
    play(state, "ask p1 2", "no", "take 3")  # P0 wins BW3, P1 takes CS7
    assert state.phase == ASK, "no swap"
    play(state, "ask p2 2", "no", "take 3")  # P1 wins PG4, P0 takes CS8
    assert state.phase == ASK, "no peek"


def test_family_rules_still_place_the_trainer_in_a_row():
    # Our ruling (rules.md): family rules are the basic game, but a Trainer has to go in some row.
    hands = [["BW10", "BW3", "CS7", "DT8"], ["PG2", "PG4", "CS8", "TR1"]]
    state = position(2, hands=hands, areas=[["PG5", "BW6"], ["DT5"]], family=True)
    play(state, "ask p2 1", "no", "take 4")  # P1 wins PG2, P0 takes TR1
    assert state.phase == ASSIGN and state.to_move() == (0,)
    assert state.legal_actions(0) == [Assign(PLAYGROUND), Assign(BOARDWALK), Assign(None)]
    play(state, "assign boardwalk")
    assert state.view(1)["areas"][0]["boardwalk"] == ["BW6", "TR1"]
    assert dict(state.result().breakdown[0])["Boardwalk: 2 cards x 6"] == 12


def test_family_rules_score_only_count_times_highest():
    areas = [["PG1", "PG9", "BW5", "BW6", "CS4", "DT4", "TR1"], ["BW7"]]
    state = position(2, family=True, areas=areas, trainers={"TR1": PLAYGROUND})
    lines = state.result().breakdown[0]
    # The 1 counts once; the Trainer assigned to the playground counts there.
    assert lines == (("Playground: 3 cards x 9", 27), ("Boardwalk: 2 cards x 6", 12),
                     ("Central station: 1 card x 4", 4), ("Downtown: 1 card x 4", 4))


def test_family_rules_versatile_still_fills_a_gap_and_plain_five_in_a_row_wins():
    hands = [PLAIN[0], ["CSV", "BW7", "PG6", "DT9"], ["PG7", "BW8", "DT6", "DT5"]]
    state = plain(hands=hands, family=True, areas=[["CS5", "CS6", "CS8", "CS9"], [], []])
    play(state, "ask p2 1", "yes", "ask 1", "accept")
    assert state.is_over() and state.result().winners == (0,)
    assert state.rows == [(0, STATION, 5, 9)]
    hands = [["PG5", "BW6", "DT8", "BW5"], ["CS9", "BW7", "PG6", "DT9"], ["PG7", "BW8", "DT6", "DT5"]]
    state = plain(hands=hands, family=True, areas=[["CS5", "CS6", "CS8", "CS7"], [], []])
    play(state, "ask p2 1", "yes", "ask 1", "accept")
    assert state.is_over() and state.result().winners == (0,)


def test_family_rules_end_without_playground_add():
    state = end_of_game(["BW9", "CS7", "DT8", "BW7"], ["PG5", "PG6"], ["PG8"], family=True)
    assert state.is_over() and state.added is None


# ----- privacy, notation, illegal moves ----------------------------------------------------

@pytest.mark.parametrize("players", [2, 5])
def test_view_never_contains_own_hand_faces_except_during_private_looks(players):
    for seed in range(6):
        state = SPEC.new_game([f"P{i}" for i in range(players)], {}, seed)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                own = {CARD_ID[c] for c in state.hands[seat] if c >= 0}
                text = json.dumps(state.view(seat))
                looking = state.phase in (SETUP, PEEK, ADD) and seat in state.to_move()
                shown = {c for c in own if f'"{c}"' in text}
                assert (shown == own) if looking else not shown, (state.phase, seat)
            if state.is_over():
                break
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_removed_and_deck_cards_are_secret_for_everyone():
    state = SPEC.new_game(["A", "B"], {}, 2)
    hidden = {CARD_ID[c] for c in state.deck + state.removed}
    for viewer in (None, 0, 1):
        assert hidden <= state.secret_cards(viewer)
    assert {CARD_ID[c] for h in state.hands for c in h} <= state.secret_cards(None)


@pytest.mark.parametrize("action", [
    Ask(1, 2), Ask(1, 2, True), Take(3), CounterAsk(4), CounterAsk(1, True),
    Assign(STATION), Assign(None), Discard(ids(["DT11"])[0]), Swap(2), Swap(None),
    Add(3), Add(None),
])
def test_notation_parses_back(action):
    assert parse_action(str(action)) == action


def test_notation_words():
    assert parse_action("ask p3 4 ok") == Ask(2, 4, True)
    assert parse_action("ask 3 4") == Ask(2, 4)
    assert parse_action("ask 2 ok") == CounterAsk(2, True)
    assert parse_action("assign central station") == Assign(STATION)
    assert parse_action("discard dtv") == Discard(ids(["DTV"])[0])
    assert [str(parse_action(w)) for w in ("yes", "no", "accept", "reject", "seen")] == \
        ["yes", "no", "accept", "reject", "seen"]
    for bad in ("", "take", "ask", "swap p0", "discard XX9", "hello", "yes ok"):
        with pytest.raises((ValueError, KeyError)):
            parse_action(bad)
    with pytest.raises(IllegalAction):
        SPEC.parse("assign nowhere")


@pytest.mark.parametrize("setup,seat,bad", [
    ([], 1, "no"),                      # not the recipient's turn yet
    ([], 0, "ask p1 2"),                # asking oneself
    ([], 0, "ask p2 5"),                # no slot 5
    ([], 0, "yes"),                     # wrong kind of move
    (["ask p2 2"], 1, "take 1"),
    (["ask p2 2", "no"], 0, "take 2"),  # the asked slot is empty now
    (["ask p2 2", "no"], 0, "accept"),
    (["ask p2 2", "yes"], 1, "ask 1 ok"),  # no token
    (["ask p2 2", "yes", "ask 1"], 1, "accept"),
])
def test_illegal_actions_leave_the_state_unchanged(setup, seat, bad):
    state = plain()
    play(state, *setup)
    before = everything_seen_by(state), state.rng.getstate(), state.all_card_ids()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, SPEC.parse(bad))
    assert str(info.value) and "Traceback" not in str(info.value)
    assert (everything_seen_by(state), state.rng.getstate(), state.all_card_ids()) == before


def test_illegal_ability_choices_leave_the_state_unchanged():
    state = plain(hands=[PLAIN[0], ["BW10", "PG7", "DT9", "CS6"], ["PG8", "BW8", "CS9", "DT5"]],
                  areas=[["PG1"], ["DT2", "DT3", "CS3"], ["DT6"]])
    play(state, "ask p2 1", "no", "take 2")
    assert state.phase == DISCARD
    before = everything_seen_by(state)
    for bad in ("discard PG1", "discard TR1", "swap none", "assign none"):
        with pytest.raises(IllegalAction):
            state.apply(1, SPEC.parse(bad))
    assert everything_seen_by(state) == before


def test_a_malformed_trainer_choice_is_refused_not_read_as_a_district():
    state = position(2, hands=[["BW7", "CS7", "PG8", "DT5"], ["TR1", "PG6", "CS8", "DT9"]],
                     areas=[[], ["BW5"]])
    play(state, "ask p2 1", "no", "take 2")  # P1 wins TR1: boardwalk or none
    assert state.phase == ASSIGN
    before = everything_seen_by(state)
    for bad in (Assign(True), Assign("boardwalk"), Assign(1.0)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            state.apply(1, bad)
    assert everything_seen_by(state) == before


def test_game_over_refuses_every_move():
    state = end_of_game(["BW9", "CS7", "DT8", "BW7"], ["PG5", "PG6"], ["PG8", "PG9"])
    assert state.phase == OVER
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, SPEC.parse("seen"))


def test_events_tell_the_exchange_in_plain_words():
    state = plain()
    events = []
    play(state, "ask p2 3", "no", "take 1", events=events)
    texts = [e.text for e in events if e.public]
    assert texts[0] == "P0 asks P1 for slot 3."
    assert texts[1].startswith("P1 answers no and wins the central station 8")
    assert "P0 takes the playground 6 from P1's slot 1." in texts
    assert not any(e.public for e in events if e.text.startswith("Your slot"))


def test_after_a_no_everyone_sees_which_card_the_recipient_won():
    """The won card goes face up into the recipient's play area, so the view
    names it for the requester's take step (it is no longer secret)."""
    from tests.harness import leaked_cards
    state = SPEC.new_game(["A", "B"], {}, 3)
    while state.phase != "answer":
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    recipient = state.to_move()[0]
    asked = state.hands[recipient][state.slot]
    state.apply(recipient, SPEC.parse("no"))
    for viewer in (None, 0, 1):
        assert state.view(viewer)["request"]["recipient_won"] == CARD_ID[asked]
        assert not leaked_cards(state, viewer)


def test_after_a_look_the_log_keeps_no_faces_of_your_own_hand():
    """Outside a private look the UI shows only slots: the log's note of a
    look names no card, so it cannot remind a player of their hand."""
    state = SPEC.new_game(["A", "B", "C"], {}, 4)
    seat = state.to_move()[0]
    hand = [c for c in state.hands[seat]]
    events = []
    state.apply(seat, SPEC.parse("seen"), events)
    private = [e.text for e in events if not e.public]
    assert private and all(e.audience == frozenset({seat}) for e in events if not e.public)
    for text in private:
        for card in hand:
            assert card_name(card) not in text and CARD_ID[card] not in text


def test_a_copy_plays_on_without_changing_the_original():
    for players, family in ((2, 0), (5, 0), (3, 1)):
        state = SPEC.new_game([f"P{i}" for i in range(players)], {"family": family}, players)
        rng = random.Random(players)
        while not state.is_over():
            before = everything_seen_by(state), state.all_card_ids(), state.rng.getstate()
            other = state.copy()
            while not other.is_over():
                seat = other.to_move()[0]
                other.apply(seat, rng.choice(other.legal_actions(seat)), [])
            assert (everything_seen_by(state), state.all_card_ids(), state.rng.getstate()) == before
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_the_decision_queue_says_who_moves_and_what_they_decide_at_every_step():
    for players in (2, 4):
        state = SPEC.new_game([f"P{i}" for i in range(players)], {}, players)
        rng = random.Random(players)
        while not state.is_over():
            queued = list(state.decisions)
            assert queued and state.decisions.current() == queued[0]
            assert tuple(d.seat for d in queued) == tuple(state.to_move())
            assert state.view(None)["phase"] == state.phase != "over"
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert not state.decisions and state.to_move() == ()
