"""The Blind Business deck: one table, used by the rules, the bot and the screen.

Cards are small ints inside the engine and distinctive string ids in views
and notation:

- 0..47: district ``c // 12`` (playground, boardwalk, central station,
  downtown), rank ``c % 12 + 1``: 1..11 are the numbers, 12 is the
  Versatile. Ids "PG1".."PG11", "PGV", "BW7", "CSV", "DT11", ...
- 48, 49: the two Trainers, ids "TR1" and "TR2" (no district, no number).
"""

from __future__ import annotations

PLAYGROUND, BOARDWALK, STATION, DOWNTOWN = range(4)
DISTRICTS = (PLAYGROUND, BOARDWALK, STATION, DOWNTOWN)
DISTRICT_NAMES = ("playground", "boardwalk", "central station", "downtown")
DISTRICT_CODES = ("PG", "BW", "CS", "DT")
# The word used in the notation ("assign station").
DISTRICT_WORDS = ("playground", "boardwalk", "station", "downtown")

# The Trainers are the deck's last cards: a Trainer's slot in per-Trainer
# lists (the state's ``tdist``) is ``card - FIRST_TRAINER``.
FIRST_TRAINER = 48
TRAINERS = (FIRST_TRAINER, FIRST_TRAINER + 1)
DECK_SIZE = 50
VERSATILE_RANK = 12

# Cards removed unseen, and the number of rounds, by player count.
REMOVED = {2: 18, 3: 8, 4: 2, 5: 0}
ROUNDS = {2: 6, 3: 5, 4: 4, 5: 3}
HAND_SIZE = 4
OK_TOKENS = 4


def _district(c: int) -> int:
    return c // 12 if c < FIRST_TRAINER else -1


def _number(c: int) -> int:
    """The printed number 1..11; 0 for a Versatile or a Trainer."""
    if c >= FIRST_TRAINER:
        return 0
    rank = c % 12 + 1
    return rank if rank <= 11 else 0


def _card_id(c: int) -> str:
    if c >= FIRST_TRAINER:
        return f"TR{c - FIRST_TRAINER + 1}"
    rank = c % 12 + 1
    return DISTRICT_CODES[c // 12] + ("V" if rank == VERSATILE_RANK else str(rank))


def _card_name(c: int) -> str:
    if c >= FIRST_TRAINER:
        return "a Trainer"
    rank = c % 12 + 1
    what = "Versatile" if rank == VERSATILE_RANK else str(rank)
    return f"the {DISTRICT_NAMES[c // 12]} {what}"


DISTRICT: tuple[int, ...] = tuple(_district(c) for c in range(DECK_SIZE))
NUMBER: tuple[int, ...] = tuple(_number(c) for c in range(DECK_SIZE))
IS_VERSATILE: tuple[bool, ...] = tuple(c < FIRST_TRAINER and c % 12 == 11 for c in range(DECK_SIZE))
CARD_ID: tuple[str, ...] = tuple(_card_id(c) for c in range(DECK_SIZE))
CARD_NAME: tuple[str, ...] = tuple(_card_name(c) for c in range(DECK_SIZE))
CARD_BY_ID: dict[str, int] = {text: c for c, text in enumerate(CARD_ID)}


def card(district: int, number: int) -> int:
    """The card of ``district`` with ``number`` (1..11) or the Versatile (0)."""
    return district * 12 + (11 if number == 0 else number - 1)


def versatile(district: int) -> int:
    return district * 12 + 11


def card_id(c: int) -> str:
    return CARD_ID[c]


def card_from_id(text: str) -> int:
    """The card for an id such as "PG7", "bwv" or "TR2"; KeyError if none."""
    return CARD_BY_ID[text.strip().upper()]


def card_name(c: int) -> str:
    """Plain words for the log: "the playground 7", "a Trainer"."""
    return CARD_NAME[c]


def district_from_word(word: str) -> int:
    """'playground', 'pg', 'station', 'central', 'cs', ... -> district; KeyError."""
    w = word.strip().lower()
    for d in DISTRICTS:
        if w in (DISTRICT_WORDS[d], DISTRICT_CODES[d].lower(), DISTRICT_NAMES[d]):
            return d
    if w == "central":
        return STATION
    raise KeyError(word)


# Five in a row: the eleven numbers of a district as bits (bit n-1 = number
# n). ROW_EXACT[mask]: five consecutive numbers are present. ROW_GAP[mask]:
# at most one is missing in some run of five (a Versatile fills it).
_WINDOWS = tuple(0b11111 << start for start in range(7))


def _row(mask: int, gaps: int) -> bool:
    return any(bin(w & ~mask).count("1") <= gaps for w in _WINDOWS)


ROW_EXACT: tuple[bool, ...] = tuple(_row(m, 0) for m in range(1 << 11))
ROW_GAP: tuple[bool, ...] = tuple(_row(m, 1) for m in range(1 << 11))
# ROW_NEAR[mask]: the most numbers of ``mask`` within any run of five (how
# close a district is to five in a row; the bots weigh it).
ROW_NEAR: tuple[int, ...] = tuple(max(bin(m & w).count("1") for w in _WINDOWS) for m in range(1 << 11))


def best_run(mask: int, versatile_present: bool) -> tuple[int, int] | None:
    """The (low, high) numbers of a five-in-a-row in ``mask`` (using the
    Versatile for one gap if present), highest first; None if there is none."""
    gaps = 1 if versatile_present else 0
    for start in range(6, -1, -1):
        w = _WINDOWS[start]
        if bin(w & ~mask).count("1") <= gaps:
            return start + 1, start + 5
    return None
