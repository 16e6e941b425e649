"""A pile of cards: its top card and its size, and a list to look through.

``Pile.show(size, top)`` draws the top card (a face, or a back such as
``CardFace.back("R", "red")`` for a deck whose colours are public) and how
many cards the pile holds. For a pile whose cards are all public (a discard
pile) pass ``cards`` (top first) instead: then a click on the pile, or the
game calling ``pile.browse()`` from a key of its own, opens ``PileBrowser``,
which lists the pile top to bottom. A pile with hidden cards is never given
them, so it cannot be looked through.
"""

from __future__ import annotations

from typing import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, Static

from tablegames.ui.glyphs import glyphs_of
from tablegames.ui.widgets.card import CARD_HEIGHT, CARD_WIDTH, CardFace, card_lines


def count_text(size: int) -> str:
    return "empty" if size == 0 else "1 card" if size == 1 else f"{size} cards"


class Pile(Widget):
    """A pile: top card on the left; title, size and a hint on the right."""

    DEFAULT_CSS = """
    Pile { height: 4; width: auto; }
    """

    def __init__(self, title: str = "", *, hint: str = "click: look through", **kwargs) -> None:
        """``hint``: how to look through a public pile (name the game's key
        if it binds one to ``browse``, e.g. "d or click: look through")."""
        super().__init__(**kwargs)
        self.title = title
        self.hint = hint
        self.size_shown = 0
        self.top: CardFace | None = None
        self.cards: tuple[CardFace, ...] | None = None

    def show(self, size: int = 0, top: CardFace | None = None, *, cards: Sequence[CardFace] | None = None,
             title: str | None = None) -> None:
        """A pile of ``size`` cards with ``top`` on top (None: no card shown);
        or, for a public pile, all its ``cards`` top first."""
        if title is not None:
            self.title = title
        if cards is not None:
            self.cards = tuple(cards)
            size, top = len(self.cards), (self.cards[0] if self.cards else None)
        else:
            self.cards = None
        self.size_shown = size
        self.top = top if size else None
        self.refresh(layout=True)

    @property
    def browsable(self) -> bool:
        return bool(self.cards)

    def browse(self) -> bool:
        """Open the list of the pile's cards (False if they are not public or there are none)."""
        if not self.cards:
            return False
        self.app.push_screen(PileBrowser(self.title or "Pile", self.cards))
        return True

    def on_click(self, event: events.Click) -> None:
        if self.browse():
            event.stop()

    # ----- drawing
    def _side(self) -> list[Text]:
        side = [Text(self.title, style="bold"), Text(count_text(self.size_shown))]
        if self.browsable:
            side.append(Text(self.hint, style="dim"))
        return side

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return CARD_WIDTH + 1 + max(cell_len(line.plain) for line in self._side())

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return CARD_HEIGHT

    def render(self) -> Text:
        glyphs = glyphs_of(self.app)
        if self.top is not None:
            card = card_lines(self.top, glyphs)
        else:
            card = card_lines(CardFace(glyphs.empty), glyphs, dim=True)
        side = self._side()
        lines = []
        for row in range(CARD_HEIGHT):
            line = card[row].copy()
            if row < len(side):
                line.append(" ")
                line.append_text(side[row])
            lines.append(line)
        return Text("\n").join(lines)


class PileBrowser(ModalScreen[None]):
    """The cards of a public pile, top to bottom, over the current screen."""

    SCOPED_CSS = False  # (the ASCII rule starts at the App)
    DEFAULT_CSS = """
    PileBrowser { align: center middle; }
    PileBrowser > #pile-list {
        width: 50; height: auto; max-height: 18;
        border: round $primary-darken-1; border-title-style: bold; padding: 0 1;
    }
    App.-ascii PileBrowser > #pile-list { border: ascii $primary-darken-1; }
    """

    BINDINGS = [Binding("escape,enter,q", "dismiss", "Close")]

    def __init__(self, title: str, cards: Sequence[CardFace]) -> None:
        super().__init__()
        self.title_text = title
        self.cards = tuple(cards)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="pile-list"):
            yield Static(self.listing(), markup=False)
        yield Footer()

    def listing(self) -> Text:
        last = len(self.cards)
        lines = []
        for number, face in enumerate(self.cards, start=1):
            line = Text(f"{number:>2}. ")
            line.append_text(face.inline_text())
            if number == 1:
                line.append("  (top)", style="dim")
            elif number == last:
                line.append("  (bottom)", style="dim")
            lines.append(line)
        return Text("\n").join(lines)

    def on_mount(self) -> None:
        scroll = self.query_one("#pile-list", VerticalScroll)
        scroll.border_title = f"{self.title_text}: {count_text(len(self.cards))}, top first"
        scroll.focus()
