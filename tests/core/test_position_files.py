"""Position files and the matches started from them: the file read in one
line per problem, the position kept in the match's record, so saving,
resuming, take back, review, history and play again all start from it.

The games' own position builders land with each game; until then (and so
these tests depend on no game's description format) a stand-in builder
over a real game describes a position as a deal and the moves played on it.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any, Mapping, Sequence

import pytest

from tablegames import cli
from tablegames.core import paths, position, records, registry, resumable, saves
from tablegames.core.errors import IllegalAction
from tablegames.core.game import GameSpec, GameState
from tablegames.core.match import Match
from tablegames.core.position import PositionError
from tablegames.core.records import MatchRecord, RecordError, Seat

GAME = "blind-chicken"
NAMES = ("Ann", "Ben", "Cy")


def with_stand_in_positions(spec: GameSpec) -> GameSpec:
    """``spec`` with a stand-in position builder: {"deal": N, "moves":
    [[seat, move], ...]} is the deal of seed N with those moves played."""

    def build(names: Sequence[str], options: dict[str, int], description: Mapping[str, Any], seed: int) -> GameState:
        position.unknown_keys(description, ("deal", "moves"))
        state = spec.new_state(tuple(names), options, position.field(description, "deal", int))
        for number, move in enumerate(description.get("moves", []), start=1):
            if not (isinstance(move, list) and len(move) == 2 and type(move[0]) is int and isinstance(move[1], str)):
                raise PositionError(f"Move {number} must be [seat, move].")
            try:
                state.apply(move[0], spec.parse(move[1]))
            except IllegalAction as exc:
                raise PositionError(f"Move {number} is not legal: {exc}") from None
        return state

    return dataclasses.replace(spec, build_position=build, describe_position=None)


@pytest.fixture
def stand_in(monkeypatch, tmp_path) -> GameSpec:
    """Blind Chicken with the stand-in builder, wherever the registry is asked;
    saves in a temporary folder."""
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(tmp_path / "data"))
    real = registry.get
    spec = with_stand_in_positions(real(GAME))
    monkeypatch.setattr(registry, "get", lambda game_id: spec if game_id == GAME else real(game_id))
    return spec


def moves_from(spec: GameSpec, deal: int, count: int, names: Sequence[str] = NAMES) -> list[list[Any]]:
    """The first ``count`` moves of a seeded random game (a position to start from)."""
    state = spec.new_game(names, {}, deal)
    rng = random.Random(deal)
    moves: list[list[Any]] = []
    while len(moves) < count:
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        moves.append([seat, str(action)])
        state.apply(seat, action)
    return moves


def description(spec: GameSpec, deal: int = 4, count: int = 5) -> dict[str, Any]:
    return {"deal": deal, "moves": moves_from(spec, deal, count)}


def built(spec: GameSpec, desc: dict[str, Any], seed: int = 11) -> GameState:
    return position.build(spec, NAMES, desc, {}, seed)


def write_file(folder: Path, **fields: Any) -> Path:
    path = folder / "position.json"
    path.write_text(json.dumps({"game": GAME, "players": list(NAMES), "seed": 11, **fields}), encoding="utf-8")
    return path


def humans_match(spec: GameSpec, desc: dict[str, Any], **kwargs: Any) -> Match:
    return Match.new(GAME, [Seat(name) for name in NAMES], {}, 11, position=desc, **kwargs)


def play_one_human_move(match: Match) -> None:
    seat = match.next_human()
    assert seat is not None
    match.take_keyboard(seat)
    match.play(match.legal_actions()[0])


# ----------------------------------------------------------------- the file

def test_a_position_file_gives_the_game_players_options_seed_and_description(stand_in, tmp_path):
    desc = description(stand_in)
    path = write_file(tmp_path, options={"hands": 2}, position=desc)
    spec, names, options, seed, found = position.load(path)
    assert (spec.id, names, options, seed, found) == (GAME, NAMES, {"hands": 2}, 11, desc)


BAD_FILES = {
    "missing file": (None, "Cannot read the position file"),
    "a folder": ("<folder>", "is not a file"),
    "not JSON": ("{not json", "is not JSON"),
    "not an object": ("[1, 2]", "a JSON object"),
    "unknown game": ({"game": "chess"}, "Unknown game 'chess'"),
    "players not a list of names": ({"players": ["Ann", 7]}, "'players' must be a list of names"),
    "options not whole numbers": ({"options": {"hands": 1.5}}, "'options' must map option names to whole numbers"),
    "a negative seed": ({"seed": -1}, "'seed' must be a whole number"),
    "a typo in a field": ({"posiiton": {}}, "no field 'posiiton'"),
    "no position": ({"position": None}, "needs 'position'"),
    "a position that is no object": ({"position": [1]}, "'position' must be a JSON object"),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_a_bad_position_file_is_one_line(stand_in, tmp_path, case):
    content, expected = BAD_FILES[case]
    path = tmp_path / "position.json"
    if content == "<folder>":
        path.mkdir()
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    elif isinstance(content, dict):
        data = {"game": GAME, "players": list(NAMES), "position": description(stand_in, count=1), **content}
        path.write_text(json.dumps({k: v for k, v in data.items() if v is not None}), encoding="utf-8")
    with pytest.raises(PositionError) as info:
        position.load(path)
    assert expected in str(info.value) and "\n" not in str(info.value)


# ----------------------------------------------------------------- a match from a position

def test_a_match_from_a_position_starts_where_the_position_stands(stand_in):
    desc = description(stand_in)
    match = humans_match(stand_in, desc)
    assert match.public_view() == dict(built(stand_in, desc).view(None))
    assert match.record.position == desc and match.record.actions == []


def test_a_match_from_a_position_is_saved_with_it_and_resumes_where_it_stood(stand_in):
    desc = description(stand_in)
    match = humans_match(stand_in, desc)
    play_one_human_move(match)
    assert match.save_path is not None
    saved = json.loads(match.save_path.read_text(encoding="utf-8"))
    assert saved["position"] == desc
    # The picker lists it as resumable, and resuming it gives the same table.
    [(path, record)], broken = resumable.unfinished()
    assert broken == [] and path == match.save_path
    match.let_go()  # left, to be resumed
    resumed = Match(record.copy(), save_path=path)
    expected = built(stand_in, desc)
    [(seat, move)] = record.actions
    expected.apply(seat, stand_in.parse(move))
    assert resumed.public_view() == match.public_view() == dict(expected.view(None))
    for seat in range(len(NAMES)):
        assert resumed._state.view(seat) == match._state.view(seat)
    # ... and it plays on from there.
    play_one_human_move(resumed)
    assert len(saves.load(path).actions) == 2


def test_take_back_in_a_match_from_a_position_returns_to_the_position(stand_in):
    desc = description(stand_in)
    match = humans_match(stand_in, desc)
    before = match.public_view()
    play_one_human_move(match)
    if not match.can_take_back():
        pytest.skip("the first legal move here revealed or drew a card")
    match.take_back()
    assert match.public_view() == before
    assert saves.load(match.save_path).actions == []


def test_play_again_after_a_match_from_a_position_starts_from_the_same_position(stand_in):
    desc = description(stand_in)
    again = humans_match(stand_in, desc, autosave=False).rematch(seed=99)
    assert again.record.position == desc
    assert again.public_view() == dict(built(stand_in, desc, seed=99).view(None))


def finished_position_record(spec: GameSpec, desc: dict[str, Any]) -> MatchRecord:
    """A match from ``desc`` played to the end by random moves."""
    state = built(spec, desc)
    rng = random.Random(3)
    actions = []
    while not state.is_over():
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        actions.append((seat, str(action)))
        state.apply(seat, action)
    return MatchRecord(game=GAME, seats=[Seat(name) for name in NAMES], seed=11, actions=actions,
                       finished=True, position=desc)


def test_a_finished_match_from_a_position_replays_reviews_and_enters_the_history(stand_in, capsys):
    desc = description(stand_in)
    record = finished_position_record(stand_in, desc)
    path = saves.save(record)
    assert path.parent == paths.finished_dir()
    assert records.replay(saves.load(path)).result() == records.replay(record).result()
    assert cli.main(["review", str(path), "--text"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") > len(record.actions)
    assert cli.main(["history", "--json"]) == 0
    [entry] = json.loads(capsys.readouterr().out)["matches"]
    assert entry["moves"] == len(record.actions)


def test_replay_from_the_command_line_starts_from_the_position(stand_in, tmp_path, capsys):
    record = finished_position_record(stand_in, description(stand_in))
    path = saves.save(record)
    assert cli.main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["finished"] and data["result"]["scores"] == list(records.replay(record).result().scores)


# ----------------------------------------------------------------- records with a position

def record_text(**fields: Any) -> str:
    base = {"format": records.FORMAT, "game": GAME, "seed": 11, "seats": [{"name": n, "bot": None} for n in NAMES],
            "actions": []}
    return json.dumps({**base, **fields})


def test_a_record_without_a_position_has_none_and_writes_none():
    record = records.parse(record_text())
    assert record.position is None and "position" not in record.to_json()


def test_a_record_whose_position_is_not_an_object_is_refused_in_one_sentence(stand_in):
    with pytest.raises(RecordError, match="'position' must be a JSON object"):
        records.parse(record_text(position=[1, 2]))


def test_a_record_whose_position_is_impossible_is_refused_when_loaded(stand_in, tmp_path):
    desc = description(stand_in, count=2)
    desc["moves"][1][1] = "not a move"
    path = tmp_path / "bad.json"
    path.write_text(record_text(position=desc), encoding="utf-8")
    saves.read(path)  # the shape is fine ...
    with pytest.raises(RecordError) as info:
        saves.load(path)  # ... the position is not
    assert "starting position is impossible" in str(info.value) and "Move 2" in str(info.value)
    assert "\n" not in str(info.value)


def test_a_saved_position_for_a_game_that_cannot_build_one_cannot_be_resumed(tmp_path, monkeypatch):
    """A game without a position builder (none yet, or a record from a newer
    version) refuses the record in one sentence instead of dealing afresh."""
    real = registry.get
    spec = dataclasses.replace(real(GAME), build_position=None)
    monkeypatch.setattr(registry, "get", lambda game_id: spec if game_id == GAME else real(game_id))
    path = tmp_path / "record.json"
    path.write_text(record_text(position={"deal": 1}), encoding="utf-8")
    with pytest.raises(RecordError, match="cannot start from a position"):
        saves.load(path)


# ----- checks every game shares

def test_the_turn_passes_to_the_left_from_the_start_player():
    assert position.turns_had(0, 0, 3) == [0, 0, 0]
    assert position.turns_had(1, 4, 3) == [1, 2, 1]  # Ben, Cy, Ann, Ben
    assert position.turns_had(2, 10 ** 19, 3)[2] == 10 ** 19 // 3 + 1, "counted, not played out"


@pytest.mark.parametrize("value, shown", [
    ("x" * 10_000_000, "'" + "x" * 37 + "...'"),
    ("\x1b[2J", "'\\x1b[2J'"),
    (["x" * 1000] * 1_000_000, None),
    (9 ** 100, None),
    ({"k" * 1000: 1}, None),
])
def test_a_value_from_the_file_is_quoted_by_a_short_prefix(value, shown):
    said = position.said(value)
    assert len(said) <= 80 and "\n" not in said and "\x1b" not in said
    if shown is not None:
        assert said == shown


def test_a_5000_digit_number_in_a_position_file_is_one_line(stand_in, tmp_path):
    path = tmp_path / "position.json"
    path.write_text('{"game": "blind-chicken", "players": ["Ann", "Ben", "Cy"], "seed": %s, "position": {}}'
                    % ("9" * 5000), encoding="utf-8")
    with pytest.raises(PositionError) as info:
        position.load(path)
    assert str(info.value).endswith("holds a number with 5,000 digits; no position needs one.")
