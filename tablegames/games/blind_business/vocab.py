"""Blind Business's vocabulary, shared by the rules, the sampler, the bot,
the screen and the tests: the phases, the decisions on the queue, the view's
typed shape and the hidden-card token. (The actions and their notation live
in ``actions.py``; the deck in ``cards.py``.)"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, TypedDict

from tablegames.core.decisions import Decision
from tablegames.core.state import SeatCard

GAME_ID = "blind-business"

# A face-down card in a view's hand (the viewer's own slots), and an empty
# slot inside the engine (a view shows None).
HIDDEN = "back"
EMPTY = -1


@dataclass(frozen=True)
class Remembered:
    """What a seat knows beyond its view: the cards it believes it holds
    (card ids, from its looks and a hand it took in a swap; the search bot's
    sampler keeps them in its hand), and how its rivals answered its asks
    and replied to its counter-asks (the search bot judges from them how
    carelessly its rivals play)."""

    cards: frozenset[str] = frozenset()
    yes_answers: int = 0
    no_answers: int = 0
    accepted: int = 0
    rejected: int = 0


class Phase(StrEnum):
    """The phase of a view: what the seat(s) to move decide now."""

    SETUP = "first look"  # everyone privately looks at their dealt hand once
    ASK = "ask"           # the requester picks a rival and a slot
    ANSWER = "answer"     # the recipient: yes / no
    TAKE = "take"         # the requester after "no": one of the recipient's remaining cards
    COUNTER = "counter"   # the recipient after "yes": a slot of the requester's hand
    REPLY = "reply"       # the requester: accept / reject
    ASSIGN = "assign"     # a Trainer's district
    DISCARD = "discard"   # a 10 / 11 with the most cards
    SWAP = "swap"         # a 3: swap hands
    PEEK = "peek"         # a 4: a private look at one's own hand
    ADD = "add"           # final scoring: the playground majority adds a card
    OVER = "over"


# The phases under short names (a Phase is a str: view["phase"] == ASK).
SETUP, ASK, ANSWER, TAKE, COUNTER, REPLY = (Phase.SETUP, Phase.ASK, Phase.ANSWER, Phase.TAKE,
                                            Phase.COUNTER, Phase.REPLY)
ASSIGN, DISCARD, SWAP, PEEK, ADD, OVER = (Phase.ASSIGN, Phase.DISCARD, Phase.SWAP, Phase.PEEK,
                                          Phase.ADD, Phase.OVER)


# ----- decisions on the queue -------------------------------------------------------------
# The exchange's data (who asked whom for which slot, the answer) is the
# state's current request, shown in the view's "request"; the decisions
# carry what is particular to them.

@dataclass(frozen=True, slots=True)
class FirstLook(Decision):
    """Setup: the seat looks at its dealt hand once (every seat at once)."""

    PHASE: ClassVar[str] = Phase.SETUP


@dataclass(frozen=True, slots=True)
class Requesting(Decision):
    """The requester asks a rival for a slot."""

    PHASE: ClassVar[str] = Phase.ASK


@dataclass(frozen=True, slots=True)
class Answering(Decision):
    """The recipient answers yes or no."""

    PHASE: ClassVar[str] = Phase.ANSWER


@dataclass(frozen=True, slots=True)
class Taking(Decision):
    """After a no: the requester takes one of the recipient's other cards."""

    PHASE: ClassVar[str] = Phase.TAKE


@dataclass(frozen=True, slots=True)
class CounterRequesting(Decision):
    """After a yes: the recipient asks the requester for a slot."""

    PHASE: ClassVar[str] = Phase.COUNTER


@dataclass(frozen=True, slots=True)
class Replying(Decision):
    """The requester accepts or rejects the counter-request."""

    PHASE: ClassVar[str] = Phase.REPLY


@dataclass(frozen=True, slots=True)
class PlacingTrainer(Decision):
    """A Trainer's owner puts it with one of ``districts`` or leaves it
    unassigned. ``opened``: the district whose first card the owner just won
    (a Trainer left unassigned earlier may join it), else -1. ``added``: the
    Trainer came from the playground majority's add."""

    PHASE: ClassVar[str] = Phase.ASSIGN

    trainer: int
    districts: tuple[int, ...]
    opened: int = -1
    added: bool = False


@dataclass(frozen=True, slots=True)
class Discarding(Decision):
    """A 10 / 11 (``card``) with the most cards (``count``): discard one."""

    PHASE: ClassVar[str] = Phase.DISCARD

    card: int
    count: int


@dataclass(frozen=True, slots=True)
class Swapping(Decision):
    """A 3 (``card``): swap hands with another player, or keep one's own."""

    PHASE: ClassVar[str] = Phase.SWAP

    card: int


@dataclass(frozen=True, slots=True)
class Peeking(Decision):
    """A 4 (``card``): a private look at one's own hand."""

    PHASE: ClassVar[str] = Phase.PEEK

    card: int


@dataclass(frozen=True, slots=True)
class Adding(Decision):
    """Final scoring: the playground majority may add a hand card."""

    PHASE: ClassVar[str] = Phase.ADD



# ----- the automatic steps after an exchange ---------------------------------------------
# A stack (the last pushed runs first); each is public, so the view lists
# them (``agenda``) and the sampler rebuilds them.

# (kind, seat, card, district); -1 where a step has none. Plain tuples: the
# rules build a few per turn in the hot path of every playout.
Step = tuple[int, int, int, int]


ABILITY, TRAINER, LATE_TRAINER, DISCARD_CHECK, ROW_CHECK, REFILL, AFTER_REFILL, END_TURN, FINISH = range(9)
STEP_WORDS = ("ability", "trainer", "late trainer", "discard check", "row check", "refill",
              "after refill", "end of turn", "finish")


# ----- the view --------------------------------------------------------------------------

class RequestView(TypedDict):
    requester: int
    recipient: int
    slot: int                    # 1-based slot asked of the recipient
    ok: bool
    answer: str | None           # "yes", "no" or None
    counter_slot: int | None     # 1-based slot asked of the requester
    counter_ok: bool
    recipient_won: str | None    # after a no: the card the recipient won (public)


class DecisionView(TypedDict, total=False):
    kind: str                    # "assign", "discard", "swap", "peek", "add"
    seat: int
    trainer: str                 # assign: the Trainer's id
    districts: list[str]         # assign: where it may go
    later: bool                  # assign: joining the first card of a new district
    added: bool                  # assign: the Trainer came from the playground add
    because: str                 # discard / swap / peek: the card whose ability it is
    count: int                   # discard: the seat's card count


class StepView(TypedDict):
    step: str
    seat: int
    card: str | None
    district: str | None


class RowView(TypedDict):
    seat: int
    district: str
    low: int
    high: int


class BusinessView(TypedDict):
    game: str
    seat: int | None
    names: list[str]
    family: bool
    phase: str
    to_move: list[int]
    start: int
    round: int
    rounds: int
    turn: int
    turns: int
    requester: int | None
    request: RequestView | None
    decision: DecisionView | None
    agenda: list[StepView]       # the automatic steps still to come (public)
    snapshot: list[int] | None   # play-area sizes taken for a 10 / 11
    hands: list[list[str | None]]
    sees_own_hand: bool
    areas: list[dict[str, list[str]]]
    area_sizes: list[int]
    points: list[int]
    tokens: list[int]
    token_supply: int
    deck: int
    removed: int
    discards: list[str]
    last_won: list[SeatCard]     # [seat, card id]: who won what in the last exchange
    added: SeatCard | None       # [seat, card id] of the playground add
    rows: list[RowView]
    winners: list[int] | None
