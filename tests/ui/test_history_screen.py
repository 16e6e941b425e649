"""The history screen, and what the results screen takes from the history:
tonight's tally, the review key, no button focused at first."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

from textual.widgets import Button

from tablegames.core import history, paths, records
from tablegames.core.history import History, MatchSummary
from tablegames.core.match import Match
from tablegames.core.records import Seat
from tablegames.ui.history import HistoryScreen, match_line
from tablegames.ui.labels import seat_label
from tablegames.ui.picker import PickerScreen
from tablegames.ui.results import ResultsScreen
from tablegames.ui.review import LABEL, ReviewTable
from tablegames.ui.widgets.chart import StageChart
from tests.ui.helpers import SIZE, make_app, screen_text, wait_for
from tests.ui.helpers import settle as settle_app
from tests.ui.test_no_cut_text import cut_lines
from tests.ui.test_review import finished_record


async def settle(pilot) -> None:
    """Wait for the screen's worker (the index is read in a thread) and
    its first reading on screen."""
    await settle_app(pilot)
    await wait_for(pilot, lambda: "reading the index..." not in screen_text(pilot.app), "the index to be read")


async def open_history(pilot) -> HistoryScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, PickerScreen)
    await pilot.press("h")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, HistoryScreen)
    return screen


def three_matches():
    old = finished_record("blind-chicken", ("Kim", "Lee", "Bot 1"), seed=1, day=1)
    mid = finished_record("nutty-business", ("Ann", "Lee", "Bot 1"), seed=2, day=2)
    new = finished_record("blind-chicken", ("Kim", "Zoe", "Bot 1"), seed=3, day=3)
    return old, mid, new


async def test_h_in_the_picker_lists_finished_matches_newest_first_with_the_winner_marked():
    old, mid, new = three_matches()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "History" in screen_text(app).splitlines()[-1]  # the picker's footer
        screen = await open_history(pilot)
        assert [s.path for s in screen.summaries] == [new[0], mid[0], old[0]]
        text = screen_text(app)
        assert "Match history: 3 finished matches" in text
        assert text.index("2030-01-03") < text.index("2030-01-02") < text.index("2030-01-01")
        state = records.replay(new[1])
        result = state.result()
        winner = new[1].names[result.winners[0]]
        assert f"★{winner} {result.scores[result.winners[0]]}" in text
        footer = text.splitlines()[-1]
        assert "Review" in footer and "Game" in footer and "Player" in footer and "Statistics" in footer


async def test_history_filters_by_game_and_by_player_name_ignoring_case_and_spaces():
    old, mid, new = three_matches()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        for _ in range(10):
            if screen.game == "nutty-business":
                break
            await pilot.press("g")
            await settle(pilot)
        assert [s.path for s in screen.summaries] == [mid[0]]
        assert "Nutty Business" in screen_text(app) and "2030-01-01" not in screen_text(app)
        for _ in range(10):
            if screen.game is None:
                break
            await pilot.press("g")
            await settle(pilot)
        await pilot.press("slash")
        for key in ("space", "K", "I", "M", "space"):
            await pilot.press(key)
        await settle(pilot)
        assert [s.path for s in screen.summaries] == [new[0], old[0]]
        assert "2 finished matches found" in screen_text(app)
        await pilot.press("Z")
        await settle(pilot)
        assert screen.summaries == [] and "No finished match with these filters." in screen_text(app)


async def test_the_player_filter_takes_a_name_as_the_list_shows_it_or_its_start():
    old, mid, new = three_matches()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        await pilot.press("slash")
        for key in ("B", "o", "t", "space", "1"):
            await pilot.press(key)
        await settle(pilot)
        assert [s.path for s in screen.summaries] == [new[0], mid[0], old[0]]
        for _ in range(5):
            await pilot.press("backspace")
        for key in ("z", "O"):
            await pilot.press(key)
        await settle(pilot)
        assert [s.path for s in screen.summaries] == [new[0]]
        assert "1 finished match found" in screen_text(app)


def test_the_history_names_each_seat_as_the_score_table_does():
    seats = [Seat("Kim"), Seat("Bottle", "heuristic"), Seat("Bot 2 (hard)", "search"), Seat("Cy", "random")]
    summary = MatchSummary(
        path=paths.finished_dir() / "x.json", game="blind-chicken", title="Blind Chicken",
        finished_at=datetime(2030, 1, 1), options={}, names=tuple(s.name for s in seats),
        levels=(None, "normal", "hard", "easy"), scores=(1, 2, 3, 4), winners=(0,), other_winner=None,
        eliminated=(), moves=1, seconds=None, stages=())
    line = match_line(summary, "*").plain
    assert "*Kim 1, Bottle (bot) 2, Bot 2 (hard) 3, Cy (bot) 4" in line
    assert [seat_label(seat) for seat in seats] == ["Kim", "Bottle (bot)", "Bot 2 (hard)", "Cy (bot)"]


async def test_enter_in_the_history_reviews_the_match_under_the_cursor():
    old, mid, new = three_matches()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReviewTable)
        assert app.screen.review.path == mid[0]
        assert LABEL in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_a_listed_match_changed_into_an_unfinished_one_is_not_reviewed():
    """No way around the handover: the history lists what the index holds,
    and the review checks the file again when it opens."""
    old, mid, new = three_matches()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        # The newest record becomes an unfinished match under the list.
        path, record = new
        data = json.loads(path.read_text())
        data["actions"] = data["actions"][:10]
        data["finished"] = False
        path.write_text(json.dumps(data))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert any("unfinished match" in n.message for n in app._notifications)
        # Marked finished but not over: refused too.
        data["finished"] = True
        path.write_text(json.dumps(data))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen


async def test_a_damaged_index_still_shows_every_match_with_its_count_and_one_notice():
    """A schema name that is not UTF-8 once left the screen at "reading the
    index..." with no count; rows deleted from the index hid their matches."""
    from tests.core.test_history import bad_name_in_schema

    old, mid, new = three_matches()
    with History() as h:
        h.matches()
    con = sqlite3.connect(history.index_path())
    con.execute("DELETE FROM matches WHERE name = ?", (mid[0].name,))
    con.commit()
    con.close()
    for damage in ("rows deleted", "schema"):
        if damage == "schema":
            bad_name_in_schema(history.index_path())
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_history(pilot)
            assert [s.path for s in screen.summaries] == [new[0], mid[0], old[0]]
            text = screen_text(app)
            assert "Match history: 3 finished matches" in text
            notice = "moved aside" if damage == "schema" else "rebuilt from the records"
            assert notice in text, text


