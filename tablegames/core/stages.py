"""Where each hand or round of a match starts, without naming any game.

A game's public view counts its stages in a whole-number field named in
``STAGE_FIELDS`` ("hand_no", "round"...), as its table shows it ("Hand 2 of
3"); a stage starts at each move after which that number goes up. Read by
the review screen (ui/review.py) and ``tablegames review --text``
(history_cli.py), so both count hands as the table does, also for a match
started from a position at hand 2.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from tablegames.core.game import GameSpec, GameState

# A view's counter of hands or rounds, and what to call one ("hand 2").
STAGE_FIELDS = (("hand_no", "hand"), ("round", "round"), ("deal", "deal"), ("stage", "stage"))


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


def counter(view: Mapping[str, Any]) -> str | None:
    """The view's field that counts the stages, if any."""
    return next((key for key, _ in STAGE_FIELDS
                 if isinstance(view.get(key), int) and not isinstance(view.get(key), bool)), None)


def find_stages(spec: GameSpec, state: GameState, actions: Sequence[tuple[int, str]]) -> Stages:
    """The stages of the moves ``actions`` played from ``state`` (which is
    changed: pass a fresh one)."""
    name = counter(state.view(None))
    if name is None:
        return Stages()
    last = state.view(None)[name]
    stages = Stages(dict(STAGE_FIELDS)[name], [], [last])
    for number, (seat, text) in enumerate(actions, start=1):
        state.apply(seat, spec.parse(text))
        value = state.view(None).get(name)
        if isinstance(value, int) and value > last:
            stages.starts.append(number)
            stages.numbers.append(value)
        if isinstance(value, int):
            last = value
    return stages
