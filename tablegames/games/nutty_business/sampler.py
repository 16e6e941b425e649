"""Resampling from one seat's view (``GameSpec.sample``): a full, playable
Nutty Business state that this seat cannot tell from the real one.

Every card a player does not hold lies open in their piles, so hands follow
from the piles; the only thing re-dealt is a first card still face down.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from tablegames.core.secret import SecretChoices
from tablegames.games.nutty_business.rules import NuttyState
from tablegames.games.nutty_business.vocab import (
    KINDS, ChooseFirstCard, ChooseOrder, ChooseRaid, Phase, PlayCard, SplitCustoms, kind_of,
)


def sample(view: Mapping[str, Any], rng: random.Random, memory: Any = None) -> NuttyState:
    """A full state consistent with ``view`` (the view says all a seat
    knows: ``memory`` is not needed)."""
    names = list(view["names"])
    n = len(names)
    seat = view["seat"]
    state = NuttyState(names, {}, 0)
    state.rng = random.Random(rng.getrandbits(64))
    phase = Phase(view["phase"])
    state.start = view["start"]
    state.turn_no = view["turn_no"]
    state.nuts = list(view["nuts"])
    state.supply = view["supply"]
    state.ledger = [list(line) for line in view["ledger"]]
    state.piles = [[[kind_of(c) for c in pile] for pile in view["piles"][s]] for s in range(n)]
    state.pending = list(view["pending"])
    if phase is Phase.SETUP:
        setup: SecretChoices[int] = SecretChoices(range(n))
        for s in range(n):
            if not view["chosen"][s]:
                continue
            if s == seat and view["first_card"] is not None:
                setup.choose(s, kind_of(view["first_card"]))
            else:
                setup.choose(s, rng.choice(KINDS))
        state.setup = setup
    else:
        state.setup = None
    for s in range(n):
        held = set(KINDS)
        for pile in state.piles[s]:
            held.difference_update(pile)
        if state.setup is not None:
            own = state.setup.own(s)
            if own is not None:
                held.discard(own)
        state.hands[s] = sorted(held)
    if seat is not None and view["hand"] is not None:
        state.hands[seat] = sorted(kind_of(c) for c in view["hand"])
    played, turn = view["played"], view["turn"]
    state.played_pile = None
    if played is not None and turn is not None:
        for p, pile in enumerate(view["piles"][turn]):
            if pile and pile[-1] == played:
                state.played_pile = p
    # Who decides what: the first cards still to lay, or the one decision
    # of the turn, as the view shows it.
    queue = state.decisions
    queue.clear()
    if state.setup is not None:
        queue.push_together(ChooseFirstCard(s) for s in range(n) if not view["chosen"][s])
    d = view["decision"]
    if d is not None:
        kind, who, reason = d["kind"], d["seat"], d["reason"]
        if kind == "play":
            queue.push(PlayCard(who, reason=reason))
        elif kind == "order":
            queue.push(ChooseOrder(who, reason=reason))
        elif kind == "customs":
            queue.push(SplitCustoms(who, gained=d["gained"], owed=tuple((s, a) for s, a in d["owed"]),
                                    reason=reason))
        elif kind == "raid":
            queue.push(ChooseRaid(who, targets=tuple(d["targets"]), reason=reason))
    return state
