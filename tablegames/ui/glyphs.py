"""The symbols the app draws with, in a Unicode set and a plain-ASCII set.

Every widget and screen takes its symbols from ``app.glyphs`` (a screen:
``self.glyphs``) so ``--ascii`` changes them all at once, key names in
prompts included ("←/→" or "left/right"). Colour is never the only signal:
each symbol here stands on its own in a black-and-white terminal.

Only symbols every game may use live here. A game's own symbols (an
animal on a card, a dealer mark) live in the game's package, chosen by
``glyphs.ascii``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# How keys are shown in the footer in ASCII mode (Textual draws arrows and ⏎).
ASCII_KEYS = {
    "left": "<",
    "right": ">",
    "up": "^",
    "down": "v",
    "enter": "Enter",
    "backspace": "BS",
}


@dataclass(frozen=True)
class Glyphs:
    ascii: bool
    cursor: str  # under the card the cursor is on
    turn: str  # before the name of the seat to move
    pointer: str  # before the highlighted line of a list of choices
    win: str  # a trick's or a match's winner
    empty: str  # an empty slot (no card played yet)
    sep: str  # between short items on one line
    # Card outline: top-left, horizontal, top-right, vertical, bottom-left, bottom-right.
    box: str
    box_selected: str
    back: str  # the pattern on a face-down card
    # Key names in prompts and hints ("←/→ choose a card").
    left_right: str
    up_down: str
    enter: str
    # Either side of a value that the left and right keys change.
    prev: str
    next: str

    def key(self, name: str) -> str | None:
        """How the footer shows a key in this set (None: Textual's own way)."""
        return ASCII_KEYS.get(name) if self.ascii else None


UNICODE = Glyphs(
    ascii=False,
    cursor="▲",
    turn="▶",
    pointer="▶",
    win="★",
    empty="·",
    sep="·",
    box="╭─╮│╰╯",
    box_selected="┏━┓┃┗┛",
    back="░",
    left_right="←/→",
    up_down="↑/↓",
    enter="Enter",
    prev="◀",
    next="▶",
)

ASCII = Glyphs(
    ascii=True,
    cursor="^",
    turn=">",
    pointer=">",
    win="*",
    empty=".",
    sep="|",
    box="+-+|++",
    box_selected="#=#H##",
    back="#",
    left_right="left/right",
    up_down="up/down",
    enter="Enter",
    prev="<",
    next=">",
)


def glyphs_for(ascii: bool) -> Glyphs:
    return ASCII if ascii else UNICODE


def glyphs_of(app: object) -> Glyphs:
    """The set an app draws with (``app.glyphs``); Unicode for an app
    without one (a widget tried out in a bare test app)."""
    glyphs = getattr(app, "glyphs", None)
    return glyphs if isinstance(glyphs, Glyphs) else UNICODE
