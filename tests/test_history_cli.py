"""`tablegames history`, `stats` and `review`: what they print, names as
plain text, and bad input in one line with exit status 2."""

from __future__ import annotations

import json
import re
import os
import sys
import types
from datetime import datetime
from pathlib import Path

import pytest

from tablegames import cli, cli_common
from tablegames.core import history, paths, records, registry, saves
from tablegames.core.history import History, MatchSummary
from tablegames.core.records import MatchRecord, Seat
from tablegames.core.simulate import play_out


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, out: str, err: str, *fragments: str) -> None:
    assert code == 2 and out == ""
    lines = err.strip("\n").splitlines()
    assert len(lines) == 1 and lines[0].startswith("tablegames: error: "), err
    for fragment in fragments:
        assert fragment.lower() in lines[0].lower(), lines[0]


def finish(seed: int, seats: list[Seat], game: str = "blasting-billy", options: dict | None = None,
           moves: int | None = None) -> tuple[Path, MatchRecord]:
    spec = registry.get(game)
    out = play_out(spec, ["random"] * len(seats), seed, options=options, record_actions=True)
    actions = out.actions if moves is None else out.actions[:moves]
    record = MatchRecord(game=spec.id, seats=seats, seed=seed, options=dict(options or {}), actions=actions,
                         finished=moves is None)
    return saves.save(record), record


def inject(names_per_match: list[tuple[str, ...]]) -> None:
    """Index rows for matches whose names records cannot hold (control
    characters) or that would take long to play (thousands of players):
    written into the index over placeholder files it then keeps as they are."""
    folder = paths.finished_dir()
    folder.mkdir(parents=True, exist_ok=True)
    h = History()
    with history._transaction(h._con):
        for n, names in enumerate(names_per_match):
            path = folder / f"blasting-billy-x{n}.json"
            path.write_text("")
            st = path.stat()
            summary = MatchSummary(
                path=path, game="blasting-billy", title="Blasting Billy", finished_at=datetime(2026, 1, 1),
                options={}, names=names, levels=(None,) * len(names),
                scores=tuple(float(len(names) - i) for i in range(len(names))), winners=(0,), other_winner=None,
                eliminated=(), moves=1, seconds=None, stages=())
            history._put(h._con, path.name, st.st_size, st.st_mtime_ns, summary)
    h.close()


def test_history_lists_matches_newest_first_with_the_winner_marked(capsys):
    old, _ = finish(1, [Seat("Ann"), Seat("Ben")])
    os.utime(old, (1_000_000_000, 1_000_000_000))
    _, record = finish(2, [Seat("Cid"), Seat("Dee")])
    result = records.replay(record).result()
    code, out, err = run(capsys, "history")
    assert code == 0 and err == ""
    lines = [line for line in out.splitlines() if "Blasting Billy" in line]
    assert len(lines) == 2 and "Cid" in lines[0] and "Ann" in lines[1]
    winner = record.names[result.winners[0]]
    assert f"{winner}* {result.scores[result.winners[0]]}" in lines[0]


def test_history_json_filters_by_game_player_and_limit(capsys):
    finish(1, [Seat("Ann"), Seat("Ben")])
    finish(2, [Seat("ann"), Seat("Cid")])
    finish(3, [Seat("Ann"), Seat("Ben"), Seat("Cid")], game="nutty-business")
    code, out, _ = run(capsys, "history", "--player", " ANN ", "--game", "blasting-billy", "--json")
    data = json.loads(out)
    assert code == 0 and len(data["matches"]) == 2 and not data["more"]
    assert {m["game"] for m in data["matches"]} == {"blasting-billy"}
    code, out, _ = run(capsys, "history", "--limit", "1", "--json")
    data = json.loads(out)
    assert len(data["matches"]) == 1 and data["more"]
    first = data["matches"][0]
    assert first["seats"][0]["name"] == "Ann" and first["seats"][0]["bot"] is None
    assert first["seats"][0]["winner"] == (0 in first["winners"])


def test_history_player_finds_a_name_by_its_start_as_listed(capsys):
    finish(1, [Seat("Kim"), Seat("Bot 1", "heuristic")])
    finish(2, [Seat("Lee"), Seat("Ann")])
    code, out, _ = run(capsys, "history", "--player", "ki")
    lines = [line for line in out.splitlines() if "Blasting Billy" in line]
    assert code == 0 and len(lines) == 1 and "Kim" in lines[0]
    data = json.loads(run(capsys, "history", "--player", "Bot 1", "--json")[1])
    assert [[seat["name"] for seat in m["seats"]] for m in data["matches"]] == [["Kim", "Bot 1"]]


