"""The base every game's state builds on: the seeded ``rng`` the match
relies on, one way to emit log events, the seat checks every ``apply``
needs, the turn flow (who moves and what they decide is the decision queue,
core/decisions.py; an action goes to the handler for the due decision's
type, and a handler's ``then`` step runs once the decisions are all
answered), who sits next to whom (core/turns.py), and a fast ``copy``."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from typing import Any, Callable, ClassVar, Container, Iterable, Mapping, NoReturn, Self, Sequence, TypeVar

from tablegames.core.decisions import Decision, DecisionQueue
from tablegames.core.errors import IllegalAction
from tablegames.core.events import Event
from tablegames.core.turns import next_seats, others_from


def _clone(value: Any) -> Any:
    """A copy of nested mutable containers; immutable leaves are shared."""
    kind = type(value)
    if kind is list:
        return [_clone(v) for v in value] if value and type(value[0]) in _CONTAINERS else value[:]
    if kind is dict:
        return {k: _clone(v) for k, v in value.items()}
    if kind is set:
        return set(value)
    copier = getattr(value, "copy", None)
    return copier() if copier is not None and kind not in _IMMUTABLE else value


_CONTAINERS = {list, dict, set}
_IMMUTABLE = {tuple, frozenset, str, bytes, int, float, bool, type(None)}


# A view is plain JSON (it equals its own JSON round trip), so a seat's card
# in a view is a two-item list [seat, card id], not a tuple.
SeatCard = list[int | str]


def seat_cards(rows: Iterable[SeatCard]) -> list[tuple[int, str]]:
    """A view's [seat, card id] lists as typed (seat, card id) pairs."""
    return [(int(seat), str(card)) for seat, card in rows]


H = TypeVar("H", bound=Callable[..., "Decision | None"])
# A step that follows an answered decision: ``step(self, decision)``.
Step = Callable[[Any, Any], None]


def handles(*kinds: type[Decision], then: Step | None = None) -> Callable[[H], H]:
    """Mark a state method as the handler of actions answering decisions of
    ``kinds``: ``handler(self, decision, action)``, where ``decision`` is the
    acting seat's due decision (still on the queue: the handler checks the
    action completely, then changes the state and takes the decision).

    ``then(self, decision)`` is what follows, as boardgame.io's ``next``
    after a stage: ``apply`` runs it after the handler once nothing is
    pending any more, so not while other seats of a group are still
    deciding, nor while the answer put a new decision due (that one's
    answer carries on), nor when the handler refused the action. The
    decision says where the game goes on from, so a sampled or described
    state with the same decision pending goes on the same way.

    A plain turn passing on may instead return the decision due next: it
    then stands where the answered one stood (the handler leaves that one
    on the queue, alone at the front), put there by ``apply`` without a
    call, for the hottest moves."""

    def mark(method: H) -> H:
        method.__dict__["_handles"] = kinds
        method.__dict__["_then"] = then
        return method

    return mark


Handler = Callable[[Any, Any, Any], "Decision | None"]


def _followed(handler: Handler, step: Step) -> Handler:
    """``handler``, then ``step`` once nothing is pending (only the kinds
    with a step pay for the check)."""

    def answer(state: Any, decision: Any, action: Any) -> Decision | None:
        following = handler(state, decision, action)
        if following is None and not state.decisions._groups:
            step(state, decision)
        return following

    return answer


class LogLine:
    """A log line worded from the state alone, made once at module level
    (``@LogLine`` on a function of the state). ``emit(PLAYED)`` then builds
    nothing in a playout, where a lambda or a bound method is built at each
    call: for the lines of a game's hottest moves."""

    __slots__ = ("word",)

    def __init__(self, word: Callable[[Any], str]) -> None:
        self.word = word


