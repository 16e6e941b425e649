"""Records: saved atomically, replayed exactly, bad files reported in one
sentence and left untouched."""

import json

import pytest

from tablegames.core import durable, paths, records, resumable, saves
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
    path = saves.save(record)
    loaded = saves.load(path)
    assert loaded.to_json() == record.to_json()
    assert records.replay(loaded).result() == out.result


def test_save_leaves_no_temporary_file_behind():
    record, _ = finished_record()
    path = saves.save(record)
    assert [p.name for p in path.parent.iterdir()] == [path.name]


@pytest.mark.parametrize("content, reason", [
    ("{not json", "not JSON"),
    (json.dumps({"format": 1, "game": "blind-chicken"}), "'seats' is missing"),
    (json.dumps([1, 2]), "not a tablegames match record"),
    (json.dumps({"format": 99}), "record format 99"),
])
def test_corrupt_record_is_reported_in_one_sentence_and_left_untouched(tmp_path, content, reason):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordError) as info:
        saves.load(path)
    message = str(info.value)
    assert reason in message and "\n" not in message
    assert path.read_text() == content


def test_record_with_an_illegal_move_names_the_move():
    record, _ = finished_record()
    record.actions[10] = (record.actions[10][0], "aside 7")
    path = saves.save(record)
    before = path.read_bytes()
    with pytest.raises(RecordError, match=r"move 11 .* is not legal"):
        saves.load(path)
    assert path.read_bytes() == before


def test_record_for_an_unknown_game_is_refused(tmp_path):
    record, _ = finished_record()
    data = record.to_json() | {"game": "snap"}
    path = tmp_path / "snap.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="unknown game 'snap'"):
        saves.load(path)


def test_unfinished_lists_resumable_matches_and_reports_bad_files():
    record, _ = finished_record()
    saves.save(record)  # finished: not offered
    open_record = MatchRecord(game="blind-chicken", seats=[Seat("A"), Seat("B"), Seat("C", "random")],
                              seed=3)
    good_path = saves.save(open_record)
    bad_path = paths.matches_dir() / "broken.json"
    bad_path.write_text("garbage")
    good, bad = resumable.unfinished()
    assert [p for p, _ in good] == [good_path]
    assert [p for p, _ in bad] == [bad_path]
    assert bad_path.read_text() == "garbage"


# ---------------------------------------------------------------- hostile files

import os
import signal
import stat
import time
from pathlib import Path

from tablegames.core.match import Match
from tests.core.bad_records import CONTENTS, fingerprint, good_record, make_bad_records


@pytest.fixture
def no_hang():
    """Fail (instead of hanging the suite) if a read blocks, as on a FIFO."""
    def hung(signum, frame):
        raise TimeoutError("reading the file blocked")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.fixture(scope="module")
