"""Blenders Tricks' key driver: makes the current decision of the human at
the keyboard with keys, as a player would (the generic whole-match Pilot
test and this game's own Pilot test use it)."""

from __future__ import annotations

from typing import Any


async def decide(pilot: Any) -> None:
    """Make the current decision of the human at the keyboard with keys."""
    screen = pilot.app.screen
    if screen.summary_round is not None:
        # The round just scored comes first; Enter leaves it once it is armed.
        for _ in range(100):
            if screen.summary_armed:
                break
            await pilot.pause(0.05)
        await pilot.press("enter")
        assert screen.summary_round is None, "Enter left the round summary"
    view = screen.view
    phase = view["phase"]
    if phase == "pass":
        await pilot.press("l", "right", "r", "enter")
    elif phase in ("play", "claim"):
        await pilot.press("right", "enter")
    elif phase == "spend":
        await pilot.press("k" if view["round"] % 2 else "enter")
    else:
        raise AssertionError(f"nothing to decide in phase {phase}")
