"""The history index (core/history.py): what a player reads in the history
and statistics, and the index surviving faults (corrupt, foreign, locked or
read-only files, records changed under it, a kill in mid-update)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from datetime import datetime
from pathlib import Path

import pytest

from tablegames.core import history, paths, records, registry, saves
from tablegames.core.history import History, MatchSummary, PlayerKey
from tablegames.core.match import Match
from tablegames.core.records import MatchRecord, Seat
from tablegames.core.seats import shown
from tablegames.core.simulate import play_out

GAME = "blasting-billy"  # the quickest game to play out


@pytest.fixture(autouse=True)
def index_follows_saves(monkeypatch):
    """As in the app (ui/app.py): every finished save updates the index."""
    monkeypatch.setattr(saves, "_finished_hooks", [history.note_finished])


def finish(seed: int = 1, seats: list[Seat] | None = None, game: str = GAME,
           series: str | None = None) -> tuple[Path, MatchRecord]:
    """A finished match of bots' moves saved as a record; returns (path, record)."""
    seats = seats or [Seat("Ann"), Seat("Ben")]
    spec = registry.get(game)
    out = play_out(spec, ["random"] * len(seats), seed, record_actions=True)
    record = MatchRecord(game=spec.id, seats=seats, seed=seed, actions=out.actions, finished=True, series=series)
    return saves.save(record), record


def summary(name: str, names: tuple[str, ...], scores: tuple[float, ...], winners: tuple[int, ...],
            *, hour: int = 0, levels: tuple[str | None, ...] | None = None, game: str = GAME,
            lowest_best: bool = False, other_winner: str | None = None) -> MatchSummary:
    return MatchSummary(
        path=paths.finished_dir() / name, game=game, title=game, finished_at=datetime(2026, 1, 1, hour),
        options={}, names=names, levels=levels or (None,) * len(names), scores=scores, winners=winners,
        other_winner=other_winner, eliminated=(), moves=1, seconds=None, stages=(), record_id=name[:8],
        lowest_best=lowest_best)


def put(h: History, *summaries: MatchSummary) -> None:
    with history._transaction(h._con):
        for s in summaries:
            history._put(h._con, s.path.name, 0, 0, s)


def index_file() -> Path:
    return history.index_path()


def rows(path: Path) -> list[tuple]:
    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT name FROM matches ORDER BY name").fetchall()
    finally:
        con.close()


# ----------------------------------------------------------------- history and statistics

def test_history_lists_finished_matches_newest_first_with_their_results():
    first, _ = finish(1)
    second, record = finish(2)
    os.utime(first, (1_000_000_000, 1_000_000_000))
    with History() as h:
        listed = h.matches()
    assert [m.path for m in listed] == [second, first]
    result = records.replay(record).result()
    top = listed[0]
    assert top.names == ("Ann", "Ben") and top.game == GAME
    assert top.scores == tuple(float(x) for x in result.scores)
    assert top.winners == result.winners and top.moves == len(record.actions)


def test_history_filters_by_game_and_by_player_name_trimmed_and_any_case():
    finish(1, [Seat("Ann"), Seat("Ben")])
    finish(2, [Seat("Cid"), Seat("Ben")])
    finish(3, [Seat("Ann"), Seat("Ben"), Seat("Cid")], game="nutty-business")
    with History() as h:
        assert len(h.matches(player="  ANN ")) == 2
        assert len(h.matches(game="nutty-business")) == 1
        assert len(h.matches(game=GAME, player="cid")) == 1
        assert len(h.matches(limit=2)) == 2


def test_the_player_filter_finds_a_name_as_the_list_shows_it_by_its_start_in_any_case():
    with History() as h:
        put(h, summary("a.json", ("Kim", "Bot 1", "Cy"), (1, 2, 3), (0,), levels=(None, "normal", "normal")),
            summary("b.json", ("Lee", "Bot 2"), (1, 2), (0,), hour=1, levels=(None, "hard")),
            summary("c.json", ("Cy", "Émile"), (1, 2), (0,), hour=2))

        def found(typed: str) -> list[str]:
            listed = [m.path.name for m in h.matches(player=typed)]
            assert h.count(player=typed) == len(listed)
            return listed

        assert found("Bot 1") == ["a.json"]  # exactly as the list shows it
        assert found("bot") == ["b.json", "a.json"]
        assert found("ki") == found("KIM") == ["a.json"]
        assert found("cy") == ["c.json", "a.json"]
        assert found(" cy (BOT) ") == ["a.json"]  # as the list shows a bot not named Bot
        assert found("Bot (hard)") == ["b.json"]  # a level, as the statistics show it
        assert found("ÉMI") == found("émile") == ["c.json"]
        assert found("im") == [] and found("Bot 3") == []