def bad_folder(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    folder = tmp_path_factory.mktemp("bad") / "matches"
    return folder, make_bad_records(folder)


BAD_NAMES = sorted([*CONTENTS, "dangling-link.json", "link-loop.json", "fifo.json", "dev-zero.json",
                    "folder.json", "huge.json"])


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_hostile_file_is_one_sentence_and_left_untouched(bad_folder, no_hang, name):
    folder, expected = bad_folder
    path = folder / name
    before = fingerprint(path)
    with pytest.raises(RecordError) as info:
        saves.load(path)
    message = str(info.value)
    assert expected[name].lower() in message.lower(), message
    assert "\n" not in message and "\x1b" not in message
    assert len(message) < 400
    assert fingerprint(path) == before


def test_listing_a_folder_of_hostile_files_shows_each_once_with_its_reason(data_dir_matches, no_hang):
    expected = make_bad_records(data_dir_matches)
    sound = saves.save(MatchRecord.from_json(good_record()))
    before = {p.name: fingerprint(p) for p in data_dir_matches.iterdir()}
    good, bad = resumable.unfinished()
    assert [p for p, _ in good] == [sound]
    reasons = {p.name: reason for p, reason in bad}
    assert sorted(reasons) == sorted(expected)
    for name, fragment in expected.items():
        assert fragment.lower() in reasons[name].lower(), (name, reasons[name])
        assert "\n" not in reasons[name] and str(data_dir_matches) not in reasons[name]
    assert {p.name: fingerprint(p) for p in data_dir_matches.iterdir()} == before
    # Listed again (the picker on every return): the same answer.
    assert resumable.unfinished() == (good, bad)


@pytest.fixture
def data_dir_matches() -> Path:
    folder = paths.matches_dir()
    folder.mkdir(parents=True)
    return folder


def test_temporary_files_are_never_listed_and_stale_ones_are_removed(data_dir_matches):
    sound = saves.save(MatchRecord.from_json(good_record()))
    fresh = data_dir_matches / ".tmp-abc123.json"  # another copy is saving right now
    fresh.write_text("{")
    stale = data_dir_matches / ".tmp-def456.part"  # left by a kill -9 during a save
    stale.write_text('{"format": 1')
    old = time.time() - resumable.STALE_TEMP_SECONDS - 60
    os.utime(stale, (old, old))
    good, bad = resumable.unfinished()
    assert [p for p, _ in good] == [sound] and bad == []
    assert fresh.exists() and not stale.exists()


def test_a_file_that_vanishes_while_listed_is_skipped(data_dir_matches, monkeypatch):
    first = saves.save(MatchRecord.from_json(good_record(seed=1)))
    second = saves.save(MatchRecord.from_json(good_record(seed=2)))
    real_scandir = os.scandir

    class RacingScan:
        """The folder is read, then another copy renames a file away."""

        def __init__(self, folder):
            self.it = real_scandir(folder)

        def __enter__(self):
            entries = list(self.it)
            second.unlink()
            return iter(entries)

        def __exit__(self, *exc):
            self.it.close()

    monkeypatch.setattr(resumable.os, "scandir", RacingScan)
    good, bad = resumable.unfinished()
    assert [p for p, _ in good] == [first] and bad == []


def test_a_file_that_vanishes_before_it_is_read_is_skipped(data_dir_matches, monkeypatch):
    first = saves.save(MatchRecord.from_json(good_record(seed=1)))
    second = saves.save(MatchRecord.from_json(good_record(seed=2)))
    real_read = durable.read_bounded

    def racing_read(path, limit):
        if path == second:
            second.unlink()
        return real_read(path, limit)

    monkeypatch.setattr(durable, "read_bounded", racing_read)
    good, bad = resumable.unfinished()
    assert [p for p, _ in good] == [first] and bad == []


def test_listing_does_not_read_an_unchanged_file_again(data_dir_matches, monkeypatch):
    saves.save(MatchRecord.from_json(good_record()))
    resumable.unfinished()
    calls = []
    monkeypatch.setattr(durable, "read_bounded", lambda path, limit: calls.append(path) or b"")
    good, _ = resumable.unfinished()
    assert len(good) == 1 and calls == []


def test_save_flushes_the_file_and_the_folder_to_disk(monkeypatch):
    synced = []
    real_fsync = os.fsync

    def fsync(fd):
        synced.append(stat.S_IFMT(os.fstat(fd).st_mode))
        real_fsync(fd)

    monkeypatch.setattr(durable.os, "fsync", fsync)
    saves.save(MatchRecord.from_json(good_record()))
    assert synced[:2] == [stat.S_IFREG, stat.S_IFDIR]  # the file before the rename, the folder after


def test_a_finished_match_moves_to_the_finished_folder_and_back_on_take_back():
    data = good_record()
    record = MatchRecord.from_json(data)
    path = saves.save(record)
    assert path.parent == paths.matches_dir()
    record.finished = True
    done = saves.save(record, path)
    assert done == paths.finished_dir() / path.name and done.exists() and not path.exists()
    assert resumable.unfinished() == ([], [])
    record.finished = False
    again = saves.save(record, done)
    assert again == path and path.exists() and not done.exists()


def test_a_finished_match_saved_in_the_matches_folder_is_moved_out_once_listed():
    record, _ = finished_record()
    path = paths.matches_dir() / "blind-chicken-old.json"  # where older versions left it
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(record.to_json()))
    assert resumable.unfinished() == ([], [])
    assert not path.exists() and (paths.finished_dir() / path.name).exists()


