"""Leaving a match and resuming it from the picker in a new app."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from tablegames.ui.picker import PickerScreen
from tests.ui.helpers import (
    SIZE, GameScreen, HandoverScreen, ResultsScreen, Seat, chicken_match, make_app, play_turn, screen_text, settle,
)


def saves_rows(app) -> list[str]:
    """The rows the saves list shows on screen, inside its border."""
    box = app.screen.query_one("#saves", OptionList)
    region = box.content_region
    lines = screen_text(app).splitlines()[region.y:region.bottom]
    rows = [line[region.x:region.right].strip() for line in lines]
    return [row for row in rows if row]


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

    from tablegames.core.saves import save
    from tablegames.core.records import MatchRecord
    from tests.core.bad_records import fingerprint, good_record, make_bad_records

    folder = data_dir / "matches"
    expected = make_bad_records(folder)
    sound = save(MatchRecord.from_json(good_record(seed=5)))
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
        rows = saves_rows(app)
        assert len(rows) > 5
        assert all(row.startswith(("Blind Chicken:", "Cannot resume ")) for row in rows), rows
        # The cheat is listed with its reason from the start, never offered.
        [cheat_line] = [p for p in prompts if "blind-chicken-cheat.json" in p]
        assert cheat_line.startswith("Cannot resume blind-chicken-cheat.json: move 12") and "not legal" in cheat_line

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

        # Choosing the cheat says why it cannot be resumed, and we stay.
        saves.highlighted = next(i for i in range(saves.option_count)
                                 if saves.get_option_at_index(i).id == f"broken:{cheat_path}")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert any("blind-chicken-cheat.json: move 12" in n.message for n in app._notifications)
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


def write_record(data_dir, name, record_data):
    import json

    path = data_dir / "matches" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record_data))
    return path


def prompts_of(app) -> list[str]:
    saves = app.screen.query_one("#saves", OptionList)
    return [str(saves.get_option_at_index(i).prompt) for i in range(saves.option_count)]


async def test_a_save_that_is_over_but_not_marked_finished_is_listed_with_the_reason(data_dir):
    from tests.core.bad_records import good_record

    over = write_record(data_dir, "blind-chicken-over.json", good_record(seed=8, moves=None))
    undated = good_record(seed=9) | {"updated": ""}
    write_record(data_dir, "blind-chicken-undated.json", undated)
    before = over.read_bytes()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "saved at an unknown time" in screen_text(app)  # not a blank
        assert prompts_of(app)[1] == (
            "Cannot resume blind-chicken-over.json: the game in it is over, but it is not marked finished.")
        saves = app.screen.query_one("#saves", OptionList)
        saves.focus()
        saves.highlighted = 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
    assert over.read_bytes() == before


async def test_a_save_marked_finished_whose_game_is_not_over_is_listed_with_the_reason(data_dir):
    from tests.core.bad_records import good_record

    path = write_record(data_dir, "blind-chicken-early.json", good_record(finished=True))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert prompts_of(app) == [
            "Cannot resume blind-chicken-early.json: it is marked finished, but the game in it is not over."]
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
    assert path.exists()


async def test_a_match_killed_on_its_way_to_the_finished_folder_is_not_offered(data_dir):
    """An older version wrote the finished record, then was killed before it
    removed the save one move short: that copy is never offered."""
    from tablegames.core import saves
    from tablegames.core.records import MatchRecord
    from tests.core.bad_records import good_record

    full = MatchRecord.from_json(good_record(seed=7, moves=None, finished=True))
    done = saves.save(full)
    short = full.to_json() | {"finished": False, "actions": full.to_json()["actions"][:-1]}
    write_record(data_dir, done.name, short)
    before = done.read_bytes()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "No unfinished matches." in screen_text(app)
    assert done.read_bytes() == before


async def finish_a_resumed_match() -> tuple[Path, Path]:
    """Resume a saved match one move from its end and play the last move
    through the real screens, to the results: (the save, the finished record)."""
    from tablegames.core import paths
    from tablegames.core.saves import save
    from tablegames.core.records import MatchRecord
    from tests.core.bad_records import good_record

    full = MatchRecord.from_json(good_record(seed=7, moves=None, finished=True))
    short = MatchRecord.from_json(full.to_json() | {"finished": False, "actions": full.to_json()["actions"][:-1]})
    path = save(short)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        saves = app.screen.query_one("#saves", OptionList)
        saves.focus()
        saves.highlighted = 0
        await pilot.press("enter")
        for _ in range(10):  # the last move, through the real screens
            await settle(pilot)
            if isinstance(app.screen, ResultsScreen):
                break
            if (isinstance(app.screen, HandoverScreen) or app.screen.match.pending_pass
                    or app.screen.showing_final_table):
                await pilot.press("enter")
            else:
                await play_turn(pilot)
        assert isinstance(app.screen, ResultsScreen)
    return path, paths.finished_dir() / path.name


async def test_finishing_a_resumed_match_moves_it_to_finished_in_one_step(data_dir):
    """Resume a match one move from its end, play the last move: the save
    leaves the list and sits in finished/, and nothing else is left."""
    from tablegames.core import paths, resumable

    path, done = await finish_a_resumed_match()
    assert not path.exists()
    assert [p.name for p in paths.finished_dir().iterdir()] == [done.name]
    assert [p.name for p in paths.matches_dir().iterdir()] == ["finished"]
    assert resumable.unfinished() == ([], [])


async def test_a_match_finished_in_the_app_tells_the_history_index_from_its_save(data_dir, monkeypatch):
    """The finishing save itself updates the history index (core/history.py's
    note_finished, handed to saves.on_finished by the app), once."""
    from tablegames.core import history

    told: list[Path] = []
    monkeypatch.setattr(history, "note_finished", told.append)
    _, done = await finish_a_resumed_match()
    assert told == [done]
