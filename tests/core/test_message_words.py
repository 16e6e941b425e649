"""Messages about a file a person wrote (a position, a save) speak the
file's words, not Python's: a JSON ``true`` is "true", ``null`` "null",
text in quotes, a field's kind "a whole number" or "a list" (never "True",
"None", "int", "<class ...>" or an exception's name)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from tablegames import cli
from tablegames.core import position, records
from tablegames.core.position import PositionError
from tablegames.core.records import MatchRecord, RecordError
from tablegames.core.seats import SeatError, check_level, check_name, check_seed
from tests.core.bad_records import good_record

EXAMPLES = sorted(Path(__file__).parents[1].glob("games/*/positions/example.json"))
# JSON values a hand-edited file may hold where something else belongs.
BAD_VALUES: list[Any] = [True, False, None, 1.5, "x", {"a": None}, [None, True], [[False]]]
PYTHON_WORDS = re.compile(r"\b(True|False|None|NoneType|int|str|dict|float|bool|tuple)\b|<class|Error\b")


def spoiled(data: Any, depth: int = 3) -> Iterator[Any]:
    """``data`` with one value (at any depth up to ``depth``, the first
    three of a list) replaced by each of BAD_VALUES."""
    if depth == 0:
        return
    keys = list(data) if isinstance(data, dict) else list(range(min(3, len(data)))) if isinstance(data, list) else []
    for key in keys:
        for bad in BAD_VALUES:
            copied = copy.deepcopy(data)
            copied[key] = bad
            yield copied
        for inner in spoiled(data[key], depth - 1):
            copied = copy.deepcopy(data)
            copied[key] = inner
            yield copied


def position_message(tmp_path: Path, data: Any) -> str | None:
    file = tmp_path / "position.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    try:
        spec, names, options, seed, description = position.load(file)
        position.build(spec, names, description, options, seed)
    except PositionError as exc:
        return str(exc)
    return None


def record_message(data: Any) -> str | None:
    try:
        records.replay(MatchRecord.from_json(data))
    except RecordError as exc:
        return exc.reason
    return None


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.parent.parent.name)
def test_no_position_message_speaks_python(tmp_path, example):
    base = json.loads(example.read_text(encoding="utf-8"))
    messages = [message for data in spoiled(base, depth=4) if (message := position_message(tmp_path, data))]
    assert len(messages) > 100  # (the scan did meet the validators)
    python = sorted({message for message in messages if PYTHON_WORDS.search(message)})
    assert python == []


def test_no_record_message_speaks_python():
    messages = [message for data in spoiled(good_record()) if (message := record_message(data))]
    assert len(messages) > 50
    python = sorted({message for message in messages if PYTHON_WORDS.search(message)})
    assert python == []


@pytest.mark.parametrize("check, value", [
    (check_seed, None), (check_seed, True), (check_seed, 2.5), (check_seed, [1]),
    (check_name, None), (check_level, None), (check_level, "True"),
])
def test_seat_and_seed_messages_speak_no_python(check, value):
    with pytest.raises(SeatError) as caught:
        check(value)
    assert not PYTHON_WORDS.search(str(caught.value)), str(caught.value)


def example(game: str = "blind_chicken") -> dict[str, Any]:
    return json.loads((Path(__file__).parents[1] / "games" / game / "positions" / "example.json").read_text())


def with_field(key: str, value: Any, game: str = "blind_chicken") -> dict[str, Any]:
    data = example(game)
    data["position"][key] = value
    return data


@pytest.mark.parametrize("data, message", [
    (with_field("hand_no", True), "'hand_no' must be a whole number from 1, not true."),
    (with_field("trick", None), "'trick' must be a list of cards (with 3 players the cards are 24-59), not null."),
    (with_field("hands", {"a": None}), "'hands' must be a list of 3 entries, one per seat in seat order, not {\"a\": null}."),
    (with_field("dealer", 1.5), "'dealer' must be a seat number or a player's name, not 1.5."),
    (with_field("dealer", False), "'dealer' must be a player's name or a seat number 1-3, not false."),
    (with_field("decision", 5, "nutty_business"), "'decision' must be one of 'first card', 'play', 'order', 'customs', 'raid', null, not 5."),
    (with_field("trick", [[None, "x"]]), "'trick': [null, \"x\"] is not a card (with 3 players the cards are 24-59)."),
])
def test_a_position_message_quotes_the_file_in_its_own_words(tmp_path, data, message):
    assert message in (position_message(tmp_path, data) or "")


def test_a_position_file_that_is_not_text_says_so(tmp_path):
    file = tmp_path / "position.json"
    file.write_bytes(b"\xff\xfe{\"game\": 1}")
    with pytest.raises(PositionError, match=r"is not JSON \(it is not UTF-8 text\)\.$"):
        position.load(file)
    file.write_text("[" * 100_000)
    with pytest.raises(PositionError, match=r"is not JSON \(it is nested too deep\)\.$"):
        position.load(file)


@pytest.mark.parametrize("change, message", [
    ({"seed": None}, "The seed must be a whole number from 0 to 9223372036854775807, not null"),
    ({"seed": True}, "The seed must be a whole number from 0 to 9223372036854775807, not true"),
    ({"format": False}, "it has record format false, this version reads 1"),
    ({"format": None}, "it has record format null, this version reads 1"),
    ({"format": {"v": 2}}, "it has record format {\"v\": 2}, this version reads 1"),
])
def test_a_record_message_quotes_the_file_in_its_own_words(change, message):
    assert record_message({**good_record(), **change}) == message


def test_a_record_the_rules_trip_over_is_described_not_named_by_its_exception(monkeypatch):
    record = MatchRecord.from_json(good_record())
    state_class = type(records.first_state(record))

    def broken_apply(self, seat, action, events=None):
        raise KeyError("card")

    monkeypatch.setattr(state_class, "apply", broken_apply)
    with pytest.raises(RecordError) as caught:
        records.replay(record)
    assert caught.value.reason.endswith("cannot be replayed (the game's rules fail on it: a fault in this "
                                        "version of tablegames, not in the file).")
    assert "KeyError" not in caught.value.reason


def test_a_bad_record_through_the_command_line_is_one_line_in_the_files_words(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(tmp_path / "data"))
    file = tmp_path / "match.json"
    file.write_text(json.dumps({**good_record(), "seed": None}))
    assert cli.main(["replay", str(file)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("not null.") and "\n" not in err and "None" not in err
