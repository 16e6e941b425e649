"""Decisions inside someone's turn, held as data.

A game pushes a ``Decision`` ("seat S must now choose X, because of Y") on
its ``DecisionQueue``; ``to_move()``, ``legal_actions()``, ``prompt()`` and
the view all read the queue, so there is no private stack of tuples to read
back. In the spirit of boardgame.io's stages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, Iterable, Iterator, TypeVar

from tablegames.core.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Decision:
    """Seat ``seat`` must decide; ``reason`` says why, in a few words.

    Games subclass it per kind of decision with typed fields, e.g.
    ``class SplitCustoms(Decision): gained: int``."""

    seat: int
    reason: str = field(default="", kw_only=True)


D = TypeVar("D", bound=Decision)


class DecisionQueue(Generic[D]):
    """Pending decisions, the one due first at the front."""

    __slots__ = ("_items",)

    def __init__(self, items: Iterable[D] = ()) -> None:
        self._items: list[D] = list(items)

    def push(self, decision: D) -> None:
        """Due after every decision already pending."""
        self._items.append(decision)

    def interrupt(self, decision: D) -> None:
        """Due before every decision already pending."""
        self._items.insert(0, decision)

    def current(self) -> D | None:
        return self._items[0] if self._items else None

    def pop(self) -> D:
        if not self._items:
            raise IllegalAction("Nobody has anything to decide now.")
        return self._items.pop(0)

    def expect(self, seat: int, *kinds: type[D]) -> D:
        """The decision due now for ``seat`` (of one of ``kinds`` if given);
        IllegalAction when there is none."""
        head = self.current()
        if head is None or head.seat != seat:
            raise IllegalAction("You have nothing to decide now.")
        if kinds and not isinstance(head, kinds):
            raise IllegalAction(f"First decide this: {head.reason or type(head).__name__}.")
        return head

    def seats(self) -> tuple[int, ...]:
        head = self.current()
        return () if head is None else (head.seat,)

    def clear(self) -> None:
        self._items.clear()

    def copy(self) -> "DecisionQueue[D]":
        return DecisionQueue(self._items)  # decisions are immutable

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __iter__(self) -> Iterator[D]:
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DecisionQueue) and self._items == other._items

    def __repr__(self) -> str:
        return f"DecisionQueue({self._items!r})"
