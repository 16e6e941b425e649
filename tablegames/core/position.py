"""Positions: a game set up from a plain description instead of a deal.

A position file is JSON::

    {"game": "<game id>", "players": ["Ann", "Bob", "Cy"],
     "options": {...}, "seed": 7,
     "position": {... the game's own description ...}}

Each game's ``position.py`` builds its state from its part
(``GameSpec.build_position``) and describes a state the same way
(``GameSpec.describe_position``): building what a state describes gives a
state that plays on exactly like it. Here the parts every game shares: the
file's envelope, the one error, the conservation check (a position has
exactly the pieces of a fresh game with the same players and options) and
the checks every game's description needs (a seat, a list per seat, a list
of cards, each card once, whole numbers), each refusal one line.

Seats: a seat is written as its player's name or as its number counted
from 1, as seat setup and every message count them (``"dealer": 3`` is the
third player). Positions that records saved before this counted seats from
0; records now keep the game's own description, which names every seat
(``recorded``), and read the older ones as they were meant (``build``).
Rule tests, `tablegames play GAME --position FILE` and records of matches
started from a position all go through ``build``."""

from __future__ import annotations

import copy
import json
from collections import Counter
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from tablegames.core.seats import quoted, said as said_value

if TYPE_CHECKING:
    from tablegames.core.game import GameSpec, GameState


class PositionError(ValueError):
    """An impossible or malformed position. The message is one line for
    the person who wrote the file."""


def build(spec: "GameSpec", names: Sequence[str], description: Mapping[str, Any],
          options: Mapping[str, Any] | None = None, seed: int = 0, *, first_seat: int = 1) -> "GameState":
    """The state ``description`` describes, checked: the game's own checks,
    then that it holds exactly the pieces of a fresh game.

    A seat is written as its player's name or as its number, counted from
    1 as everywhere a player reads (seat setup, messages). ``first_seat=0``
    reads the numbers of a position saved in a record before that: the
    position files it was started from counted seats from 0. (Records now
    keep the game's own description, ``describe``, which names every seat.)"""
    token = _FIRST_SEAT.set(first_seat)
    try:
        return _build(spec, names, description, options, seed)
    finally:
        _FIRST_SEAT.reset(token)


def _build(spec: "GameSpec", names: Sequence[str], description: Mapping[str, Any],
           options: Mapping[str, Any] | None, seed: int) -> "GameState":
    if spec.build_position is None:
        raise PositionError(f"{spec.title} cannot start from a position.")
    try:
        spec.check_players(len(names))
        resolved = spec.resolve_options(dict(options or {}), len(names))
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    if not isinstance(description, Mapping):
        raise PositionError("The position must be a JSON object.")
    state = spec.build_position(tuple(names), resolved, description, seed)
    check_pieces(state.pieces(), spec.new_game(names, resolved, seed).pieces())
    return state


def describe(spec: "GameSpec", state: "GameState") -> dict[str, Any]:
    """The game's description of ``state`` (what ``build`` takes back)."""
    if spec.describe_position is None:
        raise PositionError(f"{spec.title} cannot describe a position.")
    return spec.describe_position(state)


def recorded(spec: "GameSpec", state: "GameState", description: Mapping[str, Any]) -> dict[str, Any]:
    """What a record keeps of the position ``state`` was built from: the
    game's own description of it, which names every seat and fills in every
    default (``records.first_state`` builds it back; a number in it would be
    read as a seat counted from 0, as older records wrote them). A game
    that cannot describe keeps the file's description."""
    return describe(spec, state) if spec.describe_position is not None else dict(description)


_SAID_LIMIT = 80


def said(value: Any) -> str:
    """``value`` from a position file as a one-line message shows it: text
    quoted and escaped as names are, anything else in JSON's words (true,
    null, [1, "x"]), at most a short prefix (``seats.said``)."""
    return said_value(value, _SAID_LIMIT)


