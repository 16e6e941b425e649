"""The review of a finished match: stepping, labels, read-only, and no way
to look into an unfinished match."""

from __future__ import annotations

import json
import random

import pytest
import re
import time
from pathlib import Path

from tablegames.core import records, registry, saves
from tablegames.core.match import Match
from tablegames.core.records import MatchRecord, Seat
from tablegames.ui.review import LABEL, ReviewApp, ReviewResultScreen, ReviewTable, Review, open_review, run_review
from tests.ui.helpers import SIZE, make_app, screen_text
from tests.ui.monkey import send_now
from tests.ui.test_no_cut_text import cut_lines


def finished_record(game: str = "blind-chicken", names=("Kim", "Lee", "Bot 1"), seed: int = 4,
                    options: dict | None = None, moves: int | None = None, series: str | None = None,
                    day: int | None = None) -> tuple[Path, MatchRecord]:
    """A match played to its end (or to ``moves`` moves) with seeded random
    moves, saved as a record."""
    spec = registry.get(game)
    seats = [Seat(name, "heuristic" if name.startswith("Bot") else None) for name in names]
    opts = spec.resolve_options(options if options is not None else ({"hands": 2} if game == "blind-chicken" else {}),
                                len(seats))
    record = MatchRecord(game=game, seats=seats, seed=seed, options=opts, series=series)
    state = spec.new_game(record.names, opts, seed)
    rng = random.Random(seed)
    while not state.is_over() and (moves is None or len(record.actions) < moves):
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.actions.append((seat, str(action)))
    record.finished = state.is_over()
    path = saves.save(record)
    if day is not None:
        # Finished on that day of January 2030 (the history orders by it).
        data = json.loads(path.read_text())
        data["created"] = data["updated"] = record.created = record.updated = f"2030-01-{day:02d} 20:00"
        path.write_text(json.dumps(data))
    return path, record


def uncut(app) -> list[str]:
    """Cut lines on screen, but for a game's own short form of a long
    column of cards ("6:… 0 9 1": the count, then the last cards)."""
    return [line for line in cut_lines(app) if not re.search(r"\d+:…", line)]


def status(app) -> str:
    return screen_text(app).splitlines()[0]


async def open_it(pilot, path: Path) -> None:
    await pilot.pause()
    assert open_review(pilot.app, path)
    await pilot.pause()


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


