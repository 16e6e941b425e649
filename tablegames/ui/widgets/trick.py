"""Cards on the table, one column per seat: names above, cards below."""

from __future__ import annotations

from math import ceil
from typing import Unpack

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.widget import Widget

from tablegames.ui.glyphs import glyphs_of
from tablegames.ui.widgets.args import WidgetArgs
from tablegames.ui.widgets.card import CardFace


class TrickArea(Widget):
    """A title and the seats' names on one line, each seat's card under its
    name on the next.

    ``entries`` are (name, face or None) in playing order; ``highlight`` is
    the index of an entry to mark with the win glyph (e.g. who took it).
    Names are never cut: when the columns of one line are too narrow for the
    longest name (12-character names at six seats, at 80 columns), the
    entries go on in a second pair of lines (the playing order reads on, left
    to right, then down), so the widget is two lines high or more.
    """

    DEFAULT_CSS = """
    TrickArea { height: auto; width: 1fr; }
    """

    TITLE_WIDTH = 7

    def __init__(self, title: str = "", **kwargs: Unpack[WidgetArgs]) -> None:
        super().__init__(**kwargs)
        self.title = title
        self.entries: list[tuple[str, CardFace | None]] = []
        self.highlight: int | None = None
        self.note = ""

    def show(self, entries: list[tuple[str, CardFace | None]], *, title: str | None = None,
             highlight: int | None = None, note: str = "") -> None:
        new = (self.title if title is None else title, list(entries), highlight, note)
        if new == (self.title, self.entries, self.highlight, self.note):
            return  # unchanged: no redraw (the screen redraws after every key)
        # The names decide how many lines it takes.
        relayout = [name for name, _ in new[1]] != [name for name, _ in self.entries]
        self.title, self.entries, self.highlight, self.note = new
        self.refresh(layout=relayout)

    def columns(self, width: int) -> tuple[int, int]:
        """(cells per column, entries per line) at ``width`` cells: the seats
        share one line evenly (6 to 13 cells each) when every name fits its
        column, else as many columns as the longest name allows per line."""
        room = max(1, width - self.TITLE_WIDTH)
        n = max(1, len(self.entries))
        even = max(6, min(13, room // n))
        # Room for the win mark whether or not one is marked yet: the layout
        # stays put while a trick is played.
        mark = cell_len(glyphs_of(self.app).win)
        need = max((cell_len(name) for name, _ in self.entries), default=0) + mark + 1
        if need <= even:
            return even, n
        per = max(1, room // need)
        per = ceil(n / ceil(n / per))  # the lines as even as they can be: 3 + 3, not 4 + 2
        return max(need, min(room // per, 16)), per

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        if not self.entries:
            return 2
        _, per = self.columns(width)
        return 2 * ceil(len(self.entries) / per)

    def render(self) -> Text:
        glyphs = glyphs_of(self.app)
        head = Text(set_cell_size(self.title, self.TITLE_WIDTH), style="bold")
        body = Text(" " * self.TITLE_WIDTH)
        if not self.entries:
            body.append(self.note or glyphs.empty, style="dim")
            return Text("\n").join([head, body])
        column, per = self.columns(self.size.width or 80)
        lines: list[Text] = []
        for i, (name, face) in enumerate(self.entries):
            if i and i % per == 0:
                lines += [head, body]
                head, body = Text(" " * self.TITLE_WIDTH), Text(" " * self.TITLE_WIDTH)
            won = i == self.highlight
            label = (glyphs.win + name) if won else name
            head.append(set_cell_size(label, column - 1) + " ", style="bold" if won else "")
            card = face.inline_text() if face is not None else Text(glyphs.empty, style="dim")
            pad = max(0, column - cell_len(card.plain))
            body.append_text(card)
            body.append(" " * pad)
        if self.note:
            body.append(self.note, style="dim")
        lines += [head, body]
        return Text("\n").join(lines)