def test_eliminated_players_are_marked_out_and_their_scores_left_out_of_mean_and_best(capsys):
    # Seeds 5 and 10: Cy is shot (out) with 16, then with 19; Kim is in both.
    for seed in (5, 10):
        _, record = finish(seed, [Seat("Kim"), Seat("Lee"), Seat("Cy")])
        assert records.replay(record).result().eliminated == (2,)
    code, out, _ = run(capsys, "history")
    assert code == 0 and "Cy 16 (out)" in out and "Cy 19 (out)" in out and "(out): eliminated" in out
    assert "Kim 5 (out)" not in out
    data = json.loads(run(capsys, "history", "--json")[1])
    assert [[seat["out"] for seat in m["seats"]] for m in data["matches"]] == [[False, False, True]] * 2
    stats = {s["player"]: s for s in json.loads(run(capsys, "stats", "--game", "blasting-billy", "--json")[1])["players"]}
    assert stats["Cy"]["matches"] == 2 and stats["Cy"]["outs"] == 2 and stats["Cy"]["wins"] == 0
    assert stats["Cy"]["mean_score"] is None and stats["Cy"]["best_score"] is None
    assert stats["Kim"]["outs"] == 0 and stats["Kim"]["mean_score"] == 22.5
    code, out, _ = run(capsys, "stats", "--game", "blasting-billy")
    assert code == 0 and "Out" in out and "not in mean or best" in " ".join(out.split())


def test_stats_json_gives_each_player_their_wins_and_streaks(capsys):
    played = [finish(seed, [Seat("Ann"), Seat("Bot 1", "random")])[1] for seed in range(6)]
    wins = sum(records.replay(r).result().winners == (0,) for r in played)
    code, out, _ = run(capsys, "stats", "--json")
    data = json.loads(out)
    rows = {row["key"]: row for row in data["players"]}
    assert code == 0 and set(rows) == {"ann", "bot:easy"}
    assert rows["ann"]["matches"] == 6 and rows["ann"]["wins"] == wins
    assert rows["ann"]["win_share"] == pytest.approx(wins / 6)
    assert rows["bot:easy"]["player"] == "Bot (easy)"


def test_stats_of_a_game_where_lower_is_better_says_so(capsys):
    finish(1, [Seat("Ann"), Seat("Ben"), Seat("Cid")], game="blenders-tricks")
    code, out, _ = run(capsys, "stats", "--game", "blenders-tricks")
    assert code == 0 and "lower is" in out and "better" in out and "Ann" in out


def test_stats_for_one_player_shows_each_game_and_the_total(capsys):
    finish(1, [Seat("Ann"), Seat("Ben")])
    finish(2, [Seat("Ann"), Seat("Ben")], game="nutty-business")
    code, out, _ = run(capsys, "stats", "--player", "ann")
    assert code == 0
    assert "Blasting Billy" in out and "Nutty Business" in out and "All games: 2 matches" in out
    data = json.loads(run(capsys, "stats", "--player", "ann", "--json")[1])
    assert [row["game"] for row in data["games"]] != [] and data["players"][0]["matches"] == 2


def test_names_with_markup_print_as_typed_and_control_characters_escaped(capsys):
    finish(1, [Seat("[b]Kim"), Seat("[/]Lee")])
    inject([("\x1b[2JEve", "Ann")])
    for command in (["history"], ["stats"], ["stats", "--game", "blasting-billy"]):
        code, out, err = run(capsys, *command)
        assert code == 0 and "Traceback" not in err
        assert "[b]Kim" in out and "[/]Lee" in out
        assert "\x1b" not in out and "\\x1b[2JEve" in out
    path = paths.finished_dir()
    finished = next(p for p in path.iterdir() if "-x" not in p.name)
    code, out, _ = run(capsys, "review", str(finished))
    assert code == 0 and "[b]Kim" in out and "[/]Lee" in out


def test_stats_with_ten_thousand_players(capsys):
    inject([tuple(f"P{n}-{seat}" for seat in range(5)) for n in range(2000)])
    code, out, _ = run(capsys, "stats", "--json")
    data = json.loads(out)
    assert code == 0 and len(data["players"]) == 10_000
    assert sum(row["wins"] for row in data["players"]) == 2000


