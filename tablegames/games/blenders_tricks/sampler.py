"""Blenders Tricks' sampler: a full state consistent with one seat's view,
for the search bots and the leak audit."""

from __future__ import annotations

import random
from typing import Any, Mapping

from tablegames.core.secret import SecretChoices
from tablegames.games.blenders_tricks.rules import BlendersState, RoundRecord
from tablegames.games.blenders_tricks.vocab import (
    DECK, NUMBER_OF, PASSES, TRICK_TURNS, BlendersDecision, ClaimChoice, Pass, Phase, SpendChoice,
)


def sample(view: Mapping[str, Any], rng: random.Random, memory: Any = None) -> BlendersState:
    """A full state consistent with ``view`` (one seat's view), with
    everything that seat cannot see dealt again at random: the other hands,
    the aside card, the unseen part of the discard pile, others' pass choices."""
    names = view["names"]
    n = len(names)
    seat = view["seat"]
    state_rng = random.Random(rng.getrandbits(64))
    num = NUMBER_OF
    rounds = [RoundRecord(tuple((g[0], g[1], g[2]) for g in r["gains"]),
                          tuple(tuple(cards) for cards in r["ignored"]),
                          tuple(tuple(cards) for cards in r["claimed"]),
                          r["earner"]) for r in view["rounds"]]
    leader = view["leader"]
    phase = Phase(view["phase"])
    claimed = [[num[c] for c in cl] for cl in view["claimed"]]
    trick = [num[c] for _, c in view["trick"]]
    last = view["last_trick"]
    shown_discards: list[int] = []
    last_trick = None
    if last is not None:
        plays = tuple((s, num[c]) for s, c in last["plays"])
        taken = tuple(num[c] for c in last["claimed"])
        last_trick = (plays, last["winner"], taken)
        shown_discards = [c for _, c in plays if c not in taken]
    own = [] if seat is None else [num[c] for c in view["hand"]]
    known = set(own) | set(trick) | {c for cl in claimed for c in cl} | set(shown_discards)
    unknown = [c for c in DECK if c not in known]
    rng.shuffle(unknown)
    hands: list[list[int]] = []
    for s in range(n):
        if s == seat:
            hands.append(list(own))
        else:
            size = view["hand_sizes"][s]
            hands.append(unknown[:size])
            del unknown[:size]
    aside = unknown[:view["aside"]]
    del unknown[:view["aside"]]
    discard = shown_discards + unknown
    if len(discard) != view["discards"]:
        raise ValueError("the view's card counts do not add up to the deck")
    received: list[list[int]] = [[] for _ in range(n)]
    if seat is not None:
        received[seat] = [num[c] for c in view["received"]]
    choices: SecretChoices[Pass] | None = None
    if phase is Phase.PASS:
        choices = SecretChoices(range(n))
        for s, done in enumerate(view["passed"]):
            if not done:
                continue
            if s == seat:
                left, right = (num[c] for c in view["my_pass"])
            else:
                left, right = rng.sample(hands[s], 2)
            choices.choose(s, PASSES[left][right])
    due: list[BlendersDecision] = []
    if phase is Phase.PLAY:
        due += TRICK_TURNS[n][leader][len(trick):]
    else:
        for d in view["decisions"]:
            cards = tuple(num[c] for c in d["cards"])
            kind = ClaimChoice if d["kind"] == "claim" else SpendChoice
            due.append(kind(d["seat"], cards))
    return BlendersState(names, state_rng, round=view["round"], totals=[list(t) for t in view["totals"]],
                         tokens=list(view["tokens"]), rounds=rounds, leader=leader, hands=hands, aside=aside,
                         discard=discard, received=received, claimed=claimed,
                         ignored=[[num[c] for c in cards] for cards in view["ignoring"]], trick=trick,
                         last_trick=last_trick, earner=view["earner"], choices=choices, due=due)
