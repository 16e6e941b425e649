"""Blasting Billy: the rules and the rulings on its rules page (rules.md), one test each."""

import json
import random
from collections import Counter

import pytest

from tablegames.core.game import IllegalAction
from tablegames.games.blasting_billy.spec import SPEC
from tablegames.games.blasting_billy.rules import blast, score_table
from tablegames.games.blasting_billy.sampler import sample
from tablegames.games.blasting_billy.vocab import (
    CARD_ID, DECK_SIZE, REMOVED, TYPE_LETTERS, Play, Where, card_from_id, parse_action,
)
from tests.games.blasting_billy.helpers import cards, column_set, ids, position

G, B, C, J, D = range(5)


def seen_by_all(state):
    return json.dumps([state.view(v) for v in [None, *range(state.n)]], sort_keys=True)


def play(state, seat, text):
    state.apply(seat, parse_action(text), [])


def reveal_of(loot, billy):
    """score_table from {"G": "G3 G7"} dicts."""
    return score_table([column_set(s) for s in loot], column_set(billy))


# ----- the deck and setup --------------------------------------------------------------

def test_deck_has_five_types_each_valued_0_to_10_plus_one_dynamite():
    assert len(set(CARD_ID)) == DECK_SIZE == 60
    for letter in TYPE_LETTERS:
        of_type = {c for c in CARD_ID if c[0] == letter}
        assert of_type == {f"{letter}{v}" for v in range(11)} | {f"{letter}X"}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_removes_cards_unseen_by_player_count_and_deals_three_each(players):
    state = SPEC.new_game([f"P{i}" for i in range(players)], {}, 5)
    assert len(state.removed) == REMOVED[players] == {2: 12, 3: 6, 4: 0, 5: 0}[players]
    assert all(len(h) == 3 for h in state.hands)
    assert len(state.deck) == 60 - REMOVED[players] - 3 * players
    assert state.view(0)["draw"] == len(state.deck)


