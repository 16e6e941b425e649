"""Seeded moments of a Blind Business game, the same every time: ``SCENES``
feeds the snapshot tests and scripts/make_screenshots.py."""

from __future__ import annotations

import random
from typing import Callable

from tablegames.core.game import Scene
from tablegames.core.match import Match
from tablegames.core.records import Seat


def seeded_position(seed: int, stop: Callable[[dict, int], bool]) -> Match:
    """Kim and Lee (humans) and Bob (bot) play seeded random moves until
    ``stop(view, seat)`` holds for the human about to decide; that human
    has the keyboard (as after their handover)."""
    match = Match.new("blind-business", [Seat("Kim"), Seat("Lee"), Seat("Bob", "heuristic")], {},
                      seed=seed, autosave=False)
    return match.advance_to(stop, seed)


def requester_choosing() -> Match:
    """Round 3: Kim asks, holding an OK token."""
    return seeded_position(8, lambda v, s: v["phase"] == "ask" and s == 0 and v["turn"] >= 7)


def recipient_answering() -> Match:
    """Kim has asked Lee for a slot; Lee answers, seeing Kim's hand but not their own."""
    return seeded_position(5, lambda v, s: v["phase"] == "answer" and s == 1 and v["turn"] >= 5)


def private_peek() -> Match:
    """Kim won a 4 and looks at her own hand, alone."""
    return seeded_position(25, lambda v, s: v["phase"] == "peek" and s == 0 and v["turn"] >= 11)


def finished() -> Match:
    match = Match.new("blind-business", [Seat("Kim"), Seat("Lee", "random"), Seat("Bob", "heuristic")], {},
                      seed=8, autosave=False)
    rng = random.Random(8)
    match.run_bots()
    while not match.is_over():
        match.play(rng.choice(match.legal_actions()))
        match.run_bots()
    return match


SCENES = (
    # Down: the next rival; right: slot 2; o: spend the OK token.
    Scene("blind-business", requester_choosing, keys=("down", "right", "o"),
          caption="Blind Business: Kim picks Lee's slot 2 and spends an OK token."),
    Scene("blind-business-answer", recipient_answering,
          caption="Lee answers Kim's request, seeing every hand but their own."),
    Scene("blind-business-peek", private_peek, caption="Kim won a 4 and looks at her own hand, alone."),
    Scene("blind-business-results", finished, caption="The end of a Blind Business game."),
)