async def test_the_history_fits_80x24_with_five_players_of_twelve_character_names():
    names = ("[b]Annabelle", "Benedictus-B", "Cid Campbell", "Dee-Dominika", "Bot 1")
    for seed in range(3):
        finished_record("nutty-business", names, seed=seed, day=seed + 1)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_history(pilot)
        assert cut_lines(app) == []
        assert "[b]Annabelle" in screen_text(app)


# ----------------------------------------------------------------- the results screen

def results_app(path, record):
    return make_app(Match(record, save_path=path))


async def test_enter_on_the_results_does_nothing_until_a_button_is_chosen():
    path, record = finished_record()
    match = Match(record, save_path=path)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ResultsScreen)
        assert not isinstance(app.focused, Button)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen  # no rematch
        await pilot.press("right")
        assert app.focused is screen.query_one("#again", Button)
        await pilot.press("right")
        assert app.focused is screen.query_one("#picker", Button)
        await pilot.press("left")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not screen  # play again


async def test_r_on_the_results_reviews_the_match_and_escape_comes_back():
    path, record = finished_record()
    app = make_app(Match(record, save_path=path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results = app.screen
        assert "Review" in screen_text(app).splitlines()[-1]
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewTable) and LABEL in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is results


async def test_the_results_after_play_again_show_tonights_tally():
    first = finished_record(seed=1, day=1)
    second = finished_record(seed=2, day=2, series=first[1].id)
    wins: dict[str, float] = {}
    for _, record in (first, second):
        result = records.replay(record).result()
        for seat in result.winners:
            name = record.names[seat]
            wins[name] = wins.get(name, 0) + 1 / len(result.winners)
    app = make_app(Match(second[1], save_path=second[0]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        line = next(line for line in text.splitlines() if "Tonight's table" in line)
        # A bot by its seat's name, as the score table names it, not "Bot (normal)".
        assert "Bot (normal)" not in text
        for name in ("Kim", "Lee", "Bot 1"):
            count = wins.get(name, 0)
            shown = f"{count:.0f}" if count == int(count) else f"{count:.1f}"
            assert f"{name} {shown}" in line


async def test_a_first_match_shows_no_tally_and_a_match_of_two_hands_charts_its_scores():
    path, record = finished_record()
    app = make_app(Match(record, save_path=path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Tonight's table" not in screen_text(app)
        chart = app.screen.query_one(StageChart)
        assert chart.display and len(chart.stages) == 2
        result = records.replay(record).result()
        assert chart.stages[-1] == tuple(float(score) for score in result.scores)


async def test_a_damaged_record_is_named_in_full_on_the_history_screen_once():
    three_matches()
    bad = paths.finished_dir() / "blind-chicken-bad.json"
    bad.write_text("{not json")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_history(pilot)
        words = " ".join(screen_text(app).split())
        # The whole notice on screen (wrapped): the file, why, what to do.
        assert (f"The finished record {bad.name} is left out of the history: not a valid record (the file is not "
                f"JSON). Delete it, or move it out of") in words, words
        assert "(said once for this file)" in words
        await pilot.press("slash", "z", "o")  # a filter reads the index again: the notice stays
        await settle(pilot)
        await wait_for(pilot, lambda: "1 finished match found" in screen_text(app), "the filtered list")
        assert bad.name in screen_text(app)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:  # the next evening: not said again
        await open_history(pilot)
        assert bad.name not in screen_text(app)
