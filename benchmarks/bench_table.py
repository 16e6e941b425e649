"""The kitchen table in real headless Chromium: a tap on a phone's page to
the updated screens, beside the floor measured in the same run (a bare
Textual app served by textual-serve, tablegames.serve's server, a tap on
its line to its next screen: bench_serve.py's bare app).

    python benchmarks/bench_table.py [--taps 30] [--moves 10] [--quick] [--json]

A seeded Blind Chicken match of Kim and Lee on phones and a bot (no one at
the keyboard, so the shared screen shows the public table; the owner: the real app headless in a thread of this process,
tests/table/owner.py), each phone a page of its own. Measured:

- a cursor tap: Kim, arranging, taps a card of her hand (it is picked; the
  next tap carries it to another place): the tap to her page changed;
- a move: Kim taps Done: the tap to Lee's page showing Kim ready, and to
  the shared screen showing it (one new match per move).

Polls are every 5 ms, in the page for the pages and in this process for
the shared screen. Needs /usr/bin/chromium and Playwright (the test extra).
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import ROOT, emit_json, median, parser_for, percentile, print_table

sys.path.insert(0, str(ROOT))

from tests.browser.terminal import READ_SCREEN  # noqa: E402

CHANGED = """
async (before) => {
  for (;;) {
    const data = (%s)();
    if (data && data.rows.join("\\n") !== before) { return Date.now(); }
    await new Promise((done) => setTimeout(done, 5));
  }
}
""" % READ_SCREEN.strip()

SHOWS = """
async (pattern) => {
  const re = new RegExp(pattern, "m");
  for (;;) {
    const data = (%s)();
    if (data && re.test(data.rows.join("\\n"))) { return Date.now(); }
    await new Promise((done) => setTimeout(done, 5));
  }
}
""" % READ_SCREEN.strip()

KIM_READY = r"Kim\s+12\s+0\s+0\s+ready"
CARD = re.compile(r"[│┃](\d{1,2}) ?[│┃]")


def table_pages(browser: Any) -> tuple[Any, Any, Any]:
    """A new match's owner (entered) and Kim's and Lee's pages, both
    arranging."""
    from tests.table.owner import OwnerThread
    from tests.table.phone_pages import kitchen_match, phone_page

    owner = OwnerThread(kitchen_match("Kim@phone,Lee@phone,bot")).__enter__()
    deadline = time.monotonic() + 60
    while owner.app.table is None or owner.app.table.link(1) not in owner.text():
        assert time.monotonic() < deadline, "the owner never showed its links"
        time.sleep(0.05)
    table = owner.app.table
    kim, lee = phone_page(browser, table.link(0)), phone_page(browser, table.link(1))
    kim.wait_for(r"Kim: arrange your hand")
    lee.wait_for(r"Lee: arrange your hand")
    return owner, kim, lee


def idle(term: Any) -> str:
    """The page's text once no frame has come for 150 ms."""
    last, since = term.screen().text, time.monotonic()
    while time.monotonic() - since < 0.15:
        time.sleep(0.01)
        now = term.screen().text
        if now != last:
            last, since = now, time.monotonic()
    return last


def cursor_taps(browser: Any, taps: int) -> list[float]:
    owner, kim, _ = table_pages(browser)
    times = []
    try:
        for n in range(taps):
            before = idle(kim)
            rows = before.splitlines()
            cards = [(y, m.start() + 1) for y, row in enumerate(rows) for m in CARD.finditer(row)]
            assert cards, before
            y, x = cards[n % 2 * 3]  # the first card, then the fourth: pick, then carry
            point = kim.cell_point(y, x)
            sent = time.time()
            kim.page.mouse.click(*point)
            times.append(kim.page.evaluate(CHANGED, before) - sent * 1000)
    finally:
        owner.__exit__(None, None, None)
    return times


