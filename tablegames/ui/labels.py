"""How the app names things, the same on every screen.

Names are typed by players (``[/]`` is a fine name), so they are always
text, never markup: wherever a string with a name goes into a widget that
reads markup (a border title, a Static, a Button, a notification), pass it
through ``as_text``.
"""

from __future__ import annotations

from rich.text import Text

import re

from tablegames.core.bots import level_name
from tablegames.core.seats import Seat

_BOT_NAME = re.compile(r"Bot \d+( \(\w+\))?")


def level_label(level: str) -> str:
    """A bot level as players read it: "easy", "hard"."""
    return level_name(level)


def bot_name(number: int, level: str, default_level: str) -> str:
    """The name seat setup gives the ``number``-th bot at the table, as the
    command line does: "Bot 1", or "Bot 2 (easy)" for a level other than
    the game's default."""
    return f"Bot {number}" if level == default_level else f"Bot {number} ({level_label(level)})"


def as_text(text: str, style: str = "") -> Text:
    """``text`` shown exactly as written: never read as markup."""
    return Text(text, style=style)


def seat_label(seat: Seat) -> str:
    """A player's name; a computer player whose name does not say so
    ("Cid" in an old save) gets "(bot)" after it, "Bot 2 (hard)" nothing."""
    if seat.is_human or _BOT_NAME.fullmatch(seat.name):
        return seat.name
    return f"{seat.name} (bot)"
