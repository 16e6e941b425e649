"""The command line's history commands: `tablegames history`, `stats` and
`review` (registered by tablegames/cli.py, which reports their errors).

They read the history index (core/history.py), which catches up with the
finished records first. Names come from files: everything is printed as
plain text (never Rich markup), control characters escaped by
``core.seats.shown``, as `replay` prints them.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable, TypeVar

from tablegames import cli_common
from tablegames.cli_common import OK, PROG, CliError, game_spec, mean_score_heading, options_text, whole_flag
from tablegames.core.seats import shown
from tablegames.core.words import plural

if TYPE_CHECKING:  # (loaded lazily, by the commands that need them)
    from rich.console import Console
    from rich.progress import Progress, TaskID

    from tablegames.core.game import GameSpec
    from tablegames.core.history import History, MatchSummary, PlayerStats
    from tablegames.core.records import MatchRecord

# cli.py's parser class (one-line usage errors).
Parser = TypeVar("Parser", bound=argparse.ArgumentParser)

DEFAULT_LIMIT = 20
MAX_LIMIT = 1_000_000

HISTORY_EPILOG = """\
examples:
  tablegames history                           the 20 newest finished matches
  tablegames history --player ki --limit 50    Kim's 50 newest (a name's start, any case)
  tablegames history --game blind-chicken --json

Finished matches are read from the data folder's matches/finished; an index
of them (history.sqlite3 beside it) is kept up to date, and rebuilt from the
records if it is missing or damaged."""

STATS_EPILOG = """\
examples:
  tablegames stats                             every player over all games
  tablegames stats --game blind-chicken        every player in one game
  tablegames stats --player kim                Kim overall and in each game
  tablegames stats --player "Bot (hard)" --json

