"""The review's analysis (ui/review_analysis.py) runs on every core: in
worker processes started from inside the app, whose standard streams go
nowhere (the terminal is the app's), with the same answer as the
command's on one core; closing the app stops it."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

from tablegames.core import analysis
from tablegames.ui import review_analysis
from tests.ui.helpers import SIZE, make_app
from tests.ui.test_review import finished_record, open_it, press, until

TINY = 0.002


async def test_the_reviews_analysis_runs_in_worker_processes_and_gives_the_commands_answer(monkeypatch):
    monkeypatch.setattr(review_analysis, "DEFAULT_SECONDS", TINY)
    monkeypatch.setattr(review_analysis, "workers", lambda: 2)  # processes even on a one-core machine
    started: list[int] = []
    real = analysis.ProcessPoolExecutor

    def pool(*args, **kwargs):
        started.append(kwargs["max_workers"])
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis, "ProcessPoolExecutor", pool)
    path, record = finished_record("blasting-billy", ("Kim", "Lee", "Bot 1"), seed=5)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_it(pilot, path)
        await press(pilot, "a")
        await until(pilot, lambda: app.screen.review.analysis is not None, "the analysis to finish", 120)
        found = app.screen.review.analysis
        await press(pilot, "right")
        assert app.screen.review.analysis == found  # the review goes on as before
    assert started == [2]
    assert found == {j.index: j for j in analysis.analyse(record, TINY, workers=1)}


def test_a_worker_of_the_analysis_writes_nothing_on_the_apps_terminal(capfd):
    with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn"), initializer=analysis._quiet) as pool:
        pool.submit(print, "a worker's line").result()
        pool.submit(os.write, 2, b"a worker's error\n").result()
    out, err = capfd.readouterr()
    assert "worker" not in out and "worker" not in err
    # Without it, the same worker would have written on the terminal (the test can fail).
    with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as pool:
        pool.submit(os.write, 2, b"a worker's error\n").result()
    assert "a worker's error" in capfd.readouterr().err


async def test_closing_the_app_mid_analysis_leaves_no_worker_running(monkeypatch):
    import multiprocessing
    import time

    monkeypatch.setattr(review_analysis, "DEFAULT_SECONDS", 0.05)  # long enough to be mid-way
    monkeypatch.setattr(review_analysis, "workers", lambda: 2)
    path, _ = finished_record("blind-chicken", ("Kim", "Lee", "Bot 1"), seed=3)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_it(pilot, path)
        await press(pilot, "a")
        await until(pilot, lambda: bool(multiprocessing.active_children()), "the workers to start", 60)
        await until(pilot, lambda: (app.screen.review.analysing or (0, 0))[0] > 0, "a move judged", 60)
        assert app.screen.review.analysis is None  # mid-way
    deadline = time.monotonic() + 60
    while multiprocessing.active_children():
        assert time.monotonic() < deadline, "a worker of the analysis still runs"
        time.sleep(0.1)


async def test_the_result_page_charts_each_players_winning_chance_once_the_analysis_is_made(monkeypatch):
    from tablegames.ui.review import ReviewResultScreen
    from tablegames.ui.widgets.chart import StageChart
    from tests.ui.helpers import screen_text

    monkeypatch.setattr(review_analysis, "DEFAULT_SECONDS", TINY)
    monkeypatch.setattr(review_analysis, "workers", lambda: 1)
    path, record = finished_record("nutty-business", ("Kim", "Lee", "Bot 1"), seed=5)
    app = make_app()
    async with app.run_test(size=(80, 60)) as pilot:
        await open_it(pilot, path)
        await press(pilot, "end", "right")  # the result page, before any analysis: no chart of chances
        await until(pilot, lambda: isinstance(app.screen, ReviewResultScreen), "the result page")
        assert not app.screen.query_one("#chance-chart", StageChart).display
        await press(pilot, "a")  # made while the page is shown
        await until(pilot, lambda: app.screen.review.analysis is not None, "the analysis to finish", 120)
        await until(pilot, lambda: "Winning chance" in screen_text(app), "the chart of chances")
        chart = app.screen.query_one("#chance-chart", StageChart)
        judged = app.screen.review.analysis
        assert chart.names == ["Kim", "Lee"]  # the humans; the bot's moves are not judged
        assert len(chart.stages) == len(judged)
        last = {j.seat: j.played_chance for j in sorted(judged.values(), key=lambda j: j.index)}
        assert chart.stages[-1] == tuple(100 * last[seat] for seat in (0, 1))


async def test_every_marked_move_ends_its_line_in_the_log_with_its_mark_and_the_move_shown_says_the_better_one():
    from tablegames.core.analysis import Judgement
    from tablegames.ui.review import ReviewMatch
    from tablegames.ui.widgets import LogPanel

    path, record = finished_record("nutty-business", ("Kim", "Lee", "Bot 1"), seed=5)
    humans = [i for i, (seat, _) in enumerate(record.actions) if record.seats[seat].bot is None]
    early, late = humans[1], humans[5]
    later = ReviewMatch(record, late + 1, None)
    lines = {move: text for move, text in later.visible_moves()}
    assert early in lines and late in lines, "both moves write a public line"

    def judged(index: int, mark: str | None) -> Judgement:
        seat = record.actions[index][0]
        return Judgement(index, record.names[seat], seat, record.actions[index][1], "play c5 1", 0.2, 0.5, mark)

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_it(pilot, path)
        app.screen.review.analysis = {early: judged(early, "blunder"), late: judged(late, None)}
        await press(pilot, *["right"] * (late + 1))
        await until(pilot, lambda: app.screen.review.position == late + 1, "the late move shown")
        shown = app.screen.query_one(LogPanel).lines
        marked = [line for line in shown if line.endswith("?? blunder")]
        assert len(marked) == 1 and marked[0].startswith(lines[early])  # the early move's last line
        assert shown[-1].startswith("  Analysis:") and "would play" in shown[-1]  # the move shown, in full
        assert not any(line.endswith(" ?") or "mistake" in line for line in shown)
