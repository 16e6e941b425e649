"""Blind Business's words, shared by the rules, the sampler, the bots, the
screen and the tests: the phases, the decisions on the queue, the actions
and their notation, and the hidden-card token. (The deck is in
``cards.py``; the view's typed shape in ``view.py``.)

The notation (records, the CLI, tests):

    seen                      done looking at one's own hand
    ask p<P> <slot> [ok]      the requester asks player P (1-based) for a slot
    yes / no                  the recipient's answer
    take <slot>               after no: the requester takes another card
    ask <slot> [ok]           after yes: the recipient asks the requester for a slot
    accept / reject           the requester's reply
    assign <district>|none    a Trainer's district
    discard <card>            a 10 / 11 owner with the most cards
    swap p<P> | swap none     a 3
    add <slot> | add none     the playground majority at the end

Screens build the action objects; ``str(action)`` is the notation that
``parse_action`` reads back.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Mapping, Union

from tablegames.core.decisions import Decision
from tablegames.core.words import whole_number
from tablegames.games.blind_business.cards import (
    CARD_ID,
    DISTRICT_NAMES,
    DISTRICT_WORDS,
    DISTRICTS,
    HAND_SIZE,
    card_from_id,
    card_name,
    district_from_word,
)

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


# ----- actions ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Seen:
    """Done looking at one's own hand (it is shuffled face down again)."""

    def __str__(self) -> str:
        return "seen"


@dataclass(frozen=True, slots=True)
class Ask:
    """The requester asks ``target`` (a seat, 0-based) for ``slot`` (1-4)."""

    target: int
    slot: int
    ok: bool = False

    def __str__(self) -> str:
        return f"ask p{self.target + 1} {self.slot}" + (" ok" if self.ok else "")


@dataclass(frozen=True, slots=True)
class Answer:
    yes: bool

    def __str__(self) -> str:
        return "yes" if self.yes else "no"


@dataclass(frozen=True, slots=True)
class Take:
    slot: int

    def __str__(self) -> str:
        return f"take {self.slot}"


@dataclass(frozen=True, slots=True)
class CounterAsk:
    """The recipient, having said yes, asks the requester for ``slot``."""

    slot: int
    ok: bool = False

    def __str__(self) -> str:
        return f"ask {self.slot}" + (" ok" if self.ok else "")


@dataclass(frozen=True, slots=True)
class Reply:
    accept: bool

    def __str__(self) -> str:
        return "accept" if self.accept else "reject"


@dataclass(frozen=True, slots=True)
class Assign:
    """Put the pending Trainer in ``district``, or leave it unassigned (None)."""

    district: int | None

    def __str__(self) -> str:
        return "assign " + ("none" if self.district is None else DISTRICT_WORDS[self.district])


@dataclass(frozen=True, slots=True)
class Discard:
    card: int

    def __str__(self) -> str:
        return f"discard {CARD_ID[self.card]}"


@dataclass(frozen=True, slots=True)
class Swap:
    target: int | None

    def __str__(self) -> str:
        return "swap " + ("none" if self.target is None else f"p{self.target + 1}")


@dataclass(frozen=True, slots=True)
class Add:
    slot: int | None

    def __str__(self) -> str:
        return "add " + ("none" if self.slot is None else str(self.slot))


SEEN = Seen()
YES, NO = Answer(True), Answer(False)
ACCEPT, REJECT = Reply(True), Reply(False)
KEEP_HAND = Swap(None)
ADD_NONE = Add(None)
UNASSIGNED = Assign(None)

Action = Union[Seen, Ask, Answer, Take, CounterAsk, Reply, Assign, Discard, Swap, Add]

# Ready-made tuples for ``legal_actions`` (built once).
SEEN_ONLY: tuple[Seen, ...] = (SEEN,)
YES_NO: tuple[Answer, ...] = (YES, NO)
ACCEPT_REJECT: tuple[Reply, ...] = (ACCEPT, REJECT)
TAKES: tuple[Take, ...] = tuple(Take(s) for s in range(1, HAND_SIZE + 1))
COUNTER_PLAIN: tuple[CounterAsk, ...] = tuple(CounterAsk(s) for s in range(1, HAND_SIZE + 1))
COUNTER_OK: tuple[CounterAsk, ...] = COUNTER_PLAIN + tuple(CounterAsk(s, True) for s in range(1, HAND_SIZE + 1))
ASSIGNS: tuple[Assign, ...] = tuple(Assign(d) for d in DISTRICTS)


