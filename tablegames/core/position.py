"""Positions: a game set up from a plain description instead of a deal.

A position file is JSON::

    {"game": "<game id>", "players": ["Ann", "Bob", "Cy"],
     "options": {...}, "seed": 7,
     "position": {... the game's own description ...}}

Each game's ``position.py`` builds its state from its part
(``GameSpec.build_position``) and describes a state the same way
(``GameSpec.describe_position``): building what a state describes gives a
state that plays on exactly like it. Here the parts every game shares: the
file's envelope, the one error, and the conservation check (a position has
exactly the pieces of a fresh game with the same players and options).
Rule tests, `tablegames play GAME --position FILE` and records of matches
started from a position all go through ``build``."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from tablegames.core.seats import quoted, said as said_value

if TYPE_CHECKING:
    from tablegames.core.game import GameSpec, GameState


class PositionError(ValueError):
    """An impossible or malformed position. The message is one line for
    the person who wrote the file."""


def build(spec: "GameSpec", names: Sequence[str], description: Mapping[str, Any],
          options: Mapping[str, Any] | None = None, seed: int = 0) -> "GameState":
    """The state ``description`` describes, checked: the game's own checks,
    then that it holds exactly the pieces of a fresh game."""
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


def seat_of(names: Sequence[str], value: Any, what: str) -> int:
    """A seat written as its number or its player's name."""
    if type(value) is int and 0 <= value < len(names):
        return value
    if isinstance(value, str) and value in names:
        return list(names).index(value)
    raise PositionError(f"{what} must be a seat number 0-{len(names) - 1} or a player's name, "
                        f"not {said(value)}.")


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
