"""The event log: what happened, as the seat at the keyboard may read it."""

from __future__ import annotations

from typing import Sequence, Unpack

from rich.cells import set_cell_size
from rich.text import Text
from textual import events
from textual.widget import Widget

from tablegames.ui.glyphs import glyphs_of
from tablegames.ui.widgets.args import WidgetArgs


class LogPanel(Widget, can_focus=False):
    """Shows the given lines, newest at the bottom, wrapped to its width.

    It draws in the same frame as the rest of the screen: the lines are
    wrapped when the panel is rendered, at the width it has then (a
    ``RichLog`` waits for its first resize before it writes anything, so a
    new screen used to show an empty log for a frame or two). Only the lines
    that fit are wrapped, so ``show`` after every action stays cheap. The
    mouse wheel scrolls back; the last column marks hidden lines above
    (``▲``) or below (``▼``).
    """

    DEFAULT_CSS = """
    LogPanel { width: 1fr; height: 1fr; }
    """

    def __init__(self, **kwargs: Unpack[WidgetArgs]) -> None:
        super().__init__(**kwargs)
        self._shown: list[str] = []
        self._back = 0  # rows scrolled back from the newest
        self._wrapped: dict[tuple[str, int], list[str]] = {}

    @property
    def lines(self) -> list[str]:
        """The lines shown, oldest first."""
        return list(self._shown)

    def show(self, lines: Sequence[str]) -> None:
        lines = list(lines)
        if lines != self._shown:
            self._shown = lines
            self._back = 0
            self.refresh()

    def _wrap(self, line: str, width: int) -> list[str]:
        key = (line, width)
        rows = self._wrapped.get(key)
        if rows is None:
            if len(self._wrapped) > 4000:
                self._wrapped.clear()
            rows = [row.plain for row in Text(line).wrap(self.app.console, width)] or [""]
            self._wrapped[key] = rows
        return rows

    def _rows(self, width: int, height: int) -> tuple[list[str], bool, bool]:
        """The rows to draw, and whether rows are hidden above / below."""
        need = height + self._back
        rows: list[str] = []
        more_above = False
        for index in range(len(self._shown) - 1, -1, -1):
            rows[:0] = self._wrap(self._shown[index], width)
            if len(rows) > need:
                more_above = True
                break
        self._back = min(self._back, max(0, len(rows) - height))
        end = len(rows) - self._back
        start = max(0, end - height)
        return rows[start:end], more_above or start > 0, self._back > 0

    def render(self) -> Text:
        width, height = self.content_size
        if width < 2 or height < 1:
            return Text("")
        rows, above, below = self._rows(width - 1, height)
        up, down = ("^", "v") if glyphs_of(self.app).ascii else ("▲", "▼")
        out = Text(no_wrap=True, overflow="crop", end="")
        for y in range(height):
            if y:
                out.append("\n")
            row = rows[y] if y < len(rows) else ""
            out.append(set_cell_size(row, width - 1))
            mark = up if (above and y == 0) else down if (below and y == height - 1) else " "
            out.append(mark, style="dim")
        return out

    def _scroll(self, delta: int) -> None:
        before = self._back
        self._back = max(0, self._back + delta)
        if self._back != before:
            self.refresh()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self._scroll(2)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self._scroll(-2)
