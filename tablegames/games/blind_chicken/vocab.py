"""Blind Chicken's words: its phases, the actions a seat plays, the
decisions a seat can face, and the actions' notation (how records and the
command line write them)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Mapping

from tablegames.core.decisions import Decision
from tablegames.core.words import whole_number


class Phase(StrEnum):
    ORDER = "order"  # everyone arranges their hand at once, in secret
    PLAY = "play"    # tricks from the ends of the hands
    ASIDE = "aside"  # the last trick's winner may set aside an earlier trick
    OVER = "over"


ORDER, PLAY, ASIDE, OVER = Phase.ORDER, Phase.PLAY, Phase.ASIDE, Phase.OVER


# ----- actions ------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Play:
    side: str  # "L" or "R"

    def __str__(self) -> str:
        return self.side


@dataclass(frozen=True, slots=True)
class Order:
    """Fix the hand's order, left to right."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "order " + " ".join(map(str, self.cards))


@dataclass(frozen=True, slots=True)
class SetAside:
    """Set aside the trick at ``index`` (1-based, in taking order), or none."""

    index: int | None

    def __str__(self) -> str:
        return f"aside {self.index if self.index is not None else 'none'}"


Action = Play | Order | SetAside

LEFT = Play("L")
RIGHT = Play("R")
KEEP_ALL = SetAside(None)


def parse_action(text: str) -> Action:
    """An action from its notation: ``L``, ``R``, ``order 30 12 45``,
    ``aside 2`` or ``aside none``; ValueError for anything else."""
    words = text.split()
    head = words[0].lower()
    if len(words) == 1 and head in ("l", "r"):
        return LEFT if head == "l" else RIGHT
    if head == "order" and len(words) > 1:
        return Order(tuple(whole_number(w) for w in words[1:]))
    if head == "aside" and len(words) == 2:
        return KEEP_ALL if words[1].lower() == "none" else SetAside(whole_number(words[1]))
    raise ValueError(text)


# ----- decisions: who must decide what (on the state's DecisionQueue) ---------

@dataclass(frozen=True, slots=True)
class Arrange(Decision):
    """Fix the order of your hand (every seat at once, in secret)."""

    PHASE: ClassVar[str] = Phase.ORDER


@dataclass(frozen=True, slots=True)
class PlayEnd(Decision):
    """Play your leftmost or rightmost card to the trick."""

    PHASE: ClassVar[str] = Phase.PLAY


@dataclass(frozen=True, slots=True)
class ChooseAside(Decision):
    """You took the last trick: set aside one earlier trick, or none."""

    PHASE: ClassVar[str] = Phase.ASIDE


def move_words(view: Mapping[str, Any], action: Action) -> str:
    """A move in a player's words (a hint, the analysis): "play your
    leftmost card, 37"."""
    if isinstance(action, Play):
        hand = view.get("hand") or []
        side = "leftmost" if action.side == "L" else "rightmost"
        card = hand[0 if action.side == "L" else -1] if hand else ""
        return f"play your {side} card, {str(card).lstrip('C')}" if card else f"play your {side} card"
    if isinstance(action, Order):
        return "arrange your hand " + " ".join(map(str, action.cards))
    return "keep every trick" if action.index is None else f"set aside trick {action.index}"


# The rules page's section on each kind of move (GameSpec.move_rules).
_MOVE_RULES = {Play: "Arrange, then play blind", Order: "Arrange, then play blind", SetAside: "Scoring"}


def move_rules(action: Action) -> str:
    return _MOVE_RULES[type(action)]
