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


async def test_a_folder_of_hostile_saves_lists_each_on_one_reachable_line(data_dir):
    import json

    from tablegames.core import records
    from tablegames.core.records import MatchRecord
    from tests.core.bad_records import fingerprint, good_record, make_bad_records

    folder = data_dir / "matches"
    expected = make_bad_records(folder)
    sound = records.save(MatchRecord.from_json(good_record(seed=5)))
    cheat = good_record(seed=6)
    cheat["actions"][-1] = [cheat["actions"][-1][0], "order 1 2 3"]  # sound headers, an illegal move
    cheat_path = folder / "blind-chicken-cheat.json"
    cheat_path.write_text(json.dumps(cheat))
    (folder / ".tmp-x1y2z3.json").write_text("{")  # another copy saving right now
    before = {p.name: fingerprint(p) for p in folder.iterdir()}

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        saves = picker.query_one("#saves", OptionList)
        prompts = [str(saves.get_option_at_index(i).prompt) for i in range(saves.option_count)]
        assert len(prompts) == len(expected) + 2  # both sound-looking saves, every broken file once
        assert not any(".tmp-" in p for p in prompts)
        for name, fragment in expected.items():
            [line] = [p for p in prompts if f"Cannot resume {name}:" in p]
            assert fragment.lower() in line.lower() and "\n" not in line and str(folder) not in line
        # One screen line each: every row of the list starts a save, none is a wrapped tail.
        rows = screen_text(app).split("Resume a saved match")[1].splitlines()[1:]
        rows = rows[:next(i for i, row in enumerate(rows) if row.startswith("╰"))]
        assert len(rows) > 5
        assert all(row.startswith(("│ Blind Chicken:", "│ Cannot resume ")) for row in rows), rows

        # Every line is reachable with the keys, down to the last.
        await pilot.press("tab")
        for _ in range(saves.option_count - 1):
            await pilot.press("down")
        assert saves.highlighted == saves.option_count - 1
        last = str(saves.get_option_at_index(saves.highlighted).prompt)
        await pilot.press("enter")  # a broken one: its reason, and we stay
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert any(last.split(":")[0] in n.message for n in app._notifications)

        # The cheat looks sound until it is opened: then it says why not.
        index = next(i for i, p in enumerate(prompts) if "Kim, Lee" in p and
                     saves.get_option_at_index(i).id == str(cheat_path))
        saves.highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        line = str(saves.get_option_at_index(index).prompt)
        assert line.startswith("Cannot resume blind-chicken-cheat.json: move 12") and "not legal" in line
        # And the sound one still opens.
        saves.highlighted = next(i for i in range(saves.option_count)
                                 if saves.get_option_at_index(i).id == str(sound))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, (HandoverScreen, GameScreen))
    assert {p.name: fingerprint(p) for p in folder.iterdir() if p != sound} == {
        name: fp for name, fp in before.items() if name != sound.name}


async def test_quitting_before_any_human_move_leaves_no_save(data_dir):
    match = chicken_match(Seat("Bot 1", "random"), Seat("Ann"), Seat("Ben"), seed=5)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert match.record.actions  # the bot has moved
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert "No unfinished matches." in screen_text(app)
    assert not list(data_dir.glob("matches/*.json"))


async def test_a_save_that_is_over_but_not_marked_finished_says_so_when_chosen(data_dir):
    import json

    from tablegames.core import registry
    from tablegames.core.records import MatchRecord
    from tablegames.core.simulate import play_out

    out = play_out(registry.get("blind-chicken"), ["random"] * 3, 8, options={"hands": 1}, record_actions=True)
    record = MatchRecord(game="blind-chicken", seats=[Seat("Kim"), Seat("Lee"), Seat("Max")], seed=8,
                         options={"hands": 1}, actions=out.actions, finished=False, updated="")
    path = data_dir / "matches" / "blind-chicken-over.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(record.to_json()))
    before = path.read_bytes()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "saved at an unknown time" in screen_text(app)  # not a blank
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        saves = app.screen.query_one("#saves", OptionList)
        assert str(saves.get_option_at_index(0).prompt) == (
            "Cannot resume blind-chicken-over.json: the game in it is over, but it is not marked finished.")
    assert path.read_bytes() == before
