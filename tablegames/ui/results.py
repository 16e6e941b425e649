"""The end of a match: scores with their breakdown, the winners, and what next.

No button has the focus when the screen opens: an Enter pressed once too
often after the last move does nothing (←/→ or Tab choose a button first).
After a "play again", the tally of the series (wins per player tonight,
from the history index) stands under the title; a match of several hands or
rounds shows its scores after each as a chart; ``r`` reviews the match.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Sequence

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from tablegames.core.game import GameSpec, Result
from tablegames.core.history import History, MatchSummary, PlayerKey, summary_of
from tablegames.core.match import Match
from tablegames.core.records import RecordError
from tablegames.core.seats import Seat, shown
from tablegames.ui.glyphs import Glyphs
from tablegames.ui.keys import RULES
from tablegames.ui.labels import seat_label
from tablegames.ui.widgets.scores import Cell
from tablegames.ui.widgets import KeyFooter, ScoreTable
from tablegames.ui.widgets.chart import StageChart

MAX_COLUMNS = 8  # breakdown lines shown as table columns up to this many



if TYPE_CHECKING:
    from tablegames.ui.app import TableGamesApp

# Up/down scroll the result (its breakdown may run below the screen): here
# and on the review's result page.
SCROLL_BINDINGS = [
    Binding("up", "scroll(-1)", "Scroll", show=False),
    Binding("down", "scroll(1)", "Scroll", show=False),
]


class ResultsScreen(Screen[None]):

    if TYPE_CHECKING:
        app: TableGamesApp  # for mypy: Textual types it as a plain App
    BINDINGS = [
        Binding("a", "again", "Play again"),
        Binding("p,escape", "app.to_picker", "Picker"),
        Binding("r", "review", "Review"),
        RULES,
        Binding("q", "app.quit", "Quit"),
        *SCROLL_BINDINGS,
        Binding("pageup", "scroll(-10)", "Scroll", show=False),
        Binding("pagedown", "scroll(10)", "Scroll", show=False),
        Binding("left", "button(-1)", "Button", show=False),
        Binding("right", "button(1)", "Button", show=False),
    ]
    # Nothing focused at first: Enter does nothing until a button is chosen.
    AUTO_FOCUS = ""

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match

    def compose(self) -> ComposeResult:
        match = self.match
        result = match.result()
        spec = match.spec
        with VerticalScroll(id="results", can_focus=False):
            yield Static(winners_line(spec, result, match.names), id="results-title", markup=False)
            yield Static(id="results-series", markup=False)
            yield Static(spec.score_note, id="results-note", markup=False)
            yield ScoreTable(id="results-table")
            yield Static(id="results-lines", markup=False)
            if result.summary and result.summary != spec.score_note:
                yield Static(result.summary, markup=False)
            yield StageChart(id="results-chart")
        with Horizontal(id="results-buttons"):
            yield Button("Play again with the same seats (a)", id="again", variant="primary",
                         compact=True)
            yield Button("Back to the picker (p)", id="picker", compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        if not self.query(ScoreTable):
            return  # closed as it opened (q, or back to the picker): its widgets are gone
        self._fill(self.match.result())
        self._show_series()
        self._show_stages()

    def _show_series(self) -> None:
        """Tonight's table: the wins of each player over the play-again
        matches of this sitting (only after a play again)."""
        line = self.query_one("#results-series", Static)
        path = self.match.save_path
        line.display = False
        if self.match.record.series is None or path is None:
            return
        try:
            with History() as history:
                tally = history.series(path)
        except (sqlite3.Error, OSError):
            return  # the history is out of reach: the match's own result stands
        if tally:
            line.update("Tonight's table, wins: " + ", ".join(
                f"{shown(_tally_label(player))} {_wins(wins)}" for player, wins in tally))
            line.display = True

    def _show_stages(self) -> None:
        chart = self.query_one(StageChart)
        summary = _summary(self.match)
        chart.display = bool(summary and summary.stages)
        if summary and summary.stages:
            chart.show([seat_label(seat) for seat in self.match.record.seats], summary.stages,
                       word=stage_word(self.match.spec))

    def action_button(self, step: int) -> None:
        """←/→: choose a button (the first one chosen is at that end)."""
        buttons = list(self.query(Button))
        focused = self.focused
        if focused in buttons:
            index = (buttons.index(focused) + step) % len(buttons)
        else:
            index = 0 if step > 0 else len(buttons) - 1
        buttons[index].focus()

    def action_review(self) -> None:
        from tablegames.ui.review import open_review

        if self.app.screen is self:
            open_review(self.app, self.match.save_path, self.match.record)

    def _fill(self, result: Result) -> None:
        headers, rows, lines = result_rows(result, self.match.record.seats, self.app.glyphs)
        self.query_one(ScoreTable).show(headers, rows, strong=set(result.winners))
        if lines:
            self.query_one("#results-lines", Static).update(lines)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#results", VerticalScroll).scroll_relative(y=lines, animate=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "again":
            self.action_again()
        else:
            # Run by the app, not awaited here: it removes this very screen.
            self.app.call_later(self.app.action_to_picker)

    def action_again(self) -> None:
        self.app.show_match(self.match.rematch())

    def action_rules(self) -> None:
        self.app.show_rules(self.match.spec)

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Play again", "Same game and seats, a new deal", self.action_again)
        yield SystemCommand("Review this match", "Step through it move by move", self.action_review)
        yield SystemCommand("Quit to picker", "Back to the list of games", self.app.action_to_picker)


def winners_line(spec: GameSpec, result: Result, names: Sequence[str]) -> str:
    """The results' title, e.g. "<game title>: Kim wins!"."""
    winner_names = result.winner_names(names)
    verb = "win" if len(winner_names) > 1 else "wins"
    return f"{spec.title}: {' and '.join(winner_names)} {verb}!"