def test_an_eliminated_players_match_counts_as_lost_and_their_score_not_in_mean_or_best():
    from dataclasses import replace

    with History() as h:
        # Kim was out at 21 in the first match, in at 12 in the second.
        put(h, replace(summary("a.json", ("Kim", "Lee", "Cy"), (21, 15, 9), (1,)), eliminated=(0,)),
            replace(summary("b.json", ("Kim", "Lee", "Cy"), (12, 14, 3), (0,), hour=1), eliminated=(2,)),
            replace(summary("c.json", ("Kim", "Cy"), (8, 20), (0,), hour=2), eliminated=(1,)),
            # Billy won; Kim was out with more than Lee, who was still in.
            replace(summary("d.json", ("Kim", "Lee"), (25, 10), (), hour=3, other_winner="Billy"),
                    eliminated=(0,)))
        stats = {s.player.label: s for s in h.stats(game=GAME)}
        kim, cy = stats["Kim"], stats["Cy"]
        assert (kim.matches, kim.wins, kim.outs) == (4, 2, 2)
        assert kim.mean_score == 10 and kim.best_score == 12  # 21 and 25 were out: not counted
        assert kim.longest_streak == 2 and kim.current_streak == 0
        assert (cy.matches, cy.wins, cy.outs) == (3, 0, 2) and cy.mean_score == 9 and cy.best_score == 9
        # Head to head: one still in is ahead of one out, whatever the scores.
        h2h = h.head_to_head("Lee", "Kim", game=GAME)
        assert (h2h.matches, h2h.a_wins, h2h.b_wins, h2h.draws) == (3, 2, 1, 0)
        assert h.stats(game=GAME, player="Cy")[0].outs == 2


def test_a_shared_win_counts_one_kth_to_each_winner():
    with History() as h:
        put(h, summary("a.json", ("Ann", "Ben", "Cid"), (5, 5, 1), (0, 1)),
            summary("b.json", ("Ann", "Ben", "Cid"), (1, 1, 9), (2,), hour=1))
        stats = {s.player.label: s for s in h.stats()}
    assert stats["Ann"].wins == 0.5 and stats["Ben"].wins == 0.5 and stats["Cid"].wins == 1
    assert stats["Ann"].win_share == 0.25


def test_a_win_by_no_seat_counts_no_win_to_the_seats():
    with History() as h:
        put(h, summary("a.json", ("Ann", "Ben"), (3, 4), (), other_winner="Billy"))
        assert [s.wins for s in h.stats()] == [0, 0]


def test_players_are_one_row_per_name_trimmed_and_case_folded_and_bots_by_level():
    with History() as h:
        put(h, summary("a.json", ("Kim", "Bot 1", "Bot 2"), (3, 2, 1), (0,), levels=(None, "easy", "easy")),
            summary("b.json", ("KIM", "Bot 1 (hard)", "Lee"), (1, 5, 2), (1,), hour=1,
                    levels=(None, "hard", None)))
        stats = {s.player.key: s for s in h.stats()}
    assert set(stats) == {"kim", "bot:easy", "bot:hard", "lee"}
    assert stats["kim"].matches == 2 and stats["kim"].player.label == "KIM"  # as last typed
    assert stats["bot:easy"].matches == 2 and stats["bot:easy"].player.label == "Bot (easy)"


def test_mean_and_best_score_follow_the_games_order():
    with History() as h:
        put(h, summary("a.json", ("Ann", "Ben"), (10, 30), (0,), game="blenders-tricks", lowest_best=True),
            summary("b.json", ("Ann", "Ben"), (20, 4), (1,), hour=1, game="blenders-tricks", lowest_best=True),
            summary("c.json", ("Ann", "Ben"), (7, 9), (1,), hour=2))
        ann = h.stats(game="blenders-tricks", player="ann")[0]
        overall = h.stats(player="ann")[0]
    assert ann.mean_score == 15 and ann.best_score == 10  # lower is better there
    # Scores of different games do not add up: no mean or best over all games.
    assert overall.matches == 3 and overall.mean_score is None and overall.best_score is None


