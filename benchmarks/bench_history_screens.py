"""The history and statistics screens' first complete frame, against the
picker's, with many finished matches in the data folder.

    python benchmarks/bench_history_screens.py [--data DIR] [--runs N] [--quick] [--json]

DIR holds the finished matches (default: the folder bench_history.py makes,
/tmp/tablegames-bench-history, with 10,000 of them; run that first). Each
child is a fresh Python process running the app headless at 80x24 and
measures from its start to the first frame the compositor hands to the
display for the target: the picker; the history screen once its list is
filled; the statistics screen once its table is filled (each opened straight
over the picker, reading an index that is up to date). Cases alternate,
pinned to one core; medians of N runs and their ratios to the picker.

--quick makes 20 finished matches in a new temporary folder (removed
after) unless --data is given, and runs no warm-up round.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, cores_label, emit_json, median, parser_for, pin_to_one_core, print_table

CHILD = r'''
import json, sys, time
case = sys.argv[1]
from textual.app import App
from tablegames.ui.app import TableGamesApp
from tablegames.ui.picker import PickerScreen
from tablegames.ui.history import HistoryScreen
from tablegames.ui.stats import StatsScreen

shown = {}


class Bench(TableGamesApp):
    # A class made in this script has no file of its own to find the CSS by.
    CSS_PATH = str(__import__("pathlib").Path(sys.modules["tablegames.ui.app"].__file__).parent
                   / TableGamesApp.CSS_PATH)

    def on_mount(self):
        super().on_mount()
        if case == "history":
            self.push_screen(HistoryScreen())
        elif case == "stats":
            self.push_screen(StatsScreen())


def is_target(screen):
    if case == "picker":
        return isinstance(screen, PickerScreen)
    if case == "history":
        return isinstance(screen, HistoryScreen) and screen.total is not None
    return isinstance(screen, StatsScreen) and bool(screen.stats)


display = App._display


def hooked(self, screen, renderable):
    display(self, screen, renderable)
    if renderable is not None and "frame" not in shown and screen is self.screen and is_target(screen):
        renderable.render_segments(self.console)
        shown["frame"] = time.time()
        shown["screen"] = type(screen).__name__
        self.exit()


App._display = hooked
app = Bench()
app.run(headless=True, size=(80, 24))
print(json.dumps(shown))
'''

CASES = ("picker", "history", "stats")


def run_child(case: str, env: dict) -> float:
    start = time.time()
    proc = subprocess.run([sys.executable, "-c", CHILD, case], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=600, cwd=ROOT)
    if proc.returncode != 0:
        raise SystemExit(f"{case}: the child failed:\n{proc.stderr[-3000:]}")
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    if "frame" not in report:
        raise SystemExit(f"{case}: no complete frame of the screen was drawn")
    return report["frame"] - start


def main() -> None:
    parser = parser_for(__doc__, quick={"runs": 1, "data": None})
    parser.add_argument("--data", default="/tmp/tablegames-bench-history",
                        help="data folder with the finished matches (default: bench_history.py's)")
    parser.add_argument("--runs", type=int, default=9, help="runs per case (default 9)")
    args = parser.parse_args()
    if args.data is not None:
        measure(args, Path(args.data))
        return
    from bench_history import make_matches

    data = Path(tempfile.mkdtemp(prefix="tablegames-bench-screens-"))
    try:
        make_matches(data, 20)
        measure(args, data)
    finally:
        shutil.rmtree(data, ignore_errors=True)


def measure(args, data: Path) -> None:
    finished = data / "matches" / "finished"
    if not finished.is_dir():
        raise SystemExit(f"no finished matches in {finished}: run benchmarks/bench_history.py first")
    count = sum(1 for _ in finished.glob("*.json"))
    cpu = pin_to_one_core(args.quick)
    env = {**os.environ, "TABLEGAMES_DATA_DIR": str(data), "PYTHONPATH": str(ROOT),
           "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    env.pop("TEXTUAL", None)
    for case in () if args.quick else CASES:  # warm the file cache, .pyc files and the index
        run_child(case, env)
    frames: dict[str, list[float]] = {case: [] for case in CASES}
    for _ in range(args.runs):
        for case in CASES:
            frames[case].append(run_child(case, env))
    ms = {case: round(median(frames[case]) * 1000, 1) for case in CASES}
    result = {
        "benchmark": "history_screens",
        "cpu_pinned": cpu,
        "runs": args.runs,
        "finished_matches": count,
        "first_complete_frame_ms": ms,
        "ratio_to_picker": {case: round(ms[case] / ms["picker"], 2) for case in CASES if case != "picker"},
    }
    if args.json:
        emit_json(result)
        return
    print_table(["screen", "first complete frame ms", "x picker"],
                [[case, f"{ms[case]:.0f}", f"{ms[case] / ms['picker']:.2f}"] for case in CASES],
                title=f"Process start to the screen's first complete frame, {count:,} finished matches, "
                      f"median of {args.runs} runs, {cores_label(cpu)}")


if __name__ == "__main__":
    main()
