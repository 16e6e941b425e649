"""Blenders Tricks' sampler: a full state consistent with one seat's view,
for the search bots and the leak audit."""

from __future__ import annotations

import random
from typing import Any, Mapping

from tablegames.core.decisions import DecisionQueue
from tablegames.core.secret import SecretChoices
from tablegames.core.state import BaseState
from tablegames.games.blenders_tricks.rules import BlendersState, RoundRecord, lead_suit_of
from tablegames.games.blenders_tricks.vocab import (
    DECK, NUMBER_OF, PASS_CHOICES, PASSES, TRICK_TURNS, ClaimChoice, Pass, Phase, SpendChoice,
)


def sample(view: Mapping[str, Any], rng: random.Random, memory: Any = None) -> BlendersState:
    """A full state consistent with ``view`` (one seat's view), with
    everything that seat cannot see dealt again at random: the other hands,
    the aside card, the unseen part of the discard pile, others' pass choices."""
    names = view["names"]
    n = len(names)
    seat = view["seat"]
    state = object.__new__(BlendersState)
    BaseState.__init__(state, names, rng.getrandbits(64))
    state.decisions = DecisionQueue()
    num = NUMBER_OF
    state.round = view["round"]
    state.totals = [list(t) for t in view["totals"]]
    state.tokens = list(view["tokens"])
    state.supply = view["supply"]
    state.rounds = [RoundRecord(tuple((g[0], g[1], g[2]) for g in r["gains"]),
                                tuple(tuple(cards) for cards in r["ignored"]),
                                tuple(tuple(cards) for cards in r["claimed"]),
                                r["earner"]) for r in view["rounds"]]
    state.leader = view["leader"]
    phase = Phase(view["phase"])
    state.earner = view["earner"]
    state.claimed = [[num[c] for c in cl] for cl in view["claimed"]]
    state.ignored = [[num[c] for c in cards] for cards in view["ignoring"]]
    state.trick_seats = [s for s, _ in view["trick"]]
    state.trick_cards = [num[c] for _, c in view["trick"]]
    state.lead = lead_suit_of(state.trick_cards)
    last = view["last_trick"]
    shown_discards: list[int] = []
    if last is None:
        state.last_trick = None
    else:
        plays = tuple((s, num[c]) for s, c in last["plays"])
        taken = tuple(num[c] for c in last["claimed"])
        state.last_trick = (plays, last["winner"], taken)
        shown_discards = [c for _, c in plays if c not in taken]
    own = [] if seat is None else [num[c] for c in view["hand"]]
    known = set(own) | set(state.trick_cards) | {c for cl in state.claimed for c in cl} | set(shown_discards)
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
    state.hands = hands
    state.aside = unknown[:view["aside"]]
    del unknown[:view["aside"]]
    state.discard = shown_discards + unknown
    if len(state.discard) != view["discards"]:
        raise ValueError("the view's card counts do not add up to the deck")
    state.received = [[] for _ in range(n)]
    if seat is not None:
        state.received[seat] = [num[c] for c in view["received"]]
    if phase is Phase.PASS:
        choices: SecretChoices[Pass] = SecretChoices(range(n))
        for s, done in enumerate(view["passed"]):
            if not done:
                continue
            if s == seat:
                left, right = (num[c] for c in view["my_pass"])
            else:
                left, right = rng.sample(hands[s], 2)
            choices.choose(s, PASSES[left][right])
        state.choices = choices
        state.decisions.push_together(PASS_CHOICES[s] for s, done in enumerate(view["passed"]) if not done)
    else:
        state.choices = None
    for d in view["decisions"]:
        cards = tuple(num[c] for c in d["cards"])
        if d["kind"] == "claim":
            state.decisions.push(ClaimChoice(d["seat"], cards))
        else:
            state.decisions.push(SpendChoice(d["seat"], cards))
    if phase is Phase.PLAY:
        state.decisions = DecisionQueue(TRICK_TURNS[n][state.leader][len(state.trick_cards):])
    return state
