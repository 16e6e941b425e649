"""Blind Business positions: a description builds a state that plays on
exactly like the one it describes, and an impossible one is refused in one
clear line."""

import json
import random
from pathlib import Path

import pytest

from tablegames.core.position import PositionError, build, describe, load
from tablegames.games.blind_business.spec import SPEC

NAMES = {2: ("Ann", "Bob"), 3: ("Ann", "Bob", "Cy"), 5: ("Ann", "Bob", "Cy", "Dee", "Eve")}


def seen_by_all(state):
    return [
        [state.view(s) for s in [None, *range(state.n)]],
        [[str(a) for a in state.legal_actions(s)] for s in range(state.n)],
        [state.prompt(s) for s in range(state.n)],
        state.to_move(), state.phase, state.is_over(),
    ]


@pytest.mark.parametrize("players,family,seeds", [(2, 0, 6), (3, 0, 6), (5, 0, 3), (3, 1, 4)])
def test_a_described_position_plays_on_exactly_like_the_state_it_describes(players, family, seeds):
    names = NAMES[players]
    options = {"family": family}
    kinds = set()
    for seed in range(seeds):
        state = SPEC.new_game(names, options, seed)
        rng = random.Random(seed)
        step = 0
        while True:
            kinds.add(state.phase)
            description = json.loads(json.dumps(describe(SPEC, state)))
            built = build(SPEC, names, description, options, seed=seed + 99)
            assert seen_by_all(built) == seen_by_all(state), (seed, step, state.phase)
            assert describe(SPEC, built) == description
            if step % 4 == 0 or state.phase not in ("ask", "answer", "take", "counter", "reply"):
                # The same luck to come and the same actions: the same game.
                original = state.copy()
                original.rng.setstate(built.rng.getstate())
                play = random.Random(step)
                while not original.is_over():
                    seat = original.to_move()[play.randrange(len(original.to_move()))]
                    action = play.choice(original.legal_actions(seat))
                    events_a, events_b = [], []
                    original.apply(seat, action, events_a)
                    built.apply(seat, action, events_b)
                    assert events_a == events_b
                    assert seen_by_all(built) == seen_by_all(original)
                assert built.result() == original.result()
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
    expected = {"first look", "ask", "answer", "take", "counter", "reply", "assign", "over"}
    if not family:
        expected |= {"discard", "swap", "peek", "add"}
    assert kinds >= expected


def test_the_example_position_file_loads_and_plays():
    spec, names, options, seed, description = load(Path(__file__).parent / "positions" / "example.json")
    state = build(spec, names, description, options, seed)
    assert state.phase == "assign" and state.to_move() == (1,)
    assert describe(spec, state)["trainer"] == "TR2"
    # Bob's Trainer may join his boardwalk or downtown; then the refill, and Bob asks.
    assert [str(a) for a in state.legal_actions(1)] == ["assign boardwalk", "assign downtown", "assign none"]
    state.apply(1, spec.parse("assign boardwalk"))
    assert state.phase == "ask" and state.to_move() == (1,)
    assert state.view(None)["areas"][1]["boardwalk"] == ["BW6", "TR2"]
    assert all(None not in hand for hand in state.view(None)["hands"])


# ----- impossible positions: one clear line each ------------------------------------------

PLAIN = [["PG5", "BW6", "CS7", "DT8"], ["PG6", "BW7", "CS8", "DT9"]]


def refused(description, players=2, options=None):
    with pytest.raises(PositionError) as caught:
        build(SPEC, NAMES[players], description, options or {}, 1)
    message = str(caught.value)
    assert "\n" not in message and message.endswith(".")
    return message


def test_a_card_placed_twice_is_refused():
    message = refused({"requester": "Ann", "hands": PLAIN, "areas": [["PG5"], []], "turns_played": 1})
    assert message == "The position has 'PG5' 2 time(s); the game has it 1 time(s)."


def test_a_missing_card_is_refused():
    message = refused({"requester": "Ann", "hands": PLAIN, "deck": ["PG7", "PG8"], "removed": []})
    assert message.startswith("The position is missing 'BW1'")


def test_an_unknown_card_is_refused():
    message = refused({"requester": "Ann", "hands": [["PG5", "BW6", "CS7", "XX9"], PLAIN[1]]})
    assert message == "Ann's hand: 'XX9' is not a card (cards are ids such as 'PG7', 'BWV', 'TR1')."


