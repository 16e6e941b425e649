"""The first screen: the games, and the unfinished matches to resume."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from rich.console import Console, ConsoleOptions, OverflowMethod, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

# The games are listed from their light INFO (core/info.py); a game's rules,
# bots and screen (registry.get) load only when it is chosen, and the saves
# (core/resumable.py) just after the first frame.
from tablegames.core import registry
from tablegames.core.info import GameInfo
from tablegames.core.seats import shown
from tablegames.core.words import plural
from tablegames.ui.keys import RULES
from tablegames.ui.labels import seat_label
from tablegames.ui.widgets import KeyFooter

if TYPE_CHECKING:
    from tablegames.core.game import GameSpec
    from tablegames.core.match_lock import Holder, MatchHeld
    from tablegames.core.records import MatchRecord
    from tablegames.ui.app import TableGamesApp


class Numbered:
    """A game's line: its number in a column of its own, the title and the
    pitch beside it, so a pitch too long for one line goes on under the
    title, not under the number. (What a two-column ``Table.grid`` draws, at
    half the cost: the option list renders each prompt several times
    before the picker's first frame.)"""

    WIDTH = 3

    def __init__(self, number: int, body: Text):
        self.number = Segment(str(number).ljust(self.WIDTH), Style(bold=True))
        self.body = body

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width - self.WIDTH)
        blank = Segment(" " * self.WIDTH)
        for row, line in enumerate(console.render_lines(self.body, options.update_width(width), pad=True)):
            yield self.number if row == 0 else blank
            yield from line
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        body = Measurement.get(console, options, self.body)
        return Measurement(body.minimum + self.WIDTH, body.maximum + self.WIDTH)


