"""Nutty Business vocabulary: cards, phases, actions and their notation,
decisions.

Rules, view, sampler, bot, screen and tests all import from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Mapping

from tablegames.core.decisions import Decision
from tablegames.core.words import whole_number

# ----- cards ------------------------------------------------------------------
# Every player owns the same eight cards; a card never changes owner (a raid
# stacks an opponent's piles, a Hideout takes your own pile back), so a card
# is its kind plus its owner's seat.
C2, C3, C5, BANK, RAID, CUSTOMS, ROBBERY, HIDEOUT = range(8)
KINDS = tuple(range(8))
CODES = ("c2", "c3", "c5", "bank", "raid", "customs", "robbery", "hideout")
CARD_NAMES = ("Contraband 2", "Contraband 3", "Contraband 5", "Bank", "Police Raid",
              "Customs", "Robbery", "Hideout")
# Nuts a Contraband on top brings each turn (0 for the other cards).
VALUE = (2, 3, 5, 0, 0, 0, 0, 0)
IS_CONTRABAND = (True, True, True, False, False, False, False, False)
KIND_OF_CODE = {code: kind for kind, code in enumerate(CODES)}

# The hidden-card token: a first card chosen but not revealed yet.
HIDDEN = "?"

# The nut supply: 42 x 1 + 21 x 5 + 12 x 10.
SUPPLY = 267
MAX_PILES = 2


def card_id(kind: int, owner: int) -> str:
    """The card's identifier in views and logs: ``bank.2`` is seat 2's Bank."""
    return f"{CODES[kind]}.{owner}"


def kind_of(card: str) -> int:
    """``bank.2`` -> BANK. KeyError on an unknown card."""
    return KIND_OF_CODE[card.split(".", 1)[0]]


def owner_of(card: str) -> int:
    return int(card.split(".", 1)[1])


class Phase(StrEnum):
    SETUP = "setup"   # everyone secretly picks a first card
    PLAY = "play"     # turns
    OVER = "over"


# Where nuts came from or went, per player (the result's breakdown).
LEDGER = ("Contraband", "Police Raids", "Customs received", "Robberies",
          "Customs paid", "Robbed")
L_CONTRABAND, L_RAID, L_CUSTOMS_IN, L_ROBBERY_IN, L_CUSTOMS_OUT, L_ROBBED = range(6)


# ----- actions ----------------------------------------------------------------

def seat_word(seat: int) -> str:
    return str(seat + 1)


def seat_from_word(word: str) -> int:
    """'2' or 'p2' (1-based, as players count seats) -> seat 1."""
    w = word.lower()
    if w.startswith("p"):
        w = w[1:]
    number = whole_number(w)
    if number < 1:
        raise ValueError(word)
    return number - 1


@dataclass(frozen=True, slots=True)
class Start:
    """The secret first card, face down as your first pile."""

    card: int

    def __str__(self) -> str:
        return f"start {CODES[self.card]}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from hand onto pile 0 or 1 (pile 1 when you have one
    pile: start your second pile)."""

    card: int
    pile: int

    def __str__(self) -> str:
        return f"play {CODES[self.card]} {self.pile + 1}"


@dataclass(frozen=True, slots=True)
class First:
    """Apply the top card of ``pile`` first."""

    pile: int

    def __str__(self) -> str:
        return f"first {self.pile + 1}"


@dataclass(frozen=True, slots=True)
class Pay:
    """Split a short Customs payment: (seat, nuts) for each officer paid,
    in seat order."""

    amounts: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        return "pay " + " ".join(f"{seat_word(s)}={a}" for s, a in self.amounts)


@dataclass(frozen=True, slots=True)
class Raid:
    """Police Raid: ``victim``'s other pile goes on top of their pile
    ``covered``."""

    victim: int
    covered: int

    def __str__(self) -> str:
        return f"raid {seat_word(self.victim)} {self.covered + 1}"


Action = Start | Play | First | Pay | Raid


