"""The screen changes a player makes all evening, key to complete frame,
against the floor: a bare Textual app's screen push, measured in the same run.

    python benchmarks/bench_screens.py [--tries N] [--finished F] [--case CASE] [--profile CASE] [--quick] [--json]

The app runs headless at 80x24 (Textual's Pilot) in one process, with the
recorder of bench_keypress.py (tests/ui/frames.py): the clock starts just
before the key is sent; the app is left alone until what the change waits
for is there (the seat setup, the handover, the review at its move, the
history's list or the statistics' table filled from the index) and no frame
has come for 150 ms; the *complete* frame is the first one from which the
terminal no longer changes. Measured, each N times (default 15):

- the picker's digit to the complete seat setup (Escape back, untimed);
- ctrl+s at the seat setup (three humans) to the complete first handover
  (then back to the picker, untimed);
- ``h`` at the picker to the complete history, ``s`` to the complete
  statistics, over F finished matches (default 100) in the data folder;
- ``r`` at the results of a finished three-hand Blind Chicken match to the
  complete review; in the review, → (a move), PgDn (the next hand) and End
  (the last move); Escape back to the results, untimed;
- the floor: a bare Textual app (one Static) whose key pushes a screen of
  one Static (Escape pops it, untimed), half its tries before the app's and
  half after (a change of load moves the floor too).

Each row gives the median, p95 and the first try (the first in this
process: imports, CSS and reads done on first use), "x floor" (its median
over the floor's), and the median CPU time the process used from the key
to the complete frame (all threads): on a loaded machine the wall-clock
figures wait for the CPU, the CPU figure much less. The load average is
printed with the table.

--case CASE (repeatable) measures only some changes (with those of their
group: setup and handover, history and stats, the review's). --profile CASE
runs CASE's timed tries under a profiler and prints where the time went to
stderr: pyinstrument's call tree if it is installed (not a dependency:
`pip install pyinstrument`), else cProfile's 30 functions of most
cumulative time (and with BENCH_PROFILE_OUT=FILE, its stats in FILE for
`python -m pstats FILE`).
"""

from __future__ import annotations

import asyncio
import cProfile
import os
import pstats
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from _common import ROOT, cores_label, emit_json, median, parser_for, percentile, pin_to_one_core, print_table

QUIET = 0.15  # seconds without a frame: the screen has settled
WAIT = 60.0  # seconds a change may take before the run stops

FLOOR = "floor: a bare Textual app, a key pushes a screen"
CASES = {
    "setup": "picker digit to complete seat setup",
    "handover": "seat setup ctrl+s to complete first handover",
    "history": "picker h to complete history",
    "stats": "picker s to complete statistics",
    "review": "results r to complete review",
    "step": "review right (a move)",
    "stage": "review PgDn (next hand)",
    "end": "review End (last move)",
}


class Samples:
    def __init__(self) -> None:
        self.first: float | None = None
        self.complete: list[float] = []
        self.cpu: list[float] = []

    def add(self, ms: tuple[float, float]) -> None:
        if self.first is None:
            self.first = ms[0]
        else:
            self.complete.append(ms[0])
            self.cpu.append(ms[1])


async def press_until(pilot: Any, recorder: Any, key: str, ready: Callable[[], bool],
                      what: str) -> tuple[float, float]:
    """Press ``key`` on an idle app; ms to the complete frame once ``ready()``
    holds on a screen that is not the one the key was pressed on (the
    first frame from which the terminal no longer changes), and the ms of
    CPU the process used until then (all its threads)."""
    await pilot.pause(0.03)  # idle: nothing pending
    before = pilot.app.screen
    cpu = time.process_time()
    start = time.perf_counter()
    await pilot.press(key)
    limit = time.monotonic() + WAIT
    while True:
        frames = recorder.since(start)
        if pilot.app.screen is not before and ready() and frames and time.perf_counter() - frames[-1].time > QUIET:
            break
        if time.monotonic() > limit:
            raise SystemExit(f"{what}: not there {WAIT:.0f} s after pressing {key!r} "
                             f"(on {type(pilot.app.screen).__name__})")
        await asyncio.sleep(0.002)
    final = frames[-1].text
    complete = len(frames) - 1
    while complete > 0 and frames[complete - 1].text == final:
        complete -= 1
    return (frames[complete].time - start) * 1000, (frames[complete].cpu - cpu) * 1000


async def until(pilot: Any, ready: Callable[[], bool], what: str) -> None:
    """Untimed: wait for ``ready()`` (and a settled screen)."""
    limit = time.monotonic() + WAIT
    while not ready():
        if time.monotonic() > limit:
            raise SystemExit(f"{what}: not there after {WAIT:.0f} s (on {type(pilot.app.screen).__name__})")
        await asyncio.sleep(0.005)
    await pilot.pause(QUIET)


