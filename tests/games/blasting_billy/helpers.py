"""Building Blasting Billy positions by hand for the rule tests."""

from __future__ import annotations

from tablegames.games.blasting_billy.rules import BlastingBillyState, new_state
from tablegames.games.blasting_billy.vocab import CARD_ID, DECK_SIZE, TURNS, TYPES, card_from_id


def cards(text: str) -> list[int]:
    """``"G7 G10 JX"`` -> the cards."""
    return [card_from_id(w) for w in text.split()]


def ids(cards_: list[int]) -> list[str]:
    return [CARD_ID[c] for c in cards_]


def column_set(spec: dict[str, str] | None) -> list[list[int]]:
    """``{"G": "G3 G7"}`` -> five columns in type order."""
    out: list[list[int]] = [[] for _ in range(TYPES)]
    for text in (spec or {}).values():
        for c in cards(text):
            out[c // 12].append(c)
    return out


def position(players: int = 3, *, hands: list[str] | None = None, deck: str | None = None,
             loot: list[dict[str, str]] | None = None, billy: dict[str, str] | None = None,
             box: str = "", turn: int = 0, seed: int = 1) -> BlastingBillyState:
    """A state with the given hands, draw pile (its last card is drawn first),
    loot columns, Billy's columns and box; every other card goes into the
    removed pile so the deck stays whole."""
    state = new_state([f"P{i + 1}" for i in range(players)], {}, seed)
    if hands is not None:
        state.hands = [cards(h) for h in hands]
    if deck is not None:
        state.deck = cards(deck)
    state.loot = [column_set((loot or [{}] * players)[s] if loot else None) for s in range(players)]
    state.billy = column_set(billy)
    state.box = cards(box)
    used = set(state.deck) | set(state.box)
    for h in state.hands:
        used |= set(h)
    for cols in state.loot:
        for col in cols:
            used |= set(col)
    for col in state.billy:
        used |= set(col)
    state.removed = tuple(c for c in range(DECK_SIZE) if c not in used)
    state.start = turn
    state.decisions.clear()
    state.decisions.push(TURNS[turn])
    return state
