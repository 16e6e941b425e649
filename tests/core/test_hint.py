"""The hint (core/hint.py): the hard bot's move for the seat about to
decide, from what that seat can see, counted per seat in the record of a
match started with hints on."""

from __future__ import annotations

import json
import random

import pytest

from tablegames.core import history, records, registry, saves
from tablegames.core.hint import HintAsk, HintBudget, suggest
from tablegames.core.match import Match
from tablegames.core.records import RecordError, Seat

SMALL = HintBudget(seconds=None, iterations=24, worlds=6)


def three_seats(game: str) -> list[Seat]:
    spec = registry.get(game)
    return [Seat("Kim"), Seat("Lee"), Seat("Bot", spec.default_bot)]


def at_a_human_decision(game: str, seed: int, skip: int, hints: bool = True) -> Match:
    """A match of Kim, Lee and a bot, played (first legal move) until a
    human's decision after ``skip`` human moves; that human at the keyboard."""
    match = Match.new(game, three_seats(game), seed=seed, hints=hints, autosave=False)
    rng = random.Random(seed)
    for moved in range(skip + 1):
        match.run_bots()
        seat = match.next_human()
        assert seat is not None, "the match ended early"
        match.take_keyboard(seat)
        if moved == skip:
            return match
        match.play(rng.choice(match.legal_actions()))
        if match.pending_pass:
            match.confirm_pass()
    raise AssertionError("unreachable")


@pytest.mark.parametrize("game", registry.ids())
def test_a_hint_is_the_same_in_two_states_the_seat_cannot_tell_apart(game):
    """The hint reads the seat's view and legal moves only: a re-deal of
    what the seat cannot see (the game's sampler) gives the same hint."""
    spec = registry.get(game)
    for skip in (4, 2, 6, 1):
        match = at_a_human_decision(game, seed=3, skip=skip)
        state, seat = match._state, match.at_keyboard
        others = [s for s in range(len(match.names)) if s != seat]
        rng = random.Random(11)
        twin = next((t for t in (spec.sample(state.view(seat), rng) for _ in range(20))
                     if any(t.view(o) != state.view(o) for o in others)), None)
        if twin is None:
            continue  # nothing hidden from this seat here: try another moment
        past = records.own_decisions(match.record, seat)
        asks = [HintAsk(spec, seat, s.view(seat), list(s.legal_actions(seat)), past, "test twin")
                for s in (state, twin)]
        assert asks[0].view == asks[1].view
        first, second = (suggest(ask, SMALL) for ask in asks)
        assert (first.move, first.chance) == (second.move, second.chance)
        assert 0.0 <= first.chance <= 1.0
        assert first.move in {str(a) for a in state.legal_actions(seat)} or spec.parse(first.move) is not None
        return
    pytest.fail("nothing was ever hidden from the seat asking")


def test_hints_are_off_unless_the_match_was_started_with_them():
    match = at_a_human_decision("blind-chicken", seed=5, skip=1, hints=False)
    assert not match.hints_on
    assert match.hint_ask() is None
    assert "hints" not in match.record.to_json()


def test_each_hint_asked_is_counted_for_its_seat_and_kept_in_the_saved_record(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(tmp_path))
    match = Match.new("nutty-business", three_seats("nutty-business"), seed=2, hints=True)
    match.run_bots()
    seat = match.next_human()
    match.take_keyboard(seat)
    match.play(match.legal_actions()[0])  # (the first move makes the save)
    if match.pending_pass:
        match.confirm_pass()
    match.run_bots()
    asker = match.next_human()
    match.take_keyboard(asker)
    assert match.hint_ask() is not None
    assert match.hint_ask() is not None
    counts = [0, 0, 0]
    counts[asker] = 2
    assert match.record.hints == counts
    assert saves.read(match.save_path).hints == counts  # saved at once: nothing lost
    match.let_go()
    assert Match.resume(match.save_path, match.record.game, match.record.id).record.hints == counts


def test_no_hint_while_a_finished_move_waits_to_pass_the_keyboard():
    for skip in range(6):
        match = at_a_human_decision("blind-chicken", seed=4, skip=skip)
        seat = match.at_keyboard
        match.play(match.legal_actions()[0])
        if match.pending_pass:  # (the other human moves next)
            assert match.hint_ask() is None
            assert match.record.hints[seat] == 0
            return
    pytest.fail("no move ever waited to pass the keyboard")


def test_a_rematch_keeps_hints_on():
    match = at_a_human_decision("blind-chicken", seed=5, skip=0)
    assert match.rematch().hints_on


@pytest.mark.parametrize("hints", ["yes", [1, 2], [0, -1, 0], [0, 0, True]])
def test_a_record_with_bad_hint_counts_is_refused_in_one_line(hints):
    match = at_a_human_decision("blind-chicken", seed=5, skip=0)
    data = match.record.to_json()
    data["hints"] = hints
    with pytest.raises(RecordError) as caught:
        records.MatchRecord.from_json(json.loads(json.dumps(data)))
    assert "'hints'" in str(caught.value) and "\n" not in str(caught.value)


def test_the_history_marks_a_match_played_with_hints_and_a_rebuilt_index_keeps_it(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(tmp_path))
    finished = []
    for hints in (True, False):
        match = Match.new("blind-chicken", three_seats("blind-chicken"), {"hands": 1}, seed=8, hints=hints)
        while not match.is_over():
            match.run_bots()
            if match.is_over():
                break
            seat = match.next_human()
            match.take_keyboard(seat)
            if hints and seat == 1:
                match.hint_ask()
            match.play(match.legal_actions()[0])
            if match.pending_pass:
                match.confirm_pass()
        finished.append(match.save_path)
    with_hints = [m for m in history.History().matches() if m.hints is not None]
    assert len(with_hints) == 1 and with_hints[0].hints[1] >= 1 and with_hints[0].hints[0] == 0
    assert "with hints" in with_hints[0].hints_note()
    history.index_path().unlink()  # rebuilt from the records
    rebuilt = {m.record_id: m.hints for m in history.History().matches()}
    assert sorted(rebuilt.values(), key=str) == sorted([with_hints[0].hints, None], key=str)


@pytest.mark.parametrize("game", registry.ids())
def test_every_legal_move_of_every_game_is_said_in_a_players_words(game):
    """A hint names its move as a player would (GameSpec.move_words), not in
    the notation of records: every kind of move the game has, in a few
    random matches, gets words that are not its notation, and one line
    that fits the message line with its chance."""
    spec = registry.get(game)
    kinds = set()
    for seed in range(3):
        match = Match.new(game, [Seat(f"P{i}") for i in range(spec.max_players)], seed=seed, autosave=False)
        rng = random.Random(seed)
        while not match.is_over():
            match.take_keyboard(match._state.to_move()[0])
            for action in match.legal_actions():
                words = spec.words_for(match.view(), action)
                assert words and words != str(action) and "\n" not in words
                assert len(f"Hint: {words} (100% to win).") <= 80, words
                kinds.add(action.where if game == "blasting-billy" else type(action).__name__)
            match.play(rng.choice(match.legal_actions()))
            if match.pending_pass:
                match.confirm_pass()
    assert len(kinds) >= 3  # (Blasting Billy's one kind of move goes to three places)
