"""`tablegames serve` in a real headless Chromium, beside the floor: a bare
Textual app served by the same server in the same run.

Usage: python benchmarks/bench_serve.py [--pages 10] [--warm 3] [--profile FILE] [--quick] [--json]

Two servers run the same code (tablegames.serve's, each page's app started
through benchmarks/_served_app.py, which logs when input reached the app
and when its output left): one serves tablegames, the other a bare Textual
app (one line; a click on it opens a screen of one line, Escape goes back).
Pages alternate between the two. For each page:

- "page open": page.goto() to the first poll of xterm.js's buffer that
  shows the first screen (a new tab starts a new app process: this is
  mostly the app's start-up);
- "first click": a click on a game in the picker (on the bare app's line)
  to the first poll that shows the seat setup (the bare app's second
  screen): the first in that process, so imports and first reads count;
- "warm click": the same after Escape back, --warm times per page.

Polls are every 5 ms in the page. Each warm click is split, from the logs,
into: *to the app* (the click sent to the app's web driver receiving the
mouse event), *in the app* (that to the last write of output before the
frame showed), *to the screen* (that write to xterm.js showing it: the
websocket and xterm.js's parsing and drawing), and the bytes the app wrote.
With --profile FILE, one more tablegames page (first, not counted) has its
app run under cProfile, start-up included (its stats in FILE, for `python
-m pstats FILE`).
Needs /usr/bin/chromium and Playwright (the test extra).
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import ROOT, emit_json, median, parser_for, percentile, print_table

from tests.browser.terminal import CATCH_TERMINAL, READ_SCREEN, Terminal
from tests.test_serve import free_port, wait_until_listening

CHROMIUM = "/usr/bin/chromium"
SERVED_APP = ROOT / "benchmarks" / "_served_app.py"

WAIT_FOR = """
async (pattern) => {
  const re = new RegExp(pattern);
  for (;;) {
    const data = (%s)();
    if (data && data.rows.some((row) => re.test(row))) { return Date.now(); }
    await new Promise((done) => setTimeout(done, 5));
  }
}
""" % READ_SCREEN.strip()

# The server of `tablegames serve`, with each page's app started through
# _served_app.py (its log, and for tablegames maybe a profile).
SERVER = """
import sys
from tablegames import serve
command = sys.argv[2]
serve.app_command = lambda ascii=False: command
serve.serve("127.0.0.1", int(sys.argv[1]))
"""

APPS = {
    # name: (what the first screen shows, what to click, what the next screen shows)
    "tablegames": ("Pick a game", "Blasting Billy", "who plays"),
    "bare": ("Bare app: Pick a game", "Pick a game", "Bare app: who plays"),
}


class Served:
    """One server (of one app) and the log its apps write."""

    def __init__(self, name: str, folder: Path, profile: str | None) -> None:
        self.name = name
        self.log = folder / f"{name}{'-profiled' if profile else ''}.log"
        self.log.touch()
        self.port = free_port()
        command = [sys.executable, str(SERVED_APP), str(self.log), name]
        if profile:
            command.append(profile)
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        env.pop("TEXTUAL_DRIVER", None)
        self.process = subprocess.Popen([sys.executable, "-c", SERVER, str(self.port), shlex.join(command)],
                                        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        text=True)
        self.opens: list[float] = []
        self.first: list[float] = []
        self.warm: list[float] = []
        self.parts: list[tuple[float, float, float, int]] = []  # to the app, in the app, to the screen, bytes

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()

    def entries(self) -> list[tuple[float, str, str]]:
        rows = []
        for line in self.log.read_text(encoding="utf-8").splitlines():
            when, kind, what = line.split(" ", 2)
            rows.append((float(when), kind, what))
        return rows

    def split(self, sent: float, seen: float) -> tuple[float, float, float, int] | None:
        """(ms to the app, ms in the app, ms to the screen, bytes out) of
        the click sent at ``sent`` and seen at ``seen`` (wall clock, s)."""
        log = self.entries()
        arrived = next((when for when, kind, what in log if kind == "in" and when >= sent
                        and what.startswith("Mouse")), None)
        outs = [(when, int(what)) for when, kind, what in log if kind == "out" and arrived is not None
                and arrived <= when <= seen]
        if arrived is None or not outs:
            return None
        last = outs[-1][0]
        return ((arrived - sent) * 1000, (last - arrived) * 1000, (seen - last) * 1000, sum(n for _, n in outs))


def run_page(browser: Any, served: Served, warm: int) -> None:
    first_screen, target, next_screen = APPS[served.name]
    page = browser.new_page(viewport={"width": 800, "height": 500})
    page.add_init_script(CATCH_TERMINAL)
    start = time.time()
    page.goto(f"http://127.0.0.1:{served.port}/")
    served.opens.append(page.evaluate(WAIT_FOR, first_screen) - start * 1000)
    term = Terminal(page)
    for n in range(warm + 1):
        if n:
            page.keyboard.press("Escape")
            page.evaluate(WAIT_FOR, first_screen)
            page.wait_for_timeout(300)  # idle again (the picker's own timers, the last frame's writes)
        where = term.screen().find(target)
        assert where is not None, term.screen().text
        point = term.cell_point(*where)
        page.mouse.move(*point)  # (a hover is not part of the click)
        page.wait_for_timeout(100)
        sent = time.time()
        page.mouse.click(*point)
        seen = page.evaluate(WAIT_FOR, next_screen) / 1000
        (served.warm if n else served.first).append((seen - sent) * 1000)
        if n:
            parts = served.split(sent, seen)
            if parts is not None:
                served.parts.append(parts)
    page.close()


def main() -> int:
    parser = parser_for(__doc__, quick={"pages": 1, "warm": 1})
    parser.add_argument("--pages", type=int, default=10, help="pages of each app (default 10)")
    parser.add_argument("--warm", type=int, default=3, help="warm clicks per page (default 3)")
    parser.add_argument("--profile", help="profile the first tablegames page's app into this file")
    args = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        raise SystemExit(f"needs Chromium at {CHROMIUM}: apt-get install -y chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("needs Playwright: pip install -e '.[test]'") from None

    folder = Path(tempfile.mkdtemp(prefix="tablegames-bench-serve-"))
    os.environ["TABLEGAMES_DATA_DIR"] = str(folder / "data")
    servers = {"tablegames": Served("tablegames", folder, None), "bare": Served("bare", folder, None)}
    profiled = Served("tablegames", folder, args.profile) if args.profile else None
    try:
        for served in [*servers.values(), *([profiled] if profiled else [])]:
            wait_until_listening(served.port, served.process)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            if profiled is not None:
                run_page(browser, profiled, args.warm)
            for _ in range(args.pages):
                for served in servers.values():
                    run_page(browser, served, args.warm)
            browser.close()
    finally:
        for served in [*servers.values(), *([profiled] if profiled else [])]:
            served.stop()
    load = os.getloadavg()
    app, bare = servers["tablegames"], servers["bare"]

    def cells(values: list[float], floor: list[float]) -> list[str]:
        return [f"{median(values):.0f}", f"{percentile(values, 0.95):.0f}", f"{median(floor):.0f}",
                f"{percentile(floor, 0.95):.0f}", f"{median(values) / median(floor):.1f}"]

    rows = [["page open to the first screen", *cells(app.opens, bare.opens)],
            ["first click (a new process) to the next screen", *cells(app.first, bare.first)],
            ["warm click to the next screen", *cells(app.warm, bare.warm)]]
    part_names = ["click to the app's input", "in the app, to its last write", "last write to the screen"]
    split_rows = []
    if app.parts and bare.parts:
        for i, name in enumerate(part_names):
            split_rows.append([f"warm click: {name}", *cells([p[i] for p in app.parts], [p[i] for p in bare.parts])])
        split_rows.append(["warm click: bytes the app wrote", f"{median([p[3] for p in app.parts]):,.0f}", "",
                           f"{median([p[3] for p in bare.parts]):,.0f}", "", ""])
    if args.json:
        emit_json({"benchmark": "serve", "pages": args.pages, "warm": args.warm,
                   "load_average": [round(x, 2) for x in load],
                   **{name: {"open_ms": s.opens, "first_click_ms": s.first, "warm_click_ms": s.warm,
                             "warm_parts_ms_bytes": s.parts} for name, s in servers.items()}})
        return 0
    print_table(["What (ms)", "tablegames median", "p95", "bare app median", "p95", "x floor"], rows + split_rows,
                f"Served in headless Chromium, {args.pages} pages of each app (alternating), {args.warm} warm clicks "
                f"a page; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    if args.profile:
        print(f"The profile of the first tablegames page's app: python -m pstats {args.profile}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
