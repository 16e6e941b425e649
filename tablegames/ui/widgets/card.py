"""One card: what is printed on it (``CardFace``) and how it is drawn.

A game turns the card ids of its view into CardFaces (a number, a second
line such as ``🐔4``/``*4``, a Rich style); the widgets only draw faces.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tablegames.ui.glyphs import Glyphs, glyphs_of

CARD_WIDTH = 5  # outline included: three cells inside
CARD_HEIGHT = 4  # outline included: two lines inside


@dataclass(frozen=True)
class CardFace:
    """What a card shows: ``label`` on the first line, ``mark`` on the second
    (both at most three cells), in the Rich style ``tone``."""

    label: str
    mark: str = ""
    tone: str = ""
    face_down: bool = False

    def inline(self) -> str:
        """The card on one line, e.g. ``57🐔4`` or ``34``."""
        return "?" if self.face_down else f"{self.label}{self.mark}"

    def inline_text(self) -> Text:
        return Text(self.inline(), style=self.tone if not self.face_down else "")


def _fit(text: str, width: int) -> str:
    return set_cell_size(text, width) if cell_len(text) != width else text


def card_lines(face: CardFace, glyphs: Glyphs, *, selected: bool = False, dim: bool = False,
               width: int = CARD_WIDTH) -> list[Text]:
    """The card as ``CARD_HEIGHT`` lines of ``width`` cells."""
    tl, h, tr, v, bl, br = tuple(glyphs.box_selected if selected else glyphs.box)
    inner = width - 2
    frame = Style(bold=selected, dim=dim and not selected)
    if face.face_down:
        rows = [(glyphs.back * inner, ""), (glyphs.back * inner, "")]
    else:
        rows = [(_fit(face.label, inner), face.tone), (_fit(face.mark, inner), face.tone)]
    lines = [Text(tl + h * inner + tr, style=frame)]
    for content, tone in rows:
        line = Text(v, style=frame)
        style = Style.parse(tone) if tone else Style()
        if dim and not selected:
            style += Style(dim=True)
        if selected:
            style += Style(bold=True)
        line.append(content, style=style)
        line.append(v, style=frame)
        lines.append(line)
    lines.append(Text(bl + h * inner + br, style=frame))
    return lines


class Card(Widget):
    """A single card drawn with its outline (ASCII outline in ASCII mode)."""

    DEFAULT_CSS = """
    Card { width: 5; height: 4; }
    """

    def __init__(self, face: CardFace | None = None, *, selected: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.face = face
        self.selected = selected

    def show(self, face: CardFace | None, *, selected: bool = False) -> None:
        self.face = face
        self.selected = selected
        self.refresh()

    def render(self) -> Text:
        if self.face is None:
            return Text("")
        return Text("\n").join(card_lines(self.face, glyphs_of(self), selected=self.selected))