def result_rows(result: Result, seats: Sequence[Seat], glyphs: Glyphs
                ) -> tuple[list[str], list[list[Cell]], str]:
    """The result as a table (a winner's mark, the player, the breakdown's
    lines as columns when every player has the same few, the total), and
    when the lines do not fit as columns, the same line by line ("" if
    they do). Shared by the results screen and the review's result page."""
    names = [seat.name for seat in seats]
    labels = [label for label, _ in result.breakdown[0]] if result.breakdown else []
    same = all([label for label, _ in lines] == labels for lines in result.breakdown)
    as_columns = same and len(labels) <= MAX_COLUMNS
    headers = ["", "Player"] + (labels if as_columns else []) + ["Total"]
    rows: list[list[Cell]] = []
    for seat, name in enumerate(names):
        mark = glyphs.win if seat in result.winners else ("out" if seat in result.eliminated else "")
        points = [value for _, value in result.breakdown[seat]] if as_columns else []
        rows.append([mark, seat_label(seats[seat]), *points, result.scores[seat]])
    if as_columns:
        return headers, rows, ""
    # Line by line, one block per player, winners' blocks first.
    order = sorted(range(len(names)), key=lambda s: (s not in result.winners, s))
    blocks = []
    for seat in order:
        lines = [f"{names[seat]}: {result.scores[seat]}"]
        lines += [f"  {label:<60.60} {value:>5}" for label, value in result.breakdown[seat]]
        blocks.append("\n".join(lines))
    more = "  (up/down to scroll)" if len(names) > 2 else ""
    return headers, rows, f"How the scores add up{more}:\n\n" + "\n\n".join(blocks)


def _tally_label(player: PlayerKey) -> str:
    """A player of tonight's table as the score table names them: a bot by
    its seat ("Cy (bot)", "Bot 2"), as ``History.series`` counts it."""
    if player.key.startswith("bot:"):
        return seat_label(Seat(player.label, player.key.split(":")[1]))
    return player.label


def _wins(wins: float) -> str:
    return f"{wins:.0f}" if abs(wins - round(wins)) < 1e-9 else f"{wins:.1f}"


def _summary(match: Match) -> MatchSummary | None:
    try:
        return summary_of(match.save_path or Path(f"{match.record.game}-{match.record.id}.json"), match.record)
    except RecordError:
        return None


def stage_word(spec: GameSpec) -> str:
    """What the game calls a stage ("hand"), for the chart's labels."""
    return spec.stage.word if spec.stage is not None else "stage"
