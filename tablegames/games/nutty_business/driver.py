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
        keys = ["right"] * (view["seat"] * 3 % hand) + ["enter"]
    elif kind == "play":
        hand = len(view["hand"])
        keys = ["right"] * (turn % hand) + ["left"] * (turn % 2)
        way = turn % 3
        if way == 0:
            keys += ["1"]
        elif way == 1:
            keys += ["2"]
        else:
            keys += ["down" if turn % 2 else "up", "enter"]
    elif kind in ("order", "customs", "raid"):
        count = len(screen.choice_actions)
        pick = turn % count
        keys = [str(pick + 1)] if turn % 2 else ["down"] * pick + ["enter"]
    else:
        raise AssertionError(f"no decision for the keyboard: {kind!r}")
    await pilot.press(*keys)
