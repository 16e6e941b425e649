"""Nutty Business: two piles, eight cards, a lot of nuts."""

from tablegames.core.info import GameInfo

INFO = GameInfo(
    id="nutty-business",
    title="Nutty Business",
    min_players=2,
    max_players=5,
    pitch="Play cards onto your two piles; the cards on top move the nuts around.",
)
