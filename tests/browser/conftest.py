"""The browser tests' server and page: `tablegames serve` on a free local
port with its own data folder, and a page of Debian's headless Chromium
(the system's executable; no browser is ever downloaded) that can read
xterm.js's buffer (tests/browser/terminal.py)."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path
from typing import Any, Callable

import pytest

from tests.browser.terminal import CATCH_TERMINAL
from tests.test_serve import free_port, start_server, wait_until_listening

CHROMIUM = "/usr/bin/chromium"
# About 88x27 cells: the app's 80x24 with room to spare, as on a small tablet.
VIEWPORT = {"width": 800, "height": 500}


# How long a browser test waits for what it expects, on a loaded machine.
DEADLINE_SECONDS = 60.0


def until(condition: Callable[[], Any], what: str, seconds: float = DEADLINE_SECONDS) -> Any:
    """``condition()``'s first true value, polled against a wall-clock deadline."""
    deadline = time.monotonic() + seconds
    while True:
        found = condition()
        if found:
            return found
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)


def browser_or_skip():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"needs Chromium at {CHROMIUM}: apt-get install -y chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("needs Playwright: pip install -e '.[test]'")
    return sync_playwright


@pytest.fixture
def server(tmp_path, monkeypatch):
    data = tmp_path / "data"
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(data))
    port = free_port()
    process = start_server("--port", str(port))
    try:
        wait_until_listening(port, process)
        yield f"http://127.0.0.1:{port}/", data
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()


@pytest.fixture
def browser():
    """Headless Chromium, for tests that open pages of their own (a touch
    screen, several tabs)."""
    sync_playwright = browser_or_skip()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


def open_page(browser, *, touch: bool = False):
    """A new tab (its own app, once it opens the server's page) that can
    read the terminal; ``touch``: a touch screen, tapped with a finger."""
    context = browser.new_context(viewport=VIEWPORT, has_touch=touch)
    page = context.new_page()
    page.add_init_script(CATCH_TERMINAL)
    return page


@pytest.fixture
def page(browser):
    return open_page(browser)