def move_taps(browser: Any, moves: int) -> tuple[list[float], list[float]]:
    to_lee, to_shared = [], []
    for _ in range(moves):
        owner, kim, lee = table_pages(browser)
        try:
            screen = kim.screen()
            where = screen.find(r"\bDone\b")
            assert where is not None, screen.text
            idle(kim)
            idle(lee)
            point = kim.cell_point(*where)
            sent = time.time()
            kim.page.mouse.click(*point)
            deadline = time.monotonic() + 30
            shared = None
            while shared is None:
                if re.search(KIM_READY, owner.text(), re.M):
                    shared = time.time()
                assert time.monotonic() < deadline, owner.text()
                time.sleep(0.005)
            to_shared.append((shared - sent) * 1000)
            to_lee.append(lee.page.evaluate(SHOWS, KIM_READY) - sent * 1000)
            for term in (kim, lee):
                term.page.context.close()
        finally:
            owner.__exit__(None, None, None)
    return to_lee, to_shared


def floor_taps(browser: Any, taps: int, folder: Path) -> list[float]:
    """The bare app served alike: a tap on its line to its next screen."""
    from bench_serve import APPS, WAIT_FOR, Served

    from tests.browser.terminal import CATCH_TERMINAL, Terminal
    from tests.test_serve import wait_until_listening

    served = Served("bare", folder, None)
    times = []
    try:
        wait_until_listening(served.port, served.process)
        first_screen, target, next_screen = APPS["bare"]
        page = browser.new_page(viewport={"width": 800, "height": 500})
        page.add_init_script(CATCH_TERMINAL)
        page.goto(f"http://127.0.0.1:{served.port}/")
        page.evaluate(WAIT_FOR, first_screen)
        term = Terminal(page)
        for n in range(taps + 1):
            page.keyboard.press("Escape")
            page.evaluate(WAIT_FOR, first_screen)
            page.wait_for_timeout(150)
            where = term.screen().find(target)
            assert where is not None
            point = term.cell_point(*where)
            sent = time.time()
            page.mouse.click(*point)
            seen = page.evaluate(WAIT_FOR, next_screen)
            if n:  # (the first is the process's first)
                times.append(seen - sent * 1000)
        page.close()
    finally:
        served.stop()
    return times


def main() -> int:
    parser = parser_for(__doc__, quick={"taps": 3, "moves": 1})
    parser.add_argument("--taps", type=int, default=30, help="cursor taps, and the floor's taps (default 30)")
    parser.add_argument("--moves", type=int, default=10, help="moves, one new match each (default 10)")
    args = parser.parse_args()
    if not os.path.exists("/usr/bin/chromium"):
        raise SystemExit("needs Chromium at /usr/bin/chromium: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="tablegames-bench-table-"))
    os.environ["TABLEGAMES_DATA_DIR"] = str(folder / "data")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        floor = floor_taps(browser, max(1, args.taps // 2), folder)
        cursor = cursor_taps(browser, args.taps)
        to_lee, to_shared = move_taps(browser, args.moves)
        floor += floor_taps(browser, max(1, args.taps - args.taps // 2), folder)
        browser.close()
    load = os.getloadavg()
    rows = []
    for name, values in (("cursor tap: to Kim's page", cursor), ("move (Done): to Lee's page", to_lee),
                         ("move (Done): to the shared screen", to_shared), ("floor: bare app tap to its screen",
                                                                            floor)):
        rows.append([name, len(values), f"{median(values):.0f}", f"{percentile(values, 0.95):.0f}",
                     f"{median(values) / median(floor):.2f}"])
    if args.json:
        emit_json({"benchmark": "table", "load_average": [round(x, 2) for x in load], "cursor_ms": cursor,
                   "move_to_lee_ms": to_lee, "move_to_shared_ms": to_shared, "floor_ms": floor})
        return 0
    print_table(["what", "taps", "median ms", "p95 ms", "x floor"], rows,
                f"A tap on a phone's page in headless Chromium; load average {load[0]:.2f} {load[1]:.2f} "
                f"{load[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