def test_removed_cards_show_their_types_to_everyone_but_not_their_values():
    state = SPEC.new_game(["A", "B"], {}, 3)
    by_type = Counter(c // 12 for c in state.removed)
    for viewer in (None, 0, 1):
        view = state.view(viewer)
        assert view["removed"] == [by_type[t] for t in range(5)]
        assert not {CARD_ID[c] for c in state.removed} & set(json.dumps(view).replace('"', " ").split())


def test_start_player_is_random():
    starts = {SPEC.new_game(["A", "B", "C"], {}, seed).turn for seed in range(40)}
    assert starts == {0, 1, 2}


def test_your_hand_shows_its_values_to_you_and_only_its_types_to_the_others():
    state = position(3, hands=["G7 B2 JX", "C3 C4 D9", "D1 D2 D3"], deck="G1 G2 G3")
    mine = state.view(0)
    assert mine["hand"] == ["G7", "B2", "JX"]
    other = state.view(1)
    assert other["hand_types"][0] == ["G?", "B?", "J?"]
    assert "G7" not in json.dumps(other) and "JX" not in json.dumps(other)
    assert state.view(None)["hand"] is None


# ----- a turn ------------------------------------------------------------------------------

def test_give_to_billy_puts_the_card_face_down_in_his_column_of_its_type():
    state = position(3, hands=["G7 B2 JX", "C3 C4 D9", "D1 D2 D3"], deck="G1 G2 G3")
    play(state, 0, "billy G7")
    assert state.billy[G] == cards("G7")
    for viewer in (None, 0, 1, 2):
        assert state.view(viewer)["billy"][G] == ["G?"]  # not even the giver sees it


def test_claim_puts_the_first_card_of_a_type_face_down_and_later_ones_face_up():
    state = position(2, hands=["G7 G2 JX", "C3 C4 D9"], deck="G1 G3 C0 G4")
    play(state, 0, "claim G7")
    play(state, 1, "dump C3")
    play(state, 0, "claim G2")
    assert state.loot[0][G] == cards("G7 G2")
    assert state.view(0)["loot"][0][G] == ["G7", "G2"]  # your own loot: everything
    assert state.view(1)["loot"][0][G] == ["G?", "G2"]  # others: first face down
    assert state.view(None)["loot"][0][G] == ["G?", "G2"]


def test_dump_puts_the_card_in_the_box_showing_only_its_type():
    state = position(2, hands=["G7 G2 JX", "C3 C4 D9"])
    play(state, 0, "dump JX")
    assert cards("JX")[0] in state.box
    view = state.view(1)
    assert view["box"] == [0, 0, 0, 1, 0]
    assert "JX" not in json.dumps(view)


def test_after_playing_you_draw_one_card_and_the_next_player_clockwise_moves():
    state = position(3, hands=["G7 G2 JX", "C3 C4 D9", "D1 D2 D3"], deck="B1 B2 B3", turn=2)
    play(state, 2, "billy D1")
    assert state.hands[2] == cards("D2 D3 B3")
    assert state.to_move() == (0,)
    assert state.view(0)["draw"] == 2


def test_columns_keep_the_order_cards_were_played_in():
    state = position(2, hands=["G7 G2 G5", "C3 C4 D9"], deck="B1 B2 B3 B4")
    play(state, 0, "claim G5")
    play(state, 1, "dump C3")
    play(state, 0, "claim G7")
    play(state, 1, "dump C4")
    play(state, 0, "claim G2")
    assert state.view(0)["loot"][0][G] == ["G5", "G7", "G2"]


def test_every_action_names_a_card_in_your_hand_and_a_place():
    state = position(2, hands=["G7 G2 JX", "C3 C4 D9"], deck="B1 B2")
    legal = state.legal_actions(0)
    assert len(legal) == 9
    assert {str(a) for a in legal} >= {"billy G7", "claim JX", "dump G2"}
    assert state.legal_actions(1) == []


# ----- the end -----------------------------------------------------------------------------

def test_final_round_exactly_one_more_turn_each_no_draws_drawer_last_then_two_discards():
    state = position(3, hands=["G7 G2 JX", "C3 C4 D9", "D1 D2 D3"], deck="B1 B2", turn=0)
    boxed = len(state.box)  # the cards dumped before
    play(state, 0, "dump G7")  # draws B2
    play(state, 1, "dump C3")  # draws B1, the last card: final round, P2 last
    assert state.view(0)["final_left"] == 3 and state.view(0)["last_drawer"] == 1
    assert state.prompt(2).startswith("last turn, no draw")
    order = []
    for _ in range(3):
        seat = state.to_move()[0]
        order.append(seat)
        size = len(state.hands[seat])
        play(state, seat, f"billy {CARD_ID[state.hands[seat][0]]}")
        if not state.is_over():
            assert len(state.hands[seat]) == size - 1 == 2  # no draw
    assert order == [2, 0, 1]
    assert state.is_over()
    assert all(h == [] for h in state.hands)
    # Each player's last two cards went into the box: 2 dumps + 3 x 2.
    assert len(state.box) == boxed + 2 + 6
    assert sum(state.view(0)["box"]) == boxed + 8


def test_the_final_round_starts_after_the_last_draw_even_at_the_end_of_a_lap():
    state = position(2, hands=["G7 G2 JX", "C3 C4 D9"], deck="B1", turn=1)
    play(state, 1, "dump C3")  # P2 draws the last card
    assert state.to_move() == (0,)
    play(state, 0, "dump G7")
    assert state.to_move() == (1,)
    play(state, 1, "dump C4")
    assert state.is_over()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_whole_game_has_one_play_per_card_except_the_two_each_left(players):
    state = SPEC.new_game([f"P{i}" for i in range(players)], {}, 11)
    rng = random.Random(2)
    moves = 0
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        moves += 1
    assert moves == 60 - REMOVED[players] - 2 * players


# ----- the reveal --------------------------------------------------------------------------

def test_rulebook_dynamite_example_column_of_four_loses_the_10_and_totals_7():
    # Billy's jewelry: 3, 4, 10, then the dynamite: 17 without the blast.
    column = blast(cards("J3 J4 J10 JX"))
    assert len(column["cards"]) - len(column["blasted"]) == 2
    assert column["total"] == 7
    assert [column["cards"][i] for i in column["blasted"]] == ["J10", "JX"]


def test_dynamite_removes_only_the_card_just_before_it_not_later_ones():
    column = blast(cards("G5 G8 GX G9"))
    assert column["total"] == 5 + 9


def test_dynamite_first_in_its_column_removes_only_itself():
    column = blast(cards("CX C6 C2"))
    assert column["blasted"] == [0]
    assert column["total"] == 8


def test_dynamite_works_in_players_columns_and_in_billys():
    reveal = reveal_of([{"G": "G9 GX G3"}], {"G": "G4 G10 GX"})
    assert reveal["seats"][0]["columns"][G]["total"] == 3
    assert reveal["billy"][G]["total"] == 4
    assert not reveal["seats"][0]["shot"][G]


def test_your_view_gives_your_columns_totals_after_the_dynamite_and_what_a_claim_would_make_them():
    state = position(2, hands=["G7 JX B2", "C3 C4 D9"], deck="B1 B3",
                     loot=[{"G": "G5 G8 GX G9", "J": "J3 J10"}, {"C": "C6 C2"}])
    mine = state.view(0)
    assert mine["totals"] == [5 + 9, 0, 0, 3 + 10, 0]
    # G7 after the dynamite counts; JX blasts the J10 before it; B2 opens banknotes.
    assert mine["claim_totals"] == [5 + 9 + 7, 3, 2]
    # The others' columns are theirs alone: the public table has none.
    assert state.view(None)["totals"] is None and state.view(None)["claim_totals"] is None
    assert state.view(1)["totals"] == [0, 0, 8, 0, 0]


def test_tie_with_billy_is_safe():
    reveal = reveal_of([{"G": "G3 G4"}, {"G": "G1"}], {"G": "G7"})
    assert reveal["seats"][0]["shot"] == [False] * 5
    assert not reveal["seats"][0]["eliminated"]
    assert reveal["winners"] == [0]


def test_exceeding_billy_by_one_in_one_type_eliminates():
    reveal = reveal_of([{"G": "G3 G5", "B": "B10"}, {"C": "C1"}], {"G": "G7", "B": "B10", "C": "C2"})
    first = reveal["seats"][0]
    assert first["shot"] == [True, False, False, False, False]
    assert first["eliminated"]
    assert first["score"] == 10  # the shot gold no longer counts
    assert reveal["winners"] == [1]  # 1 point, but the only survivor


def test_no_cards_of_a_type_is_safe_even_when_billy_has_none():
    reveal = reveal_of([{"G": "G0"}, {}], {})
    assert reveal["seats"][1]["shot"] == [False] * 5
    assert reveal["seats"][0]["shot"] == [False] * 5  # 0 vs 0 is a tie


def test_survivors_highest_total_wins():
    reveal = reveal_of([{"G": "G5"}, {"G": "G6"}, {"G": "G4", "B": "B3"}], {"G": "G10 G9", "B": "B3"})
    assert reveal["winners"] == [2]
    assert reveal["decided_by"] == "total"


def test_survivors_tie_fewest_cards_wins():
    reveal = reveal_of([{"G": "G5 G2"}, {"G": "G7"}], {"G": "G10 G9"})
    assert reveal["winners"] == [1]
    assert reveal["decided_by"] == "fewest cards"


def test_fewest_cards_counts_what_is_left_after_the_dynamite():
    # P1: G9, G1, GX -> G9 left (1 card). P2: B4 B5 -> 2 cards. Both total 9.
    reveal = reveal_of([{"G": "G9 G1 GX"}, {"B": "B4 B5"}], {"G": "G10", "B": "B10"})
    assert reveal["winners"] == [0]


def test_survivors_tie_on_total_and_cards_share_the_win():
    reveal = reveal_of([{"G": "G5"}, {"B": "B5"}], {"G": "G10", "B": "B10"})
    assert reveal["winners"] == [0, 1]
    assert reveal["decided_by"] == "shared"


def test_eliminated_players_cannot_win_while_someone_survives():
    reveal = reveal_of([{"G": "G10 G9"}, {"B": "B1"}], {"G": "G8", "B": "B1"})
    assert reveal["winners"] == [1]


def test_all_shot_face_up_totals_decide():
    # Both shot in gold; P1 keeps 6 face up in banknotes, P2 4 in coins.
    reveal = reveal_of([{"G": "G9", "B": "B6"}, {"G": "G10", "C": "C4"}],
                       {"G": "G1", "B": "B6", "C": "C4"})
    assert reveal["all_shot"]
    assert reveal["winners"] == [0]
    assert reveal["decided_by"] == "face-up total"


def test_all_shot_tie_fewest_face_up_cards_wins():
    reveal = reveal_of([{"G": "G9", "B": "B6"}, {"G": "G10", "C": "C4 C2"}],
                       {"G": "G1", "B": "B6", "C": "C6"})
    assert reveal["winners"] == [0]
    assert reveal["decided_by"] == "fewest face-up cards"


def test_all_shot_then_fewest_face_down_cards_wins():
    reveal = reveal_of([{"G": "G9 G8", "B": "B6"}, {"G": "G10", "C": "C6"}],
                       {"G": "G1", "B": "B6", "C": "C6"})
    assert reveal["winners"] == [1]
    assert reveal["decided_by"] == "fewest face-down cards"


def test_all_shot_full_tie_is_shared():
    reveal = reveal_of([{"G": "G9", "B": "B6"}, {"G": "G10", "C": "C6"}],
                       {"G": "G1", "B": "B6", "C": "C6"})
    assert reveal["winners"] == [0, 1]
    assert reveal["decided_by"] == "shared"


def test_billy_wins_when_nobody_scored():
    reveal = reveal_of([{"G": "G9"}, {"B": "B3"}], {"G": "G1", "B": "B2"})
    assert reveal["all_shot"]
    assert reveal["billy_wins"] and reveal["winners"] == []


def test_billy_wins_when_the_survivors_have_no_points():
    reveal = reveal_of([{"G": "G9"}, {"B": "B0"}], {"G": "G1", "B": "B2"})
    assert not reveal["all_shot"]
    assert reveal["billy_wins"] and reveal["winners"] == []


def _finished(loot, billy):
    """A finished 2-player game with these columns (everything else removed
    or in the box): the final round, then both play their last turn."""
    state = position(2, hands=["J0 J1 J2", "J3 J4 J5"], deck="", loot=loot, billy=billy)
    assert state.view(0)["final_left"] == 2 and state.view(0)["last_drawer"] == 1
    play(state, 0, "dump J0")
    play(state, 1, "dump J3")
    assert state.is_over()
    return state


def test_result_names_billy_as_the_winner_who_is_no_seat():
    result = _finished([{"G": "G9"}, {"D": "D3"}], {"G": "G2", "D": "D2"}).result()
    assert result.winners == ()
    assert result.other_winner == "Billy"
    assert result.eliminated == (0, 1)  # all were shot: both are eliminated


def test_no_player_scored_means_no_points_that_count_so_billy_wins_and_every_shot_player_is_eliminated():
    # Some survive with 0: Billy wins, whatever the shot player had face up.
    survivors_empty = _finished([{"G": "G9", "B": "B7"}, {"C": "C0"}], {"G": "G2", "B": "B3 B4"}).result()
    assert survivors_empty.scores == (7, 0)
    assert survivors_empty.other_winner == "Billy" and survivors_empty.winners == ()
    assert survivors_empty.eliminated == (0,)
    # Everyone shot, no face-up point left: Billy wins and both are eliminated.
    all_shot = _finished([{"G": "G9"}, {"D": "D3", "C": "C0"}], {"G": "G2", "D": "D2"}).result()
    assert all_shot.other_winner == "Billy" and all_shot.winners == ()
    assert all_shot.eliminated == (0, 1)


def test_when_everyone_is_shot_the_face_up_winner_wins_and_every_other_shot_player_is_eliminated():
    result = _finished([{"G": "G9", "B": "B6"}, {"G": "G10", "C": "C4"}],
                       {"G": "G1", "B": "B2 B4", "C": "C1 C3"}).result()
    assert result.winners == (0,) and result.other_winner == ""
    assert result.eliminated == (1,)


def test_result_lists_the_shot_players_as_eliminated_while_someone_survives():
    result = _finished([{"G": "G9"}, {"D": "D1"}], {"G": "G2", "D": "D2"}).result()
    assert result.winners == (1,)
    assert result.eliminated == (0,)


def test_result_breakdown_shows_each_type_against_billy_and_why():
    result = _finished([{"G": "G9", "D": "D1 D3"}, {"D": "D5"}], {"G": "G10", "D": "D4"}).result()
    assert result.winners == (0,)
    assert result.eliminated == (1,)
    assert result.breakdown[0] == (("Gold 9 vs Billy 10: safe", 9), ("Banknotes 0 vs Billy 0: safe", 0),
                                   ("Coins 0 vs Billy 0: safe", 0), ("Jewelry 0 vs Billy 0: safe", 0),
                                   ("Diamonds 4 vs Billy 4: safe", 4))
    assert result.breakdown[1][0] == ("Gold 0 vs Billy 10: safe", 0)
    assert result.breakdown[1][4] == ("Diamonds 5 vs Billy 4: shot", 0)
    assert result.scores == (13, 0)


def test_the_reveal_shows_every_column_to_everyone_at_the_end():
    state = _finished([{"G": "G9 G4"}, {"D": "D3"}], {"G": "G10 G5", "D": "D2"})
    for viewer in (None, 0, 1):
        view = state.view(viewer)
        assert view["billy"][G] == ["G10", "G5"]
        assert view["loot"][0][G] == ["G9", "G4"]
        assert view["reveal"]["billy"][G]["total"] == 15


# ----- bad input -----------------------------------------------------------------------------

def test_playing_a_card_not_in_your_hand_is_refused_and_changes_nothing():
    state = position(2, hands=["G7 G2 JX", "C3 C4 D9"], deck="B1 B2")
    before = seen_by_all(state)
    with pytest.raises(IllegalAction, match="not in your hand"):
        play(state, 0, "claim C3")
    assert seen_by_all(state) == before


def test_playing_out_of_turn_is_refused():
    state = position(2, hands=["G7 G2 JX", "C3 C4 D9"], deck="B1 B2")
    with pytest.raises(IllegalAction):
        play(state, 1, "claim C3")


@pytest.mark.parametrize("junk", [None, "claim G7", Play("grab", 7), Play(None, 7),
                                  Play(Where.CLAIM, "G7"), Play(Where.CLAIM, True),
                                  Play(Where.CLAIM, 99), Play(Where.CLAIM, (1,))])
def test_malformed_actions_are_refused_with_a_message(junk):
    state = position(2, hands=["G7 G2 JX", "C3 C4 D9"], deck="B1 B2")
    before = seen_by_all(state)
    with pytest.raises(IllegalAction):
        state.apply(0, junk)
    assert seen_by_all(state) == before


def test_no_move_after_the_game_is_over():
    state = _finished([{"G": "G9"}, {}], {"G": "G10"})
    with pytest.raises(IllegalAction):
        state.apply(0, Play(Where.DUMP, card_from_id("B5")))


def test_a_plain_word_for_the_place_is_the_same_action():
    state = position(2, hands=["G7 G2 JX", "C3 C4 D9"], deck="B1 B2")
    state.apply(0, Play("claim", card_from_id("G7")))
    assert state.loot[0][G] == cards("G7")


@pytest.mark.parametrize("text", ["billy G7", "claim JX", "dump D10", "Claim g0"])
def test_notation_parses_back(text):
    action = parse_action(text)
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["give G7", "claim", "claim G11", "claim Q3", "billy G7 G8"])
def test_bad_notation_is_a_one_line_error(text):
    with pytest.raises(IllegalAction, match="Not a move"):
        SPEC.parse(text)


