"""What one seat may see of a Blind Chicken table: the view the screen
draws and the bots decide from. Everything here is public except the
seat's own hand (the others' hands show only their sizes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from tablegames.games.blind_chicken import INFO
from tablegames.games.blind_chicken.cards import DECK_SIZE, EGGS, LOWEST_CARD, card_id, trick_score
from tablegames.games.blind_chicken.vocab import ASIDE, ORDER, OVER, PLAY, Phase

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


# Every card's id, made once (the view is built at every decision of every
# playout of the search bot: core/search.py).
_ID: tuple[str, ...] = tuple(card_id(c) for c in range(DECK_SIZE))
_card_ids = _ID.__getitem__

# A taken trick as the table sees it: (size, chickens' ids, score).
OpenTrick = tuple[int, tuple[str, ...], int]


def open_trick(trick: tuple[int, ...]) -> OpenTrick:
    return len(trick), tuple(_ID[c] for c in trick if EGGS[c]), trick_score(trick)


def open_tricks(taken: list[list[tuple[int, ...]]]) -> tuple[tuple[OpenTrick, ...], ...]:
    """Each seat's taken tricks as the table sees them (the state keeps them
    between views: they change only when a trick is taken)."""
    return tuple(tuple(map(open_trick, tricks)) for tricks in taken)


def build_view(state: BlindChickenState, seat: int | None) -> BlindChickenView:
    """``seat``'s view of ``state`` (None: the public table)."""
    n = state.n
    phase = state.phase
    movers = state.to_move()
    last = state.last_trick
    opened = state.open_taken()
    return {
        "game": INFO.id,
        "seat": seat,
        "names": list(state.names),
        "phase": _VALUE[phase],
        "hand_no": state.hand_no if phase is OVER else state.hand_no + 1,  # state.stage()
        "hand_limit": state.hand_limit,
        "target": state.target,
        "dealer": state.dealer,
        "leader": state.leader,
        "turn": movers[0] if phase is PLAY or phase is ASIDE else None,
        "lowest_card": LOWEST_CARD[n],
        "hand": None if seat is None else list(map(_card_ids, state.hands[seat])),
        "hand_sizes": list(map(len, state.hands)),
        # Only while arranging does anyone still have to: the seats left to decide.
        "ordered": [s not in movers for s in range(n)] if phase is ORDER else [True] * n,
        "trick": list(zip(state.trick_seats, map(_card_ids, state.trick_cards))),
        "last_trick": None if last is None else {
            "winner": last[0],
            "cards": list(map(_card_ids, last[1])),
        },
        "taken": [[{"size": size, "chickens": list(chickens), "score": score}
                   for size, chickens, score in tricks] for tricks in opened],
        "scores": list(state.scores),
        "hand_scores": list(map(list, state.hand_scores)),
    }


_VALUE = {phase: phase.value for phase in Phase}
