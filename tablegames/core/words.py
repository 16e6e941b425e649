"""Words the app and the games share (no UI here: core, games and ui use it)."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word``, in the singular for one (or minus one):
    ``plural(1, "card")`` is "1 card", ``plural(3, "card")`` "3 cards",
    ``plural(-1, "point")`` "-1 point". ``many`` gives an irregular plural."""
    if abs(count) == 1:
        return f"{count} {word}"
    return f"{count} {many if many is not None else word + 's'}"


def whole_number(text: str, signed: bool = False) -> int:
    """``text`` read as a whole number written with the ASCII digits 0-9
    (after a minus sign when ``signed``): the one rule for digits in move
    notation, options, seeds and flags. ``int()`` alone also reads "٣",
    "１０", "+3", "1_000" and " 3"; here they raise ValueError, as anything
    else that is no such number does."""
    digits = text[1:] if signed and text[:1] == "-" else text
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"not a whole number written with the digits 0-9: {text!r}")
    return int(text)
