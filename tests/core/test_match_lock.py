"""A match is played in one copy of the app at a time (core/match_lock.py):
an operating-system lock per match, dropped with the process that held it.

Two opens of one lock file conflict even within one process (``flock`` locks
belong to the open file), so "another copy" here is a second ``take``; the
tests with real processes are in tests/test_match_lock_processes.py."""

from __future__ import annotations

import gc
import os
from datetime import datetime, timedelta, timezone

import pytest

from tablegames.core import match_lock, paths, records, saves
from tablegames.core.match import Match, NotHeld
from tablegames.core.match_lock import Holder, MatchHeld
from tablegames.core.records import Seat


def test_a_match_taken_is_refused_to_a_second_taker_until_let_go():
    first = match_lock.take("blind-chicken", "abc123")
    with pytest.raises(MatchHeld) as refused:
        match_lock.take("blind-chicken", "abc123")
    assert "open in another copy of the app (since " in str(refused.value)
    first.release()
    second = match_lock.take("blind-chicken", "abc123")
    assert second.held and second.still_held()
    second.release()


def test_other_matches_are_not_held_by_a_lock_on_one():
    held = match_lock.take("blind-chicken", "abc123")
    other = match_lock.take("blind-chicken", "def456")
    same_id_other_game = match_lock.take("blasting-billy", "abc123")
    assert all(lock.still_held() for lock in (held, other, same_id_other_game))
    for lock in (held, other, same_id_other_game):
        lock.release()


def test_the_holder_says_since_when_and_which_process_without_taking_the_match():
    assert match_lock.holder("blind-chicken", "abc123") is None  # never taken: no file at all
    lock = match_lock.take("blind-chicken", "abc123")
    found = match_lock.holder("blind-chicken", "abc123")
    assert found is not None and found.pid == os.getpid()
    assert found.since is not None and abs(datetime.now(timezone.utc) - found.since) < timedelta(minutes=5)
    assert lock.still_held()  # asking took nothing
    lock.release()
    assert match_lock.holder("blind-chicken", "abc123") is None
    match_lock.take("blind-chicken", "abc123").release()  # and asking left nothing held


def test_letting_go_removes_the_lock_file_and_twice_is_harmless():
    lock = match_lock.take("blind-chicken", "abc123")
    assert lock.path.exists() and lock.path.parent == paths.data_dir() / "locks"
    lock.release()
    lock.release()
    assert not lock.path.exists() and not lock.held and not lock.still_held()


def test_a_lock_file_left_by_a_killed_copy_is_no_lock():
    # What a kill -9 leaves: the file with its holder's words, and no lock.
    path = match_lock.lock_path("blind-chicken", "abc123")
    path.parent.mkdir(parents=True)
    path.write_text('{"since": "2020-01-01T10:00:00+00:00", "pid": 1}')
    assert match_lock.holder("blind-chicken", "abc123") is None
    lock = match_lock.take("blind-chicken", "abc123")
    found = match_lock.holder("blind-chicken", "abc123")
    assert found is not None and found.pid == os.getpid()  # the new holder's words, not the old
    lock.release()


def test_a_lock_no_longer_referenced_is_let_go():
    lock = match_lock.take("blind-chicken", "abc123")
    del lock
    gc.collect()
    match_lock.take("blind-chicken", "abc123").release()


def test_a_lock_file_removed_by_hand_is_taken_again_unless_another_copy_took_it_first():
    lock = match_lock.take("blind-chicken", "abc123")
    lock.path.unlink()
    assert lock.still_held()  # nobody else: held again, on a new file
    assert match_lock.holder("blind-chicken", "abc123") is not None
    lock.path.unlink()
    other = match_lock.take("blind-chicken", "abc123")  # another copy, on the file it made
    assert not lock.still_held()
    assert other.still_held()
    other.release()
    lock.release()


def test_an_unreadable_holder_note_still_counts_as_held():
    lock = match_lock.take("blind-chicken", "abc123")
    with open(lock.path, "w") as fh:  # (another version's words, say)
        fh.write("not json")
    with pytest.raises(MatchHeld) as refused:
        match_lock.take("blind-chicken", "abc123")
    assert refused.value.holder == Holder() and str(refused.value) == "The match is open in another copy of the app."
    lock.release()


@pytest.mark.parametrize("game, match_id", [("blind-chicken", "../../x"), ("../x", "abc"), ("a", ""),
                                             ("a", "b/c"), ("a", "x" * 65)])
def test_a_lock_is_only_ever_named_after_a_game_and_an_id(game, match_id):
    with pytest.raises(ValueError):
        match_lock.lock_path(game, match_id)


