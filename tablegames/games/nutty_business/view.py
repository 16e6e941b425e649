"""What each seat sees of a Nutty Business state ("Who sees what" on the
rules page, rules.md): every pile and every player's nuts are open; a hand
is seen by its owner only, and a first card laid face down by its owner
until all are revealed.

A view holds every public fact the sampler (sampler.py) needs to rebuild a
full state: the pending decision, the piles still to act this turn and the
card played this turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from tablegames.games.nutty_business import INFO
from tablegames.games.nutty_business.vocab import (
    DECISION_KIND, ChooseRaid, Phase, SplitCustoms, card_id,
)

if TYPE_CHECKING:
    from tablegames.games.nutty_business.rules import NuttyState


class DecisionView(TypedDict):
    kind: str                 # "play" | "order" | "customs" | "raid"
    seat: int
    reason: str
    gained: int               # customs: the nuts to split
    owed: list[list[int]]     # customs: [officer seat, nuts owed]
    targets: list[int]        # raid: opponents with two piles


class NuttyView(TypedDict):
    game: str
    seat: int | None
    names: list[str]
    phase: str
    start: int                # the first player
    turn: int | None          # whose turn (None during setup and at the end)
    turn_no: int              # turns played so far, this one included
    nuts: list[int]
    supply: int
    hand: list[str] | None    # your own hand (None for the public table)
    hand_sizes: list[int]
    piles: list[list[list[str]]]  # per seat, per pile, bottom to top
    chosen: list[bool]        # setup: who has picked a first card
    first_card: str | None    # setup: your own secret first card
    played: str | None        # the card played this turn (its Customs are due)
    pending: list[int]        # piles whose top card still acts this turn, in order
    decision: DecisionView | None
    ledger: list[list[int]]   # per seat, nuts by LEDGER line
    winners: list[int] | None


def build_view(state: NuttyState, seat: int | None) -> NuttyView:
    """What ``seat`` sees (``None``: the public table)."""
    n = state.n
    setup = state.setup
    phase = state.phase
    # The first cards are laid in secret: only a turn's decision is shown.
    d = state.decisions.current() if phase is Phase.PLAY else None
    decision: DecisionView | None = None
    if d is not None:
        decision = {
            "kind": DECISION_KIND[type(d)],
            "seat": d.seat,
            "reason": d.reason,
            "gained": d.gained if isinstance(d, SplitCustoms) else 0,
            "owed": [[s, a] for s, a in d.owed] if isinstance(d, SplitCustoms) else [],
            "targets": list(d.targets) if isinstance(d, ChooseRaid) else [],
        }
    first = None
    if setup is not None and seat is not None:
        own = setup.own(seat)
        first = None if own is None else card_id(own, seat)
    played = None
    if state.played_pile is not None and state.turn is not None:
        played = card_id(state.piles[state.turn][state.played_pile][-1], state.turn)
    return {
        "game": INFO.id,
        "seat": seat,
        "names": list(state.names),
        "phase": phase.value,
        "start": state.start,
        "turn": state.turn,
        "turn_no": state.turn_no,
        "nuts": list(state.nuts),
        "supply": state.supply,
        "hand": None if seat is None else [card_id(k, seat) for k in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands],
        "piles": [[[card_id(k, s) for k in pile] for pile in state.piles[s]] for s in range(n)],
        "chosen": [setup is None or setup.has_chosen(s) for s in range(n)],
        "first_card": first,
        "played": played,
        "pending": list(state.pending),
        "decision": decision,
        "ledger": [list(line) for line in state.ledger],
        "winners": list(state.result().winners) if phase is Phase.OVER else None,
    }
