"""What each seat sees of a Blind Business state (the "who sees what" of
its rules page, rules.md), the secrets the leak audit looks for, and the
one-line prompts.

A view (``BusinessView``) holds every public fact the sampler
(``sampler.py``) needs to rebuild a full state: the request, the due
decision and the card counts taken for a 10 / 11. It also lists the
automatic steps still to come (``agenda``), which follow from those.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from tablegames.core.state import SeatCard
from tablegames.games.blind_business import INFO
from tablegames.games.blind_business.cards import CARD_ID, DISTRICT, DISTRICT_NAMES, FIRST_TRAINER, NUMBER, TRAINERS
from tablegames.games.blind_business.scoring import score_lines
from tablegames.games.blind_business.vocab import (
    EMPTY,
    HIDDEN,
    Adding,
    Discarding,
    Peeking,
    Phase,
    PlacingTrainer,
    Swapping,
)

if TYPE_CHECKING:
    from tablegames.games.blind_business.rules import BlindBusinessState

UNASSIGNED_GROUP = "unassigned"


# ----- the automatic steps still to come after the due decision (public) ------------------
# (kind, seat, card, district); -1 where a step has none.
Step = tuple[int, int, int, int]


ABILITY, TRAINER, LATE_TRAINER, DISCARD_CHECK, ROW_CHECK, REFILL, AFTER_REFILL, END_TURN, FINISH = range(9)
STEP_WORDS = ("ability", "trainer", "late trainer", "discard check", "row check", "refill",
              "after refill", "end of turn", "finish")


# ----- the view's typed shape -------------------------------------------------------------

class RequestView(TypedDict):
    requester: int
    recipient: int
    slot: int                    # 1-based slot asked of the recipient
    ok: bool
    answer: str | None           # "yes", "no" or None
    counter_slot: int | None     # 1-based slot asked of the requester
    counter_ok: bool
    recipient_won: str | None    # after a no: the card the recipient won (public)


class DecisionView(TypedDict, total=False):
    kind: str                    # "assign", "discard", "swap", "peek", "add"
    seat: int
    trainer: str                 # assign: the Trainer's id
    districts: list[str]         # assign: where it may go
    later: bool                  # assign: joining the first card of a new district
    added: bool                  # assign: the Trainer came from the playground add
    because: str                 # discard / swap / peek: the card whose ability it is
    count: int                   # discard: the seat's card count


class StepView(TypedDict):
    step: str
    seat: int
    card: str | None
    district: str | None


class RowView(TypedDict):
    seat: int
    district: str
    low: int
    high: int


class BusinessView(TypedDict):
    game: str
    seat: int | None
    names: list[str]
    family: bool
    phase: str
    to_move: list[int]
    start: int
    round: int
    rounds: int
    turn: int
    turns: int
    requester: int | None
    request: RequestView | None
    decision: DecisionView | None
    agenda: list[StepView]       # the automatic steps still to come (public)
    snapshot: list[int] | None   # play-area sizes taken for a 10 / 11
    hands: list[list[str | None]]
    sees_own_hand: bool
    areas: list[dict[str, list[str]]]
    area_sizes: list[int]
    points: list[int]
    tokens: list[int]
    token_supply: int
    deck: int
    removed: int
    discards: list[str]
    last_won: list[SeatCard]     # [seat, card id]: who won what in the last exchange
    added: SeatCard | None       # [seat, card id] of the playground add
    rows: list[RowView]
    winners: list[int] | None



def area_order(c: int) -> tuple[int, int]:
    d = DISTRICT[c]
    if d < 0:
        return (4, c)
    return (d, NUMBER[c] if NUMBER[c] else 12)


def request_view(state: BlindBusinessState) -> RequestView | None:
    if state.recipient is None or state.slot is None:
        return None
    return {
        "requester": state.requester,
        "recipient": state.recipient,
        "slot": state.slot + 1,
        "ok": state.ok,
        "answer": None if state.answer is None else ("yes" if state.answer else "no"),
        "counter_slot": None if state.cslot is None else state.cslot + 1,
        "counter_ok": state.cok,
        # After a "no": the card the recipient won (now in their play area).
        "recipient_won": None if state.answer is not False or state.won_p == EMPTY
        else CARD_ID[state.won_p],
    }


def decision_view(state: BlindBusinessState) -> DecisionView | None:
    d = state.decisions.current()
    if isinstance(d, PlacingTrainer):
        return {"kind": "assign", "seat": d.seat, "trainer": CARD_ID[d.trainer],
                "districts": [DISTRICT_NAMES[x] for x in d.districts],
                "later": d.opened >= 0, "added": d.added}
    if isinstance(d, Discarding):
        return {"kind": "discard", "seat": d.seat, "because": CARD_ID[d.card], "count": d.count}
    if isinstance(d, Swapping):
        return {"kind": "swap", "seat": d.seat, "because": CARD_ID[d.card]}
    if isinstance(d, Peeking):
        return {"kind": "peek", "seat": d.seat, "because": CARD_ID[d.card]}
    if isinstance(d, Adding):
        return {"kind": "add", "seat": d.seat}
    return None


def agenda(state: BlindBusinessState) -> list[Step]:
    """The automatic steps still to come after the due decision, the next
    one first: what the rules (rules.py, ``_resolve`` on) will do once it is
    made, unless a later step asks for another decision first."""
    d = state.decisions.current()
    if isinstance(d, PlacingTrainer):
        if d.added:
            return [(FINISH, -1, -1, -1)]
        seat = d.seat
        steps: list[Step] = []
        if d.opened >= 0:
            # A waiting Trainer joining a new district: the other waiting
            # Trainer, then the won card's discard check, are still to come.
            t = TRAINERS[1]
            if d.trainer < t and state.tdist[t - FIRST_TRAINER] < 0 and t in state.areas[seat]:
                steps.append((LATE_TRAINER, seat, t, d.opened))
            c = state.won_card(seat)
            if not state.family and NUMBER[c] >= 10:
                steps.append((DISCARD_CHECK, seat, c, -1))
        return steps + _after_card(state, seat)
    if isinstance(d, Discarding):
        return _after_card(state, d.seat)
    if isinstance(d, (Swapping, Peeking)):
        return _after_three_or_four(state, d.seat)
    return []


def _after_card(state: BlindBusinessState, seat: int) -> list[Step]:
    """After ``seat``'s won card's ability: the recipient's card (when
    ``seat`` is the requester), the row check, the refill, the 3s and 4s."""
    r, p = state.requester, state.recipient
    assert p is not None
    steps: list[Step] = [(ABILITY, p, state.won_p, -1)] if seat == r else []
    steps += [(ROW_CHECK, -1, -1, -1), (REFILL, -1, -1, -1)]
    if not state.family and NUMBER[state.won_r] in (3, 4):
        steps.append((AFTER_REFILL, r, state.won_r, -1))
    return steps + _after_three_or_four(state, r)


def _after_three_or_four(state: BlindBusinessState, seat: int) -> list[Step]:
    """After ``seat``'s 3 or 4: the recipient's (after the requester's), the end of the turn."""
    p = state.recipient
    assert p is not None
    steps: list[Step] = []
    if seat == state.requester and not state.family and NUMBER[state.won_p] in (3, 4):
        steps.append((AFTER_REFILL, p, state.won_p, -1))
    return steps + [(END_TURN, -1, -1, -1)]


def agenda_view(state: BlindBusinessState) -> list[StepView]:
    """The automatic steps still to come, the next one first."""
    return [{"step": STEP_WORDS[kind], "seat": seat,
             "card": None if card < 0 else CARD_ID[card],
             "district": None if district < 0 else DISTRICT_NAMES[district]}
            for kind, seat, card, district in agenda(state)]


def build_view(state: BlindBusinessState, seat: int | None) -> BusinessView:
    n = state.n
    peeking = state.peeking
    hands: list[list[str | None]] = []
    for s in range(n):
        visible = seat is not None and (s != seat or seat in peeking)
        hands.append([None if c == EMPTY else (CARD_ID[c] if visible else HIDDEN)
                      for c in state.hands[s]])
    areas = []
    for s in range(n):
        grouped: dict[str, list[str]] = {name: [] for name in DISTRICT_NAMES}
        grouped[UNASSIGNED_GROUP] = []
        for c in sorted(state.areas[s], key=area_order):
            d = DISTRICT[c]
            if d < 0:
                d = state.tdist[c - FIRST_TRAINER]
            grouped[UNASSIGNED_GROUP if d < 0 else DISTRICT_NAMES[d]].append(CARD_ID[c])
        areas.append(grouped)
    phase = state.phase
    groups = [state.groups(s) for s in range(n)]
    points = [sum(p for _, p in lines) for lines in score_lines(groups, state.family, bonuses=False)]
    return {
        "game": INFO.id,
        "seat": seat,
        "names": list(state.names),
        "family": state.family,
        "phase": phase.value,
        "to_move": list(state.to_move()),
        "start": state.start,
        "round": state.stage(),
        "rounds": state.turns_total // n,
        "turn": min(state.turn_no + 1, state.turns_total),
        "turns": state.turns_total,
        "requester": None if phase == Phase.SETUP else state.requester,
        "request": request_view(state),
        "decision": decision_view(state),
        "agenda": agenda_view(state),
        "snapshot": None if state.snapshot is None else list(state.snapshot),
        # Own hand: face-down slots ("back") except during a private look.
        "hands": hands,
        "sees_own_hand": state.sees_own_hand(seat),
        "areas": areas,
        "area_sizes": [len(a) for a in state.areas],
        "points": points,
        "tokens": list(state.tokens),
        "token_supply": state.supply,
        "deck": len(state.deck),
        "removed": len(state.removed),
        "discards": [CARD_ID[c] for c in state.discards],
        "last_won": [[s, CARD_ID[c]] for s, c in state.last_won],
        "added": None if state.added is None else [state.added[0], CARD_ID[state.added[1]]],
        "rows": [{"seat": s, "district": DISTRICT_NAMES[d], "low": low, "high": high}
                 for s, d, low, high in state.rows],
        "winners": list(state.result().winners) if state.over else None,
    }


def secret_cards(state: BlindBusinessState, seat: int | None) -> set[str]:
    secret = {CARD_ID[c] for c in state.deck}
    secret.update(CARD_ID[c] for c in state.removed)
    for s in range(state.n):
        if seat is None or (s == seat and seat not in state.peeking):
            secret.update(CARD_ID[c] for c in state.hands[s] if c != EMPTY)
    return secret


def all_card_ids(state: BlindBusinessState) -> list[str]:
    cards = [c for h in state.hands for c in h if c != EMPTY]
    cards += [c for a in state.areas for c in a]
    cards += state.deck + state.removed + state.discards
    return [CARD_ID[c] for c in cards]


def prompt(state: BlindBusinessState, seat: int) -> str:
    """One short line (it follows the seat's name on an 80-column status
    line; the table explains the details)."""
    phase = state.phase
    names = state.names
    r, p = state.requester, state.recipient
    if phase == Phase.SETUP:
        return "look at your four cards, then confirm."
    if phase == Phase.ASK:
        extra = " (an OK token forces a yes)" if state.tokens[seat] else ""
        return f"ask a rival for one of their cards{extra}."
    if phase == Phase.ANSWER:
        return f"{names[r]} asks for your slot {(state.slot or 0) + 1}: yes or no?"
    if phase == Phase.TAKE:
        return f"{names[p] if p is not None else ''} said no: take another of their cards."
    if phase == Phase.COUNTER:
        extra = " (an OK token forces an accept)" if state.tokens[seat] else ""
        return f"ask {names[r]} for a card{extra}."
    if phase == Phase.REPLY:
        who = names[p] if p is not None else ""
        return f"{who} asks for your slot {(state.cslot or 0) + 1}: accept or reject?"
    if phase == Phase.ASSIGN:
        return "put your Trainer with a district, or leave it unassigned."
    if phase == Phase.DISCARD:
        return "you have the most cards: discard one from your play area."
    if phase == Phase.SWAP:
        return "your 3: swap hands with another player, or keep yours."
    if phase == Phase.PEEK:
        return "your 4: look at your hand, then confirm."
    if phase == Phase.ADD:
        return "most playground cards: add a hand card to your play area?"
    return "the game is over."
