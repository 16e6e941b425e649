"""The post-game analysis (core/analysis.py, `tablegames analyse`): every
human move of a finished match of each game judged, never a bot's; the
same answer for the same record and budget with any number of workers;
the same answer in two states the mover cannot tell apart (it does not
peek); cached beside the record; bad input in one line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tablegames import cli
from tablegames.core import analysis, analysis_cache, records, registry
from tablegames.core.analysis import MARKS, analyse, human_moves, judge, mark_of
from tests.ui.test_review import finished_record

# A budget that keeps the tests quick: the bot's choice and the chances on
# a few playouts each (the answers are rough, their shape is what is tested).
TINY = 0.002


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game", registry.ids())
def test_every_human_move_of_a_finished_match_is_judged_and_no_bots(capsys, game):
    path, record = finished_record(game, ("Kim", "Lee", "Bot 1"), seed=3)
    code, out, err = run(capsys, "analyse", str(path), "--json", "--seconds", str(TINY), "--workers", "1")
    assert code == 0, err
    moves = json.loads(out)["moves"]
    humans = [i for i, (seat, _) in enumerate(record.actions) if seat in (0, 1)]
    assert humans and [m["index"] for m in moves] == humans  # every human move, in order, no bot's
    for m in moves:
        seat, text = record.actions[m["index"]]
        assert set(m) >= {"player", "seat", "move", "best", "played_chance", "best_chance", "mark"}
        assert m["seat"] == seat and m["player"] == record.names[seat] and m["move"] == text
        assert 0 <= m["played_chance"] <= m["best_chance"] <= 1
        assert m["mark"] in (None, "inaccuracy", "mistake", "blunder")
        if m["best"] == m["move"]:
            assert m["best_chance"] == m["played_chance"] and m["mark"] is None
        if m["mark"] is not None:
            least = dict(MARKS)[m["mark"]]
            assert m["best_chance"] - m["played_chance"] >= least - 1e-9


def test_the_same_record_and_budget_give_the_same_analysis_with_any_number_of_workers():
    _, record = finished_record("blasting-billy", ("Kim", "Lee", "Bot 1"), seed=5)
    one = analyse(record, TINY, workers=1)
    assert analyse(record, TINY, workers=1) == one
    assert analyse(record, TINY, workers=2) == one


def twin_decisions(game: str, seed: int = 3):
    """Human decisions of a finished match, from the middle on (then the
    first half), each as the state before it, the mover, the move played,
    the mover's earlier decisions (view, legal, action), and a twin: a
    state the mover cannot tell from it (the game's sampler, from the
    mover's view) in which some other seat's view differs (something
    hidden from the mover was dealt anew)."""
    _, record = finished_record(game, ("Kim", "Lee", "Bot 1"), seed=seed)
    spec = registry.get(game)
    moves = human_moves(record)
    rng = random.Random(7)
    for index in moves[len(moves) // 2:] + moves[:len(moves) // 2]:
        seat = record.actions[index][0]
        state = records.first_state(record)
        past = []
        for mover, text in record.actions[:index]:
            action = spec.parse(text)
            if mover == seat:
                past.append((state.view(seat), list(state.legal_actions(seat)), action))
            state.apply(mover, action)
        others = [other for other in range(len(record.seats)) if other != seat]
        for _ in range(20):
            twin = spec.sample(state.view(seat), rng)
            if any(twin.view(other) != state.view(other) for other in others):
                yield spec, state, twin, seat, spec.parse(record.actions[index][1]), past
                break


@pytest.mark.parametrize("game", registry.ids())
def test_the_analysis_is_the_same_in_two_states_the_mover_cannot_tell_apart(game):
    found = next(twin_decisions(game), None)
    assert found is not None, "nothing was ever hidden from a human mover"
    spec, state, twin, seat, played, past = found
    assert twin.view(seat) == state.view(seat)
    # The same moves (in an order that may tell something of the deal).
    assert sorted(map(str, twin.legal_actions(seat))) == sorted(map(str, state.legal_actions(seat)))
    seed = "test twin"
    assert judge(spec, twin, seat, played, past, 40, seed) == judge(spec, state, seat, played, past, 40, seed)


def test_marks_follow_the_drop_and_noise_marks_nothing():
    assert mark_of(0.04, 0.0) is None
    assert mark_of(0.05, 0.0) == "inaccuracy"
    assert mark_of(0.12, 0.0) == "mistake"
    assert mark_of(0.15, 0.0) == "blunder" and mark_of(0.6, 0.0) == "blunder"
    # A drop within two standard errors of the estimate is noise.
    assert mark_of(0.2, 0.11) is None and mark_of(0.2, 0.09) == "blunder"


def test_a_second_analysis_is_read_from_beside_the_record(capsys, monkeypatch):
    path, _ = finished_record("blasting-billy", ("Kim", "Lee", "Bot 1"), seed=5)
    searched = []
    real = analysis.analyse

    def counted(*args, **kwargs):
        searched.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis, "analyse", counted)
    argv = ["analyse", str(path), "--json", "--seconds", str(TINY), "--workers", "1"]
    first = run(capsys, *argv)
    assert first[0] == 0 and analysis_cache.cache_path(path).is_file() and searched == [TINY]
    assert run(capsys, *argv) == first and searched == [TINY]
    # The text is from the same analysis.
    code, out, _ = run(capsys, "analyse", str(path), "--seconds", str(TINY))
    assert code == 0 and "Marked:" in out and searched == [TINY]
    # Another budget is analysed anew; both are kept.
    assert run(capsys, "analyse", str(path), "--json", "--seconds", "0.003", "--workers", "1")[0] == 0
    assert run(capsys, *argv) == first and searched == [TINY, 0.003]
    # The cache is a dot file: the history does not list it.
    assert analysis_cache.cache_path(path).name.startswith(".")


def test_a_damaged_cache_is_analysed_anew_and_a_changed_record_too(capsys):
    path, _ = finished_record("blasting-billy", ("Kim", "Lee", "Bot 1"), seed=5)
    argv = ["analyse", str(path), "--json", "--seconds", str(TINY), "--workers", "1"]
    first = run(capsys, *argv)
    analysis_cache.cache_path(path).write_text("{not json")
    assert run(capsys, *argv) == first
    data = json.loads(path.read_text())
    data["seats"][0]["name"] = "Kira"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, *argv)
    assert code == 0 and {m["player"] for m in json.loads(out)["moves"]} == {"Kira", "Lee"}


@pytest.mark.parametrize("make, fragment", [
    (lambda tmp: tmp / "missing.json", "no such file"),
    (lambda tmp: (tmp / "bad.json").write_text("garbage") and tmp / "bad.json", "not json"),
    (lambda tmp: finished_record("blasting-billy", ("Kim", "Lee"), seed=2, moves=4)[0], "not finished"),
])
def test_a_bad_file_is_one_line_and_exit_2(capsys, tmp_path, make, fragment):
    code, out, err = run(capsys, "analyse", str(make(tmp_path)))
    lines = err.strip().splitlines()
    assert code == 2 and out == "" and len(lines) == 1 and fragment in lines[0].lower(), err


@pytest.mark.parametrize("flag, value", [("--seconds", "0"), ("--seconds", "soon"), ("--workers", "0")])
def test_a_bad_budget_is_one_line_and_exit_2(capsys, flag, value):
    path, _ = finished_record("blasting-billy", ("Kim", "Lee", "Bot 1"), seed=5)
    code, out, err = run(capsys, "analyse", str(path), flag, value)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and flag in err


def test_a_move_with_no_choice_is_not_searched_it_is_the_best_with_the_seats_chance_carried(monkeypatch):
    _, record = finished_record("blind-chicken", ("Kim", "Lee", "Bot 1"), seed=3)
    spec = registry.get("blind-chicken")
    state = records.first_state(record)
    forced = set()
    for index, (seat, text) in enumerate(record.actions):
        if seat in (0, 1) and len(state.legal_actions(seat)) == 1:
            forced.add(index)
        state.apply(seat, spec.parse(text))
    searched_at = []
    real = analysis.judge

    def counted(spec, state, seat, played, past, iterations, seed):
        searched_at.append(int(seed.split()[2]))
        return real(spec, state, seat, played, past, iterations, seed)

    monkeypatch.setattr(analysis, "judge", counted)
    moves = analyse(record, TINY, workers=1)
    carried = [m for m in moves if m.index in forced and m.index not in searched_at]
    assert carried, "no move without a choice after the seat's first"
    before = {}
    for m in moves:
        if m in carried:
            assert m.best == m.move and m.mark is None
            assert m.played_chance == m.best_chance == before[m.seat]
        before[m.seat] = m.played_chance
    assert set(searched_at) == {m.index for m in moves} - {m.index for m in carried}


def test_a_settled_chance_stops_early_and_a_close_call_uses_the_whole_budget(monkeypatch):
    _, record = finished_record("blasting-billy", ("Kim", "Lee", "Bot 1"), seed=5)
    spec = registry.get("blasting-billy")
    index = human_moves(record)[0]
    state = records.first_state(record)
    seat, text = record.actions[index]
    view = state.view(seat)
    played = spec.parse(text)
    results: list[float] = []

    def playouts(outcome):
        results.clear()

        def share(state, seat, policy, rng):
            results.append(outcome(len(results)))
            return results[-1]

        monkeypatch.setattr(analysis, "_win_share", share)
        return analysis.chances(spec, view, seat, [played], None, lambda: None, 200, random.Random(1))

    # Every playout lost: settled after the fewest re-deals.
    assert playouts(lambda n: 0.0)[0] == [0.0] and len(results) == analysis.MIN_WORLDS
    # An even chance: its error falls to 1/sqrt(200) at a quarter of the budget.
    chances, _ = playouts(lambda n: float(n % 2))
    assert len(results) == 56 and chances == [0.5]
    # Two moves, the better one winning one re-deal in 20: a drop of 0.05,
    # the inaccuracy's threshold, never settled: the whole budget.
    best = next(a for a in state.legal_actions(seat) if a != played)
    results.clear()

    def paired(state, seat, policy, rng):
        world, candidate = divmod(len(results), 2)
        results.append(float(candidate == 1 and world % 20 == 0))
        return results[-1]

    monkeypatch.setattr(analysis, "_win_share", paired)
    chances, spread = analysis.chances(spec, view, seat, [played, best], None, lambda: None, 100, random.Random(1))
    assert len(results) == 200 and chances == [0.0, 0.05] and spread > 0


def test_an_analysis_given_up_ends_its_worker_processes_at_once():
    """Closing the review mid-analysis: the workers must not go on judging
    the moves already handed to them (42 s of CPU at load 8 before)."""
    import multiprocessing
    import time

    _, record = finished_record("blind-chicken", ("Kim", "Lee", "Bot 1"), seed=3)
    asked: list[float] = []

    def stop() -> bool:
        asked.append(time.monotonic())
        return bool(multiprocessing.active_children())  # give up once the workers run

    with pytest.raises(analysis.AnalysisStopped):
        analyse(record, analysis.DEFAULT_SECONDS, workers=2, stop=stop)
    assert asked, "stop() was never asked while the workers judged"
    # Ended, not left to finish their moves: gone within a deadline far
    # below one Blind Chicken move's judgement on a loaded machine.
    deadline = time.monotonic() + 10
    while multiprocessing.active_children():
        assert time.monotonic() < deadline, "a worker of the analysis still runs"
        time.sleep(0.05)
