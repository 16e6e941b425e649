"""Between two humans: a neutral screen that shows only public information
and waits until the next player confirms they are at the keyboard."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from tablegames.core.match import Match
from tablegames.ui.keys import RULES
from tablegames.ui.labels import as_text, seat_label
from tablegames.ui.widgets import KeyFooter, LogPanel



if TYPE_CHECKING:
    from tablegames.ui.app import TableGamesApp

class HandoverScreen(Screen):
    """Names the next player, lists the players and whose turn it is, and
    the public events since that player last looked (``match.recap``).

    It is built from the match's public data only; the previous player's
    screen has been closed before this one opens. It offers no take-back:
    it only opens once the last move stands (``Match.needs_handover``), since
    the name it shows may tell something about that move. While the move
    may still be taken back, the mover's own screen waits instead
    (``Match.pending_pass``).
    """

    if TYPE_CHECKING:
        app: TableGamesApp  # for mypy: Textual types it as a plain App

    AUTO_FOCUS = ""  # Enter belongs to the screen: "I am ready"

    BINDINGS = [
        Binding("enter", "confirm", "I am ready"),
        RULES,
        Binding("q", "app.to_picker", "Picker"),
    ]

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        seat = match.next_human()
        assert seat is not None
        self.next_seat = seat

    def compose(self) -> ComposeResult:
        match = self.match
        name = match.names[self.next_seat]
        previous = match.at_keyboard
        with Vertical(id="handover"):
            yield Static(f"Pass the keyboard to {name}", id="handover-title", markup=False)
            lines = []
            if previous is not None and previous != self.next_seat:
                lines.append(f"{match.names[previous]}, your move is done: please look away.")
            lines.append(f"{name}, it is your turn. Press Enter when only you can see the screen.")
            yield Static("\n".join(lines), id="handover-text", markup=False)
            yield Static(self._players_line(), id="handover-players", markup=False)
            log = LogPanel(id="recap")
            log.border_title = as_text(f"Since {name} last looked")
            yield log
            with Center():
                yield Button(as_text(f"I am {name}: go on"), id="handover-go", variant="primary",
                             compact=True)
        yield KeyFooter()

    def _players_line(self) -> str:
        match = self.match
        glyphs = self.app.glyphs
        movers = set(match.deciders())
        parts = []
        for seat, player in enumerate(match.record.seats):
            label = seat_label(player)
            parts.append(f"{glyphs.turn}{label}" if seat in movers else label)
        return f"Players ({glyphs.turn} to decide): " + ", ".join(parts)

    def on_mount(self) -> None:
        match = self.match
        recap = [event.text for event in match.recap(self.next_seat)]
        self.query_one("#recap", LogPanel).show(recap or ["(nothing new)"])

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_confirm()

    def action_confirm(self) -> None:
        if self.app.screen is not self:
            return
        self.match.take_keyboard(self.next_seat)
        self.app.show_match(self.match)

    def action_rules(self) -> None:
        self.app.show_rules(self.match.spec)

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Rules", f"The rules of {self.match.spec.title}", self.action_rules)
        yield SystemCommand("Quit to picker", "Leave this match (it is saved)", self.app.action_to_picker)