def test_a_record_marked_finished_that_is_not_over_is_reported():
    data = good_record() | {"finished": True}
    path = paths.matches_dir() / "blind-chicken-claims-done.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    good, bad = resumable.unfinished()
    assert good == [] and [(p, r) for p, r in bad] == [(path, "it is marked finished, but the game in it is not over.")]
    assert path.exists()


def test_a_record_with_an_unknown_seat_in_memory_does_not_crash_replay():
    record = MatchRecord.from_json(good_record())
    record.actions.append((99, "L"))
    with pytest.raises(RecordError, match="seat that does not exist"):
        records.replay(record)


def test_a_match_nobody_has_moved_in_is_not_saved():
    match = Match.new("blind-chicken", [Seat("Bot 1", "random"), Seat("Bot 2", "random"), Seat("Kim")], seed=4)
    match.run_bots()  # the bots arrange their hands; Kim has not moved
    assert match.record.actions and match.save_path is None
    assert not paths.matches_dir().exists() or not list(paths.matches_dir().glob("*.json"))
    match.play(match.legal_actions()[0])
    assert match.save_path is not None and match.save_path.exists()


def test_a_record_from_before_the_levels_were_renamed_loads_with_its_heuristic_bots(tmp_path):
    # Written when "hard" meant the heuristic: records store the level's own
    # name, so "heuristic" and "random" still load, as normal and easy bots.
    old = {"format": records.FORMAT, "id": "old", "game": "blind-chicken", "seed": 3, "options": {"hands": 1}, "actions": [], "finished": False,
           "seats": [{"name": "Kim", "bot": None}, {"name": "Bot 1 (hard)", "bot": "heuristic"},
                     {"name": "Bot 2 (easy)", "bot": "random"}]}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    record = saves.load(path)
    assert [seat.bot for seat in record.seats] == [None, "heuristic", "random"]
    match = Match(record, autosave=False)
    match.run_bots()
    assert match.deciders() == [0]  # both bots played; Kim's turn


def test_a_save_names_each_bot_level_as_players_do_and_reads_back_the_same():
    record = MatchRecord(game="blind-chicken", seats=[Seat("Kim"), Seat("Bot 1", "heuristic"),
                                                      Seat("Bot 2 (hard)", "search"), Seat("Bot 3 (easy)", "random")],
                         seed=3, options={"hands": 1})
    path = saves.save(record)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert [seat["bot"] for seat in saved["seats"]] == [None, "normal", "hard", "easy"]
    assert [seat.bot for seat in saves.load(path).seats] == [None, "heuristic", "search", "random"]


# ---------------------------------------------------------------- killed while finishing

class Killed(BaseException):
    """kill -9: nothing more runs, not even clean-up."""


@pytest.fixture
def kill_at(monkeypatch):
    """``kill_at(n)``: the n-th rename or removal of a file raises Killed
    instead of happening, and so does every one after it (a killed process
    does no clean-up). Returns a function that revives the process (the
    next run of the app) and says whether the kill came."""
    real = {name: getattr(os, name) for name in ("replace", "rename", "unlink", "remove")}
    state = {"calls": 0, "at": None, "killed": False}

    def patched(name):
        def call(*args, **kwargs):
            state["calls"] += 1
            if state["killed"] or state["calls"] == state["at"]:
                state["killed"] = True
                raise Killed()
            return real[name](*args, **kwargs)
        return call

    def arm(n):
        state.update(calls=0, at=n, killed=False)
        for name in real:
            monkeypatch.setattr(os, name, patched(name))

    def revive():
        for name, function in real.items():
            monkeypatch.setattr(os, name, function)
        resumable._listed.clear()  # a new process
        return state["killed"]

    return arm, revive


def age_temporary_files(seconds=resumable.STALE_TEMP_SECONDS + 60):
    old = time.time() - seconds
    for path in paths.matches_dir().rglob(".tmp-*"):
        os.utime(path, (old, old))


