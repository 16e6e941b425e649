"""Two real processes, one match (core/match_lock.py): while a first
process has the match open, this one (the app, driven by Pilot) lists it as
open elsewhere and refuses to resume it, the save byte for byte unchanged; a
kill -9 of the first frees it at once, and this one resumes it.

The first process opens the match as the app's picker does
(``Match.resume``), plays one move, says so on stdout and waits."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from textual.widgets import OptionList

from tablegames.core import match_lock, saves
from tablegames.core.match import Match
from tablegames.core.records import Seat
from tablegames.ui.picker import PickerScreen
from tests.ui.helpers import SIZE, GameScreen, HandoverScreen, make_app, wait_for

DEADLINE_SECONDS = 60.0
ROOT = Path(__file__).resolve().parents[1]

HOLDER = """
import sys
from tablegames.core.match import Match
path, game, match_id = sys.argv[1:]
match = Match.resume(path, game, match_id)
if match.pending_pass:
    match.confirm_pass()
match.run_bots()
match.take_keyboard(match.next_human())
match.play(match.legal_actions()[0])
print("open", len(match.record.actions), flush=True)
sys.stdin.read()  # held until killed
"""


def a_saved_match() -> tuple[Path, str, str]:
    match = Match.new("blind-chicken", [Seat("Ann"), Seat("Ben"), Seat("Cid", "random")], {"hands": 1}, 5)
    match.run_bots()
    match.take_keyboard(match.next_human())
    match.play(match.legal_actions()[0])
    match.let_go()
    assert match.save_path is not None
    return match.save_path, match.record.game, match.record.id


def start_holder(path: Path, game: str, match_id: str) -> tuple[subprocess.Popen, int]:
    """The first process, once it has the match open and has moved in it
    (the number of moves then)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), game, match_id], env=env, cwd=ROOT,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()  # (it prints the line or dies: EOF)
    assert line.startswith("open "), process.stderr.read() if process.poll() is not None else line
    return process, int(line.split()[1])


@contextmanager
def holder_process(path: Path, game: str, match_id: str) -> Iterator[tuple[subprocess.Popen, int]]:
    """``start_holder``'s process, ended and its pipes closed on the way out."""
    process, moves = start_holder(path, game, match_id)
    try:
        yield process, moves
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        for stream in (process.stdin, process.stdout, process.stderr):
            stream.close()


async def test_a_second_process_is_refused_until_the_first_is_killed_then_resumes_at_once():
    path, game, match_id = a_saved_match()
    with holder_process(path, game, match_id) as (first, moves):
        saved = path.read_bytes()
        assert len(saves.read(path).actions) == moves  # the first process plays, and saves
        holder = match_lock.holder(game, match_id)
        assert holder is not None and holder.pid == first.pid

        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            def prompts() -> list[str]:
                box = app.screen.query_one("#saves", OptionList)
                return [str(box.get_option_at_index(i).prompt) for i in range(box.option_count)]

            await wait_for(pilot, lambda: any("Ann, Ben" in p for p in prompts()), "the save to be listed")
            [line] = [p for p in prompts() if "Ann, Ben" in p]
            assert line.endswith(f"open elsewhere {holder.since_text()}")
            await pilot.press("tab", "enter")
            await wait_for(pilot, lambda: app._notifications, "the refusal")
            assert [n.message for n in app._notifications][0].startswith(
                "Cannot resume: this match is open in another copy of the app")
            assert isinstance(app.screen, PickerScreen)
            assert path.read_bytes() == saved

            first.send_signal(signal.SIGKILL)
            first.wait(timeout=DEADLINE_SECONDS)
            # Freed with the process: no stale lock, no wait.
            assert match_lock.holder(game, match_id) is None
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, (HandoverScreen, GameScreen)), "the match")
            assert app.playing is not None and len(app.playing.record.actions) == moves
            assert match_lock.holder(game, match_id).pid == os.getpid()


def test_a_killed_process_leaves_no_lock_to_clean():
    path, game, match_id = a_saved_match()
    with holder_process(path, game, match_id) as (first, _):
        lock_file = match_lock.lock_path(game, match_id)
        assert lock_file.exists() and match_lock.holder(game, match_id) is not None
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=DEADLINE_SECONDS)
    # Its file is still there, holding no lock: taken at once, then removed.
    assert lock_file.exists() and match_lock.holder(game, match_id) is None
    match = Match.resume(path, game, match_id)
    match.let_go()
    assert not lock_file.exists()
