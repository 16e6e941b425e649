"""ui/later.py: a one-shot timer that always fires, and, like Textual's
own, never for a node that is gone or an app that is closing."""

from __future__ import annotations

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
    fired: list[str] = []
    app = Bare()
    async with app.run_test() as pilot:
        screen = Screen()
        await app.push_screen(screen)
        later(screen, 0.05, lambda: fired.append("gone screen"))
        await app.pop_screen()
        later(app.screen, 0.1, lambda: fired.append("later"))
        await wait_for(pilot, lambda: fired, "the second call")
        assert fired == ["later"]


async def test_a_later_call_due_while_the_app_closes_never_runs():
    fired: list[str] = []
    app = Bare()
    async with app.run_test():
        later(app.screen, 0.0, lambda: fired.append("closing"))
        app.exit()
    assert fired == []
