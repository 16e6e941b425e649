"""Values shown in one-line messages: text made safe for a terminal
(control characters escaped), quoted and cut short, and anything read from
a JSON file in JSON's own words. Kept apart from the seat rules so that
the game contract (core/game.py) can quote without importing seats."""

from __future__ import annotations

import json
import reprlib
import unicodedata
from typing import Any

__all__ = ["is_control", "quoted", "said", "shown"]


def is_control(char: str) -> bool:
    # Cc: C0/C1 controls (escape, bell, tab, newline...); Cf: invisible
    # format characters (right-to-left overrides, zero-width joiners);
    # Cs/Co/Cn: surrogates, private use, unassigned; Zl/Zp: line breaks.
    category = unicodedata.category(char)
    return category[0] == "C" or category in ("Zl", "Zp")


def shown(text: str) -> str:
    """``text`` safe to print on a terminal: control characters escaped
    (``\\x1b`` as the four characters ``\\x1b``), everything else as is."""
    if text.isprintable() or not any(is_control(c) for c in text):
        return text
    return "".join(c.encode("unicode_escape").decode("ascii") if is_control(c) else c for c in text)


def quoted(text: str, limit: int = 40) -> str:
    """'text' in quotes for a message: escaped by ``shown``, cut at ``limit``."""
    cut = len(text) > limit
    text = shown(text[:limit])  # (only what is shown is escaped: a 10 MB text costs nothing)
    return f"'{text[:limit - 3] + '...' if cut or len(text) > limit else text}'"


def _short(value: object) -> str:
    return said(value, 24)


class _JsonWords(reprlib.Repr):
    """A value read from JSON in JSON's own words (true, false, null,
    "text"), never Python's (True, None, 'text'): the person who wrote the
    file reads it back as they wrote it. Long values are cut as reprlib
    cuts them (the start of a 10 MB list, never all of it)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = self.maxother = 40
        self.maxlist = self.maxdict = self.maxtuple = self.maxset = 6
        self.maxlevel = 3
        self.maxlong = 24

    def repr_bool(self, value: bool, level: int) -> str:
        return "true" if value else "false"

    def repr_NoneType(self, value: None, level: int) -> str:
        return "null"

    def repr_str(self, value: str, level: int) -> str:
        cut = len(value) > self.maxstring
        text = json.dumps(value[:self.maxstring], ensure_ascii=False)
        return text[:-1] + '..."' if cut else text

    def repr_float(self, value: float, level: int) -> str:
        if value != value:
            return "NaN"
        if value in (float("inf"), float("-inf")):
            return "Infinity" if value > 0 else "-Infinity"
        return repr(value)

    def repr_int(self, value: int, level: int) -> str:
        if abs(value).bit_length() > 256:
            return "a number that long"
        return super().repr_int(value, level)

    def repr_dict(self, value: dict[Any, Any], level: int) -> str:
        if not value:
            return "{}"
        if level <= 0:
            return "{...}"
        shown_items = [f"{self.repr1(k, level - 1)}: {self.repr1(v, level - 1)}"
                       for k, v in list(value.items())[:self.maxdict]]
        return "{" + ", ".join(shown_items) + (", ..." if len(value) > self.maxdict else "") + "}"

    def repr_instance(self, value: object, level: int) -> str:
        # Only JSON's kinds reach a message; anything else by its kind's
        # plain name, never "<class ...>" or an object's address.
        return "a value of another kind"


_JSON_WORDS = _JsonWords()


def said(value: object, limit: int = 80) -> str:
    """``value`` (read from a JSON file or typed) as a one-line message
    shows it: text quoted and escaped as names are (``quoted``), anything
    else in JSON's words (true, null, [1, "x"]), at most ``limit``
    characters."""
    if isinstance(value, str):
        return quoted(value, min(limit, 40))
    text = shown(_JSON_WORDS.repr(value))
    return text if len(text) <= limit else text[:limit - 3] + "..."
