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


async def click_decide(pilot: Any, tap: Any = None) -> None:
    """One decision of the seat at the screen with clicks only, as on a
    tablet: arranging, a tap on a card and a tap on its new place (now and
    then the Sort button), then Done; playing, a tap on the leftmost or
    rightmost card; setting a trick aside, a tap on the line the list
    proposes."""
    screen = pilot.app.screen
    view = screen.view
    phase = view["phase"]
    hand = view["hand"]

    async def card(index: int) -> None:
        # Cards are 5 cells wide with a space between.
        assert await pilot.click("#bc-hand", offset=(2 + 6 * index, 1))
        await pilot.pause()

    if phase == "order":
        if view["hand_no"] % 2 == 0:
            assert await pilot.click("#bc-sort")
            await pilot.pause()
        before = list(screen.order)
        await card(1)
        await card(len(hand) - 1)
        assert screen.order == [*before[:1], *before[2:], before[1]], "two taps moved a card"
        assert await pilot.click("#bc-done")
    elif phase == "play":
        await card(0 if len(hand) % 3 else len(hand) - 1)
    elif phase == "aside":
        panel = screen.query_one("#bc-aside")
        assert await pilot.click("#bc-aside _ChoiceLines", offset=(4, panel.highlighted))
    else:
        raise AssertionError(f"Blind Chicken has no decision in phase {phase!r}")
