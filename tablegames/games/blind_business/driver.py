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


async def click_decide(pilot: Any, tap: Any = None) -> None:
    """One decision of the seat at the screen with clicks only, as on a
    tablet: a rival's card on the board clicked twice asks (take and
    counter-ask the same), the OK token's button spends a token or not, and
    every other decision (the looks, yes/no, accept/reject, Trainer,
    discard, swap, playground add) is a click on a line of the list. The
    choices vary with the match's seed and how far it has gone."""
    screen = pilot.app.screen
    match = screen.match
    rng = random.Random(match.record.seed * 1000 + len(match.record.actions))
    view = screen.view
    phase = view["phase"]
    if phase in ("ask", "take", "counter"):
        legal = match.legal_actions()
        action = rng.choice(legal)
        seat = getattr(action, "target", None)
        if seat is None:
            seat = screen.pick_seat()
        board = screen.query_one("#bb-board")
        x0, _x1, y = next((x0, x1, y) for y, line in enumerate(board.regions)
                          for x0, x1, s, slot in line if s == seat and slot == action.slot - 1)
        # The OK token's button: to match the action; now and then on and off again.
        clicks = int(getattr(action, "ok", False) != screen.use_ok)
        if not clicks and view["tokens"][screen.seat] and phase != "take" and rng.random() < 0.3:
            clicks = 2
        for _ in range(clicks):
            was = screen.use_ok
            assert await pilot.click("#bb-ok")
            await pilot.pause()
            assert screen.use_ok != was, "a click on the OK token's button toggles it"
        before = len(match.record.actions)
        for _ in range(2):  # a card clicked twice: picked, then asked (once if picked already)
            if len(match.record.actions) > before:
                break
            assert await pilot.click(board, offset=(x0 + 1, y))
            await pilot.pause()
        assert len(match.record.actions) > before, "a card clicked twice makes the pick"
    elif phase in ("first look", "peek", "answer", "reply", "assign", "discard", "swap", "add"):
        panel = screen.query_one("#bb-choices")
        line = rng.randrange(min(panel.line_count, 5))
        assert await pilot.click("#bb-choices _ChoiceLines", offset=(4, line))
    else:
        raise AssertionError(f"Blind Business has no decision in phase {phase!r}")
