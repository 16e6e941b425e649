"""Nutty Business rules and our rulings (the game's rules.md), one test each."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tablegames.core import position
from tablegames.core.game import Event, IllegalAction
from tablegames.games.nutty_business.spec import SPEC
from tablegames.games.nutty_business.rules import customs_splits
from tablegames.games.nutty_business.sampler import sample
from tablegames.games.nutty_business.vocab import (
    BANK, C2, C3, C5, CUSTOMS, HIDEOUT, KINDS, L_CUSTOMS_IN, L_CUSTOMS_OUT, RAID, ROBBERY,
    SUPPLY, First, Pay, Phase, Play, Raid, Start, parse_action,
)
from tests.games.nutty_business.helpers import (
    build, decision_kind, finished, kinds, new, piles, play, share_the_supply, table,
)


# ----- cards, supply, setup ------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_player_holds_the_same_eight_cards(players):
    state = new(players)
    expected = sorted(kinds("c2 c3 c5 bank raid customs robbery hideout"))
    assert [sorted(h) for h in state.hands] == [expected] * players
    assert all(p == [] for p in state.piles)


def test_the_nut_supply_is_267_and_nuts_are_pieces():
    state = new(3)
    assert state.supply == SUPPLY == 42 * 1 + 21 * 5 + 12 * 10
    assert state.pieces()["nut"] == 267
    assert Counter(state.pieces()) - Counter({"nut": 267}) == Counter(state.all_card_ids())


def test_a_gain_larger_than_the_supply_gives_what_is_left():
    state = table(["c3"], ["customs"], nuts=[0, 265])
    assert state.supply == 2
    play(state, "play bank 2")
    assert state.nuts[0] == 2 and state.supply == 0
    assert state.pieces()["nut"] == 267


def test_setup_everyone_chooses_at_once_and_the_first_cards_stay_secret_until_all_are_in():
    state = new(3)
    assert set(state.to_move()) == {0, 1, 2}
    state.apply(1, Start(BANK))
    assert set(state.to_move()) == {0, 2}
    for viewer in (0, 2, None):
        view = state.view(viewer)
        assert view["chosen"] == [False, True, False]
        assert view["piles"][1] == [] and view["first_card"] is None
        assert "bank.1" not in str(view)
    assert state.view(1)["first_card"] == "bank.1"
    assert "bank.1" in state.secret_cards(0)
    state.apply(0, Start(C3))
    state.apply(2, Start(ROBBERY))
    assert [state.view(None)["piles"][s] for s in range(3)] == [[["c3.0"]], [["bank.1"]],
                                                                 [["robbery.2"]]]


def test_setup_first_cards_have_no_effect_when_revealed():
    state = new(2)
    state.apply(0, Start(C5))
    state.apply(1, Start(C3))
    assert state.nuts == [0, 0] and state.supply == SUPPLY
    assert state.phase is Phase.PLAY and state.to_move() == (state.start,)


def test_setup_choice_must_come_from_the_hand_and_only_once():
    state = new(2)
    state.apply(0, Start(C2))
    with pytest.raises(IllegalAction):
        state.apply(0, Start(C3))
    with pytest.raises(IllegalAction):
        state.apply(1, Play(C2, 0))


def test_the_first_player_is_drawn_from_the_seed():
    starts = {new(4, seed).start for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert new(4, 7).start == new(4, 7).start


# ----- a turn -------------------------------------------------------------------

def test_turn_play_a_card_face_up_onto_one_of_your_piles():
    state = table(["bank"], ["customs"])
    play(state, "play robbery 1")
    assert piles(state, 0) == ["bank robbery"]
    assert state.to_move() == (1,), "the next player clockwise"


def test_turn_with_one_pile_you_may_start_a_second_pile():
    state = table(["bank"], ["customs"])
    play(state, "play robbery 2")
    assert piles(state, 0) == ["bank", "robbery"]


def test_turn_never_more_than_two_piles():
    state = table(["bank", "c2"], ["customs"])
    assert {a.pile for a in state.legal_actions(0)} == {0, 1}
    with pytest.raises(IllegalAction):
        SPEC.parse("play robbery 3")
    with pytest.raises(IllegalAction):
        state.apply(0, Play(ROBBERY, 2))
    play(state, "play robbery 2")
    assert piles(state, 0) == ["bank", "c2 robbery"]


def test_turn_the_card_must_be_in_your_hand():
    state = table(["bank"], ["customs"])
    before = state.view(0)
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply(0, Play(BANK, 0))
    assert state.view(0) == before


def test_contraband_on_top_gains_its_value_every_turn_not_only_when_played():
    state = table(["c5"], ["customs"])
    play(state, "play bank 2")  # no Contraband played: no Customs either
    assert state.nuts == [5, 0]
    play(state, "play c2 2", "play hideout 2")
    assert state.nuts[0] == 10


def test_both_top_cards_act_every_turn():
    state = table(["c2"], ["customs"])
    play(state, "play c3 2")  # fresh Contraband 3 with a Customs: order asked? no, no raid/robbery
    assert state.nuts == [4, 1]


# ----- Customs --------------------------------------------------------------------

def test_customs_contraband_2_or_3_pays_1_nut_to_each_active_customs():
    state = table(["bank raid"], ["customs"], ["c2 customs"], ["hideout"])
    play(state, "play c3 2")
    assert state.nuts == [1, 1, 1, 0]


def test_customs_contraband_5_pays_2_nuts_to_each_active_customs():
    state = table(["raid"], ["customs"], ["customs"])
    play(state, "play c5 1")
    assert state.nuts == [1, 2, 2]


def test_customs_only_for_the_contraband_played_this_turn():
    state = table(["c5"], ["customs"])
    play(state, "play robbery 2")
    assert state.nuts == [5, 0]


def test_customs_is_paid_only_out_of_the_nuts_just_gained():
    state = table(["raid"], ["customs"], ["customs"], ["customs"], nuts=[50, 0, 0, 0])
    play(state, "play c2 1")
    assert decision_kind(state) == "customs", "2 nuts for three officers: the player splits"
    play(state, "pay 2=1 3=1")
    assert state.nuts == [50, 1, 1, 0], "never out of the player's other nuts"


def test_customs_rulebook_example_contraband_5_four_officers_pays_1_1_1_2_player_chooses():
    state = table(["raid"], ["customs"], ["customs"], ["customs"], ["customs"])
    play(state, "play c5 1")
    assert state.nuts[0] == 5 and decision_kind(state) == "customs"
    options = state.legal_actions(0)
    assert sorted(str(a) for a in options) == [
        "pay 2=1 3=1 4=1 5=2", "pay 2=1 3=1 4=2 5=1", "pay 2=1 3=2 4=1 5=1",
        "pay 2=2 3=1 4=1 5=1"]
    play(state, "pay 2=1 3=2 4=1 5=1")
    assert state.nuts == [0, 1, 2, 1, 1]
    assert state.ledger[0][L_CUSTOMS_OUT] == 5 and state.ledger[2][L_CUSTOMS_IN] == 2


def test_customs_short_pay_as_many_officers_as_possible():
    state = table(["raid"], ["customs"], ["customs"], ["customs"])
    play(state, "play c2 1")
    assert sorted(str(a) for a in state.legal_actions(0)) == [
        "pay 2=1 3=1", "pay 2=1 4=1", "pay 3=1 4=1"]
    with pytest.raises(IllegalAction, match="as many of them as possible"):
        play(state, "pay 2=2")
    play(state, "pay 2=1 4=1")
    assert state.nuts == [0, 1, 0, 1]


def test_customs_contraband_5_against_three_officers_pays_2_2_1():
    assert sorted(customs_splits(5, 2, 3)) == [(1, 2, 2), (2, 1, 2), (2, 2, 1)]


def test_customs_short_supply_pays_out_of_what_was_gained():
    state = table(["raid"], ["customs"], ["customs"], nuts=[260, 3, 3])
    assert state.supply == 1
    play(state, "play c5 1")
    assert sorted(str(a) for a in state.legal_actions(0)) == ["pay 2=1", "pay 3=1"]
    play(state, "pay 3=1")
    assert state.nuts == [260, 3, 4] and state.supply == 0


def test_customs_full_payment_needs_no_decision():
    state = table(["raid"], ["customs"], ["bank customs"])
    play(state, "play c3 1")
    assert state.nuts == [1, 1, 1] and state.to_move() == (1,)


def test_bank_on_top_exempts_you_from_customs():
    state = table(["bank"], ["customs"], ["customs"])
    events: list[Event] = []
    play(state, "play c5 2", events=events)
    assert state.nuts == [5, 0, 0]
    assert any("Bank" in e.text for e in events)


def test_bank_covered_no_longer_protects():
    state = table(["bank"], ["customs"])
    play(state, "play c5 1")
    assert state.nuts == [3, 2]


def test_customs_log_says_who_paid_whom_and_why():
    state = table(["raid"], ["customs"], names=["Sergei", "Ana"])
    events: list[Event] = []
    play(state, "play c5 1", events=events)
    assert "Sergei pays Ana 2 nuts: Ana's Customs on Contraband 5." in [e.text for e in events]


# ----- Police Raid ----------------------------------------------------------------

def test_police_raid_must_choose_an_opponent_with_two_piles_and_which_pile_is_covered():
    state = table(["c2"], ["bank", "robbery"], ["customs"], ["c3", "hideout"])
    play(state, "play raid 2")
    assert decision_kind(state) == "raid"
    assert sorted(str(a) for a in state.legal_actions(0)) == [
        "raid 2 1", "raid 2 2", "raid 4 1", "raid 4 2"]
    with pytest.raises(IllegalAction):
        play(state, "raid 3 1")  # one pile only
    play(state, "raid 4 2")
    assert piles(state, 3) == ["hideout c3"]
    assert state.nuts[0] == 1 + 2


def test_police_raid_on_a_bank_gives_2_nuts():
    state = table(["c2"], ["bank", "robbery"])
    play(state, "play raid 2", "raid 2 1")
    assert piles(state, 1) == ["bank robbery"]
    assert state.nuts[0] == 2 + 2


def test_police_raid_covering_anything_else_gives_1_nut():
    state = table(["hideout"], ["bank", "robbery"])
    play(state, "play raid 2", "raid 2 2")
    assert piles(state, 1) == ["robbery bank"]
    assert state.nuts[0] == 1


def test_police_raid_without_any_target_does_nothing():
    state = table(["hideout"], ["bank"], ["robbery"])
    events: list[Event] = []
    play(state, "play raid 2", events=events)
    assert state.nuts == [0, 0, 0] and state.to_move() == (1,)
    assert any("nobody with two piles" in e.text for e in events)


def test_police_raid_acts_every_turn_it_stays_on_top():
    state = table(["raid"], ["bank", "customs"])
    play(state, "play hideout 2", "raid 2 1")
    assert state.nuts[0] == 2


def test_police_raid_never_targets_yourself():
    state = table(["c2"], ["bank"])
    play(state, "play raid 2")
    assert state.to_move() == (1,)
    assert state.piles[0] == [[C2], [RAID]]


# ----- Robbery --------------------------------------------------------------------

def test_robbery_takes_1_nut_per_contraband_on_top_from_each_other_player():
    state = table(["hideout"], ["c2", "c3"], ["c5", "customs"], ["customs"],
                  nuts=[0, 10, 10, 10])
    play(state, "play robbery 2")
    assert state.nuts == [3, 8, 9, 10]


def test_robbery_is_limited_by_what_the_victim_has():
    state = table(["hideout"], ["c2", "c3"], nuts=[0, 1])
    play(state, "play robbery 2")
    assert state.nuts == [1, 0]


def test_bank_on_top_protects_against_robbery():
    state = table(["hideout"], ["c2", "bank"], nuts=[0, 5])
    play(state, "play robbery 2")
    assert state.nuts == [0, 5]


def test_robbery_log_says_who_gave_whom_and_why():
    state = table(["hideout"], ["c2", "c3"], nuts=[0, 4], names=["Kim", "Lee"])
    events: list[Event] = []
    play(state, "play robbery 2", events=events)
    assert "Lee gives Kim 2 nuts: Kim's Robbery, 2 Contraband on top." in [e.text for e in events]


# ----- the order of the two effects -------------------------------------------------

def test_order_the_player_chooses_which_top_card_acts_first_when_it_matters():
    # Raid first covers Lee's Contraband before the Robbery counts it.
    state = table(["robbery"], ["c3", "c2"], nuts=[0, 9])
    play(state, "play raid 2")
    assert decision_kind(state) == "order"
    play(state, "first 2", "raid 2 2")  # the Contraband 3 pile goes on the 2
    assert state.nuts == [1 + 1, 8]


def test_order_robbery_first_then_raid():
    state = table(["robbery"], ["c3", "c2"], nuts=[0, 9])
    play(state, "play raid 2", "first 1", "raid 2 2")
    assert state.nuts == [2 + 1, 7]


def test_order_raid_first_can_cover_a_customs_before_the_contraband_pays():
    state = table(["raid"], ["customs", "hideout"])
    play(state, "play c5 2")
    assert decision_kind(state) == "order"
    play(state, "first 1", "raid 2 1")  # the Hideout pile covers the Customs
    assert state.nuts == [1 + 5, 0]


def test_order_contraband_first_pays_the_customs():
    state = table(["raid"], ["customs", "hideout"])
    play(state, "play c5 2", "first 2", "raid 2 1")
    assert state.nuts == [5 - 2 + 1, 2]


def test_order_is_not_asked_when_it_cannot_change_anything():
    state = table(["c2"], ["bank", "robbery"])
    play(state, "play raid 2")
    assert decision_kind(state) == "raid", "a raid and an old Contraband: no question"
    state = table(["c3"], ["customs"])
    play(state, "play c5 2")
    assert state.nuts == [6, 2], "two Contraband with a full supply: no question"


def test_order_two_contraband_with_customs_and_a_short_supply_is_asked():
    state = table(["c3"], ["customs"], nuts=[0, 263])
    assert state.supply == 4
    play(state, "play c5 2")
    assert decision_kind(state) == "order"
    play(state, "first 1")  # the old Contraband 3 takes 3 of the 4 nuts first
    assert state.nuts == [3, 263 + 1]


def test_order_is_not_asked_for_contraband_3_and_a_police_raid_when_it_changes_nobody_s_nuts():
    # Kim plays a Contraband 3 beside her Police Raid; Lee's Customs is owed 1
    # nut, Max is the only rival with two piles and holds no Customs, and the
    # supply is full: either order pays Lee 1 and raids Max for 1.
    state = table(["raid"], ["customs"], ["c2", "bank"])
    play(state, "play c3 2")
    assert decision_kind(state) == "raid", "no question: straight to the raid"
    play(state, "raid 3 1")
    assert state.nuts == [3 - 1 + 1, 1, 0]


def test_order_is_still_asked_for_contraband_3_and_a_police_raid_that_could_cover_the_customs():
    state = table(["raid"], ["customs", "c2"], ["c2", "bank"])
    play(state, "play c3 2")
    assert decision_kind(state) == "order"
    play(state, "first 1", "raid 2 1")  # Lee's Customs covered before the Contraband pays
    assert state.nuts == [1 + 3, 0, 0]


def test_order_is_still_asked_when_a_raid_first_leaves_a_short_supply_too_little_to_pay():
    # 4 nuts left. The raid on the last player's Bank may take 2 first and
    # leave the Contraband 3 only 2: with one Customs (owed 1) both orders
    # pay it; with three (owed 3) the raid first leaves one officer unpaid.
    # The last player holds the rest of the nuts.
    state = table(["raid"], ["customs"], ["c2", "bank"], nuts=[0, 0, 263])
    play(state, "play c3 2")
    assert decision_kind(state) == "raid", "1 owed: both orders pay it"
    state = table(["raid"], ["customs"], ["customs"], ["customs"], ["c2", "bank"],
                  nuts=[0, 0, 0, 0, 263])
    assert state.supply == 4
    play(state, "play c3 2")
    assert decision_kind(state) == "order"
    play(state, "first 1", "raid 5 2")  # the Contraband 2 pile covers the Bank: +2
    assert decision_kind(state) == "customs", "2 nuts gained for 3 officers"
    play(state, "pay 2=1 3=1")
    assert state.nuts == [2 + 2 - 2, 1, 1, 0, 263]


def test_order_raid_and_robbery_is_asked_only_when_the_raid_can_change_what_the_robbery_takes():
    # Lee's two piles (Customs, Hideout) hold no Contraband: nothing to change.
    state = table(["robbery"], ["customs", "hideout"], nuts=[0, 5])
    play(state, "play raid 2")
    assert decision_kind(state) == "raid"
    # Lee's Bank: a raid covering it opens Lee to the Robbery.
    state = table(["robbery"], ["bank", "c2"], nuts=[0, 5])
    play(state, "play raid 2")
    assert decision_kind(state) == "order"
    # Two Contraband on top but no nuts: the Robbery takes nothing either way.
    state = table(["robbery"], ["c3", "c2"], nuts=[67, 0])
    play(state, "play raid 2")
    assert decision_kind(state) == "raid"


def test_order_contraband_and_robbery_is_asked_only_when_an_officer_would_be_robbed_of_the_new_nut():
    # Lee (Customs and a Contraband 2 on top) has 3 nuts: robbed of 1 either way.
    state = table(["robbery"], ["customs", "c2"], nuts=[0, 3])
    play(state, "play c5 2")
    assert decision_kind(state) == "play", "no question, and nothing else to decide"
    assert state.nuts == [5 - 2 + 1, 3 + 2 - 1]
    # Lee has no nuts: the Robbery first takes nothing, after the payment 1.
    state = table(["robbery"], ["customs", "c2"], nuts=[67, 0])
    play(state, "play c5 2")
    assert decision_kind(state) == "order"


def _turn_outcomes(state, seat: int, turn_no: int) -> set:
    """Every (nuts, piles) the rest of this turn can end with."""
    if state.is_over() or state.turn_no != turn_no:
        return {(tuple(state.nuts), repr(state.piles))}
    found: set = set()
    for action in state.legal_actions(seat):
        after = state.copy()
        after.apply(seat, action)
        found |= _turn_outcomes(after, seat, turn_no)
    return found


def _short_supply(state, supply: int):
    """``state`` with only ``supply`` nuts left: the rest shared out among
    the players (as Contraband nuts)."""
    description = share_the_supply(position.describe(SPEC, state), state.supply - supply, state.n)
    return build(description, state.names)


def test_order_is_asked_exactly_when_the_two_orders_can_end_the_turn_with_other_nuts():
    """Every play of random games where both top cards act (a third of them
    with a nearly empty supply): the question comes exactly when some end of
    the turn can be reached in one order and not in the other."""
    rng = random.Random(22)
    checked = asked = 0
    for _ in range(40):
        state = new(rng.randint(2, 5), seed=rng.randrange(10**6))
        while not state.is_over():
            seat = state.to_move()[0]
            actions = list(state.legal_actions(seat))
            if decision_kind(state) == "play":
                if rng.random() < 0.3:
                    state = _short_supply(state, rng.randint(0, 8))
                for action in actions:
                    asking = state.copy()
                    asking._order_matters = lambda seat: True  # always ask, to try both
                    asking.apply(seat, action)
                    if decision_kind(asking) != "order":
                        continue
                    ends = []
                    for pile in (0, 1):
                        first = asking.copy()
                        first.apply(seat, First(pile))
                        ends.append(_turn_outcomes(first, seat, asking.turn_no))
                    matters = type(state)._order_matters(asking, seat)
                    assert matters == (ends[0] != ends[1]), (asking.piles, asking.nuts, asking.supply)
                    checked += 1
                    asked += matters
            state.apply(seat, rng.choice(actions))
    assert checked > 1000 and 0 < asked < checked / 3


def test_order_rejects_a_pile_that_does_not_exist():
    state = table(["robbery"], ["c3", "c2"])
    play(state, "play raid 2")
    with pytest.raises(IllegalAction):
        state.apply(0, First(2))


# ----- Hideout --------------------------------------------------------------------

def test_hideout_with_one_pile_takes_it_back_into_the_hand():
    state = table(["c2 bank c5"], ["customs"])
    assert sorted(state.hands[0]) == sorted(kinds("c3 raid customs robbery hideout"))
    play(state, "play hideout 1")
    assert piles(state, 0) == ["hideout"]
    assert sorted(state.hands[0]) == sorted(kinds("c2 c3 c5 bank raid customs robbery"))
    assert state.nuts == [0, 0], "a Hideout does nothing on top"


def test_hideout_with_one_pile_as_the_new_second_pile_takes_nothing():
    state = table(["c2 bank"], ["customs"])
    play(state, "play hideout 2")
    assert piles(state, 0) == ["c2 bank", "hideout"]
    assert sorted(state.hands[0]) == sorted(kinds("c3 c5 raid customs robbery"))


def test_hideout_with_two_piles_takes_back_the_pile_it_is_played_on():
    state = table(["c2", "bank raid c5"], ["customs"])
    play(state, "play hideout 2")
    assert piles(state, 0) == ["c2", "hideout"]
    assert sorted(state.hands[0]) == sorted(kinds("c3 bank raid c5 customs robbery"))
    assert state.nuts == [2, 0], "the other top card still acts"


def test_hideout_can_be_used_only_once():
    state = table(["c2", "bank"], ["customs"])
    play(state, "play hideout 2", "play robbery 1")
    assert state.to_move() == (0,) and HIDEOUT not in state.hands[0]
    assert all(a.card != HIDEOUT for a in state.legal_actions(0))


# ----- the rulebook's example ---------------------------------------------------------

def test_rulebook_example_four_turns_of_sergei():
    state = build({"decision": "first card", "start": "Sergei"}, ["Sergei", "Opponent"])
    state.apply(0, Start(C3))
    state.apply(1, Start(ROBBERY))
    assert state.nuts == [0, 0]
    # First turn: a Bank on a new pile, not covering the Contraband: 3 nuts.
    play(state, "play bank 2")
    assert piles(state, 0) == ["c3", "bank"] and state.nuts[0] == 3
    # The opponent's Robbery finds Sergei behind his Bank.
    play(state, "play c2 2")
    assert state.nuts == [3, 2]
    # Second turn: Police Raid on the Bank; the raid covers the Robbery
    # pile first (1 nut), then the Contraband gives 3 more.
    events: list[Event] = []
    play(state, "play raid 2", events=events)
    play(state, "raid 2 1", events=events)
    assert piles(state, 0) == ["c3", "bank raid"]
    assert piles(state, 1) == ["robbery c2"]
    texts = [e.text for e in events]
    raid = next(i for i, t in enumerate(texts) if "Police Raid puts" in t)
    gain = next(i for i, t in enumerate(texts) if "gains 3 nuts from Contraband 3" in t)
    assert raid < gain
    assert state.nuts[0] == 3 + 1 + 3 == 7
    # The opponent lays a Customs.
    play(state, "play customs 2")
    assert state.nuts == [7, 4]
    # Third turn: Contraband 5 brings 5 nuts, 2 of them to the Customs, then 3
    # for the old Contraband, which owes nothing.
    play(state, "play c5 2")
    assert state.nuts == [7 + 5 - 2 + 3, 6] == [13, 6]
    play(state, "play bank 1")
    # Fourth turn: the Hideout takes the right pile back; 3 nuts from the left.
    play(state, "play hideout 2")
    assert piles(state, 0) == ["c3", "hideout"]
    assert sorted(state.hands[0]) == sorted(kinds("c2 c5 bank raid customs robbery"))
    assert state.nuts[0] == 16


# ----- the end --------------------------------------------------------------------------

def _play_out(state, choose):
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, choose(state, seat))


def test_end_without_a_hideout_everyone_plays_seven_turns():
    state = new(3)
    for seat in range(3):
        state.apply(seat, Start(HIDEOUT))
    turns = Counter()

    def first_legal(st, seat):
        turns[seat] += 1
        return st.legal_actions(seat)[0]

    # Count only card plays.
    def choose(st, seat):
        legal = st.legal_actions(seat)
        if isinstance(legal[0], Play):
            return first_legal(st, seat)
        return legal[0]
    _play_out(state, choose)
    assert dict(turns) == {0: 7, 1: 7, 2: 7}
    assert all(h == [] for h in state.hands)


def test_end_when_the_turn_reaches_a_player_without_cards_their_top_cards_do_not_act():
    # Seat 0 has played every card; seats 1 and 2 hold one each.
    state = table(["c2 c3 raid customs robbery hideout c5", "bank"],
                  ["c3 c5 bank raid robbery hideout customs"],
                  ["c3 c5 bank raid hideout customs", "c2"], turn=1)
    assert state.hands == [[], kinds("c2"), kinds("robbery")]
    play(state, "play c2 2")
    play(state, "play robbery 1")
    assert state.is_over()
    assert state.nuts[0] == 0, "seat 0's Contraband does not act: the game ended"


def test_end_with_a_hideout_refill_the_game_goes_on_until_an_empty_hand_is_reached():
    # Seat 0 ran out; seat 1 still has a Hideout and refills from a pile.
    state = table(["c2 c3 raid customs robbery hideout c5", "bank"],
                  ["c2 c3", "c5 bank raid robbery customs"], turn=1)
    assert state.hands == [[], kinds("hideout")]
    play(state, "play hideout 1")
    assert state.is_over(), "the turn reaches seat 0, who has no cards"
    assert sorted(state.hands[1]) == sorted(kinds("c2 c3"))


def test_end_hideout_refill_lets_the_refilled_player_play_on_while_others_had_one_more_turn():
    # Three players. Seat 0 plays its last card; seats 1 and 2 take one more
    # turn each; seat 1 refills with its Hideout but the game still ends when
    # the turn comes back to seat 0.
    state = table(["c2 c3 bank customs robbery hideout c5"], ["c5 raid customs c2 c3 bank"],
                  ["c3 c5 bank raid robbery hideout customs"], turn=0)
    assert state.hands == [kinds("raid"), sorted(kinds("hideout robbery")), kinds("c2")]
    play(state, "play raid 2")
    assert not state.is_over() and state.to_move() == (1,)
    play(state, "play hideout 1")
    assert sorted(state.hands[1]) == sorted(kinds("c2 c3 c5 bank raid customs robbery"))
    play(state, "play c2 2")
    assert state.is_over(), "the turn passes to seat 0, who has no cards"
    assert state.hands[1], "seat 1's refilled hand does not keep the game going"


def test_end_most_nuts_wins():
    state = finished(["c2 c3 bank raid customs robbery hideout c5"],
                     ["c2 c3 c5 bank raid robbery hideout customs"], nuts=[10, 12])
    assert state.is_over() and state.result().winners == (1,)
    assert state.result().scores == (10, 12)


# A third player, out of cards, ended these games with fewer nuts.
EMPTY_HANDED = ["c2 c3 c5 bank raid customs robbery hideout"]


def test_end_tie_goes_to_the_highest_contraband_total_in_hand():
    state = finished(["c2 c5 raid customs robbery hideout bank"], ["c2 c3 bank raid hideout customs"],
                     EMPTY_HANDED, nuts=[10, 10, 4])
    assert state.hands[:2] == [kinds("c3"), sorted(kinds("c5 robbery"))]
    assert state.result().winners == (1,)
    assert "in hand" in state.result().summary


def test_end_tie_then_the_highest_contraband_total_on_top_of_piles():
    state = finished(["c2", "c3 raid customs robbery hideout bank"],
                     ["c5", "bank raid robbery hideout customs"], EMPTY_HANDED, nuts=[10, 10, 4])
    assert state.hands[:2] == [kinds("c5"), kinds("c2 c3")]
    assert state.result().winners == (1,)


def test_end_still_tied_the_win_is_shared():
    state = finished(["c2", "c5 bank raid customs robbery hideout"],
                     ["c2", "c5 bank raid customs robbery hideout"], EMPTY_HANDED, nuts=[10, 10, 4])
    assert state.hands[:2] == [kinds("c3"), kinds("c3")]
    assert state.result().winners == (0, 1)


def test_result_breakdown_explains_the_nuts():
    state = table(["raid"], ["customs"], ["c2", "c3"], nuts=[0, 0, 5])  # Contraband nuts
    play(state, "play c5 1")  # Contraband 5, Customs to seat 1; raid next turn...
    result = state.result()
    for s in range(3):
        assert sum(p for _, p in result.breakdown[s]) == state.nuts[s]
    assert ("Customs paid", -2) in result.breakdown[0]
    assert ("Customs received", 2) in result.breakdown[1]


# ----- privacy, notation, the sampler -----------------------------------------------------

def test_who_sees_what_your_hand_everyone_s_piles_nuts_and_hand_sizes():
    state = table(["c2 bank"], ["customs", "raid"], nuts=[3, 4])
    view = state.view(1)
    assert view["hand"] == ["c2.1", "c3.1", "c5.1", "bank.1", "robbery.1", "hideout.1"]
    assert view["piles"] == [[["c2.0", "bank.0"]], [["customs.1"], ["raid.1"]]]
    assert view["nuts"] == [3, 4] and view["hand_sizes"] == [6, 6]
    assert "c3.0" not in str(view)
    assert state.view(None)["hand"] is None


def test_notation_reads_back():
    for text in ("start bank", "play c5 2", "first 1", "pay 2=1 3=2", "raid 4 1"):
        assert str(parse_action(text)) == text
    for bad in ("play c5", "play nut 1", "first 3", "raid 2 3", "jump"):
        with pytest.raises(IllegalAction):
            SPEC.parse(bad)


def test_junk_actions_are_refused_and_change_nothing():
    state = table(["raid"], ["customs"], ["customs"], ["customs"])
    before = state.view(None)
    for junk in (None, "play c2 1", Play("c2", 0), Play(C2, True), Play(C2, 5), First(0),
                 Pay(((1, 1),)), Raid(1, 0)):
        with pytest.raises(IllegalAction):
            state.apply(0, junk)
    play(state, "play c2 1")
    mid = state.view(None)
    for junk in (Pay(((1, 2),)), Pay(((1, 1), (2, 1), (3, 1))), Pay(()), Play(C3, 0)):
        with pytest.raises(IllegalAction):
            state.apply(0, junk)
    assert state.view(None) == mid != before


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sampler_rebuilds_every_view_exactly(players):
    rng = random.Random(players)
    for seed in range(6):
        state = new(players, seed)
        while not state.is_over():
            for viewer in [None, *range(players)]:
                view = state.view(viewer)
                again = sample(view, rng)
                assert again.view(viewer) == view
                assert again.pieces() == state.pieces()
                assert sorted(again.to_move()) == sorted(state.to_move())
            seat = rng.choice(list(state.to_move()))
            state.apply(seat, rng.choice(list(state.legal_actions(seat))))


def test_sampler_redeals_a_hidden_first_card():
    state = new(2, 3)
    state.apply(1, Start(C5))
    seen = {sample(state.view(0), random.Random(i)).setup.own(1) for i in range(60)}
    assert len(seen) > 3 and set(seen) <= set(KINDS)


def test_copy_is_independent():
    state = table(["c2"], ["customs"])
    other = state.copy()
    play(other, "play c5 2")
    assert state.nuts == [0, 0] and state.piles[0] == [[C2]]
    assert other.piles[0] == [[C2], [C5]]
    assert other.to_move() == (1,) and state.to_move() == (0,)
    assert CUSTOMS in state.hands[0] and BANK in state.hands[0] and C3 in state.hands[0]


def test_police_raid_log_says_whose_piles_were_stacked_and_what_it_brought():
    state = table(["c2"], ["hideout", "bank"], names=["Kim", "Lee"])
    events: list[Event] = []
    play(state, "play raid 2", "raid 2 2", events=events)
    assert ("Kim's Police Raid puts Lee's Hideout pile on their Bank: Kim gains 2 nuts."
            in [e.text for e in events])
    assert all(e.public for e in events)


def test_hideout_log_names_the_pile_taken_back_which_everyone_had_seen():
    state = table(["c2 bank", "customs"], ["raid"], names=["Kim", "Lee"])
    events: list[Event] = []
    play(state, "play hideout 1", events=events)
    assert "Kim takes Contraband 2, Bank back into their hand." in [e.text for e in events]


def test_the_secret_first_card_is_logged_only_to_its_owner():
    state = build({"decision": "first card"}, ["Kim", "Lee"])
    events: list[Event] = []
    state.apply(0, Start(C5), events)
    private = [e for e in events if not e.public]
    assert [e.text for e in private] == ["You lay your Contraband 5 face down."]
    assert private[0].audience == frozenset({0})
    assert all("Contraband" not in e.text for e in events if e.public)


def test_every_prompt_fits_the_status_line_after_a_12_character_name():
    """The status line is 78 columns at 80x24: "<name>: <prompt>"."""
    prompts = {new(5).prompt(0)}  # the secret first card
    state = table(["c2"], ["customs"], ["customs"], ["customs"], ["customs"])
    prompts.add(state.prompt(0))  # one pile
    play(state, "play c5 2")
    assert decision_kind(state) == "customs"
    prompts.add(state.prompt(0))
    prompts.add(table(["c2", "bank"], ["c3"]).prompt(0))  # two piles
    state = table(["robbery"], ["c3", "c2"], nuts=[0, 9])
    play(state, "play raid 2")
    prompts.add(state.prompt(0))  # the order
    play(state, "first 1")
    prompts.add(state.prompt(0))  # the raid
    prompts.add(state.prompt(1))  # someone else's turn
    assert len(prompts) == 7
    for prompt in prompts:
        assert len("Benedictus-B: " + prompt) <= 78, prompt
