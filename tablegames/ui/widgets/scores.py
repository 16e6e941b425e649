"""A plain table of names and numbers (no box drawing, so it is ASCII-safe)."""

from __future__ import annotations

from typing import Sequence, Unpack

from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from tablegames.ui.widgets.args import WidgetArgs

Cell = str | int | Text


class ScoreTable(Widget):
    """Rows of cells under a header. Numbers are right-aligned; rows in
    ``strong`` are drawn bold (pair that with a mark in a cell: colour or
    weight is never the only signal)."""

    DEFAULT_CSS = """
    ScoreTable { height: auto; width: 1fr; }
    """

    def __init__(self, **kwargs: Unpack[WidgetArgs]) -> None:
        super().__init__(**kwargs)
        self.headers: list[str] = []
        self.rows: list[list[Cell]] = []
        self.strong: set[int] = set()
        self.numeric: set[int] = set()
        self._last_height = -1
        # The table as lines of text, per width: a Rich table is costly to
        # lay out, and the screen redraws after every key press.
        self._lines: dict[int, Text] = {}

    def show(self, headers: Sequence[str], rows: Sequence[Sequence[Cell]], *,
             strong: set[int] | None = None, numeric: set[int] | None = None) -> None:
        """``numeric``: column indexes to right-align (default: every column
        whose cells are all ints). Nothing is redrawn if nothing changed."""
        new_headers = list(headers)
        new_rows = [list(r) for r in rows]
        new_strong = set(strong or ())
        if numeric is None:
            numeric = {c for c in range(len(new_headers))
                       if new_rows and all(isinstance(r[c], int) for r in new_rows)}
        new = (new_headers, new_rows, new_strong, numeric)
        if new == (self.headers, self.rows, self.strong, self.numeric):
            return
        self.headers, self.rows, self.strong, self.numeric = new
        self._lines = {}
        # A new layout only when the table's height changes.
        height = len(self._text(self._width()).split())
        self.refresh(layout=height != self._last_height)
        self._last_height = height

    def _width(self) -> int:
        return max(self.size.width or (self.app.size.width - 30), 10)

    def _text(self, width: int) -> Text:
        text = self._lines.get(width)
        if text is None:
            console = self.app.console
            lines = console.render_lines(self.table(), console.options.update_width(width), pad=False)
            text = Text(no_wrap=True, overflow="crop", end="")
            for y, line in enumerate(lines):
                if y:
                    text.append("\n")
                for segment in line:
                    if not segment.control:
                        text.append(segment.text, segment.style)
            self._lines[width] = text
        return text

    def table(self) -> Table:
        table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False,
                      header_style="bold underline", expand=False)
        for c, header in enumerate(self.headers):
            table.add_column(header, justify="right" if c in self.numeric else "left",
                             no_wrap=c != len(self.headers) - 1 and c in self.numeric)
        for r, row in enumerate(self.rows):
            cells = [cell if isinstance(cell, Text) else Text(str(cell)) for cell in row]
            table.add_row(*cells, style="bold" if r in self.strong else "")
        return table

    def render(self) -> Text:
        return self._text(self._width())
