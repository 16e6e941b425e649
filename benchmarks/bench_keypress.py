"""Key press to updated frame in the Blind Chicken game screen.

    python benchmarks/bench_keypress.py [--presses N] [--json]

The app runs headless at 80x24 (Textual's Pilot) with one human and two
bots, at the point where the human arranges their hand. For each press the
clock starts just before the key is sent and stops when the compositor hands
the next frame of the game screen to the display and it has been turned into
terminal output. The app is idle between presses, so that frame is the one
the key caused. Textual draws at most 60 frames a second, so up to ~17 ms of
every figure is the wait for the next frame slot.

Keys measured: the cursor moving along the hand (right/left), and the card
under the cursor moving (. and ,: the hand is redrawn in a new order).
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time

from _common import emit_json, median, parser_for, percentile, pin_to_one_core, print_table


async def measure(presses: int) -> dict:
    from textual.app import App

    from tablegames.core.match import Match
    from tablegames.core.records import Seat
    from tablegames.ui.app import TableGamesApp

    frames: list[float] = []
    display = App._display

    def hooked(self, screen, renderable):
        display(self, screen, renderable)
        if renderable is not None and screen is self.screen:
            renderable.render_segments(self.console)  # what a real driver would do
            frames.append(time.perf_counter())

    App._display = hooked
    match = Match.new("blind-chicken", [Seat("Kim"), Seat("Bot 1", "heuristic"), Seat("Bot 2", "heuristic")],
                      seed=1)
    app = TableGamesApp(match=match, bot_delay=0)
    results: dict[str, list[float]] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        deadline = time.monotonic() + 30
        while (match.next_bot() is not None or match.deciders() != [0]) and time.monotonic() < deadline:
            await pilot.pause(0.01)
        screen = app.screen
        if match.view().get("phase") != "order" or not hasattr(screen, "cursor"):
            raise SystemExit(f"not at the ordering step: {type(screen).__name__}, {match.prompt()}")

        async def timed(key: str) -> float:
            await pilot.pause(0.03)  # idle: nothing pending
            start = time.perf_counter()
            await pilot.press(key)
            limit = time.monotonic() + 2
            while not (frames and frames[-1] > start) and time.monotonic() < limit:
                await asyncio.sleep(0.0005)
            after = [t for t in frames if t > start]
            if not after:
                raise SystemExit(f"no frame after pressing {key!r}")
            return (after[0] - start) * 1000

        for label, keys in (("cursor (right/left)", ("right", "left")),
                            ("move card (. and ,)", ("full_stop", "comma"))):
            for key in keys * 3:  # warm up
                await timed(key)
            # The key really changes the screen (the cursor, or the order).
            seen = (screen.cursor, list(screen.order))
            await timed(keys[0])
            if (screen.cursor, list(screen.order)) == seen:
                raise SystemExit(f"pressing {keys[0]!r} changed nothing on the screen")
            await timed(keys[1])
            times = []
            before = list(screen.order)
            for i in range(presses):
                times.append(await timed(keys[i % 2]))
            if label.startswith("move") and presses % 2 == 0:
                assert screen.order == before, "moving a card right then left should restore the order"
            results[label] = times
    App._display = display
    return {label: {"presses": len(t), "median_ms": round(median(t), 2), "p95_ms": round(percentile(t, 0.95), 2)}
            for label, t in results.items()}


def main() -> None:
    parser = parser_for(__doc__)
    parser.add_argument("--presses", type=int, default=40, help="presses per key pair (default 40)")
    args = parser.parse_args()
    cpu = pin_to_one_core()
    os.environ["TABLEGAMES_DATA_DIR"] = tempfile.mkdtemp(prefix="tablegames-bench-")

    results = asyncio.run(measure(args.presses))
    if args.json:
        emit_json({"benchmark": "keypress", "cpu_pinned": cpu, "results": results})
        return
    print_table(["key", "presses", "median ms", "p95 ms"],
                [[k, r["presses"], f"{r['median_ms']:.1f}", f"{r['p95_ms']:.1f}"] for k, r in results.items()],
                title="Blind Chicken screen, key press to updated frame, headless 80x24, one core")


if __name__ == "__main__":
    main()