# ----- who sees what -------------------------------------------------------------------------

def test_the_log_names_no_hidden_value():
    state = position(2, hands=["G7 G2 JX", "C3 C4 D9"], deck="B1 B9 B2 B3")
    events = []
    state.apply(0, parse_action("billy G7"), events)
    state.apply(1, parse_action("claim C3"), events)
    state.apply(0, parse_action("dump G2"), events)
    public = [e.text for e in events if e.audience is None]
    assert public == ["P1 gives Billy a gold card.", "P2 claims a coins card face down.",
                      "P1 dumps a gold card in the box."]
    private = [e for e in events if e.audience is not None]
    assert all(len(e.audience) == 1 for e in private)  # the drawer's own draw


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_views_hide_others_hands_billys_loot_and_others_first_cards_until_the_reveal(players):
    state = SPEC.new_game([f"P{i}" for i in range(players)], {}, 21)
    rng = random.Random(players)
    while not state.is_over():
        for viewer in range(players):
            text = json.dumps(state.view(viewer))
            hidden = set()
            for s in range(players):
                if s != viewer:
                    hidden |= set(ids(state.hands[s]))
                    hidden |= {CARD_ID[col[0]] for col in state.loot[s] if col}
            hidden |= {CARD_ID[c] for col in state.billy for c in col}
            words = set(text.replace('"', " ").replace(",", " ").replace("]", " ").split())
            assert not hidden & words
            assert state.view(viewer)["reveal"] is None
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_state_sampled_from_a_view_shows_the_same_view_and_the_same_deck(players):
    state = SPEC.new_game([f"P{i}" for i in range(players)], {}, 8)
    rng = random.Random(9)
    while True:
        for viewer in [None, *range(players)]:
            view = state.view(viewer)
            other = sample(view, rng)
            assert other.view(viewer) == view
            assert Counter(other.all_card_ids()) == Counter(state.all_card_ids())
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_sampled_state_plays_on_to_a_finish():
    state = SPEC.new_game(["A", "B", "C"], {}, 4)
    rng = random.Random(1)
    for _ in range(10):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    other = sample(state.view(1), rng)
    while not other.is_over():
        seat = other.to_move()[0]
        other.apply(seat, rng.choice(other.legal_actions(seat)))
    assert other.result().scores


