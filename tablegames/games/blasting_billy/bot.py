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
from typing import Any, Callable, Mapping, Sequence, cast

from tablegames.core.bots import BaseBot
from tablegames.core.search import careless_chance
from tablegames.games.blasting_billy.view import BillyView
from tablegames.games.blasting_billy.vocab import (
    DECK_SIZE,
    TYPE_OF,
    TYPES,
    VALUE,
    Play,
    Remembered,
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
    # Each gift's place in Billy's column of its type (0 = first).
    places: list[int] = field(default_factory=list)
    dumps: list[int] = field(default_factory=list)
    seen_played: int = -1


def cards_played(view: BillyView) -> int:
    """Cards played so far, one a turn: to Billy, into the box or a loot."""
    return (sum(len(c) for c in view["billy"]) + sum(view["box"])
            + sum(len(c) for cols in view["loot"] for c in cols))


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class HeuristicBot(BaseBot):
    """Claims what it can keep below Billy, feeds Billy where it collects,
    dumps what would only help the others."""

    needs_view = True
    # The cards it gave Billy or dumped (observe, remembered).
    remembers = True

    def __init__(self) -> None:
        # Per seat (one bot may play every seat, as in a search's playouts).
        self._memories: dict[int, Memory] = {}
        self._last_seat: int | None = None

    # ----- memory
    def memory(self, view: BillyView) -> "Memory":
        """What this bot remembers for the view's seat, forgotten when the
        view shows a new game (fewer cards played than last time, or gifts
        that Billy's columns cannot hold)."""
        seat = view["seat"]
        assert seat is not None
        mem = self._memories.setdefault(seat, Memory())
        self._last_seat = seat
        played = cards_played(view)
        gifts_ok = all(sum(1 for g in mem.gifts if TYPE_OF[g] == t) <= len(view["billy"][t])
                       for t in range(TYPES))
        if played < mem.seen_played or not gifts_ok:
            mem.gifts.clear()
            mem.places.clear()
            mem.dumps.clear()
        mem.seen_played = played
        return mem

    def choose(self, view: BillyView | None, legal: Sequence[Any],
               rng: random.Random) -> Any:
        if view is None or len(legal) == 1:
            return legal[0]
        mem = self.memory(view)
        mean, spread = self.estimates(view, mem)
        value = self.valuer(view, mean, spread)
        order = {a: i for i, a in enumerate(legal)}
        best = max(legal, key=lambda a: (value(a), -order[a]))
        self._record(mem, best, view)
        return best

    def observe(self, view: BillyView | None, legal: Sequence[Any], action: Any) -> None:
        """Remember a move the seat made that this bot did not choose (a
        search bot overruled its advice; a match resumed from its record
        shows the bot the seat's past): as ``choose`` would have had it
        chosen ``action``."""
        if view is None or len(legal) == 1:
            return
        self._record(self.memory(view), action, view)

    def remembered(self) -> Remembered:
        """The gifts and dumps of the seat this bot last played: the search
        bot's sampler keeps them in place (the view shows them face down)."""
        mem = self._memories.get(self._last_seat) if self._last_seat is not None else None
        if mem is None:
            return Remembered()
        return Remembered(tuple(zip(mem.gifts, mem.places)), tuple(mem.dumps))

    @staticmethod
    def _record(mem: "Memory", action: Any, view: BillyView) -> None:
        if action.where is Where.BILLY:
            mem.gifts.append(action.card)
            mem.places.append(len(view["billy"][TYPE_OF[action.card]]))
        elif action.where is Where.DUMP:
            mem.dumps.append(action.card)
        mem.seen_played += 1

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
        for cols in view["loot"]:
            for t, col in enumerate(cols):
                if col and is_hidden(col[0]):
                    hidden_first[t] += 1
        in_hands = [0] * TYPES
        for s, hand in enumerate(view["hand_types"]):
            if s != seat:
                for tok in hand:
                    in_hands[type_from_token(tok)] += 1
        # Our gifts and dumps per type: their values, count, and a dynamite.
        gift_values: list[list[int]] = [[] for _ in range(TYPES)]
        gave_dynamite = [False] * TYPES
        for g in mem.gifts:
            gift_values[TYPE_OF[g]].append(VALUE[g])
            if is_dynamite(g):
                gave_dynamite[TYPE_OF[g]] = True
        my_dumps = [0] * TYPES
        for d in mem.dumps:
            my_dumps[TYPE_OF[d]] += 1
        mean = []
        spread = []
        for t in range(TYPES):
            values = [VALUE[c] for c in pool[t]]
            m = sum(values) / len(values) if values else 0.0
            var = sum((v - m) ** 2 for v in values) / len(values) if values else 0.0
            mine = sum(gift_values[t])
            hidden = len(view["billy"][t]) - len(gift_values[t])
            free = len(pool[t]) - hidden - hidden_first[t] - in_hands[t] \
                - (view["box"][t] - my_dumps[t]) - view["removed"][t]
            to_come = max(0, free) + in_hands[t]
            dyn_unseen = any(is_dynamite(c) for c in pool[t])
            est = mine + hidden * m + FUTURE_SHARE * to_come * m
            if dyn_unseen and pool[t]:
                est -= (hidden / len(pool[t])) * m
            if gave_dynamite[t]:
                est -= m  # our own dynamite took one of Billy's cards
            sd = math.sqrt((hidden + FUTURE_SHARE * to_come) * var) + BASE_SPREAD
            mean.append(est)
            spread.append(sd)
        return mean, spread

    def valuer(self, view: BillyView, mean: list[float], spread: list[float]) -> Callable[[Play], float]:
        """Expected final points of an action: our total after it, times the
        chance that Billy's final total reaches ours in every type. (What
        does not depend on the action is worked out once: search bots call
        this in every step of their playouts.)"""
        seat = view["seat"]
        assert seat is not None
        cols = view["loot"][seat]
        totals, claim_totals, hand = view["totals"], view["claim_totals"], view["hand"]
        assert totals is not None and claim_totals is not None and hand is not None
        # What claiming each card in hand would make of its column.
        claimed = {card_from_id(tok): total for tok, total in zip(hand, claim_totals)}
        helps = [any(view["loot"][s][t] for s in range(len(view["names"])) if s != seat)
                 for t in range(TYPES)]

        def survival(k: int, total: float, billy: float) -> float:
            # A type we hold nothing of is always safe.
            if not cols[k] and total == 0:
                return 1.0
            return _phi((billy - total) / spread[k])

        safe = [survival(k, totals[k], mean[k]) for k in range(TYPES)]
        held = sum(totals)

        def value(action: Play) -> float:
            t = TYPE_OF[action.card]
            v = VALUE[action.card]
            total, billy, bonus = totals[t], mean[t], 0.0
            if action.where is Where.CLAIM:
                total = claimed[action.card]
                if not is_dynamite(action.card):
                    bonus = -0.01  # one card more (a tie-break) for a zero
            elif action.where is Where.BILLY:
                billy += -5.0 if is_dynamite(action.card) else v
                if helps[t]:
                    bonus -= HELP_PENALTY * v
            # Multiplied in type order, so that equal values stay equal.
            survive = math.prod(survival(t, total, billy) if k == t else safe[k] for k in range(TYPES))
            return (held - totals[t] + total + 1.0) * survive + bonus

        return value


# How a careful player (the normal bot) plays, measured over 1,000 seeded
# games of normal bots at each of 2-5 players: the chance it claims its
# card, by how many cards it has played before (the last for every later
# one). Its first card it always claims (99.6%; 0.97 here, for careful
# players who open otherwise), then ever fewer. A random player claims a
# third of its cards, whenever.
CAREFUL_CLAIMS = (0.97, 0.73, 0.52, 0.44, 0.38, 0.36, 0.34)
RANDOM_CLAIMS = 1 / 3
# Of the cards it does not claim, a careful player dumps about a fifth
# (0.18-0.24 at 2-5 players), a random player half.
CAREFUL_DUMPS = 0.21
RANDOM_DUMPS = 0.5


def claims_likelihood(moves: int, claims: int, chances: Sequence[float]) -> float:
    """The chance that a player claiming card k with ``chances[k]`` (the
    last for every later card) claims ``claims`` of its first ``moves``."""
    ways = [1.0] + [0.0] * moves  # ways[c]: c claims so far
    for k in range(moves):
        q = chances[min(k, len(chances) - 1)]
        ways = [ways[c] * (1 - q) + (ways[c - 1] * q if c else 0.0) for c in range(moves + 1)]
    return ways[claims]


def careless_share(seat_view: Mapping[str, Any], memory: Remembered | None) -> float:
    """How likely the rivals are to play at random, judged by what they did
    with their cards (the loot is public and whose it is; the box counts
    are public; the seat knows its own dumps): the chance, even before
    anyone has played, that a table playing like that is a random one
    rather than a careful one. A careful player claims its first cards and
    dumps few; a random player claims a third, whenever, and dumps half of
    the rest. The search bot lets that share of its rivals play at random
    in its re-deals."""
    view = cast(BillyView, seat_view)
    seat = view["seat"]
    assert seat is not None
    if view["phase"] == "over":
        return 0.0
    n = len(view["names"])
    played = cards_played(view)

    def moves_of(s: int) -> int:
        # One card a turn, from ``start`` round the table.
        return played // n + (1 if (s - view["start"]) % n < played % n else 0)

    evidence = []
    rival_claims = 0
    for rival in range(n):
        if rival == seat:
            continue
        moves, claims = moves_of(rival), sum(len(col) for col in view["loot"][rival])
        rival_claims += claims
        evidence.append((1, claims_likelihood(moves, claims, [RANDOM_CLAIMS]),
                         claims_likelihood(moves, claims, CAREFUL_CLAIMS)))
    # A remembered dump still in hand is advice, not yet played.
    hand = {card_from_id(tok) for tok in view["hand"] or ()}
    own_dumps = sum(1 for card in memory.dumps if card not in hand) if memory is not None else 0
    rival_dumps = max(0, sum(view["box"]) - own_dumps)
    not_claimed = played - moves_of(seat) - rival_claims
    evidence += [(rival_dumps, RANDOM_DUMPS, CAREFUL_DUMPS),
                 (max(0, not_claimed - rival_dumps), 1 - RANDOM_DUMPS, 1 - CAREFUL_DUMPS)]
    return careless_chance(evidence)
