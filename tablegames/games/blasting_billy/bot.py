"""A Blasting Billy computer player that decides from its view only.

It keeps its own memory of the cards it gave Billy or dumped (a player
remembers what they played; the view shows those cards face down), and
estimates each of Billy's totals from that memory and the unseen cards of
each type. Every candidate action is scored by

    (my total) x P(Billy shoots me in no type)

with P from a normal estimate of Billy's final total per type, and the
action with the best expectation is played.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence, cast

from tablegames.games.blasting_billy.vocab import (
    DECK_SIZE,
    TYPE_OF,
    TYPES,
    VALUE,
    BillyView,
    Play,
    Where,
    card_from_id,
    is_dynamite,
    is_hidden,
    type_from_token,
)

# How much of the cards still to come in a type is expected to reach Billy.
FUTURE_SHARE = 0.25
# Extra spread (in points) for what cannot be modelled (dynamite, play style).
BASE_SPREAD = 2.0
# Giving Billy a card of a type an opponent collects helps them survive.
HELP_PENALTY = 0.02


@dataclass
class Memory:
    """The cards one seat gave Billy or dumped, in this game."""

    gifts: list[int] = field(default_factory=list)
    dumps: list[int] = field(default_factory=list)
    seen_played: int = -1


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class HeuristicBot:
    """Claims what it can keep below Billy, feeds Billy where it collects,
    dumps what would only help the others."""

    needs_view = True

    def __init__(self) -> None:
        # Per seat (one bot may play every seat, as in a search's playouts).
        self._memories: dict[int, Memory] = {}

    # ----- memory
    def memory(self, view: BillyView) -> "Memory":
        """What this bot remembers for the view's seat, forgotten when the
        view shows a new game (fewer cards played than last time, or gifts
        that Billy's columns cannot hold)."""
        seat = view["seat"]
        assert seat is not None
        mem = self._memories.setdefault(seat, Memory())
        played = (sum(len(c) for c in view["billy"]) + sum(view["box"])
                  + sum(len(c) for cols in view["loot"] for c in cols))
        gifts_ok = all(sum(1 for g in mem.gifts if TYPE_OF[g] == t) <= len(view["billy"][t])
                       for t in range(TYPES))
        if played < mem.seen_played or not gifts_ok:
            mem.gifts.clear()
            mem.dumps.clear()
        mem.seen_played = played
        return mem

    def choose(self, seat_view: Mapping[str, Any] | None, legal: Sequence[Any],
               rng: random.Random) -> Any:
        if seat_view is None or len(legal) == 1:
            return legal[0]
        view = cast(BillyView, seat_view)
        mem = self.memory(view)
        mean, spread = self.estimates(view, mem)
        order = {a: i for i, a in enumerate(legal)}
        best = max(legal, key=lambda a: (self.value(view, a, mean, spread), -order[a]))
        if best.where is Where.BILLY:
            mem.gifts.append(best.card)
        elif best.where is Where.DUMP:
            mem.dumps.append(best.card)
        mem.seen_played += 1
        return best

    # ----- evaluation
    def estimates(self, view: BillyView, mem: "Memory") -> tuple[list[float], list[float]]:
        """Billy's expected final total per type, and its spread."""
        seat = view["seat"]
        assert seat is not None
        known: set[int] = set(mem.gifts) | set(mem.dumps)
        known.update(card_from_id(c) for c in view["hand"] or ())
        for cols in view["loot"]:
            for col in cols:
                known.update(card_from_id(c) for c in col if not is_hidden(c))
        pool: list[list[int]] = [[] for _ in range(TYPES)]
        for c in range(DECK_SIZE):
            if c not in known:
                pool[TYPE_OF[c]].append(c)
        hidden_first = [0] * TYPES
        for s, cols in enumerate(view["loot"]):
            for t, col in enumerate(cols):
                if col and is_hidden(col[0]):
                    hidden_first[t] += 1
        in_hands = [0] * TYPES
        for s, hand in enumerate(view["hand_types"]):
            if s != seat:
                for tok in hand:
                    in_hands[type_from_token(tok)] += 1
        mean = []
        spread = []
        for t in range(TYPES):
            values = [VALUE[c] for c in pool[t]]
            m = sum(values) / len(values) if values else 0.0
            var = sum((v - m) ** 2 for v in values) / len(values) if values else 0.0
            mine = sum(VALUE[g] for g in mem.gifts if TYPE_OF[g] == t)
            hidden = len(view["billy"][t]) - sum(1 for g in mem.gifts if TYPE_OF[g] == t)
            my_dumps = sum(1 for d in mem.dumps if TYPE_OF[d] == t)
            free = len(pool[t]) - hidden - hidden_first[t] - in_hands[t] \
                - (view["box"][t] - my_dumps) - view["removed"][t]
            to_come = max(0, free) + in_hands[t]
            dyn_unseen = any(is_dynamite(c) for c in pool[t])
            est = mine + hidden * m + FUTURE_SHARE * to_come * m
            if dyn_unseen and pool[t]:
                est -= (hidden / len(pool[t])) * m
            if any(is_dynamite(g) for g in mem.gifts if TYPE_OF[g] == t):
                est -= m  # our own dynamite took one of Billy's cards
            sd = math.sqrt((hidden + FUTURE_SHARE * to_come) * var) + BASE_SPREAD
            mean.append(est)
            spread.append(sd)
        return mean, spread

    def value(self, view: BillyView, action: Play, mean: list[float], spread: list[float]) -> float:
        """Expected final points of ``action``: our total after it, times the
        chance that Billy's final total reaches ours in every type."""
        seat = view["seat"]
        assert seat is not None
        cols = view["loot"][seat]
        totals = [self._column_total(col) for col in cols]
        t = TYPE_OF[action.card]
        v = VALUE[action.card]
        new_totals = list(totals)
        new_mean = list(mean)
        bonus = 0.0
        if action.where is Where.CLAIM:
            if is_dynamite(action.card):
                live = self._live(cols[t])
                new_totals[t] = totals[t] - (live[-1] if live else 0)
            else:
                new_totals[t] = totals[t] + v
                bonus = -0.01  # one card more (a tie-break) for a zero
        elif action.where is Where.BILLY:
            if is_dynamite(action.card):
                new_mean[t] -= 5.0
            else:
                new_mean[t] += v
            others = any(view["loot"][s][t] for s in range(len(view["names"])) if s != seat)
            if others:
                bonus -= HELP_PENALTY * v
        survive = 1.0
        for k in range(TYPES):
            if not cols[k] and new_totals[k] == 0:
                continue
            z = (new_mean[k] - new_totals[k]) / spread[k]
            survive *= _phi(z)
        return (sum(new_totals) + 1.0) * survive + bonus

    @staticmethod
    def _live(col: list[str]) -> list[int]:
        """The values left in one of our own columns after its dynamite."""
        out: list[int] = []
        for tok in col:
            if tok.endswith("X"):
                if out:
                    out.pop()
            else:
                out.append(VALUE[card_from_id(tok)])
        return out

    def _column_total(self, col: list[str]) -> int:
        return sum(self._live(col))
