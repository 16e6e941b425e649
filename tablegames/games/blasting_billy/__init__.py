"""Blasting Billy: feed Billy, never outdo him."""

from tablegames.core.info import GameInfo

INFO = GameInfo(
    id="blasting-billy",
    title="Blasting Billy",
    min_players=2,
    max_players=5,
    pitch="Give Billy his loot, claim your own, never hold more than he does; mind the dynamite.",
)