def check_pieces(found: Counter[str], expected: Counter[str]) -> None:
    """Conservation: every piece of the game exactly once (or as often as a
    fresh game has it)."""
    extra = found - expected
    missing = expected - found
    if extra:
        piece, count = sorted(extra.items())[0]
        raise PositionError(f"The position has {said(piece)} {found[piece]} time(s); the game has it "
                            f"{expected[piece]} time(s).")
    if missing:
        piece = sorted(missing)[0]
        raise PositionError(f"The position is missing {said(piece)} ({len(missing)} kind(s) of piece are "
                            "missing in all); every piece must be somewhere.")


# The number of the first seat in the description being built (see build).
_FIRST_SEAT: ContextVar[int] = ContextVar("first_seat", default=1)


def seat_of(names: Sequence[str], value: Any, what: str) -> int:
    """A seat written as its player's name or its number (from 1)."""
    if isinstance(value, str) and value in names:
        return list(names).index(value)
    first = _FIRST_SEAT.get()
    if type(value) is int and first <= value < len(names) + first:
        return value - first
    raise PositionError(f"{what} must be a player's name or a seat number {first}-{len(names) - 1 + first}, "
                        f"not {said(value)}.")


REQUIRED: Any = object()  # (per_seat's default: the field must be there)


def per_seat(description: Mapping[str, Any], key: str, names: Sequence[str], default: Any = REQUIRED) -> list[Any]:
    """``description[key]``: a list of one entry per seat, in seat order;
    when it is absent (or null), ``default`` for every seat (a fresh copy
    each), or an error if it is ``REQUIRED``."""
    value = description.get(key)
    if value is None:
        if default is REQUIRED:
            raise PositionError(f"The position needs {said(key)} (one entry per seat, in seat order).")
        return [copy.deepcopy(default) for _ in names]
    if not isinstance(value, list) or len(value) != len(names):
        raise PositionError(f"{said(key)} must be a list of {len(names)} entries, one per seat in seat order, "
                            f"not {said(value)}.")
    return value


def card_list(value: Any, what: str, card_of: Callable[[Any], int | None], cards_are: str) -> list[int]:
    """A list of cards, each read by the game's ``card_of`` (None: there is
    no such card); ``cards_are`` says what a card looks like."""
    if not isinstance(value, list):
        raise PositionError(f"{what} must be a list of cards ({cards_are}), not {said(value)}.")
    cards = []
    for token in value:
        card = card_of(token)
        if card is None:
            raise PositionError(f"{what}: {said(token)} is not a card ({cards_are}).")
        cards.append(card)
    return cards


def each_card_once(places: Iterable[tuple[str, Iterable[int]]], name: Callable[[int], str]) -> None:
    """No card in two places, nor twice in one (``check_pieces`` then finds
    any missing)."""
    where: dict[int, str] = {}
    for place, cards in places:
        for card in cards:
            if card in where:
                both = f"twice in {place}" if where[card] == place else f"in {where[card]} and in {place}"
                raise PositionError(f"{name(card)} is {both}: every card is in one place only.")
            where[card] = place


def whole_numbers(value: Any, what: str, size: int | None = None) -> list[int]:
    """A list of whole numbers 0 or more (``size`` of them, if given)."""
    count = "" if size is None else f"{size} "
    if not isinstance(value, list) or (size is not None and len(value) != size) or not all(
            type(x) is int and x >= 0 for x in value):
        raise PositionError(f"{what} must be a list of {count}whole numbers 0 or more, not {said(value)}.")
    return list(value)


def turns_had(start: int, turns: int, n: int) -> list[int]:
    """How many of ``turns`` turns each of ``n`` seats has had, the turn
    passing to the left from seat ``start`` (the turn order every game
    shares: a position's counts and who is to move are checked against it)."""
    rounds, extra = divmod(turns, n)
    return [rounds + ((seat - start) % n < extra) for seat in range(n)]


