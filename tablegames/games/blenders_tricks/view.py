"""What one seat of Blenders Tricks sees: the view's shape and its builder.

A seat sees its own hand and pass choice, every card played or claimed, the
counts of the hands, the discard pile and the aside card, and the scores;
never another hand, the aside card or the discards that left the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from tablegames.core.state import SeatCard
from tablegames.games.blenders_tricks import INFO
from tablegames.games.blenders_tricks.vocab import CARD_IDS, HAND_SIZE, NO_SUIT, ClaimChoice, SpendChoice

if TYPE_CHECKING:
    from tablegames.games.blenders_tricks.rules import BlendersState


class DecisionView(TypedDict):
    kind: str  # "claim" or "spend"
    seat: int
    cards: list[str]  # the claim's options / the cards a token may ignore


class TrickView(TypedDict):
    plays: list[SeatCard]  # [seat, card id] in playing order
    winner: int
    claimed: list[str]


class RoundView(TypedDict):
    gains: list[list[int]]  # per seat: icons added to White, Common, Mizunara
    # Card numbers, not ids: the same cards are dealt again in later rounds.
    ignored: list[list[int]]  # per seat: the claimed cards spent tokens ignored (one token each)
    claimed: list[list[int]]  # per seat: the cards they claimed
    earner: int  # who earned the barley token


class View(TypedDict):
    game: str
    seat: int | None
    names: list[str]
    phase: str
    round: int
    leader: int  # leads the current trick (in the pass phase: the first trick)
    turn: int | None  # whose card is due (play phase)
    hand: list[str] | None
    playable: list[str]  # the viewer's cards it may play now, in hand order (none unless its card is due)
    received: list[str]  # cards passed to this seat this round, until its first card of the round
    hand_sizes: list[int]
    passed: list[bool]  # pass phase: who has chosen
    my_pass: list[str] | None  # pass phase: this seat's own choice [left, right]
    trick: list[SeatCard]  # [seat, card id] in playing order
    lead_suit: int | None
    winning: int | None  # the seat whose card is highest in the trick so far
    last_trick: TrickView | None
    claimed: list[list[str]]  # per seat: cards claimed this round
    ignoring: list[list[str]]  # per seat: the claimed cards spent tokens ignore this round
    earner: int | None  # who earned this round's barley token (at the round's end)
    totals: list[list[int]]  # per seat: White, Common, Mizunara icons before this round
    tokens: list[int]
    supply: int
    discards: int  # size of the discard pile (its faces: nobody)
    aside: int  # cards set aside unseen (3 players: 1)
    decisions: list[DecisionView]
    rounds: list[RoundView]  # finished rounds


def build_view(state: BlendersState, seat: int | None) -> View:
    """What ``seat`` may see (None: a spectator, who sees no hand)."""
    n = state.n
    ids = CARD_IDS
    hand = None if seat is None else [ids[c] for c in sorted(state.hands[seat])]
    playable: list[str] = []
    if seat is not None:
        may_play = state.playable(seat)
        playable = [ids[c] for c in sorted(state.hands[seat]) if c in may_play]
    received: list[str] = []
    if seat is not None:
        held = state.hands[seat]
        if len(held) == HAND_SIZE[n]:  # marked until the seat's first card of the round
            received = [ids[c] for c in state.received[seat] if c in held]
    choices = state.choices
    own = choices.own(seat) if choices is not None else None
    trick = state.trick_cards
    last = state.last_trick
    decisions: list[DecisionView] = []
    for d in state.decisions:
        if isinstance(d, ClaimChoice):
            decisions.append({"kind": "claim", "seat": d.seat, "cards": [ids[c] for c in d.options]})
        elif isinstance(d, SpendChoice):
            decisions.append({"kind": "spend", "seat": d.seat, "cards": [ids[c] for c in d.cards]})
    view: View = {
        "game": INFO.id,
        "seat": seat,
        "names": list(state.names),
        "phase": state.phase.value,
        "round": state.round,
        "leader": state.leader,
        "turn": state.turn,
        "hand": hand,
        "playable": playable,
        "received": received,
        "hand_sizes": [len(h) for h in state.hands],
        "passed": [] if choices is None else [choices.has_chosen(s) for s in range(n)],
        "my_pass": None if own is None else [ids[own.left], ids[own.right]],
        "trick": [[s, ids[c]] for s, c in zip(state.trick_seats, trick)],
        "lead_suit": None if state.lead == NO_SUIT else state.lead,
        "winning": state.trick_seats[trick.index(max(trick))] if trick else None,  # the highest wins
        "last_trick": None if last is None else {
            "plays": [[s, ids[c]] for s, c in last[0]],
            "winner": last[1],
            "claimed": [ids[c] for c in last[2]],
        },
        "claimed": [[ids[c] for c in cl] for cl in state.claimed],
        "ignoring": [[ids[c] for c in cards] for cards in state.ignored],
        "earner": state.earner,
        "totals": [list(t) for t in state.totals],
        "tokens": list(state.tokens),
        "supply": state.supply,
        "discards": len(state.discard),
        "aside": len(state.aside),
        "decisions": decisions,
        "rounds": [{"gains": [list(g) for g in r.gains],
                    "ignored": [list(cards) for cards in r.ignored],
                    "claimed": [list(cards) for cards in r.claimed],
                    "earner": r.earner} for r in state.rounds],
    }
    return view
