"""The `tablegames` command line: every subcommand, and every kind of bad
input ending in one line on stderr with exit status 2."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from tablegames import cli, cli_common
from tablegames.core import paths, records, registry, saves
from tablegames.core.match import Match
from tablegames.core.records import MatchRecord, Seat
from tablegames.core.simulate import play_out

GAME = "blind-chicken"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Saves go to a temporary folder, never the real home."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def app_calls(monkeypatch):
    """Stand in for the Textual app: record what it would have been given."""
    calls: list[tuple] = []
    fake = types.ModuleType("tablegames.ui.app")
    def run_app(match=None, ascii=False, table_address=("127.0.0.1", 0)):
        calls.append((match, ascii))
        addresses.append(table_address)
    addresses: list[tuple[str, int]] = []
    fake.run_app = run_app
    fake.addresses = addresses  # where phone seats would connect (--host, --port)
    monkeypatch.setitem(sys.modules, "tablegames.ui.app", fake)
    monkeypatch.setattr(cli_common, "terminal_problem", lambda: None)  # as if in a terminal
    return calls


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, out: str, err: str, *fragments: str) -> None:
    assert code == 2
    assert out == ""
    lines = err.strip("\n").splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("tablegames: error: ")
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment.lower() in lines[0].lower(), lines[0]


# ---------------------------------------------------------------- help

def test_help_explains_every_command_with_examples(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("play", "list", "rules", "simulate", "replay", "--ascii"):
        assert command in out
    assert 'tablegames play blind-chicken --players "Kim,Lee,bot,bot:hard"' in out
    assert "TABLEGAMES_DATA_DIR" in out


@pytest.mark.parametrize("command", ["play", "simulate", "replay", "rules"])
def test_each_command_has_its_own_help(capsys, command):
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert f"tablegames {command}" in out


def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert out.startswith("tablegames ")


# ---------------------------------------------------------------- app start

def test_no_command_opens_the_picker(capsys, app_calls):
    assert run(capsys)[0] == 0
    assert app_calls == [(None, False)]


def test_ascii_flag_reaches_the_picker(capsys, app_calls):
    assert run(capsys, "--ascii")[0] == 0
    assert app_calls == [(None, True)]


def test_play_starts_a_match_with_the_seats_in_order(capsys, app_calls):
    code, _, err = run(capsys, "play", GAME, "--players", "Kim, Lee  Ann,bot,bot:hard", "--seed", "42")
    assert code == 0, err
    [(match, ascii)] = app_calls
    assert isinstance(match, Match)
    assert ascii is False
    assert match.record.game == GAME
    assert match.record.seed == 42
    assert match.record.seats == [Seat("Kim"), Seat("Lee Ann"), Seat("Bot 1", "heuristic"),
                                  Seat("Bot 2 (hard)", "search")]


def test_play_bot_levels_and_options(capsys, app_calls):
    code, _, err = run(capsys, "play", GAME, "--players", "Kim,bot:easy,BOT:hard,bot,bot:heuristic",
                       "--option", "hands=2", "--option", "target=30", "--ascii")
    assert code == 0, err
    [(match, ascii)] = app_calls
    assert ascii is True
    assert [s.bot for s in match.record.seats] == [None, "random", "search", "heuristic", "heuristic"]
    # Short, unique names that fit the app's 12-character limit; the default
    # level (normal) is not marked.
    assert [s.name for s in match.record.seats] == ["Kim", "Bot 1 (easy)", "Bot 2 (hard)", "Bot 3", "Bot 4"]
    assert match.record.options == {"hands": 2, "target": 30}


def test_play_without_players_seats_you_against_bots(capsys, app_calls):
    assert run(capsys, "play", GAME)[0] == 0
    [(match, _)] = app_calls
    spec = registry.get(GAME)
    assert len(match.record.seats) == spec.min_players
    assert match.record.seats[0] == Seat("You")
    assert all(seat.bot for seat in match.record.seats[1:])


@pytest.mark.parametrize("argv", [[], ["play", GAME, "--players", "Kim,bot,bot"]])
def test_the_app_without_a_terminal_is_one_line_not_a_hang(capsys, argv):
    # capsys: stdout is not a terminal.
    assert_one_line_error(*run(capsys, *argv), "needs an interactive terminal")


def test_play_interrupted_exits_quietly(capsys, monkeypatch, app_calls):
    def interrupted(match=None, ascii=False, **_):
        raise KeyboardInterrupt

    monkeypatch.setattr(sys.modules["tablegames.ui.app"], "run_app", interrupted)
    code, out, err = run(capsys, "play", GAME, "--players", "A,B,C")
    assert code == 130
    assert out == "" and err == ""


@pytest.mark.parametrize("argv, fragments", [
    (["play", "chess", "--players", "A,B,C"], ["unknown game 'chess'", GAME]),
    (["play", GAME, "--players", "Kim,bot"], ["3-6 players", "not 2"]),
    (["play", GAME, "--players", "A,B,C,D,E,F,G"], ["3-6 players", "not 7"]),
    (["play", GAME, "--players", "Kim,Kim,bot"], ["both called Kim", "different name"]),
    (["play", GAME, "--players", "Kim,,bot,bot"], ["empty seat"]),
    (["play", GAME, "--players", "Kim,bot:genius,bot"], ["unknown bot level 'genius'"]),
    (["play", GAME, "--players", "Bartholomew Jr,bot,bot"], ["too long", "at most 12"]),
    (["play", GAME, "--players", "A,B,C", "--option", "speed=3"], ["no option 'speed'"]),
    (["play", GAME, "--players", "A,B,C", "--option", "hands=99"], ["option hands", "99"]),
    (["play", GAME, "--players", "A,B,C", "--option", "hands=lots"], ["whole number"]),
    (["play", GAME, "--players", "A,B,C", "--option", "hands"], ["key=value"]),
    (["play", GAME, "--players", "A,B,C", "--option", "hands=-1"], ["target"]),
    (["play", GAME, "--players", "A,B,C", "--seed", "seven"], ["--seed", "whole number", "'seven'"]),
    (["play", GAME, "--players", "A,B,C", "--seed", "-3"], ["--seed"]),
    (["play"], ["required", "tablegames play --help"]),
])
def test_play_rejects_bad_input_in_one_line(capsys, app_calls, argv, fragments):
    assert_one_line_error(*run(capsys, *argv), *fragments)
    assert app_calls == []


# ---------------------------------------------------------------- list, rules

def test_list_shows_every_game_with_player_range_and_pitch(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    flat = " ".join(out.split())
    for spec in registry.all_specs():
        assert spec.id in out
        assert f"{spec.min_players}-{spec.max_players}" in out
        assert " ".join(spec.pitch.split()[:3]) in flat
        for opt in spec.options:
            assert f"--option {opt.key}=N" in flat


def test_rules_renders_the_rules_page(capsys):
    code, out, _ = run(capsys, "rules", GAME)
    assert code == 0
    spec = registry.get(GAME)
    first_heading = next(line.lstrip("# ").strip() for line in spec.rules_text().splitlines()
                         if line.startswith("#"))
    assert first_heading in out
    assert "##" not in out  # rendered, not the raw Markdown


def test_game_ids_are_forgiving_about_case_and_underscores(capsys):
    assert run(capsys, "rules", "Blind_Chicken")[0] == 0


def test_rules_of_an_unknown_game(capsys):
    assert_one_line_error(*run(capsys, "rules", "poker"), "unknown game 'poker'", GAME)


def test_cli_commands_other_than_the_app_do_not_import_textual():
    code = ("import sys; from tablegames.cli import main; main(['list']); main(['rules', 'blind-chicken']);"
            "main(['simulate', 'blind-chicken', '--games', '2', '--json']);"
            "assert not [m for m in sys.modules if m.startswith('textual')], 'textual imported'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


# ---------------------------------------------------------------- simulate

def test_simulate_json_reports_win_shares_that_add_up_to_one(capsys):
    code, out, err = run(capsys, "simulate", GAME, "--players", "4", "--games", "12", "--seed", "3", "--json")
    assert code == 0, err
    assert err == ""  # no progress bar with --json
    data = json.loads(out)
    for key in ("game", "players", "games", "seconds", "games_per_second", "actions_per_second", "seats"):
        assert key in data
    assert data["game"] == GAME and data["players"] == 4 and data["games"] == 12
    assert [seat["bot"] for seat in data["seats"]] == ["normal", "easy", "easy", "easy"]
    for seat in data["seats"]:
        assert {"bot", "wins", "win_share", "mean_score"} <= set(seat)
    assert sum(seat["win_share"] for seat in data["seats"]) == pytest.approx(1.0, abs=1e-3)
    assert sum(seat["wins"] for seat in data["seats"]) == pytest.approx(12, abs=1e-3)


def test_simulate_is_reproducible_with_a_seed(capsys):
    argv = ["simulate", GAME, "--players", "3", "--games", "5", "--seed", "9", "--json"]
    first = json.loads(run(capsys, *argv)[1])
    second = json.loads(run(capsys, *argv)[1])
    assert first["seats"] == second["seats"]


TIMING = ("seconds", "games_per_second", "actions_per_second", "workers")


def test_simulate_gives_the_same_results_whatever_the_number_of_workers(capsys, monkeypatch):
    monkeypatch.setattr("tablegames.core.simulate.default_workers", lambda: 2)  # as on two cores
    argv = ["simulate", GAME, "--players", "3", "--games", "4", "--seed", "5", "--seats", "hard,normal,easy",
            "--iterations", "4", "--option", "hands=1", "--json"]
    one = json.loads(run(capsys, *argv, "--workers", "1")[1])
    two = json.loads(run(capsys, *argv, "--workers", "2")[1])
    assert (one["workers"], two["workers"]) == (1, 2)
    assert one["search_iterations"] == 4
    for key in TIMING:
        del one[key], two[key]
    assert one == two


@pytest.mark.parametrize("flag", ["--workers", "--iterations"])
def test_simulate_refuses_fewer_than_one_worker_or_iteration(capsys, flag):
    code, _, err = run(capsys, "simulate", GAME, "--games", "2", flag, "0")
    assert code == 2
    assert f"{flag} must be a whole number (digits 0-9) from 1 to " in err and err.endswith(", not '0'.\n")


@pytest.fixture
def two_cores(monkeypatch):
    monkeypatch.setattr("tablegames.core.simulate.default_workers", lambda: 2)


@pytest.mark.parametrize("argv, fragments", [
    (["--games", "10000000000000000000000000000"], ["--games", f"from 1 to {cli.MAX_GAMES}"]),
    (["--games", "1000000000000"], ["--games", f"from 1 to {cli.MAX_GAMES}", "'1000000000000'"]),
    (["--games", str(cli.MAX_GAMES + 1)], ["--games", f"from 1 to {cli.MAX_GAMES}"]),
    (["--games", "1" * 5000], ["--games", f"from 1 to {cli.MAX_GAMES}"]),
    (["--games", "1", "--iterations", "100000000000000000000000000000000"],
     ["--iterations", f"from 1 to {cli.MAX_ITERATIONS}"]),
    (["--games", "1", "--iterations", str(cli.MAX_ITERATIONS + 1)], ["--iterations", f"from 1 to {cli.MAX_ITERATIONS}"]),
    (["--games", "48", "--workers", "48"], ["--workers", "from 1 to 2", "one per core"]),
    (["--games", "2", "--workers", "3"], ["--workers", "from 1 to 2"]),
])
def test_simulate_bounds_its_games_iterations_and_workers_with_one_line_and_exit_2(capsys, two_cores, argv,
                                                                                   fragments):
    assert_one_line_error(*run(capsys, "simulate", GAME, *argv), *fragments)


def test_simulate_refuses_a_seed_whose_last_game_would_pass_the_largest_seed(capsys):
    top = 9223372036854775807
    assert_one_line_error(*run(capsys, "simulate", GAME, "--seed", str(top), "--games", "2"),
                          f"--seed {top} with --games 2", f"seed {top + 1}", f"--seed {top - 1} or less")
    code, out, err = run(capsys, "simulate", GAME, "--seed", str(top - 1), "--games", "2", "--json")
    assert code == 0, err
    assert json.loads(out)["seed"] == top - 1
    assert run(capsys, "simulate", GAME, "--seed", str(top), "--games", "1", "--json")[0] == 0


def test_simulate_help_states_every_bound(capsys):
    code, out, _ = run(capsys, "simulate", "--help")
    assert code == 0
    flat = " ".join(out.split())
    assert f"games to play, 1 to {cli.MAX_GAMES}" in flat
    assert f"1 to {cli.MAX_ITERATIONS}" in flat
    assert "1 to the number of cores" in flat
    assert "N+K-1 (the last game's seed) must be at most 9223372036854775807" in flat


def test_simulate_heads_the_score_column_as_the_game_scores(capsys):
    code, out, err = run(capsys, "simulate", "blenders-tricks", "--games", "2")
    assert code == 0, err
    assert "Mean spread (lower is better)" in out and "Mean score" not in out
    data = json.loads(run(capsys, "simulate", "blenders-tricks", "--games", "2", "--json")[1])
    assert (data["score_name"], data["lower_is_better"]) == ("spread", True)
    code, out, _ = run(capsys, "simulate", GAME, "--games", "2")
    assert "Mean score" in out and "lower is better" not in out


@pytest.mark.parametrize("spec", registry.all_specs(), ids=lambda spec: spec.id)
def test_a_game_spec_says_lower_is_better_exactly_when_its_results_do(spec):
    result = play_out(spec, ["random"] * spec.min_players, 2).result
    assert spec.lowest_best == result.lowest_best


def test_simulate_pads_a_short_seat_list_with_random(capsys):
    out = run(capsys, "simulate", GAME, "--players", "5", "--games", "2", "--seats", "normal,easy", "--json")[1]
    assert [seat["bot"] for seat in json.loads(out)["seats"]] == ["normal", "easy", "easy", "easy", "easy"]


def test_simulate_player_count_defaults_to_the_seat_list(capsys):
    out = run(capsys, "simulate", GAME, "--games", "2", "--seats", "heuristic,heuristic,heuristic,random",
              "--json")[1]
    assert json.loads(out)["players"] == 4


def test_simulate_passes_options_to_the_game(capsys):
    quick = json.loads(run(capsys, "simulate", GAME, "--games", "3", "--option", "hands=1", "--json")[1])
    full = json.loads(run(capsys, "simulate", GAME, "--games", "3", "--json")[1])
    assert quick["options"]["hands"] == 1
    assert quick["actions"] < full["actions"]


def test_simulate_prints_a_table_of_seats_and_speed(capsys):
    code, out, err = run(capsys, "simulate", GAME, "--players", "3", "--games", "4")
    assert code == 0
    assert err == ""  # stderr is not a terminal here: no progress bar
    for word in ("Seat", "Bot", "Win share", "Mean score", "normal", "easy", "games/s", "actions/s"):
        assert word in out
    # One word per level in the Bot column, not the stored names beside it.
    assert "heuristic" not in out and "random" not in out


@pytest.mark.parametrize("argv, fragments", [
    (["simulate", "go", "--games", "2"], ["unknown game 'go'"]),
    (["simulate", GAME, "--players", "2"], ["3-6 players", "not 2"]),
    (["simulate", GAME, "--players", "3", "--games", "0"], ["--games", "from 1 to"]),
    (["simulate", GAME, "--games", "many"], ["--games", "whole number", "'many'"]),
    (["simulate", GAME, "--seats", "random,wizard"], ["unknown bot level 'wizard'"]),
    (["simulate", GAME, "--players", "3", "--seats", "random,random,random,random"], ["4 bots", "3 players"]),
    (["simulate", GAME, "--seats", "random,,random"], ["empty"]),
    (["simulate", GAME, "--option", "colour=red"], ["no option 'colour'"]),
    (["simulate", GAME, "--option", "target=33"], ["option target", "33"]),
    (["simulate", GAME, "--jsn"], ["unrecognized arguments: --jsn"]),
])
def test_simulate_rejects_bad_input_in_one_line(capsys, argv, fragments):
    assert_one_line_error(*run(capsys, *argv), *fragments)


# ---------------------------------------------------------------- replay

def save_played_record(path: Path, seed: int = 5, moves: int | None = None) -> tuple[MatchRecord, object]:
    spec = registry.get(GAME)
    playout = play_out(spec, ["random", "heuristic", "random"], seed, record_actions=True)
    actions = playout.actions if moves is None else playout.actions[:moves]
    record = MatchRecord(game=GAME, seats=[Seat("Kim"), Seat("Lee"), Seat("Bot 1", "random")],
                         seed=seed, actions=actions, finished=moves is None)
    saves.save(record, path)
    return record, playout.result


def test_replay_of_a_finished_game_shows_scores_breakdown_and_winner(capsys, tmp_path):
    path = tmp_path / "done.json"
    record, result = save_played_record(path)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    names = record.names
    for seat, name in enumerate(names):
        assert name in out
        assert str(result.scores[seat]) in out
    assert "Hand 1" in out  # the breakdown
    winners = [names[s] for s in result.winners]
    assert ("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners) in out


def test_replay_json_reproduces_the_played_result(capsys, tmp_path):
    path = tmp_path / "done.json"
    _, result = save_played_record(path, seed=11)
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["finished"] is True
    assert data["result"]["scores"] == list(result.scores)
    assert data["result"]["winners"] == list(result.winners)
    for seat, lines in enumerate(data["result"]["breakdown"]):
        assert sum(points for _, points in lines) == result.scores[seat]


def test_replay_of_a_match_saved_by_the_controller(capsys, data_dir):
    match = Match.new(GAME, [Seat("Bot A", "heuristic"), Seat("Bot B", "random"), Seat("Bot C", "random")],
                      seed=3)
    match.run_bots()
    assert match.is_over() and match.save_path is not None
    assert match.save_path.parent == data_dir / "matches" / "finished"  # out of the picker's way
    data = json.loads(run(capsys, "replay", str(match.save_path), "--json")[1])
    assert data["result"]["scores"] == list(match.result().scores)
    # Levels as players call them, never the bots' own names.
    assert [seat["bot"] for seat in data["seats"]] == ["normal", "easy", "easy"]
    review = json.loads(run(capsys, "review", str(match.save_path), "--json")[1])
    assert [seat["bot"] for seat in review["seats"]] == ["normal", "easy", "easy"]


def test_replay_of_an_unfinished_match_shows_the_position_reached(capsys, tmp_path):
    path = tmp_path / "half.json"
    save_played_record(path, moves=10)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert "unfinished" in out
    assert "Next:" in out
    data = json.loads(run(capsys, "replay", str(path), "--json")[1])
    assert data["finished"] is False and data["moves"] == 10
    assert data["to_move"] and "hand" in data["table"] and data["table"]["hand"] is None  # public table only


def corrupt_records(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    good = tmp_path / "good.json"
    save_played_record(good, moves=12)
    data = json.loads(good.read_text())
    cases: dict[str, tuple[Path, str]] = {}

    def write(name: str, content: str, fragment: str) -> None:
        path = tmp_path / f"{name}.json"
        path.write_text(content)
        cases[name] = (path, fragment)

    write("not-json", "{this is not json", "not json")
    write("json-list", "[1, 2, 3]", "not a tablegames match record")
    write("no-seats", json.dumps({k: v for k, v in data.items() if k != "seats"}), "'seats' is missing")
    write("future-format", json.dumps({**data, "format": 99}), "format 99")
    write("unknown-game", json.dumps({**data, "game": "snap"}), "unknown game 'snap'")
    illegal = json.loads(json.dumps(data))
    illegal["actions"][-1] = [illegal["actions"][-1][0], "order 1 2 3"]
    write("illegal-move", json.dumps(illegal), "move 12")
    nonsense = json.loads(json.dumps(data))
    nonsense["actions"][3] = [0, "fly away"]
    write("nonsense-move", json.dumps(nonsense), "move 4")
    bad_bytes = tmp_path / "binary.json"
    bad_bytes.write_bytes(b"\xff\xfe\x00garbage")
    cases["binary"] = (bad_bytes, "cannot be read")
    return cases


@pytest.mark.parametrize("case", ["not-json", "json-list", "no-seats", "future-format", "unknown-game",
                                  "illegal-move", "nonsense-move", "binary"])
@pytest.mark.parametrize("as_json", [False, True])
def test_replay_of_a_corrupt_record_is_one_line_and_leaves_the_file_alone(capsys, tmp_path, case, as_json):
    path, fragment = corrupt_records(tmp_path)[case]
    before = path.read_bytes()
    mtime = path.stat().st_mtime_ns
    argv = ["replay", str(path)] + (["--json"] if as_json else [])
    assert_one_line_error(*run(capsys, *argv), "cannot replay", fragment)
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in path.parent.iterdir() if p.name.startswith(".tmp")) == []


def test_replay_of_a_missing_file(capsys, tmp_path):
    assert_one_line_error(*run(capsys, "replay", str(tmp_path / "nowhere.json")), "no such file")


def test_replay_of_a_folder(capsys, tmp_path):
    assert_one_line_error(*run(capsys, "replay", str(tmp_path)), "cannot be read")


# ---------------------------------------------------------------- usage errors

@pytest.mark.parametrize("argv, fragments", [
    (["dance"], ["invalid choice: 'dance'", "tablegames --help"]),
    (["--colour"], ["unrecognized arguments: --colour", "tablegames --help"]),
    (["list", "extra"], ["unrecognized arguments: extra"]),
    (["rules"], ["required", "tablegames rules --help"]),
    (["replay"], ["required"]),
])
def test_usage_errors_are_one_line_with_a_hint(capsys, argv, fragments):
    assert_one_line_error(*run(capsys, *argv), *fragments)


# ---------------------------------------------------------------- real process

def run_process(*argv: str, env_dir: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "TABLEGAMES_DATA_DIR": str(env_dir)}
    env.pop("TABLEGAMES_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "tablegames", *argv], capture_output=True, text=True,
                          env=env, stdin=subprocess.DEVNULL, timeout=120)


def test_real_process_bad_input_exits_2_without_traceback(tmp_path):
    proc = run_process("play", GAME, "--players", "Kim,bot", env_dir=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.strip() == "tablegames: error: Blind Chicken takes 3-6 players, not 2."
    proc = run_process("simulate", GAME, "--games", "x", env_dir=tmp_path)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr


def test_real_process_simulate_json(tmp_path):
    proc = run_process("simulate", GAME, "--players", "3", "--games", "3", "--json", env_dir=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["games"] == 3
    assert not tmp_path.joinpath("matches").exists()  # simulations save nothing


# ---------------------------------------------------------------- hostile input

import signal

from tests.core.bad_records import fingerprint, make_bad_records

@pytest.fixture(scope="module")
def hostile_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile") / "matches"
    return folder, make_bad_records(folder)


@pytest.fixture
def no_hang():
    def hung(signum, frame):
        raise TimeoutError("replay blocked on the file")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("name", ["dangling-link.json", "link-loop.json", "fifo.json", "dev-zero.json",
                                  "seed-1e400.json", "seed-infinity.json", "option-infinity.json",
                                  "seed-5000-digits.json", "action-seat-99.json", "deep-nesting.json",
                                  "name-escape.json", "huge.json", "seed-fraction.json"])
def test_replay_of_a_hostile_file_is_one_line_and_exit_2(capsys, hostile_folder, no_hang, name):
    folder, expected = hostile_folder
    path = folder / name
    before = fingerprint(path)
    code, out, err = run(capsys, "replay", str(path))
    assert_one_line_error(code, out, err, "cannot replay", expected[name])
    assert "\x1b" not in err
    assert fingerprint(path) == before


def name_record(tmp_path: Path, name: str) -> Path:
    """A finished record with a human called ``name`` (written by hand, as a
    crafted file would be)."""
    path = tmp_path / "named.json"
    save_played_record(path)
    data = json.loads(path.read_text())
    data["seats"][0]["name"] = name
    path.write_text(json.dumps(data))
    return path


def test_replay_refuses_a_name_with_a_terminal_escape_and_prints_no_escape(capsys, tmp_path):
    path = name_record(tmp_path, "Kim\x1b[2J")
    code, out, err = run(capsys, "replay", str(path))
    assert_one_line_error(code, out, err, "control character", "\\x1b")
    assert "\x1b" not in out + err


def test_replay_prints_a_name_in_brackets_as_text_not_markup(tmp_path):
    path = name_record(tmp_path, "[bold]Kim")
    from rich.console import Console
    import io

    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, color_system="standard", width=120)
    real = cli_common.console
    cli_common.console = lambda stderr=False: console
    try:
        assert cli.main(["replay", str(path)]) == 0
    finally:
        cli_common.console = real
    shown = buffer.getvalue()
    assert "[bold]Kim" in shown  # the name as typed, brackets and all
    bold_kim = "\x1b[1mKim"
    assert bold_kim not in shown


@pytest.mark.parametrize("players, fragments", [
    ("Kim\x1b[2J,bot,bot", ["control character", "\\x1b"]),
    ("Kim\tLee,bot,bot", ["control character", "\\t"]),
    ("Ann\u202eoL,bot,bot", ["control character", "\\u202e"]),
])
def test_play_refuses_a_name_with_a_control_character(capsys, app_calls, players, fragments):
    code, out, err = run(capsys, "play", GAME, "--players", players)
    assert_one_line_error(code, out, err, *fragments)
    assert "\x1b" not in err and "\t" not in err
    assert app_calls == []


def test_play_keeps_a_name_in_brackets_as_it_was_typed(capsys, app_calls):
    assert run(capsys, "play", GAME, "--players", "[bold]Kim,[/],bot")[0] == 0
    [(match, _)] = app_calls
    assert match.names[:2] == ("[bold]Kim", "[/]")


@pytest.mark.parametrize("argv, fragments", [
    (["simulate", GAME, "--seed", "-1", "--games", "1"], ["--seed", "whole number", "'-1'"]),
    (["simulate", GAME, "--seed", "3.7", "--games", "1"], ["--seed", "whole number", "'3.7'"]),
    (["play", GAME, "--seed", "3.7"], ["--seed", "whole number", "'3.7'"]),
    (["play", GAME, "--seed", "99999999999999999999"], ["--seed", "whole number"]),
    (["--version", "extra"], ["invalid choice: 'extra'"]),
    (["--version", "list"], ["--version takes no other arguments"]),
])
def test_one_rule_for_seeds_and_no_stray_arguments(capsys, app_calls, argv, fragments):
    assert_one_line_error(*run(capsys, *argv), *fragments)
    assert app_calls == []


def test_a_seed_follows_one_rule_in_play_and_simulate(capsys, app_calls):
    assert run(capsys, "play", GAME, "--seed", "0")[0] == 0
    assert app_calls[0][0].record.seed == 0
    assert run(capsys, "simulate", GAME, "--seed", "0", "--games", "1", "--json")[0] == 0


# ---------------------------------------------------------------- crashes

CRASHING_APP = """
import sys
from tablegames import cli, cli_common
from tablegames.ui import app as appmod, picker

