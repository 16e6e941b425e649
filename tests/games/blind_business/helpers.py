"""Building precise Blind Business positions for the rule tests, through
the game's position builder (tablegames/games/blind_business/position.py)."""

from __future__ import annotations

from tablegames.core.position import build
from tablegames.games.blind_business.cards import CARD_ID, DECK_SIZE, DISTRICT_NAMES, HAND_SIZE, card_from_id
from tablegames.games.blind_business.rules import BlindBusinessState
from tablegames.games.blind_business.spec import SPEC


def ids(cards) -> list[int]:
    return [card_from_id(c) for c in cards]


def names(players: int) -> list[str]:
    return [f"P{i}" for i in range(players)]


def built(players: int, description: dict, *, family: bool = False, seed: int = 1) -> BlindBusinessState:
    """The position ``description`` describes (position.py's format), checked."""
    state = build(SPEC, names(players), description, {"family": int(family)}, seed)
    assert isinstance(state, BlindBusinessState)
    return state


def position(players: int = 2, *, hands=None, areas=None, deck=None, requester: int = 0,
             tokens=None, supply: int | None = None, trainers=None, family: bool = False,
             seed: int = 1) -> BlindBusinessState:
    """A state at the start of ``requester``'s turn.

    ``hands``/``areas``: per seat, lists of card ids ("PG7", "BWV", "TR1");
    without ``hands`` each seat holds the lowest cards placed nowhere else.
    ``deck``: the draw pile (ids); by default every card not placed
    elsewhere, in card order. Cards in none of these are put away unseen.
    ``trainers``: {"TR1": district number or -1}."""
    areas = [list(a) for a in (areas or [[] for _ in range(players)])]
    used = {c for a in areas for c in a} | set(deck or []) | {c for h in (hands or []) for c in h}
    if hands is None:
        spare = [CARD_ID[c] for c in range(DECK_SIZE) if CARD_ID[c] not in used]
        hands = [spare[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(players)]
        used |= set(spare[:players * HAND_SIZE])
    hands = [list(h) + [None] * (HAND_SIZE - len(h)) for h in hands]
    won = sum(len(a) for a in areas)
    description = {
        "turns_played": (won + 1) // 2,  # (two cards won a turn)
        "requester": names(players)[requester],
        "hands": hands,
        "areas": areas,
        "tokens": list(tokens or [0] * players),
        "trainers": {tid: DISTRICT_NAMES[d] for tid, d in (trainers or {}).items() if d >= 0},
    }
    if supply is not None:
        description["supply"] = supply
    if deck is None:
        description["deck"] = [CARD_ID[c] for c in range(DECK_SIZE) if CARD_ID[c] not in used]
        description["removed"] = []
    else:
        description["deck"] = list(deck)
    return built(players, description, family=family, seed=seed)


def play(state, *moves, events=None):
    """Apply notation moves, each by the seat that must move (the only one)."""
    for text in moves:
        movers = state.to_move()
        assert len(movers) == 1, f"several seats to move: {movers}"
        state.apply(movers[0], SPEC.parse(text), events)
    return state


def area(state, seat) -> list[str]:
    return sorted(CARD_ID[c] for c in state.areas[seat])


def hand(state, seat) -> list[str | None]:
    return [None if c < 0 else CARD_ID[c] for c in state.hands[seat]]
