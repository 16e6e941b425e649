"""One rule for seats, names and seeds, shared by the command line, seat
setup and the records read back from disk."""

from __future__ import annotations

import pytest

from tablegames.core import registry
from tablegames.core.seats import (
    MAX_NAME, MAX_SEED, Seat, SeatError, check_name, check_seats, parse_seats, parse_seed, shown,
)

SPEC = registry.get("blind-chicken")


def test_a_name_is_tidied_of_extra_spaces():
    assert check_name("  Lee   Ann ") == "Lee Ann"


@pytest.mark.parametrize("name, escaped", [
    ("Kim\x1b[2J", "\\x1b"), ("Kim\x07", "\\x07"), ("Kim\nLee", "\\n"), ("Kim\tLee", "\\t"),
    ("Ann\u202eoL", "\\u202e"), ("Zoe\u200b", "\\u200b"), ("A\u2028B", "\\u2028"), ("Kim\x9b2J", "\\x9b"),
])
def test_a_name_with_a_control_character_is_refused_with_it_escaped(name, escaped):
    with pytest.raises(SeatError) as info:
        check_name(name, "Seat 2")
    message = str(info.value)
    assert message.startswith("Seat 2: the name") and "control character" in message
    assert escaped in message and message.isprintable()


def test_an_empty_name_and_a_long_name_are_refused():
    with pytest.raises(SeatError, match="needs a name"):
        check_name("   ", "Seat 1")
    assert check_name("K" * MAX_NAME) == "K" * MAX_NAME
    with pytest.raises(SeatError, match=f"too long \\(at most {MAX_NAME} characters\\)"):
        check_name("K" * (MAX_NAME + 1))


def test_brackets_are_part_of_a_name_not_markup():
    assert check_name("[bold]Kim") == "[bold]Kim"
    assert check_name("[/]") == "[/]"


def test_shown_escapes_control_characters_and_nothing_else():
    assert shown("Kim\x1b[2J") == "Kim\\x1b[2J"
    assert shown("Zoë [b]") == "Zoë [b]"


def test_two_seats_with_the_same_name_whatever_the_case_are_refused():
    with pytest.raises(SeatError, match="Seats 1 and 3 are both called kim"):
        check_seats([Seat("Kim"), Seat("Lee"), Seat("kim")], SPEC)


def test_bot_levels_are_parsed_and_unknown_ones_refused():
    seats = check_seats([Seat("Kim"), Seat("B", "hard"), Seat("C", "easy"), Seat("D", "normal")], SPEC)
    assert [s.bot for s in seats] == [None, "search", "random", "heuristic"]
    with pytest.raises(SeatError, match="Unknown bot level 'genius'"):
        check_seats([Seat("Kim"), Seat("B", "genius"), Seat("C", "easy")], SPEC)


def test_records_that_name_the_heuristic_level_still_load_as_normal():
    seats = check_seats([Seat("Kim"), Seat("Old", "heuristic"), Seat("Older", "random")], SPEC)
    assert [s.bot for s in seats] == [None, "heuristic", "random"]
    assert seats[1].label() == "Old (bot: normal)"


def test_a_bot_at_the_default_level_is_not_marked_in_its_generated_name():
    seats = parse_seats("bot:easy,bot:normal,bot:hard,bot", SPEC)
    assert [s.name for s in seats] == ["Bot 1 (easy)", "Bot 2", "Bot 3 (hard)", "Bot 4"]
    assert [s.bot for s in seats] == ["random", "heuristic", "search", "heuristic"]


def test_the_player_count_is_the_games():
    with pytest.raises(SeatError, match="3-6 players, not 2"):
        check_seats([Seat("Kim"), Seat("Lee")], SPEC)


def test_the_command_line_seat_list():
    assert parse_seats("Kim, Lee  Ann,bot,bot:hard", SPEC) == [
        Seat("Kim"), Seat("Lee Ann"), Seat("Bot 1", "heuristic"), Seat("Bot 2 (hard)", "search")]
    with pytest.raises(SeatError, match="empty seat"):
        parse_seats("Kim,,bot", SPEC)
    with pytest.raises(SeatError, match="Seat 1: the name 'Kim\\\\x1b\\[2J' has a control character"):
        parse_seats("Kim\x1b[2J,bot,bot", SPEC)


@pytest.mark.parametrize("text", ["-1", "3.7", "seven", "1e3", "", "٣", str(MAX_SEED + 1), "9" * 5000])
def test_a_seed_is_a_whole_number_from_0_to_the_largest(text):
    with pytest.raises(SeatError, match="The seed must be a whole number from 0"):
        parse_seed(text)


def test_good_seeds():
    assert parse_seed("0") == 0 and parse_seed(" 42 ") == 42 and parse_seed(str(MAX_SEED)) == MAX_SEED


def test_a_pasted_10_mb_name_is_too_long_at_once():
    for text in ("K" * 10_000_000, "K" + " " * 10_000_000 + "L", "\t" * 10_000_000):
        with pytest.raises(SeatError, match=f"too long \\(at most {MAX_NAME} characters\\)") as info:
            check_name(text, "Seat 1")
        assert len(str(info.value)) < 120
