"""The symbols the app draws with, in a Unicode set and a plain-ASCII set.

Every widget takes its symbols from ``app.glyphs`` so ``--ascii`` changes
them all at once. Colour is never the only signal: each symbol here stands
on its own in a black-and-white terminal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Glyphs:
    ascii: bool
    chicken: str  # on a Blind Chicken card, before the egg count
    cursor: str  # under the card the cursor is on
    turn: str  # before the name of the seat to move
    win: str  # a trick's or a match's winner
    empty: str  # an empty slot (no card played yet)
    sep: str  # between short items on one line
    dealer: str
    leader: str
    # Card outline: top-left, horizontal, top-right, vertical, bottom-left, bottom-right.
    box: str
    box_selected: str
    back: str  # the pattern on a face-down card


UNICODE = Glyphs(
    ascii=False,
    chicken="🐔",
    cursor="▲",
    turn="▶",
    win="★",
    empty="·",
    sep="·",
    dealer="D",
    leader="L",
    box="╭─╮│╰╯",
    box_selected="┏━┓┃┗┛",
    back="░",
)

ASCII = Glyphs(
    ascii=True,
    chicken="*",
    cursor="^",
    turn=">",
    win="*",
    empty=".",
    sep="|",
    dealer="D",
    leader="L",
    box="+-+|++",
    box_selected="#=#H##",
    back="#",
)

# How keys are shown in the footer in ASCII mode (Textual draws arrows and ⏎).
ASCII_KEYS = {
    "left": "<",
    "right": ">",
    "up": "^",
    "down": "v",
    "enter": "Enter",
    "backspace": "BS",
}


def glyphs_for(ascii: bool) -> Glyphs:
    return ASCII if ascii else UNICODE


def glyphs_of(node: Any) -> Glyphs:
    """The symbols of the app ``node`` (a widget or screen) runs in: the
    app's own, or the Unicode set in an app that has none (a test's)."""
    glyphs = getattr(node.app, "glyphs", None)
    return glyphs if isinstance(glyphs, Glyphs) else UNICODE
