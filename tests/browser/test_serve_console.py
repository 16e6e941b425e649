"""The server's console while tabs open and close: each closed tab's app
quits and exits on its own, and the console shows the address line and
nothing else (once, "Unknown child process pid ..., will report
returncode 255" from asyncio's child watcher, which lost the app's exit
status to a kill sent as the app was exiting)."""

from __future__ import annotations

import signal
import subprocess
import time

from tests.browser.conftest import browser_or_skip, open_page
from tests.browser.terminal import Terminal
from tests.test_serve import children, free_port, start_server, wait_until_listening

DEADLINE_SECONDS = 60.0
TABS = 4  # the race was lost about once in three closed tabs here


def test_opening_and_closing_tabs_leaves_the_console_clean(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(tmp_path / "data"))
    sync_playwright = browser_or_skip()
    port = free_port()
    server = start_server("--port", str(port))
    try:
        wait_until_listening(port, server)
        with sync_playwright() as playwright:
            from tests.browser.conftest import CHROMIUM

            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            try:
                for _ in range(TABS):
                    page = open_page(browser)
                    page.goto(f"http://127.0.0.1:{port}/")
                    Terminal(page).wait_for("Pick a game", timeout=DEADLINE_SECONDS)
                    page.context.close()
                    # The tab's app has quit and exited before the next opens.
                    deadline = time.monotonic() + DEADLINE_SECONDS
                    while children(server.pid) and time.monotonic() < deadline:
                        time.sleep(0.05)
                    assert not children(server.pid), "a closed tab's app is still running"
            finally:
                browser.close()
    finally:
        server.send_signal(signal.SIGINT)
        try:
            out, err = server.communicate(timeout=DEADLINE_SECONDS)
        except subprocess.TimeoutExpired:
            server.kill()
            out, err = server.communicate()
    assert server.returncode == 0
    assert out.splitlines() == [f"Serving tablegames on http://127.0.0.1:{port}/ (Ctrl+C stops it)"], out
    assert "Unknown child process" not in out + err and err == "", err
