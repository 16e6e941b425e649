"""Shown instead of a broken layout while the terminal is below 80x24."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static


class TooSmallScreen(Screen[None]):
    BINDINGS = [("ctrl+q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        from tablegames.ui.app import MIN_HEIGHT, MIN_WIDTH

        width, height = self.app.size
        for line in self.query("#too-small").results(Static):
            line.update(f"Enlarge the terminal to at least {MIN_WIDTH}x{MIN_HEIGHT} (now {width}x{height}).")
