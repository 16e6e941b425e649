"""Between two humans: a neutral screen that shows only public information
and waits until the next player confirms they are at the keyboard.

It is armed only after a guard time (``TableGamesApp.handover_guard``,
0.6 s) without input: a key pressed just after a move (a double-tapped
Enter, type-ahead, a held key repeating, a burst of clicks or taps) must not
wave the next player's hand onto the screen while the last player is still
looking. Every input on any part of the screen (a key, a mouse button going
down or up, a click, a scroll, a paste) restarts the wait, and nothing but
time without input arms it.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Iterable

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual import events
from textual.screen import Screen
from textual.widgets import Button, Static

from tablegames.core.match import Match
from tablegames.ui.keys import RULES
from tablegames.ui.labels import as_text, seat_label
from tablegames.ui.later import later
from tablegames.ui.widgets import KeyFooter, LogPanel



if TYPE_CHECKING:
    from tablegames.ui.app import TableGamesApp

class HandoverScreen(Screen[None]):
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

    WAITING = "One moment: the keyboard is changing hands."

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
        # Armed: Enter (or the button) hands the keyboard over. Until then
        # every input is dropped, and each one restarts the quiet wait, so
        # neither a held key nor a burst of taps ever gets through.
        self.armed = False
        # When the screen was first drawn whole (time.monotonic()): the
        # guard time runs from then.
        self.shown_at: float | None = None
        self._last_input = 0.0
        # When it armed: an input made before then (queued while the app was
        # busy, and seen only now) is still part of the burst.
        self._armed_at = float("inf")
        self._quiet_timer: asyncio.TimerHandle | None = None
        # A mouse button that went down while disarmed: its release and
        # click are dropped too, even if the screen arms in between.
        self._gesture_dropped = False

    def compose(self) -> ComposeResult:
        match = self.match
        name = match.names[self.next_seat]
        previous = match.at_keyboard
        with Vertical(id="handover"):
            yield Static(f"Pass the keyboard to {name}", id="handover-title", markup=False)
            lines = []
            if previous is not None and previous != self.next_seat:
                lines.append(f"{match.names[previous]}, your move is done: please look away.")
            lines.append(f"{name}, it is your turn.")
            yield Static("\n".join(lines), id="handover-text", markup=False)
            yield Static(self.WAITING, id="handover-ready", markup=False)
            yield Static(self._players_line(), id="handover-players", markup=False)
            log = LogPanel(id="recap")
            log.border_title = as_text(f"Since {name} last looked")
            yield log
            with Center():
                yield Button(as_text(f"I am {name}: go on"), id="handover-go", variant="primary",
                             compact=True, disabled=True)
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
        self.app.attach_join_panel(self)
        match = self.match
        recap = [event.text for event in match.recap(self.next_seat)]
        self.query_one("#recap", LogPanel).show(recap or ["(nothing new)"])
        if self.app.handover_guard <= 0:
            self._arm()
        else:
            # The guard runs from the first frame that shows this screen whole.
            self.call_after_refresh(self._start_guard)

    # ----- the guard
    @property
    def shown(self) -> bool:
        """The screen has been drawn whole (and its guard time runs)."""
        return self.armed or self.shown_at is not None

    def _start_guard(self) -> None:
        self.shown_at = time.monotonic()
        self._wait_for_quiet()

    def _wait_for_quiet(self) -> None:
        """Arm once the guard time has passed with no input since the
        screen was first shown whole, or since the last input."""
        if self.armed:
            return
        assert self.shown_at is not None
        quiet_since = max(self.shown_at, self._last_input)
        wait = quiet_since + self.app.handover_guard - time.monotonic()
        if wait > 0:
            self._quiet_timer = later(self, wait, self._wait_for_quiet)
            return
        self._arm()

    def on_unmount(self) -> None:
        if self._quiet_timer is not None:
            self._quiet_timer.cancel()

    def _arm(self) -> None:
        self.armed = True
        self._armed_at = time.monotonic()
        name = self.match.names[self.next_seat]
        self.query_one("#handover-ready", Static).update(
            f"{name}: press Enter when only you can see the screen.")
        self.query_one("#handover-go", Button).disabled = False
        self.refresh_bindings()

    def _disarm(self) -> None:
        self.armed = False
        self._armed_at = float("inf")
        self.query_one("#handover-ready", Static).update(self.WAITING)
        self.query_one("#handover-go", Button).disabled = True
        self.refresh_bindings()
        self._wait_for_quiet()

    def _drops(self, event: events.Event) -> bool:
        """Whether an input is part of a burst and must be dropped: it came
        while disarmed, or was made before the screen armed. Either way it
        counts as input and the quiet wait starts again."""
        if self.app.handover_guard <= 0 or (self.armed and event.time >= self._armed_at):
            return False
        self._last_input = time.monotonic()
        if self.armed:
            self._disarm()
        return True

    def _forward_event(self, event: events.Event) -> None:
        # Every mouse event (moves aside) and paste passes here on its way
        # to the widget under the pointer, the real terminal's and Pilot's
        # alike. A disabled widget (the button before it arms) swallows its
        # clicks unseen, so they are counted here, before Textual routes them.
        if isinstance(event, (events.MouseEvent, events.Paste)) and not isinstance(event, events.MouseMove):
            if self._drops(event):
                if isinstance(event, events.MouseDown):
                    self._gesture_dropped = True
                return
            if isinstance(event, events.MouseDown):
                self._gesture_dropped = False
            elif self._gesture_dropped and isinstance(event, (events.MouseUp, events.Click)):
                # The release of a press that went down during the burst.
                return
        super()._forward_event(event)

    def on_key(self, event: events.Key) -> None:
        # Every key bubbles here before the bindings run (the app checks
        # them last): while disarmed it counts as input and goes no further,
        # so no binding can see it even if the screen arms meanwhile.
        if self._drops(event):
            event.stop()
            event.prevent_default()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # While disarmed the keys show, dimmed, and do nothing (``on_key``
        # still counts them as input).
        return True if self.armed else None

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_confirm()

    def action_confirm(self) -> None:
        if self.app.screen is not self:
            return
        if not self.armed:
            return
        self.match.take_keyboard(self.next_seat)
        self.app.show_match(self.match)

    def action_rules(self) -> None:
        self.app.show_rules(self.match.spec)

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Rules", f"The rules of {self.match.spec.title}", self.action_rules)
        yield SystemCommand("Quit to picker", "Leave this match (it is saved)", self.app.action_to_picker)
