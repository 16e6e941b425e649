"""Records: saved atomically, replayed exactly, bad files reported in one
sentence and left untouched."""

import json

import pytest

from tablegames.core import records
from tablegames.core.records import MatchRecord, RecordError, Seat
from tablegames.core.simulate import play_out
from tablegames.core import registry


def finished_record(seed=5):
    spec = registry.get("blind-chicken")
    out = play_out(spec, ["random"] * 4, seed, record_actions=True)
    seats = [Seat(f"Seat {i + 1}") for i in range(4)]
    return MatchRecord(game=spec.id, seats=seats, seed=seed, actions=out.actions,
                       finished=True), out


def test_record_round_trip_replays_to_the_same_result():
    record, out = finished_record()
    path = records.save(record)
    loaded = records.load(path)
    assert loaded.to_json() == record.to_json()
    assert records.replay(loaded).result() == out.result


def test_save_leaves_no_temporary_file_behind():
    record, _ = finished_record()
    path = records.save(record)
    assert [p.name for p in path.parent.iterdir()] == [path.name]


@pytest.mark.parametrize("content, reason", [
    ("{not json", "not JSON"),
    (json.dumps({"format": 1, "game": "blind-chicken"}), "missing or malformed"),
    (json.dumps([1, 2]), "not a tablegames match record"),
    (json.dumps({"format": 99}), "record format 99"),
])
def test_corrupt_record_is_reported_in_one_sentence_and_left_untouched(tmp_path, content, reason):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordError) as info:
        records.load(path)
    message = str(info.value)
    assert reason in message and "\n" not in message
    assert path.read_text() == content


def test_record_with_an_illegal_move_names_the_move():
    record, _ = finished_record()
    record.actions[10] = (record.actions[10][0], "aside 7")
    path = records.save(record)
    before = path.read_bytes()
    with pytest.raises(RecordError, match=r"move 11 .* is not legal"):
        records.load(path)
    assert path.read_bytes() == before


def test_record_for_an_unknown_game_is_refused(tmp_path):
    record, _ = finished_record()
    data = record.to_json() | {"game": "snap"}
    path = tmp_path / "snap.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="unknown game 'snap'"):
        records.load(path)


def test_unfinished_lists_resumable_matches_and_reports_bad_files():
    record, _ = finished_record()
    records.save(record)  # finished: not offered
    open_record = MatchRecord(game="blind-chicken", seats=[Seat("A"), Seat("B"), Seat("C", "random")],
                              seed=3)
    good_path = records.save(open_record)
    bad_path = records.matches_dir() / "broken.json"
    bad_path.write_text("garbage")
    good, bad = records.unfinished()
    assert [p for p, _ in good] == [good_path]
    assert [p for p, _ in bad] == [bad_path]
    assert bad_path.read_text() == "garbage"
