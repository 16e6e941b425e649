"""A Blind Business computer player (placeholder while the rules settle)."""

import random
from typing import Sequence


class HeuristicBot:
    needs_view = True

    def choose(self, view: dict | None, legal: Sequence, rng: random.Random):
        return legal[rng.randrange(len(legal))]
