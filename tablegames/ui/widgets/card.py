"""One card: what is printed on it (``CardFace``) and how it is drawn.

A game turns the card ids of its view into CardFaces (a number, a second
line such as ``🐔4``/``*4``, a Rich style); the widgets only draw faces.
A face-down card is ``CardFace.back()``; a back that shows something public
(a colour that everyone sees while the value stays hidden) is
``CardFace.back("R", "bold red")``. Build a back from the view's public
attribute only: the face of a back carries no hidden value, so no widget can
show one.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text

from tablegames.ui.glyphs import Glyphs

CARD_WIDTH = 5  # outline included: three cells inside
CARD_HEIGHT = 4  # outline included: two lines inside


@dataclass(frozen=True)
class CardFace:
    """What a card shows: ``label`` on the first line, ``mark`` on the second
    (both at most three cells), in the Rich style ``tone``. A face-down card
    shows its back instead (never its label or mark) with ``public`` on it."""

    label: str
    mark: str = ""
    tone: str = ""
    face_down: bool = False
    # On a face-down card only: what everyone sees of it (a colour's letter).
    public: str = ""

    @classmethod
    def back(cls, public: str = "", tone: str = "") -> CardFace:
        """A face-down card; ``public`` (at most three cells, e.g. a colour's
        letter) is printed on the back in ``tone``: what everyone may see of
        the card. Never pass a hidden value here."""
        return cls("", "", tone, face_down=True, public=public)

    def inline(self) -> str:
        """The card on one line, e.g. ``57🐔4``, ``34``, ``?`` (face down) or
        ``R?`` (face down, red)."""
        return f"{self.public}?" if self.face_down else f"{self.label}{self.mark}"

    def inline_text(self) -> Text:
        return Text(self.inline(), style=self.tone if not self.face_down or self.public else "")


def _fit(text: str, width: int) -> str:
    return set_cell_size(text, width) if cell_len(text) != width else text


def card_lines(face: CardFace, glyphs: Glyphs, *, selected: bool = False, dim: bool = False,
               width: int = CARD_WIDTH) -> list[Text]:
    """The card as ``CARD_HEIGHT`` lines of ``width`` cells."""
    tl, h, tr, v, bl, br = tuple(glyphs.box_selected if selected else glyphs.box)
    inner = width - 2
    frame = Style(bold=selected, dim=dim and not selected)
    if face.face_down:
        pattern = glyphs.back * inner
        if face.public:
            # The public attribute in the middle of the first line of the back.
            public = _fit(face.public, min(inner, cell_len(face.public)))
            pad = inner - cell_len(public)
            rows = [(glyphs.back * (pad // 2), ""), (public, face.tone),
                    (glyphs.back * (pad - pad // 2), ""), None, (pattern, "")]
        else:
            rows = [(pattern, ""), None, (pattern, "")]
    else:
        rows = [(_fit(face.label, inner), face.tone), None, (_fit(face.mark, inner), face.tone)]
    lines = [Text(tl + h * inner + tr, style=frame)]
    line = Text(v, style=frame)
    # Pieces of the inside, each in its tone; None ends a line.
    for piece in [*rows, None]:
        if piece is None:
            line.append(v, style=frame)
            lines.append(line)
            line = Text(v, style=frame)
            continue
        content, tone = piece
        style = Style.parse(tone) if tone else Style()
        if dim and not selected:
            style += Style(dim=True)
        if selected:
            style += Style(bold=True)
        line.append(content, style=style)
    lines.append(Text(bl + h * inner + br, style=frame))
    return lines