def test_review_text_tells_what_happened_in_the_logs_public_words_and_no_state_field(capsys):
    path, record = finish(3, [Seat("Ann"), Seat("Ben"), Seat("Cid")], game="blind-chicken", options={"hands": 2})
    code, out, err = run(capsys, "review", str(path), "--text")
    assert code == 0 and err == ""
    assert "a finished match" in out and f"{len(record.actions)}. " in out
    events: list = []
    state = records.replay(record, events)
    public = [event.text for event in events if event.public]
    assert public and all(line in out for line in public)  # the log's own lines
    for event in events:
        if not event.public:
            assert event.text not in out
    # No field of the state or a view: "| phase:", "dealer: 2", a hand's card ids.
    view = state.view(None)
    assert "| " not in out and not any(f"{key}:" in out for key in view if key not in ("game",))
    assert not any(re.search(rf"\bC{card}\b", out) for card in range(24, 60))
    assert "'s hand" not in out
    # The scores after each hand, as the results' breakdown adds them up.
    result = state.result()
    after_first = ", ".join(f"{name} {lines[0][1]}" for name, lines in zip(record.names, result.breakdown))
    assert f"The table after hand 1: {after_first}" in out
    assert out.index("Hand 1 scored") < out.index("The table after hand 1") < out.index("Hand 2 scored")
    assert "The table after hand 2: " + ", ".join(
        f"{name} {score}" for name, score in zip(record.names, result.scores)) in out
    assert "Winner: " in out or "Shared win: " in out
    data = json.loads(run(capsys, "review", str(path), "--json")[1])
    assert len(data["moves"]) == len(record.actions)


def test_review_refuses_an_unfinished_match_and_shows_nothing_of_it(capsys):
    path, _ = finish(3, [Seat("Ann"), Seat("Ben"), Seat("Cid")], game="blind-chicken", moves=10)
    code, out, err = run(capsys, "review", str(path))
    assert_one_line_error(code, out, err, "not finished")
    code, out, err = run(capsys, "review", str(path), "--json")
    assert_one_line_error(code, out, err, "not finished")


def test_review_refuses_an_unfinished_record_moved_into_the_finished_folder(capsys):
    path, record = finish(3, [Seat("Ann"), Seat("Ben"), Seat("Cid")], game="blind-chicken", moves=10)
    record.finished = True  # claims to be over; its game is not
    forged = paths.finished_dir() / path.name
    forged.parent.mkdir(parents=True, exist_ok=True)
    forged.write_text(json.dumps(record.to_json()))
    code, out, err = run(capsys, "review", str(forged))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "Ann's hand" not in out


