"""Seat setup: how many players, who is who (human or bot), options, seed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from tablegames.core.bots import LEVELS
from tablegames.core.game import GameSpec
from tablegames.core.match import Match
from tablegames.core.records import RecordError
from tablegames.core import last_seats
from tablegames.core.last_seats import LastSeats, SeatRow
from tablegames.core.seats import MAX_NAME, Seat, SeatError, check_name, check_seats, parse_seed
from tablegames.ui.keys import RULES_WHILE_TYPING
from tablegames.ui.labels import bot_name, level_label
from tablegames.ui.widgets import Cycler, KeyFooter

if TYPE_CHECKING:
    from tablegames.ui.app import TableGamesApp

DEFAULT_NAMES = ("Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")
NAME_LENGTH = MAX_NAME
HUMAN = last_seats.HUMAN  # a seat type: "human", "phone" or a bot level
PHONE = last_seats.PHONE  # a human who plays on their own phone (tablegames/table/)
PEOPLE = (HUMAN, PHONE)


class SetupScreen(Screen[None]):
    if TYPE_CHECKING:
        app: TableGamesApp  # for mypy: Textual types it as a plain App

    BINDINGS = [
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "app.pop_screen", "Back"),
        *RULES_WHILE_TYPING,
        Binding("down", "app.focus_next", "Next field", show=False),
        Binding("up", "app.focus_previous", "Previous field", show=False),
    ]
    # The players' count has the keys from the start. (Textual's default
    # gives them to the first focusable widget, the form's scroll container,
    # whose focus and blur each restyled the whole form: a fifth of the
    # time from the picker's digit to this screen.)
    AUTO_FOCUS = "#count"

    def __init__(self, spec: GameSpec) -> None:
        super().__init__()
        self.spec = spec
        # What each seat's name field said while it was a human's.
        self.human_names = [DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else f"Player {i + 1}"
                            for i in range(spec.max_players)]
        # What the fields start with: the seats this game was last started
        # with (core/last_seats.py), else two humans and bots.
        self.start_count = spec.min_players
        self.start_kinds = [HUMAN if i < 2 else spec.default_bot for i in range(spec.max_players)]
        self.start_options = {option.key: option.default for option in spec.options}
        self.start_hints = False
        self._recall(last_seats.load(spec.id))

    def _recall(self, last: LastSeats | None) -> None:
        """Start from ``last`` where it still fits the game: a count, name,
        level or choice that does not (a file edited by hand, a level or
        option since removed) keeps its default."""
        if last is None:
            return
        spec = self.spec
        if last.players in spec.player_range:
            self.start_count = last.players
        for i, row in enumerate(last.seats[:spec.max_players]):
            try:
                self.human_names[i] = check_name(row.name)
            except SeatError:
                pass
            if row.type in PEOPLE or row.type in spec.bots:
                self.start_kinds[i] = row.type
        for option in spec.options:
            value = last.options.get(option.key)
            if type(value) is type(option.default) and value in option.choices:
                self.start_options[option.key] = value
        self.start_hints = last.hints

    def compose(self) -> ComposeResult:
        spec = self.spec
        glyphs = self.app.glyphs
        # Human, then the bots from the weakest up (easy, normal, hard); a
        # bot seat starts at the game's default level. Last, a human on
        # their own phone (the kitchen table).
        kinds = [(HUMAN, "Human")] + [
            (level, f"Bot ({level_label(level)})")
            for level in sorted(spec.bots, key=lambda level: LEVELS.index(level) if level in LEVELS
                                else len(LEVELS))
        ] + [(PHONE, "Phone")]
        with VerticalScroll(id="setup"):
            yield Static(f"{spec.title}: who plays?", id="setup-title", markup=False)
            yield Static(f"{glyphs.up_down} or Tab: next field {glyphs.sep} {glyphs.left_right}: change a choice "
                         f"{glyphs.sep} ctrl+s: start {glyphs.sep} F1: rules", id="setup-hint")
            with Horizontal(classes="setup-row"):
                yield Label("Players", classes="setup-label")
                yield Cycler([(n, str(n)) for n in spec.player_range], self.start_count, id="count")
                yield Static(f"{spec.min_players}-{spec.max_players}; bots fill any seat",
                             classes="setup-help")
            # Each row as it starts (shown or not, a bot's name), so that
            # nothing changes once mounted: a change there cost a second
            # layout of the whole form.
            names = self.seat_names(self.start_kinds)
            for i in range(spec.max_players):
                row = Horizontal(classes="setup-row seat-row", id=f"seat-{i}")
                row.display = i < self.start_count
                with row:
                    yield Label(f"Seat {i + 1}", classes="setup-label")
                    yield Input(names[i], max_length=NAME_LENGTH, compact=True, id=f"name-{i}",
                                classes="setup-name", disabled=self.start_kinds[i] not in PEOPLE)
                    yield Cycler(kinds, self.start_kinds[i], id=f"kind-{i}")
            for option in spec.options:
                with Horizontal(classes="setup-row"):
                    yield Label(option.label, classes="setup-label")
                    yield Cycler([(c, option.describe(c)) for c in option.choices],
                                 self.start_options[option.key], id=f"option-{option.key}",
                                 classes="setup-option")
                    yield Static(option.help, classes="setup-help", markup=False)
            with Horizontal(classes="setup-row"):
                yield Label("Hints", classes="setup-label")
                yield Cycler([(False, "Off"), (True, "On")], self.start_hints, id="hints",
                             classes="setup-option")
                yield Static("h in a game: the hard bot's move, on your screen", classes="setup-help")
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield Input(placeholder="random", compact=True, id="seed", classes="setup-name")
                yield Static("empty: a random deal; a number deals the same cards again",
                             classes="setup-help")
            yield Static(id="setup-message", markup=False)
            with Horizontal(id="setup-buttons"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Button("Back", id="back", compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = False  # a steady cursor
        self.query_one("#count", Cycler).focus()  # (AUTO_FOCUS gave it the keys already, if the app has focus)

    def seat_names(self, kinds: list[str]) -> list[str]:
        """What each seat's name field shows for these seat types: a human's
        name, or a bot's as on the command line ("Bot 1", "Bot 2 (easy)"),
        bots numbered in seat order."""
        names, number = [], 0
        for i, kind in enumerate(kinds):
            if kind in PEOPLE:
                names.append(self.human_names[i])
            else:
                number += 1
                names.append(bot_name(number, kind, self.spec.default_bot))
        return names

    def _name_bots(self) -> None:
        """A seat's type changed: bots renamed in seat order; a seat turned
        back into a human gets back the name it had."""
        kinds = [self.query_one(f"#kind-{i}", Cycler).value for i in range(self.spec.max_players)]
        names = self.seat_names(kinds)
        for i, kind in enumerate(kinds):
            field = self.query_one(f"#name-{i}", Input)
            if kind in PEOPLE:
                if field.disabled:
                    field.value = self.human_names[i]
                    field.disabled = False
                continue
            if not field.disabled:
                self.human_names[i] = field.value
                field.disabled = True
            field.value = names[i]

    def _show_seats(self, count: int) -> None:
        for i in range(self.spec.max_players):
            self.query_one(f"#seat-{i}").display = i < count

    def on_cycler_changed(self, event: Cycler.Changed) -> None:
        if event.cycler.id == "count":
            self._show_seats(event.value)
        elif (event.cycler.id or "").startswith("kind-"):
            self._name_bots()
        self.say("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.app.pop_screen()

    def action_rules(self) -> None:
        self.app.show_rules(self.spec)

    def say(self, message: str) -> None:
        line = self.query_one("#setup-message", Static)
        line.update(f"! {message}" if message else "")
        line.set_class(bool(message), "-shown")

    def read_seats(self) -> list[Seat]:
        """The seats as filled in, checked by the rule the command line uses
        too (core/seats.py); ValueError with a one-line message."""
        count = self.query_one("#count", Cycler).value
        seats: list[Seat] = []
        for i in range(count):
            kind = self.query_one(f"#kind-{i}", Cycler).value
            seats.append(Seat(self.query_one(f"#name-{i}", Input).value, None if kind in PEOPLE else kind,
                              phone=kind == PHONE))
        return check_seats(seats, self.spec)

    def read_seed(self) -> int | None:
        text = self.query_one("#seed", Input).value.strip()
        return parse_seed(text) if text else None

    def action_start(self) -> None:
        try:
            seats = self.read_seats()
            seed = self.read_seed()
            options = {opt.key: self.query_one(f"#option-{opt.key}", Cycler).value
                       for opt in self.spec.options}
            # The rules check the options together (e.g. no hand limit needs a target).
            self.spec.new_game([seat.name for seat in seats], options, seed or 0)
            hints = bool(self.query_one("#hints", Cycler).value)
            match = Match.new(self.spec.id, seats, options, seed, hints=hints)
        except (ValueError, RecordError) as exc:
            self.say(str(exc))
            return
        self._remember(seats, options, hints)
        self.app.show_match(match)

    def _remember(self, seats: list[Seat], options: dict[str, int], hints: bool) -> None:
        """Keep these seats for the next setup of this game: every seat row,
        shown or not (a bot seat keeps the name it had as a human's)."""
        rows = []
        for i in range(self.spec.max_players):
            kind = self.query_one(f"#kind-{i}", Cycler).value
            if i < len(seats) and kind in PEOPLE:
                name = seats[i].name  # as checked (spaces tidied)
            elif kind in PEOPLE:
                name = self.query_one(f"#name-{i}", Input).value
            else:
                name = self.human_names[i]
            rows.append(SeatRow(name, kind))
        last_seats.remember(self.spec.id, LastSeats(len(seats), tuple(rows), options, hints))
