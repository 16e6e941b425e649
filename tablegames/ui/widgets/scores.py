"""A plain table of names and numbers (no box drawing, so it is ASCII-safe)."""

from __future__ import annotations

from typing import Sequence

from rich.table import Table
from rich.text import Text
from textual.widget import Widget

Cell = str | int | Text


class ScoreTable(Widget):
    """Rows of cells under a header. Numbers are right-aligned; rows in
    ``strong`` are drawn bold (pair that with a mark in a cell: colour or
    weight is never the only signal)."""

    DEFAULT_CSS = """
    ScoreTable { height: auto; width: 1fr; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.headers: list[str] = []
        self.rows: list[list[Cell]] = []
        self.strong: set[int] = set()
        self.numeric: set[int] = set()
        self._last_height = -1

    def show(self, headers: Sequence[str], rows: Sequence[Sequence[Cell]], *,
             strong: set[int] | None = None, numeric: set[int] | None = None) -> None:
        """``numeric``: column indexes to right-align (default: every column
        whose cells are all ints)."""
        self.headers = list(headers)
        self.rows = [list(r) for r in rows]
        self.strong = set(strong or ())
        if numeric is None:
            numeric = {c for c in range(len(self.headers))
                       if self.rows and all(isinstance(r[c], int) for r in self.rows)}
        self.numeric = numeric
        # A new layout only when the table's height changes (it is costly).
        height = self._height()
        self.refresh(layout=height != self._last_height)
        self._last_height = height

    def _height(self) -> int:
        console = self.app.console
        width = self.size.width or (self.app.size.width - 30)
        return len(console.render_lines(self.render(), console.options.update_width(max(width, 10)),
                                        pad=False))

    def render(self) -> Table:
        table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False,
                      header_style="bold underline", expand=False)
        for c, header in enumerate(self.headers):
            table.add_column(header, justify="right" if c in self.numeric else "left",
                             no_wrap=c != len(self.headers) - 1 and c in self.numeric)
        for r, row in enumerate(self.rows):
            cells = [cell if isinstance(cell, Text) else Text(str(cell)) for cell in row]
            table.add_row(*cells, style="bold" if r in self.strong else "")
        return table
