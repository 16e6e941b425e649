"""Log events: what applying an action tells the table (or some seats)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game log.

    ``audience`` is None for a public event, else the seats that may read it.
    """

    text: str
    audience: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    @property
    def public(self) -> bool:
        return self.audience is None