def test_current_and_longest_winning_streaks():
    outcomes = [0, 0, 0, 1, 0, 0]  # Ann wins 3, loses, wins 2
    with History() as h:
        put(h, *[summary(f"{hour}.json", ("Ann", "Ben"), (1, 1), (winner,), hour=hour)
                 for hour, winner in enumerate(outcomes)])
        ann, ben = h.stats(player="Ann")[0], h.stats(player="Ben")[0]
    assert (ann.current_streak, ann.longest_streak) == (2, 3)
    assert (ben.current_streak, ben.longest_streak) == (0, 1)


def test_head_to_head_counts_who_finished_ahead():
    with History() as h:
        put(h, summary("a.json", ("Ann", "Ben", "Cid"), (9, 5, 1), (0,)),
            summary("b.json", ("Ann", "Ben", "Cid"), (1, 5, 9), (2,), hour=1),  # Ben ahead of Ann
            summary("c.json", ("Ann", "Ben", "Cid"), (4, 4, 9), (2,), hour=2),  # a draw
            summary("d.json", ("Ann", "Cid"), (4, 9), (1,), hour=3))
        duel = h.head_to_head("ann", "BEN")
    assert (duel.matches, duel.a_wins, duel.b_wins, duel.draws) == (3, 1, 1, 1)
    assert duel.a == PlayerKey("ann", "Ann")


def test_play_again_keeps_a_running_tally_of_the_series():
    match = Match.new(GAME, [Seat("Ann"), Seat("Ben")], seed=1)
    tallies = []
    for _ in range(3):
        while not match.is_over():
            seat = match.next_human()
            match.take_keyboard(seat)
            match.play(match.legal_actions()[0])
            if match.pending_pass:
                match.confirm_pass()
        assert match.save_path is not None
        with History() as h:
            tallies.append(h.series(match.save_path))
        match = match.rematch()
    finish(9)  # another sitting, the same names: not in the series
    with History() as h:
        newest_first = h.matches()
    sitting = newest_first[1:][::-1]  # the newest is the other sitting
    assert len(sitting) == 3
    expected, running = [], [0.0, 0.0]
    for m in sitting:
        running = [total + share for total, share in zip(running, m.win_shares())]
        expected.append(running)
    assert [[wins for _, wins in tally] for tally in tallies] == expected
    assert [player.label for player, _ in tallies[-1]] == ["Ann", "Ben"]
    assert len({m.series or m.record_id for m in sitting}) == 1
    assert newest_first[0].series is None


def test_tonights_table_counts_each_bot_by_its_seat_not_by_its_level():
    from dataclasses import replace

    names, levels = ("Kim", "Cy", "Bot 2"), (None, "normal", "normal")
    first = summary("a.json", names, (1, 2, 3), (1,), levels=levels)
    second = replace(summary("b.json", names, (1, 2, 3), (2,), hour=1, levels=levels), series=first.record_id)
    with History() as h:
        put(h, first, second)
        tally = h.series(second.path)
    assert [(player.label, wins) for player, wins in tally] == [("Kim", 0), ("Cy", 1), ("Bot 2", 1)]
    assert [player.key for player, _ in tally] == ["kim", "bot:normal:cy", "bot:normal:bot 2"]


def test_records_without_a_series_still_load_and_keep_none():
    path, record = finish(1)
    assert "series" not in path.read_text()
    assert saves.load(path).series is None
    chained = Match(saves.load(path)).rematch()
    assert chained.record.series == record.id
    assert records.parse(__import__("json").dumps(chained.record.to_json())).series == record.id


# ----------------------------------------------------------------- kept up to date

def test_a_finished_save_adds_the_match_to_the_index():
    finish(1)
    History().close()  # the index exists
    path, _ = finish(2)
    assert (path.name,) in rows(index_file())  # in the index already, before any rebuild


