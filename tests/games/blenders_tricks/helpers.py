"""Positions for Blenders Tricks tests, built through the game's position
builder (tablegames/games/blenders_tricks/position.py)."""

from __future__ import annotations

from typing import Any

from tablegames.core import position
from tablegames.games.blenders_tricks.rules import BlendersState, new_state
from tablegames.games.blenders_tricks.spec import SPEC
from tablegames.games.blenders_tricks.vocab import DECK, ICONS, PASSES, PLAYS, SUIT, Pass, Play

NAMES = ("P0", "P1", "P2", "P3", "P4")


def new(players: int = 4, seed: int = 1) -> BlendersState:
    return new_state([f"P{i}" for i in range(players)], {}, seed)


def build(description: dict[str, Any], players: int = 3, seed: int = 1) -> BlendersState:
    state = position.build(SPEC, NAMES[:players], description, seed=seed)
    assert isinstance(state, BlendersState)
    return state


def described(players: int = 4, seed: int = 1) -> dict[str, Any]:
    """The description of a fresh game (round 1, everyone to pass)."""
    return SPEC.describe_position(new(players, seed))


def finished_rounds(count: int, players: int, earner: int = 0) -> list[dict[str, Any]]:
    """``count`` finished rounds in which nobody claimed anything (``earner`` earned each token)."""
    empty: list[list[int]] = [[] for _ in range(players)]
    return [{"gains": [[0, 0, 0]] * players, "ignored": empty, "claimed": empty, "earner": NAMES[earner]}] * count


def _claims_giving(targets: list[int], suit: int) -> list[list[int]]:
    """Cards of ``suit`` for each seat whose icons add up to its target, each
    card once (largest first: every suit has four cards of 3, 2 and 1 icons)."""
    free = sorted((c for c in DECK if SUIT[c] == suit), key=lambda c: -ICONS[c])
    out: list[list[int]] = [[] for _ in targets]
    for seat in sorted(range(len(targets)), key=lambda s: -targets[s]):
        left = targets[seat]
        for card in list(free):
            if ICONS[card] <= left:
                out[seat].append(card)
                free.remove(card)
                left -= ICONS[card]
        if left:
            raise ValueError(f"no claims of suit {suit} give {targets} icons in one round")
    return out


def history(count: int, players: int, totals: list[list[int]] | None = None,
            tokens: list[int] | None = None, leader: int = 0) -> dict[str, Any]:
    """``count`` finished rounds that could have been played: their claimed
    cards give ``totals`` (default none), their tokens went to whoever
    claimed the most and are held as ``tokens`` (default: all kept, the
    last round's earner ``leader``, who leads the next round)."""
    totals = totals or [[0, 0, 0] for _ in range(players)]
    earners = [s for s in range(players) for _ in range(tokens[s])] if tokens else [leader] * count
    if len(earners) != count:
        raise ValueError(f"{count} finished rounds earn {count} tokens, not {tokens}")
    if leader in earners:  # the last round's earner leads this one
        earners.remove(leader)
        earners.append(leader)
    rounds = []
    for r in range(count):
        share = [[t // count + (r < t % count) for t in seat] for seat in totals]
        by_suit = [_claims_giving([share[s][suit] for s in range(players)], suit) for suit in range(3)]
        claimed = [[c for suit in range(3) for c in by_suit[suit][s]] for s in range(players)]
        most = max(len(c) for c in claimed)
        if not tokens and len(claimed[earners[r]]) < most:  # the token goes to whoever claimed the most
            earners[r] = next(s for s in range(players) if len(claimed[s]) == most)
        if len(claimed[earners[r]]) < most:
            raise ValueError(f"round {r + 1}'s claims {claimed} do not let seat {earners[r]} earn its token")
        rounds.append({"gains": share, "ignored": [[] for _ in range(players)], "claimed": claimed,
                       "earner": NAMES[earners[r]]})
    return {"rounds": rounds, "totals": totals,
            "tokens": list(tokens) if tokens else [earners.count(s) for s in range(players)]}


def playing(hands: list[list[int]], leader: int = 0, seed: int = 1, round: int = 1,
            **fields: Any) -> BlendersState:
    """A state in the play phase, the given hands, ``leader`` to lead. Cards
    placed nowhere else are set aside (3 players: one) or discarded. The
    finished rounds are as ``history`` makes them from ``totals`` and
    ``tokens`` (if given)."""
    past = history(round - 1, len(hands), fields.pop("totals", None), fields.pop("tokens", None), leader)
    description = {"decision": "play", "round": round, "leader": NAMES[leader], "hands": hands, **past, **fields}
    return build(description, len(hands), seed)


def play(state: BlendersState, *cards: int) -> None:
    """Play ``cards`` in turn order from whoever is to move."""
    for card in cards:
        state.apply(state.to_move()[0], PLAYS[card])


def pass_all(state: BlendersState, choices: dict[int, tuple[int, int]]) -> None:
    for seat, (left, right) in choices.items():
        state.apply(seat, PASSES[left][right])


__all__ = ["new", "build", "described", "history", "playing", "play", "pass_all", "Pass", "Play"]