async def measure_floor(tries: int) -> Samples:
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.screen import Screen
    from textual.widgets import Static

    from tests.ui.frames import FrameRecorder

    class Page(Screen):
        BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

        def compose(self) -> ComposeResult:
            yield Static("Another screen")

    class Bare(App):
        BINDINGS = [Binding("p", "push", "Push")]

        def compose(self) -> ComposeResult:
            yield Static("The first screen")

        def action_push(self) -> None:
            self.push_screen(Page())

    samples = Samples()
    app = Bare()
    with FrameRecorder(80, 24) as recorder:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.2)
            for _ in range(tries + 1):
                samples.add(await press_until(pilot, recorder, "p", lambda: isinstance(app.screen, Page), FLOOR))
                await pilot.press("escape")
                await until(pilot, lambda: not isinstance(app.screen, Page), "the bare app's first screen")
    return samples


class Profiler:
    """pyinstrument's sampling profiler (a call tree) if it is installed,
    else cProfile (the functions of most cumulative time). Started and
    stopped around each timed try of the profiled change."""

    def __init__(self) -> None:
        try:
            from pyinstrument import Profiler as Sampling  # type: ignore[import-not-found]
        except ImportError:
            self.sampling: Any = None
            self.exact = cProfile.Profile()
        else:
            self.sampling = Sampling(interval=0.0005, async_mode="disabled")

    def start(self) -> None:
        if self.sampling is not None:
            self.sampling.start()
        else:
            self.exact.enable()

    def stop(self) -> None:
        if self.sampling is not None:
            self.sampling.stop()
        else:
            self.exact.disable()

    def report(self) -> None:
        if self.sampling is not None:
            options = {"show_regex": ".*(textual|tablegames|rich).*", "filter_threshold": 0.01}
            print(self.sampling.output_text(unicode=False, color=False, processor_options=options), file=sys.stderr)
        else:
            pstats.Stats(self.exact, stream=sys.stderr).sort_stats("cumulative").print_stats(30)
        if os.environ.get("BENCH_PROFILE_OUT"):  # (a file for a closer look with pstats)
            self.exact.dump_stats(os.environ["BENCH_PROFILE_OUT"])


def finished_match(seed: int) -> Any:
    """A finished three-hand Blind Chicken match (three bots), saved as it
    finishes (so the review has its record and path)."""
    from tablegames.core.match import Match
    from tablegames.core.records import Seat

    match = Match.new("blind-chicken", [Seat("Kim", "heuristic"), Seat("Lee", "heuristic"), Seat("Cy", "heuristic")],
                      {"hands": 3}, seed=seed)
    match.run_bots()
    assert match.is_over()
    return match


async def measure_app(tries: int, profile: str | None, only: set[str]) -> dict[str, Samples]:
    # Only the app: each screen's module is imported when the app first
    # needs it, as in a real run (the first try pays for it).
    from tablegames.ui.app import TableGamesApp
    from tests.ui.frames import FrameRecorder

    def top() -> Any:  # (the screen on top, whichever class it is)
        return app.screen

    def on(name: str) -> bool:
        return type(top()).__name__ == name

    samples = {case: Samples() for case in CASES}
    profiler = Profiler()

    async def timed(case: str, key: str, ready: Callable[[], bool]) -> None:
        profiled = profile == case and samples[case].first is not None
        if profiled:
            profiler.start()
        try:
            samples[case].add(await press_until(pilot, recorder, key, ready, CASES[case]))
        finally:
            if profiled:
                profiler.stop()

    def reviewing() -> bool:
        return hasattr(app.screen, "review")  # a review's table or result page

    async def evening() -> None:
        await until(pilot, lambda: on("PickerScreen") and app.is_idle(), "the picker")
        # Blind Chicken, set up last time with three humans (the first
        # screen after the setup is the handover to Ann: no bot moves first).
        from tablegames.core import last_seats

        last_seats.remember("blind-chicken", last_seats.LastSeats(
            3, tuple(last_seats.SeatRow(name, last_seats.HUMAN) for name in ("Ann", "Ben", "Cid")), {}))
        digit = str(1 + [info.id for info in top().games].index("blind-chicken"))
        for _ in range(tries + 1 if only & {"setup", "handover"} else 0):
            await timed("setup", digit, lambda: on("SetupScreen"))
            await timed("handover", "ctrl+s", lambda: on("HandoverScreen"))
            await app.action_to_picker()
            await until(pilot, lambda: on("PickerScreen"), "back at the picker")
        for _ in range(tries + 1 if only & {"history", "stats"} else 0):
            await timed("history", "h", lambda: on("HistoryScreen")
                        and top().total is not None and app.is_idle())
            await pilot.press("escape")
            await until(pilot, lambda: on("PickerScreen"), "back at the picker")
            await timed("stats", "s", lambda: on("StatsScreen") and bool(top().stats) and app.is_idle())
            await pilot.press("escape")
            await until(pilot, lambda: on("PickerScreen"), "back at the picker")
        if not only & {"review", "step", "stage", "end"}:
            return
        app.open_match(finished_match(1))
        await until(pilot, lambda: on("ResultsScreen"), "the results")
        for _ in range(tries + 1):
            await timed("review", "r", reviewing)
            review = top().review
            for step in range(1, 4):
                await timed("step", "right", lambda step=step: bool(reviewing() and review.position == step))
            await timed("stage", "pagedown", lambda: reviewing() and review.position == review.stage_starts[0])
            await timed("end", "end", lambda: reviewing() and review.position == review.moves)
            await pilot.press("escape")
            await until(pilot, lambda: on("ResultsScreen"), "back at the results")

    app = TableGamesApp(bot_delay=0, tune_gc=True)
    app.animation_level = "none"
    with FrameRecorder(80, 24) as recorder:
        async with app.run_test(size=(80, 24)) as pilot:
            await evening()
    if profile:
        print(f"\nWhere {CASES[profile]!r} spends its time ({len(samples[profile].complete)} tries after the "
              "first; the main thread only):", file=sys.stderr)
        profiler.report()
    return samples


