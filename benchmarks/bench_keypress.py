"""Key press to complete frame, and confirmed move to complete handover,
against the floor: a bare Textual app measured in the same run.

    python benchmarks/bench_keypress.py [--presses N] [--switches N] [--quick] [--json]

The app runs headless at 80x24 (Textual's Pilot). Every frame the app hands
to the terminal is timed and written into a virtual terminal
(tests/ui/frames.py), so the figures are for frames as a player sees them.
For each press the clock starts just before the key is sent; the app is then
left idle until no frame has come for 150 ms. The *complete* frame is the
first one from which the terminal no longer changes (footer, log and
everything else included); the *first* frame is the first one drawn after
the key. Textual draws at most 60 frames a second, so up to ~17 ms of any
figure is the wait for the next frame slot.

Measured:

- keys in the Blind Chicken screen (one human, two bots, arranging the
  hand): the cursor moving along the hand (right/left), and the card under
  the cursor moving (. and ,: the hand is redrawn in a new order);
- confirming a move that passes the keyboard (two humans and a bot: Ann
  confirms her arrangement) to the complete handover naming Ben, and Ben's
  Enter at the handover to his complete game screen. The handover takes
  Enter only once it is armed (the app's guard time, as shipped, with no
  input during it): the benchmark waits for that, untimed, then presses;
- the floor, with the same clock and recorder: a bare Textual app (one
  Static) whose key rewrites the Static's line, and whose Enter switches
  to another screen of one Static. Each figure's "x floor" is its median
  over the floor's (keys and the confirmed move over the line; the
  handover and the game screen over the screen switch).
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time

from _common import ROOT, cores_label, emit_json, median, parser_for, percentile, pin_to_one_core, print_table

QUIET = 0.15  # seconds without a frame: the screen has settled
ARM_WAIT = 30.0  # seconds past the guard time a handover may take to arm before the run stops


def _summary(first: list[float], complete: list[float]) -> dict:
    return {
        "samples": len(complete),
        "first_median_ms": round(median(first), 2),
        "median_ms": round(median(complete), 2),
        "p95_ms": round(percentile(complete, 0.95), 2),
        "p99_ms": round(percentile(complete, 0.99), 2),
        "max_ms": round(max(complete), 2),
    }


async def _press_and_settle(pilot, recorder, key: str) -> tuple[float, float, str]:
    """Press ``key`` on an idle app; (ms to the first frame, ms to the
    complete frame, the settled screen's class name)."""
    await pilot.pause(0.03)  # idle: nothing pending
    start = time.perf_counter()
    await pilot.press(key)
    limit = time.monotonic() + 3
    while time.monotonic() < limit:
        frames = recorder.since(start)
        if frames and time.perf_counter() - frames[-1].time > QUIET:
            break
        await asyncio.sleep(0.002)
    frames = recorder.since(start)
    if not frames:
        raise SystemExit(f"no frame after pressing {key!r}")
    final = frames[-1].text
    complete = len(frames) - 1
    while complete > 0 and frames[complete - 1].text == final:
        complete -= 1
    return ((frames[0].time - start) * 1000, (frames[complete].time - start) * 1000,
            frames[-1].screen)


async def _until_quiet(recorder) -> None:
    """Wait until no frame has come for QUIET (what a screen drew on its own,
    such as a handover arming, is not counted in the next press)."""
    limit = time.monotonic() + 10
    while recorder.frames and time.perf_counter() - recorder.frames[-1].time <= QUIET:
        if time.monotonic() > limit:
            raise SystemExit("the screen kept drawing frames for 10 s with no input")
        await asyncio.sleep(0.005)


async def measure_floor(presses: int, warmup: int) -> dict[str, tuple[list[float], list[float]]]:
    """A bare Textual app: a key that rewrites one line, and Enter that
    switches to another screen; (first frame, complete frame) ms of each."""
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.screen import Screen
    from textual.widgets import Static

    from tests.ui.frames import FrameRecorder

    class Page(Screen):
        BINDINGS = [Binding("enter", "other", "Other screen")]

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

        def compose(self) -> ComposeResult:
            yield Static(f"Screen {self.number}")

        def action_other(self) -> None:
            self.app.switch_screen(Page(self.number + 1))

    class Bare(App):
        BINDINGS = [Binding("right", "count(1)", "Up"), Binding("left", "count(-1)", "Down")]

        def __init__(self) -> None:
            super().__init__()
            self.count = 0

        def compose(self) -> ComposeResult:
            yield Static("Count: 0", id="count")

        def action_count(self, step: int) -> None:
            self.count += step
            self.query_one("#count", Static).update(f"Count: {self.count}")

    app = Bare()
    results: dict[str, tuple[list[float], list[float]]] = {}
    with FrameRecorder(80, 24) as recorder:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.2)
            for _ in range(warmup):
                await _press_and_settle(pilot, recorder, "right")
                await _press_and_settle(pilot, recorder, "left")
            shown = app.count
            await _press_and_settle(pilot, recorder, "right")
            if app.count == shown:
                raise SystemExit("the bare app's key changed nothing")
            first, complete = [], []
            for i in range(presses):
                a, b, _ = await _press_and_settle(pilot, recorder, ("left", "right")[i % 2])
                first.append(a)
                complete.append(b)
            results[FLOOR_LINE] = first, complete
            app.push_screen(Page(1))
            await _until_quiet(recorder)
            for _ in range(warmup):
                await _press_and_settle(pilot, recorder, "enter")
            first, complete = [], []
            for _ in range(presses):
                number = app.screen.number
                a, b, _ = await _press_and_settle(pilot, recorder, "enter")
                if app.screen.number != number + 1:
                    raise SystemExit("the bare app's Enter did not switch the screen")
                first.append(a)
                complete.append(b)
            results[FLOOR_SCREEN] = first, complete
    return results


