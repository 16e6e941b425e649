"""Snapshots of Blind Business's main moments at 80x24 from fixed seeds.

Regenerate after an intended change of the look:
    pytest tests/ui/test_blind_business_snapshots.py --snapshot-update
"""

from __future__ import annotations

import random
from typing import Callable

from tablegames.core.match import Match
from tablegames.core.records import Seat
from tests.ui.helpers import SIZE, make_app


def seeded_position(seed: int, stop: Callable[[dict, int], bool]) -> Match:
    """Kim and Lee (humans) and Bob (bot) play seeded random moves until
    ``stop(view, seat)`` holds for the human about to decide; that human
    has the keyboard (as after their handover)."""
    match = Match.new("blind-business", [Seat("Kim"), Seat("Lee"), Seat("Bob", "heuristic")], {},
                      seed=seed, autosave=False)
    rng = random.Random(seed)
    while True:
        match.run_bots()
        assert not match.is_over(), "the scene was not reached"
        seat = match.next_human()
        match.take_keyboard(seat)
        if stop(match.view(), seat):
            return match
        match.play(rng.choice(match.legal_actions()))


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


def test_blind_business_requester_choosing_a_rival_and_slot_with_an_ok_token_snapshot(snap_compare):
    # Down: the next rival; right: slot 2; o: spend the OK token.
    assert snap_compare(make_app(requester_choosing()), press=["down", "right", "o"], terminal_size=SIZE)


def test_blind_business_recipient_answering_snapshot(snap_compare):
    assert snap_compare(make_app(recipient_answering()), terminal_size=SIZE)


def test_blind_business_private_peek_after_a_4_snapshot(snap_compare):
    assert snap_compare(make_app(private_peek()), terminal_size=SIZE)


def test_blind_business_results_snapshot(snap_compare):
    assert snap_compare(make_app(finished()), terminal_size=SIZE)
