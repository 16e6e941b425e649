"""Blasting Billy's sampler: a whole state consistent with one seat's view,
for the search bot's re-deals and the leak audit."""

from __future__ import annotations

import random
from typing import Any, Mapping, cast

from tablegames.games.blasting_billy.rules import BlastingBillyState
from tablegames.games.blasting_billy.view import BillyView
from tablegames.games.blasting_billy.vocab import (
    DECK_SIZE, HIDDEN, TYPE_OF, TYPES, Phase, Remembered, card_from_id, is_hidden, type_from_token,
)


def _remembered_in_place(view: BillyView, known: set[int],
                         memory: Any) -> tuple[dict[tuple[int, int], int], list[int]]:
    """The seat's remembered gifts by (type, place in Billy's column) and its
    remembered dumps, where the view has room for them face down (a card
    still in hand was advised, not played)."""
    gifts: dict[tuple[int, int], int] = {}
    dumps: list[int] = []
    if not isinstance(memory, Remembered):
        return gifts, dumps
    for card, place in memory.gifts:
        column = view["billy"][TYPE_OF[card]]
        if card not in known and place < len(column) and is_hidden(column[place]):
            gifts[TYPE_OF[card], place] = card
    room = list(view["box"])
    for card in memory.dumps:
        if card not in known and room[TYPE_OF[card]] > 0:
            room[TYPE_OF[card]] -= 1
            dumps.append(card)
    return gifts, dumps


def sample(seat_view: Mapping[str, Any], rng: random.Random, memory: Any = None) -> BlastingBillyState:
    """A full state consistent with ``view``: every card the viewer cannot
    know is dealt again at random, keeping what shows (types, counts, face-up
    cards, whose turn, the final round) and what the seat remembers
    (``memory``: its gifts to Billy in their places, its dumps in the box)."""
    view = cast(BillyView, seat_view)
    names = view["names"]
    n = len(names)
    seat = view["seat"]
    state_seed = rng.getrandbits(32)
    known: set[int] = set()
    for cols in view["loot"]:
        for col in cols:
            known.update(card_from_id(tok) for tok in col if not is_hidden(tok))
    for col in view["billy"]:
        known.update(card_from_id(tok) for tok in col if not is_hidden(tok))
    own_hand = [card_from_id(tok) for tok in view["hand"]] if view["hand"] is not None else None
    if own_hand is not None:
        known.update(own_hand)
    gifts, dumps = _remembered_in_place(view, known, memory)
    known.update(gifts.values())
    known.update(dumps)
    pools: list[list[int]] = [[] for _ in range(TYPES)]
    for c in range(DECK_SIZE):
        if c not in known:
            pools[TYPE_OF[c]].append(c)
    for pool in pools:
        rng.shuffle(pool)

    def deal(token: str) -> int:
        if not is_hidden(token):
            return card_from_id(token)
        pool = pools[type_from_token(token)]
        if not pool:
            raise ValueError("This view does not fit one deck of Blasting Billy.")
        return pool.pop()

    hands = [list(own_hand) if s == seat and own_hand is not None
             else [deal(tok) for tok in view["hand_types"][s]] for s in range(n)]
    loot = [[[deal(tok) for tok in col] for col in cols] for cols in view["loot"]]
    billy = [[gifts[t, i] if (t, i) in gifts else deal(tok) for i, tok in enumerate(col)]
             for t, col in enumerate(view["billy"])]
    box_left = list(view["box"])
    for card in dumps:
        box_left[TYPE_OF[card]] -= 1
    box = dumps + [deal(HIDDEN[t]) for t in range(TYPES) for _ in range(box_left[t])]
    rng.shuffle(box)
    removed = [deal(HIDDEN[t]) for t in range(TYPES) for _ in range(view["removed"][t])]
    rng.shuffle(removed)
    deck = [c for pool in pools for c in pool]
    if len(deck) != view["draw"]:
        raise ValueError("This view does not fit one deck of Blasting Billy.")
    rng.shuffle(deck)
    over = view["phase"] == Phase.OVER
    return BlastingBillyState(names, random.Random(state_seed), hands=hands, loot=loot, billy=billy, box=box,
                              removed=removed, deck=deck, start=view["start"], final_left=view["final_left"],
                              last_drawer=view["last_drawer"], to_move=None if over else view["turn"])
