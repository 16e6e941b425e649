"""The history of finished matches, newest first, from the history index
(``core.history``): date, game, the players with the winner marked and
their scores. Filtered by game (``g`` or ←/→ on the game) and by a player's
name (``/``, then type: names compare trimmed and case-insensitively);
Enter reviews the match under the cursor; ``s`` opens the statistics.

Only finished matches are ever listed (the index holds nothing else), and
the review checks the record again when it opens: a file changed into an
unfinished match since it was indexed is refused (one line), never shown.

The index is opened and read in a worker thread (a rebuild from thousands
of records shows its progress on the title line), so the first frame comes
at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from tablegames.core import registry
from tablegames.core.history import History, MatchSummary
from tablegames.core.seats import Seat, shown
from tablegames.ui.labels import seat_label
from tablegames.ui.widgets import Cycler, KeyFooter, TextLine

if TYPE_CHECKING:
    from tablegames.ui.app import TableGamesApp

# The list shows at most this many matches (the newest): the command line
# (`tablegames history --limit N`) lists more.
SHOWN = 500


def game_choices() -> list[tuple[str | None, str]]:
    return [(None, "All games")] + [(spec.id, spec.title) for spec in registry.all_specs()]


def score_text(value: float) -> str:
    return f"{value:.0f}" if value == int(value) else f"{value:g}"


def match_line(summary: MatchSummary, win: str) -> Text:
    """One match: date, game (and whether hints were on), then each player with their score, the
    winners marked (the mark, bold: never colour alone), the eliminated
    "(out)"."""
    text = Text(no_wrap=False)
    text.append(summary.finished_at.strftime("%Y-%m-%d %H:%M"), style="dim")
    text.append(f"  {summary.title}", style="bold")
    if summary.hints is not None:
        text.append(f"  {summary.hints_note()}", style="dim")
    text.append("\n   ")
    for seat, name in enumerate(summary.names):
        if seat:
            text.append(", ")
        won = seat in summary.winners
        label = shown(seat_label(Seat(name, summary.levels[seat])))  # as every screen names the seat
        text.append(f"{win}{label}" if won else label, style="bold" if won else "")
        text.append(f" {score_text(summary.scores[seat])}")
        if seat in summary.eliminated:
            text.append(" (out)", style="dim")
    if summary.other_winner:
        text.append(f"; {win}{shown(summary.other_winner)} wins", style="bold")
    return text


class HistoryScreen(Screen[None]):
    """Finished matches, newest first; filters; Enter reviews one."""

    if TYPE_CHECKING:
        app: TableGamesApp

    BINDINGS = [
        # Ahead of the list's own Enter (the same thing), so the footer lists it.
        Binding("enter", "review", "Review", priority=True),
        Binding("g", "game(1)", "Game"),
        Binding("slash", "player", "Player", key_display="/"),
        Binding("s", "stats", "Statistics"),
        Binding("escape", "back", "Back", key_display="Esc"),
    ]

    DEFAULT_CSS = """
    HistoryScreen #history-title, HistoryScreen #history-message { padding: 0 1; }
    /* A notice names a file and where it is: room for the whole of it. */
    HistoryScreen #history-message { height: auto; max-height: 4; text-wrap: wrap; text-overflow: fold; }
    HistoryScreen #history-filters { height: 1; margin: 0 1; }
    HistoryScreen #history-filters Label { padding: 0 1 0 0; }
    HistoryScreen #history-player { width: 20; height: 1; border: none; padding: 0 1; }
    HistoryScreen #history-list { height: 1fr; }
    """

    def __init__(self, game: str | None = None, player: str = "") -> None:
        super().__init__()
        self.game = game
        self.player = player
        self.summaries: list[MatchSummary] = []
        self.total: int | None = None
        # The index's notice, kept while the screen is open: a damaged
        # record is named once, not again when a filter reads the index.
        self.notice = ""

    def compose(self) -> ComposeResult:
        yield TextLine("Match history: reading the index...", id="history-title")
        with Horizontal(id="history-filters"):
            yield Label("Game:")
            yield Cycler(game_choices(), self.game, id="history-game")
            yield Label(" Player:")
            yield Input(self.player, placeholder="any name", id="history-player", compact=True)
        box = OptionList(id="history-list")
        box.border_title = "Newest first: Enter reviews a match"
        yield box
        yield TextLine(id="history-message")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#history-list", OptionList).focus()

    def on_screen_resume(self) -> None:
        # Also the first showing (a pushed screen is resumed): one read, not
        # two racing, whose first would take the index's notice with it.
        self.load()  # a match may have finished meanwhile

    # ----- reading the index (in a worker thread)
    def load(self) -> None:
        self._read(self.game, self.player.strip() or None)

    @work(thread=True, exclusive=True, group="history")
    def _read(self, game: str | None, player: str | None) -> None:
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if not worker.is_cancelled:
                self.app.call_from_thread(self._progress, done, total)

        with History(progress=progress) as history:
            summaries = history.matches(game=game, player=player, limit=SHOWN + 1)
            total = history.count(game=game, player=player) if len(summaries) > SHOWN else len(summaries)
            notices = history.take_notices(room=1)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._show, summaries[:SHOWN], total, notices)

    def _progress(self, done: int, total: int) -> None:
        self.query_one("#history-title", TextLine).show(
            f"Match history: updating the index, {done:,} of {total:,} records read")

    def _show(self, summaries: list[MatchSummary], total: int, notices: list[str]) -> None:
        self.summaries = summaries
        self.total = total
        box = self.query_one("#history-list", OptionList)
        highlighted = box.highlighted
        box.clear_options()
        win = self.app.glyphs.win
        box.add_options([Option(match_line(s, win), id=str(index)) for index, s in enumerate(summaries)])
        if summaries:
            box.highlighted = min(highlighted or 0, len(summaries) - 1)
        what = "finished match" if total == 1 else "finished matches"
        more = f" (the newest {len(summaries)} shown)" if total > len(summaries) else ""
        filtered = " found" if self.game or self.player.strip() else ""
        self.query_one("#history-title", TextLine).show(f"Match history: {total:,} {what}{filtered}{more}")
        self.notice = notices[0] if notices else self.notice
        message = self.notice or ("" if summaries else self._nothing())
        line = self.query_one("#history-message", TextLine)
        line.show(message)
        line.refresh(layout=True)  # (its height follows the notice's length)
        self.refresh_bindings()

    def _nothing(self) -> str:
        if self.game or self.player.strip():
            return "No finished match with these filters."
        return "No finished match yet: play one from the picker."

    # ----- filters
    @on(Cycler.Changed, "#history-game")
    def _game_changed(self, event: Cycler.Changed) -> None:
        self.game = event.value
        self.load()

    @on(Input.Changed, "#history-player")
    def _player_changed(self, event: Input.Changed) -> None:
        self.player = event.value
        self.load()

    @on(Input.Submitted, "#history-player")
    def _player_done(self, event: Input.Submitted) -> None:
        self.query_one("#history-list", OptionList).focus()

    def action_game(self, step: int) -> None:
        self.query_one("#history-game", Cycler).action_step(step)

    def action_player(self) -> None:
        self.query_one("#history-player", Input).focus()

    # ----- what next
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return bool(self.summaries) and isinstance(self.focused, OptionList)
        if action in ("game", "stats", "player") and isinstance(self.focused, Input):
            return False  # the key types into the name
        return True

    def action_review(self) -> None:
        box = self.query_one("#history-list", OptionList)
        if box.highlighted is not None:
            self._open(box.highlighted)

    @on(OptionList.OptionSelected, "#history-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._open(event.option_index)

    def _open(self, index: int) -> None:
        from tablegames.ui.review import open_review

        if self.app.screen is self and 0 <= index < len(self.summaries):
            open_review(self.app, self.summaries[index].path)

    def action_stats(self) -> None:
        from tablegames.ui.stats import StatsScreen

        if self.app.screen is self:
            self.app.push_screen(StatsScreen(game=self.game))

    def action_back(self) -> None:
        if isinstance(self.focused, Input):
            self.query_one("#history-list", OptionList).focus()
        elif self.app.screen is self:
            self.app.pop_screen()

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Statistics", "Wins, shares and streaks per player", self.action_stats)
        yield SystemCommand("Back", "Close the history", self.action_back)
