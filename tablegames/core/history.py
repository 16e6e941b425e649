"""The history of finished matches: an index in SQLite and the statistics
read from it.

The finished records (``paths.finished_dir()``) stay the source of truth.
The index, ``history.sqlite3`` in the data folder, is a cache of one row per
finished match (and one per seat), so the history and statistics of ten
thousand matches are read in milliseconds instead of replaying every record:

- It is kept up to date when a match finishes (``note_finished``, which the
  app hands to ``saves.on_finished``), in one transaction. That update may
  fail (another copy of the app holds the index, the disk is full): the
  save never waits on it or fails with it, and the next ``History()``
  catches up.
- ``History()`` compares the finished folder with the files the index holds
  (names, sizes and modification times: no record is opened for that) and
  reads only the records that are new or changed, dropping the ones that
  are gone; a missing index, or one of another schema version, is rebuilt
  from all the records. A corrupt or foreign file is moved aside with a
  one-line notice; an index that cannot be written (read-only, locked by
  another copy of the app) is built in memory for this run instead, with a
  notice. Records that cannot be read are skipped and counted; each is
  named in a notice once (``take_notices``), and again only if it changes
  or comes back after it was gone (table ``reported``).
- Every write is one transaction (WAL journal, busy timeout): a kill in the
  middle leaves the index as it was before, and the next start catches up.
- The index never hides a record nor shows what the records do not say.
  Each file's rows carry a checksum of their values; triggers mark the
  index touched when any SQLite client changes its rows, and this app's own
  transactions leave the mark as they found it. An opening that finds the
  mark, or a count of matches that is not one per readable file, checks
  every row and reads again the records whose rows were changed or lost
  (or drops rows of no record), with a one-line notice.
  Every opening runs SQLite's quick_check, and a damaged file (text that
  is not UTF-8 included) is moved aside and rebuilt, never a crash.

Names are plain text as typed (print them with ``core.seats.shown``). A
player's statistics gather every seat whose name is the same once trimmed
and case-folded; bots are grouped by level ("Bot (hard)"). A shared win
counts 1/k to each of the k winners (a winner who is no seat included).
Scores rank by the game's own order (``GameSpec.lowest_best``).

Each match also holds its players' ratings after it (core/ratings.py), one
per player and game, worked out in the order the matches finished: a match
written, changed or dropped moves the ratings of its game from that match
on, in the same transaction; a rebuilt or checked index works them all out
anew from the records.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import stat
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from tablegames.core import paths, records, registry, saves
from tablegames.core.bots import level_name, normalise_level
from tablegames.core.name_filter import seat_matches
from tablegames.core.ratings import START, Rating, SeatResult, rate
from tablegames.core.records import MatchRecord, RecordError
from tablegames.core.seats import shown

__all__ = ["HeadToHead", "History", "INDEX_NAME", "MatchSummary", "PlayerKey", "PlayerStats",
           "index_path", "note_finished", "player_key", "summary_of"]

INDEX_NAME = "history.sqlite3"
# The index's format: a file of another version is rebuilt. (2: each file's
# rows carry their checksum; 3: each match's ratings, core/ratings.py; 4:
# each match's hints per seat, core/hint.py.)
SCHEMA = 4
# Marks the file as this app's index (PRAGMA application_id, "TGH1"): a
# SQLite file without it is someone else's and is moved aside, not changed.
APP_ID = 0x54474831
# How long to wait for another copy of the app writing the index (ms); the
# update when a match finishes waits less: it is left for the next opening
# rather than holding up the game.
BUSY_MS = 3000
FINISH_BUSY_MS = 200
# Progress is reported every this many records (and at the end).
PROGRESS_EVERY = 25

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PlayerKey:
    """Who a statistics row is about."""

    key: str  # humans: the name trimmed and case-folded; bots: "bot:<level>" (easy, normal, hard)
    label: str  # what to print: the name as last typed (plain text), or "Bot (hard)"


@dataclass(frozen=True)
class MatchSummary:
    """One finished match, one row of the index."""

    path: Path
    game: str
    title: str
    finished_at: datetime  # local time
    options: dict[str, int]
    names: tuple[str, ...]
    levels: tuple[str | None, ...]  # None: a human, else "easy" | "normal" | "hard"
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    other_winner: str | None
    eliminated: tuple[int, ...]
    moves: int
    seconds: float | None
    # Running scores per seat after each hand or round of a multi-stage
    # match (empty if the game has one stage).
    stages: tuple[tuple[float, ...], ...]
    # Additions to the contract: the record's id and its play-again chain,
    # and whether the lowest score is best in this game.
    record_id: str = ""
    series: str | None = None
    lowest_best: bool = False
    # Per seat, the hints it asked for in a match played with hints on
    # (core/hint.py); None: hints were off.
    hints: tuple[int, ...] | None = None

    def hints_note(self) -> str:
        """How a match played with hints on is marked: "with hints (3 asked)"."""
        asked = sum(self.hints or ())
        return f"with hints ({asked} asked)" if asked else "with hints (none asked)"

    def players(self) -> tuple[PlayerKey, ...]:
        return tuple(seat_key(name, level) for name, level in zip(self.names, self.levels))

    def win_shares(self) -> tuple[float, ...]:
        """Each seat's share of the win (1/k for each of k winners)."""
        share = 1 / (len(self.winners) + bool(self.other_winner)) if self.winners else 0.0
        return tuple(share if seat in self.winners else 0.0 for seat in range(len(self.names)))


@dataclass(frozen=True)
class PlayerStats:
    player: PlayerKey
    game: str | None  # None: all games
    matches: int  # seats taken (a bot level that sat twice in a match counts twice)
    wins: float  # a shared win counts 1/k
    win_share: float
    # Over one game's scores only: None when the matches are of several games
    # (or the player was out in every one). The score of a seat that was out
    # (eliminated) is not counted: being out is the result, not the score.
    mean_score: float | None
    best_score: float | None  # by the game's own order
    current_streak: int  # matches won in a row, up to the latest
    longest_streak: int
    outs: int = 0  # matches in which the player was out (eliminated): played and lost
    # The player's rating in this game after its latest match (core/ratings.py);
    # None over all games: a rating is per game.
    rating: Rating | None = None