def record_files():
    """Every record on disk (matches/ and finished/), name -> record."""
    found = {}
    for path in sorted(paths.matches_dir().rglob("*")):
        if path.is_file():
            found[str(path.relative_to(paths.matches_dir()))] = saves.read(path)
    return found


def one_move_short_and_finished():
    """A saved match one move before its end, and the same match finished."""
    data = good_record(moves=None, finished=True)
    full = MatchRecord.from_json(data)
    short = full.copy()
    short.actions.pop()
    short.finished = False
    return short, full


@pytest.mark.parametrize("kill", [1, 2, 3, 4])
def test_a_kill_while_a_match_finishes_leaves_exactly_one_copy(kill_at, kill):
    arm, revive = kill_at
    short, full = one_move_short_and_finished()
    path = saves.save(short)
    finishing = short.copy()
    finishing.actions.append(full.actions[-1])
    finishing.finished = True
    arm(kill)
    try:
        saves.save(finishing, path)
    except Killed:
        pass
    killed = revive()
    age_temporary_files()  # the next start comes after the grace time
    good, bad = resumable.unfinished()
    files = record_files()
    assert bad == [] and len(files) == 1, files  # no temporary file, no second copy
    [(where, record)] = files.items()
    if good:  # killed before the finishing move was saved: the save before it
        assert killed and where == path.name and record.actions == short.actions
        assert [p for p, _ in good] == [path]
    else:
        assert where == f"finished/{path.name}" and record.finished and record.actions == full.actions


@pytest.mark.parametrize("kill", [1, 2, 3, 4])
def test_a_kill_while_a_finished_match_is_taken_back_leaves_exactly_one_copy(kill_at, kill):
    arm, revive = kill_at
    short, full = one_move_short_and_finished()
    done = saves.save(full)
    assert done.parent == paths.finished_dir()
    taken_back = full.copy()
    taken_back.actions.pop()
    taken_back.finished = False
    arm(kill)
    try:
        saves.save(taken_back, done)
    except Killed:
        pass
    killed = revive()
    age_temporary_files()
    good, bad = resumable.unfinished()
    files = record_files()
    assert bad == [] and len(files) == 1, files
    [(where, record)] = files.items()
    if good:  # the take-back was saved
        assert where == done.name and record.actions == short.actions and not record.finished
        assert [p for p, _ in good] == [paths.matches_dir() / done.name]
    else:  # killed before it was: the finished match, in finished/
        assert killed and where == f"finished/{done.name}" and record.actions == full.actions


def test_a_save_left_beside_its_finished_twin_by_an_older_version_is_not_offered_and_is_removed():
    short, full = one_move_short_and_finished()
    done = saves.save(full)
    # An older version wrote the finished record, then was killed before it
    # removed the save one move short.
    stale = paths.matches_dir() / done.name
    stale.write_text(json.dumps(short.to_json()))
    before = done.read_bytes()
    assert resumable.unfinished() == ([], [])
    assert not stale.exists() and done.read_bytes() == before


def test_finishing_a_match_never_overwrites_a_different_finished_record():
    short, full = one_move_short_and_finished()
    path = saves.save(short)
    other = MatchRecord.from_json(good_record(seed=9, moves=None, finished=True) | {"id": short.id})
    taken = paths.finished_dir() / path.name  # same name, another match
    taken.parent.mkdir(parents=True)
    taken.write_text(json.dumps(other.to_json()))
    before = taken.read_bytes()
    good, _ = resumable.unfinished()
    assert [p for p, _ in good] == [path]  # not this match's twin: still offered
    finishing = good[0][1].copy()
    finishing.actions.append(full.actions[-1])
    finishing.finished = True
    done = saves.save(finishing, path)
    assert taken.read_bytes() == before
    assert done.parent == paths.finished_dir() and done != taken
    assert saves.read(done).actions == full.actions and not path.exists()


def test_stale_temporary_files_in_the_finished_folder_are_removed_when_listing():
    done = saves.save(MatchRecord.from_json(good_record(moves=None, finished=True)))
    fresh = done.parent / ".tmp-abc123.part"  # another copy finishing a match right now
    fresh.write_text("{")
    stale = done.parent / ".tmp-def456.part"  # left by a kill -9
    stale.write_text('{"format": 1')
    old = time.time() - resumable.STALE_TEMP_SECONDS - 60
    os.utime(stale, (old, old))
    assert resumable.unfinished() == ([], [])
    assert fresh.exists() and not stale.exists() and done.exists()


