"""Blenders Tricks: a trick-taking game of balanced whisky blends."""

from tablegames.core.info import GameInfo

INFO = GameInfo(
    id="blenders-tricks",
    title="Blenders Tricks",
    min_players=3,
    max_players=5,
    pitch="Win tricks to claim cards from three cask suits; the most balanced blend wins.",
)
