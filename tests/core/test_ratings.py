"""Ratings (core/ratings.py, kept in the history index, core/history.py):
a win raises a rating and a loss lowers it, ties move alike, matches count
in the order they finished, bots are rated by level, and the ratings come
back the same from a rebuilt index."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tablegames.core import history, records
from tablegames.core.history import History
from tablegames.core.ratings import START, Rating, SeatResult, finish_places, rate
from tablegames.core.records import Seat
from tests.core.test_history import GAME, finish, index_file, summary


def finish_on(day: int, seed: int, seats: list[Seat] | None = None) -> tuple[Path, list[int]]:
    """A finished match dated that day of January 2030 (matches count in
    the order they finished); returns its path and its winners."""
    path, record = finish(seed, seats)
    data = json.loads(path.read_text())
    data["created"] = data["updated"] = f"2030-01-{day:02d} 20:00"
    path.write_text(json.dumps(data))
    return path, list(records.replay(record).result().winners)


def by_hand(*matches: tuple[list[str], list[int]]) -> dict[str, Rating]:
    """Ratings worked out match by match with core/ratings.py (two seats,
    no one out: the winners first, the others level behind them)."""
    current: dict[str, Rating] = {}
    for keys, winners in matches:
        seats = [SeatResult(key, 0.0, seat in winners, False) for seat, key in enumerate(keys)]
        current.update(rate(seats, False, current))
    return current


def test_a_win_raises_the_winners_rating_and_a_loss_lowers_the_losers():
    _, winners = finish_on(1, seed=1)
    with History() as h:
        rows = {s.player.key: s for s in h.stats(GAME)}
    assert len(winners) == 1
    winner, loser = ("ann", "ben") if winners == [0] else ("ben", "ann")
    won, lost = rows[winner].rating, rows[loser].rating
    assert won is not None and lost is not None
    assert won.mu > START.mu > lost.mu
    assert won.ordinal > START.ordinal == 0 > lost.ordinal
    # Both are surer of their skill than before any match.
    assert won.sigma < START.sigma and lost.sigma < START.sigma


def test_a_shared_win_moves_the_winners_alike_and_above_the_loser():
    seats = [SeatResult("ann", 10, True, False), SeatResult("ben", 10, True, False),
             SeatResult("cid", 3, False, False)]
    after = rate(seats, False, {})
    assert after["ann"] == after["ben"]
    assert after["ann"].mu > START.mu > after["cid"].mu
    # Everyone level: nobody's skill moves, only the uncertainty shrinks.
    level = rate([SeatResult(key, 5, False, False) for key in ("ann", "ben", "cid")], False, {})
    assert all(r.mu == START.mu and r.sigma < START.sigma for r in level.values())


def test_places_put_winners_first_then_those_still_in_by_score_then_those_out_level():
    seats = [SeatResult("a", 4, False, False), SeatResult("b", 9, True, False),
             SeatResult("c", 7, False, True), SeatResult("d", 2, False, False), SeatResult("e", 1, False, True)]
    assert finish_places(seats, lowest_best=False) == [1, 0, 3, 2, 3]
    assert finish_places(seats, lowest_best=True) == [2, 0, 3, 1, 3]


def test_a_shared_win_in_the_index_rates_the_winners_alike():
    with History() as h:
        with history._transaction(h._con):
            history._write(h._con, (), [(s.path.name, 0, 0, s) for s in (
                summary("a.json", ("Ann", "Ben", "Cid"), (10, 10, 3), (0, 1), hour=1),)])
        ratings = h.ratings(GAME)
    assert ratings["ann"] == ratings["ben"] and ratings["ann"].mu > START.mu > ratings["cid"].mu


def test_matches_count_in_the_order_they_finished_even_when_a_record_arrives_late():
    _, first = finish_on(1, seed=1)
    _, third = finish_on(3, seed=2)
    with History() as h:
        h.stats(GAME)
    _, second = finish_on(2, seed=3)  # finished between the other two, indexed last
    assert first == third != second  # a win, a loss, a win: the order matters
    with History() as h:
        ratings = h.ratings(GAME)
    seats = ["ann", "ben"]
    assert ratings == by_hand((seats, first), (seats, second), (seats, third))
    assert ratings != by_hand((seats, first), (seats, third), (seats, second))


def test_the_same_ratings_come_back_after_the_index_is_deleted_and_rebuilt():
    for day in range(1, 6):
        finish_on(day, seed=day, seats=[Seat("Ann"), Seat("Ben"), Seat("Bot", "search")])
    with History() as h:
        before = h.ratings(GAME)
        stats_before = {s.player.key: s.rating for s in h.stats(GAME)}
    assert set(before) == {"ann", "ben", "bot:hard"}
    for suffix in ("", "-wal", "-shm"):
        Path(str(index_file()) + suffix).unlink(missing_ok=True)
    with History() as h:
        assert h.ratings(GAME) == before
        assert {s.player.key: s.rating for s in h.stats(GAME)} == stats_before


def test_bots_are_rated_by_level_one_rating_for_all_hard_bots():
    finish_on(1, seed=1, seats=[Seat("Ann"), Seat("Bot 1", "search"), Seat("Bot 2", "search")])
    finish_on(2, seed=2, seats=[Seat("Ann"), Seat("Cy", "heuristic")])
    with History() as h:
        assert set(h.ratings(GAME)) == {"ann", "bot:hard", "bot:normal"}
        labels = {s.player.label: s.rating for s in h.stats(GAME)}
    assert labels["Bot (hard)"] is not None and labels["Bot (normal)"] is not None


def test_ratings_changed_outside_the_app_are_worked_out_again_from_the_records():
    finish_on(1, seed=1)
    with History() as h:
        before = h.ratings(GAME)
    con = sqlite3.connect(index_file())
    con.execute("UPDATE ratings SET mu = 99")
    con.commit()
    con.close()
    with History() as h:
        assert h.ratings(GAME) == before


def test_ratings_lost_from_the_index_are_worked_out_again():
    finish_on(1, seed=1)
    finish_on(2, seed=2)
    with History() as h:
        before = h.ratings(GAME)
        # Rows lost without the triggers noticing (as a damaged page would).
        h._con.execute("DROP TRIGGER ratings_delete")
        h._con.execute("DELETE FROM ratings")
        h._con.execute(next(t for t in history._TRIGGERS if "ratings_delete" in t))
        assert h._con.execute("SELECT touched FROM meta").fetchone()[0] == 0
    with History() as h:
        assert h.ratings(GAME) == before


def test_the_rating_history_gives_each_players_rating_after_each_match():
    finish_on(1, seed=1)
    finish_on(2, seed=2, seats=[Seat("Ann"), Seat("Cid")])
    with History() as h:
        after, start = h.rating_history(GAME, ["ann", "ben", "cid"])
        last, before_last = h.rating_history(GAME, ["ann", "ben", "cid"], last=1)
        ratings = h.ratings(GAME)
    assert start == {} and len(after) == 2
    assert set(after[0]) == {"ann", "ben"} and after[1]["ben"] == after[0]["ben"]  # Ben sat out the second
    assert after[-1] == ratings
    assert last == after[1:] and before_last == after[0]
