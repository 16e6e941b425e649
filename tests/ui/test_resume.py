"""Leaving a match and resuming it from the picker in a new app."""

from __future__ import annotations

from textual.widgets import OptionList

from tablegames.ui.picker import PickerScreen
from tests.ui.helpers import (
    SIZE, GameScreen, HandoverScreen, Seat, chicken_match, make_app, play_turn, screen_text, settle,
)


async def test_quit_mid_match_then_resume_from_the_picker_and_play_on(data_dir):
    match = chicken_match(Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic"), seed=5)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        while len(match.record.actions) < 6:
            await settle(pilot)
            if isinstance(app.screen, HandoverScreen) or match.pending_pass:
                await pilot.press("enter")
            else:
                await play_turn(pilot)
        await settle(pilot)
        await pilot.press("q")  # back to the picker; the match is saved
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert "Ann, Ben, Cid (bot)" in screen_text(app)
    played = list(match.record.actions)
    saved = match.save_path
    assert saved is not None and saved.parent.parent == data_dir

    app = make_app()  # a new start: the picker
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        assert "Ann, Ben, Cid (bot)" in screen_text(app)
        await pilot.press("tab", "enter")  # the saves list, the first save
        await settle(pilot)
        # Two humans: whoever moves next gets the keyboard through a handover.
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        resumed = screen.match
        assert resumed.record.actions[:len(played)] == played
        assert resumed.save_path == saved
        before = len(resumed.record.actions)
        await play_turn(pilot)
        await settle(pilot)
        assert len(resumed.record.actions) > before


async def test_an_unreadable_save_is_listed_with_its_reason_and_left_on_disk(data_dir):
    folder = data_dir / "matches"
    folder.mkdir(parents=True)
    broken = folder / "blind-chicken-broken.json"
    broken.write_text("{ not json", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        saves = app.screen.query_one("#saves", OptionList)
        prompts = [str(saves.get_option_at_index(i).prompt) for i in range(saves.option_count)]
        assert any("blind-chicken-broken.json" in p and "not JSON" in p for p in prompts)
        await pilot.press("tab", "enter")  # choosing it does nothing
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
    assert broken.read_text(encoding="utf-8") == "{ not json"
