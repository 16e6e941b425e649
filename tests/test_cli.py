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

from tablegames import cli
from tablegames.core import records, registry
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
    fake.run_app = lambda match=None, ascii=False: calls.append((match, ascii))
    monkeypatch.setitem(sys.modules, "tablegames.ui.app", fake)
    monkeypatch.setattr(cli, "_terminal_problem", lambda: None)  # as if in a terminal
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
                                  Seat("Bot 2 (hard)", "heuristic")]


def test_play_bot_levels_and_options(capsys, app_calls):
    code, _, err = run(capsys, "play", GAME, "--players", "Kim,bot:easy,BOT:heuristic,bot",
                       "--option", "hands=2", "--option", "target=30", "--ascii")
    assert code == 0, err
    [(match, ascii)] = app_calls
    assert ascii is True
    assert [s.bot for s in match.record.seats] == [None, "random", "heuristic", "heuristic"]
    # Short, unique names that fit the app's 12-character limit.
    assert [s.name for s in match.record.seats] == ["Kim", "Bot 1 (easy)", "Bot 2 (hard)", "Bot 3"]
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
    def interrupted(match=None, ascii=False):
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
    assert [seat["bot"] for seat in data["seats"]] == ["heuristic", "random", "random", "random"]
    for seat in data["seats"]:
        assert {"bot", "wins", "win_share", "mean_score"} <= set(seat)
    assert sum(seat["win_share"] for seat in data["seats"]) == pytest.approx(1.0, abs=1e-3)
    assert sum(seat["wins"] for seat in data["seats"]) == pytest.approx(12, abs=1e-3)


def test_simulate_is_reproducible_with_a_seed(capsys):
    argv = ["simulate", GAME, "--players", "3", "--games", "5", "--seed", "9", "--json"]
    first = json.loads(run(capsys, *argv)[1])
    second = json.loads(run(capsys, *argv)[1])
    assert first["seats"] == second["seats"]


def test_simulate_pads_a_short_seat_list_with_random(capsys):
    out = run(capsys, "simulate", GAME, "--players", "5", "--games", "2", "--seats", "hard,easy", "--json")[1]
    assert [seat["bot"] for seat in json.loads(out)["seats"]] == ["heuristic", "random", "random", "random",
                                                                  "random"]


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
    for word in ("Seat", "Bot", "Win share", "Mean score", "heuristic", "random", "games/s", "actions/s"):
        assert word in out


@pytest.mark.parametrize("argv, fragments", [
    (["simulate", "go", "--games", "2"], ["unknown game 'go'"]),
    (["simulate", GAME, "--players", "2"], ["3-6 players", "not 2"]),
    (["simulate", GAME, "--players", "3", "--games", "0"], ["--games", "at least 1"]),
    (["simulate", GAME, "--games", "many"], ["--games", "invalid int"]),
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
    records.save(record, path)
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
    real = cli._console
    cli._console = lambda stderr=False: console
    try:
        assert cli.main(["replay", str(path)]) == 0
    finally:
        cli._console = real
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
from tablegames import cli
from tablegames.ui import app as appmod, picker

def boom(self):
    raise KeyError(0)

picker.PickerScreen.on_mount = boom
real_run = appmod.TableGamesApp.run
appmod.TableGamesApp.run = lambda self, **kw: real_run(self, headless=True)
cli._terminal_problem = lambda: None
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
