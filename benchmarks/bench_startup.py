"""Start-up and memory: the game picker against a bare Textual app.

    python benchmarks/bench_startup.py [--runs N] [--quick] [--json]

Start-up: wall time from starting a fresh Python process to its first frame,
for the tablegames app at the picker (with the command line's imports, as
the `tablegames` script starts it; with no saves, and with three unfinished
saves of three games) and for a bare Textual app (one Static widget), measured in the same run with the same mechanism, alternating the
two, pinned to one core; medians of N runs and their ratio. Each child runs
its app headless at 80x24 and, the first time the compositor hands a frame
of the target screen to the display, turns it into terminal output (what a
real terminal would be sent) and exits.

Memory: peak resident set size (ru_maxrss of the child itself) of
- the bare app at its first frame,
- the app at the picker's first frame,
- the app through a whole bots-only Blind Chicken match (3 seats, the match
  controller inside the app making every move with no pause between bot
  moves, the screen redrawn after every move, until the results screen's
  first frame; its "first frame" column is the time to that results frame).

--quick runs each case once, with no warm-up run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

from _common import ROOT, cores_label, emit_json, median, parser_for, pin_to_one_core, print_table

CHILD = r'''
import json, resource, sys, time

case = sys.argv[1]
from textual.app import App

shown = {}


def report(app, screen, renderable):
    # Produce the bytes a terminal would be sent for this frame, as a real
    # driver would, then stop.
    renderable.render_segments(app.console)
    shown["frame"] = time.time()
    shown["screen"] = type(screen).__name__
    app.exit()


if case == "bare":
    from textual.widgets import Static

    class Bare(App):
        def compose(self):
            yield Static("Hello from a bare Textual app.")

    app = Bare()

    def is_target(screen):
        return True

elif case in ("picker", "saves"):
    # What `tablegames` (the console script) imports before it opens the app.
    import tablegames.cli  # noqa: F401
    from tablegames.ui.app import TableGamesApp
    from tablegames.ui.picker import PickerScreen

    app = TableGamesApp()

    def is_target(screen):
        return isinstance(screen, PickerScreen)

elif case == "match":
    # A whole bots-only match, the match controller inside the app making
    # every move (no pause between bot moves), until the results screen.
    from tablegames.core.match import Match
    from tablegames.core.records import Seat
    from tablegames.ui.app import TableGamesApp
    from tablegames.ui.results import ResultsScreen

    match = Match.new("blind-chicken", [Seat("Bot 1", "heuristic"), Seat("Bot 2", "random"),
                                        Seat("Bot 3", "heuristic")], seed=int(sys.argv[2]))
    app = TableGamesApp(match=match, bot_delay=0)
    shown["moves"] = lambda: len(match.record.actions)

    def is_target(screen):
        return isinstance(screen, ResultsScreen)

else:
    raise SystemExit(f"unknown case {case}")

display = App._display


def hooked(self, screen, renderable):
    if getattr(screen, "showing_final_table", False):
        # After a bot's last move the table stays up until someone presses
        # Enter (ui/game_screen.py); here nobody watches: go on at once.
        self.call_later(screen.action_results)
    if renderable is not None and "frame" not in shown and screen is self.screen and is_target(screen):
        display(self, screen, renderable)
        report(self, screen, renderable)
        return
    display(self, screen, renderable)


App._display = hooked
app.run(headless=True, size=(80, 24))
shown["maxrss_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
if callable(shown.get("moves")):
    shown["moves"] = shown["moves"]()
print(json.dumps(shown))
'''

# Three unfinished matches of the first three games, a few human moves in.
SAVES = r'''
from tablegames.core import registry
from tablegames.core.match import Match
from tablegames.core.records import Seat

for game in registry.ids()[:3]:
    spec = registry.get(game)
    seats = [Seat("Kim")] + [Seat(f"Bot {i}", spec.default_bot) for i in range(1, spec.min_players)]
    match = Match.new(game, seats, seed=3)
    for _ in range(4):
        match.run_bots()
        if match.is_over():
            break
        match.take_keyboard(match.next_human())
        match.play(match.legal_actions()[0])
'''


def run_child(code: str, arg: str, env: dict, *extra: str) -> tuple[float, float, dict]:
    """(seconds to the first frame, seconds to exit, the child's report)."""
    start = time.time()
    proc = subprocess.run([sys.executable, "-c", code, arg, *extra], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=600, cwd=ROOT)
    end = time.time()
    if proc.returncode != 0:
        raise SystemExit(f"{arg}: the child failed:\n{proc.stderr[-3000:]}")
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    return report.get("frame", end) - start, end - start, report


def main() -> None:
    parser = parser_for(__doc__, quick={"runs": 1})
    parser.add_argument("--runs", type=int, default=15, help="runs per case (default 15)")
    parser.add_argument("--no-match", action="store_true", help="skip the whole-match memory measurement")
    parser.add_argument("--no-saves", action="store_true", help="skip the picker with three saves")
    args = parser.parse_args()
    cpu = pin_to_one_core(args.quick)

    data_dir = tempfile.mkdtemp(prefix="tablegames-bench-")
    env = {**os.environ, "TABLEGAMES_DATA_DIR": data_dir, "PYTHONPATH": str(ROOT),
           "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    env.pop("TEXTUAL", None)
    # Compiled .pyc files are kept, as after a normal install (the warm-up
    # run writes any that are missing).
    env.pop("PYTHONDONTWRITEBYTECODE", None)

    envs = {"bare": env, "picker": env}
    if not args.no_saves:
        envs["saves"] = {**env, "TABLEGAMES_DATA_DIR": tempfile.mkdtemp(prefix="tablegames-bench-saves-")}
        subprocess.run([sys.executable, "-c", SAVES], env=envs["saves"], check=True, cwd=ROOT, timeout=600)
    cases = tuple(envs)
    for case in () if args.quick else cases:  # warm the file cache and .pyc files
        run_child(CHILD, case, envs[case])
    frames: dict[str, list[float]] = {c: [] for c in cases}
    exits: dict[str, list[float]] = {c: [] for c in cases}
    rss: dict[str, list[int]] = {c: [] for c in cases}
    screens: dict[str, str] = {}
    for _ in range(args.runs):
        for case in cases:
            frame, total, report = run_child(CHILD, case, envs[case])
            frames[case].append(frame)
            exits[case].append(total)
            rss[case].append(report["maxrss_kib"])
            screens[case] = report["screen"]

    result = {
        "benchmark": "startup",
        "cpu_pinned": cpu,
        "runs": args.runs,
        "first_frame_ms": {c: round(median(frames[c]) * 1000, 1) for c in cases},
        "process_exit_ms": {c: round(median(exits[c]) * 1000, 1) for c in cases},
        "ratio_picker_to_bare": round(median(frames["picker"]) / median(frames["bare"]), 2),
        **({"ratio_picker_with_saves_to_bare": round(median(frames["saves"]) / median(frames["bare"]), 2)}
           if "saves" in frames else {}),
        "peak_rss_mib": {c: round(median(rss[c]) / 1024, 1) for c in cases},
        "screens": screens,
    }
    if not args.no_match:
        frame, total, report = run_child(CHILD, "match", env, "1")
        if report.get("screen") != "ResultsScreen":
            raise SystemExit(f"the bots-only match did not reach the results: {report}")
        result["match"] = {"moves": report["moves"], "peak_rss_mib": round(report["maxrss_kib"] / 1024, 1),
                           "to_results_seconds": round(frame, 2), "process_seconds": round(total, 2)}
        result["ratio_match_rss_to_bare"] = round(report["maxrss_kib"] / median(rss["bare"]), 2)

    if args.json:
        emit_json(result)
        return
    rows = [[c, f"{result['first_frame_ms'][c]:.0f}", f"{result['process_exit_ms'][c]:.0f}",
             f"{result['peak_rss_mib'][c]:.1f}"] for c in cases]
    if "match" in result:
        m = result["match"]
        rows.append([f"whole match ({m['moves']} moves)", f"{m['to_results_seconds'] * 1000:.0f}",
                     f"{m['process_seconds'] * 1000:.0f}",
                     f"{m['peak_rss_mib']:.1f}"])
    print_table(["case", "first frame ms", "process ms", "peak RSS MiB"], rows,
                title=f"Process start to first frame at 80x24, headless, median of {args.runs} runs, "
                      f"{cores_label(cpu)}")
    print(f"picker / bare first frame: {result['ratio_picker_to_bare']:.2f}x")
    if "saves" in frames:
        print(f"picker with three saves / bare first frame: {result['ratio_picker_with_saves_to_bare']:.2f}x")
    if "match" in result:
        print(f"whole match peak RSS / bare app: {result['ratio_match_rss_to_bare']:.2f}x")


if __name__ == "__main__":
    main()