@dataclass(frozen=True)
class HeadToHead:
    a: PlayerKey
    b: PlayerKey
    game: str | None
    matches: int  # matches both played
    a_wins: float  # a finished ahead of b (by the winners, else by the final score)
    b_wins: float
    draws: int


# ----------------------------------------------------------------- players

_BOT = re.compile(r"bot\s*(?::|\()\s*([a-z]+)\s*\)?")


def player_key(text: str) -> str:
    """The key of a player name as typed: trimmed and case-folded; "Bot
    (hard)" or "bot:hard" is the hard bots' key."""
    folded = " ".join(text.split()).casefold()
    match = _BOT.fullmatch(folded)
    if match:
        try:
            return "bot:" + level_name(normalise_level(match.group(1)))
        except ValueError:
            pass
    return folded


def seat_key(name: str, level: str | None) -> PlayerKey:
    """The player a seat counts for (``level``: None, or the level as shown)."""
    if level is not None:
        return PlayerKey(f"bot:{level}", f"Bot ({level})")
    return PlayerKey(" ".join(name.split()).casefold(), name)


# ----------------------------------------------------------------- summaries

def _parse_time(text: str) -> float | None:
    """A record's "YYYY-MM-DD HH:MM" (UTC) as seconds since the epoch."""
    try:
        return datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=timezone.utc).timestamp()
    except (ValueError, OverflowError, OSError):
        return None


def _stages(breakdown: tuple[tuple[tuple[str, int], ...], ...], word: str) -> tuple[tuple[float, ...], ...]:
    """Running scores after each stage, when every seat's breakdown is one
    line per stage, labelled with the game's word for one (its spec's
    ``stage``) and the stage's number ("Hand 1", "Hand 2"...)."""
    if not word or not breakdown or len(breakdown[0]) < 2:
        return ()
    labels = [label for label, _ in breakdown[0]]
    if labels != [f"{word.capitalize()} {n}" for n in range(1, len(labels) + 1)]:
        return ()
    if any([label for label, _ in lines] != labels for lines in breakdown):
        return ()
    stages: list[tuple[float, ...]] = []
    totals = [0.0] * len(breakdown)
    for stage in range(len(labels)):
        totals = [total + lines[stage][1] for total, lines in zip(totals, breakdown)]
        stages.append(tuple(totals))
    return tuple(stages)


def summary_of(path: Path, record: MatchRecord, mtime: float | None = None) -> MatchSummary:
    """A finished match's summary, by replaying its record. RecordError if
    it does not replay or its game is not over. ``mtime`` (the file's, if
    known) times the finish to the second."""
    path = Path(path)
    try:
        spec = registry.get(record.game)
    except registry.UnknownGame:
        raise RecordError("it is for an unknown game.", path) from None
    try:
        state = records.replay(record)
    except RecordError as exc:
        raise RecordError(exc.reason, path) from None
    if not record.finished or not state.is_over():
        raise RecordError("the match in it is not finished.", path)
    result = state.result()
    updated = _parse_time(record.updated)
    if mtime is None:
        try:
            mtime = path.stat().st_mtime
        except OSError:
            mtime = None
    # The record says the minute; the file's time, when it agrees, the second.
    if updated is None:
        finished = mtime if mtime is not None else time.time()
    else:
        finished = mtime if mtime is not None and updated <= mtime < updated + 60 else updated
    created = _parse_time(record.created)
    seconds = finished - created if created is not None and finished >= created else None
    return MatchSummary(
        path=path, game=spec.id, title=spec.title, finished_at=datetime.fromtimestamp(finished),
        options=dict(record.options), names=record.names,
        levels=tuple(None if s.bot is None else level_name(s.bot) for s in record.seats),
        scores=tuple(float(x) for x in result.scores), winners=tuple(result.winners),
        other_winner=result.other_winner or None, eliminated=tuple(result.eliminated),
        moves=len(record.actions), seconds=seconds,
        stages=_stages(result.breakdown, spec.stage.word if spec.stage is not None else ""),
        record_id=record.id, series=record.series, lowest_best=bool(spec.lowest_best),
        hints=None if record.hints is None else tuple(record.hints))


# ----------------------------------------------------------------- the index file

_TABLES = """
CREATE TABLE IF NOT EXISTS files(
    name TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime INTEGER NOT NULL, problem TEXT,
    digest INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS matches(
    name TEXT PRIMARY KEY, game TEXT NOT NULL, title TEXT NOT NULL, finished REAL NOT NULL,
    options TEXT NOT NULL, names TEXT NOT NULL, levels TEXT NOT NULL, scores TEXT NOT NULL,
    winners TEXT NOT NULL, other_winner TEXT, eliminated TEXT NOT NULL, moves INTEGER NOT NULL,
    seconds REAL, stages TEXT NOT NULL, lowest_best INTEGER NOT NULL, record_id TEXT NOT NULL,
    series TEXT, hints TEXT);
CREATE INDEX IF NOT EXISTS matches_time ON matches(finished, name);
CREATE INDEX IF NOT EXISTS matches_series ON matches(series);
CREATE TABLE IF NOT EXISTS seats(
    name TEXT NOT NULL, seat INTEGER NOT NULL, key TEXT NOT NULL, label TEXT NOT NULL,
    score REAL NOT NULL, win REAL NOT NULL, PRIMARY KEY(name, seat));
CREATE INDEX IF NOT EXISTS seats_key ON seats(key);
CREATE TABLE IF NOT EXISTS ratings(
    name TEXT NOT NULL, seat INTEGER NOT NULL, key TEXT NOT NULL, game TEXT NOT NULL, finished REAL NOT NULL,
    mu REAL NOT NULL, sigma REAL NOT NULL, PRIMARY KEY(name, seat));
CREATE INDEX IF NOT EXISTS ratings_player ON ratings(game, key, finished, name);
CREATE INDEX IF NOT EXISTS ratings_time ON ratings(game, finished, name);
CREATE TABLE IF NOT EXISTS meta(id INTEGER PRIMARY KEY CHECK (id = 0), touched INTEGER NOT NULL);
INSERT OR REPLACE INTO meta VALUES (0, 0);
CREATE TABLE IF NOT EXISTS reported(name BLOB PRIMARY KEY, size INTEGER NOT NULL, mtime INTEGER NOT NULL);
"""
# The damaged records a notice has named, by file name (as bytes: a name
# that is not UTF-8 too), size and modification time: not the records'
# rows (no checksum, no trigger), and kept when the index is rebuilt. An
# index of before this table gets it on its first notice.
_REPORTED = ("CREATE TABLE IF NOT EXISTS reported(name BLOB PRIMARY KEY, size INTEGER NOT NULL, "
             "mtime INTEGER NOT NULL)")
