"""A match open in another copy of the app (core/match_lock.py): the picker
lists it as open elsewhere, since when, and refuses it in one line, the save
untouched; once let go there, it resumes here at once. This copy lets go of
its own match when it leaves it.

"Another copy" here holds the lock through a second open of the lock file
(a ``flock`` lock belongs to the open file, so it conflicts within one
process too); tests/test_match_lock_processes.py does it with real processes."""

from __future__ import annotations

from textual.widgets import OptionList

from tablegames.core import match_lock, paths, saves
from tablegames.core.match import Match
from tablegames.ui.picker import PickerScreen
from tests.ui.helpers import (SIZE, GameScreen, HandoverScreen, Seat, chicken_match, make_app, screen_text,
                              wait_for)


def saved_match() -> Match:
    """Ann and Ben against a bot, after Ann's first move (so it is saved), still open."""
    match = chicken_match(Seat("Ann"), Seat("Ben"), Seat("Cid", "random"), seed=5)
    match.run_bots()
    match.take_keyboard(match.next_human())
    match.play(match.legal_actions()[0])
    assert match.save_path is not None
    return match


def saves_prompts(app) -> list[str]:
    box = app.screen.query_one("#saves", OptionList)
    return [str(box.get_option_at_index(i).prompt) for i in range(box.option_count)]


def listed(app) -> bool:
    return isinstance(app.screen, PickerScreen) and any("Ann, Ben" in p for p in saves_prompts(app))


async def test_a_match_open_elsewhere_is_listed_so_and_refused_in_one_line_its_save_untouched(data_dir):
    elsewhere = saved_match()  # open in "another copy"
    path = elsewhere.save_path
    before = path.read_bytes()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: listed(app), "the save to be listed")
        [line] = [p for p in saves_prompts(app) if "Ann, Ben" in p]
        since = match_lock.holder(elsewhere.record.game, elsewhere.record.id).since_text()
        assert line.endswith(f"open elsewhere {since}") and since.startswith("since ")
        assert f"open elsewhere {since}" in screen_text(app)

        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: app._notifications, "the refusal")
        [notice] = [n.message for n in app._notifications]
        assert notice == (f"Cannot resume: this match is open in another copy of the app {since}; "
                          f"leave it there first.")
        assert isinstance(app.screen, PickerScreen)
        assert path.read_bytes() == before

        elsewhere.let_go()  # closed there: it resumes here at once, from the same listing
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, (HandoverScreen, GameScreen)), "the match")
        resumed = app.playing
        assert resumed is not None and resumed.record.actions == elsewhere.record.actions
        # Now this copy holds it: the other copy would be refused.
        assert match_lock.holder(elsewhere.record.game, elsewhere.record.id) is not None


async def test_a_match_left_for_the_picker_or_the_app_closed_is_free_for_another_copy(data_dir):
    match = saved_match()
    key = (match.record.game, match.record.id)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, (HandoverScreen, GameScreen)), "the match")
        assert match_lock.holder(*key) is not None
        await pilot.press("q")
        await wait_for(pilot, lambda: listed(app), "the picker")
        assert match_lock.holder(*key) is None
        assert not any("open elsewhere" in p for p in saves_prompts(app))
        await pilot.press("tab", "enter")  # resumed here again...
        await wait_for(pilot, lambda: isinstance(app.screen, (HandoverScreen, GameScreen)), "the match")
        assert match_lock.holder(*key) is not None
    assert match_lock.holder(*key) is None  # ...and let go as the app closed
    Match.resume(match.save_path, *key).let_go()


def play_on_and_leave(elsewhere: Match) -> None:
    """The other copy plays one more human move, then leaves the match."""
    if elsewhere.pending_pass:
        elsewhere.confirm_pass()
    elsewhere.run_bots()
    elsewhere.take_keyboard(elsewhere.next_human())
    elsewhere.play(elsewhere.legal_actions()[0])
    elsewhere.let_go()


async def test_a_save_that_moved_on_elsewhere_after_the_listing_resumes_with_those_moves(data_dir):
    elsewhere = saved_match()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: listed(app), "the save to be listed")
        # The other copy plays on after this picker listed the save, then leaves it.
        play_on_and_leave(elsewhere)
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, (HandoverScreen, GameScreen)), "the match")
        assert app.playing.record.actions == elsewhere.record.actions
        assert saves.read(elsewhere.save_path).actions == elsewhere.record.actions


async def test_the_picker_marks_a_save_as_another_copy_opens_and_leaves_it_without_a_key(data_dir):
    match = saved_match()
    key = (match.record.game, match.record.id)
    match.let_go()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: listed(app), "the save to be listed")

        def line() -> str:
            [found] = [p for p in saves_prompts(app) if "Ann, Ben" in p]
            return found

        assert "saved " in line() and "open elsewhere" not in line()
        listed_moves = len(match.record.actions)
        assert f"; {listed_moves} moves;" in line()
        elsewhere = Match.resume(match.save_path, *key)
        await wait_for(pilot, lambda: "open elsewhere since" in line(), "the save marked open elsewhere")
        assert "open elsewhere since" in screen_text(app)
        # Played on there, then left: listed again as it is now.
        play_on_and_leave(elsewhere)
        await wait_for(pilot, lambda: "open elsewhere" not in line(), "the mark to go")
        moves = len(elsewhere.record.actions)
        assert moves > listed_moves and f"; {moves} moves; saved " in line()


async def test_a_save_finished_elsewhere_after_the_listing_is_said_so_and_the_list_read_again(data_dir):
    elsewhere = saved_match()
    elsewhere.let_go()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: listed(app), "the save to be listed")
        # Another copy finished it meanwhile: its record went to finished/.
        finished = paths.finished_dir() / elsewhere.save_path.name
        finished.parent.mkdir(parents=True, exist_ok=True)
        elsewhere.save_path.rename(finished)
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: app._notifications, "the notice")
        [notice] = [n.message for n in app._notifications]
        assert notice.startswith("That match is no longer among the saves")
        await wait_for(pilot, lambda: "No unfinished matches." in saves_prompts(app), "the list read again")
        assert isinstance(app.screen, PickerScreen) and finished.exists()