def boom(self):
    raise KeyError(0)

picker.PickerScreen.on_mount = boom
real_run = appmod.TableGamesApp.run
appmod.TableGamesApp.run = lambda self, **kw: real_run(self, headless=True)
cli_common.terminal_problem = lambda: None
sys.exit(cli.main([]))
"""


def test_a_crash_in_the_app_exits_1_with_one_line_naming_the_report(tmp_path):
    env = {**os.environ, "TABLEGAMES_DATA_DIR": str(tmp_path)}
    env.pop("TABLEGAMES_DEBUG", None)
    proc = subprocess.run([sys.executable, "-c", CRASHING_APP], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=120)
    assert proc.returncode == 1
    [line] = proc.stderr.strip().splitlines()
    assert line.startswith("tablegames: error: the app stopped on an unexpected error (KeyError: 0)")
    [report] = tmp_path.glob("crash-*.txt")
    assert line.endswith(f"the full report is in {report}")
    assert "Traceback" in report.read_text() and "KeyError: 0" in report.read_text()


def test_a_crash_with_tablegames_debug_shows_the_traceback_and_still_exits_1(tmp_path):
    env = {**os.environ, "TABLEGAMES_DATA_DIR": str(tmp_path), "TABLEGAMES_DEBUG": "1"}
    proc = subprocess.run([sys.executable, "-c", CRASHING_APP], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=120)
    assert proc.returncode == 1
    assert "Traceback" in proc.stderr and "KeyError" in proc.stderr
    assert not list(tmp_path.glob("crash-*.txt"))


# ---------------------------------------------------------------- simulate progress

class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_simulate_shows_a_progress_bar_on_a_terminal_stderr(monkeypatch, capsys):
    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    code = cli.main(["simulate", GAME, "--players", "3", "--games", "5"])
    out = capsys.readouterr().out
    assert code == 0
    assert "5/5" in err.getvalue()  # the bar counted every game, on stderr
    assert "5/5" not in out and "Win share" in out


def test_simulate_json_on_a_terminal_has_no_progress_bar_and_clean_json(monkeypatch, capsys):
    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    code = cli.main(["simulate", GAME, "--players", "3", "--games", "5", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    assert err.getvalue() == ""
    assert json.loads(out)["games"] == 5


# ---------------------------------------------------------------- names as plain text

def finished_record_of(spec, path: Path, name: str) -> Path:
    """A finished match of ``spec`` with a human called ``name`` in seat 1."""
    n = spec.min_players
    playout = play_out(spec, ["random"] * n, 5, record_actions=True)
    seats = [Seat(name)] + [Seat(f"Bot {i}", "random") for i in range(1, n)]
    saves.save(MatchRecord(game=spec.id, seats=seats, seed=5, actions=playout.actions, finished=True), path)
    return path


def terminal_output(*argv: str) -> tuple[int, str, str]:
    """main() as on a colour terminal (so styling would show as escapes)."""
    from rich.console import Console

    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, color_system="standard", width=100,
                      highlight=False)  # as cli_common.console()
    real = cli_common.console
    cli_common.console = lambda stderr=False: console
    err = io.StringIO()
    real_err, sys.stderr = sys.stderr, err
    try:
        code = cli.main(list(argv))
    finally:
        cli_common.console = real
        sys.stderr = real_err
    return code, buffer.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", ["[/]Lee", "[b]Lee"])
@pytest.mark.parametrize("spec", registry.all_specs(), ids=lambda spec: spec.id)
def test_replay_prints_every_name_as_plain_text_in_every_game(tmp_path, spec, name):
    path = finished_record_of(spec, tmp_path / "done.json", name)
    code, out, err = terminal_output("replay", str(path))
    assert code == 0, err
    assert err == ""
    # Brackets and all, wherever the name appears (the table, the summary
    # under it, the winner line), and never read as styling.
    assert name in out and out.count("Lee") == out.count(name)
    assert "\x1b[1mLee" not in out


def test_an_error_line_escapes_control_characters(capsys):
    code, out, err = run(capsys, "list", "\x1b[2J\x07")
    assert_one_line_error(code, out, err, "unrecognized arguments", "\\x1b[2J\\x07")
    assert "\x1b" not in err and "\x07" not in err


def test_a_crash_of_any_command_exits_1_with_one_line_naming_the_report(capsys, monkeypatch, data_dir):
    def broken(args):
        raise KeyError("boom")

    monkeypatch.setitem(cli.COMMANDS, "list", broken)
    monkeypatch.delenv("TABLEGAMES_DEBUG", raising=False)
    code, out, err = run(capsys, "list")
    assert code == 1 and out == ""
    [line] = err.strip().splitlines()
    assert line.startswith("tablegames: error: the app stopped on an unexpected error (KeyError: 'boom')")
    [report] = data_dir.glob("crash-*.txt")
    assert line.endswith(f"the full report is in {report}")
    assert "Traceback" in report.read_text() and "KeyError: 'boom'" in report.read_text()


def test_output_cut_short_by_a_closed_pipe_ends_quietly_without_status_1(capsys, monkeypatch, data_dir):
    def closed(args):
        raise BrokenPipeError

    monkeypatch.setitem(cli.COMMANDS, "list", closed)
    code, out, err = run(capsys, "list")
    assert (code, out, err) == (141, "", "")
    assert not data_dir.exists() or not list(data_dir.glob("crash-*.txt"))


# ---------------------------------------------------------------- digits 0-9 only

OTHER_DIGITS = {"arabic-indic": "٣", "full-width": "３"}


@pytest.mark.parametrize("three", OTHER_DIGITS.values(), ids=OTHER_DIGITS.keys())
@pytest.mark.parametrize("spec", registry.all_specs(), ids=lambda spec: spec.id)
def test_a_seed_or_option_with_other_digits_is_refused_in_every_game(capsys, app_calls, spec, three):
    assert_one_line_error(*run(capsys, "play", spec.id, "--seed", three), "--seed", "whole number", three)
    assert_one_line_error(*run(capsys, "simulate", spec.id, "--seed", three), "--seed", "whole number")
    if spec.options:
        key = spec.options[0].key
        assert_one_line_error(*run(capsys, "play", spec.id, "--option", f"{key}={three}"),
                              f"option {key}", "whole number (digits 0-9)", three)
        assert_one_line_error(*run(capsys, "simulate", spec.id, "--option", f"{key}={three}"),
                              f"option {key}", "digits 0-9")
    assert app_calls == []


@pytest.mark.parametrize("flag", ["--games", "--players", "--workers", "--iterations"])
@pytest.mark.parametrize("three", OTHER_DIGITS.values(), ids=OTHER_DIGITS.keys())
def test_simulate_numbers_with_other_digits_are_refused(capsys, two_cores, flag, three):
    assert_one_line_error(*run(capsys, "simulate", GAME, flag, three), flag, "whole number (digits 0-9)", three)


def number_move(texts) -> int:
    """The index of the first move written with a number of its own ("play
    robbery 2"), else with a digit in a card's name ("dump D10")."""
    texts = list(texts)
    return next((i for i, text in enumerate(texts) if any(w.isdigit() for w in text.split()[1:])),
                next(i for i, text in enumerate(texts) if any(c.isdigit() for c in text)))


@pytest.mark.parametrize("spec", registry.all_specs(), ids=lambda spec: spec.id)
def test_replay_refuses_a_move_written_with_full_width_digits_in_every_game(capsys, tmp_path, spec):
    path = finished_record_of(spec, tmp_path / "done.json", "Kim")
    data = json.loads(path.read_text())
    index = number_move(text for _, text in data["actions"])
    data["actions"][index][1] = data["actions"][index][1].translate(str.maketrans("0123456789", "０１２３４５６７８９"))
    path.write_text(json.dumps(data))
    assert_one_line_error(*run(capsys, "replay", str(path)), "cannot replay", f"move {index + 1}",
                          f"not a move in {spec.title}")


# ---------------------------------------------------------------- play --position

from tests.core.test_position_files import NAMES as POSITION_NAMES, description as position_description  # noqa: E402
from tests.core.test_position_files import with_stand_in_positions  # noqa: E402


@pytest.fixture
def stand_in_positions(monkeypatch):
    """Blind Chicken with a stand-in position builder (a deal and moves on it:
    tests/core/test_position_files.py), until the game's own is merged."""
    real = registry.get
    spec = with_stand_in_positions(real(GAME))
    monkeypatch.setattr(registry, "get", lambda game_id: spec if game_id == GAME else real(game_id))
    return spec


def position_file(folder: Path, spec, **fields) -> Path:
    path = folder / "position.json"
    data = {"game": GAME, "players": list(POSITION_NAMES), "options": {"hands": 2}, "seed": 8,
            "position": position_description(spec), **fields}
    path.write_text(json.dumps({key: value for key, value in data.items() if value is not None}))
    return path


def test_play_from_a_position_file_starts_the_match_there(capsys, app_calls, stand_in_positions, tmp_path):
    path = position_file(tmp_path, stand_in_positions)
    code, _, err = run(capsys, "play", GAME, "--position", str(path))
    assert code == 0, err
    [(match, _)] = app_calls
    desc = json.loads(path.read_text())["position"]
    assert match.record.position == desc
    assert (match.names, match.record.options["hands"], match.record.seed) == (POSITION_NAMES, 2, 8)
    assert all(seat.bot is None for seat in match.record.seats)
    from tablegames.core import position

    expected = position.build(stand_in_positions, POSITION_NAMES, desc, {"hands": 2}, 8)
    assert match.public_view() == dict(expected.view(None))


def test_play_from_a_position_makes_the_seats_marked_bot_bots_under_their_names(capsys, app_calls,
                                                                                 stand_in_positions, tmp_path):
    path = position_file(tmp_path, stand_in_positions)
    code, _, err = run(capsys, "play", GAME, "--position", str(path), "--players", "ann,bot,bot:hard")
    assert code == 0, err
    [(match, _)] = app_calls
    assert match.record.seats == [Seat("Ann"), Seat("Ben", "heuristic"), Seat("Cy", "search")]


def bad_position_cases(folder: Path, spec) -> dict[str, tuple[list[str], tuple[str, ...]]]:
    """Each bad file or flag -> (the play command's arguments, what its one line says)."""
    def file(name: str, text: str) -> str:
        path = folder / name
        path.write_text(text)
        return str(path)

    good = json.loads(position_file(folder, spec).read_text())
    illegal = position_description(spec, count=2)
    illegal["moves"][1][1] = "not a move"
    cases = {
        "missing file": (str(folder / "nowhere.json"), ("cannot read the position file", "nowhere.json")),
        "not JSON": (file("notjson.json", "{players: Ann"), ("is not json",)),
        "unknown game": (file("chess.json", json.dumps({**good, "game": "chess"})), ("unknown game 'chess'",)),
        "a file for another game": (file("other.json", json.dumps({**good, "game": "nutty-business"})),
                                    ("is for nutty business, not blind chicken",)),
        "players not names": (file("players.json", json.dumps({**good, "players": ["Ann", None, "Cy"]})),
                              ("'players' must be a list of names",)),
        "two players of one name": (file("twins.json", json.dumps({**good, "players": ["Ann", "Ben", "ann"]})),
                                    ("players", "seats 1 and 3 are both called ann")),
        "too few players": (file("few.json", json.dumps({**good, "players": ["Ann", "Ben"]})),
                            ("players", "takes 3-6 players, not 2")),
        "a bad option": (file("option.json", json.dumps({**good, "options": {"hands": 99}})), ("option hands",)),
        "the game's PositionError": (file("illegal.json", json.dumps({**good, "position": illegal})),
                                     ("is impossible", "move 2 is not legal")),
        "a typo in the game's description": (
            file("typo.json", json.dumps({**good, "position": {"deal": 1, "moevs": []}})), ("no field 'moevs'",)),
    }
    return {name: (["--position", path], words) for name, (path, words) in cases.items()}


BAD_POSITION_CASES = ["missing file", "not JSON", "unknown game", "a file for another game", "players not names",
                      "two players of one name", "too few players", "a bad option", "the game's PositionError",
                      "a typo in the game's description"]


@pytest.mark.parametrize("case", BAD_POSITION_CASES)
def test_play_from_a_bad_position_file_is_one_line_and_exit_2(capsys, app_calls, stand_in_positions, tmp_path, case):
    argv, words = bad_position_cases(tmp_path, stand_in_positions)[case]
    assert_one_line_error(*run(capsys, "play", GAME, *argv), *words)
    assert app_calls == []


@pytest.mark.parametrize("extra, words", [
    (["--seed", "3"], ("--position takes the seed and the options from the file",)),
    (["--option", "hands=1"], ("--position takes the seed and the options from the file",)),
    (["--players", "Ann,bot"], ("--players lists 2 seats but the position file has 3 players",)),
    (["--players", "Ann,Zed,bot"], ("seat 2 is ben in the position file, not 'zed'",)),
    (["--players", "Ann,bot:genius,bot"], ("seat 2",)),
])
def test_play_from_a_position_refuses_flags_that_contradict_the_file(capsys, app_calls, stand_in_positions,
                                                                      tmp_path, extra, words):
    path = position_file(tmp_path, stand_in_positions)
    assert_one_line_error(*run(capsys, "play", GAME, "--position", str(path), *extra), *words)
    assert app_calls == []


def test_a_real_process_with_a_bad_position_file_exits_2_without_a_traceback(tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps({"game": GAME, "players": ["Ann", "Ben", "Cy"], "position": {"no": "such"}}))
    proc = run_process("play", GAME, "--position", str(path), env_dir=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == "" and "Traceback" not in proc.stderr
    [line] = proc.stderr.strip().splitlines()
    assert line.startswith("tablegames: error: ")
    proc = run_process("play", GAME, "--position", str(tmp_path / "missing.json"), env_dir=tmp_path)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr


@pytest.mark.parametrize("game", registry.ids())
def test_play_from_a_position_described_by_the_game_itself(capsys, app_calls, tmp_path, game):
    """End to end with the game's own builder: a seeded game a few moves in,
    described by the game, written to a file, started by `play --position`,
    stands where the described game stood."""
    import random

    from tablegames.core import position

    spec = registry.get(game)
    if spec.build_position is None or spec.describe_position is None:
        pytest.skip(f"{spec.title} has no position builder yet (GameSpec.build_position is None)")
    names = tuple(f"P{i + 1}" for i in range(spec.min_players))
    state = spec.new_game(names, {}, 5)
    rng = random.Random(5)
    for _ in range(6):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    path = tmp_path / "position.json"
    path.write_text(json.dumps({"game": game, "players": list(names), "seed": 5,
                                "position": position.describe(spec, state)}))
    code, _, err = run(capsys, "play", game, "--position", str(path))
    assert code == 0, err
    [(match, _)] = app_calls
    assert match.public_view() == dict(state.view(None))
    for seat in range(len(names)):
        assert match._state.view(seat) == state.view(seat)


# ---------------------------------------------------------------- hostile position files

EXAMPLES = Path(__file__).parent / "games"


def example_position(game: str) -> dict:
    """The game's example position file (tests/games/<game>/positions/example.json)."""
    return json.loads((EXAMPLES / game.replace("-", "_") / "positions" / "example.json").read_text())


def first_card_list(data: dict) -> list:
    """The first list of cards in the game's description: its first hand
    (Nutty Business: its first pile)."""
    desc = data["position"]
    return desc["hands"][0] if "hands" in desc else desc["piles"][0][0]


def write_raw(folder: Path, text: str) -> str:
    path = folder / "hostile.json"
    path.write_text(text, encoding="utf-8")
    return str(path)


HUGE = "9" * 5000


@pytest.mark.parametrize("game", registry.ids())
@pytest.mark.parametrize("where", ["seed", "an option", "a card", "a field of its own"])
def test_a_5000_digit_number_anywhere_in_a_position_file_is_one_line_and_exit_2(capsys, app_calls, tmp_path,
                                                                                 game, where):
    """`int` itself refuses so long a number (ValueError inside json.loads),
    before any check could: it is refused as `replay` refuses it in a record."""
    data = example_position(game)
    if where == "seed":
        data["seed"] = "<huge>"
    elif where == "an option":
        data["options"] = {"anything": "<huge>"}
    elif where == "a card":
        first_card_list(data)[0] = "<huge>"
    else:
        data["position"]["extra"] = ["<huge>"]
    path = write_raw(tmp_path, json.dumps(data).replace('"<huge>"', HUGE))
    code, out, err = run(capsys, "play", game, "--position", path)
    assert_one_line_error(code, out, err, "a number with 5,000 digits")
    assert app_calls == []


def test_a_real_process_with_a_5000_digit_number_exits_2_without_a_crash_report(tmp_path):
    data = example_position(GAME)
    path = write_raw(tmp_path, json.dumps(data).replace('"seed": 7', f'"seed": {HUGE}'))
    proc = run_process("play", GAME, "--position", path, env_dir=tmp_path)
    assert proc.returncode == 2, proc.stderr
    [line] = proc.stderr.strip().splitlines()
    assert "a number with 5,000 digits" in line and "crash" not in line and "Traceback" not in proc.stderr
    assert not list(tmp_path.glob("crash-*"))


def test_blenders_tricks_with_one_hand_more_than_there_are_seats_is_one_line(capsys, app_calls, tmp_path):
    data = example_position("blenders-tricks")
    data["position"]["hands"].append([])
    code, out, err = run(capsys, "play", "blenders-tricks", "--position", write_raw(tmp_path, json.dumps(data)))
    assert_one_line_error(code, out, err, "'hands' must be a list of 3 entries, one per seat in seat order")


TEN_MB = 10 * 1024 * 1024


def hostile_values(data: dict) -> dict[str, dict]:
    """Each way of putting 10 MB into one field value -> the file."""
    cases = {}
    card_list = json.loads(json.dumps(data))
    card_list["position"]["hands" if "hands" in data["position"] else "piles"][0] = ["x" * 100] * (TEN_MB // 104)
    cases["a card list"] = card_list
    string_card = json.loads(json.dumps(data))
    first_card_list(string_card)[0] = "x" * TEN_MB
    cases["a string card"] = string_card
    field_name = json.loads(json.dumps(data))
    field_name["position"]["x" * TEN_MB] = 1
    cases["an unknown field's name"] = field_name
    file_field = json.loads(json.dumps(data))
    file_field["y" * TEN_MB] = 1
    cases["an unknown field of the file"] = file_field
    cases["an option's name"] = {**data, "options": {"z" * TEN_MB: 1}}
    cases["the game's id"] = {**data, "game": "g" * TEN_MB}
    return cases


@pytest.mark.parametrize("game", registry.ids())
@pytest.mark.parametrize("case", ["a card list", "a string card", "an unknown field's name",
                                  "an unknown field of the file", "an option's name", "the game's id"])
def test_a_10_mb_value_in_a_position_file_is_quoted_by_a_short_prefix(capsys, app_calls, tmp_path, game, case):
    data = hostile_values(example_position(game))[case]
    code, out, err = run(capsys, "play", game, "--position", write_raw(tmp_path, json.dumps(data)))
    assert_one_line_error(code, out, err)
    assert len(err) < 400, err[:400]
    assert "..." in err


@pytest.mark.parametrize("name", ["A" * TEN_MB, "A" + " " * TEN_MB + "B", "\x1b" * TEN_MB],
                         ids=["letters", "spaces between", "escapes"])
def test_a_10_mb_player_name_in_a_position_file_is_refused_as_too_long(capsys, app_calls, tmp_path, name):
    """As seat setup refuses it: at most MAX_NAME characters, one line."""
    data = example_position(GAME)
    data["players"][0] = name
    code, out, err = run(capsys, "play", GAME, "--position", write_raw(tmp_path, json.dumps(data)))
    assert_one_line_error(code, out, err, "players", "is too long (at most 12 characters)")
    assert len(err) < 200


@pytest.mark.parametrize("game", registry.ids())
def test_an_all_bot_position_plays_itself_as_an_all_bot_match_does(capsys, app_calls, tmp_path, game):
    """`--players bot,bot,...` with a position: the app gets the match with
    every seat a bot (it opens it and the bots play, as for an all-bot
    `tablegames play` without a position), never the picker."""
    data = example_position(game)
    bots = ",".join(["bot"] * len(data["players"]))
    code, _, err = run(capsys, "play", game, "--position", write_raw(tmp_path, json.dumps(data)), "--players", bots)
    assert code == 0, err
    [(match, _)] = app_calls
    assert match is not None and match.next_human() is None
    assert [seat.name for seat in match.record.seats] == data["players"]
    assert all(seat.bot for seat in match.record.seats)
    before = len(match.record.actions)
    while not match.is_over() and len(match.record.actions) < before + 5:
        match.step_bot()
    assert len(match.record.actions) > before or match.is_over()


@pytest.mark.parametrize("players", [["bot", "Bob", "Cy"], ["Ann", "bot:hard", "Cy"], ["Ann", "Bob", "BOT : easy"]])
def test_bot_in_a_position_files_players_is_refused_for_the_players_flag(capsys, app_calls, tmp_path, players):
    """The file names people; `bot` there would seat a human called bot:
    one line pointing to --players, which makes bots."""
    data = {**example_position(GAME), "players": players}
    code, out, err = run(capsys, "play", GAME, "--position", write_raw(tmp_path, json.dumps(data)))
    assert_one_line_error(code, out, err, "would be a human's", "--players bot,bot,bot")
    assert app_calls == []


async def test_an_all_bot_position_opens_the_match_and_the_bots_play_it(tmp_path):
    """Through the real app, given what `play --position` gives it: the
    match's screen, not the picker, and the bots' moves follow one another
    (waited for with a wall-clock deadline)."""
    import argparse
    import time

    from tablegames.ui.app import TableGamesApp
    from tablegames.ui.picker import PickerScreen

    path = write_raw(tmp_path, json.dumps(example_position(GAME)))
    args = argparse.Namespace(position=path, players="bot,bot,bot", seed=None, option=[], hints=False)
    match = cli.position_match(registry.get(GAME), args)
    before = len(match.record.actions)
    app = TableGamesApp(match=match, bot_delay=0.01)
    async with app.run_test() as pilot:
        deadline = time.monotonic() + 60
        while len(match.record.actions) < before + 3 and not match.is_over() and time.monotonic() < deadline:
            await pilot.pause(0.05)
        assert not isinstance(app.screen, PickerScreen)
        assert len(match.record.actions) >= before + 3 or match.is_over()


# ---------------------------------------------------------------- start-up

PICKER_CHILD = r"""
import json, sys
from textual.app import App
import tablegames.cli
from tablegames.ui.app import TableGamesApp
from tablegames.ui.picker import PickerScreen

seen = {}
display = App._display


def hooked(self, screen, renderable):
    display(self, screen, renderable)
    if renderable is None or screen is not self.screen or not isinstance(screen, PickerScreen):
        return
    if "first" not in seen:
        seen["first"] = {"games": [option.id for option in screen.query_one("#games").options],
                         "loaded": sorted(m for m in sys.modules if m.startswith("tablegames.games.")
                                          and m.count(".") > 2),
                         "resumable": sorted(screen.saves)}
    elif screen.saves or screen.broken:
        seen["listed"] = {"resumable": sorted(screen.saves), "broken": sorted(screen.broken)}
        self.exit()


App._display = hooked
TableGamesApp().run(headless=True, size=(80, 24))
print(json.dumps(seen))
"""


def test_the_picker_lists_every_game_before_loading_any_games_rules_and_then_checks_the_saves(tmp_path, data_dir):
    """The first frame lists the games from their light INFO and offers no
    save yet; the saves follow, each checked (replayed) before it is offered."""
    record, _ = save_played_record(paths.matches_dir() / "blind-chicken-abcd1234.json", moves=3)
    (paths.matches_dir() / "broken.json").write_text("{not json")
    env = {**os.environ, "TABLEGAMES_DATA_DIR": str(data_dir)}
    proc = subprocess.run([sys.executable, "-c", PICKER_CHILD], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    assert seen["first"]["games"] == registry.ids()
    assert seen["first"]["loaded"] == [], "a game's modules were imported to list the games"
    assert seen["first"]["resumable"] == []
    assert [Path(p).name for p in seen["listed"]["resumable"]] == ["blind-chicken-abcd1234.json"]
    assert [Path(p.removeprefix("broken:")).name for p in seen["listed"]["broken"]] == ["broken.json"]


def test_a_match_from_a_position_file_with_seat_numbers_records_every_seat_by_name(capsys, app_calls, tmp_path):
    """Seat numbers in a position file count from 1 (``"dealer": 3`` is
    Cy); the record keeps the game's own description, which names them."""
    from tablegames.core import position

    spec = registry.get(GAME)
    names = ["Ann", "Ben", "Cy"]
    described = position.describe(spec, spec.new_game(names, {}, 4))
    del described["leader"]  # (the player after the dealer: the default)
    path = tmp_path / "numbers.json"
    path.write_text(json.dumps({"game": GAME, "players": names, "seed": 4,
                                "position": {**described, "dealer": 3, "to_move": [1, 2, 3]}}))
    code, _, err = run(capsys, "play", GAME, "--position", str(path))
    assert code == 0, err
    [(match, _)] = app_calls
    assert match.record.position["dealer"] == "Cy" and match.record.position["to_move"] == names
    assert records.first_state(match.record).view(None) == match.public_view()


def test_play_with_a_phone_seat_listens_where_host_and_port_say(capsys, app_calls):
    from tests.test_serve import free_port

    port = free_port()
    code, _, err = run(capsys, "play", "blind-chicken", "--players", "Kim@phone,Lee,bot", "--host", "127.0.0.1",
                       "--port", str(port))
    assert code == 0, err
    [(match, _)] = app_calls
    assert match.record.seats[0].phone and sys.modules["tablegames.ui.app"].addresses == [("127.0.0.1", port)]
    code, _, err = run(capsys, "play", "blind-chicken", "--players", "Kim@phone,Lee,bot", "--port", "70000")
    assert code == 2 and "--port must be a whole number" in err and len(app_calls) == 1


# ------------------------------------------------ --host and --port before the command

def test_host_and_port_before_any_command_are_where_the_pickers_phone_matches_listen(capsys, app_calls):
    from tests.test_serve import free_port

    port = free_port()
    code, _, err = run(capsys, "--host", "127.0.0.1", "--port", str(port))
    assert code == 0, err
    assert app_calls == [(None, False)]  # the picker
    assert sys.modules["tablegames.ui.app"].addresses == [("127.0.0.1", port)]
    # Without them, the picker's phone matches listen on 127.0.0.1 and any free port, as before.
    code, _, err = run(capsys)
    assert code == 0, err
    assert sys.modules["tablegames.ui.app"].addresses[-1] == ("127.0.0.1", 0)


def test_host_and_port_before_play_are_where_its_phone_seats_connect(capsys, app_calls):
    from tests.test_serve import free_port

    port = free_port()
    code, _, err = run(capsys, "--host", "127.0.0.1", "--port", str(port), "play", "blind-chicken",
                       "--players", "Kim@phone,Lee,bot")
    assert code == 0, err
    [(match, _)] = app_calls
    assert match.record.seats[0].phone and sys.modules["tablegames.ui.app"].addresses == [("127.0.0.1", port)]
    # Given after the command too, the command's own stand.
    other = free_port()
    code, _, err = run(capsys, "--port", str(port), "play", "blind-chicken", "--players", "Kim@phone,Lee,bot",
                       "--port", str(other))
    assert code == 0, err
    assert sys.modules["tablegames.ui.app"].addresses[-1] == ("127.0.0.1", other)


def test_host_and_port_before_serve_are_where_it_listens(capsys, monkeypatch):
    import tablegames.serve

    served: list[tuple] = []
    monkeypatch.setattr(tablegames.serve, "serve", lambda host, port, ascii: served.append((host, port)) or 0)
    assert run(capsys, "--host", "0.0.0.0", "serve")[0] == 0
    assert run(capsys, "--port", "8080", "serve")[0] == 0
    assert run(capsys, "serve")[0] == 0
    assert run(capsys, "--host", "0.0.0.0", "serve", "--host", "127.0.0.1", "--port", "9000")[0] == 0
    assert served == [("0.0.0.0", 8000), ("127.0.0.1", "8080"), ("127.0.0.1", 8000), ("127.0.0.1", "9000")]


def test_serve_with_host_and_port_before_it_listens_there():
    from tests.test_serve import free_port, wait_until_listening

    port = free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    env.pop("TEXTUAL_DRIVER", None)
    server = subprocess.Popen([sys.executable, "-m", "tablegames", "--host", "127.0.0.1", "--port", str(port),
                               "serve"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        wait_until_listening(port, server)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            out, err = server.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            out, err = server.communicate()
    assert f"http://127.0.0.1:{port}/" in out, err


@pytest.mark.parametrize("argv, fragment", [
    (("--host", "127.0.0.1", "list"), "--host and --port go with the picker, play or serve, not list"),
    (("--port", "8000", "rules", "blind-chicken"), "--host and --port go with the picker, play or serve"),
    (("--port", "99999"), "--port must be a whole number"),
    (("--host", "no such host.invalid"), "--host"),
])
def test_host_and_port_before_a_command_that_does_not_listen_or_bad_are_one_line(capsys, app_calls, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert_one_line_error(code, out, err, fragment)
    assert app_calls == []
