"""Blenders Tricks' vocabulary: the deck table, phases, actions and
decisions. Rules, bot, screen and tests all import it.

The deck table lives here and nowhere else (rulings on its rules page, rules.md):
cards 1-40; 10, 20, 30 and 40 are wilds (no suit, no cask icons); the other
36 take their suit from n mod 3 and their cask icons from their last digit.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Mapping

from tablegames.core.decisions import Decision
from tablegames.core.words import whole_number

# ----- the deck table

DECK: tuple[int, ...] = tuple(range(1, 41))
WILDS: frozenset[int] = frozenset({10, 20, 30, 40})

WHITE, COMMON, MIZUNARA = 0, 1, 2
SUITS: tuple[int, ...] = (WHITE, COMMON, MIZUNARA)
SUIT_NAMES: tuple[str, ...] = ("White Oak", "Common Oak", "Mizunara Oak")
# One letter per suit, printed on every card so colour is never the only signal.
SUIT_LETTERS: tuple[str, ...] = ("W", "C", "M")
NO_SUIT = -1


def _suit(n: int) -> int:
    if n in WILDS:
        return NO_SUIT
    return {1: WHITE, 2: COMMON, 0: MIZUNARA}[n % 3]


def _icons(n: int) -> int:
    digit = n % 10
    return 0 if digit == 0 else (digit + 2) // 3  # 1-3 -> 1, 4-6 -> 2, 7-9 -> 3


# Indexed by card number (index 0 unused).
SUIT: tuple[int, ...] = (NO_SUIT,) + tuple(_suit(n) for n in DECK)
ICONS: tuple[int, ...] = (0,) + tuple(_icons(n) for n in DECK)
IS_WILD: tuple[bool, ...] = (False,) + tuple(n in WILDS for n in DECK)

ROUNDS = 3
TOKENS = 3  # barley tokens in the supply at the start
HAND_SIZE = {3: 13, 4: 10, 5: 8}  # 3 players: one card aside, unseen


def card_id(n: int) -> str:
    """How a card appears in views: a token no other number can be mistaken for."""
    return f"S{n}"


def card_number(text: str) -> int:
    return int(text[1:])


# Every card id, and the numbers back, without formatting in the hot path.
CARD_IDS: tuple[str, ...] = ("",) + tuple(card_id(n) for n in DECK)
NUMBER_OF: dict[str, int] = {CARD_IDS[n]: n for n in DECK}


class Phase(StrEnum):
    PASS = "pass"  # everyone secretly picks a card for the left and one for the right
    PLAY = "play"  # tricks
    CLAIM = "claim"  # the trick's winner picks the second card to claim
    SPEND = "spend"  # round scoring: token holders may spend one to ignore a card
    OVER = "over"


# ----- actions (frozen values whose str() is the notation parse_action reads)


@dataclass(frozen=True, slots=True)
class Pass:
    """The cards passed to the left and to the right neighbour."""

    left: int
    right: int

    def __str__(self) -> str:
        return f"pass {self.left} {self.right}"


@dataclass(frozen=True, slots=True)
class Play:
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Claim:
    """The second card a trick's winner takes, besides their own."""

    card: int

    def __str__(self) -> str:
        return f"claim {self.card}"


@dataclass(frozen=True, slots=True)
class Spend:
    """Spend a barley token to ignore one card claimed this round (``card``),
    or keep the token(s) (``card`` None). Each token is spent on its own."""

    card: int | None

    def __str__(self) -> str:
        return "keep" if self.card is None else f"spend {self.card}"


Action = Pass | Play | Claim | Spend
KEEP = Spend(None)

# Interned actions, so the hot path never builds them.
PLAYS: tuple[Play, ...] = tuple(Play(n) for n in range(41))
CLAIMS: tuple[Claim, ...] = tuple(Claim(n) for n in range(41))
SPENDS: tuple[Spend, ...] = tuple(Spend(n) for n in range(41))
PASSES: tuple[tuple[Pass, ...], ...] = tuple(tuple(Pass(a, b) for b in range(41)) for a in range(41))


def parse_action(text: str) -> Action:
    words = text.lower().split()
    head, args = words[0], [whole_number(w) for w in words[1:]]
    if not all(1 <= a <= 40 for a in args):
        raise ValueError(text)
    if head == "pass" and len(args) == 2:
        return PASSES[args[0]][args[1]]
    if head == "play" and len(args) == 1:
        return PLAYS[args[0]]
    if head == "claim" and len(args) == 1:
        return CLAIMS[args[0]]
    if head == "spend" and len(args) == 1:
        return SPENDS[args[0]]
    if head == "keep" and not args:
        return KEEP
    raise ValueError(text)


# ----- pending decisions (the queue holds them: who must decide what)


@dataclass(frozen=True, slots=True)
class PassChoice(Decision):
    """Everyone picks, in secret and at once, a card for each neighbour."""

    PHASE: ClassVar[str] = Phase.PASS


@dataclass(frozen=True, slots=True)
class PlayTurn(Decision):
    """``seat`` plays the next card of the trick."""

    PHASE: ClassVar[str] = Phase.PLAY


@dataclass(frozen=True, slots=True)
class ClaimChoice(Decision):
    """The trick's winner picks one of ``options`` to claim with their own card."""

    PHASE: ClassVar[str] = Phase.CLAIM

    options: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SpendChoice(Decision):
    """A token holder may spend a token to ignore one of ``cards`` (claimed
    this round and not yet ignored) at this round's scoring; after a spend,
    a holder with another token chooses again."""

    PHASE: ClassVar[str] = Phase.SPEND

    cards: tuple[int, ...]


BlendersDecision = PassChoice | PlayTurn | ClaimChoice | SpendChoice

# Interned, like the actions: a pass or a turn says nothing but the seat.
PASS_CHOICES: tuple[PassChoice, ...] = tuple(PassChoice(s) for s in range(5))
PLAY_TURNS: tuple[PlayTurn, ...] = tuple(PlayTurn(s) for s in range(5))
# A trick's turns in playing order, by table size and leader: a trick's
# order is fixed when it is led, so all its turns are queued then.
TRICK_TURNS: dict[int, tuple[tuple[PlayTurn, ...], ...]] = {
    n: tuple(tuple(PLAY_TURNS[(lead + i) % n] for i in range(n)) for lead in range(n)) for n in HAND_SIZE}


def card_words(card: int) -> str:
    """"12 (White Oak)", "40 (wild)"."""
    return f"{card} (wild)" if IS_WILD[card] else f"{card} ({SUIT_NAMES[SUIT[card]]})"


def move_words(view: Mapping[str, Any], action: Action) -> str:
    """A move in a player's words (a hint, the analysis): "play 12 (White Oak)"."""
    if isinstance(action, Pass):
        return f"pass {card_words(action.left)} left and {card_words(action.right)} right"
    if isinstance(action, Play):
        return f"play {card_words(action.card)}"
    if isinstance(action, Claim):
        return f"claim {card_words(action.card)}"
    if action.card is None:
        return "keep your barley tokens"
    return f"spend a barley token on {card_words(action.card)}"


# The rules page's section on each kind of move (GameSpec.move_rules).
_MOVE_RULES = {Pass: "A round", Play: "A round", Claim: "A round", Spend: "Round end"}


def move_rules(action: Action) -> str:
    return _MOVE_RULES[type(action)]
