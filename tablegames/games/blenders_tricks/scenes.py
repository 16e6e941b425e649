"""Seeded moments of a Blenders Tricks game, the same every time: used by the
snapshot tests and by scripts/make_screenshots.py."""

from __future__ import annotations

import random
from typing import Callable

from tablegames.core.game import Scene
from tablegames.core.match import Match
from tablegames.core.records import Seat

GAME = "blenders-tricks"


def seeded_position(seats: list[Seat], seed: int, stop: Callable[[dict, int], bool]) -> Match:
    """Seeded random moves for the humans (bots play their own way) until
    ``stop(view, seat)`` holds for the human about to decide; that human
    has the keyboard (as after their handover)."""
    return Match.new(GAME, seats, {}, seed=seed, autosave=False).advance_to(stop, seed)


def _five() -> list[Seat]:
    return [Seat("Ann"), Seat("Ben", "heuristic"), Seat("Cid", "heuristic"), Seat("Dee", "random"),
            Seat("Eve", "heuristic")]


def turn() -> Match:
    """Five players in round 2: Ann must follow suit in a trick under way
    (her playable cards are highlighted, the others dim)."""
    def stop(view: dict, seat: int) -> bool:
        return (view["phase"] == "play" and view["round"] == 2 and len(view["trick"]) >= 2
                and view["lead_suit"] is not None and len(view["hand"]) >= 5
                and len(view["hand"]) > 0)
    return seeded_position(_five(), 3, stop)


def passing() -> Match:
    """Four players, two of them at the keyboard: Ann picks her two cards
    to pass (keys: l, right, right, r)."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic"), Seat("Dee", "heuristic")]
    return seeded_position(seats, 5, lambda view, seat: view["phase"] == "pass" and seat == 0)


def claim() -> Match:
    """Ann won a trick and picks the second card to claim."""
    seats = [Seat("Ann"), Seat("Ben", "heuristic"), Seat("Cid", "heuristic")]
    return seeded_position(seats, 8, lambda view, seat: view["phase"] == "claim")


def token() -> Match:
    """Ann earned the barley token at the end of round 1: spend it on one of
    her claimed cards, or keep it."""
    seats = [Seat("Ann"), Seat("Ben", "heuristic"), Seat("Cid", "heuristic"), Seat("Dee", "random")]
    return seeded_position(seats, 9, lambda view, seat: view["phase"] == "spend")


def round_end() -> Match:
    """Five players: round 1 is scored and round 2 dealt; before Ann's new
    hand, the round's summary (claims, icons, totals, tokens)."""
    return seeded_position(_five(), 4, lambda view, seat: view["phase"] == "pass" and view["round"] == 2)


def finished() -> Match:
    """A whole 4-player game to the results."""
    seats = [Seat("Ann"), Seat("Ben", "heuristic"), Seat("Cid", "heuristic"), Seat("Dee", "random")]
    match = Match.new(GAME, seats, {}, seed=12, autosave=False)
    rng = random.Random(12)
    match.run_bots()
    while not match.is_over():
        match.play(rng.choice(match.legal_actions()))
        match.run_bots()
    return match


SCENES: tuple[Scene, ...] = (
    Scene("blenders-tricks", turn,
          caption="Blenders Tricks: Ann must follow suit; her playable cards are highlighted"),
    Scene("blenders-tricks-pass", passing, keys=("l", "right", "right", "r"),
          caption="Blenders Tricks: the secret pass, one card for each neighbour"),
    Scene("blenders-tricks-claim", claim,
          caption="Blenders Tricks: Ann won the trick and claims a second card"),
    Scene("blenders-tricks-token", token,
          caption="Blenders Tricks: a barley token may ignore one claimed card at scoring"),
    Scene("blenders-tricks-round-end", round_end,
          caption="Blenders Tricks: a round is scored; everyone sees it before the next deal"),
    Scene("blenders-tricks-results", finished,
          caption="Blenders Tricks: the results, each player's spread and suit totals"),
)