def test_a_hand_of_the_wrong_size_is_refused():
    message = refused({"requester": "Ann", "hands": [["PG5", "BW6", "CS7"], PLAIN[1]]})
    assert message.startswith("Ann's hand must be 4 slots")


def test_an_empty_slot_the_refill_would_have_filled_is_refused():
    message = refused({"requester": "Ann", "hands": [["PG5", "BW6", "CS7", None], PLAIN[1]]})
    assert message == "Ann's hand has an empty slot, but the refill has filled it (the deck is not empty)."


def test_an_unknown_field_is_refused():
    message = refused({"requester": "Ann", "hands": PLAIN, "hand": PLAIN})
    assert message.startswith("The position has no field 'hand' (fields: ")


def test_a_bad_seat_is_refused():
    message = refused({"requester": "Zed", "hands": PLAIN})
    assert message == "'requester' must be a player's name or a seat number 1-2, not 'Zed'."


def test_too_many_ok_tokens_are_refused():
    message = refused({"requester": "Ann", "hands": PLAIN, "tokens": [3, 1], "supply": 1})
    assert message == "'supply' must be a whole number 0-0, not 1."
    assert refused({"requester": "Ann", "hands": PLAIN, "tokens": [3, 2]}) == (
        "The players hold 5 OK tokens; the game has 4.")


@pytest.mark.parametrize("description,expected", [
    # An ask with an OK token gets no yes/no decision.
    ({"requester": "Ann", "decision": "answer", "hands": PLAIN,
      "request": {"recipient": "Bob", "slot": 2, "ok": True}},
     "An 'answer' follows a plain ask (no OK token) for a slot that holds a card."),
    # A swap follows a 3 just won, and BW6 is no 3.
    ({"requester": "Ann", "decision": "swap", "to_move": "Ann",
      "hands": [["PG5", "CS6", "CS7", "DT8"], ["PG6", "BW7", "CS8", "DT9"]], "areas": [["BW6"], ["DT5"]],
      "request": {"recipient": "Bob", "slot": 1, "answer": "yes", "counter_slot": 2},
      "won": ["BW6", "DT5"]},
     "A 'swap' follows a 3 just won, not BW6."),
    # The playground add comes only with the deck empty.
    ({"requester": "Ann", "decision": "add", "to_move": "Ann", "hands": PLAIN, "areas": [["PG9"], []]},
     "'add' comes only with the deck empty, in full rules, to the player with strictly the most "
     "playground cards; not Ann."),
    # A 10 with 2 cards against 3 makes no discard.
    ({"requester": "Ann", "decision": "discard", "to_move": "Ann",
      "hands": [["PG5", None, "CS7", "DT8"], ["PG6", "BW7", None, "DT9"]],
      "areas": [["BW10", "CS1"], ["CS8", "DT1", "DT2"]], "snapshot": [2, 3],
      "request": {"recipient": "Bob", "slot": 3, "answer": "yes", "counter_slot": 2},
      "won": ["BW10", "CS8"]},
     "Ann's 10 with 2 cards against 3 makes no discard."),
    # Family rules have no discards, swaps or peeks.
    ({"requester": "Ann", "decision": "peek", "to_move": "Bob",
      "hands": PLAIN, "areas": [["BW6"], ["DT4"]],
      "request": {"recipient": "Bob", "slot": 1, "answer": "yes", "counter_slot": 2},
      "won": ["BW6", "DT4"]},
     "Family rules have no 'peek' decision."),
])
def test_a_decision_that_cannot_arise_is_refused(description, expected):
    family = {"family": 1} if "Family" in expected else {}
    assert refused(description, options=family) == expected


# ----- what the turns played so far imply (positions no game can reach)

def built(description, players=2, options=None):
    return build(SPEC, NAMES[players], description, options or {}, 1)


def test_no_card_is_in_a_play_area_before_the_first_turn():
    assert refused({"requester": "Ann", "hands": PLAIN, "areas": [["PG7", "PG8"], ["BW5"]]}) == (
        "The play areas and discards hold 3 won card(s), more than the 0 that 0 turn(s) played and 0 card(s) "
        "won this turn give: every turn wins two cards.")


