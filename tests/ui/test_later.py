"""ui/later.py: a one-shot timer that always fires, and, like Textual's
own, never for a node that is gone or an app that is closing."""

from __future__ import annotations

import asyncio
import time

from textual.app import App
from textual.screen import Screen

from tablegames.ui.later import later
from tests.ui.helpers import wait_for


class Bare(App):
    pass


async def test_a_later_call_fires_on_its_nodes_loop():
    fired: list[float] = []
    app = Bare()
    async with app.run_test() as pilot:
        started = time.monotonic()
        later(app.screen, 0.01, lambda: fired.append(time.monotonic()))
        await wait_for(pilot, lambda: fired, "the call")
        assert fired[0] >= started


async def test_a_later_call_for_a_screen_no_longer_in_the_app_never_runs():
    """The call is due once its screen has gone. On a loaded machine the
    pop may take longer than the delay (the call then rightly runs while
    the screen is still there): such a try proves nothing and is made
    again, so the check always runs on a call due after the pop."""
    app = Bare()
    async with app.run_test() as pilot:
        loop = asyncio.get_running_loop()
        for _ in range(10):
            fired: list[str] = []
            screen = Screen()
            await app.push_screen(screen)
            handle = later(screen, 0.3, lambda: fired.append("gone screen"))
            await app.pop_screen()
            if loop.time() >= handle.when():  # due before the pop ended
                handle.cancel()
                continue
            later(app.screen, 0.5, lambda: fired.append("later"))
            await wait_for(pilot, lambda: fired, "the second call")
            assert fired == ["later"]
            return
        raise AssertionError("the screen's pop never ended within 0.3 s in 10 tries")


async def test_a_later_call_due_while_the_app_closes_never_runs():
    fired: list[str] = []
    app = Bare()
    async with app.run_test():
        later(app.screen, 0.0, lambda: fired.append("closing"))
        app.exit()
    assert fired == []
