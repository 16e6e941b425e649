"""How the app names things, the same on every screen.

Names are typed by players (``[/]`` is a fine name), so they are always
text, never markup: wherever a string with a name goes into a widget that
reads markup (a border title, a Static, a Button, a notification), pass it
through ``as_text``.
"""

from __future__ import annotations

from rich.text import Text

from tablegames.core.records import Seat


def as_text(text: str, style: str = "") -> Text:
    """``text`` shown exactly as written: never read as markup."""
    return Text(text, style=style)


def seat_label(seat: Seat) -> str:
    """A player's name, with "(bot)" for a computer player."""
    return seat.name if seat.is_human else f"{seat.name} (bot)"
