"""Blenders Tricks rules and our rulings (the game's rules.md), one test each."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tablegames.core.game import IllegalAction
from tablegames.games.blenders_tricks.vocab import (
    CARD_IDS, CLAIMS, DECK, ICONS, KEEP, PASSES, PLAYS, SPENDS, SUIT, SUIT_NAMES, WILDS, Claim, Pass, Phase, Play,
    Spend, card_id, parse_action,
)
from tests.games.blenders_tricks.helpers import build, history, new, play, playing

W, C, M = 0, 1, 2


def ids(*cards: int) -> list[str]:
    return [card_id(c) for c in cards]


# ----- the deck table

def test_deck_table_twelve_cards_and_24_icons_per_suit():
    for suit, name in enumerate(SUIT_NAMES):
        cards = [n for n in DECK if SUIT[n] == suit]
        assert len(cards) == 12, name
        assert sum(ICONS[n] for n in cards) == 24, name
    assert [n for n in DECK if SUIT[n] == W][:4] == [1, 4, 7, 13]
    assert [n for n in DECK if SUIT[n] == C][:4] == [2, 5, 8, 11]
    assert [n for n in DECK if SUIT[n] == M][:4] == [3, 6, 9, 12]


def test_wilds_are_10_20_30_40_with_no_suit_and_no_icons():
    assert WILDS == {10, 20, 30, 40}
    for n in WILDS:
        assert SUIT[n] not in (W, C, M)
        assert ICONS[n] == 0
    assert len(DECK) == 40


def test_cask_icons_by_last_digit_1_to_3_one_4_to_6_two_7_to_9_three():
    assert [ICONS[n] for n in (1, 2, 3, 4, 5, 6, 7, 8, 9)] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert [ICONS[n] for n in (21, 35, 39, 11)] == [1, 2, 3, 1]


# ----- the deal

@pytest.mark.parametrize("players, size, aside", [(3, 13, 1), (4, 10, 0), (5, 8, 0)])
def test_deal_by_player_count_with_the_three_player_aside_card(players, size, aside):
    state = new(players)
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.aside) == aside
    assert Counter(state.all_card_ids()) == Counter(ids(*DECK))


def test_the_aside_card_is_seen_by_nobody():
    state = new(3)
    (aside,) = state.aside
    for seat in (None, 0, 1, 2):
        assert card_id(aside) in state.secret_cards(seat)
        assert card_id(aside) not in json.dumps(state.view(seat))
    assert state.view(0)["aside"] == 1


def test_first_round_leader_is_random():
    leaders = {new(4, seed).leader for seed in range(40)}
    assert leaders == {0, 1, 2, 3}


# ----- the pass

def test_pass_nobody_sees_received_cards_before_everyone_has_chosen():
    state = new(3)
    assert state.phase is Phase.PASS and state.to_move() == (0, 1, 2)
    hands = [list(h) for h in state.hands]
    state.apply(0, PASSES[hands[0][0]][hands[0][1]])
    state.apply(1, PASSES[hands[1][0]][hands[1][1]])
    # Two have chosen: no card has moved, and the choices stay private.
    assert state.hands == hands
    for seat in range(3):
        view = state.view(seat)
        assert view["received"] == []
        assert view["passed"] == [True, True, False]
        assert sorted(view["hand"]) == sorted(ids(*hands[seat]))
    assert state.view(0)["my_pass"] == ids(hands[0][0], hands[0][1])
    assert state.view(2)["my_pass"] is None
    assert state.view(None)["my_pass"] is None
    assert state.to_move() == (2,)


def test_pass_delivers_left_and_right_together_and_conserves_cards():
    state = new(4)
    deck = Counter(state.all_card_ids())
    chosen = {s: (state.hands[s][0], state.hands[s][1]) for s in range(4)}
    for seat, (left, right) in chosen.items():
        state.apply(seat, PASSES[left][right])
    assert state.phase is Phase.PLAY
    for seat in range(4):
        from_right = chosen[(seat - 1) % 4][0]  # the right neighbour passes to their left
        from_left = chosen[(seat + 1) % 4][1]
        assert from_right in state.hands[seat] and from_left in state.hands[seat]
        assert sorted(state.view(seat)["received"]) == sorted(ids(from_right, from_left))
        assert len(state.hands[seat]) == 10
    assert Counter(state.all_card_ids()) == deck


def test_received_cards_are_marked_for_their_seat_only_until_its_first_card_of_the_round():
    state = new(4)
    chosen = {s: (state.hands[s][0], state.hands[s][1]) for s in range(4)}
    for seat, (left, right) in chosen.items():
        state.apply(seat, PASSES[left][right])
    leader = state.to_move()[0]
    got = sorted(state.view(leader)["received"])
    assert len(got) == 2
    assert state.view(None)["received"] == []
    assert all(state.view(s)["received"] != got for s in range(4) if s != leader)
    state.apply(leader, PLAYS[state.hands[leader][0]])
    assert state.view(leader)["received"] == [], "marked until its first card of the round"
    nxt = state.to_move()[0]
    assert len(state.view(nxt)["received"]) == 2, "not yet played: still marked"


def test_pass_two_different_cards_from_your_own_hand():
    state = new(3)
    a, b = state.hands[0][:2]
    foreign = state.hands[1][0]
    with pytest.raises(IllegalAction, match="two different cards"):
        state.apply(0, Pass(a, a))
    with pytest.raises(IllegalAction, match="do not hold"):
        state.apply(0, Pass(a, foreign))
    with pytest.raises(IllegalAction):
        state.apply(0, PLAYS[a])
    state.apply(0, Pass(a, b))
    with pytest.raises(IllegalAction):
        state.apply(0, Pass(a, b))  # once only


# ----- tricks

def test_must_follow_the_lead_suit_when_you_can():
    state = playing([[1, 6], [4, 2], [7, 8]])  # lead 1 is White Oak; seat 1 holds White 4
    play(state, 1)
    with pytest.raises(IllegalAction, match="White Oak"):
        state.apply(1, PLAYS[2])
    assert [a.card for a in state.legal_actions(1)] == [4]


def test_a_wild_may_always_be_played_even_when_you_could_follow():
    state = playing([[1, 6, 9], [4, 20, 2], [7, 8, 11]])
    play(state, 1)
    assert sorted(a.card for a in state.legal_actions(1)) == [4, 20]
    state.apply(1, PLAYS[20])


def test_your_view_lists_the_cards_you_may_play_following_suit_and_only_while_your_card_is_due():
    state = playing([[1, 6, 9], [4, 20, 2], [7, 8, 11]])
    assert state.view(0)["playable"] == [CARD_IDS[c] for c in (1, 6, 9)]  # the leader: any card
    play(state, 1)
    assert state.view(1)["playable"] == [CARD_IDS[4], CARD_IDS[20]]  # White Oak or the wild, not 2
    assert state.view(0)["playable"] == [] and state.view(2)["playable"] == []  # not their card
    assert state.view(None)["playable"] == []


def test_without_the_lead_suit_any_card_may_be_played():
    state = playing([[1, 6], [2, 3], [7, 8]])
    play(state, 1)
    assert sorted(a.card for a in state.legal_actions(1)) == [2, 3]
    state.apply(1, PLAYS[3])


def test_a_wild_lead_lets_the_next_player_play_anything():
    state = playing([[10, 1], [2, 4], [7, 5]])
    play(state, 10)
    assert state.view(1)["lead_suit"] is None
    assert sorted(a.card for a in state.legal_actions(1)) == [2, 4]


def test_after_a_wild_lead_the_first_non_wild_card_sets_the_lead_suit():
    state = playing([[10, 1], [20, 3], [2, 6], [5, 4]])
    play(state, 10, 20)  # two wilds: still no lead suit
    assert state.view(2)["lead_suit"] is None
    play(state, 2)  # Common Oak
    assert state.view(3)["lead_suit"] == C
    assert [a.card for a in state.legal_actions(3)] == [5]


def test_highest_number_wins_regardless_of_suit():
    state = playing([[1, 6], [3, 9], [39, 8]])
    play(state, 1, 3, 39)  # White lead; 39 is Mizunara, still the highest
    assert state.to_move() == (2,)
    assert state.phase is Phase.CLAIM
    assert state.view(0)["winning"] == 2


def test_winner_claims_own_card_plus_one_other_of_their_choice():
    state = playing([[1, 6], [3, 9], [39, 8]])
    play(state, 1, 3, 39)
    assert sorted(a.card for a in state.legal_actions(2)) == [1, 3]
    with pytest.raises(IllegalAction, match="Claim one"):
        state.apply(2, CLAIMS[39])
    state.apply(2, CLAIMS[3])
    assert state.claimed[2] == [39, 3]
    assert 1 in state.discard


def test_with_a_single_other_non_wild_card_the_claim_is_taken_at_once():
    state = playing([[5, 6], [20, 9], [8, 11]])
    play(state, 5, 20)  # a wild: the lead stays Common Oak
    play(state, 8)
    # 20 wins with a wild: every non-wild card (5 and 8).
    assert state.claimed[1] == [5, 8]
    state = playing([[5, 6], [30, 9], [38, 11]])
    play(state, 5, 30, 38)  # 38 wins; the only other non-wild card is 5
    assert state.phase is Phase.PLAY
    assert state.claimed[2] == [38, 5]


def test_several_wilds_in_a_trick_a_non_wild_winner_claims_only_its_own_card():
    state = playing([[10, 1], [39, 2], [20, 3], [30, 4]])
    play(state, 10, 39, 20, 30)
    assert state.claimed[1] == [39]
    assert sorted(state.discard[-3:]) == [10, 20, 30]


def test_a_wild_winner_claims_every_non_wild_card():
    state = playing([[7, 1], [40, 2], [8, 3], [20, 4]])
    play(state, 7, 40, 8, 20)
    assert state.claimed[1] == [7, 8]


def test_a_trick_of_wilds_only_gives_its_winner_nothing():
    state = playing([[10, 1], [20, 2], [30, 3], [40, 4]])
    play(state, 10, 20, 30, 40)
    assert state.claimed == [[], [], [], []]
    assert state.to_move() == (3,), "the winner leads next"


def test_wilds_are_never_claimed():
    state = playing([[7, 1], [40, 2], [30, 3], [20, 4]])
    play(state, 7, 40, 30, 20)
    assert state.claimed[1] == [7]


def test_unclaimed_cards_are_discarded_unseen_after_the_next_trick():
    state = playing([[1, 6, 16], [3, 9, 15], [39, 8, 17]])
    play(state, 1, 3, 39)
    state.apply(2, CLAIMS[3])
    view = state.view(0)
    # The last trick stays on view until the next one is played...
    assert view["last_trick"]["plays"] == [[0, "S1"], [1, "S3"], [2, "S39"]]
    assert card_id(1) not in state.secret_cards(0)
    play(state, 8, 6, 9)  # 2 leads Common Oak 8; the others have none: 9 wins
    assert '"S1"' in json.dumps(state.view(0)), "still the last trick while 9 claims"
    state.apply(1, CLAIMS[8])
    assert '"S1"' not in json.dumps(state.view(0))
    assert card_id(1) in state.secret_cards(0)
    assert state.view(0)["discards"] == state.view(1)["discards"]


def test_the_trick_winner_leads_the_next_trick():
    state = playing([[1, 6], [3, 9], [39, 8]])
    play(state, 1, 3, 39)
    state.apply(2, CLAIMS[1])
    assert state.to_move() == (2,)
    assert state.view(0)["leader"] == 2


# ----- round end

def round_end(claimed: list[list[int]], last: list[list[int]], leader: int = 0, tokens=None,
              round: int = 1, **fields) -> "object":
    """Players hold their last cards ``last`` (one each); ``claimed`` is
    what each has claimed this round so far."""
    more = {} if tokens is None else {"tokens": list(tokens)}
    return playing(last, leader=leader, round=round, claimed=claimed, **more, **fields)


def test_barley_token_goes_to_the_most_cards_claimed():
    state = round_end([[1, 4, 7], [2], []], [[13], [5], [9]])
    play(state, 13, 5, 9)  # 13 wins, takes 13 and a claim choice
    state.apply(0, CLAIMS[5])
    assert state.tokens == [1, 0, 0]
    assert state.supply == 2


def test_barley_token_tie_goes_to_the_higher_card_in_the_last_trick():
    # P0 and P1 both claimed 3 cards; P2 takes the last trick with a wild
    # (2 cards). P0 played 7 in that trick, P1 only 5: P0 earns the token.
    state = round_end([[1, 4, 13], [2, 8, 11], []], [[7], [5], [40]])
    play(state, 7, 5, 40)
    assert state.claimed[2] == [7, 5]
    assert state.tokens == [1, 0, 0]


def test_scoring_adds_each_suits_icons_to_the_three_totals():
    state = round_end([[1, 4, 13], [2, 3], []], [[7], [5], [40]], tokens=[0, 0, 0])
    # Token to P0 (3 cards) who may spend it now: keep it.
    play(state, 7, 5, 40)
    assert state.phase is Phase.SPEND and state.to_move() == (0,)
    state.apply(0, KEEP)
    assert state.totals[0] == [1 + 2 + 1, 0, 0]
    assert state.totals[1] == [0, 1, 1]
    assert state.totals[2] == [3, 2, 0]
    assert state.tokens == [1, 0, 0]


def test_spending_a_token_ignores_one_card_claimed_this_round():
    state = round_end([[1, 4, 13], [2, 3], []], [[7], [5], [40]])
    play(state, 7, 5, 40)
    assert [str(a) for a in state.legal_actions(0)] == ["keep", "spend 1", "spend 4", "spend 13"]
    state.apply(0, SPENDS[4])
    assert state.totals[0] == [1 + 1, 0, 0]
    assert state.tokens == [0, 0, 0] and state.supply == 3
    assert state.rounds[0].ignored == ((4,), (), ())


@pytest.mark.parametrize("spent", [2, 1, 0])
def test_each_barley_token_is_spent_on_its_own_a_holder_of_two_may_spend_both_one_or_none(spent):
    # P0 holds a token from an earlier round and earns a second one now
    # (3 cards claimed plus the 7 of the last trick).
    state = round_end([[1, 4, 13], [2, 3], []], [[7], [5], [40]], tokens=[1, 0, 0], round=2)
    play(state, 7, 5, 40)
    assert state.tokens == [2, 0, 0] and state.to_move() == (0,)
    assert "2 barley tokens" in state.prompt(0) and len(state.prompt(0)) <= 64
    for card in (4, 13)[:spent]:
        assert SPENDS[card] in state.legal_actions(0)
        state.apply(0, SPENDS[card])
    if spent < 2:
        assert state.phase is Phase.SPEND and state.to_move() == (0,), "the next token is its own choice"
        assert SPENDS[4] not in state.legal_actions(0) or spent == 0, "a card is ignored once"
        state.apply(0, KEEP)
    ignored = {1: 2, 4: 2, 13: 1}  # icons of the ignored cards (all White)
    assert state.totals[0] == [1 + 2 + 1 - sum(ignored[c] for c in (4, 13)[:spent]), 0, 0]
    assert state.tokens[0] == 2 - spent and state.supply == 1 + spent
    assert state.rounds[-1].ignored[0] == (4, 13)[:spent]
    assert state.round == 3 and state.phase is Phase.PASS


def test_spending_a_token_in_a_later_round():
    # P1 earned a token in an earlier round and kept it; in round 2 P0 earns
    # the new token, and P1 may still spend the old one now.
    state = round_end([[1, 4, 13], [2, 38], []], [[7], [5], [40]], tokens=[0, 1, 0], round=2,
                      totals=[[5, 5, 5], [4, 4, 4], [3, 3, 3]])
    play(state, 7, 5, 40)
    assert state.tokens == [1, 1, 0]
    assert [d.seat for d in state.decisions] == [0, 1], "the earner first, then to the left"
    state.apply(0, KEEP)
    assert state.to_move() == (1,)
    state.apply(1, SPENDS[38])
    assert state.totals[1] == [4, 4 + 1, 4]  # only 2 counts
    assert state.tokens == [1, 0, 0] and state.supply == 2
    assert state.round == 3


def test_no_token_decision_for_a_holder_who_claimed_nothing():
    state = round_end([[1, 4, 13], [], []], [[7], [5], [40]], tokens=[0, 1, 0], round=2)
    play(state, 7, 5, 40)
    assert [d.seat for d in state.decisions] == [0]


def test_the_token_earner_leads_the_next_round():
    state = round_end([[1], [2, 8, 11], []], [[7], [5], [40]], leader=0)
    play(state, 7, 5, 40)
    state.apply(1, KEEP)
    assert state.round == 2 and state.phase is Phase.PASS
    assert state.view(0)["leader"] == 1
    for seat in range(3):
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.to_move() == (1,)


# ----- the end

def finished(totals: list[list[int]]):
    n = len(totals)
    return build({"decision": "over", "round": 3, "leader": "P0", "hands": [[] for _ in range(n)],
                  **history(3, n, totals)}, n)


def test_smallest_spread_wins():
    result = finished([[10, 14, 12], [9, 10, 11], [20, 30, 25]]).result()
    assert result.scores == (4, 2, 10)
    assert result.winners == (1,)
    assert sum(v for _, v in result.breakdown[0]) == 4
    assert "10/14/12" in result.summary


def test_the_results_show_the_spread_and_the_lowest_suit_as_the_positive_numbers_they_are():
    result = finished([[30, 21, 25], [9, 10, 11], [4, 4, 4]]).result()
    assert result.breakdown[0] == (("W 30  C 21  M 25: highest 30 minus lowest 21", 9),)
    assert result.breakdown[2] == (("W 4  C 4  M 4: highest 4 minus lowest 4", 0),)
    for seat, lines in enumerate(result.breakdown):
        assert all(points >= 0 for _, points in lines)
        assert sum(points for _, points in lines) == result.scores[seat]


def test_spread_tie_goes_to_the_higher_lowest_suit():
    assert finished([[10, 12, 11], [20, 22, 21], [0, 9, 9]]).result().winners == (1,)


def test_still_tied_the_win_is_shared():
    assert finished([[10, 12, 11], [12, 10, 10], [0, 9, 9]]).result().winners == (0, 1)


def test_the_game_lasts_three_rounds():
    import random

    state = new(4, seed=5)
    rng = random.Random(5)
    rounds_seen = set()
    while not state.is_over():
        rounds_seen.add(state.round)
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert rounds_seen == {1, 2, 3}
    assert len(state.rounds) == 3
    assert sum(state.tokens) + state.supply == 3


# ----- actions, views and bad input

def test_notation_parses_back():
    for action in (Pass(3, 40), Play(17), Claim(5), Spend(9), KEEP):
        assert parse_action(str(action)) == action
    for junk in ("pass 3", "play 41", "claim", "spend 0", "hello"):
        with pytest.raises((ValueError, IndexError)):
            parse_action(junk)


def test_illegal_actions_leave_the_state_unchanged():
    state = playing([[1, 6], [4, 2], [7, 9]])
    play(state, 1)
    before = [state.view(s) for s in (None, 0, 1, 2)]
    for seat, action in [(1, PLAYS[2]), (1, PLAYS[7]), (1, Play("x")), (1, Play(True)),
                         (1, CLAIMS[1]), (1, "play 4"), (0, PLAYS[6]), (99, PLAYS[4]), (None, PLAYS[4])]:
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
    assert [state.view(s) for s in (None, 0, 1, 2)] == before


def test_view_shows_own_hand_claimed_cards_totals_tokens_and_hand_sizes_only():
    state = playing([[1, 6], [3, 9], [39, 8]])
    play(state, 1, 3, 39)
    state.apply(2, CLAIMS[3])
    view = state.view(0)
    assert view["hand"] == ids(6)
    assert view["hand_sizes"] == [1, 1, 1]
    assert view["claimed"] == [[], [], ids(39, 3)]
    assert view["totals"] == [[0, 0, 0]] * 3 and view["tokens"] == [0, 0, 0]
    text = json.dumps(view)
    assert "S9" not in text and "S8" not in text
    assert state.view(None)["hand"] is None


@pytest.mark.parametrize("players", [3, 5])
def test_every_prompt_fits_the_status_line_at_80_columns_with_twelve_character_names(players):
    # The status line is "Name: prompt" in 78 columns: a prompt has 64.
    import random

    from tablegames.games.blenders_tricks.rules import new_state

    names = [f"Player-{i}abcd" for i in range(players)]
    assert all(len(name) == 12 for name in names)
    rng = random.Random(players)
    for seed in range(3):
        state = new_state(names, {}, seed)
        while not state.is_over():
            seat = state.to_move()[0]
            assert len(state.prompt(seat)) <= 64, state.prompt(seat)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
