"""Resampling from one seat's view (``GameSpec.sample``): a full, playable
Blind Business state that this seat cannot tell from the real one.

A seat sees every hand but its own (unless it is looking at it now), every
play area, the discards, the tokens, the request, the due decision and the
agenda of automatic steps; it does not see its own hand's faces, the deck or
the cards put away at the start. Those are re-dealt at random from the cards
it has not seen. (The agenda of automatic steps follows from the due
decision and the request, so it needs no rebuilding.)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tablegames.core.decisions import Decision, DecisionQueue
from tablegames.core.state import BaseState
from tablegames.games.blind_business.cards import CARD_BY_ID, DECK_SIZE, DISTRICT_NAMES
from tablegames.games.blind_business.rules import BlindBusinessState
from tablegames.games.blind_business.vocab import (
    ASK_TABLE,
    EMPTY,
    HIDDEN,
    Adding,
    Answering,
    CounterRequesting,
    Discarding,
    FirstLook,
    Peeking,
    Phase,
    PlacingTrainer,
    Remembered,
    Replying,
    Requesting,
    Swapping,
    Taking,
)

_DISTRICT_OF = {name: d for d, name in enumerate(DISTRICT_NAMES)}
_SIMPLE: dict[str, type[Decision]] = {
    Phase.ASK: Requesting, Phase.ANSWER: Answering, Phase.TAKE: Taking,
    Phase.COUNTER: CounterRequesting, Phase.REPLY: Replying,
}


def sample(view: Mapping[str, Any], rng: random.Random, memory: Remembered | None = None) -> BlindBusinessState:
    """``memory``: what the seat remembers; the cards it remembers in its
    own hand (from its looks and the hands it saw come to it in a swap) go
    back into its face-down slots, in a random order, and only the rest of
    the hand is re-dealt from the unseen cards."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("Resampling needs one seat's view, not the public table's.")
    names = tuple(view["names"])
    n = len(names)
    phase = Phase(view["phase"])
    # Every attribute is set below from the view, so skip the deal.
    state = BlindBusinessState.__new__(BlindBusinessState)
    BaseState.__init__(state, names, rng.getrandbits(64))
    state.family = bool(view["family"])
    state._asks = ASK_TABLE[n]
    state._result = None
    state.start = view["start"]
    state.turns_total = view["turns"]
    turn = view["turn"]
    if phase == Phase.ADD or (phase == Phase.OVER and view["deck"] == 0):
        state.turn_no = state.turns_total
    else:
        state.turn_no = turn - 1
    state.requester = view["start"] if view["requester"] is None else view["requester"]

    # Everything face up, and the slots of the seat's own hand.
    seen: set[int] = set()
    hands: list[list[int]] = []
    own_hidden: list[int] = []
    for s, hand in enumerate(view["hands"]):
        row = []
        for i, card in enumerate(hand):
            if card is None:
                row.append(EMPTY)
            elif card == HIDDEN:
                row.append(EMPTY)
                own_hidden.append(i)
            else:
                c = CARD_BY_ID[card]
                row.append(c)
                seen.add(c)
        hands.append(row)
    state.tdist = [-1, -1]
    areas: list[list[int]] = []
    for s, grouped in enumerate(view["areas"]):
        area = []
        for group, cards in grouped.items():
            for card in cards:
                c = CARD_BY_ID[card]
                area.append(c)
                seen.add(c)
                if c >= 48 and group in _DISTRICT_OF:
                    state.tdist[c - 48] = _DISTRICT_OF[group]
        areas.append(area)
    discards = [CARD_BY_ID[card] for card in view["discards"]]
    seen.update(discards)

    # Re-deal what the seat cannot see: its own hand, the deck, the put-away cards.
    unseen = [c for c in range(DECK_SIZE) if c not in seen]
    rng.shuffle(unseen)
    if len(unseen) != len(own_hidden) + view["deck"] + view["removed"]:
        raise ValueError("The view's card counts do not add up to the deck.")
    # What the seat remembers of its hand stays in it (the slots shuffled:
    # it never knows which slot holds which); the rest is drawn at random.
    unseen_set = set(unseen)
    remembered = memory.cards if memory is not None else frozenset()
    kept = sorted({CARD_BY_ID[card] for card in remembered} & unseen_set)[:len(own_hidden)]
    if kept:
        unseen = [c for c in unseen if c not in kept]
    own = kept + [unseen.pop() for _ in range(len(own_hidden) - len(kept))]
    rng.shuffle(own)
    for i, card in zip(own_hidden, own):
        hands[seat][i] = card
    state.deck = unseen[:view["deck"]]
    state.removed = unseen[view["deck"]:]
    state.hands = hands
    state.areas = areas
    state.discards = discards
    state.dcount = [[0] * 4 for _ in range(n)]
    state.nmask = [[0] * 4 for _ in range(n)]
    state.vers = [[False] * 4 for _ in range(n)]
    for s in range(n):
        state.recount(s)

    state.tokens = list(view["tokens"])
    state.supply = view["token_supply"]
    state.snapshot = None if view["snapshot"] is None else list(view["snapshot"])
    state.last_won = [(s, CARD_BY_ID[card]) for s, card in view["last_won"]]
    added = view["added"]
    state.added = None if added is None else (added[0], CARD_BY_ID[added[1]])
    state.rows = [(row["seat"], _DISTRICT_OF[row["district"]], row["low"], row["high"])
                  for row in view["rows"]]
    # The request of this turn.
    state.clear_request()
    request = view["request"]
    if request is not None:
        state.recipient = request["recipient"]
        state.slot = request["slot"] - 1
        state.ok = request["ok"]
        state.answer = None if request["answer"] is None else request["answer"] == "yes"
        state.cslot = None if request["counter_slot"] is None else request["counter_slot"] - 1
        state.cok = request["counter_ok"]
        if request["recipient_won"] is not None:
            state.won_p = CARD_BY_ID[request["recipient_won"]]
        if phase not in (Phase.ANSWER, Phase.TAKE, Phase.COUNTER, Phase.REPLY) and state.last_won:
            state.won_r = state.last_won[0][1]
            state.won_p = state.last_won[1][1]

    # Whose decision, and the game's end.
    movers = tuple(view["to_move"])
    queue: DecisionQueue[Decision] = DecisionQueue()
    state.decisions = queue
    state.over = phase == Phase.OVER
    state.row_winners = ()
    if state.over:
        if state.rows:
            state.row_winners = tuple(sorted({row[0] for row in state.rows}))
        state.peeking = ()
        return state
    decision = view["decision"]
    if phase == Phase.SETUP:
        queue.push_together(FirstLook(s) for s in movers)
        state.peeking = movers
    elif phase in _SIMPLE:
        queue.push(_SIMPLE[phase](movers[0]))
        state.peeking = ()
    else:
        assert decision is not None
        who = decision["seat"]
        if phase == Phase.ASSIGN:
            districts = tuple(_DISTRICT_OF[x] for x in decision["districts"])
            queue.push(PlacingTrainer(who, trainer=CARD_BY_ID[decision["trainer"]], districts=districts,
                                      opened=districts[0] if decision["later"] else -1,
                                      added=decision["added"]))
        elif phase == Phase.DISCARD:
            queue.push(Discarding(who, card=CARD_BY_ID[decision["because"]], count=decision["count"]))
        elif phase == Phase.SWAP:
            queue.push(Swapping(who, card=CARD_BY_ID[decision["because"]]))
        elif phase == Phase.PEEK:
            queue.push(Peeking(who, card=CARD_BY_ID[decision["because"]]))
        elif phase == Phase.ADD:
            queue.push(Adding(who))
        else:
            raise ValueError(f"Cannot resample a view in phase {phase}.")
        state.peeking = (who,) if phase in (Phase.PEEK, Phase.ADD) else ()
    return state
