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