_OURS = ("files", "matches", "seats", "ratings")
# Any change to the rows, by this app or by any other SQLite client, marks
# the index touched; this app's own transactions put the mark back as they
# found it (_transaction). So a row changed or deleted by someone else
# leaves the mark, and the next opening checks every row against its
# checksum: a cheap test on every opening, the full check only when needed.
_TRIGGERED = {f"{table}_{event.lower()}": (table, event)
              for table in _OURS for event in ("INSERT", "UPDATE", "DELETE")}
_TRIGGERS = tuple(f"CREATE TRIGGER IF NOT EXISTS {name} AFTER {event} ON {table} "
                  f"WHEN (SELECT touched FROM meta) IS NOT 1 BEGIN UPDATE meta SET touched = 1; END"
                  for name, (table, event) in _TRIGGERED.items())
# What a damaged index raises: SQLite's errors, and text that is not UTF-8
# where Python decodes it itself (a name in a damaged schema, in an error
# message). Values are decoded by SQLite's module, which raises a
# sqlite3.Error for them (a text_factory that replaced bad bytes would
# double the cost of reading every row).
_DAMAGE = (sqlite3.Error, UnicodeDecodeError)
# 1 if the seat (of the alias ``seat`` in seats) was out of its match, else 0.
_OUT = "EXISTS (SELECT 1 FROM json_each(m.eliminated) e WHERE e.value = {seat}.seat)"


class _Unusable(Exception):
    """The index file cannot be used: ``kind`` is "corrupt" (moved aside),
    "locked" or "readonly" (left alone: the index is built in memory)."""

    def __init__(self, kind: str, reason: str):
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


def index_path(folder: Path | None = None) -> Path:
    return (paths.data_dir() if folder is None else Path(folder)) / INDEX_NAME


def _kind(exc: sqlite3.Error) -> str:
    """What a SQLite error means for the index file."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc).lower()
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text or "busy" in text:
        return "locked"
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")) \
            or "readonly" in text or "read-only" in text or "unable to open" in text:
        return "readonly"
    if name.startswith(("SQLITE_IOERR", "SQLITE_FULL")) or "disk i/o" in text or "disk is full" in text:
        return "readonly"
    return "corrupt"


def _connect(path: Path | str, busy_ms: int | None = None) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit)."""
    busy = BUSY_MS if busy_ms is None else busy_ms
    con = sqlite3.connect(str(path), timeout=busy / 1000, isolation_level=None, check_same_thread=False)
    con.execute(f"PRAGMA busy_timeout={int(busy)}")
    # With the WAL journal, NORMAL never corrupts the file; a power cut may
    # lose the last updates, which the next opening reads again from the
    # records. (FULL would flush the disk on every update: ~20 ms.)
    con.execute("PRAGMA synchronous=NORMAL")
    return con


def _check(con: sqlite3.Connection) -> bool:
    """Whether the file holds this app's index of this schema (False: an
    empty file, or an older or newer index, to be rebuilt). _Unusable if it
    is not an index of this app."""
    app = con.execute("PRAGMA application_id").fetchone()[0]
    version = con.execute("PRAGMA user_version").fetchone()[0]
    schema = con.execute("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'trigger')").fetchall()
    tables = {name for kind, name in schema if kind == "table"}
    if app != APP_ID:
        if app == 0 and not tables:
            return False  # a new, empty file
        raise _Unusable("corrupt", "it is not a tablegames history index")
    triggers = {name for kind, name in schema if kind == "trigger"}
    return version == SCHEMA and {*_OURS, "meta"} <= tables and set(_TRIGGERED) <= triggers


def _touched(con: sqlite3.Connection) -> bool:
    """Whether the rows were changed by something other than this app since
    they were last checked (a lost mark counts as touched)."""
    row = con.execute("SELECT touched FROM meta").fetchone()
    return row is None or row[0] != 0


def _miscounted(con: sqlite3.Connection) -> bool:
    """Whether the matches are not one per readable file, or the ratings
    not one per seat: rows lost without the triggers seeing it (a damaged
    page, say). A fraction of a ms."""
    return bool(con.execute("SELECT (SELECT COUNT(*) FROM files WHERE problem IS NULL) "
                            "!= (SELECT COUNT(*) FROM matches) OR (SELECT COUNT(*) FROM ratings) "
                            "!= (SELECT COUNT(*) FROM seats)").fetchone()[0])


def _create(con: sqlite3.Connection) -> None:
    """(Re)create the tables, empty, inside the caller's transaction."""
    for table in (*_OURS, "meta"):
        con.execute(f"DROP TABLE IF EXISTS {table}")  # and its triggers
    # Statement by statement: executescript would commit the transaction first.
    for statement in [*_TABLES.split(";"), *_TRIGGERS]:
        if statement.strip():
            con.execute(statement)
    con.execute(f"PRAGMA application_id={APP_ID}")
    con.execute(f"PRAGMA user_version={SCHEMA}")


