"""Resampling from one seat's view (``GameSpec.sample``): a full, playable
Nutty Business state that this seat cannot tell from the real one.

Every card a player does not hold lies open in their piles, so hands follow
from the piles; the only thing re-dealt is a first card still face down.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from tablegames.core.decisions import Decision
from tablegames.core.secret import SecretChoices
from tablegames.games.nutty_business.rules import NuttyState
from tablegames.games.nutty_business.vocab import (
    KINDS, ChooseOrder, ChooseRaid, Phase, PlayCard, SplitCustoms, kind_of,
)


def sample(view: Mapping[str, Any], rng: random.Random, memory: Any = None) -> NuttyState:
    """A full state consistent with ``view`` (the view says all a seat
    knows: ``memory`` is not needed)."""
    names = list(view["names"])
    n = len(names)
    seat = view["seat"]
    state_rng = random.Random(rng.getrandbits(64))
    phase = Phase(view["phase"])
    turn = view["turn"]
    piles = [[[kind_of(c) for c in pile] for pile in view["piles"][s]] for s in range(n)]
    setup: SecretChoices[int] | None = None
    if phase is Phase.SETUP:
        setup = SecretChoices(range(n))
        for s in range(n):
            if not view["chosen"][s]:
                continue
            if s == seat and view["first_card"] is not None:
                setup.choose(s, kind_of(view["first_card"]))
            else:
                setup.choose(s, rng.choice(KINDS))
    hands = []
    for s in range(n):
        held = set(KINDS)
        for pile in piles[s]:
            held.difference_update(pile)
        if setup is not None:
            own = setup.own(s)
            if own is not None:
                held.discard(own)
        hands.append(sorted(held))
    if seat is not None and view["hand"] is not None:
        hands[seat] = sorted(kind_of(c) for c in view["hand"])
    played = view["played"]
    played_pile = None
    if played is not None and turn is not None:
        for p, pile in enumerate(view["piles"][turn]):
            if pile and pile[-1] == played:
                played_pile = p
    # The one decision of the turn, as the view shows it (the first cards
    # still to lay follow from ``setup``).
    due: list[Decision] = []
    d = view["decision"]
    if d is not None:
        kind, who, reason = d["kind"], d["seat"], d["reason"]
        if kind == "play":
            due.append(PlayCard(who, reason=reason))
        elif kind == "order":
            due.append(ChooseOrder(who, reason=reason))
        elif kind == "customs":
            due.append(SplitCustoms(who, gained=d["gained"], owed=tuple((s, a) for s, a in d["owed"]),
                                    reason=reason))
        elif kind == "raid":
            due.append(ChooseRaid(who, targets=tuple(d["targets"]), reason=reason))
    return NuttyState(names, state_rng, start=view["start"], hands=hands, piles=piles, nuts=list(view["nuts"]),
                      supply=view["supply"], ledger=[list(line) for line in view["ledger"]], setup=setup,
                      turn_no=view["turn_no"], played_pile=played_pile, pending=list(view["pending"]), due=due)
