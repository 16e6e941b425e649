"""The checks every game's position builder shares (core/position.py): each
refusal one line a person can act on, and seats counted from 1 as at seat
setup, while records saved before that still load and replay alike."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablegames.core import position, records, registry
from tablegames.core.match import Match
from tablegames.core.position import (
    PositionError, card_list, each_card_once, per_seat, seat_of, whole_numbers,
)
from tablegames.core.records import Seat

NAMES = ("Ann", "Ben", "Cy")


def refusal(check: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(PositionError) as caught:
        check(*args, **kwargs)
    message = str(caught.value)
    assert "\n" not in message and message.endswith("."), message
    return message


# ----- seats: a name, or a number from 1

def test_a_seat_is_a_players_name_or_their_number_counted_from_1():
    assert [seat_of(NAMES, value, "'dealer'") for value in ("Ann", "Cy", 1, 2, 3)] == [0, 2, 0, 1, 2]


def test_a_seat_number_outside_1_to_the_player_count_is_refused_in_the_players_words():
    for value in (0, 4, -1):
        assert refusal(seat_of, NAMES, value, "'dealer'") == (
            f"'dealer' must be a player's name or a seat number 1-3, not {value}.")
    assert refusal(seat_of, NAMES, "Zed", "'leader'") == (
        "'leader' must be a player's name or a seat number 1-3, not 'Zed'.")
    assert refusal(seat_of, NAMES, True, "'leader'") == (  # (true is no number in a file)
        "'leader' must be a player's name or a seat number 1-3, not true.")


def chicken(dealer: Any) -> dict[str, Any]:
    """A Blind Chicken hand being arranged, dealt by ``dealer`` (the player
    after the dealer leads: the default)."""
    spec = registry.get("blind-chicken")
    fresh = position.describe(spec, spec.new_game(NAMES, {}, 4))
    del fresh["leader"]
    return {**fresh, "dealer": dealer, "to_move": [1, 2, 3]}


def test_a_position_files_seat_numbers_count_from_1():
    spec = registry.get("blind-chicken")
    by_number = position.build(spec, NAMES, chicken(3), seed=4)
    by_name = position.build(spec, NAMES, {**chicken("Cy"), "to_move": list(NAMES)}, seed=4)
    assert by_number.dealer == by_name.dealer == 2
    assert by_number.view(None) == by_name.view(None)


def test_a_match_from_a_position_file_keeps_every_seat_by_name_in_its_record():
    spec = registry.get("blind-chicken")
    description = chicken(3)
    state = position.build(spec, NAMES, description, seed=4)
    kept = position.recorded(spec, state, description)
    assert kept["dealer"] == "Cy" and kept["to_move"] == list(NAMES)
    match = Match.new(spec.id, [Seat(name) for name in NAMES], {}, 4, position=kept, autosave=False)
    assert records.first_state(match.record).view(None) == state.view(None)


def test_a_record_saved_when_position_seats_counted_from_0_loads_and_replays_alike():
    spec = registry.get("blind-chicken")
    # Saved before: the position file's seat numbers, kept as written, from 0.
    old = {**chicken(2), "to_move": [0, 1, 2]}
    record = Match.new(spec.id, [Seat(name) for name in NAMES], {}, 4, position=old, autosave=False).record
    expected = position.build(spec, NAMES, chicken("Cy"), seed=4)
    for _ in range(6):  # everyone arranges, then the first cards
        seat = expected.to_move()[0]
        action = expected.legal_actions(seat)[-1]
        record.actions.append((seat, str(action)))
        expected.apply(seat, action)
    replayed = records.replay(records.parse(json.dumps(record.to_json())))
    assert replayed.dealer == 2
    for seat in (None, 0, 1, 2):
        assert replayed.view(seat) == expected.view(seat)


# ----- the checks every description needs

def test_a_list_per_seat_has_one_entry_for_each_seat():
    assert per_seat({"hands": [[1], [2], [3]]}, "hands", NAMES) == [[1], [2], [3]]
    assert refusal(per_seat, {"hands": [[1], [2]]}, "hands", NAMES) == (
        "'hands' must be a list of 3 entries, one per seat in seat order, not [[1], [2]].")
    assert refusal(per_seat, {"hands": "all"}, "hands", NAMES) == (
        "'hands' must be a list of 3 entries, one per seat in seat order, not 'all'.")


def test_a_list_per_seat_left_out_is_needed_or_its_default_for_each_seat():
    assert refusal(per_seat, {}, "hands", NAMES) == (
        "The position needs 'hands' (one entry per seat, in seat order).")
    taken = per_seat({"taken": None}, "taken", NAMES, [])
    taken[0].append(7)  # (each seat its own list)
    assert taken == [[7], [], []]
    assert per_seat({}, "first_cards", NAMES, None) == [None, None, None]


def known(token: Any) -> int | None:
    return token if type(token) is int and 1 <= token <= 40 else None


def test_a_list_of_cards_holds_only_cards_of_the_game():
    assert card_list([3, 40], "Ann's hand", known, "cards are 1-40") == [3, 40]
    assert refusal(card_list, [3, 41], "Ann's hand", known, "cards are 1-40") == (
        "Ann's hand: 41 is not a card (cards are 1-40).")
    assert refusal(card_list, "3 40", "Ann's hand", known, "cards are 1-40") == (
        "Ann's hand must be a list of cards (cards are 1-40), not '3 40'.")


def test_each_card_is_in_one_place_only():
    name = "Card {}".format
    each_card_once([("Ann's hand", [1, 2]), ("the box", [3])], name)
    assert refusal(each_card_once, [("Ann's hand", [1, 2]), ("the box", [2])], name) == (
        "Card 2 is in Ann's hand and in the box: every card is in one place only.")
    assert refusal(each_card_once, [("Ann's hand", [1, 1])], name) == (
        "Card 1 is twice in Ann's hand: every card is in one place only.")


def test_whole_numbers_are_0_or_more_and_as_many_as_asked():
    assert whole_numbers([0, 5, 2], "'tokens'", 3) == [0, 5, 2]
    for bad in ([0, -1, 2], [0, 1], [0, True, 2], [0, 1.5, 2], "012"):
        assert refusal(whole_numbers, bad, "'tokens'", 3).startswith(
            "'tokens' must be a list of 3 whole numbers 0 or more, not ")
    assert whole_numbers([], "'pending'") == []
    assert refusal(whole_numbers, [-2], "'pending'") == "'pending' must be a list of whole numbers 0 or more, not [-2]."


# ----- the vocabulary a game's builder reads its description with

def test_a_reader_refuses_a_field_the_game_does_not_have():
    assert refusal(position.Reader, {"hand": []}, NAMES, ("hands", "trick")) == (
        "The position has no field 'hand' (fields: hands, trick).")


def test_a_field_left_out_takes_its_default_and_null_is_a_value():
    cards = position.Cards.numbered(1, 40, "cards are 1-40")
    reader = position.Reader({"trick": None, "leader": "Cy"}, NAMES, ("trick", "box", "leader", "dealer"))
    assert reader.cards("box", cards, []) == []
    assert refusal(reader.cards, "trick", cards, []) == "'trick' must be a list of cards (cards are 1-40), not null."
    assert reader.seat_or("dealer", 0) == 0 and reader.seat_or("leader", 0) == 2
    assert reader.optional_seat("dealer") is None and not reader.given("trick")


def test_a_seat_that_must_be_there_says_what_it_is_for():
    reader = position.Reader({}, NAMES, ("dealer",))
    assert refusal(reader.seat, "dealer", "who dealt this hand") == "The position needs 'dealer' (who dealt this hand)."


def test_a_whole_number_field_is_refused_outside_its_span_in_the_files_words():
    reader = position.Reader({"hand_no": 0, "round": True}, NAMES, ("hand_no", "round", "turns"))
    assert refusal(reader.number, "hand_no", 1, None, 1) == "'hand_no' must be a whole number from 1, not 0."
    assert refusal(reader.number, "round", 1, 3, 1) == "'round' must be a whole number 1-3, not true."
    assert reader.number("turns", 0, 9, 0) == 0


def test_cards_per_seat_name_each_players_list_in_a_refusal():
    cards = position.Cards.ids(("G0", "G1", "B0"), "ids such as 'G0'")
    reader = position.Reader({"hands": [["G0"], ["B0"], ["X9"]]}, NAMES, ("hands", "loot"))
    assert refusal(reader.cards_per_seat, "hands", cards, "{}'s hand") == (
        "Cy's hand: 'X9' is not a card (ids such as 'G0').")
    assert reader.cards_per_seat("loot", cards, "{}'s loot", []) == [[], [], []]
    assert cards.out([2, 0]) == ["B0", "G0"]
    assert refusal(cards.once, [("Ann's hand", [0]), ("the box", [0])]) == (
        "G0 is in Ann's hand and in the box: every card is in one place only.")


def test_what_a_description_leaves_out_is_dealt_from_the_cards_placed_nowhere_by_the_seed():
    away, pile = position.put_away(range(10), [0, 1], 5, None, 3, None)
    assert sorted(away + pile) == list(range(2, 10)) and len(away) == 3
    assert (away, pile) == position.put_away(range(10), [1, 0], 5, None, 3, None), "the seed decides"
    assert position.put_away(range(10), [0, 1], 5, [2, 3, 4], 3, [5, 6, 7, 8, 9]) == ([2, 3, 4], [5, 6, 7, 8, 9])
    assert position.unplaced(range(5), [1, 3], None) == [0, 2, 4]


def test_a_seat_as_a_json_objects_key_is_a_name_or_a_number_written_as_text():
    assert [position.seat_of_key(NAMES, key, "a seat in 'passed'") for key in ("Ben", "3")] == [1, 2]
    assert refusal(position.seat_of_key, NAMES, "4", "a seat in 'passed'") == (
        "a seat in 'passed' must be a player's name or a seat number 1-3, not 4.")


def test_a_refusal_is_stated_as_its_condition_and_one_line_naming_the_field():
    position.refuse_if(False, "'trick' must be empty.")
    assert refusal(position.refuse_if, ["a card"], "'trick' must be empty.") == "'trick' must be empty."


def test_a_word_field_is_one_of_its_words_in_the_files_own_words():
    reader = position.Reader({"decision": "bid", "answer": None}, NAMES, ("decision", "answer", "phase"))
    assert refusal(reader.word, "decision", ("play", "pass")) == "'decision' must be one of 'play', 'pass', not 'bid'."
    assert refusal(reader.word, "phase", ("play", None)) == "The position needs 'phase' (one of 'play', null)."
    assert reader.word("answer", ("yes", "no", None), "yes") is None and reader.word("phase", ("a",), "a") == "a"
    assert refusal(position.Reader({"ok": True}, NAMES, ("ok",)).word, "ok", (1, 0)) == (
        "'ok' must be one of 1, 0, not true.")  # (true is no number in a file)


def test_a_seat_the_rest_of_the_position_fixes_may_be_given_and_must_then_agree():
    reader = position.Reader({"start": "Ben", "leader": None}, NAMES, ("start", "leader", "to_move"))
    assert reader.agrees("start", 1, "the turns played say so") == 1
    assert reader.agrees("leader", 2, "...") == 2 and reader.agrees("to_move", 0, "...") == 0
    assert refusal(reader.agrees, "start", 0, "with 3 turns played it is Cy's turn") == (
        "'start' must be Ann, not Ben: with 3 turns played it is Cy's turn.")


def test_a_flag_is_true_or_false_and_false_when_left_out():
    reader = position.Reader({"ok": True, "counter_ok": 1}, NAMES, ("ok", "counter_ok", "later"))
    assert reader.flag("ok") is True and reader.flag("later") is False
    assert refusal(reader.flag, "counter_ok") == "'counter_ok' must be true or false, not 1."
    assert position.lists(((1, 2), ())) == [[1, 2], []]