@contextmanager
def _transaction(con: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction: all of it is committed, or none of it. The
    rows' touched mark is left as the transaction found it: this app's own
    changes are not someone else's."""
    con.execute("BEGIN IMMEDIATE")
    try:
        try:
            untouched = not _touched(con)
        except sqlite3.OperationalError:
            untouched = True  # no meta table yet: _create is making it
        yield con
        if untouched:
            con.execute("UPDATE meta SET touched = 0")
    except BaseException:
        try:
            con.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        raise
    con.execute("COMMIT")


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


# A file's rows as the checksum reads them (the matches columns but the name,
# after the files row's): what _put writes, what _verify reads back.
_MATCH_COLUMNS = ("game", "title", "finished", "options", "names", "levels", "scores", "winners", "other_winner",
                  "eliminated", "moves", "seconds", "stages", "lowest_best", "record_id", "series",
                  "hints")
_NO_MATCH = (None,) * len(_MATCH_COLUMNS)
_INSERT_MATCH = f"INSERT INTO matches VALUES ({', '.join('?' * (1 + len(_MATCH_COLUMNS)))})"


def _digest(file_row: tuple[Any, ...], seat_rows: tuple[tuple[Any, ...], ...]) -> int:
    """The checksum of one file's rows (files and matches, then its seats),
    of the values exactly as SQLite gives them back: a row changed, lost or
    added in the index no longer matches its file's checksum."""
    data = repr((file_row, seat_rows)).encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big", signed=True)


def _real(value: float) -> float:
    """A REAL column's value as it reads back (an int comes back a float;
    -0.0 may come back 0.0)."""
    return float(value) + 0.0


def _put(con: sqlite3.Connection, name: str, size: int, mtime: int, found: MatchSummary | str) -> None:
    """Write one file's rows and their checksum (inside the caller's transaction)."""
    con.execute("DELETE FROM seats WHERE name = ?", (name,))
    con.execute("DELETE FROM matches WHERE name = ?", (name,))
    if isinstance(found, str):
        con.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?)",
                    (name, size, mtime, found, _digest((name, size, mtime, found) + _NO_MATCH, ())))
        return
    s = found
    match = (s.game, s.title, _real(s.finished_at.timestamp()), _dump(s.options), _dump(s.names), _dump(s.levels),
             _dump(s.scores), _dump(s.winners), s.other_winner, _dump(s.eliminated), int(s.moves),
             None if s.seconds is None else _real(s.seconds), _dump(s.stages), int(s.lowest_best), s.record_id,
             s.series, None if s.hints is None else _dump(s.hints))
    seats = tuple((name, seat, player.key, player.label, _real(score), _real(share))
                  for seat, (player, score, share) in enumerate(zip(s.players(), s.scores, s.win_shares())))
    con.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, NULL, ?)",
                (name, size, mtime, _digest((name, size, mtime, None) + match, seats)))
    con.execute(_INSERT_MATCH, (name,) + match)
    con.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)", seats)


Found = tuple[str, int, int, MatchSummary | str]  # a file's name, size, mtime in ns, and what it holds


def _write(con: sqlite3.Connection, gone: Iterable[str], found: Iterable[Found], rerate_all: bool = False) -> None:
    """Drop the rows of the files ``gone``, write those ``found``, and move
    the ratings of each game touched from its first changed match on
    (inside the caller's transaction). ``rerate_all``: every game's, from
    its first match (after a check of the whole index)."""
    gone, found = list(gone), list(found)
    names = [*gone, *(name for name, *_ in found)]
    since: dict[str, tuple[float, str]] = {}

    def touch(game: str, finished: float, name: str) -> None:
        if game not in since or (finished, name) < since[game]:
            since[game] = (finished, name)

    for first in range(0, len(names), 500):  # SQLite's limit on parameters
        chunk = names[first:first + 500]
        for game, finished, name in con.execute(
                f"SELECT game, finished, name FROM matches WHERE name IN ({','.join('?' * len(chunk))})", chunk):
            touch(game, finished, name)
    for name in gone:
        con.execute("DELETE FROM seats WHERE name = ?", (name,))
        con.execute("DELETE FROM matches WHERE name = ?", (name,))
        con.execute("DELETE FROM files WHERE name = ?", (name,))
        con.execute("DELETE FROM ratings WHERE name = ?", (name,))
    for name, size, mtime, result in found:
        _put(con, name, size, mtime, result)
        con.execute("DELETE FROM ratings WHERE name = ?", (name,))
        if not isinstance(result, str):
            touch(result.game, _real(result.finished_at.timestamp()), name)
    if rerate_all:
        since = {game: (float("-inf"), "") for game, in con.execute("SELECT DISTINCT game FROM matches")}
        con.execute("DELETE FROM ratings")
    for game, position in since.items():
        _rerate(con, game, position)


def _rerate(con: sqlite3.Connection, game: str, since: tuple[float, str]) -> None:
    """The ratings of ``game``'s matches from ``since`` (finished, name) on,
    anew, in match order, from each player's rating before it."""
    con.execute("DELETE FROM ratings WHERE game = ? AND (finished, name) >= (?, ?)", (game, *since))
    current: dict[str, Rating] = {}
    rows = con.execute(
        f"SELECT m.name, m.finished, m.lowest_best, s.key, s.score, s.win, {_OUT.format(seat='s')}, s.seat "
        "FROM matches m JOIN seats s ON s.name = m.name WHERE m.game = ? AND (m.finished, m.name) >= (?, ?) "
        "ORDER BY m.finished, m.name, s.seat", (game, *since)).fetchall()
    for name, seats in groupby(rows, itemgetter(0)):
        seats_of = list(seats)
        finished, lowest = seats_of[0][1], bool(seats_of[0][2])
        results = [SeatResult(key, score, win > 0, bool(out)) for _, _, _, key, score, win, out, _ in seats_of]
        for key in {r.key for r in results} - set(current):
            before = con.execute("SELECT mu, sigma FROM ratings WHERE game = ? AND key = ? ORDER BY finished "
                                 "DESC, name DESC LIMIT 1", (game, key)).fetchone()
            current[key] = START if before is None else Rating(before[0], before[1])
        after = rate(results, lowest, current)
        current.update(after)
        # One row a seat (a player who sat twice has the same in both).
        con.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?)",
                        [(name, row[7], row[3], game, finished, after[row[3]].mu, after[row[3]].sigma)
                         for row in seats_of])


def _verify(con: sqlite3.Connection) -> tuple[dict[str, tuple[int, int]], set[str], int]:
    """The index checked against its own checksums: (name -> (size, mtime
    in ns) of each file whose rows are as written, the names whose rows are
    not: changed, lost, or there without a file's row, and the connection's
    data_version then). One pass over the rows, no record opened."""
    columns = ", ".join(f"m.{column}" for column in _MATCH_COLUMNS)
    con.execute("BEGIN")  # one snapshot: another copy of the app may add a match meanwhile
    try:
        seat_rows = con.execute("SELECT name, seat, key, label, score, win FROM seats ORDER BY name, seat").fetchall()
        file_rows = con.execute(f"SELECT f.digest, f.name, f.size, f.mtime, f.problem, {columns} "
                                f"FROM files f LEFT JOIN matches m ON m.name = f.name").fetchall()
        orphans = con.execute("SELECT name FROM matches WHERE name NOT IN (SELECT name FROM files)").fetchall()
        version = con.execute("PRAGMA data_version").fetchone()[0]
    finally:
        con.execute("COMMIT")
    seats = {name: tuple(rows) for name, rows in groupby(seat_rows, itemgetter(0))}
    known: dict[str, tuple[int, int]] = {}
    stray: set[str] = set()
    for row in file_rows:
        name = row[1]
        if row[0] == _digest(row[1:], seats.pop(name, ())):
            known[name] = (row[2], row[3])
        else:
            stray.add(name)
    stray.update(seats)  # seats of no file
    stray.update(name for name, in orphans)
    return known, stray, version


