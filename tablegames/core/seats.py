"""Who sits at the table: one validator for seat names, bot levels and
seeds, shared by the command line (`--players`, `--seed`), seat setup and
the records read back from disk.

Names are plain text typed by people: spaces are tidied, the length is
limited so every screen shows them in full, duplicates are refused, and
control characters (a crafted ``\\x1b[2J`` clears a terminal) are refused
at entry and escaped on output by ``shown``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from tablegames.core.bots import level_name, normalise_level
# quoted, said and shown live in core/quoting.py; seats keeps offering them.
from tablegames.core.quoting import is_control
from tablegames.core.quoting import quoted as quoted, said as said, shown as shown

if TYPE_CHECKING:  # (for types only: the picker's first frame loads no game contract)
    from tablegames.core.game import GameSpec

# Longest name a seat may have, so the score table and the handover screen
# show names in full.
MAX_NAME = 12
# Longest text read as a name at all (spaces are tidied away only after):
# anything longer is too long whatever it holds.
MAX_TYPED = 20 * MAX_NAME

# The largest seed: any whole number from 0 up to this (a 64-bit value).
MAX_SEED = 2**63 - 1


class SeatError(ValueError):
    """A bad seat, name, level or seed; the message is one line for a player."""


@dataclass(frozen=True)
class Seat:
    name: str
    bot: str | None = None  # None: a human; else the bot level
    # A human who plays on their own device (the kitchen table: tablegames/table/),
    # not at the shared keyboard.
    phone: bool = False

    @property
    def is_human(self) -> bool:
        return self.bot is None

    @property
    def at_keyboard(self) -> bool:
        """A human who plays at the shared keyboard (hot seat)."""
        return self.bot is None and not self.phone

    def label(self) -> str:
        return self.name if self.is_human else f"{self.name} (bot: {level_name(self.bot or '')})"

    def to_json(self) -> dict[str, str | bool | None]:
        """The seat in a save and in JSON output: the level as players call
        it ("normal"); ``check_level`` reads that and the stored name
        ("heuristic", in older saves) alike."""
        data: dict[str, str | bool | None] = {"name": self.name,
                                              "bot": None if self.bot is None else level_name(self.bot)}
        if self.phone:
            data["phone"] = True  # (only then: saves without phones stay as they were)
        return data


def check_name(text: str, where: str = "") -> str:
    """A player's name as typed -> the name to use (spaces tidied).

    SeatError for an empty name, one longer than MAX_NAME characters, or one
    with a control character. ``where`` ("Seat 2") starts the message."""
    if not isinstance(text, str):
        raise SeatError(f"{where or 'A name'} must be text.")
    prefix = f"{where}: " if where else ""
    if len(text) > MAX_TYPED:  # (a pasted 10 MB name: refused before its characters are read)
        raise SeatError(f"{prefix}the name {quoted(text)} is too long (at most {MAX_NAME} characters).")
    bad = None if text.isprintable() else next((c for c in text if is_control(c)), None)
    if bad is not None:
        raise SeatError(f"{prefix}the name {quoted(text)} has a control character "
                        f"({shown(bad)}); use letters, digits, spaces and punctuation.")
    name = " ".join(text.split())
    if not name:
        raise SeatError(f"{prefix}a player needs a name." if where else "A player needs a name.")
    if len(name) > MAX_NAME:
        raise SeatError(f"{prefix}the name {quoted(name)} is too long (at most {MAX_NAME} characters).")
    return name


def check_distinct(names: Iterable[str]) -> None:
    """SeatError naming the first two seats that share a name (case aside)."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = name.casefold()
        if key in seen:
            raise SeatError(f"Seats {seen[key] + 1} and {i + 1} are both called {shown(name)}: "
                            f"give each player a different name.")
        seen[key] = i


def check_level(text: str, spec: GameSpec | None = None) -> str:
    """A bot level as typed ("hard", "easy", or a stored name such as
    "heuristic") -> the level's stored name ("search", "random")."""
    if not isinstance(text, str):
        raise SeatError("A bot level must be text.")
    try:
        level = normalise_level(text.strip())
    except ValueError as exc:
        raise SeatError(shown(str(exc))) from None
    if spec is not None and level not in spec.bots:
        raise SeatError(f"This game has no {level_name(level)} bot (it has: "
                        f"{', '.join(level_name(known) for known in spec.bots)}).")
    return level


def check_seats(seats: Sequence[Seat], spec: GameSpec) -> list[Seat]:
    """Every seat checked: names (tidied), distinct names, bot levels the
    game has, and a player count the game takes. Returns the tidied seats."""
    checked = [Seat(check_name(seat.name, f"Seat {i + 1}"),
                    None if seat.bot is None else check_level(seat.bot, spec), seat.phone and seat.bot is None)
               for i, seat in enumerate(seats)]
    check_distinct(seat.name for seat in checked)
    try:
        spec.check_players(len(checked))
    except ValueError as exc:
        raise SeatError(str(exc)) from None
    return checked


def parse_seats(text: str | None, spec: GameSpec) -> list[Seat]:
    """The command line's seat list, "Kim,Lee,bot,bot:hard" -> seats.

    A name is a human; "bot" is a bot at the game's default level, named
    "Bot 1", "Bot 2"... in seat order; "bot:LEVEL" one at LEVEL (easy,
    normal, hard), named "Bot 2 (hard)" when LEVEL is not the default;
    "Kim@phone" a human who plays on their own phone. None: "You" and bots
    up to the smallest player count."""
    if text is None:
        return [Seat("You")] + [Seat(f"Bot {i}", spec.default_bot) for i in range(1, spec.min_players)]
    parts = text.split(",")
    seats: list[Seat] = []
    bots = 0
    for number, part in enumerate(parts, start=1):
        if not part.strip():
            raise SeatError(f"The seat list has an empty seat in {quoted(text)} "
                            f"(separate seats with single commas).")
        head, colon, level = part.partition(":")
        if head.strip().lower() == "bot":
            bots += 1
            level = check_level(level, spec) if colon else spec.default_bot
            # Only a level other than the game's default is marked in the name.
            name = f"Bot {bots}" if level == spec.default_bot else f"Bot {bots} ({level_name(level)})"
            seats.append(Seat(name[:MAX_NAME], level))
        else:
            name, at, device = part.rpartition("@") if "@" in part else (part, "", "")
            if at and device.strip().lower() != "phone":
                raise SeatError(f"Seat {number}: {quoted(part)} names no device: write a name, "
                                f"or a name and @phone (Kim@phone).")
            seats.append(Seat(check_name(name, f"Seat {number}"), phone=bool(at)))
    return check_seats(seats, spec)


def check_seed(value: object) -> int:
    """A seed: a whole number from 0 to MAX_SEED (the same rule for the
    command line, seat setup and records)."""
    if type(value) is not int or not 0 <= value <= MAX_SEED:
        raise SeatError(f"The seed must be a whole number from 0 to {MAX_SEED}, not {_short(value)}.")
    return value


def _short(value: object) -> str:
    return said(value, 24)


def parse_seed(text: str) -> int:
    """A seed as typed -> the seed (SeatError for "-1", "3.7", "seven")."""
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(MAX_SEED)):
        raise SeatError(f"The seed must be a whole number from 0 to {MAX_SEED}, not {_short(text)}.")
    return check_seed(int(digits))


