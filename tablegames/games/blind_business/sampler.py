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

from tablegames.core.decisions import Decision
from tablegames.games.blind_business.cards import CARD_BY_ID, DECK_SIZE, DISTRICT_NAMES, FIRST_TRAINER
from tablegames.games.blind_business.rules import BlindBusinessState
from tablegames.games.blind_business.vocab import (
    ASK_TABLE,
    EMPTY,
    HIDDEN,
    Adding,
    Answering,
    CounterRequesting,
    Discarding,
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
    state_rng = random.Random(rng.getrandbits(64))
    turn = view["turn"]
    turns_total = view["turns"]
    turn_no = turns_total if phase == Phase.ADD or (phase == Phase.OVER and view["deck"] == 0) else turn - 1

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
    tdist = [-1, -1]
    areas: list[list[int]] = []
    for s, grouped in enumerate(view["areas"]):
        area = []
        for group, cards in grouped.items():
            for card in cards:
                c = CARD_BY_ID[card]
                area.append(c)
                seen.add(c)
                if c >= FIRST_TRAINER and group in _DISTRICT_OF:
                    tdist[c - FIRST_TRAINER] = _DISTRICT_OF[group]
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

    last_won = [(s, CARD_BY_ID[card]) for s, card in view["last_won"]]
    added = view["added"]
    # The request of this turn.
    request = view["request"]
    asked: dict[str, Any] = {}
    if request is not None:
        asked = {"recipient": request["recipient"], "slot": request["slot"] - 1, "ok": request["ok"],
                 "answer": None if request["answer"] is None else request["answer"] == "yes",
                 "cslot": None if request["counter_slot"] is None else request["counter_slot"] - 1,
                 "cok": request["counter_ok"]}
        if request["recipient_won"] is not None:
            asked["won_p"] = CARD_BY_ID[request["recipient_won"]]
        if phase not in (Phase.ANSWER, Phase.TAKE, Phase.COUNTER, Phase.REPLY) and last_won:
            asked["won_r"] = last_won[0][1]
            asked["won_p"] = last_won[1][1]

    # Whose decision, and the game's end.
    movers = tuple(view["to_move"])
    looking: tuple[int, ...] = ()
    due: list[Decision] = []
    decision = view["decision"]
    if phase == Phase.OVER:
        pass
    elif phase == Phase.SETUP:
        looking = movers
    elif phase in _SIMPLE:
        due.append(_SIMPLE[phase](movers[0]))
    else:
        assert decision is not None
        who = decision["seat"]
        if phase == Phase.ASSIGN:
            districts = tuple(_DISTRICT_OF[x] for x in decision["districts"])
            due.append(PlacingTrainer(who, trainer=CARD_BY_ID[decision["trainer"]], districts=districts,
                                      opened=districts[0] if decision["later"] else -1, added=decision["added"]))
        elif phase == Phase.DISCARD:
            due.append(Discarding(who, card=CARD_BY_ID[decision["because"]], count=decision["count"]))
        elif phase == Phase.SWAP:
            due.append(Swapping(who, card=CARD_BY_ID[decision["because"]]))
        elif phase == Phase.PEEK:
            due.append(Peeking(who, card=CARD_BY_ID[decision["because"]]))
        elif phase == Phase.ADD:
            due.append(Adding(who))
        else:
            raise ValueError(f"Cannot resample a view in phase {phase}.")
    return BlindBusinessState(
        names, state_rng, family=bool(view["family"]), start=view["start"], turn_no=turn_no,
        requester=view["start"] if view["requester"] is None else view["requester"], hands=hands,
        deck=unseen[:view["deck"]], removed=unseen[view["deck"]:], areas=areas, tdist=tdist,
        tokens=list(view["tokens"]), supply=view["token_supply"], discards=discards,
        snapshot=None if view["snapshot"] is None else list(view["snapshot"]), last_won=last_won,
        rows=[(row["seat"], _DISTRICT_OF[row["district"]], row["low"], row["high"]) for row in view["rows"]],
        added=None if added is None else (added[0], CARD_BY_ID[added[1]]), over=phase == Phase.OVER,
        looking=looking, due=due, **asked)
