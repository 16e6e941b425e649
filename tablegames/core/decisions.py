"""Who must decide what, held as data: the one source of turn flow.

A game pushes a ``Decision`` ("seat S must now choose X, because of Y") on
its ``DecisionQueue``. ``BaseState.to_move()`` is the seats of the group due
now (cached here, so asking is free), ``BaseState.apply`` routes an action to
the game's handler for the due decision's type (``handles``), and a game's
phase is the due decision's ``PHASE``. Several seats deciding at once (all
pass cards, all arrange their hands) are one group pushed with
``push_together``; each seat's decision leaves the group when it is taken.
In the spirit of boardgame.io's stages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Generic, Iterable, Iterator, TypeVar

from tablegames.core.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Decision:
    """Seat ``seat`` must decide; ``reason`` says why, in a few words.

    Games subclass it per kind of decision with typed fields, e.g.
    ``class SplitCustoms(Decision): gained: int``, and name the phase the
    kind belongs to in ``PHASE`` (a member of the game's ``Phase``)."""

    PHASE: ClassVar[str] = ""

    seat: int
    reason: str = field(default="", kw_only=True)


D = TypeVar("D", bound=Decision)


class DecisionQueue(Generic[D]):
    """Pending decisions in groups; the group at the front is due now (one
    decision, or several seats deciding at once)."""

    __slots__ = ("_groups", "_seats")

    def __init__(self, items: Iterable[D] = ()) -> None:
        self._groups: list[tuple[D, ...]] = [(d,) for d in items]
        self._seats: tuple[int, ...] = ()
        self._changed()

    def _changed(self) -> None:
        if self._groups:
            group = self._groups[0]
            # One decision is the common case (a turn): no generator for it.
            self._seats = (group[0].seat,) if len(group) == 1 else tuple([d.seat for d in group])
        else:
            self._seats = ()

    # ----- adding
    def push(self, decision: D) -> None:
        """Due after every decision already pending."""
        groups = self._groups
        groups.append((decision,))
        if len(groups) == 1:
            self._seats = (decision.seat,)

    def push_together(self, decisions: Iterable[D]) -> None:
        """One group, due after every decision already pending: its seats
        decide at once, in any order."""
        group = tuple(decisions)
        if group:
            self._groups.append(group)
            if len(self._groups) == 1:
                self._changed()

    def refill(self, decisions: Iterable[D]) -> None:
        """The queue being empty (a round of turns is over), queue
        ``decisions`` one after another: a round's or a trick's turns, fixed
        when it begins."""
        groups = self._groups
        if groups:
            raise ValueError(f"refill: {self._groups[0][0]!r} is still pending")
        groups.extend(zip(decisions))  # one-decision groups, built in C
        self._changed()

    def interrupt(self, decision: D) -> None:
        """Due before every decision already pending."""
        self._groups.insert(0, (decision,))
        self._changed()

    # ----- reading
    def seats(self) -> tuple[int, ...]:
        """The seats that must decide now."""
        return self._seats

    def current(self) -> D | None:
        """The first decision due now (None when nothing is pending)."""
        return self._groups[0][0] if self._groups else None

    def due_for(self, seat: int) -> D | None:
        """``seat``'s decision among those due now, if any."""
        groups = self._groups
        if groups:
            group = groups[0]
            if group[0].seat == seat:  # a plain turn: no loop
                return group[0]
            for d in group:
                if d.seat == seat:
                    return d
        return None

    def expect(self, seat: int, *kinds: type[D]) -> D:
        """The decision due now for ``seat`` (of one of ``kinds`` if given);
        IllegalAction when there is none."""
        d = self.due_for(seat)
        if d is None:
            raise IllegalAction("You have nothing to decide now.")
        if kinds and not isinstance(d, kinds):
            raise IllegalAction(f"First decide this: {d.reason or type(d).__name__}.")
        return d

    # ----- removing
    def take(self, seat: int) -> D:
        """Remove and return ``seat``'s decision among those due now."""
        groups = self._groups
        if groups:
            group = groups[0]
            if len(group) == 1:  # the common case (a turn) first: it is every playout's hot path
                d = group[0]
                if d.seat == seat:
                    del groups[0]
                    if groups and len(groups[0]) == 1:  # the next plain turn, without a call
                        self._seats = (groups[0][0].seat,)
                    else:
                        self._changed()
                    return d
                raise IllegalAction("You have nothing to decide now.")
            for i, d in enumerate(group):
                if d.seat == seat:
                    rest = group[:i] + group[i + 1:]
                    if rest:
                        self._groups[0] = rest
                    else:
                        del self._groups[0]
                    self._changed()
                    return d
        raise IllegalAction("You have nothing to decide now.")

    def pop(self) -> D:
        """Remove and return the first decision due now."""
        if not self._groups:
            raise IllegalAction("Nobody has anything to decide now.")
        return self.take(self._groups[0][0].seat)

    def clear(self) -> None:
        self._groups.clear()
        self._seats = ()

    # ----- copies and comparisons
    def copy(self) -> "DecisionQueue[D]":
        other: DecisionQueue[D] = DecisionQueue.__new__(DecisionQueue)
        other._groups = self._groups[:]  # groups and decisions are immutable
        other._seats = self._seats
        return other

    def __len__(self) -> int:
        return sum(len(g) for g in self._groups)

    def __bool__(self) -> bool:
        return bool(self._groups)

    def __iter__(self) -> Iterator[D]:
        return (d for g in self._groups for d in g)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DecisionQueue) and self._groups == other._groups

    def __repr__(self) -> str:
        return f"DecisionQueue({self._groups!r})"