def _examine(path: Path, mtime_ns: int) -> MatchSummary | str:
    """A finished record's summary, or why it cannot be indexed."""
    try:
        return summary_of(path, saves.read(path), mtime_ns / 1e9)
    except RecordError as exc:
        return exc.reason
    except Exception as exc:  # a record the rules trip over is still just a bad record
        return f"it cannot be replayed ({records.RULES_FAILED})."


def _scan(folder: Path) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]] | None:
    """The record files in ``folder``: name -> (size, mtime in ns), and the
    same for those whose name is not UTF-8 (no text column holds it); None
    if the folder cannot be read now (the index is then left as it is)."""
    found: dict[str, tuple[int, int]] = {}
    unnamed: dict[str, tuple[int, int]] = {}
    try:
        with os.scandir(folder) as it:
            for entry in it:
                name = entry.name
                if name.startswith(".") or not name.endswith(".json"):
                    continue
                utf8 = True
                if not name.isascii():
                    try:
                        name.encode()
                    except UnicodeEncodeError:  # bytes that are not UTF-8, as surrogates
                        utf8 = False
                try:
                    st = entry.stat()
                except OSError:
                    continue  # vanished, or a link to nothing
                if stat.S_ISREG(st.st_mode):
                    (found if utf8 else unnamed)[name] = (st.st_size, st.st_mtime_ns)
    except FileNotFoundError:
        return {}, {}  # no match has finished yet
    except OSError:
        return None
    return found, unnamed


