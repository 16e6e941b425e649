"""Blasting Billy positions: the fields docs/positions.md describes, checked against each other and the cards played
(core/position.py: the shared checks)."""

import random
from typing import Any, Mapping, Sequence

from tablegames.core.position import Cards, PositionError, Reader, put_away, refuse_if, said, turns_had
from tablegames.games.blasting_billy.rules import BlastingBillyState
from tablegames.games.blasting_billy.vocab import CARD_ID, DECK_SIZE, HAND_SIZE, REMOVED, TYPE_OF, TYPES, card_from_id

FIELDS = ("to_move", "decision", "hands", "loot", "billy", "box", "removed", "deck", "start", "last_drawer")
DECISION = "play"


def _card_of(token: Any) -> int | None:
    try:
        return card_from_id(token) if isinstance(token, str) else None
    except KeyError:
        return None


CARDS = Cards(_card_of, "a type letter G, B, C, J or D, then 0-10 or X, such as \"G7\" or \"JX\"",
              CARD_ID.__getitem__, CARD_ID.__getitem__)


def _columns(cards: list[int]) -> list[list[int]]:
    """Cards in play order as one column per type."""
    return [[c for c in cards if TYPE_OF[c] == t] for t in range(TYPES)]


def build_position(names: Sequence[str], options: Mapping[str, Any], description: Mapping[str, Any],
                   seed: int) -> BlastingBillyState:
    r = Reader(description, names, FIELDS)
    r.field("to_move", object, "whose turn it is; null once the game is over")
    to_move, decision = r.optional_seat("to_move"), r.word("decision", (DECISION, None), None)
    refuse_if(to_move is None and decision is not None, "Nobody decides anything once the game is over ('to_move' is "
              f"null), so no decision {said(decision)}.")
    # The piles, each card at most once (core.position.build then checks none is missing).
    hands = r.cards_per_seat("hands", CARDS, "'hands' of {}", [] if to_move is None else None)
    loot = r.cards_per_seat("loot", CARDS, "'loot' of {}", [])
    billy, box = r.cards("billy", CARDS, []), r.cards("box", CARDS, [])
    removed, deck = r.cards("removed", CARDS, None), r.cards("deck", CARDS, None)
    places = [*((f"the hand of {name}", h) for name, h in zip(names, hands)),
              *((f"the loot of {name}", cards) for name, cards in zip(names, loot)),
              ("Billy's loot", billy), ("the box", box), ("the removed cards", removed or []),
              ("the deck", deck or [])]
    CARDS.once(places)
    n, cut = len(names), REMOVED[len(names)]
    if removed is not None and len(removed) != cut:
        raise PositionError(f"At {n} players {cut} cards are removed at setup, not {len(removed)}.")
    removed, deck = put_away(range(DECK_SIZE), (c for _, cards in places for c in cards), seed, removed, cut, deck)
    played = sum(map(len, loot)) + len(billy) + len(box)
    last_drawer: int | None
    if to_move is None:  # the last drawer played the very last turn, after every other play
        last_drawer = r.seat("last_drawer", "a finished game: who drew the last card and played the very last turn")
        refuse_if(any(hands), "'hands' must be empty once the game is over ('to_move' is null): every hand went into "
                  "the box.")
        refuse_if(deck, f"The deck still holds {len(deck)} cards, but the game is over ('to_move' is null).")
        start, final_left = (last_drawer - (_first_pile(n) + n - 1)) % n, 0
    else:
        start, final_left, last_drawer = _running(r, hands, played, to_move)
    r.agrees("start", start, f"with {played} cards played, whose turn it is says so")
    plays = _first_pile(n) + n if to_move is None else played
    for s, (turns, cards) in enumerate(zip(turns_had(start, plays, n), loot)):  # one card a turn
        refuse_if(len(cards) > turns, f"{names[s]}'s loot holds {len(cards)} cards, but {names[s]} has played {turns} "
                  f"turn(s) ({plays} played from {names[start]}): one card a turn.")
    return BlastingBillyState(names, random.Random(seed), hands=hands, loot=[_columns(cards) for cards in loot],
                              billy=_columns(billy), box=box, removed=removed, deck=deck[::-1], start=start,
                              final_left=final_left, last_drawer=last_drawer, to_move=to_move)


def _first_pile(n: int) -> int:
    """The draw pile after the deal: one play draws each of its cards."""
    return DECK_SIZE - REMOVED[n] - HAND_SIZE * n


def _running(r: Reader, hands: list[list[int]], played: int, to_move: int) -> tuple[int, int, int | None]:
    """(start, final_left, last_drawer) of a game in play, from the cards played and whose turn it is; the hand
    sizes checked against them."""
    names, n, first_pile = r.names, r.n, _first_pile(r.n)
    start = (to_move - played) % n  # every play passes the turn on
    last_drawer: int | None = None
    final_left = 0
    if played < first_pile:
        refuse_if(r.given("last_drawer"), f"Nobody has drawn the last card yet ({played} of {first_pile} plays that "
                                          "draw made), so 'last_drawer' must be null.")
        sizes = [HAND_SIZE] * n
    else:
        done = played - first_pile  # last turns already played
        refuse_if(done >= n, f"{played} cards played at {n} players means the game is over: 'to_move' must be null "
                             "and every hand empty.")
        last_drawer = r.agrees("last_drawer", (to_move - done - 1) % n, f"with {played} cards played and "
                               f"{names[to_move]} to move")
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
    names, turn, out = state.names, state.turn, CARDS.out
    return {"to_move": None if turn is None else names[turn], **({} if turn is None else {"decision": DECISION}),
            "hands": [out(hand) for hand in state.hands],
            "loot": [out(c for col in cols for c in col) for cols in state.loot],
            "billy": out(c for col in state.billy for c in col), "box": out(state.box),
            "removed": out(state.removed), "deck": out(state.deck[::-1]), "start": names[state.start],
            "last_drawer": None if state.last_drawer is None else names[state.last_drawer]}
