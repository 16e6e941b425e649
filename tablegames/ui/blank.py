"""An empty screen drawn between two players' screens."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static


class BlankScreen(Screen[None]):
    """Shows nothing and takes no keys. ``app.show_match`` puts it up when
    the keyboard passes: the last player's view leaves the terminal in a
    frame of its own, and only once that frame is drawn does ``then`` (the
    handover) replace it. So no frame, not even one a terminal draws half
    way, mixes the two. If a notice (terminal too small) or the command
    palette covers it meanwhile, it goes on when it is on top again."""

    AUTO_FOCUS = ""

    def __init__(self, then: Screen[None]) -> None:
        super().__init__()
        self.then = then

    def compose(self) -> ComposeResult:
        yield Static("")

    def on_screen_resume(self) -> None:
        self.call_after_refresh(self._go_on)

    def _go_on(self) -> None:
        if self.app.screen is self:
            self.app.switch_screen(self.then)
