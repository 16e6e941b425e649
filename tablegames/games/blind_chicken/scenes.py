"""Seeded moments of a Blind Chicken match, the same every time: ``SCENES``
feeds the snapshot tests and scripts/make_screenshots.py."""

from __future__ import annotations

from tablegames.core.game import Scene
from tablegames.core.match import Match
from tablegames.core.records import Seat
from tablegames.games.blind_chicken import INFO

SEED = 21


def handover() -> Match:
    """Ann has arranged her hand and let the keyboard go (Enter); it passes to Ben."""
    match = waiting_to_pass()
    match.confirm_pass()
    return match


def waiting_to_pass() -> Match:
    """Ann has arranged her hand: her screen waits for Enter (pass) or u (take back)."""
    match = Match.new(INFO.id, [Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic")],
                      {"hands": 1}, seed=SEED, autosave=False)
    match.run_bots()
    match.take_keyboard(0)
    match.play(match.legal_actions()[1])  # sorted ascending
    return match


def blind_chicken_play() -> Match:
    """Ann and two bots, four tricks into the hand, Ann to play."""
    match = Match.new(INFO.id, [Seat("Ann"), Seat("Cid", "heuristic"), Seat("Dee", "random")],
                      {"hands": 1}, seed=SEED, autosave=False)
    match.run_bots()
    match.play(match.legal_actions()[1])
    for _ in range(4):
        match.run_bots()
        match.play("L")
    match.run_bots()
    return match


def results() -> Match:
    """A finished two-hand match."""
    match = Match.new(INFO.id, [Seat("Ann"), Seat("Cid", "heuristic"), Seat("Dee", "random")],
                      {"hands": 2}, seed=SEED, autosave=False)
    match.run_bots()
    while not match.is_over():
        match.play(match.legal_actions()[0])
        match.run_bots()
    return match


SCENES = (
    Scene("waiting-to-pass", waiting_to_pass,
          caption="After a move that may be taken back: Enter passes the keyboard, u takes the move back."),
    Scene("handover", handover, caption="The keyboard passes between two humans: no cards on screen."),
    Scene("blind-chicken", blind_chicken_play, caption="Blind Chicken: Ann plays an end card."),
    Scene("results", results, caption="The results of a two-hand match, with each player's breakdown."),
)