def test_since_shows_the_time_today_and_the_date_before():
    now = datetime(2026, 3, 4, 20, 0, tzinfo=timezone.utc)
    assert Holder(datetime(2026, 3, 4, 14, 2, tzinfo=timezone.utc)).since_text(now) == "since 14:02 UTC"
    assert Holder(datetime(2026, 3, 3, 14, 2, tzinfo=timezone.utc)).since_text(now) == "since 2026-03-03 14:02 UTC"
    assert Holder().since_text(now) == ""


# ----------------------------------------------------------------- matches

def started(seats=("Ann", "Ben")) -> Match:
    """A Blind Chicken match with a human move played (so it is saved)."""
    bots = [Seat(f"Bot {n}", "random") for n in range(1, 4 - len(seats))]
    match = Match.new("blind-chicken", [Seat(name) for name in seats] + bots, {"hands": 1}, 5)
    while match.save_path is None:
        match.run_bots()
        seat = match.next_human()
        match.take_keyboard(seat)
        match.play(match.legal_actions()[0])
    return match


def test_a_new_match_holds_itself_from_its_first_move():
    match = started()
    assert match.lock is not None and match.lock.still_held()
    assert match_lock.holder(match.record.game, match.record.id) is not None
    match.let_go()
    assert match_lock.holder(match.record.game, match.record.id) is None


def test_a_match_open_here_is_refused_elsewhere_and_its_save_is_untouched():
    match = started()
    path = match.save_path
    before = path.read_bytes()
    with pytest.raises(MatchHeld):
        Match.resume(path, match.record.game, match.record.id)
    assert path.read_bytes() == before
    match.let_go()
    resumed = Match.resume(path, match.record.game, match.record.id)
    assert resumed.record.actions == match.record.actions and resumed.lock is not None
    resumed.let_go()


def test_resuming_reads_the_save_again_so_moves_played_elsewhere_since_the_listing_stay():
    match = started()
    path = match.save_path
    listed = saves.read(path)
    pass_move(match)
    match.let_go()
    resumed = Match.resume(path, listed.game, listed.id)
    assert len(resumed.record.actions) > len(listed.actions)
    assert resumed.record.actions == match.record.actions
    resumed.let_go()


def pass_move(match: Match) -> None:
    """One more human move."""
    if match.pending_pass:
        match.confirm_pass()
    match.run_bots()
    match.take_keyboard(match.next_human())
    match.play(match.legal_actions()[0])


def test_a_match_that_lost_its_lock_to_another_copy_changes_and_saves_nothing():
    match = started(seats=("Ann",))
    path = match.save_path
    assert match.lock is not None
    match.lock.path.unlink()  # removed by hand...
    other = match_lock.take(match.record.game, match.record.id)  # ...and another copy took it
    before = path.read_bytes()
    actions = list(match.record.actions)
    with pytest.raises(NotHeld, match="open in another copy of the app"):
        if match.next_bot() is not None:
            match.step_bot()
        else:
            match.play(match.legal_actions()[0])
    assert match.record.actions == actions and path.read_bytes() == before
    other.release()


def test_a_finished_match_is_let_go():
    match = started(seats=("Ann",))
    while not match.is_over():
        match.run_bots()
        if not match.is_over():
            match.play(match.legal_actions()[0])
    assert match.lock is None
    assert match_lock.holder(match.record.game, match.record.id) is None


def test_a_match_that_does_not_save_takes_no_lock():
    match = Match.new("blind-chicken", [Seat("Ann"), Seat("Bot", "random"), Seat("Bot 2", "random")], {"hands": 1},
                      5, autosave=False)
    match.run_bots()
    match.play(match.legal_actions()[0])
    assert match.lock is None and match_lock.holder(match.record.game, match.record.id) is None


def test_a_record_without_an_id_gets_the_same_id_in_every_copy():
    match = started()
    data = match.record.to_json()
    del data["id"]
    import json

    assert records.parse(json.dumps(data)).id == records.parse(json.dumps(data)).id
    match.let_go()


def test_a_match_that_cannot_be_locked_is_refused_in_one_sentence_and_left_as_it_is():
    match = started()
    match.let_go()
    path = match.save_path
    before = path.read_bytes()
    (paths.data_dir() / "locks").rmdir()
    (paths.data_dir() / "locks").write_text("not a folder")
    with pytest.raises(records.RecordError, match=r"this copy cannot lock it \(.+\)\.$"):
        Match.resume(path, match.record.game, match.record.id)
    assert path.read_bytes() == before
