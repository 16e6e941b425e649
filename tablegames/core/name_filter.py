"""Which seats a typed player filter finds (the history's "/" and
``tablegames history --player``): the name as the history lists it, or its
start, trimmed and in any case, so "ki" finds Kim and "Bot" every "Bot 1".

The history lists a bot not named "Bot ..." as "Cy (bot)": a filter ending
in "(bot)" finds bots only, by the name before it.
"""

from __future__ import annotations

import re

_BOT_MARK = re.compile(r"\s*\(bot\)$")


def fold(text: str) -> str:
    """A name as compared: spaces tidied, case-folded."""
    return " ".join(text.split()).casefold()


def seat_matches(typed: str, name: str, is_bot: bool) -> bool:
    """Whether a filter as typed finds the seat ``name`` (a bot or not)."""
    wanted = fold(typed)
    mark = _BOT_MARK.search(wanted)
    if mark:
        if not is_bot:
            return False
        wanted = wanted[:mark.start()]
    return fold(name).startswith(wanted)