class PickerScreen(Screen[None]):

    if TYPE_CHECKING:
        app: TableGamesApp  # for mypy: Textual types it as a plain App
    BINDINGS = [
        *[Binding(str(n), f"game({n})", f"Game {n}", show=False) for n in range(1, 10)],
        Binding("tab", "switch_list", "Games/saves"),
        Binding("h", "history", "History"),
        Binding("s", "stats", "Stats"),
        RULES,
        Binding("q", "app.quit", "Quit"),
    ]
    # One line per save, broken ones included: a long line ends in "...".
    DEFAULT_CSS = """
    PickerScreen #saves { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.games: list[GameInfo] = registry.infos()
        self.saves: dict[str, tuple[Path, MatchRecord]] = {}
        self.broken: dict[str, str] = {}  # option id -> why it cannot be resumed
        # option id -> the line of a save open in another copy of the app
        # (core/match_lock.py), since when; resuming it here is refused.
        self.elsewhere: dict[str, str] = {}
        self._left = False  # a match or a seat setup was opened from here
        self._listed = False  # the saves have been listed once

    def compose(self) -> ComposeResult:
        yield Static("tablegames: card games for several people at one screen", id="picker-title")
        yield OptionList(*self._game_options(), id="games")
        yield OptionList(id="saves")
        yield KeyFooter()

    def _game_options(self) -> list[Option]:
        options = []
        for number, game in enumerate(self.games, start=1):
            prompt = Numbered(number, Text.assemble(
                (game.title, "bold"), f"  {game.min_players}-{game.max_players} players\n",
                (game.pitch, "italic")))
            options.append(Option(prompt, id=game.id))
        return options

    # Each panel's title while it has the keys, and while it has not. The
    # focused panel also gets a heavy accent border (tablegames.tcss): the
    # title alone says it in ASCII mode, where every border is the same.
    TITLES = {
        "games": ("Pick a game: arrows and Enter, or its number", "Games (Tab to come here)"),
        "saves": ("Resume a saved match: arrows and Enter", "Saved matches (Tab to come here)"),
    }

    # How often the saves' "open elsewhere" marks are looked at again while
    # the picker is on top (another copy of the app opens or leaves a match).
    MARKS_SECONDS = 2.0

    def on_mount(self) -> None:
        self.query_one("#games", OptionList).focus()
        self._mark_focus()
        self.set_interval(self.MARKS_SECONDS, self.refresh_marks)

    def on_screen_resume(self) -> None:
        if self._left:
            self.app.let_go()  # back from a match: none is open here now
        if self._listed:
            self.load_saves()
        else:
            # The first time, after the first frame: checking a save replays
            # it, which loads its game's rules (a few saves of different
            # games took longer than the whole start), and the games are
            # listed without them. Until then the panel says so, and offers
            # nothing to resume.
            self._listed = True
            box = self.query_one("#saves", OptionList)
            box.add_option(Option(Text("Reading the saved matches...", style="dim"), disabled=True))
            self.call_after_refresh(self._first_listing)
        if self._left:
            # Back from a match or its setup: the picker is as it opens (the
            # games have the keys; the match just left is the first save).
            self._left = False
            self.query_one("#games", OptionList).focus()
        self._mark_focus()

    def on_descendant_focus(self) -> None:
        self._mark_focus()

    def on_descendant_blur(self) -> None:
        self._mark_focus()

    def _mark_focus(self) -> None:
        """Say in each panel's title whether it has the keys (what Enter acts on)."""
        pointer = self.app.glyphs.pointer
        for box in self.query(OptionList):
            focused, other = self.TITLES[box.id or ""]
            box.border_title = f"{pointer} {focused}" if self.focused is box else other
            box.border_subtitle = self._enter_does(box) if self.focused is box else ""

    def _enter_does(self, box: OptionList) -> str:
        if box.id == "games":
            return "Enter: choose the seats"
        return "Enter: resume" if self.saves or self.broken else ""

    def _first_listing(self) -> None:
        self.load_saves()
        self._mark_focus()  # (the panel's subtitle says whether Enter resumes)

    def load_saves(self) -> None:
        """List the unfinished saved matches, and after them the files that
        cannot be resumed, one line each with the reason (those stay on disk
        untouched). Every line can be reached with the keys; choosing a
        broken one shows its reason in full."""
        from tablegames.core import match_lock, resumable

        good, bad = resumable.unfinished()
        box = self.query_one("#saves", OptionList)
        box.clear_options()
        self.saves = {}
        self.broken = {}
        self.elsewhere = {}
        options: list[Option] = []
        for path, record in good:
            key = str(path)
            self.saves[key] = (path, record)
            holder = match_lock.holder(record.game, record.id)
            if holder is not None:
                self.elsewhere[key] = self._elsewhere(holder)
            options.append(Option(self._describe(record, self.elsewhere.get(key)), id=key))
        for path, reason in bad:
            key = f"broken:{path}"
            self.broken[key] = f"Cannot resume {shown(path.name)}: {reason}"
            options.append(Option(self._broken_line(path, reason), id=key))
        if not good and not bad:
            options.append(Option(Text("No unfinished matches.", style="dim"), disabled=True))
        box.add_options(options)
        if good or bad:
            box.highlighted = 0

    def _broken_line(self, path: Path, reason: str) -> Text:
        return Text(f"Cannot resume {shown(path.name)}: {reason}", style="dim", no_wrap=True,
                    overflow=self._cut())

    def _cut(self) -> OverflowMethod:
        """How a save's line too long for the panel ends: "…", or in ASCII
        mode plainly cut (as ``App.-ascii PickerScreen #saves`` in the stylesheet)."""
        return "crop" if self.app.ascii else "ellipsis"

    @staticmethod
    def _elsewhere(holder: Holder) -> str:
        """ "open elsewhere since 14:02 UTC" (a save another copy has open)."""
        since = holder.since_text()
        return f"open elsewhere {since}" if since else "open elsewhere"

    def _describe(self, record: MatchRecord, elsewhere: str | None = None) -> Text:
        try:
            title = registry.info(record.game).title
        except registry.UnknownGame:
            title = record.game
        seats = ", ".join(seat_label(seat) for seat in record.seats)
        moves = len(record.actions)
        # Open elsewhere, the save changes with every move there: when it
        # was last saved says little, where it is says why it cannot be resumed.
        saved = (elsewhere if elsewhere else
                 f"saved {record.updated or 'at an unknown time'}{' UTC' if record.updated else ''}")
        return Text.assemble((title, "bold"), f": {seats}; {plural(moves, 'move')}; ",
                             (saved, "italic" if elsewhere else ""), no_wrap=True, overflow=self._cut())

    # ----- actions
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._open(event.option_list, event.option)

    def _open(self, box: OptionList, option: Option) -> None:
        if option.disabled or option.id is None or self.app.screen is not self:
            return  # (a second Enter before the first one's screen is up)
        if box.id == "games":
            self.start_setup(option.id)
        elif option.id in self.broken:
            self.notify(self.broken[option.id], severity="warning", markup=False)
        elif option.id in self.saves:
            from tablegames.core import records, resumable
            from tablegames.core.match import Match
            from tablegames.core.match_lock import MatchHeld

            path, record = self.saves[option.id]
            try:
                # Only the match being resumed is replayed (read again once
                # this copy holds it: it may have moved on elsewhere).
                match = Match.resume(path, record.game, record.id)
            except MatchHeld as exc:
                self._mark_elsewhere(box, option.id, record, exc)
                return
            except records.RecordError as exc:
                if exc.missing:  # finished or moved by another copy since it was listed
                    self.notify("That match is no longer among the saves (finished or moved by another "
                                "copy of the app): the list is read again.", severity="warning", markup=False)
                    self.load_saves()
                else:
                    self._mark_broken(box, option.id, path, exc.reason)
                return
            self._left = True
            self.app.open_match(match)

    def refresh_marks(self) -> None:
        """Mark the listed saves another copy of the app has open now (one
        look at each save's lock). A save let go there is listed again as
        it is now (its moves played there), the cursor staying on it."""
        if self.app.screen is not self or not self.saves:
            return
        from tablegames.core import match_lock

        box = self.query_one("#saves", OptionList)
        left = False
        for key, (_, record) in self.saves.items():
            holder = match_lock.holder(record.game, record.id)
            if holder is None:
                left = left or key in self.elsewhere
            elif self.elsewhere.get(key) != self._elsewhere(holder):
                self.elsewhere[key] = self._elsewhere(holder)
                box.replace_option_prompt(key, self._describe(record, self.elsewhere[key]))
        if left:
            highlighted = box.highlighted
            on = box.get_option_at_index(highlighted).id if highlighted is not None else None
            self.load_saves()
            if on is not None and on in self.saves:
                box.highlighted = box.get_option_index(on)

    def _mark_elsewhere(self, box: OptionList, key: str, record: MatchRecord, held: MatchHeld) -> None:
        """A save another copy of the app has open: refused in one line, the
        file untouched; its line says so (and since when) from now on."""
        self.elsewhere[key] = self._elsewhere(held.holder)
        box.replace_option_prompt(key, self._describe(record, self.elsewhere[key]))
        since = held.holder.since_text()
        self.notify(f"Cannot resume: this match is open in another copy of the app{' ' + since if since else ''}; "
                    f"leave it there first.", severity="warning", markup=False)

    def _mark_broken(self, box: OptionList, key: str, path: Path, reason: str) -> None:
        """A save that failed to replay: its line says why from now on."""
        from tablegames.core import resumable

        resumable.note_unresumable(path, reason)
        del self.saves[key]
        self.broken[key] = f"Cannot resume {shown(path.name)}: {reason}"
        box.replace_option_prompt(key, self._broken_line(path, reason))
        self.notify(self.broken[key], severity="error", markup=False)  # a reason may quote a name

    def start_setup(self, game_id: str) -> None:
        """Seat setup for the game chosen: its rules load here (registry.get)."""
        from tablegames.ui.seat_setup import SetupScreen

        if self.app.screen is self:  # (not twice when Enter comes twice quickly)
            self._left = True
            self.app.push_screen(SetupScreen(registry.get(game_id)))

    def action_game(self, number: int) -> None:
        if number <= len(self.games):
            self.start_setup(self.games[number - 1].id)

    def action_history(self) -> None:
        """The finished matches (ui/history.py)."""
        from tablegames.ui.history import HistoryScreen

        if self.app.screen is self:
            self.app.push_screen(HistoryScreen())

    def action_stats(self) -> None:
        """Statistics per player (ui/stats.py)."""
        from tablegames.ui.stats import StatsScreen

        if self.app.screen is self:
            self.app.push_screen(StatsScreen())

    def action_switch_list(self) -> None:
        games = self.query_one("#games", OptionList)
        saves = self.query_one("#saves", OptionList)
        (saves if games.has_focus else games).focus()

    def highlighted_spec(self) -> GameSpec:
        games = self.query_one("#games", OptionList)
        return registry.get(self.games[games.highlighted or 0].id)

    def action_rules(self) -> None:
        self.app.show_rules(self.highlighted_spec())

    def palette_commands(self) -> Iterable[SystemCommand]:
        for game in self.games:
            yield SystemCommand(f"Rules: {game.title}", f"Read the rules of {game.title}",
                                lambda game_id=game.id: self.app.show_rules(registry.get(game_id)))
            yield SystemCommand(f"New game: {game.title}", game.pitch,
                                lambda game_id=game.id: self.start_setup(game_id))