def _move_aside(path: Path) -> Path:
    """Move a bad index (and its journal files) out of the way; returns the new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    number = 1
    while os.path.lexists(target):
        number += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{number}")
    os.replace(path, target)
    for suffix in ("-wal", "-shm"):
        extra = Path(str(path) + suffix)
        if os.path.lexists(extra):
            try:
                os.replace(extra, Path(str(target) + suffix))
            except OSError:
                extra.unlink(missing_ok=True)
    return target


# Why a record whose file name is not UTF-8 is left out (no text column holds it).
UNNAMED = "its file name is not UTF-8 text (renamed, it is listed)"
# How many damaged files a notice names before "and N more".
NAMED_AT_MOST = 3


def skipped_notice(damaged: list[tuple[str, int, int, str]], folder: Path) -> str:
    """One line naming the records left out of the history, (name, size,
    mtime, why) each, where they are and what to do: "" for none."""
    if not damaged:
        return ""
    where = shown(str(folder))
    if len(damaged) == 1:
        name, _, _, why = damaged[0]
        return (f"The finished record {shown(name)} is left out of the history: {shown(why).rstrip('.')}. "
                f"Delete it, or move it out of {where} (said once for this file).")
    names = ", ".join(shown(name) for name, _, _, _ in damaged[:NAMED_AT_MOST])
    more = f" and {len(damaged) - NAMED_AT_MOST:,} more" if len(damaged) > NAMED_AT_MOST else ""
    return (f"{len(damaged):,} finished records cannot be read and are left out of the history: {names}{more}. "
            f"Delete them, or move them out of {where} (said once for each file).")


# ----------------------------------------------------------------- the history

class History:
    """The index of finished matches, up to date with the records on opening."""

    def __init__(self, folder: Path | None = None, progress: Progress | None = None) -> None:
        self.folder = paths.data_dir() if folder is None else Path(folder)
        self.finished = self.folder / "matches" / "finished"
        self.path = self.folder / INDEX_NAME
        self.progress = progress
        # One-line notices for the player (the index moved aside, records skipped).
        self.notices: list[str] = []
        self._skipped_notice = ""
        self.skipped = 0
        # Records skipped for a file name that is not UTF-8: name -> (size, mtime).
        self._unnamed: dict[str, tuple[int, int]] = {}
        # The skipped records no notice has named yet, (name, size, mtime,
        # why), and whether a named one is gone: take_notices records both.
        self._unreported: list[tuple[str, int, int, str]] = []
        self._stale_reports = False
        # False when the index lives in memory for this run only.
        self.on_disk = True
        self._con = self._open()

    # ----- opening
    def _open(self) -> sqlite3.Connection:
        try:
            return self._open_file()
        except _Unusable as exc:
            if exc.kind == "corrupt":
                try:
                    aside = _move_aside(self.path)
                except OSError as move_error:
                    self.notices.append(
                        f"The history index {shown(str(self.path))} cannot be read ({exc.reason}) nor moved "
                        f"aside ({move_error.strerror or move_error.__class__.__name__}): the history is "
                        f"read from the records this time.")
                    return self._open_memory()
                # What happened first: the history screen shows the start of one line.
                self.notices.append(f"The history index was moved aside ({exc.reason}) and rebuilt from the "
                                    f"records: {shown(aside.name)}")
                try:
                    return self._open_file()
                except _Unusable as again:
                    exc = again
            why = {"locked": "another copy of the app is using it",
                   "readonly": "it cannot be written"}.get(exc.kind, exc.reason)
            self.notices.append(f"The history index is not usable now ({why}): the history is read from "
                                f"the records this time.")
            return self._open_memory()

    def _open_file(self) -> sqlite3.Connection:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _Unusable("readonly", exc.strerror or "the folder cannot be made") from None
        con: sqlite3.Connection | None = None
        try:
            con = _connect(self.path)
            current = _check(con)
            if current and con.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
                raise _Unusable("corrupt", "its file is damaged")
            if con.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                con.execute("PRAGMA journal_mode=WAL")
            if not current:
                with _transaction(con):
                    _create(con)
            self._sync(con, verify=current)
            return con
        except _Unusable:
            if con is not None:
                con.close()
            raise
        except _DAMAGE as exc:
            if con is not None:
                con.close()
            if isinstance(exc, sqlite3.Error):
                raise _Unusable(_kind(exc), shown(str(exc))) from None
            raise _Unusable("corrupt", "its text is not UTF-8") from None

    def _open_memory(self) -> sqlite3.Connection:
        self.on_disk = False
        con = _connect(":memory:")
        with _transaction(con):
            _create(con)
        self._sync(con)
        return con

    def _sync(self, con: sqlite3.Connection, verify: bool = False) -> None:
        """Bring the index up to date with the finished folder: read the
        new and changed records, drop the rows of the ones gone, in one
        transaction. With ``verify``, an index touched by something other
        than this app is checked row by row: the files whose rows do not
        match their checksum (changed or lost) are read again."""
        scanned = _scan(self.finished)
        if scanned is None:
            self.notices.append("The finished matches cannot be read now: the history shows them as they were.")
            self._count_skipped(con)
            return
        on_disk, self._unnamed = scanned
        checked: int | None = None  # the data_version the rows were checked at
        if verify and (_touched(con) or _miscounted(con)):
            known, stray, checked = _verify(con)
        else:
            known, stray = {name: (size, mtime) for name, size, mtime in con.execute(
                "SELECT name, size, mtime FROM files")}, set()
        if stray:
            # One line that fits the history screen's 80 columns.
            self.notices.append(f"The history index disagreed with {len(stray):,} "
                                f"record{'' if len(stray) == 1 else 's'}: rebuilt from the records.")
        gone = [name for name in known if name not in on_disk] + [name for name in stray if name not in on_disk]
        todo = sorted(name for name, key in on_disk.items() if known.get(name) != key)
        if gone or todo or checked is not None:
            found: list[Found] = []
            total = len(todo)
            for done, name in enumerate(todo, start=1):
                size, mtime = on_disk[name]
                found.append((name, size, mtime, _examine(self.finished / name, mtime)))
                if self.progress is not None and (done % PROGRESS_EVERY == 0 or done == total):
                    self.progress(done, total)
            with _transaction(con):
                # After a check of every row, every rating is worked out anew too.
                _write(con, gone, found, rerate_all=checked is not None)
                # Checked and mended: untouched again, unless someone wrote since the check.
                if checked is not None and con.execute("PRAGMA data_version").fetchone()[0] == checked:
                    con.execute("INSERT OR REPLACE INTO meta VALUES (0, 0)")
        self._count_skipped(con)

    def _count_skipped(self, con: sqlite3.Connection) -> None:
        """Count the records left out, and word the notice naming those no
        notice has named yet (the same damaged file is not named on every
        command: take_notices remembers it)."""
        damaged = [(name, size, mtime, problem) for name, size, mtime, problem in con.execute(
            "SELECT name, size, mtime, problem FROM files WHERE problem IS NOT NULL ORDER BY name")]
        damaged += [(name, size, mtime, UNNAMED) for name, (size, mtime) in sorted(self._unnamed.items())]
        self.skipped = len(damaged)
        try:
            reported = {(bytes(name), size, mtime) for name, size, mtime in
                        con.execute("SELECT name, size, mtime FROM reported")}
        except sqlite3.OperationalError:  # an index of before the table
            reported = set()
        keys = {(os.fsencode(name), size, mtime) for name, size, mtime, _ in damaged}
        self._unreported = [row for row in damaged if (os.fsencode(row[0]), row[1], row[2]) not in reported]
        self._stale_reports = not reported <= keys
        self.notices = [n for n in self.notices if n != self._skipped_notice]
        self._skipped_notice = skipped_notice(self._unreported, self.finished)
        if self._skipped_notice:
            self.notices.append(self._skipped_notice)

    def take_notices(self, room: int | None = None) -> list[str]:
        """The notices (the first ``room`` of them), for the player to read
        now: the damaged records they name are remembered as named (in the
        index file), so the next opening names only new or changed ones.
        (``notices`` alone remembers nothing: a screen that reads the index
        without showing its notices leaves them for the next one that does.)"""
        shown_now = self.notices[:room]
        named = not self._skipped_notice or self._skipped_notice in shown_now
        if (self._unreported or self._stale_reports) and self.on_disk and named:
            current = {os.fsencode(name) for name in self._unnamed} | {
                os.fsencode(name) for name, in self._con.execute("SELECT name FROM files WHERE problem IS NOT NULL")}
            try:
                with _transaction(self._con):
                    self._con.execute(_REPORTED)
                    for name, in self._con.execute("SELECT name FROM reported").fetchall():
                        if bytes(name) not in current:  # gone or mended: a new damage is named again
                            self._con.execute("DELETE FROM reported WHERE name = ?", (name,))
                    self._con.executemany("INSERT OR REPLACE INTO reported VALUES (?, ?, ?)",
                                          [(os.fsencode(name), size, mtime)
                                           for name, size, mtime, _ in self._unreported])
                self._unreported, self._stale_reports = [], False
            except _DAMAGE:
                pass  # (not remembered: named again next time, nothing lost)
        return shown_now

    def _query(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a query; an index that turns out corrupt while in use is
        moved aside and rebuilt (once), never a crash."""
        try:
            return self._con.execute(sql, params).fetchall()
        except _DAMAGE as exc:
            if (isinstance(exc, sqlite3.Error) and _kind(exc) != "corrupt") or not self.on_disk:
                raise
        self._con.close()
        self._con = self._reopen_after_corruption()
        return self._con.execute(sql, params).fetchall()

    def _reopen_after_corruption(self) -> sqlite3.Connection:
        try:
            aside = _move_aside(self.path)
            self.notices.append(f"The history index was moved aside (it is damaged) and rebuilt from the "
                                f"records: {shown(aside.name)}")
            return self._open()
        except OSError:
            self.notices.append("The history index was damaged: the history is read from the records this time.")
            return self._open_memory()

    # ----- reading
    def _where(self, game: str | None, player: str | None) -> tuple[str, list[Any]]:
        sql = " FROM matches m WHERE (? IS NULL OR m.game = ?)"
        params: list[Any] = [game, game]
        if player is not None:
            # A player's key ("Bot (hard)": every hard bot), or a seat's name
            # as listed or its start (name_filter), matched here in Python
            # (SQLite folds ASCII case only) and passed as "b:"/"h:" + name.
            found = sorted({("b:" if level is not None else "h:") + name
                            for names, levels in self._query("SELECT DISTINCT names, levels FROM matches")
                            for name, level in zip(json.loads(names), json.loads(levels))
                            if seat_matches(player, name, level is not None)})
            sql += (" AND (EXISTS (SELECT 1 FROM seats s WHERE s.name = m.name AND s.key = ?)"
                    " OR EXISTS (SELECT 1 FROM json_each(m.names) j WHERE (CASE WHEN"
                    " json_extract(m.levels, '$[' || j.key || ']') IS NULL THEN 'h:' ELSE 'b:' END)"
                    " || j.value IN (SELECT value FROM json_each(?))))")
            params += [player_key(player), _dump(found)]
        return sql, params

    def count(self, game: str | None = None, player: str | None = None) -> int:
        """How many finished matches ``matches`` would list without a limit."""
        where, params = self._where(game, player)
        return int(self._query("SELECT COUNT(*)" + where, tuple(params))[0][0])

    def matches(self, game: str | None = None, player: str | None = None,
                limit: int | None = None) -> list[MatchSummary]:
        """Finished matches, newest first, of ``game`` and with ``player``
        (a name as listed or its start, trimmed and in any case; "Bot
        (hard)" for the hard bots)."""
        where, params = self._where(game, player)
        sql = "SELECT *" + where + " ORDER BY m.finished DESC, m.name DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(max(0, limit))
        return [self._summary(row) for row in self._query(sql, tuple(params))]

    def _summary(self, row: tuple[Any, ...]) -> MatchSummary:
        (name, game, title, finished, options, names, levels, scores, winners, other_winner, eliminated,
         moves, seconds, stages, lowest_best, record_id, series, hints) = row
        return MatchSummary(
            path=self.finished / name, game=game, title=title, finished_at=datetime.fromtimestamp(finished),
            options=json.loads(options), names=tuple(json.loads(names)), levels=tuple(json.loads(levels)),
            scores=tuple(json.loads(scores)), winners=tuple(json.loads(winners)), other_winner=other_winner,
            eliminated=tuple(json.loads(eliminated)), moves=moves, seconds=seconds,
            stages=tuple(tuple(stage) for stage in json.loads(stages)), record_id=record_id, series=series,
            lowest_best=bool(lowest_best), hints=None if hints is None else tuple(json.loads(hints)))

    def summary(self, path: Path) -> MatchSummary | None:
        """The indexed summary of one finished record, or None."""
        rows = self._query("SELECT * FROM matches WHERE name = ?", (Path(path).name,))
        return self._summary(rows[0]) if rows and Path(path).parent == self.finished else None

    def games(self) -> list[tuple[str, str]]:
        """The games with finished matches: (id, title), most played first."""
        rows = self._query("SELECT game, title, COUNT(*) FROM matches GROUP BY game ORDER BY 3 DESC, 2")
        return [(game, title) for game, title, _ in rows]

    def players(self, game: str | None = None) -> list[PlayerKey]:
        """Everyone with a finished match (of ``game``), most matches first."""
        return [stats.player for stats in sorted(self.stats(game), key=lambda s: (-s.matches, s.player.label.casefold()))]

    def stats(self, game: str | None = None, player: str | None = None) -> list[PlayerStats]:
        """One row per player (of ``game``, or over all games), most wins first."""
        sql = (f"SELECT s.key, s.label, s.score, s.win, m.game, m.lowest_best, {_OUT.format(seat='s')} "
               "FROM seats s JOIN matches m ON m.name = s.name WHERE (? IS NULL OR m.game = ?)")
        params: list[Any] = [game, game]
        if player is not None:
            sql += " AND s.key = ?"
            params.append(player_key(player))
        sql += " ORDER BY m.finished, m.name, s.seat"
        acc: dict[str, _Tally] = {}
        for key, label, score, win, row_game, lowest, out in self._query(sql, tuple(params)):
            tally = acc.get(key)
            if tally is None:
                tally = acc[key] = _Tally()
            tally.add(label, score, win, row_game, bool(lowest), bool(out))
        ratings = self.ratings(game) if game is not None else {}
        out = [replace(tally.stats(key, game), rating=ratings.get(key)) for key, tally in acc.items()]
        out.sort(key=lambda s: (-s.wins, -s.win_share, -s.matches, s.player.label.casefold(), s.player.key))
        return out

    def ratings(self, game: str) -> dict[str, Rating]:
        """Each player's rating in ``game`` after their latest match of it."""
        return {key: Rating(mu, sigma) for key, mu, sigma in self._query(
            "SELECT key, mu, sigma FROM ratings WHERE game = ? ORDER BY finished, name", (game,))}

    def rating_history(self, game: str, keys: Iterable[str], last: int | None = None
                       ) -> tuple[list[dict[str, Rating]], dict[str, Rating]]:
        """How the ratings of ``keys`` in ``game`` moved, match by match:
        (each one's rating after each match of the game, a player who did
        not play it keeping theirs, and their ratings before the first of
        those). ``last``: only the game's last that many matches."""
        wanted = set(keys)
        rows = self._query("SELECT name, key, mu, sigma FROM ratings WHERE game = ? ORDER BY finished, name",
                           (game,))
        matches = [list(group) for _, group in groupby(rows, itemgetter(0))]
        cut = 0 if last is None else max(0, len(matches) - last)
        current: dict[str, Rating] = {}
        start: dict[str, Rating] = {}
        after: list[dict[str, Rating]] = []
        for number, match in enumerate(matches):
            if number == cut:
                start = dict(current)
            for _, key, mu, sigma in match:
                if key in wanted:
                    current[key] = Rating(mu, sigma)
            if number >= cut:
                after.append(dict(current))
        return after, start

    def player(self, name: str) -> PlayerKey:
        """The player a typed name stands for, labelled as last typed."""
        key = player_key(name)
        rows = self._query("SELECT s.label FROM seats s JOIN matches m ON m.name = s.name WHERE s.key = ? "
                           "ORDER BY m.finished DESC LIMIT 1", (key,))
        if rows:
            return PlayerKey(key, rows[0][0])
        if key.startswith("bot:"):
            return PlayerKey(key, f"Bot ({key[4:]})")
        return PlayerKey(key, " ".join(name.split()))

    def head_to_head(self, a: str, b: str, game: str | None = None) -> HeadToHead:
        """How ``a`` and ``b`` fared in the matches both played: who finished
        ahead (a winner ahead of a non-winner, then one still in ahead of one
        out, else the better final score; two who were out are level)."""
        pa, pb = self.player(a), self.player(b)
        if pa.key == pb.key:
            return HeadToHead(pa, pb, game, 0, 0.0, 0.0, 0)
        rows = self._query(
            f"SELECT m.lowest_best, x.score, x.win, {_OUT.format(seat='x')}, y.score, y.win, "
            f"{_OUT.format(seat='y')} FROM matches m "
            "JOIN seats x ON x.name = m.name AND x.key = ? JOIN seats y ON y.name = m.name AND y.key = ? "
            "WHERE (? IS NULL OR m.game = ?)", (pa.key, pb.key, game, game))
        a_wins = b_wins = 0.0
        draws = 0
        for lowest, a_score, a_win, a_out, b_score, b_win, b_out in rows:
            if (a_win > 0) != (b_win > 0):
                ahead = 1 if a_win > 0 else -1
            elif a_out or b_out:
                ahead = bool(b_out) - bool(a_out)
            else:
                ahead = (a_score > b_score) - (a_score < b_score)
                if lowest:
                    ahead = -ahead
            if ahead > 0:
                a_wins += 1
            elif ahead < 0:
                b_wins += 1
            else:
                draws += 1
        return HeadToHead(pa, pb, game, len(rows), a_wins, b_wins, draws)

    def series(self, path: Path) -> list[tuple[PlayerKey, float]]:
        """Tonight's table: wins per player over the chain of play-again
        matches ending with ``path`` (a shared win counts 1/k), the seats of
        that match first, in seat order. A bot is its seat: key "bot:<level>:
        <name>", labelled with its name."""
        path = Path(path)
        rows = self._query("SELECT record_id, series, finished FROM matches WHERE name = ?", (path.name,))
        if not rows and path.parent == self.finished and path.exists():
            self.add(path)
            rows = self._query("SELECT record_id, series, finished FROM matches WHERE name = ?", (path.name,))
        if not rows:
            return []
        record_id, chain, finished = rows[0]
        chain = chain or record_id
        names = [row[0] for row in self._query(
            "SELECT name FROM matches WHERE (series = ? OR record_id = ?) AND finished <= ?",
            (chain, chain, finished))]
        if path.name not in names:
            names.append(path.name)
        def seat_of(key: str, label: str, seat: int, seat_names: str) -> tuple[str, str]:
            # The same seats play again: a bot counts by its seat's name, as
            # the table names it ("Cy", "Bot 2"), not with every bot of its
            # level; its key keeps the level: "bot:normal:cy".
            if not key.startswith("bot:"):
                return key, label
            name = json.loads(seat_names)[seat]
            return f"{key}:{' '.join(name.split()).casefold()}", name

        tally: dict[str, list[Any]] = {}
        last = {seat_of(*row)[0]: row[2] for row in self._query(
            "SELECT s.key, s.label, s.seat, m.names FROM seats s JOIN matches m ON m.name = s.name "
            "WHERE s.name = ? ORDER BY s.seat", (path.name,))}
        marks = ",".join("?" * len(names))
        for key, label, seat, seat_names, win in self._query(
                f"SELECT s.key, s.label, s.seat, m.names, s.win FROM seats s JOIN matches m ON m.name = s.name "
                f"WHERE s.name IN ({marks}) ORDER BY m.finished, s.seat", tuple(names)):
            key, label = seat_of(key, label, seat, seat_names)
            entry = tally.setdefault(key, [label, 0.0])
            entry[0] = label
            entry[1] += win
        ordered = sorted(tally.items(), key=lambda item: (last.get(item[0], len(last)), -item[1][1]))
        return [(PlayerKey(key, label), wins) for key, (label, wins) in ordered]

    # ----- writing
    def add(self, path: Path) -> None:
        """A match just finished: index its record in one transaction (a
        record that cannot be read is counted as skipped). Never raises: an
        index that cannot be written now catches up on the next opening."""
        path = Path(path)
        try:
            st = path.stat()
        except OSError:
            return
        found = _examine(path, st.st_mtime_ns)
        try:
            with _transaction(self._con):
                _write(self._con, (), [(path.name, st.st_size, st.st_mtime_ns, found)])
            self._count_skipped(self._con)
        except _DAMAGE:
            pass

    def close(self) -> None:
        try:
            self._con.close()
        except sqlite3.Error:
            pass

    def __enter__(self) -> "History":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass
