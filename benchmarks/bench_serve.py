"""`tablegames serve` in a real headless Chromium: page open to the picker's
first frame, and a click to the updated frame, median and p95 over --tries
(default 30).

Usage: python benchmarks/bench_serve.py [--tries 30] [--quick] [--json]

"Page open" runs from page.goto() to the first poll of xterm.js's buffer
that shows the picker (a new tab starts a new app process, so this includes
the app's start-up). "A click" runs from the mouse click on a game in the
picker to the first poll that shows its seat setup (then a click on Back, not
timed). Polls are every 5 ms in the page, so figures are accurate to about
that. Needs /usr/bin/chromium and Playwright (the test extra).
"""

from __future__ import annotations

import os
import signal
import sys
import tempfile
import time

from _common import ROOT, emit_json, median, parser_for, percentile, print_table  # noqa: F401

from tests.browser.terminal import CATCH_TERMINAL, READ_SCREEN, Terminal
from tests.test_serve import free_port, start_server, wait_until_listening

CHROMIUM = "/usr/bin/chromium"

WAIT_FOR = """
async (pattern) => {
  const re = new RegExp(pattern);
  for (;;) {
    const data = (%s)();
    if (data && data.rows.some((row) => re.test(row))) { return performance.now(); }
    await new Promise((done) => setTimeout(done, 5));
  }
}
""" % READ_SCREEN.strip()


def main() -> int:
    parser = parser_for(__doc__, quick={"tries": 2})
    parser.add_argument("--tries", type=int, default=30)
    args = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        raise SystemExit(f"needs Chromium at {CHROMIUM}: apt-get install -y chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("needs Playwright: pip install -e '.[test]'") from None

    os.environ["TABLEGAMES_DATA_DIR"] = tempfile.mkdtemp()
    port = free_port()
    server = start_server("--port", str(port))
    opens: list[float] = []
    clicks: list[float] = []
    try:
        wait_until_listening(port, server)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            for _ in range(args.tries):
                page = browser.new_page(viewport={"width": 800, "height": 500})
                page.add_init_script(CATCH_TERMINAL)
                start = time.perf_counter()
                page.goto(f"http://127.0.0.1:{port}/")
                page.evaluate(WAIT_FOR, "Pick a game")
                opens.append((time.perf_counter() - start) * 1000)
                term = Terminal(page)
                where = term.screen().find("Blasting Billy")
                assert where is not None
                start = time.perf_counter()
                term.click_cell(*where)
                page.evaluate(WAIT_FOR, "who plays")
                clicks.append((time.perf_counter() - start) * 1000)
                page.close()
            browser.close()
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=60)
    rows = [["Page open to the picker's first frame", f"{median(opens):.0f}", f"{percentile(opens, 0.95):.0f}"],
            ["A click (picker game) to the updated frame", f"{median(clicks):.0f}",
             f"{percentile(clicks, 0.95):.0f}"]]
    if args.json:
        emit_json({"tries": args.tries, "open_ms": opens, "click_ms": clicks})
    else:
        print_table(["What (ms)", "Median", "p95"], rows, f"tablegames serve in headless Chromium, {args.tries} tries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
