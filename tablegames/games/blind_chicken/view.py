"""What one seat may see of a Blind Chicken table: the view the screen
draws and the bots decide from. Everything here is public except the
seat's own hand (the others' hands show only their sizes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from tablegames.games.blind_chicken import INFO
from tablegames.games.blind_chicken.cards import EGGS, LOWEST_CARD, card_id, trick_score
from tablegames.games.blind_chicken.vocab import ASIDE, ORDER, OVER, PLAY

if TYPE_CHECKING:
    from tablegames.games.blind_chicken.rules import BlindChickenState


class TakenTrick(TypedDict):
    """A taken trick lies open: its size, chickens and score are public."""

    size: int
    chickens: list[str]
    score: int


class LastTrick(TypedDict):
    winner: int
    cards: list[str]


class BlindChickenView(TypedDict):
    game: str
    seat: int | None
    names: list[str]
    phase: str
    hand_no: int  # the hand being played (the last one once the match is over)
    hand_limit: int
    target: int
    dealer: int
    leader: int
    turn: int | None  # who plays or sets aside now (None while arranging)
    lowest_card: int
    hand: list[str] | None  # the seat's own hand, in its order
    hand_sizes: list[int]
    ordered: list[bool]  # who has arranged their hand
    trick: list[tuple[int, str]]
    last_trick: LastTrick | None
    taken: list[list[TakenTrick]]
    scores: list[int]
    hand_scores: list[list[int]]


def build_view(state: BlindChickenState, seat: int | None) -> BlindChickenView:
    """``seat``'s view of ``state`` (None: the public table)."""
    n = state.n
    phase = state.phase
    movers = state.to_move()
    last = state.last_trick
    return {
        "game": INFO.id,
        "seat": seat,
        "names": list(state.names),
        "phase": phase.value,
        "hand_no": state.stage(),
        "hand_limit": state.hand_limit,
        "target": state.target,
        "dealer": state.dealer,
        "leader": state.leader,
        "turn": movers[0] if phase in (PLAY, ASIDE) else None,
        "lowest_card": LOWEST_CARD[n],
        "hand": None if seat is None else [card_id(c) for c in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands],
        # Only while arranging does anyone still have to: the seats left to decide.
        "ordered": [phase != ORDER or s not in movers for s in range(n)],
        "trick": [(s, card_id(c)) for s, c in zip(state.trick_seats, state.trick_cards)],
        "last_trick": None if last is None else {
            "winner": last[0],
            "cards": [card_id(c) for c in last[1]],
        },
        "taken": [
            [{"size": len(t), "chickens": [card_id(c) for c in t if EGGS[c]],
              "score": trick_score(t)} for t in state.taken[s]]
            for s in range(n)
        ],
        "scores": list(state.scores),
        "hand_scores": [list(h) for h in state.hand_scores],
    }