async def until(pilot, condition, what: str, seconds: float = 30) -> None:
    """Wait for ``condition()`` with a wall-clock deadline."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        await pilot.pause()


async def test_review_steps_move_by_move_and_says_it_is_a_finished_match():
    path, record = finished_record()
    total = len(record.actions)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_it(pilot, path)
        assert isinstance(app.screen, ReviewTable)
        assert status(app).strip().startswith(f"{LABEL}. Move 0 of {total}, hand 1")
        await press(pilot, "right", "right", "right")
        assert f"Move 3 of {total}" in status(app)
        assert app.screen.match.record.actions == record.actions[:3]
        await press(pilot, "left")
        assert f"Move 2 of {total}" in status(app)
        await press(pilot, "end")
        assert f"Move {total} of {total}" in status(app) and "the end" in status(app)
        # The log up to that move: the match is over in it.
        assert "The match is over." in screen_text(app)
        await press(pilot, "right")
        assert isinstance(app.screen, ReviewResultScreen)
        text = screen_text(app)
        assert LABEL in text and "wins!" in text and "Hand 1" in text and "Total" in text
        await press(pilot, "right")  # nothing after the result
        assert isinstance(app.screen, ReviewResultScreen)
        await press(pilot, "left")
        assert f"Move {total} of {total}" in status(app)
        await press(pilot, "home")
        assert f"Move 0 of {total}" in status(app)
        await press(pilot, "left")  # nothing before the deal
        assert f"Move 0 of {total}" in status(app)
        assert uncut(app) == []


async def test_page_down_jumps_to_the_start_of_the_next_hand_and_page_up_back():
    path, record = finished_record()
    review = Review(record)
    assert len(review.stage_starts) == 1  # two hands
    second = review.stage_starts[0]
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_it(pilot, path)
        await press(pilot, "pagedown")
        assert f"Move {second} of" in status(app) and "hand 2" in status(app)
        assert "Hand 2" in screen_text(app)
        await press(pilot, "right", "right", "pageup")
        assert f"Move {second} of" in status(app)  # the start of this hand
        await press(pilot, "pageup")
        assert "Move 0 of" in status(app) and "hand 1" in status(app)


def test_every_game_declares_its_review_table_which_binds_only_the_review_keys():
    # A game's screen module declares class <Game>Review(ReviewTable, <Game>Screen):
    # the review finds it by the screen the spec names, and none of the
    # game's own keys is bound on it.
    from tablegames.core.registry import load_asset
    from tablegames.ui.review import REVIEW_BINDINGS

    review_keys = {key for binding in REVIEW_BINDINGS for key in binding.key.split(",")}
    for spec in registry.all_specs():
        screen_class = load_asset(spec.screen)
        table = ReviewTable.for_screen(screen_class)
        assert issubclass(table, screen_class) and table.__mro__[1] is ReviewTable, spec.id
        assert set(table._merged_bindings.key_to_bindings) == review_keys, spec.id


def test_a_review_table_must_name_the_review_first_and_one_game_screen():
    from tablegames.ui.game_screen import GenericGameScreen

    with pytest.raises(TypeError, match="ReviewTable, <Game>Screen"):
        class Wrong(GenericGameScreen, ReviewTable):  # the game's screen first: its keys would win
            pass


async def test_page_up_and_down_are_named_for_the_games_stages_in_the_footer():
    path, _ = finished_record()  # Blind Chicken: hands
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_it(pilot, path)
        assert "PgUp/PgDn Hand" in screen_text(app).splitlines()[-1]
        await press(pilot, "end", "right")
        assert isinstance(app.screen, ReviewResultScreen)
        assert "PgUp/PgDn Hand" in screen_text(app).splitlines()[-1]


def finished_from_position(seed: int = 5) -> tuple[Path, MatchRecord]:
    """Blind Chicken from the example position (hand 2 of 3, Cy dealt),
    played to its end with seeded random moves."""
    example = json.loads((Path(__file__).parents[1] / "games" / "blind_chicken" / "positions"
                          / "example.json").read_text())
    spec = registry.get("blind-chicken")
    seats = [Seat(name) for name in example["players"]]
    options = spec.resolve_options(example["options"], len(seats))
    record = MatchRecord(game="blind-chicken", seats=seats, seed=example["seed"], options=options,
                         position=example["position"])
    state = records.first_state(record)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.actions.append((seat, str(action)))
    record.finished = True
    return saves.save(record), record


async def test_a_match_from_a_position_counts_its_hands_from_the_positions_own_number():
    path, record = finished_from_position()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_it(pilot, path)
        assert "Hand 2 of 3" in screen_text(app)
        assert status(app).rstrip().endswith(", hand 2")
        await press(pilot, "pagedown")
        assert "Hand 3 of 3" in screen_text(app) and status(app).rstrip().endswith(", hand 3")
        await press(pilot, "end")
        assert "hand 3: the end" in status(app)
        await press(pilot, "home")
        assert status(app).rstrip().endswith(", hand 2")


async def test_tab_shows_each_players_hand_of_a_finished_match_and_the_public_table():
    path, record = finished_record()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_it(pilot, path)
        await press(pilot, "pagedown", "right")  # the second hand, everyone holds cards
        position = app.screen.review.position
        state = records.replay(MatchRecord(**{**record.__dict__, "actions": record.actions[:position]}))
        assert "Showing the public table" in screen_text(app)
        for seat, name in enumerate(record.names):
            await press(pilot, "tab")
            text = screen_text(app)
            assert f"Showing {name}'s view" in text
            cards = [card[1:] for card in state.view(seat)["hand"]]
            assert cards and all(number in text for number in cards)
            # A hand not yet arranged at that move is not called arranged.
            assert ("(arranged;" in text) == state.view(seat)["ordered"][seat], name
        await press(pilot, "tab")
        assert "Showing the public table" in screen_text(app)
        await press(pilot, "shift+tab")
        assert f"Showing {record.names[-1]}'s view" in screen_text(app)


async def test_no_key_of_the_game_plays_anything_in_a_review():
    path, record = finished_record()
    before = path.read_bytes()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_it(pilot, path)
        await press(pilot, "tab", "right")  # Kim's view while she arranges her hand
        screen = app.screen
        shown_before = screen_text(app)
        # The game's own keys: arrange, sort, confirm, play left/right, take back, numbers.
        await press(pilot, "enter", "s", "comma", "full_stop", "l", "r", "u", "1", "n", "space")
        assert app.screen is screen
        assert screen.match.record.actions == record.actions[:1]
        assert screen_text(app) == shown_before
        # Even the game's own action refuses to play, and says why in one line.
        assert screen.act(screen.match.spec.parse(record.actions[1][1])) is False
        await pilot.pause()
        assert "nothing can be played" in screen_text(app)
        assert screen.match.record.actions == record.actions[:1]
        footer = screen_text(app).splitlines()[-1]
        assert "Move" in footer and "View" in footer and "Back" in footer
        assert "Sort" not in footer and "Confirm" not in footer
    assert path.read_bytes() == before


async def test_escape_closes_the_review_where_it_was_opened():
    path, _ = finished_record()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        under = app.screen
        await open_it(pilot, path)
        await press(pilot, "right", "right", "tab")
        await press(pilot, "escape")
        assert app.screen is under


async def test_the_review_of_every_game_steps_to_the_end_without_a_cut_line():
    for spec in registry.all_specs():
        names = ["Kim", "Lee", "Bot 1"][:max(spec.min_players, 2)]
        if len(names) < spec.min_players:
            names += [f"Bot {n}" for n in range(2, spec.min_players + 1)]
        path, record = finished_record(spec.id, tuple(names), options={})
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await open_it(pilot, path)
            for key in ("right", "tab", "pagedown", "end", "tab", "right"):
                if isinstance(app.screen, ReviewTable):
                    # The game's own layout (its CSS too): the table and
                    # the log keep their room above the hand (unless the
                    # game hides them, as for a round's summary).
                    main = app.screen.query_one("#main")
                    if main.display:
                        assert main.region.height >= 8 and main.region.width == SIZE[0], (spec.id, key)
                await press(pilot, key)
                assert LABEL in screen_text(app), (spec.id, key)
                assert uncut(app) == [], (spec.id, key)
            assert isinstance(app.screen, ReviewResultScreen)


async def test_review_on_its_own_quits_with_escape():
    path, record = finished_record()
    app = ReviewApp(Review(record, path), handover_guard=0, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert LABEL in status(app)
        await press(pilot, "right", "escape")
    assert app.return_code in (0, None)
    assert not app.is_running


REVIEW_KEYS = ("right", "left", "tab", "shift+tab", "end", "home", "pagedown", "pageup")


async def test_a_key_right_after_escape_or_q_never_crashes_the_review_on_its_own():
    # A real terminal reads the keys back to back: the one after Escape came
    # while the app was closing, and opened a screen that never got its widgets.
    path, record = finished_record()
    rng = random.Random(30)
    bursts = [(close, key) for close in ("q", "escape") for key in ("right", "tab", "end")]
    bursts += [("right", "q", "right"), ("end", "right", "escape", "left")]
    bursts += [tuple(rng.choice(REVIEW_KEYS + ("escape",)) for _ in range(12)) for _ in range(4)]
    for keys in bursts:
        app = ReviewApp(Review(record, path), handover_guard=0, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: LABEL in status(app), "the review never opened")
            send_now(app, keys + ("escape",))
            await until(pilot, lambda: not app.is_running, f"the review did not close after {keys}")
        assert app.return_code == 0, keys


async def test_keys_back_to_back_after_escape_leave_the_screen_under_the_review_as_it_was():
    path, _ = finished_record()
    rng = random.Random(31)
    for keys in [("escape", "right"), ("right", "escape", "end", "tab")] + [
            tuple(rng.choice(REVIEW_KEYS) for _ in range(10)) + ("escape", "right", "tab") for _ in range(3)]:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            under = app.screen
            await open_it(pilot, path)
            send_now(app, keys)
            await until(pilot, lambda: app.screen is under, f"still in the review after {keys}")
            for _ in range(3):
                await pilot.pause()  # (anything the keys left queued runs)
            assert app.screen is under and app.is_running, keys


# ----------------------------------------------------------------- unfinished matches

async def test_an_unfinished_match_cannot_be_opened_for_review():
    path, record = finished_record(moves=20)
    assert not record.finished
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        under = app.screen
        assert open_review(app, path) is False
        await pilot.pause()
        assert app.screen is under
        assert any("unfinished match" in n.message for n in app._notifications)
        # Nor from the record itself (as the results screen would pass it).
        assert open_review(app, path, record) is False
        await pilot.pause()
        assert app.screen is under


async def test_a_record_marked_finished_whose_game_is_not_over_is_refused():
    path, record = finished_record(moves=20)
    data = json.loads(path.read_text())
    data["finished"] = True
    path.write_text(json.dumps(data))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert open_review(app, path) is False
        await pilot.pause()
        assert any("not over" in n.message for n in app._notifications)
        assert not isinstance(app.screen, (ReviewTable, ReviewResultScreen))


def test_tablegames_review_refuses_an_unfinished_match_in_one_line(capsys):
    path, _ = finished_record(moves=20)
    assert run_review(path) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unfinished match" in err and err.startswith("tablegames: error: ")


def test_tablegames_review_refuses_a_missing_or_broken_file_in_one_line(capsys, tmp_path):
    assert run_review(tmp_path / "nothing.json") == 2
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert run_review(broken) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "no such file" in err[0] and "not JSON" in err[1]


def test_a_review_match_never_plays_or_saves():
    path, record = finished_record()
    review = Review(record, path, position=5, seat=0)
    screen = review.screen()
    match = screen.match
    assert match.view() == records.replay(
        MatchRecord(**{**record.__dict__, "actions": record.actions[:5]})).view(0)
    assert match.next_bot() is None and match.bot_turn() is None and not match.needs_handover()
    try:
        match.play(record.actions[5][1])
    except Exception as exc:
        assert "nothing can be played" in str(exc)
    else:
        raise AssertionError("a review played a move")
    assert not isinstance(match, Match) or match.autosave is False


async def test_the_review_result_page_scrolls_with_up_and_down_to_every_players_breakdown():
    path, record = finished_record("blasting-billy", ("Kim", "Lee", "Cy"), options={})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_it(pilot, path)
        await press(pilot, "end", "right")
        assert isinstance(app.screen, ReviewResultScreen)
        assert "up/down to scroll" in screen_text(app)
        last = [name for name in record.names if f"{name}: " in app.screen.query_one("#results-lines").render().plain][-1]
        page = app.screen.query_one("#review-result")
        assert page.max_scroll_y > 0  # (at 80x24 the breakdown runs below the screen)
        for _ in range(page.max_scroll_y):
            await press(pilot, "down")
        assert page.scroll_y == page.max_scroll_y
        assert any(line.lstrip().startswith(f"{last}: ") for line in screen_text(app).splitlines())
        await press(pilot, "up")
        assert page.scroll_y == page.max_scroll_y - 1


async def test_a_seats_view_in_the_review_offers_no_keys_and_a_click_on_its_hand_moves_nothing():
    path, record = finished_record("blasting-billy", ("Kim", "Lee", "Cy"), options={})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_it(pilot, path)
        await press(pilot, "right", "right")
        mover = records.replay(MatchRecord(**{**record.__dict__, "actions": record.actions[:2]})).to_move()[0]
        for _ in range(mover + 1):
            await press(pilot, "tab")  # the view of the seat whose turn it is
        assert f"Showing {record.names[mover]}'s view" in screen_text(app)
        before = screen_text(app)
        assert "Your turn" not in before and f"{record.names[mover]}'s hand" in before
        hand = app.screen.query_one("HandPicker")
        for x in (1, 9, 17):
            await pilot.click(hand, offset=(x, 1))
            await pilot.pause()
        assert screen_text(app) == before


async def test_a_in_the_review_analyses_the_match_with_a_progress_bar_and_the_log_tells_each_moves_mark(monkeypatch):
    from tablegames.core import analysis_cache
    from tablegames.ui import review_analysis

    monkeypatch.setattr(review_analysis, "DEFAULT_SECONDS", 0.002)
    path, record = finished_record("blasting-billy", ("Kim", "Lee", "Bot 1"), seed=5)
    human = next(i for i, (seat, _) in enumerate(record.actions) if seat == 0)
    bars: list[tuple[int, int]] = []
    drawn = review_analysis.progress_line

    def bar(done: int, total: int, ascii: bool) -> str:
        bars.append((done, total))
        return drawn(done, total, ascii)

    monkeypatch.setattr(review_analysis, "progress_line", bar)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_it(pilot, path)
        await press(pilot, "a")
        await until(pilot, lambda: app.screen.review.analysis is not None, "the analysis to finish", 120)
        for _ in range(human + 1):
            await press(pilot, "right")
        text = screen_text(app)
        judged = app.screen.review.analysis[human]
        assert "Analysis:" in text and judged.player == "Kim"
        if judged.mark:
            assert judged.mark in text
        assert uncut(app) == []
        # A bot's move gets no line.
        bot_move = next(i for i, (seat, _) in enumerate(record.actions) if seat == 2)
        await press(pilot, "home", *["right"] * (bot_move + 1))
        assert "Analysis:" not in screen_text(app)
    # The bar went from the start to every human move.
    humans = sum(seat in (0, 1) for seat, _ in record.actions)
    assert bars[0][0] == 0 and (humans, humans) in bars
    assert analysis_cache.cache_path(path).is_file()
    # A second look is read from beside the record, at once.
    monkeypatch.setattr(review_analysis, "run", lambda *args, **kwargs: pytest.fail("analysed again"))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_it(pilot, path)
        await press(pilot, "a", *["right"] * (human + 1))
        assert "Analysis:" in screen_text(app)