FLOOR_LINE = "floor: a bare Textual app, a key rewrites a line"
FLOOR_SCREEN = "floor: a bare Textual app, Enter switches screens"
# Which floor each figure is set against (the rest: the line).
OVER_SCREEN_FLOOR = ("handover", "game screen", FLOOR_SCREEN)


async def measure_keys(presses: int, warmup: int) -> dict:
    from tablegames.core.match import Match
    from tablegames.core.records import Seat
    from tablegames.ui.app import TableGamesApp
    from tests.ui.frames import FrameRecorder

    match = Match.new("blind-chicken", [Seat("Kim"), Seat("Bot 1", "heuristic"), Seat("Bot 2", "heuristic")],
                      seed=1)
    app = TableGamesApp(match=match, bot_delay=0, tune_gc=True)
    results: dict[str, dict] = {}
    with FrameRecorder(80, 24) as recorder:
        async with app.run_test(size=(80, 24)) as pilot:
            deadline = time.monotonic() + 30
            while (match.next_bot() is not None or match.deciders() != [0]) and time.monotonic() < deadline:
                await pilot.pause(0.01)
            screen = app.screen
            if match.view().get("phase") != "order" or not hasattr(screen, "cursor"):
                raise SystemExit(f"not at the ordering step: {type(screen).__name__}, {match.prompt()}")
            for label, keys in (("cursor (right/left)", ("right", "left")),
                                ("move card (. and ,)", ("full_stop", "comma"))):
                for key in keys * warmup:
                    await _press_and_settle(pilot, recorder, key)
                # The key really changes the screen (the cursor, or the order).
                seen = (screen.cursor, list(screen.order))
                await _press_and_settle(pilot, recorder, keys[0])
                if (screen.cursor, list(screen.order)) == seen:
                    raise SystemExit(f"pressing {keys[0]!r} changed nothing on the screen")
                await _press_and_settle(pilot, recorder, keys[1])
                first, complete = [], []
                for i in range(presses):
                    a, b, _ = await _press_and_settle(pilot, recorder, keys[i % 2])
                    first.append(a)
                    complete.append(b)
                results[label] = _summary(first, complete)
    return results


