"""Simultaneous secret choices: several seats choose at once, none sees the
others' choices, and all are revealed together once everyone has chosen."""

from __future__ import annotations

from typing import Generic, Iterable, TypeVar

from tablegames.core.errors import IllegalAction

A = TypeVar("A")


class SecretChoices(Generic[A]):
    __slots__ = ("_seats", "_chosen")

    def __init__(self, seats: Iterable[int]) -> None:
        self._seats: tuple[int, ...] = tuple(seats)
        self._chosen: dict[int, A] = {}

    def waiting(self) -> tuple[int, ...]:
        """Seats that have not chosen yet, in seat order."""
        return tuple(s for s in self._seats if s not in self._chosen)

    def chosen(self) -> tuple[int, ...]:
        """Seats that have chosen, in the order they chose (the order
        ``reveal`` gives them in; a position must keep it)."""
        return tuple(self._chosen)

    def has_chosen(self, seat: int) -> bool:
        return seat in self._chosen

    def choose(self, seat: int, choice: A) -> None:
        if seat not in self._seats:
            raise IllegalAction("You take no part in this choice.")
        if seat in self._chosen:
            raise IllegalAction("You have already chosen.")
        self._chosen[seat] = choice

    @property
    def complete(self) -> bool:
        return len(self._chosen) == len(self._seats)

    def own(self, seat: int | None) -> A | None:
        """What ``seat`` itself chose (only its own view may show it)."""
        return None if seat is None else self._chosen.get(seat)

    def reveal(self) -> dict[int, A]:
        """Every choice, once all are in."""
        if not self.complete:
            raise RuntimeError("choices are revealed only when everyone has chosen")
        return dict(self._chosen)

    def copy(self) -> "SecretChoices[A]":
        other: SecretChoices[A] = SecretChoices(self._seats)
        other._chosen = dict(self._chosen)
        return other

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, SecretChoices) and self._seats == other._seats
                and self._chosen == other._chosen)

    def __repr__(self) -> str:
        return f"SecretChoices(waiting={self.waiting()})"
