"""A row of cards with a cursor and a line of marks under the cards."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from tablegames.ui.glyphs import glyphs_of
from tablegames.ui.widgets.card import CARD_HEIGHT, CARD_WIDTH, CardFace, card_lines


class HandRow(Widget):
    """Cards side by side (up to 13 fit in 80 columns).

    ``cursor`` is drawn with a bold outline and the cursor glyph under it;
    ``marks`` put a short text under a card (e.g. "L" and "R" under the two
    playable ends); cards in ``dim`` are drawn faint (never the only signal:
    pair it with marks). Clicking a card posts ``HandRow.Clicked``.
    """

    DEFAULT_CSS = """
    HandRow { height: 5; width: 1fr; }
    """

    class Clicked(Message):
        def __init__(self, hand: "HandRow", index: int) -> None:
            super().__init__()
            self.hand = hand
            self.index = index

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.faces: list[CardFace] = []
        self.cursor: int | None = None
        self.marks: dict[int, str] = {}
        self.dim: set[int] = set()
        self.empty_text = ""

    def show(self, faces: list[CardFace], *, cursor: int | None = None,
             marks: dict[int, str] | None = None, dim: set[int] | None = None,
             empty_text: str = "") -> None:
        self.faces = list(faces)
        self.cursor = cursor
        self.marks = dict(marks or {})
        self.dim = set(dim or ())
        self.empty_text = empty_text
        self.refresh()

    def _gap(self) -> int:
        count = len(self.faces)
        width = self.size.width or 80
        return 1 if count * (CARD_WIDTH + 1) - 1 <= width else 0

    def _step(self) -> int:
        """Cells from one card's left edge to the next: a card and its gap,
        or, when even touching cards do not fit, fewer (each card but the
        last then shows only its left part, its value and suit), so every
        card stays on screen and can be clicked."""
        count = len(self.faces)
        width = self.size.width or 80
        if count <= 1 or count * CARD_WIDTH <= width:
            return CARD_WIDTH + self._gap()
        return max(1, (width - CARD_WIDTH) // (count - 1))

    def render(self) -> Text:
        if not self.faces:
            return Text(self.empty_text, style="dim")
        glyphs = glyphs_of(self.app)
        step = self._step()
        gap = " " * max(0, step - CARD_WIDTH)
        last = len(self.faces) - 1
        columns = [
            [line if i == last else line[:step]
             for line in card_lines(face, glyphs, selected=(i == self.cursor), dim=(i in self.dim))]
            for i, face in enumerate(self.faces)
        ]
        lines = [Text(gap).join(col[row] for col in columns) for row in range(CARD_HEIGHT)]
        marks = Text()
        for i in range(len(self.faces)):
            if i:
                marks.append(gap)
            text = self.marks.get(i, "")
            if i == self.cursor:
                text = (text + glyphs.cursor) if text else glyphs.cursor
            room = CARD_WIDTH if i == last else min(step, CARD_WIDTH)
            pad = max(0, room - cell_len(text))
            left = pad // 2
            marks.append((" " * left + text + " " * (pad - left))[:room],
                         style="bold" if i == self.cursor else "")
        lines.append(marks)
        return Text("\n").join(lines)

    def index_at(self, x: int) -> int | None:
        step = self._step()
        last = len(self.faces) - 1
        if last < 0 or x < 0:
            return None
        if x >= last * step:  # the last card is drawn whole
            return last if x < last * step + CARD_WIDTH else None
        index, offset = divmod(x, step)
        return index if offset < min(step, CARD_WIDTH) else None

    def on_click(self, event: Click) -> None:
        index = self.index_at(event.x)
        if index is not None:
            event.stop()
            self.post_message(self.Clicked(self, index))
