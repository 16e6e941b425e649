"""Cards on the table, one column per seat: names above, cards below."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.widget import Widget

from tablegames.ui.glyphs import glyphs_of
from tablegames.ui.widgets.card import CardFace


class TrickArea(Widget):
    """Two lines: a title and the seats' names, then each seat's card.

    ``entries`` are (name, face or None) in playing order; ``highlight`` is
    the index of an entry to mark with the win glyph (e.g. who took it).
    """

    DEFAULT_CSS = """
    TrickArea { height: 2; width: 1fr; }
    """

    TITLE_WIDTH = 7

    def __init__(self, title: str = "", **kwargs) -> None:
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
        self.title, self.entries, self.highlight, self.note = new
        self.refresh()

    def render(self) -> Text:
        glyphs = glyphs_of(self.app)
        head = Text(set_cell_size(self.title, self.TITLE_WIDTH), style="bold")
        body = Text(" " * self.TITLE_WIDTH)
        if not self.entries:
            body.append(self.note or glyphs.empty, style="dim")
            return Text("\n").join([head, body])
        width = max(1, (self.size.width or 80) - self.TITLE_WIDTH)
        column = max(6, min(13, width // max(1, len(self.entries))))
        for i, (name, face) in enumerate(self.entries):
            won = i == self.highlight
            label = (glyphs.win + name) if won else name
            head.append(set_cell_size(label, column - 1) + " ", style="bold" if won else "")
            card = face.inline_text() if face is not None else Text(glyphs.empty, style="dim")
            pad = max(0, column - cell_len(card.plain))
            body.append_text(card)
            body.append(" " * pad)
        if self.note:
            body.append(self.note, style="dim")
        return Text("\n").join([head, body])
