"""Building precise Nutty Business positions for the rule tests, through
the game's position builder (position.py) and core/position.py's checks."""

from __future__ import annotations

from typing import Any, Sequence

from tablegames.core.game import Event
from tablegames.core.position import build as build_checked, turns_had
from tablegames.games.nutty_business.rules import NuttyState
from tablegames.games.nutty_business.spec import SPEC
from tablegames.games.nutty_business.vocab import CODES, KIND_OF_CODE


def kinds(codes: str) -> list[int]:
    """'c2 bank' -> [C2, BANK]."""
    return [KIND_OF_CODE[c] for c in codes.split()]


def new(players: int = 2, seed: int = 1) -> NuttyState:
    state = SPEC.new_game([f"P{i}" for i in range(players)], None, seed)
    assert isinstance(state, NuttyState)
    return state


def build(description: dict[str, Any], names: Sequence[str], seed: int = 1) -> NuttyState:
    """The position ``description`` describes, checked as a position file's."""
    state = build_checked(SPEC, names, description, seed=seed)
    assert isinstance(state, NuttyState)
    return state


def _position(piles: Sequence[list[str]], nuts: list[int] | None, **fields: Any) -> dict[str, Any]:
    """``piles``: per seat, the piles bottom to top as strings ('c2 bank');
    each player holds their other cards. Their nuts are booked as
    Contraband nuts."""
    nuts = list(nuts or [0] * len(piles))
    return {"piles": [[p.split() for p in seat] for seat in piles], "nuts": nuts,
            "ledger": [{"Contraband": x} for x in nuts], **fields}


def turns_for(piles: Sequence[list[str]], nuts: list[int] | None, turn: int) -> int:
    """The fewest turns after which it is ``turn``'s turn and everyone has
    played the cards on their piles (beyond the first) and could have taken
    their nuts from the supply (8 at most a turn); the start player is the
    one that turn order gives."""
    n = len(piles)
    nuts = nuts or [0] * n
    on_piles = [sum(len(p.split()) for p in seat) - 1 for seat in piles]
    for turn_no in range(1, 1000):
        start = (turn - turn_no + 1) % n
        own = turns_had(start, turn_no, n)
        if all(own[s] - (s == turn) >= on_piles[s] and 8 * own[s] >= nuts[s] for s in range(n)):
            return turn_no
    raise ValueError("no turn number fits these piles")


def share_the_supply(description: dict[str, Any], extra: int, n: int) -> dict[str, Any]:
    """``description`` with ``extra`` nuts of the supply shared out among
    the ``n`` players as Contraband nuts, and as many more rounds of turns
    played as such gains take (8 nuts a turn at most); the same player to
    move."""
    for s in range(n):
        share = extra // n + (s < extra % n)
        description["nuts"][s] += share
        line = description["ledger"][s]
        line["Contraband"] = line.get("Contraband", 0) + share
    description.pop("supply", None)
    description["turn_no"] += n * -(-(extra // n + 1) // 8)
    return description


def table(*piles: list[str], nuts: list[int] | None = None, turn: int = 0,
          names: Sequence[str] | None = None) -> NuttyState:
    """A state at the start of ``turn``'s turn, as many turns into the game
    as the piles and nuts need (``turns_for``)."""
    names = names or [f"P{i}" for i in range(len(piles))]
    return build(_position(piles, nuts, decision="play", to_move=names[turn], turn_no=turns_for(piles, nuts, turn)),
                 names)


def finished(*piles: list[str], nuts: list[int] | None = None) -> NuttyState:
    """A finished game: the turn reached a player without cards."""
    names = [f"P{i}" for i in range(len(piles))]
    return build(_position(piles, nuts, decision=None, turn_no=7 * len(piles)), names)


def play(state: NuttyState, *moves: str, events: list[Event] | None = None) -> NuttyState:
    """Apply notation moves, each by the seat that must move (the only one)."""
    for text in moves:
        movers = state.to_move()
        assert len(movers) == 1, f"several seats to move: {movers}"
        state.apply(movers[0], SPEC.parse(text), events)
    return state


def piles(state: NuttyState, seat: int) -> list[str]:
    return [" ".join(CODES[k] for k in p) for p in state.piles[seat]]


def decision_kind(state: NuttyState) -> str | None:
    view = state.view(None)
    return None if view["decision"] is None else view["decision"]["kind"]
