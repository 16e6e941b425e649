"""A Nutty Business computer player that decides from its view only."""

from __future__ import annotations

import random
from typing import Any, Sequence


class HeuristicBot:
    needs_view = True

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[0]