def parse_action(text: str) -> Action:
    """Notation -> action; ValueError/KeyError on nonsense."""
    words = text.lower().split()
    if not words:
        raise ValueError(text)
    head, args = words[0], words[1:]
    if head == "start" and len(args) == 1:
        return Start(KIND_OF_CODE[args[0]])
    if head == "play" and len(args) == 2:
        pile = whole_number(args[1]) - 1
        if pile not in (0, 1):
            raise ValueError(text)
        return Play(KIND_OF_CODE[args[0]], pile)
    if head == "first" and len(args) == 1:
        pile = whole_number(args[0]) - 1
        if pile not in (0, 1):
            raise ValueError(text)
        return First(pile)
    if head == "pay" and args:
        pairs = []
        for word in args:
            seat, amount = word.split("=")
            who, paid = seat_from_word(seat), whole_number(amount)
            # "4=0" pays nothing: the same payment as leaving seat 4 out.
            if paid:
                pairs.append((who, paid))
        return Pay(tuple(sorted(pairs)))
    if head == "raid" and len(args) == 2:
        covered = whole_number(args[1]) - 1
        if covered not in (0, 1):
            raise ValueError(text)
        return Raid(seat_from_word(args[0]), covered)
    raise ValueError(text)


# ----- decisions ------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChooseFirstCard(Decision):
    """Setup: lay a first card face down (every seat at once)."""

    PHASE: ClassVar[str] = Phase.SETUP


# Decisions inside a turn: all belong to the player whose turn it is.

@dataclass(frozen=True, slots=True)
class PlayCard(Decision):
    """Play a card from hand onto a pile."""

    PHASE: ClassVar[str] = Phase.PLAY


@dataclass(frozen=True, slots=True)
class ChooseOrder(Decision):
    """Both top cards act and their order matters: which goes first."""

    PHASE: ClassVar[str] = Phase.PLAY


@dataclass(frozen=True, slots=True)
class SplitCustoms(Decision):
    """The Contraband just played cannot pay every officer in full."""

    PHASE: ClassVar[str] = Phase.PLAY

    gained: int
    owed: tuple[tuple[int, int], ...]  # (officer seat, nuts owed)


@dataclass(frozen=True, slots=True)
class ChooseRaid(Decision):
    """Police Raid: whose two piles to stack, and which pile is covered."""

    PHASE: ClassVar[str] = Phase.PLAY

    targets: tuple[int, ...]


NuttyDecision = ChooseFirstCard | PlayCard | ChooseOrder | SplitCustoms | ChooseRaid

DECISION_KIND: dict[type, str] = {PlayCard: "play", ChooseOrder: "order",
                                   SplitCustoms: "customs", ChooseRaid: "raid"}


PILE_WORDS = ("pile A", "pile B")


def move_words(view: Mapping[str, Any], action: Action) -> str:
    """A move in a player's words (a hint, the analysis): "play Bank on pile B"."""
    names = view.get("names") or []

    def name(seat: int) -> str:
        return str(names[seat]) if 0 <= seat < len(names) else seat_word(seat)

    if isinstance(action, Start):
        return f"start with {CARD_NAMES[action.card]} face down"
    if isinstance(action, Play):
        return f"play {CARD_NAMES[action.card]} on {PILE_WORDS[action.pile]}"
    if isinstance(action, First):
        return f"let the top card of {PILE_WORDS[action.pile]} act first"
    if isinstance(action, Pay):
        return "pay " + ", ".join(f"{name(seat)} {nuts}" for seat, nuts in action.amounts)
    return f"raid {name(action.victim)}: their other pile onto {PILE_WORDS[action.covered]}"


# The rules page's section on each kind of move (GameSpec.move_rules).
_MOVE_RULES = {Start: "Setup", Play: "A turn", First: "A turn", Pay: "The cards in detail",
               Raid: "The cards in detail"}


def move_rules(action: Action) -> str:
    return _MOVE_RULES[type(action)]
