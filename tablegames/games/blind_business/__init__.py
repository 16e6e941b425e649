"""Blind Business: you see everyone's hand but your own."""

from tablegames.core.info import GameInfo

INFO = GameInfo(
    id="blind-business",
    title="Blind Business",
    min_players=2,
    max_players=5,
    pitch="Trade cards you cannot see: everyone sees your hand except you.",
)
