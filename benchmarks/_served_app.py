"""The app textual-serve starts for a page of bench_serve.py, with a log of
when its input came and its output went (not a benchmark: bench_serve.py
runs it).

    python benchmarks/_served_app.py LOG tablegames|bare [PROFILE]

Each line of LOG: the wall-clock time (time.time(), which the browser's
Date.now() shares), "in" and the event's class for an input event the web
driver passed to the app, or "out" and the bytes of a frame's write. With
PROFILE, the app's main thread runs under cProfile (start-up included),
and the stats go to PROFILE when the app ends.
"""

from __future__ import annotations

import cProfile
import signal
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def bare_app() -> Any:
    """The floor: a page with one line; a click on it opens a screen of one
    line, whose click goes back."""
    from textual.app import App, ComposeResult
    from textual.screen import Screen
    from textual.widgets import Static

    class Second(Screen):
        BINDINGS = [("escape", "app.pop_screen", "Back")]

        def compose(self) -> ComposeResult:
            yield Static("Bare app: who plays? (click to go back)")

        def on_click(self) -> None:
            self.app.pop_screen()

    class Bare(App):
        def compose(self) -> ComposeResult:
            yield Static("Bare app: Pick a game (click here)")

        def on_click(self) -> None:
            if not isinstance(self.screen, Second):
                self.push_screen(Second())

    return Bare()


def main() -> int:
    log_path, which = sys.argv[1], sys.argv[2]
    profile_path = sys.argv[3] if len(sys.argv) > 3 else None
    from textual.drivers import web_driver

    log = open(log_path, "a", buffering=1, encoding="utf-8")
    profiler = cProfile.Profile() if profile_path else None
    driver_class = web_driver.WebDriver
    write, process = driver_class.write, driver_class.process_message

    def timed_write(self: Any, data: str) -> None:
        write(self, data)
        log.write(f"{time.time():.6f} out {len(data.encode('utf-8'))}\n")

    def timed_process(self: Any, message: Any) -> None:
        log.write(f"{time.time():.6f} in {type(message).__name__}\n")
        process(self, message)

    driver_class.write = timed_write  # type: ignore[method-assign]
    driver_class.process_message = timed_process  # type: ignore[method-assign]

    def save_profile(*_args: object) -> None:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(profile_path)

    signal.signal(signal.SIGTERM, lambda *args: (save_profile(), sys.exit(0)))
    if profiler is not None:
        profiler.enable()
    try:
        if which == "bare":
            bare_app().run()
            return 0
        from tablegames.cli import main as tablegames

        return tablegames([])
    finally:
        save_profile()


if __name__ == "__main__":
    sys.exit(main())