A player is a name, trimmed and in any case; bots count by level. A shared
win counts 1/k to each of the k winners. A streak is wins in a row. The
rating (one game's statistics) is OpenSkill's, per player and game, moved
by each match in the order they finished: mu - 3 sigma, 0 for a new player
(--json: "rating", game id -> ordinal, mu and sigma)."""

RATING_NOTE = "Rating: OpenSkill's mu - 3 sigma in this game (0 at the start)."

REVIEW_EPILOG = """\
examples:
  tablegames review ~/.local/share/tablegames/matches/finished/blind-chicken-1a2b3c4d.json

In a terminal the review screen opens (left/right a move, Home/End, PgUp/PgDn
a hand or round, Tab each seat's view, Esc quits); elsewhere, or with --text,
what happened is printed in the log's words, with the scores after each hand
or round: the public table only, no hand. Only a finished match can be
reviewed; the file is only read, never changed."""


def add_parsers(sub: argparse._SubParsersAction[Parser]) -> None:
    """The three commands, on cli.py's subcommand parser."""
    fmt = argparse.RawDescriptionHelpFormatter
    his = sub.add_parser("history", help="list finished matches, newest first", formatter_class=fmt,
                         description="List finished matches, newest first: date, game, players with "
                                     "the winner marked, scores.", epilog=HISTORY_EPILOG)
    his.add_argument("--game", metavar="GAME", help="only this game (see 'tablegames list')")
    his.add_argument("--player", metavar="NAME", help="only matches with a player whose name, as listed, starts so (any case)")
    his.add_argument("--limit", metavar="N", help=f"the N newest (default: {DEFAULT_LIMIT}; 0: all)")
    his.add_argument("--json", action="store_true", help="print one JSON object on stdout")

    sta = sub.add_parser("stats", help="statistics per player: wins, win share, scores, streaks",
                         formatter_class=fmt, epilog=STATS_EPILOG,
                         description="Statistics per player over the finished matches: matches, wins, "
                                     "win share, mean and best score, current and longest winning streak.")
    sta.add_argument("--game", metavar="GAME", help="only this game (default: all games)")
    sta.add_argument("--player", metavar="NAME", help="only this player (any case; \"Bot (hard)\" for bots)")
    sta.add_argument("--json", action="store_true", help="print one JSON object on stdout")

    rev = sub.add_parser("review", help="a finished match move by move", formatter_class=fmt,
                         description="Step through a finished match move by move, with the table after "
                                     "each move (every hand face up: the match is over) and the result.",
                         epilog=REVIEW_EPILOG)
    rev.add_argument("file", metavar="FILE", help="a finished match record (.json)")
    rev.add_argument("--text", action="store_true",
                     help="print what happened (the log's public lines) even in a terminal (where the review screen opens)")
    rev.add_argument("--json", action="store_true", help="print one JSON object on stdout")


# ----------------------------------------------------------------- shared

def _open_history() -> History:
    """The history, with a progress bar on a terminal while the index is
    (re)built, and its notices on stderr, one line each."""
    from tablegames.core.history import History

    bar: dict[str, Progress] = {}
    task: list[TaskID] = []

    def progress(done: int, total: int) -> None:
        if total < 50 or not sys.stderr.isatty():
            return
        if "bar" not in bar:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            bar["bar"] = Progress(TextColumn("Indexing finished matches"), BarColumn(), MofNCompleteColumn(),
                                  TimeRemainingColumn(), console=cli_common.console(stderr=True), transient=True)
            bar["bar"].start()
            task.append(bar["bar"].add_task("records", total=total))
        bar["bar"].update(task[0], completed=done)

    try:
        history = History(progress=progress)
    finally:
        if "bar" in bar:
            bar["bar"].stop()
    for notice in history.take_notices():
        print(f"{PROG}: {shown(notice)}", file=sys.stderr)
    return history


def _game(text: str | None) -> GameSpec | None:
    return None if text is None else game_spec(text)


def _player(text: str | None) -> str | None:
    if text is None:
        return None
    if not text.strip():
        raise CliError("--player needs a name.")
    return text


def _number(value: float) -> str:
    return f"{value:g}" if value == int(value) else f"{value:.2f}"


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M")


def _none_yet(spec: GameSpec | None, player: str | None, preposition: str) -> str:
    """The line when nothing matches: "No finished matches of <game> with <name> yet."."""
    whom = f" {preposition} {shown(player.strip())}" if player else ""
    what = f" of {spec.title}" if spec else ""
    return f"No finished matches{what}{whom} yet."


# ----------------------------------------------------------------- history

def cmd_history(args: argparse.Namespace) -> int:
    spec = _game(args.game)
    player = _player(args.player)
    limit = DEFAULT_LIMIT if args.limit is None else whole_flag("--limit", args.limit, 0, MAX_LIMIT)
    with _open_history() as history:
        found = history.matches(spec.id if spec else None, player, (limit or None) and limit + 1)
        skipped = history.skipped
    more = bool(limit) and len(found) > limit
    found = found[:limit] if limit else found
    if args.json:
        print(json.dumps({"matches": [_match_json(m) for m in found], "more": more, "skipped": skipped}))
        return OK

    from rich.table import Table
    from rich.text import Text

    console = cli_common.console()
    if not found:
        console.print(_none_yet(spec, player, "with"), markup=False)
        return OK
    outs = any(m.eliminated for m in found)
    table = Table(caption=Text("* the winner" + ("; (out): eliminated" if outs else "")
                               + ("; older matches: --limit N (0: all)" if more else "")),
                  caption_justify="left")
    table.add_column("Finished", no_wrap=True)
    table.add_column("Game")
    table.add_column("Players and scores")
    for m in found:
        parts = [f"{shown(name)}{'*' if seat in m.winners else ''} {_number(score)}"
                 f"{' (out)' if seat in m.eliminated else ''}"
                 for seat, (name, score) in enumerate(zip(m.names, m.scores))]
        line = ", ".join(parts) + (f"; {shown(m.other_winner)} won" if m.other_winner else "")
        title = shown(m.title) + (f", {m.hints_note()}" if m.hints is not None else "")
        table.add_row(_when(m.finished_at), Text(title), Text(line))
    console.print(table)
    return OK


def _match_json(m: MatchSummary) -> dict[str, Any]:
    return {
        "file": str(m.path), "game": m.game, "title": m.title, "finished_at": m.finished_at.isoformat(),
        "options": m.options,
        "seats": [{"name": name, "bot": level, "score": score, "winner": seat in m.winners,
                   "out": seat in m.eliminated}
                  for seat, (name, level, score) in enumerate(zip(m.names, m.levels, m.scores))],
        "winners": list(m.winners), "other_winner": m.other_winner, "eliminated": list(m.eliminated),
        "moves": m.moves, "seconds": m.seconds, "stages": [list(stage) for stage in m.stages],
        "series": m.series or m.record_id,
        # Per seat, the hints asked for; null: played with hints off.
        "hints": None if m.hints is None else list(m.hints),
    }


# ----------------------------------------------------------------- stats

def _stats_json(s: PlayerStats, ratings: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """One row; ``rating``: the player's rating in each game (game id ->
    ordinal, mu, sigma), of the row's game only when it is one game's."""
    rated = {game: ratings[game][s.player.key] for game in ratings
             if s.player.key in ratings[game] and s.game in (None, game)}
    return {"player": s.player.label, "key": s.player.key, "game": s.game, "matches": s.matches,
            "wins": s.wins, "win_share": s.win_share, "mean_score": s.mean_score, "best_score": s.best_score,
            "outs": s.outs,
            "current_streak": s.current_streak, "longest_streak": s.longest_streak,
            "rating": {game: {"ordinal": r.ordinal, "mu": r.mu, "sigma": r.sigma} for game, r in rated.items()}}


def cmd_stats(args: argparse.Namespace) -> int:
    spec = _game(args.game)
    player = _player(args.player)
    game = spec.id if spec else None
    with _open_history() as history:
        rows = history.stats(game, player)
        by_game = []
        if player is not None and game is None and rows:
            for game_id, _title in history.games():
                by_game += history.stats(game_id, player)
        titles = dict(history.games())
        skipped = history.skipped
        ratings = {game_id: history.ratings(game_id) for game_id in titles} if args.json else {}
    if args.json:
        data: dict[str, Any] = {"game": game, "players": [_stats_json(s, ratings) for s in rows],
                                "skipped": skipped}
        if player is not None and game is None:
            data["games"] = [_stats_json(s, ratings) for s in by_game]
        print(json.dumps(data))
        return OK

    console = cli_common.console()
    if not rows:
        console.print(_none_yet(spec, player, "for"), markup=False)
        return OK
    if by_game:
        _print_stats(console, f"{shown(rows[0].player.label)}, by game", by_game,
                     first=("Game", lambda s: titles.get(s.game or "", s.game or "")), scores=True)
        total = rows[0]
        wins = _number(total.wins)
        console.print(f"All games: {plural(total.matches, 'match', 'matches')}, {wins} "
                      f"{'win' if total.wins == 1 else 'wins'} "
                      f"({total.win_share:.1%}), streak {total.current_streak} (longest {total.longest_streak}).",
                      markup=False)
        return OK
    title = spec.title if spec else "All games"
    _print_stats(console, title, rows, first=("Player", lambda s: s.player.label),
                 scores=spec is not None, heading=mean_score_heading(spec) if spec else "")
    return OK


def _print_stats(console: Console, title: str, rows: list[PlayerStats], *,
                 first: tuple[str, Callable[[PlayerStats], str]], scores: bool, heading: str = "") -> None:
    from rich.table import Table
    from rich.text import Text

    outs = any(s.outs for s in rows)
    rated = any(s.rating is not None for s in rows)
    out_note = " Out: matches eliminated (lost; the score not in mean or best)." if outs else ""
    rating_note = f" {RATING_NOTE}" if rated else ""
    table = Table(title=Text(title), caption=Text("A shared win counts 1/k; a streak is wins in a row "
                                                  f"(now / longest).{out_note}{rating_note}"),
                  caption_justify="left")
    table.add_column(first[0], no_wrap=True)  # a name whole; a heading may take two lines
    table.add_column("Matches", justify="right")
    table.add_column("Wins", justify="right")
    table.add_column("Share", justify="right")
    if scores:
        table.add_column(Text(heading or "Mean score"), justify="right")
        table.add_column("Best", justify="right")
    if outs:
        table.add_column("Out", justify="right")
    table.add_column("Streak", justify="right", no_wrap=True)
    if rated:
        table.add_column("Rating", justify="right")
    for s in rows:
        cells: list[Text | str] = [Text(shown(first[1](s))), str(s.matches), _number(s.wins), f"{s.win_share:.1%}"]
        if scores:
            cells += ["-" if s.mean_score is None else f"{s.mean_score:.1f}",
                      "-" if s.best_score is None else _number(s.best_score)]
        if outs:
            cells.append(str(s.outs))
        cells.append(f"{s.current_streak} / {s.longest_streak}")
        if rated:
            cells.append("-" if s.rating is None else f"{s.rating.ordinal:.1f}")
        table.add_row(*cells)
    console.print(table)


# ----------------------------------------------------------------- review

def cmd_review(args: argparse.Namespace) -> int:
    from tablegames.core import records, registry, saves

    if not str(args.file).strip():  # (an empty "$(ls ...)": no finished match there yet)
        raise CliError("review needs the file of a finished match: 'tablegames history --json' gives "
                       "each one's file (in matches/finished of the data folder).")
    try:
        record = saves.load(args.file)  # read, checked and replayed
    except records.RecordError as exc:
        raise CliError(f"Cannot review {exc}") from None
    state = records.replay(record)
    if not record.finished or not state.is_over():
        # The review shows every hand: an unfinished match never gets one.
        raise CliError(f"Cannot review {shown(str(args.file))}: the match is not finished (resume it from "
                           f"the picker; 'tablegames replay FILE' shows where it stands).")
    if not args.json and not args.text and cli_common.terminal_problem() is None:
        try:
            from tablegames.ui.review import run_review
        except ImportError:
            pass  # no app here: the text will do
        else:
            return run_review(args.file, getattr(args, "ascii", False))
    spec = registry.get(record.game)
    result = state.result()
    names = record.names
    if args.json:
        steps = _steps(spec, record)
        print(json.dumps({
            "file": str(args.file), "game": spec.id, "title": spec.title, "seed": record.seed,
            "options": record.options, "seats": [s.to_json() for s in record.seats],
            "start": steps[0], "moves": steps[1:],
            "result": {"scores": list(result.scores), "winners": list(result.winners),
                       "winner_names": result.winner_names(names), "eliminated": list(result.eliminated),
                       "breakdown": [[[label, points] for label, points in lines] for lines in result.breakdown],
                       "summary": result.summary or spec.score_note},
        }))
        return OK

    _write_moves(sys.stdout, spec, record)
    out = sys.stdout
    out.write(f"\nResult: {shown(result.summary or spec.score_note)}\n")
    for seat, name in enumerate(names):
        crown = " (winner)" if seat in result.winners else ""
        lines = ", ".join(f"{label} {points:+d}" if points else f"{label} 0"
                          for label, points in result.breakdown[seat])
        out.write(f"  {shown(name)}{crown}: {result.scores[seat]}" + (f" ({shown(lines)})" if lines else "") + "\n")
    winners = [shown(name) for name in result.winner_names(names)]
    out.write(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners) + "\n"
              if winners else "Nobody won.\n")
    return OK


def _write_moves(out: IO[str], spec: GameSpec, record: MatchRecord) -> None:
    """What happened, in the log's words: each move's public lines (what
    the table saw; no hand, no private line), and the scores after each
    hand or round."""
    from tablegames.core import records
    from tablegames.core.game import Event
    from tablegames.core.history import summary_of
    from tablegames.core.stages import find_stages

    names = record.names
    players = ", ".join(shown(seat.label()) for seat in record.seats)
    head = f"{spec.title}, a finished match: {players}; seed {record.seed}"
    if record.options:
        head += f", {options_text(record.options)}"
    out.write(f"{shown(head)}. The public table: what everyone saw.\n")
    stages = find_stages(spec, records.first_state(record), record.actions)
    try:
        running = summary_of(Path("review.json"), record).stages
    except records.RecordError:
        running = ()
    # A stage ends with the move after which the next one starts.
    ends = {start: stages.number_at(start - 1) for start in stages.starts}
    ends[len(record.actions)] = stages.number_at(len(record.actions))
    state = records.first_state(record)
    for number, (seat, text) in enumerate(record.actions, start=1):
        events: list[Event] = []
        state.apply(seat, spec.parse(text), events)
        lines = [event.text for event in events if event.public]
        out.write(f"{number}. " + ("\n   ".join(shown(line) for line in lines) if lines
                                   else f"{shown(names[seat])} moved.") + "\n")
        stage = ends.get(number)
        if stage is not None and stages.word and 0 < stage <= len(running):
            scores = ", ".join(f"{shown(name)} {_number(score)}" for name, score in zip(names, running[stage - 1]))
            out.write(f"   The table after {stages.word} {stage}: {scores}\n")


# Keys of a view that say nothing about the table itself.
_SKIP = {"game", "seat", "names"}


def _steps(spec: GameSpec, record: MatchRecord) -> list[dict[str, Any]]:
    """The table before the first move and after each: the public view,
    every seat's own view (what differs from the public one) and the
    events of the move (every one: the match is over)."""
    from tablegames.core import records
    from tablegames.core.game import Event

    state = records.first_state(record)  # (a deal, or the position it started from)
    players = len(record.seats)

    def snapshot() -> dict[str, Any]:
        public = state.view(None)
        own = []
        for seat in range(players):
            view = state.view(seat)
            own.append({key: value for key, value in view.items()
                        if key not in _SKIP and public.get(key) != value})
        return {"table": {k: v for k, v in public.items() if k not in _SKIP}, "seats": own}

    steps = [snapshot()]
    for seat, text in record.actions:
        events: list[Event] = []
        state.apply(seat, spec.parse(text), events)
        steps.append({"seat": seat, "action": text, "events": [e.text for e in events], **snapshot()})
    return steps


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


COMMANDS: dict[str | None, Callable[[argparse.Namespace], int]] = {"history": cmd_history, "stats": cmd_stats, "review": cmd_review}
