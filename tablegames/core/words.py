"""Words the app and the games share (no UI here: core, games and ui use it)."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word``, in the singular for one (or minus one):
    ``plural(1, "card")`` is "1 card", ``plural(3, "card")`` "3 cards",
    ``plural(-1, "point")`` "-1 point". ``many`` gives an irregular plural."""
    if abs(count) == 1:
        return f"{count} {word}"
    return f"{count} {many if many is not None else word + 's'}"