def ask_actions(n: int, seat: int, ok: bool) -> tuple[Ask, ...]:
    """Every ask of ``seat`` in an ``n``-player game (with OK variants if ``ok``)."""
    found = tuple(Ask(t, s) for t in range(n) if t != seat for s in range(1, HAND_SIZE + 1))
    if ok:
        found += tuple(Ask(t, s, True) for t in range(n) if t != seat for s in range(1, HAND_SIZE + 1))
    return found


# ASK_TABLE[n][seat][holds an OK token]: the asks, built once.
ASK_TABLE: dict[int, tuple[tuple[tuple[Ask, ...], tuple[Ask, ...]], ...]] = {
    n: tuple((ask_actions(n, seat, False), ask_actions(n, seat, True)) for seat in range(n))
    for n in range(2, 6)
}


def _seat_number(word: str) -> int:
    """'p2' or '2' (1-based, as players count seats) -> seat 1 (0-based)."""
    w = word.lower()
    if w.startswith("p"):
        w = w[1:]
    number = whole_number(w)
    if number < 1:
        raise ValueError(word)
    return number - 1


def parse_action(text: str) -> Action:
    """Notation -> action; ValueError/KeyError on nonsense."""
    words = text.lower().split()
    if not words:
        raise ValueError(text)
    head, args = words[0], words[1:]
    ok = bool(args) and args[-1] == "ok"
    if ok:
        args = args[:-1]
    if ok and head != "ask":
        raise ValueError(text)
    if head == "seen" and not args:
        return SEEN
    if head in ("yes", "no") and not args:
        return YES if head == "yes" else NO
    if head in ("accept", "reject") and not args:
        return ACCEPT if head == "accept" else REJECT
    if head == "ask" and len(args) == 2:
        return Ask(_seat_number(args[0]), whole_number(args[1]), ok)
    if head == "ask" and len(args) == 1:
        return CounterAsk(whole_number(args[0]), ok)
    if head == "take" and len(args) == 1:
        return Take(whole_number(args[0]))
    if head == "assign" and args:
        word = " ".join(args)
        return UNASSIGNED if word == "none" else Assign(district_from_word(word))
    if head == "discard" and len(args) == 1:
        return Discard(card_from_id(args[0]))
    if head == "swap" and len(args) == 1:
        return KEEP_HAND if args[0] == "none" else Swap(_seat_number(args[0]))
    if head == "add" and len(args) == 1:
        return ADD_NONE if args[0] == "none" else Add(whole_number(args[0]))
    raise ValueError(text)


def move_words(view: Mapping[str, Any], action: Action) -> str:
    """A move in a player's words (a hint, the analysis): "ask Lee for
    their card 3, spending an OK token"."""
    names = view.get("names") or []

    def name(seat: int) -> str:
        return str(names[seat]) if 0 <= seat < len(names) else f"player {seat + 1}"

    with_ok = ", spending an OK token"
    if isinstance(action, Seen):
        return "put your hand away: you have seen it"
    if isinstance(action, Ask):
        return f"ask {name(action.target)} for their card {action.slot}" + (with_ok if action.ok else "")
    if isinstance(action, Answer):
        return "say yes" if action.yes else "say no"
    if isinstance(action, Take):
        return f"take their card {action.slot}"
    if isinstance(action, CounterAsk):
        return f"ask back for card {action.slot}" + (with_ok if action.ok else "")
    if isinstance(action, Reply):
        return "accept the request" if action.accept else "reject the request"
    if isinstance(action, Assign):
        return ("leave the Trainer unassigned" if action.district is None
                else f"put the Trainer in {DISTRICT_NAMES[action.district]}")
    if isinstance(action, Discard):
        return f"discard {card_name(action.card)}"
    if isinstance(action, Swap):
        return "keep your hand" if action.target is None else f"swap hands with {name(action.target)}"
    return "add no card" if action.slot is None else f"add your card {action.slot} to the playground"


# The rules page's section on each kind of move (GameSpec.move_rules).
_MOVE_RULES = {Seen: "Setting up", Ask: "A turn", Answer: "A turn", Take: "A turn", CounterAsk: "A turn",
               Reply: "A turn", Assign: "Card abilities", Discard: "Card abilities", Swap: "Card abilities",
               Add: "The end and the scoring"}


def move_rules(action: Action) -> str:
    return _MOVE_RULES[type(action)]