async def measure_switches(switches: int, warmup: int) -> dict:
    from tablegames.core.match import Match
    from tablegames.core.records import Seat
    from tablegames.ui.app import TableGamesApp
    from tablegames.ui.game_screen import game_screen_for
    from tests.ui.frames import FrameRecorder

    def at_anns_arrangement(seed: int) -> Match:
        match = Match.new("blind-chicken", [Seat("Ann"), Seat("Ben"), Seat("Bot", "heuristic")],
                          {"hands": 1}, seed=seed)
        match.run_bots()
        match.take_keyboard(0)
        return match

    app = TableGamesApp(bot_delay=0, tune_gc=True)
    samples: dict[str, tuple[list[float], list[float]]] = {
        "confirmed move to the complete 'your move is done' screen": ([], []),
        "Enter there (pass the keyboard) to complete handover": ([], []),
        "Enter at the handover to complete game screen": ([], []),
    }
    (w_first, w_done), (h_first, h_done), (g_first, g_done) = samples.values()
    with FrameRecorder(80, 24) as recorder:
        async with app.run_test(size=(80, 24)) as pilot:
            for i in range(switches + warmup):
                match = at_anns_arrangement(i)
                app.push_screen(game_screen_for(match))
                await pilot.pause(0.2)
                # Ann's move may still be taken back: her screen waits for Enter.
                w1, w2, screen = await _press_and_settle(pilot, recorder, "enter")
                if not match.pending_pass:
                    raise SystemExit(f"Ann's move did not wait for Enter: {screen}")
                a, b, screen = await _press_and_settle(pilot, recorder, "enter")
                if screen != "HandoverScreen" or "Pass the keyboard to Ben" not in recorder.frames[-1].text:
                    raise SystemExit(f"no handover to Ben after Ann's move: {screen}")
                await _until_armed(app)
                await _until_quiet(recorder)
                c, d, screen = await _press_and_settle(pilot, recorder, "enter")
                if match.at_keyboard != 1 or screen == "HandoverScreen":
                    raise SystemExit(f"Ben's screen did not open: {screen}")
                if i >= warmup:
                    w_first.append(w1)
                    w_done.append(w2)
                    h_first.append(a)
                    h_done.append(b)
                    g_first.append(c)
                    g_done.append(d)
                await app.pop_screen()
    return {label: _summary(first, done) for label, (first, done) in samples.items()}


async def _until_armed(app) -> None:
    """Wait, untimed, until the handover on screen takes Enter."""
    screen = app.screen
    limit = time.monotonic() + app.handover_guard + ARM_WAIT
    while not screen.armed:
        if time.monotonic() > limit:
            raise SystemExit(f"the handover did not take Enter within {app.handover_guard + ARM_WAIT:.0f} s "
                             "with no input")
        await asyncio.sleep(0.01)


def main() -> None:
    parser = parser_for(__doc__, quick={"presses": 4, "switches": 1, "warmup": 1})
    parser.add_argument("--presses", type=int, default=100, help="presses per key pair (default 100)")
    parser.add_argument("--switches", type=int, default=40, help="moves that pass the keyboard (default 40)")
    parser.add_argument("--warmup", type=int, default=3,
                        help="untimed rounds of each kind before the timed ones (default 3; 2 for switches)")
    args = parser.parse_args()
    cpu = pin_to_one_core(args.quick)
    os.environ["TABLEGAMES_DATA_DIR"] = tempfile.mkdtemp(prefix="tablegames-bench-")
    import sys

    sys.path.insert(0, str(ROOT))  # tests.ui.frames

    # Half the floor's samples before the app's figures and half after, so a
    # change of load during the run moves the floor too (both medians shown).
    half = max(1, args.presses // 2)
    before = asyncio.run(measure_floor(half, args.warmup))
    results = asyncio.run(measure_keys(args.presses, args.warmup))
    results.update(asyncio.run(measure_switches(args.switches, min(args.warmup, 2))))
    after = asyncio.run(measure_floor(half, args.warmup))
    for label in before:
        results[label] = {**_summary(before[label][0] + after[label][0], before[label][1] + after[label][1]),
                          "median_ms_before": round(median(before[label][1]), 2),
                          "median_ms_after": round(median(after[label][1]), 2)}
    for label, r in results.items():
        base = FLOOR_SCREEN if any(word in label for word in OVER_SCREEN_FLOOR) else FLOOR_LINE
        r["x_floor"] = round(r["median_ms"] / results[base]["median_ms"], 2)
    if args.json:
        emit_json({"benchmark": "keypress", "cpu_pinned": cpu, "results": results})
        return
    print_table(["what", "samples", "first frame ms", "complete median ms", "x floor", "p95 ms", "p99 ms",
                 "max ms"],
                [[k, r["samples"], f"{r['first_median_ms']:.1f}", f"{r['median_ms']:.1f}", f"{r['x_floor']:.2f}",
                  f"{r['p95_ms']:.1f}", f"{r['p99_ms']:.1f}", f"{r['max_ms']:.1f}"] for k, r in results.items()],
                title=f"Blind Chicken, key press to complete frame, headless 80x24, {cores_label(cpu)}")
    for label in (FLOOR_LINE, FLOOR_SCREEN):
        r = results[label]
        print(f"{label}: median {r['median_ms_before']:.1f} ms before the app's figures, "
              f"{r['median_ms_after']:.1f} ms after (the row above pools both)")


if __name__ == "__main__":
    main()
