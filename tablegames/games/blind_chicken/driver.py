"""Blind Chicken's key driver: the human at the keyboard makes the current
decision with keys only, as a player would (the generic whole-match Pilot
test and the game's own screen tests use it). No Textual import: it only
presses keys on the Pilot it is given."""

from __future__ import annotations

from typing import Any


async def decide(pilot: Any) -> None:
    """One decision of the seat at the keyboard, with keys."""
    screen = pilot.app.screen
    phase = screen.view["phase"]
    if phase == "order":
        # Sort, carry the second card one place right, confirm.
        await pilot.press("s", "right", "full_stop", "enter")
    elif phase == "play":
        hand = screen.view["hand"]
        # Keep it varied but keyboard-only: l, r, or arrow + Enter.
        key = ["l", "r", "left"][len(hand) % 3]
        await pilot.press(*([key, "enter"] if key == "left" else [key]))
    elif phase == "aside":
        await pilot.press("enter")  # the trick the panel proposes (or keep all)
    else:
        raise AssertionError(f"Blind Chicken has no decision in phase {phase!r}")
