"""The owner of a kitchen-table match killed outright (SIGKILL), in real
headless Chromium (tests/browser's one fixture; 127.0.0.1 only).

The owner (tests/table/owner_process.py, a process of its own) plays
Blind Chicken with Kim on a phone and two bots, its table on a fixed port.
While it lives, only it can play the match: another copy's picker lists
the save as open elsewhere and refuses it in one line (the one-copy lock,
tablegames/core/match_lock.py), the save untouched, no table opened. Once
it is killed, Kim's page says the table has closed (no traceback) and her
phone's app ends by itself. A new copy started with the same --port
resumes the save from its picker: the phone seat comes back with a new
link on the shared screen, the old link is refused there, the new copy
holds the lock, and Kim's new page shows her hand as it was and plays on
(her move saved by the new owner)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

from tablegames.core import match_lock, saves
from tablegames.core.match import Match
from tablegames.table.owner import CLOSED_LINE, TABLE_CLOSED
# (the browser fixture of tests/browser, imported: one headless Chromium per test)
from tests.browser.conftest import DEADLINE_SECONDS, browser, until  # noqa: F401
from tests.table.owner import OwnerThread
from tests.table.phone_pages import (CATCH_CLOSES, faces, hand, http_status, phone_page, said_closed, table_of,
                                     tap_decision)
from tests.test_serve import alive, children, free_port
from tests.ui.helpers import settle


def start_owner(port: int) -> tuple[subprocess.Popen[str], str]:
    """The owner process and Kim's link, once its table listens."""
    process = subprocess.Popen([sys.executable, "-m", "tests.table.owner_process", "blind-chicken",
                                "Kim@phone,bot,bot", "5", str(port)], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    return process, json.loads(process.stdout.readline())["links"][0]


def saved_with_a_move_of_kims(data: Path) -> tuple[Path, object]:
    [path] = until(lambda: list((data / "matches").glob("*.json")), "the save")
    record = until(lambda: (lambda r: r if any(seat == 0 for seat, _ in r.actions) else None)(saves.load(path)),
                   "Kim's move in the save")
    return path, record


def second_copy_is_refused(path: Path, port: int) -> None:
    """Another copy of the app, at its picker: the save open elsewhere; Enter
    on it says so in one line and changes nothing."""
    before = path.read_bytes()
    with OwnerThread(None, table_address=("127.0.0.1", port)) as copy:
        until(lambda: "open elsewhere" in copy.text(), "the other copy's picker to list the match as open elsewhere")
        copy.press("tab", "enter")
        copy.settle()
        notices = until(lambda: copy.run(lambda: [n.message for n in copy.app._notifications]),
                        "the other copy to refuse the match")
        assert len(notices) == 1 and notices[0].startswith("Cannot resume: this match is open in another copy")
        assert copy.app.table is None and "Blind Chicken: Kim" in copy.text()
    assert path.read_bytes() == before


def test_an_owner_killed_mid_match_is_resumed_from_the_picker_with_new_links_the_old_refused(
        browser, tmp_path, monkeypatch):
    data = tmp_path / "data"
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(data))
    port = free_port()
    process, old_link = start_owner(port)
    try:
        kim = phone_page(browser, old_link, init_script=CATCH_CLOSES)
        screen = kim.wait_for(r"^ Kim: arrange your hand")
        tap_decision(kim, screen, "order")  # Kim's move: the match is saved
        kim.wait_for(r"^ (Kim, your turn|Waiting for)")
        path, record = saved_with_a_move_of_kims(data)

        # Only the owner can play it: another copy is refused while it lives.
        second_copy_is_refused(path, port)
        try:
            Match.resume(path, record.game, record.id).let_go()
            raise AssertionError("a second copy opened a match its owner still plays")
        except match_lock.MatchHeld:
            pass

        apps = until(lambda: children(process.pid), "Kim's app process")
        process.send_signal(signal.SIGKILL)
        process.wait(DEADLINE_SECONDS)
        # Kim's page sees its connection drop, finds no table at its link and
        # says so in one line (as when the owner closes the table), no
        # traceback; her app process, its owner gone, ends by itself.
        closed = said_closed(kim)
        assert closed["line"] == CLOSED_LINE and not closed["rejoin"] and TABLE_CLOSED not in closed["codes"]
        assert "Traceback" not in kim.page.content()
        until(lambda: not any(alive(pid) for pid in apps), "Kim's app process to end with its owner")
        kim.page.context.close()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert "token" not in path.read_text() and old_link.rsplit("/", 1)[1] not in path.read_text()

    # A new copy, the same --port, resumes the save from its picker.
    with OwnerThread(None, table_address=("127.0.0.1", port)) as owner:
        until(lambda: "Blind Chicken: Kim, Bot 1, Bot 2" in owner.text(), "the save in the picker")
        assert "open elsewhere" not in owner.text()  # (the killed owner's lock went with it)
        owner.press("tab", "enter")
        owner.settle()
        table = table_of(owner)
        resumed = table.match
        new_link = table.link(0)
        assert table.port == port and new_link != old_link
        until(lambda: new_link in owner.text(), "Kim's new link on the shared screen")
        # The old link (the same address) is refused before any app starts:
        # its token is none of this table's.
        status, _ = http_status(old_link)
        assert status == 404 and table.started == 0
        # The new copy holds the match now: a third one is refused.
        assert match_lock.holder(record.game, record.id) is not None
        try:
            Match.resume(path, record.game, record.id).let_go()
            raise AssertionError("a third copy opened a match the new owner plays")
        except match_lock.MatchHeld:
            pass

        kim = phone_page(browser, new_link)
        screen = kim.wait_for(r"^ (Kim[:,] |Waiting for)")
        kim_hand = owner.run(lambda: hand(resumed, 0))
        assert kim_hand <= faces(screen.text)  # Kim's hand, as it was
        assert owner.run(lambda: resumed.record.actions[:len(record.actions)]) == record.actions
        # Kim plays on through her new link; the new owner saves her move.
        moves = len(saves.load(path).actions)
        screen = kim.wait_for(r"^ Kim, your turn|^ Kim: ")
        tap_decision(kim, screen, owner.run(lambda: resumed.seat_snapshot(0))["view"]["phase"])
        until(lambda: len(saves.load(path).actions) > moves, "Kim's move in the save, by the new owner")
        owner.call(lambda: settle(owner.pilot))