@pytest.mark.parametrize("argv, fragment", [
    (["history", "--limit", "x"], "--limit"),
    (["history", "--limit", "-1"], "--limit"),
    (["history", "--game", "nope"], "unknown game"),
    (["history", "--player", "  "], "--player"),
    (["stats", "--game", "nope"], "unknown game"),
    (["stats", "--bogus"], "unrecognized"),
    (["review"], "FILE"),
    (["review", "/no/such/file.json"], "no such file"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, fragment):
    assert_one_line_error(*run(capsys, *argv), fragment)


@pytest.mark.parametrize("command", ["history", "stats", "review"])
def test_each_history_command_has_its_own_help(capsys, command):
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and f"tablegames {command}" in out


def test_a_corrupt_index_is_one_notice_and_the_history_still_shows(capsys):
    finish(1, [Seat("Ann"), Seat("Ben")])
    index = history.index_path()
    index.write_bytes(b"garbage" * 200)
    code, out, err = run(capsys, "history")
    assert code == 0 and "Ann" in out
    assert len(err.strip().splitlines()) == 1 and "moved aside" in err


def test_review_in_a_terminal_opens_the_review_screen_only_for_a_finished_match(capsys, monkeypatch):
    opened: list[tuple] = []
    fake = types.ModuleType("tablegames.ui.review")
    fake.run_review = lambda path, ascii=False: opened.append((path, ascii)) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tablegames.ui.review", fake)
    monkeypatch.setattr(cli_common, "terminal_problem", lambda: None)  # as if in a terminal
    done, _ = finish(3, [Seat("Ann"), Seat("Ben")])
    unfinished, _ = finish(3, [Seat("Ann"), Seat("Ben"), Seat("Cid")], game="blind-chicken", moves=10)
    assert run(capsys, "--ascii", "review", str(done))[0] == 0
    assert opened == [(str(done), True)]
    assert_one_line_error(*run(capsys, "review", str(unfinished)), "not finished")
    code, out, _ = run(capsys, "review", str(done), "--text")
    assert code == 0 and "1. " in out and len(opened) == 1


def test_stats_for_one_player_counts_one_match_in_the_singular(capsys):
    finish(1, [Seat("Ann"), Seat("Ben")])
    code, out, _ = run(capsys, "stats", "--player", "ann")
    total = [line for line in out.splitlines() if line.startswith("All games:")]
    assert code == 0 and total and total[0].startswith("All games: 1 match, "), out
    assert " 1 wins " not in total[0]


def test_history_json_on_an_index_with_a_schema_name_not_utf8_lists_every_match(capsys):
    from tests.core.test_history import bad_name_in_schema

    paths = [finish(seed, [Seat("Ann"), Seat("Ben")])[0] for seed in (1, 2)]
    assert run(capsys, "history", "--json")[0] == 0
    bad_name_in_schema(history.index_path())
    for attempt in range(2):
        code, out, err = run(capsys, "history", "--json")
        assert code == 0 and sorted(m["file"] for m in json.loads(out)["matches"]) == sorted(map(str, paths))
        notices = err.strip().splitlines()
        assert (len(notices), "moved aside" in err) == ((1, True) if attempt == 0 else (0, False)), err


def test_history_and_stats_show_the_records_over_rows_deleted_or_edited_in_the_index(capsys):
    import sqlite3

    first, _ = finish(1, [Seat("Ann"), Seat("Ben")])
    finish(2, [Seat("Ann"), Seat("Cid")])
    before = [run(capsys, "history", "--json")[1], run(capsys, "stats", "--json")[1]]
    con = sqlite3.connect(history.index_path())
    con.execute("DELETE FROM matches WHERE name = ?", (first.name,))
    con.execute("UPDATE seats SET label = 'Zed', score = 99 WHERE name != ?", (first.name,))
    con.commit()
    con.close()
    code, out, err = run(capsys, "history", "--json")
    assert code == 0 and out == before[0] and len(err.strip().splitlines()) == 1
    assert run(capsys, "stats", "--json")[1:] == (before[1], "")


def test_a_damaged_finished_record_is_named_once_on_stderr_not_on_every_command(capsys):
    finish(1, [Seat("Ann"), Seat("Ben")])
    bad = paths.finished_dir() / "blasting-billy-bad.json"
    bad.write_text("{not json")
    code, out, err = run(capsys, "history")
    assert code == 0 and "Ann" in out
    assert err == (f"tablegames: The finished record {bad.name} is left out of the history: not a valid record "
                   f"(the file is not JSON). Delete it, or move it out of {bad.parent} (said once for this file).\n")
    for argv in (["history"], ["stats"], ["history", "--json"]):
        code, out, err = run(capsys, *argv)
        assert code == 0 and err == "", argv
    assert json.loads(out)["skipped"] == 1  # still counted where a script reads it
    other = paths.finished_dir() / "blasting-billy-other.json"
    other.write_text("[]")
    code, out, err = run(capsys, "stats")
    assert other.name in err and bad.name not in err and len(err.splitlines()) == 1


def test_stats_show_each_players_rating_in_the_game_and_json_carries_it(capsys):
    for seed in range(3):
        finish(seed, [Seat("Ann"), Seat("Bot 1", "search")])
    with History() as h:
        ratings = h.ratings("blasting-billy")
    code, out, _ = run(capsys, "stats", "--game", "blasting-billy")
    assert code == 0 and "Rating" in out and "mu - 3" in out
    rows = {line.split("│")[1].strip(): line.split("│")[-2].strip() for line in out.splitlines()
            if line.startswith("│")}
    assert rows["Ann"] == f"{ratings['ann'].ordinal:.1f}" and rows["Bot (hard)"] == f"{ratings['bot:hard'].ordinal:.1f}"
    for argv in (["stats", "--json"], ["stats", "--game", "blasting-billy", "--json"]):
        data = json.loads(run(capsys, *argv)[1])
        by_key = {row["key"]: row["rating"]["blasting-billy"] for row in data["players"]}
        assert by_key["ann"] == {"ordinal": ratings["ann"].ordinal, "mu": ratings["ann"].mu,
                                 "sigma": ratings["ann"].sigma}
    # Over all games, a player's rating is given per game of theirs.
    finish(4, [Seat("Ann"), Seat("Ben")], game="nutty-business")
    data = json.loads(run(capsys, "stats", "--player", "ann", "--json")[1])
    assert set(data["players"][0]["rating"]) == {"blasting-billy", "nutty-business"}
    assert [set(row["rating"]) for row in data["games"]] in ([{"blasting-billy"}, {"nutty-business"}],
                                                             [{"nutty-business"}, {"blasting-billy"}])
