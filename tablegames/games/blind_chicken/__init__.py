"""Blind Chicken: only the ends of your hand can be played."""

from tablegames.core.info import GameInfo

INFO = GameInfo(
    id="blind-chicken",
    title="Blind Chicken",
    min_players=3,
    max_players=6,
    pitch="Fix your hand's order, then play only from its ends; dodge the chickens.",
)
