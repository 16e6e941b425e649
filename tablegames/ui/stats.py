"""Statistics of the finished matches, from the history index: per player
(names compared trimmed and case-insensitively, bots grouped by level) over
one game or all: matches, wins (a shared win counts 1/k), win share, mean
and best score (one game only: scores of different games do not add up),
the current and the longest winning streak; in one game, each player's
rating (core/ratings.py: OpenSkill's mu - 3 sigma); a bar chart of the win
shares, or (``r``, one game) of the ratings match by match; head to head
for two chosen players.

Keys: ``g`` (or ←/→ on the game) the game, ``a`` / ``b`` the two players of
the head to head, ``r`` win shares or ratings, ↑/↓ scroll, Escape back. The index is read in a worker
thread, as on the history screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from textual import on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label
from textual.worker import get_current_worker

from tablegames.core import registry
from tablegames.core.history import HeadToHead, History, PlayerKey, PlayerStats
from tablegames.core.ratings import START, Rating
from tablegames.core.seats import shown
from tablegames.ui.history import game_choices, score_text
from tablegames.ui.widgets import Cycler, KeyFooter, ScoreTable, TextLine
from tablegames.ui.widgets.chart import BarChart, StageChart

if TYPE_CHECKING:
    from tablegames.ui.app import TableGamesApp

NAME_WIDTH = 14
# The ratings chart follows the game's last this many matches (a point a
# column or more at 80 columns).
RATING_MATCHES = 40


def stats_rows(stats: list[PlayerStats]) -> tuple[list[str], list[list[str | int]]]:
    """The statistics table: one row per player."""
    # "Out": matches eliminated (lost, the score not in mean or best), only
    # for a game where players are knocked out.
    outs = any(row.outs for row in stats)
    # "Rating": one game's (a rating is per game).
    rated = any(row.rating is not None for row in stats)
    headers = ["Player", "Matches", "Wins", "Share", "Mean", "Best", *(["Out"] if outs else []), "Streak", "Longest",
               *(["Rating"] if rated else [])]
    rows: list[list[str | int]] = []
    for row in stats:
        rows.append([
            _cut(shown(row.player.label)), row.matches, score_text(round(row.wins, 2)), f"{row.win_share:.0%}",
            "-" if row.mean_score is None else f"{row.mean_score:.1f}",
            "-" if row.best_score is None else score_text(row.best_score),
            *([row.outs] if outs else []), row.current_streak, row.longest_streak,
            *([rating_text(row.rating)] if rated else []),
        ])
    return headers, rows


def rating_text(rating: Rating | None) -> str:
    """The conservative rating, as the table and the chart show it."""
    return "-" if rating is None else f"{rating.ordinal:.1f}"


def head_to_head_line(h2h: HeadToHead) -> str:
    a, b = shown(h2h.a.label), shown(h2h.b.label)
    if h2h.a.key == h2h.b.key:
        return "Head to head: choose two different players (a and b)."
    if not h2h.matches:
        return f"Head to head: {a} and {b} have not played a match together."
    draws = f", {h2h.draws} level" if h2h.draws else ""
    return (f"Head to head, {h2h.matches} match{'es' if h2h.matches != 1 else ''}: "
            f"{a} ahead {score_text(h2h.a_wins)}, {b} ahead {score_text(h2h.b_wins)}{draws}.")


def _cut(label: str) -> str:
    """A label for the table's first column (a bot's "Bot (normal)" is 12)."""
    return label if len(label) <= NAME_WIDTH else label[:NAME_WIDTH - 1] + "."


class StatsScreen(Screen[None]):
    """Per player statistics, a chart of win shares, head to head."""

    if TYPE_CHECKING:
        app: TableGamesApp

    BINDINGS = [
        Binding("g", "game(1)", "Game"),
        Binding("a", "pick('a', 1)", "Player A"),
        Binding("b", "pick('b', 1)", "Player B"),
        Binding("r", "ratings", "Ratings"),
        Binding("up", "scroll(-1)", "Players", group=Binding.Group("Players", compact=True)),
        Binding("down", "scroll(1)", "Players", group=Binding.Group("Players", compact=True)),
        Binding("pageup", "scroll(-10)", "Players", show=False),
        Binding("pagedown", "scroll(10)", "Players", show=False),
        Binding("escape", "back", "Back", key_display="Esc"),
    ]
    AUTO_FOCUS = ""

    DEFAULT_CSS = """
    StatsScreen #stats-title, StatsScreen #stats-message { padding: 0 1; }
    /* A notice names a file and where it is: room for the whole of it. */
    StatsScreen #stats-message { height: auto; max-height: 4; text-wrap: wrap; text-overflow: fold; }
    StatsScreen #stats-filters { height: 1; margin: 0 1; }
    StatsScreen #stats-filters Label { padding: 0 1 0 0; }
    StatsScreen #stats-body { height: 1fr; padding: 0 1; }
    StatsScreen #stats-table { margin: 1 0 0 0; }
    StatsScreen #stats-chart, StatsScreen #stats-ratings { height: 1fr; min-height: 6; }
    """

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.players: list[PlayerKey] = []
        self.stats: list[PlayerStats] = []
        self.a: str | None = None  # the head to head's players (keys)
        self.b: str | None = None
        self.first = 0  # the first row shown (↑/↓ move through the players)
        self.notice = ""  # the index's notice, kept while the screen is open
        self.show_ratings = False  # ``r``: the chart of ratings instead of win shares
        # Each player's rating after each of the game's last matches, and before them.
        self.rating_steps: list[dict[str, Rating]] = []
        self.rating_start: dict[str, Rating] = {}

    def compose(self) -> ComposeResult:
        yield TextLine("Statistics: reading the index...", id="stats-title")
        with Horizontal(id="stats-filters"):
            yield Label("Game:")
            yield Cycler(game_choices(), self.game, id="stats-game")
        with Vertical(id="stats-body"):
            yield TextLine(id="stats-h2h")
            yield ScoreTable(id="stats-table")
            yield TextLine(id="stats-more")
            yield BarChart(id="stats-chart")
            yield StageChart(id="stats-ratings")
        yield TextLine(id="stats-message")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.load()

    def load(self) -> None:
        self._read(self.game, self.a, self.b)

    @work(thread=True, exclusive=True, group="stats")
    def _read(self, game: str | None, a: str | None, b: str | None) -> None:
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if not worker.is_cancelled:
                self.app.call_from_thread(self._progress, done, total)

        with History(progress=progress) as history:
            stats = history.stats(game)
            players = [row.player for row in sorted(stats, key=lambda s: (-s.matches, s.player.label.casefold()))]
            keys = [p.key for p in players]
            a = a if a in keys else (keys[0] if keys else None)
            b = b if b in keys else (keys[1] if len(keys) > 1 else None)
            h2h = history.head_to_head(a, b, game) if a and b else None
            steps, start = history.rating_history(game, keys, RATING_MATCHES) if game else ([], {})
            notices = history.take_notices(room=1)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._show, stats, players, a, b, h2h, notices, steps, start)

    def _progress(self, done: int, total: int) -> None:
        self.query_one("#stats-title", TextLine).show(
            f"Statistics: updating the index, {done:,} of {total:,} records read")

    def _show(self, stats: list[PlayerStats], players: list[PlayerKey], a: str | None, b: str | None,
              h2h: HeadToHead | None, notices: list[str], steps: list[dict[str, Rating]] | None = None,
              start: dict[str, Rating] | None = None) -> None:
        self.stats, self.players, self.a, self.b = stats, players, a, b
        self.rating_steps, self.rating_start = steps or [], start or {}
        title = registry.get(self.game).title if self.game else "all games"
        self.query_one("#stats-title", TextLine).show(
            f"Statistics, {title}: {len(stats):,} player{'s' if len(stats) != 1 else ''}"
            if stats else f"Statistics, {title}: no finished match yet")
        self._draw_rows()
        self.query_one("#stats-h2h", TextLine).show(head_to_head_line(h2h) if h2h is not None else "")
        # (Kept while the screen is open: a damaged record is named once.)
        self.notice = notices[0] if notices else self.notice
        line = self.query_one("#stats-message", TextLine)
        line.show(self.notice)
        line.refresh(layout=True)  # (its height follows the notice's length)
        self.refresh_bindings()

    def visible_rows(self) -> int:
        """Rows of the table at this height: the chart keeps the rest (at
        80x24: six players, and their bars)."""
        return max(3, (self.app.size.height - 12) // 2)

    def _draw_rows(self) -> None:
        """The table's rows from ``first`` (most wins first), and the same
        players' win shares as bars."""
        stats = self.stats
        visible = self.visible_rows()
        self.first = max(0, min(self.first, len(stats) - visible))
        rows_of = stats[self.first:self.first + visible]
        headers, rows = stats_rows(rows_of)
        table = self.query_one("#stats-table", ScoreTable)
        table.display = bool(stats)
        table.show(headers, rows, numeric=set(range(1, len(headers))))
        keys = f" ({self.app.glyphs.up_down} for the others)" if len(stats) > visible else ""
        self.query_one("#stats-more", TextLine).show(
            f"Players {self.first + 1}-{self.first + len(rows_of)} of {len(stats):,}{keys}"
            if len(stats) > visible else "")
        chart = self.query_one(BarChart)
        ratings = self.query_one("#stats-ratings", StageChart)
        by_rating = self.show_ratings and bool(self.rating_steps)
        chart.display = bool(rows_of) and not by_rating
        ratings.display = bool(rows_of) and by_rating
        chart.show([_cut(shown(row.player.label)) for row in rows_of], [100 * row.win_share for row in rows_of],
                   title="Win share (%)")
        if by_rating:
            shown_keys = [row.player.key for row in rows_of]

            def ordinals(after: dict[str, Rating]) -> list[float]:
                return [round(after.get(key, START).ordinal, 1) for key in shown_keys]

            cut = "" if len(self.rating_steps) < RATING_MATCHES else f", the last {len(self.rating_steps)}"
            ratings.show([_cut(shown(row.player.label)) for row in rows_of],
                         [ordinals(after) for after in self.rating_steps], word="match",
                         title=f"Rating (mu - 3 sigma), match by match{cut}", start=ordinals(self.rating_start))

    def on_resize(self) -> None:
        if self.stats:
            self._draw_rows()

    # ----- keys
    @on(Cycler.Changed, "#stats-game")
    def _game_changed(self, event: Cycler.Changed) -> None:
        self.game = event.value
        self.load()

    def action_game(self, step: int) -> None:
        self.query_one("#stats-game", Cycler).action_step(step)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return len(self.players) > 1
        if action == "scroll":
            return len(self.stats) > self.visible_rows()
        return True

    def action_pick(self, which: str, step: int) -> None:
        """``a`` / ``b``: the next player (most matches first) for that side."""
        keys = [p.key for p in self.players]
        if len(keys) < 2:
            return
        current = self.a if which == "a" else self.b
        other = self.b if which == "a" else self.a
        index = keys.index(current) if current in keys else -1
        for _ in range(len(keys)):
            index = (index + step) % len(keys)
            if keys[index] != other:
                break
        if which == "a":
            self.a = keys[index]
        else:
            self.b = keys[index]
        self.load()

    def action_ratings(self) -> None:
        """``r``: the chart of ratings, or back to the win shares (one game only)."""
        if self.game is None:
            self.query_one("#stats-message", TextLine).show("Ratings are per game: choose one with g.")
            return
        self.show_ratings = not self.show_ratings
        self._draw_rows()

    def action_scroll(self, lines: int) -> None:
        self.first += lines
        self._draw_rows()

    def action_back(self) -> None:
        if self.app.screen is self:
            self.app.pop_screen()

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Back", "Close the statistics", self.action_back)
