"""Blind Chicken's vocabulary: phases, actions and the view, shared by the
rules, the bot, the screen and the tests."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypedDict


class Phase(StrEnum):
    ORDER = "order"  # everyone arranges their hand at once, in secret
    PLAY = "play"    # tricks from the ends of the hands
    ASIDE = "aside"  # the last trick's winner may set aside an earlier trick
    OVER = "over"


ORDER, PLAY, ASIDE, OVER = Phase.ORDER, Phase.PLAY, Phase.ASIDE, Phase.OVER


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
    turn: int | None
    lowest_card: int
    hand: list[str] | None  # the seat's own hand, in its order
    hand_sizes: list[int]
    ordered: list[bool]
    trick: list[tuple[int, str]]
    last_trick: LastTrick | None
    taken: list[list[TakenTrick]]
    scores: list[int]
    hand_scores: list[list[int]]