class BaseState(ABC):
    """A full game state. Subclasses list their mutable attributes in
    ``DEEP`` (copied recursively by ``copy``), push decisions on
    ``self.decisions`` (``refill`` it with a round's turns; never replace
    it) and handle them with ``@handles`` methods; who comes next round the
    table is the state's ``next_seats`` / ``next_seat``.

    ``to_move()``, ``due()`` and ``due_phase()`` all read the queue: a game keeps
    no list of its own of who moves or what they decide."""

    DEEP: ClassVar[tuple[str, ...]] = ()
    # The phase when nothing is pending (the game is over).
    FINAL_PHASE: ClassVar[str] = "over"
    _HANDLERS: ClassVar[dict[type[Decision], Handler]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table: dict[type[Decision], Handler] = {}
        for klass in reversed(cls.__mro__):
            for value in vars(klass).values():
                kinds = getattr(value, "_handles", ())
                step = getattr(value, "_then", None)
                for kind in kinds:
                    table[kind] = value if step is None else _followed(value, step)
        cls._HANDLERS = table

    names: tuple[str, ...]
    n: int
    # Round the table, clockwise (core/turns.py): next_seats[s] is the seat
    # after s (its left neighbour), others_from[s] every other seat from it on.
    next_seats: tuple[int, ...]
    others_from: tuple[tuple[int, ...], ...]
    rng: random.Random
    decisions: DecisionQueue[Any]
    _events: list[Event] | None
    _handlers: dict[type[Decision], Handler]

    def __init__(self, names: Sequence[str], seed: int | random.Random) -> None:
        self.names = tuple(names)
        self.n = len(self.names)
        self.next_seats = next_seats(self.n)
        self.others_from = others_from(self.n)
        # A Random the new deal has already drawn from goes on as it is
        # (the match's luck continues from the deal).
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.decisions = DecisionQueue()
        self._events = None
        # The class's table, read from the instance: a class attribute is a
        # slow lookup from an instance in Python 3.11, and apply reads it each move.
        self._handlers = self._HANDLERS

    # ----- the log
    @property
    def logging(self) -> bool:
        """False in bot playouts: skip costly formatting of log lines."""
        return self._events is not None

    def emit(self, text: str | Callable[[], str] | LogLine, audience: Iterable[int] | None = None) -> None:
        """One log line, public or private to ``audience``. For a line that
        costs something to word, pass a lambda, or a ``LogLine`` on a hot
        path: it is worded only when someone reads the log, so playouts pay
        nothing for it."""
        events = self._events
        if events is not None:
            # Someone reads the log: the cost of wording no longer matters.
            line = text if isinstance(text, str) else text.word(self) if isinstance(text, LogLine) else text()
            events.append(Event(line, None if audience is None else frozenset(audience)))

    # ----- round the table
    def next_seat(self, seat: int, skip: Container[int] = ()) -> int | None:
        """The first seat after ``seat`` clockwise that is not in ``skip``;
        ``seat`` itself when every other seat is skipped, None when it is
        skipped too. (The hottest paths read ``next_seats[seat]``.)"""
        for other in self.others_from[seat]:
            if other not in skip:
                return other
        return None if seat in skip else seat

    def seats_from(self, seat: int) -> tuple[int, ...]:
        """Every seat in playing order, ``seat`` first."""
        return (seat,) + self.others_from[seat]

    def neighbours(self, seat: int) -> tuple[int, int]:
        """(left, right): the seat after ``seat`` clockwise and the one before it."""
        return self.next_seats[seat], self.others_from[seat][-1]

    # ----- acting
    def apply(self, seat: int, action: Any, events: list[Event] | None = None) -> None:
        """Apply ``action`` for ``seat``: the handler of ``seat``'s due
        decision checks it completely, then changes the state. IllegalAction
        (state unchanged) when the seat may not act now or the rules refuse
        the action. (The hot path of every playout: kept to a few lookups.)"""
        groups = self.decisions._groups
        if not groups:
            self._refuse(seat)
        decision = groups[0][0]
        if decision.seat != seat or seat.__class__ is not int:
            decision = self.decisions.due_for(seat) if seat.__class__ is int else None
            if decision is None:
                self._refuse(seat)
        handler = self._handlers.get(decision.__class__)
        if handler is None:
            raise IllegalAction(f"{self.names[seat]} has nothing to decide now.")
        if events is None:  # a playout: nobody reads the log (and _events is None)
            following = handler(self, decision, action)
        else:
            self._events = events
            try:
                following = handler(self, decision, action)
            finally:
                self._events = None
        if following is not None:  # the turn passes on, in place of the decision answered
            groups[0] = (following,)
            self.decisions._seats = (following.seat,)

    def _refuse(self, seat: Any) -> NoReturn:
        """Why ``seat`` may not act now, as the IllegalAction to raise."""
        if seat.__class__ is not int or not 0 <= seat < self.n:
            raise IllegalAction(f"There is no seat {seat!r} at this table.")
        if self.is_over():
            raise IllegalAction("The game is over.")
        movers = self.to_move()
        if len(movers) == 1:
            raise IllegalAction(f"It is {self.names[movers[0]]}'s turn, not {self.names[seat]}'s.")
        raise IllegalAction(f"{self.names[seat]} has nothing to decide now.")

    def to_move(self) -> tuple[int, ...]:
        """Seats that must decide now: those of the decisions due now.
        Games do not override it (the queue caches it)."""
        return self.decisions._seats

    def due(self, seat: int) -> Decision | None:
        """The pending decision ``seat`` must make now, if any."""
        return self.decisions.due_for(seat)

    def due_phase(self) -> str:
        """The due decision's ``PHASE``; ``FINAL_PHASE`` when none is
        pending. A game's ``phase`` property returns it as its ``Phase``."""
        head = self.decisions.current()
        return head.PHASE if head is not None else self.FINAL_PHASE

    # ----- copies and pieces
    def copy(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = random.Random(0)  # an int seed is cheap; no seeding from the OS
        other.rng.setstate(self.rng.getstate())
        other.decisions = self.decisions.copy()
        for name in self.DEEP:
            setattr(other, name, _clone(getattr(self, name)))
        return other

    def pieces(self) -> Counter[str]:
        """Everything that is conserved (cards, and any other pieces a game
        adds: nuts, tokens). The property tests check it never changes."""
        return Counter(self.all_card_ids())

    @abstractmethod
    def all_card_ids(self) -> list[str]: ...

    def is_over(self) -> bool:
        """Over when nobody has anything left to decide (a game may answer
        from its own state where that is cheaper)."""
        return not self.decisions._seats

    @abstractmethod
    def view(self, seat: int | None) -> Mapping[str, Any]: ...