def row(samples: Samples, floor: float) -> dict[str, Any]:
    return {"tries": len(samples.complete), "median_ms": round(median(samples.complete), 1),
            "p95_ms": round(percentile(samples.complete, 0.95), 1), "first_ms": round(samples.first or 0.0, 1),
            "cpu_median_ms": round(median(samples.cpu), 1),
            "x_floor": round(median(samples.complete) / floor, 2)}


def main() -> None:
    parser = parser_for(__doc__, quick={"tries": 2, "finished": 5})
    parser.add_argument("--tries", type=int, default=15, help="timed tries of each change (default 15)")
    parser.add_argument("--finished", type=int, default=100,
                        help="finished matches in the data folder for the history and statistics (default 100)")
    parser.add_argument("--profile", choices=sorted(CASES),
                        help="run this change's tries under a profiler (pyinstrument if installed, else cProfile)")
    parser.add_argument("--case", action="append", choices=sorted(CASES),
                        help="measure only this change (repeatable; its group of changes runs)")
    args = parser.parse_args()
    cpu = pin_to_one_core(args.quick)
    sys.path.insert(0, str(ROOT))  # tests.ui.frames
    data = Path(tempfile.mkdtemp(prefix="tablegames-bench-screens-"))
    os.environ["TABLEGAMES_DATA_DIR"] = str(data)
    try:
        from bench_history import make_matches

        make_matches(data, args.finished)
        half = max(1, args.tries // 2)
        before = asyncio.run(measure_floor(half))
        samples = asyncio.run(measure_app(args.tries, args.profile, set(args.case or CASES)))
        after = asyncio.run(measure_floor(half))
    finally:
        shutil.rmtree(data, ignore_errors=True)
    floor = Samples()
    floor.first = before.first
    floor.complete = before.complete + after.complete
    floor.cpu = before.cpu + after.cpu
    floor_ms = median(floor.complete)
    results = {FLOOR: row(floor, floor_ms), **{CASES[case]: row(s, floor_ms) for case, s in samples.items() if s.complete}}
    load = os.getloadavg()
    if args.json:
        emit_json({"benchmark": "screens", "cpu_pinned": cpu, "finished_matches": args.finished,
                   "load_average": [round(x, 2) for x in load], "results": results,
                   "floor_median_ms_before": round(median(before.complete), 1),
                   "floor_median_ms_after": round(median(after.complete), 1)})
        return
    print_table(["what", "tries", "median ms", "x floor", "p95 ms", "first ms", "CPU median ms"],
                [[label, r["tries"], f"{r['median_ms']:.1f}", f"{r['x_floor']:.2f}", f"{r['p95_ms']:.1f}",
                  f"{r['first_ms']:.1f}", f"{r['cpu_median_ms']:.1f}"] for label, r in results.items()],
                title=f"Key to complete frame of the next screen, headless 80x24, {args.finished} finished matches, "
                      f"{cores_label(cpu)}")
    print(f"{FLOOR}: median {median(before.complete):.1f} ms before the app's figures, "
          f"{median(after.complete):.1f} ms after (the row above pools both); "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
