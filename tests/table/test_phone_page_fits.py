"""A phone's page gives the game its 80x24 however it is held: the page is
laid out at the phone's own width (the viewport meta tag, which a phone's
browser reads: Playwright's is_mobile), and the terminal's font is the
largest, up to the desktop's 16 pixels, that still fits 80 columns and 24
rows. Without the fit, a narrow page at 16 pixels had some 46 columns and
cut away the table's column of names; without the tag, a phone drew a
desktop's 980-pixel page shrunk, whatever its size."""

from __future__ import annotations

from tablegames.table.owner import COLUMNS, FONT_SIZE, ROWS
# (the browser fixture of tests/browser, imported: one headless Chromium per test)
from tests.browser.conftest import VIEWPORT, browser, until  # noqa: F401
from tests.browser.terminal import CATCH_TERMINAL, Terminal
from tests.table.owner import OwnerThread
from tests.table.phone_pages import LOCAL, kitchen_match, table_of

GRID = """() => { const t = window.__tablegamesTerminal;
                  return t ? [t.cols, t.rows, Number(t.options.fontSize)] : null; }"""


def open_on(browser, url: str, viewport: dict[str, int], mobile: bool) -> Terminal:
    context = browser.new_context(viewport=viewport, has_touch=True, is_mobile=mobile)
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(LOCAL)
                  else route.abort())
    page = context.new_page()
    page.add_init_script(CATCH_TERMINAL)
    page.goto(url)
    return Terminal(page)


def test_a_phone_held_upright_or_sideways_gets_the_games_80x24_and_its_names(browser, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(tmp_path / "data"))
    match = kitchen_match("Kim@phone,Lee@phone,Ann@phone,bot")
    with OwnerThread(match) as owner:
        table = table_of(owner)
        held = {0: ({"width": 390, "height": 844}, True),  # upright
                1: ({"width": 844, "height": 390}, True),  # sideways
                2: (VIEWPORT, False)}  # a tablet's browser, as the other tests
        grids = {}
        for seat, (viewport, mobile) in held.items():
            term = open_on(browser, table.link(seat), viewport, mobile)
            term.wait_for(rf"{match.names[seat]}: arrange your hand")
            grids[seat] = until(lambda: term.page.evaluate(GRID), "the page's terminal")
            cols, rows, font = grids[seat]
            assert cols >= COLUMNS and rows >= ROWS, (viewport, grids[seat])
            # The table's names are all there (cut away at 46 columns).
            text = term.screen().text
            assert all(name in text for name in match.names), text
        # Upright, the font shrinks to fit the width; sideways, the height;
        # a wide page keeps the desktop's size.
        assert grids[0][2] < grids[1][2] < FONT_SIZE == grids[2][2]
