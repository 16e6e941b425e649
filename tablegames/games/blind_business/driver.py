"""Blind Business's key driver: the human at the keyboard makes the current
decision with keys only (the generic whole-match Pilot test and the game's
own screen tests use it). No Textual import: it only presses keys on the
Pilot it is given."""

from __future__ import annotations

import random
from typing import Any, Awaitable, Callable


def decider(rng: random.Random) -> Callable[[Any], Awaitable[None]]:
    """A driver whose varied choices (which rival, which slot, a token or
    not, yes or no) come from ``rng``."""

    async def decide_with(pilot: Any) -> None:
        screen = pilot.app.screen
        view = screen.view
        phase = view["phase"]
        tokens = view["tokens"][screen.seat]
        if phase in ("first look", "peek"):
            keys = ["enter"]
        elif phase == "ask":
            keys = ["down"] * rng.randrange(3) + ["right"] * rng.randrange(4)
            keys += ["o"] if tokens and rng.random() < 0.5 else []
            keys += ["enter"]
        elif phase == "answer":
            keys = [rng.choice("yn")]
        elif phase == "take":
            keys = [rng.choice(["right", "left", "1"]), "enter"]
        elif phase == "counter":
            keys = [str(rng.randrange(1, 5))] + (["o"] if tokens and rng.random() < 0.5 else []) + ["enter"]
        elif phase == "reply":
            keys = [rng.choice("ar")]
        elif phase in ("assign", "discard", "swap", "add"):
            keys = ["down"] * rng.randrange(3) + ["enter"]
        else:
            raise AssertionError(f"Blind Business has no decision in phase {phase!r}")
        await pilot.press(*keys)

    return decide_with


async def decide(pilot: Any) -> None:
    """One decision of the seat at the keyboard, with keys; the choices vary
    with the match's seed and how far it has gone, the same on every run."""
    match = pilot.app.screen.match
    rng = random.Random(match.record.seed * 1000 + len(match.record.actions))
    await decider(rng)(pilot)
