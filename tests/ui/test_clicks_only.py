"""A whole match of every registered game by clicks alone, as on a tablet
passed around the table (`tablegames serve`): two humans and bots, every
choice a tap (cards, places, piles, lists), every handover its "I am ...: go
on" button, a finished move's "Pass the keyboard" and the final table's
"Results" their footer keys, the results' buttons. No key is pressed.

Each game's click driver sits next to its key driver (tests/fixtures/<game>/
driver.py): ``click_decide(pilot, tap)`` makes the current decision with taps
on what the screen shows."""

from __future__ import annotations

import re

import pytest

from tablegames.core import registry
from tests.fixtures import click_driver_of, fixture_module
from tests.ui.helpers import (SIZE, GameScreen, HandoverScreen, ResultsScreen, make_app, screen_text,
                              settle)
from tests.ui.test_every_game import two_humans_and_a_bot

SPECS = registry.all_specs()


def tapper(pilot):
    """``tap(pattern, offset=0, row=0)``: click where the screen shows the
    regular expression ``pattern`` (``offset`` cells right, ``row`` lines down)."""
    async def tap(pattern: str, offset: int = 0, row: int = 0) -> None:
        lines = screen_text(pilot.app).splitlines()
        for y, line in enumerate(lines):
            found = re.search(pattern, line)
            if found:
                assert await pilot.click(offset=(found.start() + offset, y + row)), pattern
                await pilot.pause()
                return
        raise AssertionError(f"nothing to tap: {pattern!r} is not on the screen:\n" + "\n".join(lines))
    return tap


def footer_tap(pilot, description: str):
    """Tap a key of the footer by what it says (the footer runs its key)."""
    return tapper(pilot)(rf"(?<=\S ){re.escape(description)}\b", offset=0)


@pytest.mark.parametrize("spec", SPECS, ids=[spec.id for spec in SPECS])
async def test_a_whole_match_by_clicks_alone_reaches_the_results(spec):
    decide = click_driver_of(spec)
    assert decide is not None, f"{spec.title} has no click driver (click_decide next to its key driver)"
    part = fixture_module(spec, "whole_match")
    # The game's cheapest table for it, if its fixtures name one.
    match = part.clicks_match() if hasattr(part, "clicks_match") else two_humans_and_a_bot(spec, seed=1)
    app = make_app(match)
    handovers = moves = 0
    async with app.run_test(size=SIZE) as pilot:
        tap = tapper(pilot)
        for _ in range(600):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, ResultsScreen) and screen.query("#again"):
                break
            if isinstance(screen, HandoverScreen):
                handovers += 1
                assert await pilot.click("#handover-go")
                await pilot.pause()
                continue
            if isinstance(screen, GameScreen) and screen.showing_final_table:
                await footer_tap(pilot, "Results")
                continue
            if isinstance(screen, GameScreen) and match.pending_pass:
                await footer_tap(pilot, "Pass the keyboard")
                continue
            if isinstance(screen, GameScreen) and screen.my_turn():
                before = len(match.record.actions)
                await decide(pilot, tap)
                await settle(pilot)
                moves += len(match.record.actions) > before
                continue
            # A game's own screen before the results (a reveal): its footer's
            # "Next" (in a browser a tap anywhere on it goes on as well).
            await footer_tap(pilot, "Next")
        else:
            raise AssertionError("the match did not reach the results:\n" + screen_text(app))
        assert match.is_over() and handovers >= 2 and moves >= 2
        # The results' buttons take taps too: back to the picker.
        assert await pilot.click("#picker")
        await pilot.pause()
        assert "Pick a game" in screen_text(app)
