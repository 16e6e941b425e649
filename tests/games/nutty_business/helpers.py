"""Building precise Nutty Business positions for the rule tests."""

from __future__ import annotations

from tablegames.core.game import Event
from tablegames.games.nutty_business.spec import SPEC
from tablegames.games.nutty_business.rules import NuttyState
from tablegames.games.nutty_business.vocab import KIND_OF_CODE, KINDS, SUPPLY


def kinds(codes: str) -> list[int]:
    """'c2 bank' -> [C2, BANK]."""
    return [KIND_OF_CODE[c] for c in codes.split()]


def new(players: int = 2, seed: int = 1) -> NuttyState:
    state = SPEC.new_game([f"P{i}" for i in range(players)], None, seed)
    assert isinstance(state, NuttyState)
    return state


def table(*piles: list[str], nuts: list[int] | None = None, turn: int = 0,
          hands: list[str] | None = None, supply: int | None = None) -> NuttyState:
    """A state at the start of ``turn``'s turn. ``piles``: per seat, the
    piles bottom to top as strings ('c2 bank'). Hands default to every card
    not in a pile."""
    n = len(piles)
    state = new(n)
    state.setup = None
    state.piles = [[kinds(p) for p in seat_piles] for seat_piles in piles]
    for s in range(n):
        if hands is not None:
            state.hands[s] = sorted(kinds(hands[s]))
        else:
            used = {k for p in state.piles[s] for k in p}
            state.hands[s] = [k for k in KINDS if k not in used]
    state.nuts = list(nuts or [0] * n)
    state.supply = SUPPLY - sum(state.nuts) if supply is None else supply
    state.decisions.clear()
    state.turn_no = 0
    state._start_turn(turn)
    return state


def play(state: NuttyState, *moves: str, events: list[Event] | None = None) -> NuttyState:
    """Apply notation moves, each by the seat that must move (the only one)."""
    for text in moves:
        movers = state.to_move()
        assert len(movers) == 1, f"several seats to move: {movers}"
        state.apply(movers[0], SPEC.parse(text), events)
    return state


def piles(state: NuttyState, seat: int) -> list[str]:
    from tablegames.games.nutty_business.vocab import CODES
    return [" ".join(CODES[k] for k in p) for p in state.piles[seat]]


def decision_kind(state: NuttyState) -> str | None:
    view = state.view(None)
    return None if view["decision"] is None else view["decision"]["kind"]


def build(description: dict, names, seed: int = 1) -> NuttyState:
    """The position ``description`` describes, checked as a position file's."""
    from tablegames.core.position import build as build_checked
    state = build_checked(SPEC, names, description, seed=seed)
    assert isinstance(state, NuttyState)
    return state
