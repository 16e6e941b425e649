"""Blasting Billy positions for the rule tests, built by the game's position
builder (tablegames/games/blasting_billy/position.py) through core.position.build."""

from __future__ import annotations

from tablegames.core import position as positions
from tablegames.games.blasting_billy.rules import BlastingBillyState
from tablegames.games.blasting_billy.spec import SPEC
from tablegames.games.blasting_billy.vocab import CARD_ID, DECK_SIZE, REMOVED, TYPES, card_from_id


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


def played(spec: dict[str, str] | None) -> list[str]:
    """``{"G": "G3 G7", "B": "B1"}`` -> the card ids in play order per type."""
    return " ".join((spec or {}).values()).split()


def position(players: int = 3, *, hands: list[str], deck: str | None = None,
             loot: list[dict[str, str]] | None = None, billy: dict[str, str] | None = None,
             box: str = "", turn: int = 0, seed: int = 1) -> BlastingBillyState:
    """The position with these hands, loot columns, Billy's columns and box,
    ``turn`` to play. With ``deck`` (its last card is drawn first) the cards
    placed nowhere are the ones removed at setup and, the rest, dumped in the
    box (so the cards played match the pile); without it the builder deals
    the removed cards and the draw pile from the rest."""
    names = [f"P{i + 1}" for i in range(players)]
    description: dict[str, object] = {
        "to_move": names[turn],
        "hands": [h.split() for h in hands],
        "loot": [played((loot or [{}] * players)[s]) for s in range(players)],
        "billy": played(billy),
        "box": box.split(),
    }
    if deck is not None:
        used = set(cards(" ".join(hands) + " " + deck + " " + box))
        for part in [*(loot or []), billy or {}]:
            used |= set(cards(" ".join(part.values())))
        rest = [CARD_ID[c] for c in range(DECK_SIZE) if c not in used]
        cut = REMOVED[players]
        description["deck"] = deck.split()[::-1]
        description["removed"] = rest[:cut]
        description["box"] = box.split() + rest[cut:]
    state = positions.build(SPEC, names, description, seed=seed)
    assert isinstance(state, BlastingBillyState)
    return state
