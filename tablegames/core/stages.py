"""Where each hand or round of a match starts, without naming any game.

A game of several stages says how it counts them on its spec
(``GameSpec.stage``: the word, and the number a state shows, as its table
does: "Hand 2 of 3"); a stage starts at each move after which that number
goes up. Read by the review screen (ui/review.py) and ``tablegames review
--text`` (history_cli.py), so both count hands as the table does, also for
a match started from a position at hand 2.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from tablegames.core.game import GameSpec, GameState


@dataclass
class Stages:
    """``word`` names a stage ("" if the game counts none); ``starts`` are
    the moves after which a new one begins; ``numbers`` the table's number
    of the first stage and of each one started."""

    word: str = ""
    starts: list[int] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)

    def number_at(self, position: int) -> int:
        """The number of the stage on the table after move ``position``."""
        passed = sum(1 for start in self.starts if start <= position)
        return self.numbers[passed] if self.numbers else 1 + passed


def find_stages(spec: GameSpec, state: GameState, actions: Sequence[tuple[int, str]]) -> Stages:
    """The stages of the moves ``actions`` played from ``state`` (which is
    changed: pass a fresh one)."""
    if spec.stage is None:
        return Stages()
    number = spec.stage.number
    last = number(state)
    stages = Stages(spec.stage.word, [], [last])
    for move, (seat, text) in enumerate(actions, start=1):
        state.apply(seat, spec.parse(text))
        value = number(state)
        if value > last:
            stages.starts.append(move)
            stages.numbers.append(value)
        last = value
    return stages
