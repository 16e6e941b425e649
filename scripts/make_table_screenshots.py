"""Regenerate the kitchen table's screenshots for the README: the shared
screen with its join panel (links and a QR code, 80x24 SVG) and a phone's
page in headless Chromium (PNG), from a seeded Blind Chicken match of
Kim and Lee on phones, Ann at the keyboard and a bot.

    python scripts/make_table_screenshots.py

Needs /usr/bin/chromium (Debian's package) and Playwright, as the browser
tests do. Listens on 127.0.0.1 only; saves go to a temporary folder.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "screenshots"


def main() -> None:
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM
    from tests.table.phone_pages import kitchen_match, phone_page
    from tests.table.owner import OwnerThread

    OUT.mkdir(exist_ok=True)
    match = kitchen_match("Kim@phone,Lee@phone,Ann,bot")
    with OwnerThread(match, size=(80, 24)) as owner, sync_playwright() as playwright:
        deadline = time.monotonic() + 60
        while "Kim's code below" not in owner.text():
            assert time.monotonic() < deadline, owner.text()
            time.sleep(0.1)
        owner.run(lambda: owner.app.save_screenshot("shared-screen.svg", path=str(OUT)))
        print((OUT / "shared-screen.svg").relative_to(ROOT))
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        table = owner.app.table
        assert table is not None
        kim = phone_page(browser, table.link(0))
        kim.wait_for(r"Kim: arrange your hand")
        kim.page.screenshot(path=str(OUT / "phone-page.png"))
        print((OUT / "phone-page.png").relative_to(ROOT))
        browser.close()


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TABLEGAMES_DATA_DIR"] = tmp
        os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
        sys.path.insert(0, str(ROOT))
        main()