# ---------------------------------------------------------------- replayed before offered

def test_a_save_with_an_illegal_move_is_listed_with_the_move_and_never_offered():
    record, _ = finished_record()
    record.actions = record.actions[:11]
    record.finished = False
    record.actions[10] = (record.actions[10][0], "aside 7")
    path = paths.matches_dir() / "blind-chicken-cheat.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(record.to_json()))
    good, bad = resumable.unfinished()
    assert good == [] and [p for p, _ in bad] == [path]
    assert bad[0][1].startswith("move 11 ('aside 7' by seat") and "is not legal" in bad[0][1]


def test_a_save_over_but_not_marked_finished_is_listed_with_the_reason():
    data = good_record(moves=None)
    path = paths.matches_dir() / "blind-chicken-over.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    before = fingerprint(path)
    good, bad = resumable.unfinished()
    assert good == [] and bad == [(path, "the game in it is over, but it is not marked finished.")]
    assert fingerprint(path) == before


def test_a_save_is_replayed_once_while_it_is_unchanged(monkeypatch):
    path = saves.save(MatchRecord.from_json(good_record()))
    replayed = []
    real_replay = records.replay
    monkeypatch.setattr(resumable, "replay", lambda record, events=None: replayed.append(1) or real_replay(record, events))
    first = resumable.unfinished()
    assert resumable.unfinished() == first and len(replayed) == 1
    data = json.loads(path.read_text())
    data["actions"].pop()
    path.write_text(json.dumps(data))
    os.utime(path, ns=(1, 1))  # changed: listed afresh
    good, _ = resumable.unfinished()
    assert len(replayed) == 2 and len(good[0][1].actions) == len(data["actions"])


def test_a_match_finishing_while_another_copy_lists_the_saves_ends_up_once_in_finished(monkeypatch):
    short, full = one_move_short_and_finished()
    path = saves.save(short)
    finishing = short.copy()
    finishing.actions.append(full.actions[-1])
    finishing.finished = True
    real_write = saves._write

    def write_then_list(record, where, *, fresh):
        written = real_write(record, where, fresh=fresh)
        resumable.unfinished()  # another copy of the app opens its picker right now
        return written

    monkeypatch.setattr(saves, "_write", write_then_list)
    done = saves.save(finishing, path)
    assert done == paths.finished_dir() / path.name
    assert list(record_files()) == [f"finished/{path.name}"]
    assert saves.read(done).actions == full.actions


def test_a_finishing_save_tells_each_finished_hook_once_where_the_record_landed(monkeypatch):
    monkeypatch.setattr(saves, "_finished_hooks", [])
    told = []
    saves.on_finished(told.append)
    saves.on_finished(told.append)  # given twice: still told once
    short, full = one_move_short_and_finished()
    path = saves.save(short)
    assert told == []  # not finished: nothing to tell
    short.actions.append(full.actions[-1])
    short.finished = True
    done = saves.save(short, path)
    assert told == [done] and done.parent == paths.finished_dir()


def test_a_failing_finished_hook_never_fails_the_save_nor_the_hooks_after_it(monkeypatch):
    def broken(path):
        raise RuntimeError("the index is on fire")

    told = []
    monkeypatch.setattr(saves, "_finished_hooks", [])
    saves.on_finished(broken)
    saves.on_finished(told.append)
    _, full = one_move_short_and_finished()
    done = saves.save(full)
    assert told == [done] and saves.read(done).actions == full.actions


def test_a_move_by_a_seat_the_record_does_not_have_says_how_the_record_numbers_its_seats():
    data = good_record()
    data["actions"][2][0] = 7
    with pytest.raises(RecordError) as caught:
        MatchRecord.from_json(data)
    assert str(caught.value).endswith("move 3 is by seat 7, but a record of 3 players numbers its seats 0-2 "
                                      "in its moves (seat 1 is 0)")