class _Tally:
    label: str = ""
    matches: int = 0
    wins: float = 0.0
    total: float = 0.0
    scored: int = 0  # matches whose score counts (the player was not out)
    outs: int = 0
    best: float | None = None
    games: set[str] = field(default_factory=set)
    streak: int = 0
    longest: int = 0

    def add(self, label: str, score: float, win: float, game: str, lowest: bool, out: bool = False) -> None:
        self.label = label
        self.matches += 1
        self.wins += win
        self.games.add(game)
        if out:
            self.outs += 1
        else:
            self.scored += 1
            self.total += score
            if self.best is None or (score < self.best if lowest else score > self.best):
                self.best = score
        self.streak = self.streak + 1 if win > 0 else 0
        self.longest = max(self.longest, self.streak)

    def stats(self, key: str, game: str | None) -> PlayerStats:
        one_game = len(self.games) == 1
        player = PlayerKey(key, self.label)
        return PlayerStats(player, game, self.matches, self.wins, self.wins / self.matches if self.matches else 0.0,
                           self.total / self.scored if one_game and self.scored else None,
                           self.best if one_game else None, self.streak, self.longest, self.outs)


# ----------------------------------------------------------------- the save hook

def note_finished(path: Path) -> None:
    """A finished record just landed in ``path`` (``saves.on_finished``): add it
    to the index, if there is one, in one transaction. Quick (no folder
    scan, no rebuild); a missing, foreign or busy index is left alone, to be
    brought up to date by the next ``History()``. Never raises."""
    try:
        path = Path(path)
        index = path.parent.parent.parent / INDEX_NAME
        if not index.is_file():
            return
        st = path.stat()
        found = _examine(path, st.st_mtime_ns)
        con = _connect(index, FINISH_BUSY_MS)
        try:
            if not _check(con):
                return
            with _transaction(con):
                _write(con, (), [(path.name, st.st_size, st.st_mtime_ns, found)])
        finally:
            con.close()
    except Exception:
        return
