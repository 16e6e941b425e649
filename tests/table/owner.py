"""The owner of a kitchen-table match in tests: the real app, headless
(``App.run_test``), run in a thread of its own with its own event loop, so
that the test's thread can drive Chromium (sync Playwright) at the same
time. Everything the test asks of the owner (its screen's text, a key)
runs in the owner's loop (``call``)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any, Awaitable, Callable

from tablegames.core.match import Match
from tests.ui.helpers import DEADLINE, make_app, screen_text, settle

# Wide enough for the join panel beside the table (a QR code is 35 cells).
SIZE = (120, 40)


class OwnerThread:
    def __init__(self, match: Match | None, size: tuple[int, int] = SIZE, **kwargs: Any) -> None:
        kwargs.setdefault("table_address", ("127.0.0.1", 0))
        self.app = make_app(match, **kwargs)
        self.size = size
        self.pilot: Any = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._done: asyncio.Event | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="owner", daemon=True)

    def __enter__(self) -> "OwnerThread":
        self._thread.start()
        assert self._ready.wait(DEADLINE), "the owner app never started"
        if self.error is not None:
            raise self.error
        return self

    def __exit__(self, *exc: object) -> None:
        if self.loop is not None and self._done is not None and not self.loop.is_closed():
            try:
                self.loop.call_soon_threadsafe(self._done.set)
            except RuntimeError:  # (closed meanwhile: the app quit)
                pass
        self._thread.join(DEADLINE)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as error:  # reported to the test's thread
            self.error = error
            self._ready.set()

    async def _main(self) -> None:
        async with self.app.run_test(size=self.size) as pilot:
            self.pilot = pilot
            self.loop = asyncio.get_running_loop()
            self._done = asyncio.Event()
            self._ready.set()
            # Until the test is done, or the app quits (ctrl+q): run_test
            # shuts an app down (its on_unmount: the table told to close) only
            # as its context ends, where the real app does at once.
            while not self._done.is_set() and self.app.is_running:
                try:
                    await asyncio.wait_for(self._done.wait(), 0.05)
                except asyncio.TimeoutError:
                    pass

    def call(self, make: Callable[[], Awaitable[Any]]) -> Any:
        """Run ``make()`` in the owner's loop; its result."""
        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(_call(self.app, make), self.loop).result(DEADLINE)

    def run(self, function: Callable[[], Any]) -> Any:
        """Run a plain function in the owner's loop; its result."""
        async def wrapped() -> Any:
            return function()
        return self.call(wrapped)

    def text(self) -> str:
        return str(self.run(lambda: screen_text(self.app)))

    def press(self, *keys: str) -> None:
        self.call(lambda: self.pilot.press(*keys))

    def settle(self) -> None:
        self.call(lambda: settle(self.pilot))


async def _call(app: Any, make: Callable[[], Awaitable[Any]]) -> Any:
    # In the app's context, as its own tasks run (a widget rendered here,
    # an OptionList's lines say, looks the app up in it).
    from textual._context import active_app

    active_app.set(app)
    return await make()
