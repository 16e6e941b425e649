"""How the app names things, the same on every screen."""

from __future__ import annotations

from tablegames.core.records import Seat


def seat_label(seat: Seat) -> str:
    """A player's name, with "(bot)" for a computer player."""
    return seat.name if seat.is_human else f"{seat.name} (bot)"