def test_a_failing_index_update_never_loses_the_save(monkeypatch):
    finish(1)
    History().close()

    def broken(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    with monkeypatch.context() as patch:
        patch.setattr(history, "_put", broken)
        path, _ = finish(2)
    assert path.exists() and saves.load(path).finished
    with History() as h:
        assert path in [m.path for m in h.matches()]


def test_a_record_deleted_or_changed_under_the_index_is_caught_up():
    gone, _ = finish(1)
    changed, record = finish(2)
    kept, _ = finish(3)
    History().close()
    gone.unlink()
    record.seats = [Seat("Zed"), Seat("Ben")]
    saves.save(record, changed)
    with History() as h:
        listed = {m.path: m for m in h.matches()}
    assert set(listed) == {changed, kept}
    assert listed[changed].names == ("Zed", "Ben")


def test_unreadable_records_are_skipped_and_counted():
    finish(1)
    folder = paths.finished_dir()
    (folder / "blasting-billy-bad.json").write_text("{not json")
    (folder / "blasting-billy-illegal.json").write_text('{"format": 1, "game": "nope", "seats": [], '
                                                       '"seed": 1, "actions": []}')
    with History() as h:
        assert len(h.matches()) == 1
        assert h.skipped == 2
        assert any("2 finished records cannot be read" in n for n in h.notices)
    with History() as h:  # remembered: not read again, still counted
        assert h.skipped == 2


def bad_record(name: str = "blasting-billy-bad.json", text: str = '{"format": 99}') -> Path:
    path = paths.finished_dir() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def taken() -> list[str]:
    """The notices one opening of the history gives the player."""
    with History() as h:
        return h.take_notices()


def test_a_damaged_record_is_named_once_with_where_it_is_and_what_to_do():
    finish(1)
    bad = bad_record()
    [notice] = taken()
    assert notice == (f"The finished record {bad.name} is left out of the history: it has record format 99, "
                      f"this version reads 1. Delete it, or move it out of {bad.parent} (said once for this file).")
    for _ in range(2):  # the next commands: counted, not named again
        with History() as h:
            assert h.take_notices() == [] and h.skipped == 1 and len(h.matches()) == 1


def test_a_new_changed_or_returning_damaged_record_is_named_again():
    finish(1)
    first = bad_record()
    assert len(taken()) == 1
    second = bad_record("blasting-billy-second.json", "{not json")
    [notice] = taken()
    assert second.name in notice and first.name not in notice
    first.write_text('{"format": 98}')  # changed: damaged in another way, perhaps
    [notice] = taken()
    assert first.name in notice and "format 98" in notice and second.name not in notice
    assert taken() == []
    stamp = first.stat().st_mtime_ns
    content = first.read_bytes()
    first.unlink()
    assert taken() == []  # gone: nothing to say
    first.write_bytes(content)
    os.utime(first, ns=(stamp, stamp))  # back exactly as it was: named again all the same
    [notice] = taken()
    assert first.name in notice


def test_many_damaged_records_are_named_in_one_line_the_first_few_by_name():
    finish(1)
    bad = [bad_record(f"blasting-billy-bad{n}.json") for n in range(5)]
    [notice] = taken()
    assert notice.startswith("5 finished records cannot be read and are left out of the history: "
                             f"{bad[0].name}, {bad[1].name}, {bad[2].name} and 2 more. Delete them, or move them "
                             f"out of {bad[0].parent}")
    assert "\n" not in notice and taken() == []


def test_notices_read_but_not_shown_are_named_on_the_next_showing():
    """The results screen reads the index for the evening's tally and
    shows no notice: the damaged record is still named by the next
    command that shows the notices."""
    finish(1)
    bad = bad_record()
    with History() as h:
        assert any(bad.name in n for n in h.notices)  # read, not taken
    with History() as h:
        assert h.take_notices(room=0) == []  # no room to show it: not taken either
    assert any(bad.name in n for n in taken())
    assert taken() == []


def test_a_damaged_record_is_named_when_the_index_is_rebuilt_in_memory(monkeypatch):
    finish(1)
    bad = bad_record()
    monkeypatch.setattr(History, "_open_file", lambda self: (_ for _ in ()).throw(
        history._Unusable("readonly", "read-only")))
    for _ in range(2):  # nothing can be remembered: named each time, never lost
        notices = taken()
        assert any(bad.name in n for n in notices) and any("cannot be written" in n for n in notices)


def test_a_rebuild_reports_its_progress():
    for seed in range(30):
        finish(seed)
    seen: list[tuple[int, int]] = []
    with History(progress=lambda done, total: seen.append((done, total))) as h:
        assert len(h.matches()) == 30
    assert seen[-1] == (30, 30) and all(total == 30 for _, total in seen)


def test_a_missing_index_is_rebuilt_with_the_same_history():
    for seed in range(4):
        finish(seed)
    with History() as h:
        before = h.matches()
    for suffix in ("", "-wal", "-shm"):
        Path(str(index_file()) + suffix).unlink(missing_ok=True)
    with History() as h:
        assert h.matches() == before


def test_an_index_of_another_schema_version_is_rebuilt():
    finish(1)
    History().close()
    con = sqlite3.connect(index_file())
    con.execute("PRAGMA user_version=99")
    con.execute("DELETE FROM matches")
    con.commit()
    con.close()
    with History() as h:
        assert len(h.matches()) == 1 and h.notices == []


# ----------------------------------------------------------------- faults

def test_a_corrupt_index_is_moved_aside_with_one_notice_and_rebuilt():
    finish(1)
    index = index_file()
    index.parent.mkdir(parents=True, exist_ok=True)
    index.write_bytes(b"this is not a database" * 100)
    with History() as h:
        assert len(h.matches()) == 1
        assert len(h.notices) == 1 and "moved aside" in h.notices[0] and "\n" not in h.notices[0]
    aside = [p for p in index.parent.iterdir() if p.name.startswith(index.name + ".bad")]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not a database")


def test_an_index_damaged_inside_is_moved_aside_not_a_crash():
    for seed in range(40):
        finish(seed)
    History().close()
    index = index_file()
    data = bytearray(index.read_bytes())
    for at in range(4096, len(data), 97):  # every page but the header
        data[at] = 0xFF
    index.write_bytes(bytes(data))
    with History() as h:
        assert len(h.matches()) == 40 and len(h.stats()) == 2
        assert any("moved aside" in n or "damaged" in n for n in h.notices)


def test_a_foreign_sqlite_file_is_moved_aside_untouched():
    finish(1)
    index = index_file()
    index.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(index)
    con.execute("CREATE TABLE photos(id INTEGER)")
    con.execute("INSERT INTO photos VALUES (7)")
    con.commit()
    con.close()
    with History() as h:
        assert len(h.matches()) == 1 and "not a tablegames history index" in h.notices[0]
    aside = next(p for p in index.parent.iterdir() if p.name.startswith(index.name + ".bad"))
    con = sqlite3.connect(aside)
    assert con.execute("SELECT id FROM photos").fetchall() == [(7,)]
    con.close()


def test_a_locked_index_is_read_from_the_records_with_a_notice(monkeypatch):
    monkeypatch.setattr(history, "BUSY_MS", 50)
    finish(1)
    History().close()
    holder = sqlite3.connect(index_file(), isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("DELETE FROM files")
    try:
        finish(2)  # the save goes through, the index update is left for later
        with History() as h:
            assert len(h.matches()) == 2 and not h.on_disk
            assert "another copy of the app" in h.notices[0]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with History() as h:
        assert len(h.matches()) == 2 and h.on_disk and h.notices == []


def test_a_finishing_save_waits_only_briefly_for_a_busy_index(monkeypatch):
    finish(1)
    History().close()
    waits: list[int | None] = []
    real = history._connect

    def recording(path, busy_ms=None):
        waits.append(busy_ms)
        return real(path, busy_ms)

    monkeypatch.setattr(history, "_connect", recording)
    path, _ = finish(2)
    assert waits == [history.FINISH_BUSY_MS] and history.FINISH_BUSY_MS <= 200
    assert (path.name,) in rows(index_file())


def test_a_read_only_index_is_read_from_the_records_with_a_notice(monkeypatch):
    finish(1)
    History().close()
    finish(2)  # the index knows it; a third arrives while it is read-only
    real = history._connect

    def read_only(path, busy_ms=None):
        if str(path) == ":memory:":
            return real(path)
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
        return con

    monkeypatch.setattr(history, "_connect", read_only)
    third, _ = finish(3)
    assert third.exists()
    with History() as h:
        assert len(h.matches()) == 3 and not h.on_disk
        assert "cannot be written" in h.notices[0]


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes any file")
def test_an_index_file_without_write_permission_is_not_a_crash():
    finish(1)
    History().close()
    finish(2)
    index = index_file()
    index.chmod(0o444)
    try:
        with History() as h:
            assert len(h.matches()) == 2
    finally:
        index.chmod(0o644)


def _three_more_unindexed(monkeypatch) -> list[tuple]:
    """Three finished matches in the index, then three more saved while
    their index update failed: what the index held before."""
    for seed in range(3):
        finish(seed)
    History().close()
    before = rows(index_file())
    with monkeypatch.context() as patch:
        patch.setattr(saves, "_finished_hooks", [])
        for seed in range(3, 6):
            finish(seed)
    return before


def test_an_exception_in_mid_update_leaves_the_index_as_it_was(monkeypatch):
    before = _three_more_unindexed(monkeypatch)
    real = history._put
    calls = []

    def failing(con, *args):
        calls.append(args)
        if len(calls) == 2:  # one of the three written, then the catch-up fails
            raise RuntimeError("killed")
        real(con, *args)

    with monkeypatch.context() as patch:
        patch.setattr(history, "_put", failing)
        with pytest.raises(RuntimeError):
            History()
    assert rows(index_file()) == before  # nothing half-written
    with History() as h:
        assert len(h.matches()) == 6


def test_a_kill_in_mid_update_leaves_the_index_whole(monkeypatch):
    before = _three_more_unindexed(monkeypatch)
    # A copy of the app catching up is killed (no rollback, no cleanup) in
    # the middle of its transaction.
    script = textwrap.dedent("""
        import os
        from tablegames.core import history
        real = history._put
        calls = []
        def dying(con, *args):
            calls.append(args)
            if len(calls) == 2:
                os._exit(9)
            real(con, *args)
        history._put = dying
        history.History()
    """)
    done = subprocess.run([sys.executable, "-c", script], env=dict(os.environ), timeout=60)
    assert done.returncode == 9
    assert rows(index_file()) == before  # the half transaction is not there
    with History() as h:
        assert len(h.matches()) == 6 and h.notices == []


def test_names_with_markup_and_control_characters_come_back_as_typed():
    odd = ("[b]Lee[/b]", "\x1b[2JKim", "[/]Ann")
    with History() as h:
        put(h, summary("a.json", odd, (3, 2, 1), (0,)))
        assert h.matches()[0].names == odd
        assert {s.player.label for s in h.stats()} == set(odd)
        assert h.stats(player="[B]LEE[/B]")[0].wins == 1


def test_ten_thousand_players_each_get_their_row():
    with History() as h:
        put(h, *[summary(f"{n}.json", tuple(f"P{n}-{seat}" for seat in range(5)), (5, 4, 3, 2, 1), (0,))
                 for n in range(2000)])
        stats = h.stats()
        assert len(stats) == 10_000
        assert sum(s.wins for s in stats) == 2000 and all(s.matches == 1 for s in stats)
        assert h.stats(player="p1999-4")[0].player.label == "P1999-4"


def test_a_finished_folder_that_cannot_be_read_keeps_the_history_as_it_was(monkeypatch):
    finish(1)
    finish(2)
    History().close()
    real = os.scandir

    def denied(path=None):
        if Path(path) == paths.finished_dir():
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(history.os, "scandir", denied)
    with History() as h:
        assert len(h.matches()) == 2
        assert h.notices == ["The finished matches cannot be read now: the history shows them as they were."]


def test_count_is_the_number_of_matches_listed_with_the_same_filters():
    finish(1, [Seat("Ann"), Seat("Ben")])
    finish(2, [Seat("Cid"), Seat("Ben")])
    finish(3, [Seat("Ann"), Seat("Ben"), Seat("Cid")], game="nutty-business")
    with History() as h:
        for game in (None, GAME, "nutty-business"):
            for player in (None, " ann", "Ben", "cid", "Dee"):
                assert h.count(game, player) == len(h.matches(game, player))
        assert h.count() == 3 and h.count(player="Dee") == 0


# ----------------------------------------------------------------- the index never hides a record

def edit_index(*statements: str, params: tuple = ()) -> None:
    """Change the index as another SQLite client would (the sqlite3 shell, a
    fault injector): plain SQL, committed."""
    con = sqlite3.connect(index_file())
    for statement in statements:
        con.execute(statement, params if "?" in statement else ())
    con.commit()
    con.close()


def bad_name_in_schema(path: Path) -> None:
    """A damaged schema: a table whose name (and statement) are not UTF-8,
    written into sqlite_master as raw bytes."""
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA writable_schema=ON")
    con.execute("UPDATE sqlite_master SET name = CAST(X'ff73656174' AS TEXT), "
                "sql = CAST(X'435245415445205441424c4520ff7365617428612029' AS TEXT) WHERE name = 'seats'")
    con.execute("PRAGMA writable_schema=OFF")
    con.close()


def three_indexed() -> tuple[list[MatchSummary], list, Path]:
    """Three finished matches, indexed: what the history and the statistics
    say of them, and the first one's record."""
    first, _ = finish(1, [Seat("Ann"), Seat("Ben")])
    finish(2, [Seat("Ann"), Seat("Cid")])
    finish(3, [Seat("Ben"), Seat("Cid"), Seat("Ann")])
    with History() as h:
        return h.matches(), h.stats(), first


@pytest.mark.parametrize("deletion", [
    "DELETE FROM matches",
    "DELETE FROM matches WHERE name = ?",
    "DELETE FROM seats WHERE name = ? AND seat = 1",
    "DELETE FROM seats",
    "DELETE FROM files WHERE name = ?",
])
def test_rows_deleted_from_the_index_are_read_again_from_their_records(deletion):
    before, stats, first = three_indexed()
    edit_index(deletion, params=(first.name,))
    with History() as h:
        assert h.matches() == before and h.stats() == stats
        assert h.count() == 3
        assert len(h.notices) == 1 and "rebuilt from the records" in h.notices[0]
    with History() as h:  # mended for good: no notice, the same history
        assert h.matches() == before and h.notices == []


@pytest.mark.parametrize("edit", [
    "UPDATE matches SET names = '[\"Zed\", \"Ben\"]' WHERE name = ?",  # a name
    "UPDATE matches SET scores = '[99.0, 0.0]', winners = '[1]' WHERE name = ?",  # the scores shown
    "UPDATE seats SET score = score + 100 WHERE name = ? AND seat = 0",  # a score in the statistics
    "UPDATE seats SET label = 'Zed', key = 'zed' WHERE name = ? AND seat = 0",  # a name in the statistics
    "UPDATE seats SET win = 1 WHERE name = ?",
    "UPDATE matches SET finished = 0 WHERE name = ?",  # out of the newest
    "UPDATE matches SET game = 'nutty-business' WHERE name = ?",  # out of its game's history
    "UPDATE files SET problem = 'it is unreadable.' WHERE name = ?",  # hidden as unreadable
    "UPDATE files SET digest = digest + 1 WHERE name = ?",
])
def test_rows_edited_in_the_index_show_what_the_record_says(edit):
    before, stats, first = three_indexed()
    edit_index(edit, params=(first.name,))
    with History() as h:
        assert h.matches() == before and h.stats() == stats
        assert h.matches(game=GAME) == before and h.skipped == 0
        assert h.notices == ["The history index disagreed with 1 record: rebuilt from the records."]


def test_a_row_added_to_the_index_for_no_record_is_not_listed():
    before, stats, first = three_indexed()
    edit_index("INSERT INTO matches SELECT 'blasting-billy-ghost.json', game, title, finished + 1, options, "
               "names, levels, scores, winners, other_winner, eliminated, moves, seconds, stages, lowest_best, "
               "'ghost', series, hints FROM matches WHERE name = ?",
               "INSERT INTO seats SELECT 'blasting-billy-ghost.json', seat, key, label, score, win FROM seats "
               "WHERE name = ?", params=(first.name,))
    with History() as h:
        assert h.matches() == before and h.stats() == stats and h.count() == 3
        assert len(h.notices) == 1


def test_text_that_is_not_utf8_in_a_row_is_damage_mended_not_a_crash():
    before, stats, first = three_indexed()
    edit_index("UPDATE seats SET label = CAST(X'ff41' AS TEXT) WHERE name = ?", params=(first.name,))
    with History() as h:
        assert h.matches() == before and h.stats() == stats
        assert len(h.notices) == 1 and "\n" not in h.notices[0]


def test_a_name_in_the_schema_that_is_not_utf8_moves_the_index_aside_not_a_crash():
    before, stats, _ = three_indexed()
    bad_name_in_schema(index_file())
    with History() as h:
        assert h.matches() == before and h.stats() == stats
        assert len(h.notices) == 1 and "moved aside" in h.notices[0]
    with History() as h:
        assert h.matches() == before and h.notices == []
    assert any(p.name.startswith(history.INDEX_NAME + ".bad") for p in index_file().parent.iterdir())


@pytest.mark.parametrize("keep", [0, 50, 100, 4096, 0.5])
def test_a_truncated_index_is_moved_aside_and_rebuilt(keep):
    before, stats, _ = three_indexed()
    index = index_file()
    data = index.read_bytes()
    index.write_bytes(data[:int(len(data) * keep) if isinstance(keep, float) else keep])
    with History() as h:
        assert h.matches() == before and h.stats() == stats
        if keep == 0:  # an empty file is a new index
            assert h.notices == []
        else:
            assert len(h.notices) == 1 and "moved aside" in h.notices[0]
    with History() as h:
        assert h.notices == []


def test_garbage_within_the_index_pages_is_caught_on_opening():
    before, stats, _ = three_indexed()
    index = index_file()
    data = bytearray(index.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[page + 8:page + 64] = b"\x99" * 56  # the second page's cells, behind a valid header
    index.write_bytes(bytes(data))
    with History() as h:
        assert h.matches() == before and h.stats() == stats
        assert len(h.notices) == 1


def test_the_apps_own_updates_never_make_an_opening_check_every_row(monkeypatch):
    checks: list[int] = []
    real = history._verify

    def counting(con):
        checks.append(1)
        return real(con)

    monkeypatch.setattr(history, "_verify", counting)
    before, _, first = three_indexed()
    finish(4)  # added by the finishing save
    with History() as h:
        h.add(first)
        assert len(h.matches()) == 4
    with History():
        pass
    assert checks == []
    edit_index("UPDATE seats SET score = 0 WHERE name = ?", params=(first.name,))
    with History():
        pass
    with History():
        pass
    assert checks == [1]  # once, and mended: not again


def test_a_kill_while_mending_the_index_loses_nothing(monkeypatch):
    before, stats, first = three_indexed()
    edit_index("DELETE FROM matches", "UPDATE seats SET score = 1")
    script = textwrap.dedent("""
        import os
        from tablegames.core import history
        real = history._put
        calls = []
        def dying(con, *args):
            calls.append(args)
            if len(calls) == 2:
                os._exit(9)
            real(con, *args)
        history._put = dying
        history.History()
    """)
    done = subprocess.run([sys.executable, "-c", script], env=dict(os.environ), timeout=60)
    assert done.returncode == 9
    with History() as h:
        assert h.matches() == before and h.stats() == stats
        assert len(h.notices) == 1  # the mending was not done: done now
    with History() as h:
        assert h.notices == []


def test_a_record_file_whose_name_is_not_utf8_is_counted_as_unreadable_not_a_crash():
    path, _ = finish(1)
    odd = path.parent / os.fsdecode(b"blasting-billy-\xff.json")
    try:
        odd.write_bytes(path.read_bytes())
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system refuses names that are not UTF-8")
    for opening in range(2):
        with History() as h:
            assert [m.path for m in h.matches()] == [path] and h.skipped == 1
            notices = h.take_notices()
        assert notices == ([] if opening else [
            f"The finished record {shown(odd.name)} is left out of the history: its file name is not UTF-8 text "
            f"(renamed, it is listed). Delete it, or move it out of {odd.parent} (said once for this file)."])


def test_matches_lost_behind_the_triggers_back_are_found_by_their_count():
    before, stats, first = three_indexed()
    # As a damaged page would lose them: no trigger runs, the mark stays clear.
    edit_index("DROP TRIGGER matches_delete", f"DELETE FROM matches WHERE name = '{first.name}'",
               "UPDATE meta SET touched = 0")
    con = sqlite3.connect(index_file())
    con.execute("CREATE TRIGGER matches_delete AFTER DELETE ON matches BEGIN SELECT 1; END")
    con.commit()
    con.close()
    with History() as h:
        assert h.matches() == before and h.stats() == stats and len(h.notices) == 1
