"""What one seat of Blasting Billy sees: the view's shape and its builder
(the state's ``view()`` returns it; the bot and the screen read it).

A card is a short id (``G7``, ``JX``); a card whose value the seat may not
see is its type's hidden token (``G?``): Billy's loot until the reveal,
everyone else's first card of each type, the others' hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from tablegames.games.blasting_billy import INFO
from tablegames.games.blasting_billy.vocab import CARD_ID, HIDDEN, TYPE_OF, TYPES

if TYPE_CHECKING:
    from tablegames.games.blasting_billy.rules import BlastingBillyState


class ColumnReveal(TypedDict):
    """One column at the reveal (a player's or Billy's, of one type)."""

    cards: list[str]  # every card in play order
    blasted: list[int]  # indexes removed by a dynamite (the dynamite included)
    total: int  # the value of what is left


class SeatReveal(TypedDict):
    columns: list[ColumnReveal]  # per type
    shot: list[bool]  # per type: total above Billy's
    eliminated: bool
    score: int  # the total of the columns not shot
    face_up: int  # cards left in columns not shot
    face_down: int  # cards left in shot columns


class Reveal(TypedDict):
    billy: list[ColumnReveal]  # per type
    seats: list[SeatReveal]
    all_shot: bool
    winners: list[int]
    billy_wins: bool
    # How the winner was found: "total", "fewest cards", "face-up total",
    # "fewest face-up cards", "fewest face-down cards", "shared", "billy".
    decided_by: str


class BillyView(TypedDict):
    game: str
    seat: int | None
    names: list[str]
    phase: str
    turn: int | None  # the seat to play (None once over)
    start: int  # who played first
    draw: int  # cards in the draw pile
    # 0 before the last draw; then the turns still to play in the final
    # round (the current one included), the drawer's last.
    final_left: int
    last_drawer: int | None
    hand: list[str] | None  # the viewer's own hand (None for the public table)
    # The viewer's own columns (None for the public table), the dynamite
    # applied by the rules: each column's total, and for each card in hand
    # the total of its column were it claimed now.
    totals: list[int] | None
    claim_totals: list[int] | None
    hand_types: list[list[str]]  # every seat's hand as hidden tokens (types only)
    # loot[seat][type]: the column in play order; a face-down card is a hidden token.
    loot: list[list[list[str]]]
    billy: list[list[str]]  # per type; hidden tokens until the reveal
    box: list[int]  # cards dumped (and the final discards) per type
    removed: list[int]  # cards taken out at setup per type
    reveal: Reveal | None  # None until the game is over


def build_view(state: "BlastingBillyState", seat: int | None) -> BillyView:
    """What ``seat`` sees (None: the public table)."""
    over = state.reveal is not None
    loot = []
    for s in range(state.n):
        cols = []
        for column in state.loot[s]:
            ids = [CARD_ID[c] for c in column]
            if ids and s != seat and not over:
                ids[0] = HIDDEN[TYPE_OF[column[0]]]
            cols.append(ids)
        loot.append(cols)
    if over:
        billy = [[CARD_ID[c] for c in column] for column in state.billy]
    else:
        billy = [[HIDDEN[t]] * len(state.billy[t]) for t in range(TYPES)]
    box = [0] * TYPES
    for c in state.box:
        box[TYPE_OF[c]] += 1
    removed = [0] * TYPES
    for c in state.removed:
        removed[TYPE_OF[c]] += 1
    return {
        "game": INFO.id,
        "seat": seat,
        "names": list(state.names),
        "phase": state.phase.value,
        "turn": None if over else state.turn,
        "start": state.start,
        "draw": len(state.deck),
        "final_left": state.final_left,
        "last_drawer": state.last_drawer,
        "hand": None if seat is None else [CARD_ID[c] for c in state.hands[seat]],
        "totals": None if seat is None else state.column_totals(seat),
        "claim_totals": None if seat is None else state.claim_totals(seat),
        "hand_types": [[HIDDEN[TYPE_OF[c]] for c in hand] for hand in state.hands],
        "loot": loot,
        "billy": billy,
        "box": box,
        "removed": removed,
        "reveal": state.reveal,
    }
