"""Blind Chicken's own symbols, in a Unicode and a plain-ASCII set (chosen
by the app's ``glyphs.ascii``); the shared ones are in ``tablegames.ui.glyphs``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChickenGlyphs:
    chicken: str  # on a chicken card, before the egg count
    dealer: str  # before the dealer's name
    leader: str  # before the name of the seat that leads the trick


UNICODE = ChickenGlyphs(chicken="🐔", dealer="D", leader="L")
ASCII = ChickenGlyphs(chicken="*", dealer="D", leader="L")


def chicken_glyphs(ascii: bool) -> ChickenGlyphs:
    return ASCII if ascii else UNICODE