def test_the_sampler_keeps_the_seats_own_gifts_in_their_places_and_its_dumps_in_the_box():
    # A player remembers the cards they gave Billy and dumped (the view shows
    # them face down): the hard bot's re-deals must not deal them again.
    from tablegames.games.blasting_billy.bot import HeuristicBot
    from tablegames.games.blasting_billy.vocab import TYPE_OF, Remembered

    state = SPEC.new_game(["A", "B", "C"], {}, 12)
    bot, rng = HeuristicBot(), random.Random(3)
    for _ in range(24):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, bot.choose(state.view(0), legal, rng) if seat == 0 else rng.choice(legal))
    memory = bot.remembered()
    assert memory.gifts and memory.dumps
    for card, place in memory.gifts:
        assert state.billy[TYPE_OF[card]][place] == card
    for _ in range(20):
        other = sample(state.view(0), rng, memory)
        assert other.view(0) == state.view(0)
        assert all(other.billy[TYPE_OF[card]][place] == card for card, place in memory.gifts)
        assert set(memory.dumps) <= set(other.box)
    # A card still in hand was advised, not played: it stays in the hand.
    in_hand = state.hands[0][0]
    advised = Remembered(gifts=((in_hand, len(state.billy[TYPE_OF[in_hand]])),), dumps=(in_hand,))
    assert sample(state.view(0), rng, advised).hands[0] == state.hands[0]
