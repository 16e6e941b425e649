"""Blasting Billy positions: a described state plays on exactly like the
state it describes, and an impossible description is one clear line."""

import json
import random
from pathlib import Path

import pytest

from tablegames.core import position as positions
from tablegames.core.position import PositionError
from tablegames.games.blasting_billy.spec import SPEC

NAMES2 = ("Ann", "Bob")
EXAMPLE = Path(__file__).parent / "positions" / "example.json"


def rebuilt(state, seed=99):
    """``state`` described, through JSON, and built again."""
    text = json.dumps(positions.describe(SPEC, state))
    return positions.build(SPEC, state.names, json.loads(text), seed=seed)


def same_table(a, b):
    assert a.to_move() == b.to_move()
    assert a.phase == b.phase
    for viewer in (None, *range(a.n)):
        assert a.view(viewer) == b.view(viewer)
    for seat in range(a.n):
        assert a.legal_actions(seat) == b.legal_actions(seat)
        assert a.prompt(seat) == b.prompt(seat)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_described_position_plays_on_exactly_like_the_game_it_was_taken_from(players):
    names = tuple(f"P{i + 1}" for i in range(players))
    for seed in range(3):
        state = SPEC.new_game(names, {}, seed)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % 7 == 0 or state.is_over() or state.view(None)["final_left"]:
                copy, other = state.copy(), rebuilt(state)
                moves = random.Random(step)
                while True:
                    same_table(copy, other)
                    if copy.is_over():
                        assert copy.result() == other.result()
                        break
                    seat = copy.to_move()[0]
                    action = moves.choice(copy.legal_actions(seat))
                    copy.apply(seat, action)
                    other.apply(seat, action)
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1


def test_the_example_position_file_builds_and_describes_itself_back():
    spec, names, options, seed, description = positions.load(EXAMPLE)
    state = positions.build(spec, names, description, options, seed)
    assert state.to_move() == (0,)
    assert state.view(0)["hand"] == ["G7", "B2", "JX"]
    assert state.view(0)["draw"] == 6
    back = positions.describe(spec, state)
    assert {k: v for k, v in back.items() if k in description} == description


def test_missing_fields_take_the_defaults_the_rules_fix():
    # Only hands and whose turn: nothing played, so the builder deals the 12
    # removed cards and the draw pile from the rest, by the seed.
    state = positions.build(SPEC, NAMES2, {"to_move": "Bob", "hands": [["G7", "B2", "JX"], ["C3", "C4", "D9"]]},
                            seed=5)
    view = state.view(1)
    assert sum(view["removed"]) == 12 and view["draw"] == 42
    assert view["start"] == 1 and state.prompt(1).startswith("play a card")


# ----- errors: one line each --------------------------------------------------------------

def fresh():
    """A new game's description, Ann to play first."""
    d = positions.describe(SPEC, SPEC.new_game(NAMES2, {}, 3))
    d["to_move"] = "Ann"
    del d["start"]
    return d


def refused(description, message, names=NAMES2):
    with pytest.raises(PositionError) as error:
        positions.build(SPEC, names, description, seed=1)
    text = str(error.value)
    assert "\n" not in text
    assert text == message


def test_a_card_twice_is_refused():
    d = fresh()
    d["box"] = [d["hands"][0][0]]
    refused(d, f"{d['hands'][0][0]} is in the hand of Ann and in the box: every card is in one place only.")


def test_a_missing_card_is_refused():
    d = fresh()
    gone = d["deck"].pop()
    refused(d, f"The position is missing {gone!r} (1 kind(s) of piece are missing in all); every piece "
               "must be somewhere.")


def test_an_unknown_card_is_refused():
    d = fresh()
    d["billy"] = ["G11"]
    refused(d, "'billy': 'G11' is not a card (a type letter G, B, C, J or D, then 0-10 or X, such as \"G7\" or \"JX\").")


def test_a_bad_hand_size_is_refused():
    d = fresh()
    d["deck"].append(d["hands"][1].pop())
    refused(d, "Bob must hold 3 cards here, not 2 (everyone holds 3 until the last card is drawn; "
               "0 cards played, Ann to move).")


def test_a_wrong_number_of_removed_cards_is_refused():
    d = fresh()
    d["deck"].append(d["removed"].pop())
    refused(d, "At 2 players 12 cards are removed at setup, not 11.")


def test_an_unknown_field_is_refused():
    d = fresh()
    d["hand"] = d.pop("hands")
    refused(d, "The position has no field 'hand' (fields: billy, box, decision, deck, hands, last_drawer, "
               "loot, removed, start, to_move).")


def test_a_bad_seat_is_refused():
    d = fresh()
    d["to_move"] = "Zed"
    refused(d, "'to_move' must be a player's name or a seat number 1-2, not 'Zed'.")


def test_a_decision_the_game_does_not_have_is_refused():
    d = fresh()
    d["decision"] = "claim"
    refused(d, "'decision' must be one of 'play', null, not 'claim'.")


def test_a_decision_after_the_end_is_refused():
    d = fresh()
    d["to_move"] = None
    refused(d, "Nobody decides anything once the game is over ('to_move' is null), so no decision 'play'.")


def test_a_finished_game_with_cards_in_hand_is_refused():
    d = fresh()
    d["to_move"], d["last_drawer"] = None, "Ann"
    del d["decision"]
    refused(d, "'hands' must be empty once the game is over ('to_move' is null): every hand went into the box.")


def test_a_last_drawer_before_the_last_draw_is_refused():
    d = fresh()
    d["last_drawer"] = "Bob"
    refused(d, "Nobody has drawn the last card yet (0 of 42 plays that draw made), so 'last_drawer' "
               "must be null.")


def test_a_start_player_that_does_not_fit_the_turn_is_refused():
    d = fresh()
    d["start"] = "Bob"
    refused(d, "'start' must be Ann, not Bob: with 0 cards played, whose turn it is says so.")


def test_the_wrong_number_of_hands_is_refused():
    d = fresh()
    d["hands"].append([])
    refused(d, "'hands' must be a list of 2 entries, one per seat in seat order, not "
               '[["G2", "D1", "C3"], ["GX", "C7", "J0"], []].')


def test_a_last_drawer_the_cards_played_contradict_is_refused():
    state = SPEC.new_game(NAMES2, {}, 3)
    while state.view(None)["draw"]:
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    d = positions.describe(SPEC, state)
    drawer = d["last_drawer"]
    d["last_drawer"] = "Bob" if drawer == "Ann" else "Ann"
    refused(d, f"'last_drawer' must be {drawer}, not {d['last_drawer']}: with 42 cards played and "
               f"{d['to_move']} to move.")


def test_a_players_loot_holds_no_more_cards_than_the_turns_they_played():
    # Two players, 4 cards played from Ann (Ann 2 turns, Bob 2): Bob cannot have 3 in his loot.
    d = fresh()
    taken = d["deck"][:4]
    d["deck"] = d["deck"][4:]
    d["loot"] = [[taken[0]], taken[1:]]
    refused(d, "Bob's loot holds 3 cards, but Bob has played 2 turn(s) (4 played from Ann): one card a turn.")
    d["loot"] = [taken[:2], taken[2:]]
    assert positions.build(SPEC, NAMES2, d, seed=1).loot
