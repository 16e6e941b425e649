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
the vocabulary every game's builder reads its description with: a
``Reader`` over its fields (a typo in a key refused, defaults, typed
fields, one of a set of words, flags, seats, a seat the rest of the
position fixes that the description may give: ``agrees``, lists per
seat), the game's ``Cards`` (reading, each card once, writing back),
``put_away`` for a deck or the cards put away when left out, ``lists`` to
write rows back; under them the single checks (a seat, a list per seat, a
list of cards, each card once, whole numbers), each refusal one line, and
``refuse_if`` for a game's own checks between its fields. A game's
position.py keeps its own fields and those checks (docs/positions.md
lists every game's fields and the shared wording of a refusal).

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
import random
from collections import Counter
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence, TypeVar

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


def refuse_if(wrong: object, message: str) -> None:
    """Refuse the position when ``wrong`` holds, ``message`` one line
    naming the field (built either way, so it must be safe to build)."""
    if wrong:
        raise PositionError(message)


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


def seat_of_key(names: Sequence[str], key: str, what: str) -> int:
    """A seat written as a JSON object's key: its player's name, or its
    number as text ("2")."""
    digits = isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 3
    return seat_of(names, int(key) if digits else key, what)


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


class Cards:
    """A game's cards as a description writes them: ``card_of`` reads one
    (None: there is no such card), ``cards_are`` says in a refusal what a
    card looks like, ``name`` names one in a message, ``write`` writes one
    back (``ids`` and ``numbered`` make the two kinds the games use)."""

    def __init__(self, card_of: Callable[[Any], int | None], cards_are: str, name: Callable[[int], str],
                 write: Callable[[int], Any]) -> None:
        self.card_of, self.cards_are, self.name, self.write = card_of, cards_are, name, write

    @classmethod
    def ids(cls, ids: Sequence[str], cards_are: str) -> "Cards":
        """Cards written as their ids (``ids[card]``), named so in messages."""
        by_id = {cid: card for card, cid in enumerate(ids)}
        return cls(lambda v: by_id.get(v) if isinstance(v, str) else None, cards_are, ids.__getitem__,
                   ids.__getitem__)

    @classmethod
    def numbered(cls, low: int, high: int, cards_are: str) -> "Cards":
        """Cards written as their numbers ``low``-``high`` ("Card 7" in messages)."""
        return cls(lambda v: v if type(v) is int and low <= v <= high else None, cards_are, "Card {}".format, int)

    def read(self, value: Any, what: str) -> list[int]:
        """A list of cards (``card_list``)."""
        return card_list(value, what, self.card_of, self.cards_are)

    def one(self, value: Any, what: str) -> int:
        return self.read([value], what)[0]

    def once(self, places: Iterable[tuple[str, Iterable[int]]]) -> None:
        """No card in two places, nor twice in one (``each_card_once``)."""
        each_card_once(places, self.name)

    def out(self, cards: Iterable[int]) -> list[Any]:
        """``cards`` as the description writes them."""
        return [self.write(c) for c in cards]


T = TypeVar("T")


class Reader:
    """A game's description being read, field by field: a typo in a key is
    refused at once (``fields`` are the keys there are), a field left out
    takes its default (null is a value, refused where it means nothing:
    ``given`` and ``optional_seat`` read it as left out), seats are names or
    numbers (``seat_of``), and every refusal is one line naming the field."""

    def __init__(self, description: Mapping[str, Any], names: Sequence[str], fields: Iterable[str]) -> None:
        unknown_keys(description, fields)
        self.description = description
        self.names = tuple(names)
        self.n = len(self.names)

    def given(self, key: str) -> bool:
        """Whether ``key`` is there and not null."""
        return self.description.get(key) is not None

    def get(self, key: str, default: Any = None) -> Any:
        """The value as written, or ``default`` when left out."""
        return self.description.get(key, default)

    def field(self, key: str, kind: type | tuple[type, ...], what: str = "") -> Any:
        """A field that must be there, of ``kind`` (``field``)."""
        return field(self.description, key, kind, what)

    def number(self, key: str, low: int, high: int | None = None, default: int | None = None) -> int:
        """A whole number ``low``-``high`` (from ``low`` without ``high``);
        ``default`` when left out, needed without one."""
        if key not in self.description and default is not None:
            return default
        value = self.field(key, object)
        if type(value) is not int or value < low or (high is not None and value > high):
            span = f"from {low}" if high is None else f"{low}-{high}"
            raise PositionError(f"{said(key)} must be a whole number {span}, not {said(value)}.")
        return value

    def word(self, key: str, words: Iterable[str | None], default: Any = REQUIRED) -> Any:
        """One of ``words`` (a decision, a district; None is null); ``default``
        when left out, needed without one."""
        words = tuple(words)
        if key not in self.description and default is REQUIRED:
            raise PositionError(f"The position needs {said(key)} (one of {', '.join(map(said, words))}).")
        value = self.description.get(key, default)
        if value not in words or isinstance(value, bool):
            raise PositionError(f"{said(key)} must be one of {', '.join(map(said, words))}, not {said(value)}.")
        return value

    def flag(self, key: str) -> bool:
        """True or false; false when left out."""
        value = self.description.get(key, False)
        if type(value) is not bool:
            raise PositionError(f"{said(key)} must be true or false, not {said(value)}.")
        return value

    def seat(self, key: str, what: str = "") -> int:
        """A seat that must be there."""
        return seat_of(self.names, self.field(key, (int, str), what), said(key))

    def seat_or(self, key: str, default: T) -> int | T:
        """A seat, or ``default`` when left out."""
        return seat_of(self.names, self.description[key], said(key)) if key in self.description else default

    def optional_seat(self, key: str) -> int | None:
        """A seat, or None when left out or null."""
        return seat_of(self.names, self.description[key], said(key)) if self.given(key) else None

    def seats(self, key: str, value: Any = None) -> list[int]:
        """Seats written as one seat or a list of them (``value``, or the field's)."""
        value = self.get(key) if value is None else value
        return [seat_of(self.names, v, said(key)) for v in (value if isinstance(value, list) else [value])]

    def agrees(self, key: str, seat: int, why: str) -> int:
        """``seat``, fixed by the rest of the position; ``key`` may give it and
        then must agree (``why`` says what fixes it)."""
        given = self.optional_seat(key)
        if given is not None and given != seat:
            raise PositionError(f"{said(key)} must be {self.names[seat]}, not {self.names[given]}: {why}.")
        return seat

    def per_seat(self, key: str, default: Any = REQUIRED) -> list[Any]:
        """One entry per seat (``per_seat``)."""
        return per_seat(self.description, key, self.names, default)

    def cards(self, key: str, cards: Cards, default: T) -> list[int] | T:
        """A list of cards, or ``default`` when left out."""
        return cards.read(self.description[key], said(key)) if key in self.description else default

    def cards_per_seat(self, key: str, cards: Cards, what: str, default: Any = REQUIRED) -> list[list[int]]:
        """A list of cards per seat; ``what`` words a seat's list, ``{}`` its
        player's name ("{}'s hand")."""
        return [cards.read(row, what.format(name)) for name, row in zip(self.names, self.per_seat(key, default))]

    def numbers_per_seat(self, key: str, default: int | None = 0) -> list[int]:
        """A whole number 0 or more per seat (``whole_numbers``); ``default``
        for every seat when left out, needed when None."""
        return whole_numbers(self.per_seat(key, REQUIRED if default is None else default), said(key), self.n)


def lists(rows: Iterable[Iterable[Any]]) -> list[list[Any]]:
    """Rows (hands, piles per seat) as a description writes them: lists."""
    return [list(row) for row in rows]


def put_away(cards: Iterable[int], placed: Iterable[int], seed: int, away: list[int] | None, cut: int,
             pile: list[int] | None) -> tuple[list[int], list[int]]:
    """The cards put away unseen at setup and a pile (a deck, a discard), as
    given or, when left out, dealt from the cards placed nowhere else,
    shuffled by ``seed``: ``cut`` of them put away, the rest the pile."""
    rest = unplaced(cards, [*placed, *(away or ()), *(pile or ())], seed)
    if away is None:
        away, rest = rest[:cut], rest[cut:]
    return away, rest if pile is None else pile


def unplaced(cards: Iterable[int], placed: Iterable[int], seed: int | None) -> list[int]:
    """The ``cards`` the description places nowhere, in order, or shuffled
    by ``seed``: where a deck or the cards put away unseen come from when
    the description leaves them out."""
    taken = set(placed)
    rest = [c for c in cards if c not in taken]
    if seed is not None:
        random.Random(seed).shuffle(rest)
    return rest


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
