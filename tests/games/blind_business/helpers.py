"""Building precise Blind Business positions for the rule tests."""

from __future__ import annotations

from tablegames.games.blind_business.spec import SPEC
from tablegames.games.blind_business.cards import CARD_ID, DECK_SIZE, card_from_id
from tablegames.games.blind_business.rules import BlindBusinessState
from tablegames.games.blind_business.vocab import Requesting


def ids(cards) -> list[int]:
    return [card_from_id(c) for c in cards]


def position(players: int = 2, *, hands=None, areas=None, deck=None, requester: int = 0,
             tokens=None, supply: int | None = None, trainers=None, family: bool = False,
             seed: int = 1) -> BlindBusinessState:
    """A state at the start of ``requester``'s turn.

    ``hands``/``areas``: per seat, lists of card ids ("PG7", "BWV", "TR1").
    ``deck``: the draw pile (ids); by default every card not placed
    elsewhere. Cards in none of these are the removed ones. ``trainers``:
    {"TR1": district number or -1}."""
    state = SPEC.new_game([f"P{i}" for i in range(players)], {"family": int(family)}, seed)
    hands = [ids(h) for h in (hands or [[] for _ in range(players)])]
    for h in hands:
        h.extend([-1] * (4 - len(h)))
    areas = [ids(a) for a in (areas or [[] for _ in range(players)])]
    used = {c for h in hands for c in h if c >= 0} | {c for a in areas for c in a}
    if deck is None:
        deck_cards = [c for c in range(DECK_SIZE) if c not in used]
    else:
        deck_cards = ids(deck)
    placed = [c for h in hands for c in h if c >= 0] + [c for a in areas for c in a] + deck_cards
    twice = sorted({CARD_ID[c] for c in placed if placed.count(c) > 1})
    assert not twice, f"cards placed twice: {twice}"
    used = set(placed)
    state.hands = hands
    state.areas = areas
    state.deck = deck_cards
    state.removed = [c for c in range(DECK_SIZE) if c not in used]
    state.tdist = [-1, -1]
    for tid, district in (trainers or {}).items():
        state.tdist[card_from_id(tid) - 48] = district
    state.tokens = list(tokens or [0] * players)
    state.supply = 4 - sum(state.tokens) if supply is None else supply
    for seat in range(players):
        state.recount(seat)
    state.requester = requester
    state.clear_request()
    state.decisions.clear()
    state.peeking = ()
    state.decisions.push(Requesting(requester))
    return state


def play(state, *moves, events=None):
    """Apply notation moves, each by the seat that must move (the only one)."""
    for text in moves:
        movers = state.to_move()
        assert len(movers) == 1, f"several seats to move: {movers}"
        state.apply(movers[0], SPEC.parse(text), events)
    return state


def area(state, seat) -> list[str]:
    from tablegames.games.blind_business.cards import CARD_ID
    return sorted(CARD_ID[c] for c in state.areas[seat])


def hand(state, seat) -> list[str | None]:
    from tablegames.games.blind_business.cards import CARD_ID
    return [None if c < 0 else CARD_ID[c] for c in state.hands[seat]]