def test_every_turn_played_wins_two_cards():
    areas = [["PG7", "PG8"], ["BW5"]]
    assert refused({"requester": "Ann", "hands": PLAIN, "areas": areas, "turns_played": 3}) == (
        "The play areas and discards hold 3 won card(s), but 3 turn(s) played have won at least 4: every turn "
        "wins two cards.")
    state = built({"requester": "Ann", "hands": PLAIN, "areas": [["PG7", "PG8"], ["BW5", "BW4"]],
                   "turns_played": 2})
    assert state.turn_no == 2


def test_ok_tokens_come_from_the_2s_won():
    areas = [["PG2", "PG8"], ["BW5", "BW4"]]
    assert refused({"requester": "Ann", "hands": PLAIN, "areas": areas, "turns_played": 2,
                    "tokens": [0, 1]}) == "Bob holds 1 OK token(s) but has won 0 2(s) at most."
    assert refused({"requester": "Ann", "hands": PLAIN, "areas": areas, "turns_played": 2, "supply": 2}) == (
        "2 OK token(s) have left the supply, but only 1 2(s) have been won: a token comes from winning a 2.")
    assert built({"requester": "Ann", "hands": PLAIN, "areas": areas, "turns_played": 2,
                  "tokens": [1, 0]}).tokens == [1, 0]
    assert built({"requester": "Ann", "hands": PLAIN, "areas": areas, "turns_played": 2,
                  "supply": 3}).supply == 3, "the token was spent"


def test_a_discard_follows_a_10_or_11_won():
    description = {"requester": "Ann", "hands": PLAIN, "areas": [["PG7"], ["BW5", "BW4"]], "turns_played": 2}
    assert refused({**description, "discards": ["CS3"]}) == (
        "1 card(s) are discarded, but only 0 10(s) or 11(s) have been won: a discard follows winning one.")
    assert built({**description, "areas": [["PG10"], ["BW5", "BW4"]], "discards": ["CS3"]}).discards


def test_family_rules_have_no_ok_tokens_and_no_discards():
    description = {"requester": "Ann", "hands": PLAIN, "areas": [["PG2", "PG10"], ["BW5", "BW4"]],
                   "turns_played": 2}
    family = {"family": 1}
    assert built(description, options=family).supply == 4
    for changes in ({"tokens": [1, 0]}, {"supply": 3}, {"discards": ["CS3"], "areas": [["PG2"], ["BW5", "BW4"]]}):
        assert refused({**description, **changes}, options=family) == (
            "Family rules have no OK tokens and no discards: the tokens stay in the supply.")


def test_the_requester_is_the_start_player_moved_left_once_a_turn():
    description = {"requester": "Bob", "hands": PLAIN, "areas": [["PG7", "PG8"], ["BW5", "BW4"]],
                   "turns_played": 2, "start": "Bob"}
    assert built(description).start == 1
    assert refused({**description, "requester": "Ann"}) == (
        "'start' must be Ann, not Bob: it is Ann's turn after 2 turn(s) passing to the left.")
    assert built({**description, "turns_played": 3, "areas": [["PG7", "PG8", "PG9"], ["BW5", "BW4", "BW3"]],
                  "requester": "Ann"}).start == 1


def test_the_last_exchanges_cards_lie_with_those_who_won_them():
    description = {"requester": "Ann", "hands": PLAIN, "areas": [["PG7", "PG8"], ["BW5", "BW4"]],
                   "turns_played": 2}
    assert built({**description, "last_won": [["Ann", "PG8"], ["Bob", "BW4"]]}).last_won
    assert refused({**description, "last_won": [["Ann", "BW4"], ["Bob", "PG8"]]}) == (
        "'last_won': BW4 is in neither Ann's play area nor the discards.")


def test_a_trainers_district_that_is_not_text_is_one_line():
    description = {"requester": "Ann", "hands": PLAIN, "areas": [["TR1", "PG8"], ["BW5", "BW4"]], "turns_played": 2}
    for district in ({"a": 1}, ["playground"], 7):
        assert refused({**description, "trainers": {"TR1": district}}).startswith("'trainers': ")


def test_the_added_playground_card_lies_in_the_adders_play_area():
    description = {"requester": "Ann", "hands": PLAIN, "areas": [["PG7", "PG8"], ["BW5", "BW4"]],
                   "turns_played": 2, "added": ["Bob", "PG8"]}
    assert refused(description) == "'added': PG8 is not in Bob's play area."
