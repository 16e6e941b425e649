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


async def click_decide(pilot: Any, tap: Any = None) -> None:
    """The current decision with clicks only, as on a tablet: the round
    summary goes on with a click on it; the pass marks a card for the left,
    then one for the right, and the button passes them; a play, a claim or
    a token spent is a click on the card; the button keeps the token."""
    screen = pilot.app.screen
    if screen.summary_round is not None:
        for _ in range(100):
            if screen.summary_armed:
                break
            await pilot.pause(0.05)
        assert await pilot.click("#bt-sum-hint")
        await pilot.pause()
        assert screen.summary_round is None, "a click left the round summary"
    view = screen.view
    phase = view["phase"]
    row = screen.query_one("#bt-hand")
    count = len(row.faces)
    # Cards are 5 cells wide, a space between them when they all fit so.
    step = 6 if count * 6 - 1 <= row.size.width else 5
    turn = view["round"] + len(view["hand"] or ())

    async def card(index: int) -> None:
        assert await pilot.click("#bt-hand", offset=(2 + step * index, 1))
        await pilot.pause()

    if phase == "pass":
        await card(turn % count)
        await card((turn + 3) % count)
        assert screen.left is not None and screen.right is not None, "two clicks marked left and right"
        assert await pilot.click("#bt-button")
    elif phase in ("play", "claim"):
        pickable = sorted(screen.pickable)
        await card(pickable[turn % len(pickable)])
    elif phase == "spend":
        if view["round"] % 2:
            assert await pilot.click("#bt-button")
        else:
            await card(turn % min(count, 80 // step))
    else:
        raise AssertionError(f"nothing to decide in phase {phase}")
