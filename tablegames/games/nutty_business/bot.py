"""A Nutty Business computer player that decides from its view only.

Every card a player does not hold lies open in their piles, so the view
pins the position down (only first cards still face down are unknown): the
bot rebuilds the state with the sampler, tries each legal action, finishes
its own turn greedily, and scores the position it reaches.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from tablegames.core.bots import BaseBot

from tablegames.games.nutty_business.rules import NuttyState
from tablegames.games.nutty_business.sampler import sample
from tablegames.games.nutty_business.view import NuttyView
from tablegames.games.nutty_business.vocab import (
    BANK, C5, CUSTOMS, IS_CONTRABAND, PlayCard, RAID, ROBBERY, VALUE, Start,
)

# The first card: it does nothing now, but it is the first top card.
_FIRST_CHOICE = (C5, CUSTOMS, BANK, RAID)


class HeuristicBot(BaseBot):
    """Looks one turn ahead: what each card does now, and what the tops it
    leaves will earn or cost until its next turn."""

    needs_view = True

    def choose(self, view: NuttyView | None, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Start):
            for kind in _FIRST_CHOICE:
                for action in legal:
                    if action.card == kind:
                        return action
            return legal[0]
        assert view is not None, "the heuristic decides from the seat's view"
        seat = view["seat"]
        assert seat is not None, "a bot decides from its own seat's view"
        state = sample(view, rng)
        best, best_score = legal[0], float("-inf")
        for action in legal:
            score = _after(state, seat, action, rng)
            if score > best_score:
                best, best_score = action, score
        return best


def _after(state: NuttyState, seat: int, action: Any, rng: random.Random) -> float:
    """The score after ``action`` and the rest of this turn played greedily."""
    child = state.copy()
    child.apply(seat, action)
    while not child.is_over() and child.to_move() == (seat,):
        d = child.decisions.current()
        if isinstance(d, PlayCard):
            break  # the next turn is ours again (two players): stop here
        options = child.legal_actions(seat)
        child = max((_applied(child, seat, a) for a in options),
                    key=lambda s: evaluate(s, seat))
    return evaluate(child, seat)


def _applied(state: NuttyState, seat: int, action: Any) -> NuttyState:
    child = state.copy()
    child.apply(seat, action)
    return child


def evaluate(state: NuttyState, seat: int) -> float:
    """Nuts now plus what the top cards promise, against the best rival."""
    n = state.n
    if state.is_over():
        keys = [state.tie_keys(s) for s in range(n)]
        mine = keys[seat]
        best = max(keys[s] for s in range(n) if s != seat)
        return (1000.0 if mine > best else -1000.0 if mine < best else 0.0) + mine[0] - best[0]
    worth = [_worth(state, s) for s in range(n)]
    rival = max(worth[s] for s in range(n) if s != seat)
    mean = sum(worth[s] for s in range(n) if s != seat) / (n - 1)
    return worth[seat] - 0.6 * rival - 0.4 * mean


def _worth(state: NuttyState, s: int) -> float:
    piles = state.piles
    tops = [p[-1] for p in piles[s]]
    n = state.n
    turns_left = len(state.hands[s])
    value = float(state.nuts[s])
    if not turns_left:
        return value
    protected = BANK in tops
    for top in tops:
        if IS_CONTRABAND[top]:
            value += 0.9 * VALUE[top]
        elif top == ROBBERY:
            for o in range(n):
                if o != s and not any(p[-1] == BANK for p in piles[o]):
                    loot = sum(1 for p in piles[o] if IS_CONTRABAND[p[-1]])
                    value += 0.8 * min(loot, 2, state.nuts[o])
        elif top == CUSTOMS:
            value += 0.6 * (n - 1)
        elif top == RAID:
            value += 0.8
        elif top == BANK:
            value += 0.3
    if not protected:
        loot = sum(1 for top in tops if IS_CONTRABAND[top])
        if loot:
            robbers = sum(1 for o in range(n)
                          if o != s and any(p[-1] == ROBBERY for p in piles[o]))
            value -= 0.8 * robbers * min(loot, 2, state.nuts[s])
        # Exposed to raids: two piles can be stacked.
    if len(piles[s]) == 2:
        raiders = sum(1 for o in range(n) if o != s and any(p[-1] == RAID for p in piles[o]))
        value -= 0.5 * raiders
    # Contraband still in hand can be played later.
    value += 0.3 * sum(VALUE[k] for k in state.hands[s]) + 0.2 * (C5 in state.hands[s])
    return value
