"""Seeded moments of a Nutty Business game, the same every time: used by the
snapshot tests and by scripts/make_screenshots.py (``screenshots/<name>.svg``)."""

from __future__ import annotations

import random
from typing import Callable

from tablegames.core.game import Scene
from tablegames.core.match import Match
from tablegames.core.records import Seat

GAME = "nutty-business"


def seeded_position(seed: int, stop: Callable[[dict, int], bool], *, players: int = 3) -> Match:
    """Kim and Lee (humans) and bots play seeded random moves until
    ``stop(view, seat)`` holds for the human about to decide; that human has
    the keyboard (as after their handover)."""
    seats = [Seat("Kim"), Seat("Lee"), Seat("Bob", "heuristic"), Seat("Ada", "heuristic"),
             Seat("Max", "random")][:players]
    return Match.new(GAME, seats, {}, seed=seed, autosave=False).advance_to(stop, seed)


def _due(kind: str, turn: int = 0) -> Callable[[dict, int], bool]:
    def stop(view: dict, seat: int) -> bool:
        d = view["decision"]
        return d is not None and d["kind"] == kind and view["turn_no"] >= turn
    return stop


def a_turn() -> Match:
    """Three players, a few turns in: Kim picks a card and a pile."""
    return seeded_position(4, _due("play", 7))


def first_card() -> Match:
    """Setup: Kim lays her first card face down; the bot has chosen already."""
    return seeded_position(2, lambda view, seat: view["phase"] == "setup" and seat == 0)


def police_raid() -> Match:
    """Five players: Lee's Police Raid must stack a rival's two piles."""
    return seeded_position(1, lambda view, seat: _due("raid")(view, seat) and seat == 1, players=5)


def every_pile() -> Match:
    """Five players late in the game; ``v`` lists every pile card by card."""
    return seeded_position(3, _due("play", 22), players=5)


def finished() -> Match:
    match = Match.new(GAME, [Seat("Kim"), Seat("Lee", "random"), Seat("Bob", "heuristic")], {},
                      seed=8, autosave=False)
    rng = random.Random(8)
    match.run_bots()
    while not match.is_over():
        match.play(rng.choice(match.legal_actions()))
        match.run_bots()
    return match


SCENES: tuple[Scene, ...] = (
    Scene("nutty-business", a_turn, keys=("right",),
          caption="Nutty Business: Kim picks a card and the pile it goes on"),
    Scene("nutty-business-setup", first_card,
          caption="Nutty Business: the first card is laid face down, unseen by the others"),
    Scene("nutty-business-raid", police_raid,
          caption="Nutty Business: a Police Raid chooses whose two piles to stack"),
    Scene("nutty-business-piles", every_pile, keys=("v",),
          caption="Nutty Business: every pile, card by card"),
    Scene("nutty-business-results", finished, caption="Nutty Business: the nuts, explained"),
)
