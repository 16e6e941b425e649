"""Makes the current decision of the human at the keyboard with keys, as a
player would (for the generic whole-match Pilot test). Reads only the screen
and its view; varies the keys so every way of choosing gets pressed."""

from __future__ import annotations

from typing import Any


async def decide(pilot: Any) -> None:
    screen = pilot.app.screen
    kind = screen.decision()
    view = screen.view
    turn = view["turn_no"]
    if kind == "start":
        hand = len(view["hand"])
        pick = view["seat"] * 3 % hand
        # A card by arrows or by its number (digits count the hand's cards).
        keys = ["right"] * pick if view["seat"] % 2 else [str(pick + 1)]
        keys += ["enter"]
    elif kind == "play":
        hand = len(view["hand"])
        if turn % 4 == 3:
            keys = [str(turn % hand + 1)]
        else:
            keys = ["right"] * (turn % hand) + ["left"] * (turn % 2)
        # A pile by its letter, or by arrows and Enter.
        way = turn % 3
        if way == 0:
            keys += ["a"]
        elif way == 1:
            keys += ["b"]
        else:
            keys += ["down" if turn % 2 else "up", "enter"]
    elif kind in ("order", "customs", "raid"):
        count = len(screen.choice_actions)
        pick = turn % count
        keys = [str(pick + 1)] if turn % 2 else ["down"] * pick + ["enter"]
    else:
        raise AssertionError(f"no decision for the keyboard: {kind!r}")
    await pilot.press(*keys)