def field(description: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str = "") -> Any:
    """``description[key]``, which must be of ``kind``."""
    if key not in description:
        raise PositionError(f"The position needs {said(key)}{f' ({what})' if what else ''}.")
    value = description[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        kinds = kind if isinstance(kind, tuple) else (kind,)
        # (A number or a name is a seat, in every game: seat_of reads it.)
        wanted = ("a seat number or a player's name" if set(kinds) == {int, str}
                  else " or ".join(_JSON_KIND.get(k, "another kind") for k in kinds))
        raise PositionError(f"{said(key)} must be {wanted}, not {said(value)}.")
    return value


# A field's kind in the words of the JSON file the person wrote.
_JSON_KIND: dict[type, str] = {int: "a whole number", str: "text", list: "a list", dict: "a JSON object",
                               bool: "true or false", float: "a number", type(None): "null"}


def unknown_keys(description: Mapping[str, Any], known: Iterable[str]) -> None:
    """A typo in a key is an error, not a silently ignored field."""
    extra = sorted(set(description) - set(known))
    if extra:
        raise PositionError(f"The position has no field {said(extra[0])} (fields: {', '.join(sorted(known))}).")


class _LongNumber(ValueError):
    pass


def _whole_number(text: str, most: int) -> int:
    """A JSON whole number of at most ``most`` digits (a 5,000 digit one
    would make ``int`` itself refuse, past any check)."""
    digits = len(text.lstrip("-"))
    if digits > most:
        raise _LongNumber(f"a number with {digits:,} digits")
    return int(text)


def load(path: Path) -> tuple["GameSpec", tuple[str, ...], dict[str, Any], int, dict[str, Any]]:
    """Read a position file: (spec, names, options, seed, the game's part).
    PositionError (one line) for anything wrong with it."""
    from tablegames.core import registry
    from tablegames.core.records import MAX_DIGITS  # (as `replay` reads a record's numbers)

    path = Path(path)
    name = quoted(str(path), 200)
    try:
        if path.exists() and not path.is_file():  # (a pipe would block the read)
            raise PositionError(f"The position file {name} is not a file.")
        data = json.loads(path.read_text(encoding="utf-8"), parse_int=lambda text: _whole_number(text, MAX_DIGITS))
    except _LongNumber as exc:
        raise PositionError(f"The position file {name} holds {exc}; no position needs one.") from None
    except OSError as exc:
        raise PositionError(f"Cannot read the position file {name}: {exc.strerror or exc}.") from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        why = (exc if isinstance(exc, json.JSONDecodeError) else "it is not UTF-8 text"
               if isinstance(exc, UnicodeDecodeError) else "it is nested too deep")
        raise PositionError(f"The position file {name} is not JSON ({why}).") from None
    if not isinstance(data, dict):
        raise PositionError("A position file is a JSON object with game, players and position.")
    unknown_keys(data, ("game", "players", "options", "seed", "position"))
    game = field(data, "game", str, "the game's id")
    try:
        spec = registry.get(game)
    except registry.UnknownGame:
        raise PositionError(f"Unknown game {said(game)}. Known games: {', '.join(registry.ids())}.") from None
    players = field(data, "players", list, "the players' names in seat order")
    if not all(isinstance(p, str) and p.strip() for p in players):
        raise PositionError("'players' must be a list of names.")
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(type(value) is int for value in options.values()):
        raise PositionError("'options' must map option names to whole numbers.")
    long_name = next((key for key in options if len(key) > _SAID_LIMIT), None)
    if long_name is not None:  # (refused here, quoted short: the resolver would echo all of it)
        raise PositionError(f"{spec.title} has no option {said(long_name)}.")
    seed = data.get("seed", 0)
    if type(seed) is not int or not 0 <= seed < 2 ** 63:
        raise PositionError("'seed' must be a whole number 0 or more.")
    description = field(data, "position", dict, "the game's own description")
    return spec, tuple(players), options, seed, description
