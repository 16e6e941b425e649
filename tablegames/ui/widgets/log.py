"""The event log: what happened, as the seat at the keyboard may read it."""

from __future__ import annotations

from typing import Sequence

from textual.widgets import RichLog


class LogPanel(RichLog, can_focus=False):
    """Shows the given lines, newest at the bottom. ``show`` is cheap to
    call after every action: it only appends the new lines, and starts over
    when the log got shorter (a take-back) or changed (another viewer)."""

    DEFAULT_CSS = """
    LogPanel { width: 1fr; height: 1fr; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=10,
                         **kwargs)
        self._shown: list[str] = []

    def show(self, lines: Sequence[str]) -> None:
        lines = list(lines)
        n = len(self._shown)
        if lines[:n] != self._shown:
            self.clear()
            n = 0
        for line in lines[n:]:
            self.write(line)
        self._shown = lines
