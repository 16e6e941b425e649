"""Blasting Billy's vocabulary: cards, phases, actions and decisions.

Rules, view, bot, screen and tests all import it (the rules page: rules.md).

A card is an int 0-59: ``type * 12 + rank``, where rank 0-10 is the card's
value and rank 11 the dynamite of that type. In views a card is a short id:
the type's letter and the value (``G7``, ``D10``) or ``X`` for the dynamite
(``JX``). A card whose type shows but whose value is hidden is the type's
letter and ``?`` (``C?``): the hidden-card token.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from tablegames.core.decisions import Decision
from tablegames.games.blasting_billy import INFO

# The five types (colours), in the order columns are shown.
TYPES = 5
TYPE_LETTERS = ("G", "B", "C", "J", "D")
TYPE_NAMES = ("Gold", "Banknotes", "Coins", "Jewelry", "Diamonds")
DYNAMITE_RANK = 11
RANKS = 12
DECK_SIZE = TYPES * RANKS  # 60
HAND_SIZE = 3

# Cards returned to the box unseen at setup, by player count.
REMOVED = {2: 12, 3: 6, 4: 0, 5: 0}

# The player who is no seat and may win.
BILLY = "Billy"


def card_type(card: int) -> int:
    return card // RANKS


def is_dynamite(card: int) -> bool:
    return card % RANKS == DYNAMITE_RANK


VALUE: tuple[int, ...] = tuple(0 if c % RANKS == DYNAMITE_RANK else c % RANKS
                               for c in range(DECK_SIZE))
TYPE_OF: tuple[int, ...] = tuple(c // RANKS for c in range(DECK_SIZE))
CARD_ID: tuple[str, ...] = tuple(
    TYPE_LETTERS[c // RANKS] + ("X" if c % RANKS == DYNAMITE_RANK else str(c % RANKS))
    for c in range(DECK_SIZE)
)
_CARD_BY_ID = {cid: c for c, cid in enumerate(CARD_ID)}
HIDDEN: tuple[str, ...] = tuple(letter + "?" for letter in TYPE_LETTERS)
_TYPE_BY_LETTER = {letter: t for t, letter in enumerate(TYPE_LETTERS)}


def card_from_id(text: str) -> int:
    """The card of an id such as ``G7`` or ``jx`` (KeyError if none)."""
    return _CARD_BY_ID[text.strip().upper()]


def type_from_token(token: str) -> int:
    """The type of a card id or a hidden token (``G7``, ``GX``, ``G?``)."""
    return _TYPE_BY_LETTER[token[0]]


def is_hidden(token: str) -> bool:
    return token.endswith("?")


def token_value(token: str) -> int:
    """The value of a card id (0 for the dynamite). Not for hidden tokens."""
    rank = token[1:]
    return 0 if rank == "X" else int(rank)


def card_name(card: int) -> str:
    """``Gold 7``, ``Coins dynamite``: how the log names a card."""
    kind = TYPE_NAMES[card // RANKS]
    return f"{kind} dynamite" if is_dynamite(card) else f"{kind} {card % RANKS}"


class Phase(enum.StrEnum):
    PLAY = "play"  # a turn: play a hand card to Billy, your loot or the box
    OVER = "over"  # the reveal is done: the view shows every column


@dataclass(frozen=True, slots=True)
class PlayCard(Decision):
    """A seat's turn: play one hand card (then draw, while the pile lasts)."""

    PHASE: ClassVar[str] = Phase.PLAY


# One turn decision per seat, made once: the rules queue every turn of a game.
TURNS: tuple[PlayCard, ...] = tuple(PlayCard(seat) for seat in range(INFO.max_players))


class Where(str, enum.Enum):
    BILLY = "billy"  # face down in Billy's loot
    CLAIM = "claim"  # into your own loot
    DUMP = "dump"  # face down into the box


WHERE_WORDS = {w.value: w for w in Where}


@dataclass(frozen=True, slots=True)
class Play:
    """Play hand card ``card`` (0-59) to ``where``. Notation: ``billy G7``,
    ``claim JX``, ``dump C0``."""

    where: Where
    card: int

    def __str__(self) -> str:
        return f"{self.where.value} {CARD_ID[self.card]}"


@dataclass(frozen=True, slots=True)
class Remembered:
    """What a seat knows beyond its view: the cards it gave Billy, each with
    its place in Billy's column of its type (0 = first), and the cards it
    dumped (the view shows both face down). The search bot's sampler keeps
    them where they are."""

    gifts: tuple[tuple[int, int], ...] = ()
    dumps: tuple[int, ...] = ()


# Every possible action, made once: legal_actions hands these out.
PLAYS: dict[Where, tuple[Play, ...]] = {
    where: tuple(Play(where, c) for c in range(DECK_SIZE)) for where in Where
}


def parse_action(text: str) -> Play:
    words = text.split()
    if len(words) != 2 or words[0].lower() not in WHERE_WORDS:
        raise ValueError(text)
    return PLAYS[WHERE_WORDS[words[0].lower()]][card_from_id(words[1])]


_WHERE_WORDS = {Where.BILLY: "give {} to Billy", Where.CLAIM: "claim {} into your loot",
                Where.DUMP: "dump {} in the box"}


def move_words(view: Mapping[str, Any], action: Play) -> str:
    """A move in a player's words (a hint, the analysis): "give Gold 7 to Billy"."""
    return _WHERE_WORDS[action.where].format(card_name(action.card))


def move_rules(action: Play) -> str:
    """The rules page's section on a move (GameSpec.move_rules)."""
    return "Your turn"
