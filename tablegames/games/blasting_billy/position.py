"""Blasting Billy positions: a game set up from a plain description
(core/position.py reads the file and checks that every card is there once).

The description names cards as the views do (``G7``, ``JX``: type letter and
value, ``X`` for the dynamite) and seats by player name or seat number (from 1, as at seat setup). Example,
two players (Ann, Bob), Ann to play, 36 cards played::

    {"to_move": "Ann",
     "decision": "play",
     "hands": [["G7", "B2", "JX"], ["C3", "C4", "D9"]],
     "loot": [["G3", "G5", "B10"], ["D2"]],
     "billy": ["G10", "G8", "B6", "DX"],
     "box": ["B0", "B1", "B3", "B4", "B5", "B7", "B8", "B9", "BX", "C0", "C1", "C2",
             "C5", "C6", "C7", "C8", "C9", "C10", "CX", "D0", "D1", "D3", "D4", "D5",
             "D6", "D7", "D8", "D10"],
     "deck": ["G4", "G6", "G9", "GX", "J0", "J1"]}

Fields:

- ``to_move``: whose turn it is; ``null`` once the game is over (then every
  hand is empty: the last two cards of each went into the box).
- ``decision``: optional; the only one is ``"play"`` (a hand card to Billy,
  into your loot or into the box).
- ``hands``: each seat's hand, in seat order. Three cards each until the
  last card is drawn; in the final round those who played their last turn
  hold two.
- ``loot``: each seat's loot, in seat order (default: all empty), cards in
  the order they were played; the cards of a type form that type's column.
- ``billy``: Billy's loot the same way (default: empty).
- ``box``: the cards dumped (default: none).
- ``removed``: the cards taken out unseen at setup, 12 at two players, 6 at
  three, none at four or five (default: that many of the cards placed
  nowhere else, chosen by the seed).
- ``deck``: the draw pile, the next card drawn first (default: every card
  placed nowhere else, shuffled by the seed).
- ``start`` and ``last_drawer``: optional while the game runs (the cards
  played and whose turn it is tell both), checked when given; a finished
  game needs ``last_drawer`` (who played the very last turn).

Every card is somewhere exactly once; the number of cards played (loot,
Billy, box) fixes the draw pile's size and everyone's hand size, and a
player's loot holds no more cards than the turns they have played.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from tablegames.core.position import (
    PositionError, card_list, each_card_once, per_seat, said, seat_of, turns_had, unknown_keys,
)
from tablegames.games.blasting_billy.rules import BlastingBillyState
from tablegames.games.blasting_billy.vocab import (
    CARD_ID, DECK_SIZE, HAND_SIZE, REMOVED, TYPE_OF, TYPES, card_from_id,
)

FIELDS = ("to_move", "decision", "hands", "loot", "billy", "box", "removed", "deck", "start",
          "last_drawer")
DECISION = "play"


_CARDS_ARE = "a type letter G, B, C, J or D, then 0-10 or X, such as \"G7\" or \"JX\""


def _card_of(token: Any) -> int | None:
    try:
        return card_from_id(token) if isinstance(token, str) else None
    except KeyError:
        return None


def _cards(value: Any, what: str) -> list[int]:
    """A list of card ids as cards."""
    return card_list(value, what, _card_of, _CARDS_ARE)


def _per_seat(description: Mapping[str, Any], key: str, names: Sequence[str],
              default: bool) -> list[list[int]]:
    """A list of card lists, one per seat in seat order."""
    rows = per_seat(description, key, names, [] if default else None)
    return [_cards(row, f"{said(key)} of {names[s]}") for s, row in enumerate(rows)]


def _columns(cards: list[int]) -> list[list[int]]:
    """Cards in play order as one column per type."""
    columns: list[list[int]] = [[] for _ in range(TYPES)]
    for c in cards:
        columns[TYPE_OF[c]].append(c)
    return columns


def _optional_seat(description: Mapping[str, Any], key: str, names: Sequence[str]) -> int | None:
    value = description.get(key)
    return None if value is None else seat_of(names, value, repr(key))


def build_position(names: Sequence[str], options: Mapping[str, Any], description: Mapping[str, Any],
                   seed: int) -> BlastingBillyState:
    """The state ``description`` describes (PositionError, one line, if it
    cannot arise)."""
    unknown_keys(description, FIELDS)
    if "to_move" not in description:
        raise PositionError("The position needs 'to_move' (whose turn it is; null once the game is over).")
    to_move = _optional_seat(description, "to_move", names)
    decision = description.get("decision")
    if to_move is None and decision is not None:
        raise PositionError(f"Nobody decides anything once the game is over ('to_move' is null), "
                            f"so no decision {said(decision)}.")
    if decision not in (None, DECISION):
        raise PositionError(f"The only decision in Blasting Billy is {said(DECISION)} (a card to Billy, "
                            f"into your loot or into the box), not {said(decision)}.")
    hands, loot, billy, box, removed, deck = _piles(description, names, to_move is None, seed)
    played = sum(map(len, loot)) + len(billy) + len(box)
    if to_move is None:
        start, final_left, last_drawer = _finished(description, names, hands, deck)
    else:
        start, final_left, last_drawer = _running(description, names, hands, played, to_move)
    given_start = _optional_seat(description, "start", names)
    if given_start is not None and given_start != start:
        raise PositionError(f"{names[start]} played first, not {names[given_start]}: with {played} cards "
                            "played, whose turn it is says so.")
    _check_loot_was_played(names, loot, start, _first_pile(len(names)) + len(names) if to_move is None else played)
    return BlastingBillyState(names, random.Random(seed), hands=hands, loot=[_columns(cards) for cards in loot],
                              billy=_columns(billy), box=box, removed=removed, deck=deck[::-1], start=start,
                              final_left=final_left, last_drawer=last_drawer, to_move=to_move)


Piles = tuple[list[list[int]], list[list[int]], list[int], list[int], list[int], list[int]]


def _piles(description: Mapping[str, Any], names: Sequence[str], over: bool, seed: int) -> Piles:
    """Hands, loot, Billy's loot, box, removed cards and deck (the next card
    drawn first), each card at most once; the removed cards and the deck
    dealt from the cards placed nowhere when not given."""
    hands = _per_seat(description, "hands", names, default=over)
    loot = _per_seat(description, "loot", names, default=True)
    billy = _cards(description.get("billy", []), "'billy'")
    box = _cards(description.get("box", []), "'box'")
    removed = _cards(description["removed"], "'removed'") if "removed" in description else None
    deck = _cards(description["deck"], "'deck'") if "deck" in description else None
    # Every card at most once (core.position.build then checks none is missing).
    places = [(f"the hand of {names[s]}", h) for s, h in enumerate(hands)]
    places += [(f"the loot of {names[s]}", col) for s, col in enumerate(loot)]
    places += [("Billy's loot", billy), ("the box", box), ("the removed cards", removed or []),
               ("the deck", deck or [])]
    each_card_once(places, CARD_ID.__getitem__)
    n, cut = len(names), REMOVED[len(names)]
    if removed is not None and len(removed) != cut:
        raise PositionError(f"At {n} players {cut} cards are removed at setup, not {len(removed)}.")
    placed = {c for _, cards in places for c in cards}
    rest = [c for c in range(DECK_SIZE) if c not in placed]
    random.Random(seed).shuffle(rest)
    if removed is None:
        removed, rest = rest[:cut], rest[cut:]
    return hands, loot, billy, box, removed, rest if deck is None else deck


def _check_loot_was_played(names: Sequence[str], loot: list[list[int]], start: int, plays: int) -> None:
    """A player's loot holds only cards they played, one a turn: no more
    than the turns they have had since ``start``."""
    had = turns_had(start, plays, len(names))
    for s, cards in enumerate(loot):
        turns = had[s]
        if len(cards) > turns:
            raise PositionError(f"{names[s]}'s loot holds {len(cards)} cards, but {names[s]} has played "
                                f"{turns} turn(s) ({plays} played from {names[start]}): one card a turn.")


def _first_pile(n: int) -> int:
    """The draw pile after the deal: one play draws each of its cards."""
    return DECK_SIZE - REMOVED[n] - HAND_SIZE * n


def _finished(description: Mapping[str, Any], names: Sequence[str], hands: list[list[int]],
              deck: list[int]) -> tuple[int, int, int | None]:
    """(start, final_left, last_drawer) of a finished game, checked."""
    n = len(names)
    last_drawer = _optional_seat(description, "last_drawer", names)
    if last_drawer is None:
        raise PositionError("A finished game needs 'last_drawer' (who drew the last card and "
                            "played the very last turn).")
    for s in range(n):
        if hands[s]:
            raise PositionError(f"{names[s]} still holds cards, but the game is over ('to_move' is "
                                "null): every hand went into the box.")
    if deck:
        raise PositionError(f"The deck still holds {len(deck)} cards, but the game is over "
                            "('to_move' is null).")
    # The drawer played the very last turn, after every other play.
    return (last_drawer - (_first_pile(n) + n - 1)) % n, 0, last_drawer


def _running(description: Mapping[str, Any], names: Sequence[str], hands: list[list[int]],
             played: int, to_move: int) -> tuple[int, int, int | None]:
    """(start, final_left, last_drawer) of a game in play, from the cards
    played and whose turn it is; the hand sizes checked against them."""
    n, first_pile = len(names), _first_pile(len(names))
    start = (to_move - played) % n  # every play passes the turn on
    last_drawer: int | None = None
    final_left = 0
    if played < first_pile:
        if description.get("last_drawer") is not None:
            raise PositionError(f"Nobody has drawn the last card yet ({played} of {first_pile} "
                                "plays that draw made), so 'last_drawer' must be null.")
        sizes = [HAND_SIZE] * n
    else:
        done = played - first_pile  # last turns already played
        if done >= n:
            raise PositionError(f"{played} cards played at {n} players means the game is over: "
                                "'to_move' must be null and every hand empty.")
        last_drawer = (to_move - done - 1) % n
        given = _optional_seat(description, "last_drawer", names)
        if given is not None and given != last_drawer:
            raise PositionError(f"{names[last_drawer]} drew the last card, not {names[given]}: "
                                f"with {played} cards played and {names[to_move]} to move.")
        final_left = n - done
        sizes = [HAND_SIZE - 1 if (s - last_drawer - 1) % n < done else HAND_SIZE for s in range(n)]
    for s in range(n):
        if len(hands[s]) != sizes[s]:
            why = ("everyone holds 3 until the last card is drawn" if not final_left else
                   "in the final round, those still to play hold 3, those done 2")
            raise PositionError(f"{names[s]} must hold {sizes[s]} cards here, not {len(hands[s])} "
                                f"({why}; {played} cards played, {names[to_move]} to move).")
    return start, final_left, last_drawer


def describe_position(state: BlastingBillyState) -> dict[str, Any]:
    """``state`` as the description build_position takes back."""
    names = state.names

    def ids(cards: Sequence[int]) -> list[str]:
        return [CARD_ID[c] for c in cards]

    turn = state.turn
    out: dict[str, Any] = {"to_move": None if turn is None else names[turn]}
    if turn is not None:
        out["decision"] = DECISION
    out.update({
        "hands": [ids(hand) for hand in state.hands],
        "loot": [ids([c for col in cols for c in col]) for cols in state.loot],
        "billy": ids([c for col in state.billy for c in col]),
        "box": ids(state.box),
        "removed": ids(state.removed),
        "deck": ids(state.deck[::-1]),
        "start": names[state.start],
        "last_drawer": None if state.last_drawer is None else names[state.last_drawer],
    })
    return out
