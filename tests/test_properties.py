"""Properties every registered game must have, over random seeds and random
legal play, for every allowed player count."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.core import records, registry, saves
from tablegames.core.game import IllegalAction
from tablegames.core.records import MatchRecord, Seat
from tests.harness import game_cases, leaked_cards, names, random_steps

CASES = game_cases()
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
PROPERTY_SETTINGS = settings(max_examples=8, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("game,players", CASES)
@PROPERTY_SETTINGS
@given(seed=SEEDS)
def test_random_games_end_and_conserve_every_piece(game, players, seed):
    spec = registry.get(game)
    state = spec.new_game(names(players), None, seed)
    deck = Counter(state.all_card_ids())
    assert deck and max(deck.values()) == 1, "every card is unique"
    pieces = state.pieces()
    assert Counter({k: v for k, v in pieces.items() if k in deck}) == deck
    for state, _seat, _action in random_steps(spec, players, seed):
        assert Counter(state.all_card_ids()) == deck, "a card was created or lost"
        assert state.pieces() == pieces, "a piece (card, nut, token) was created or lost"
    assert state.is_over()
    assert state.pieces() == pieces


@pytest.mark.parametrize("game,players", CASES)
@PROPERTY_SETTINGS
@given(seed=SEEDS)
def test_nobody_is_to_move_exactly_when_the_game_is_over(game, players, seed):
    # Playout loops (core/simulate.py, core/search.py) ask only to_move().
    spec = registry.get(game)
    steps = 0
    for state, _seat, _action in random_steps(spec, players, seed):
        assert not state.is_over() and state.to_move()
        steps += 1
    assert steps and state.is_over() and tuple(state.to_move()) == ()


@pytest.mark.parametrize("game,players", CASES)
@PROPERTY_SETTINGS
@given(seed=SEEDS)
def test_scores_match_their_breakdown(game, players, seed):
    spec = registry.get(game)
    steps = list(random_steps(spec, players, seed))
    final = steps[-1][0]
    result = final.result()
    assert len(result.scores) == players
    for seat in range(players):
        assert sum(points for _label, points in result.breakdown[seat]) == result.scores[seat]
    assert result.winners or result.other_winner, "someone wins (or the win is shared)"
    assert set(result.winners) <= set(range(players))
    assert set(result.eliminated) <= set(range(players)) - set(result.winners)


@pytest.mark.parametrize("game,players", CASES)
@PROPERTY_SETTINGS
@given(seed=SEEDS)
def test_records_replay_to_the_same_result(game, players, seed):
    spec = registry.get(game)
    played = []
    final = None
    for final, seat, action in random_steps(spec, players, seed):
        text = str(action)
        assert spec.parse(text) == action, f"notation {text!r} does not parse back"
        played.append((seat, text))
    record = MatchRecord(game=game, seats=[Seat(n) for n in names(players)], seed=seed,
                         actions=played)
    path = saves.save(record)
    replayed = records.replay(saves.load(path))
    assert replayed.is_over()
    assert replayed.result() == final.result()
    assert replayed.view(None) == final.view(None)


@pytest.mark.parametrize("game,players", CASES)
@PROPERTY_SETTINGS
@given(seed=SEEDS)
def test_views_never_leak(game, players, seed):
    spec = registry.get(game)
    final = None
    for final, _seat, _action in random_steps(spec, players, seed):
        for viewer in [None, *range(players)]:
            assert not leaked_cards(final, viewer), f"seat {viewer} sees a secret card"
    for viewer in [None, *range(players)]:
        assert not leaked_cards(final, viewer)


@pytest.mark.parametrize("game,players", CASES)
@PROPERTY_SETTINGS
@given(seed=SEEDS)
def test_illegal_actions_change_nothing(game, players, seed):
    """An action by a seat that is not to move is refused and the state,
    as every seat sees it, is unchanged."""
    spec = registry.get(game)
    for index, (state, seat, action) in enumerate(random_steps(spec, players, seed)):
        if index % 7:
            continue
        idle = [s for s in range(players) if s not in state.to_move()]
        if not idle:
            continue
        before = [state.view(v) for v in [None, *range(players)]]
        with pytest.raises(IllegalAction):
            state.apply(idle[0], action)
        assert [state.view(v) for v in [None, *range(players)]] == before


@pytest.mark.parametrize("game,players", CASES)
@PROPERTY_SETTINGS
@given(seed=SEEDS)
def test_a_state_resampled_from_a_view_shows_the_same_view(game, players, seed):
    """The sampler re-deals whatever a seat cannot know. If the seat's view
    changed with the re-deal, the view held something derived from a secret
    (a total, a count, a flag), not only a hidden card: a leak. The resampled
    state also conserves every piece and plays on."""
    spec = registry.get(game)
    if spec.sample is None:
        pytest.skip(f"{spec.title} has no sampler yet")
    rng = random.Random(seed)
    final = None
    for index, (final, _seat, _action) in enumerate(random_steps(spec, players, seed)):
        if index % 3:
            continue
        for viewer in range(players):
            view = final.view(viewer)
            resampled = spec.sample(copy.deepcopy(view), rng)
            assert resampled.view(viewer) == view, f"seat {viewer}'s view depends on a secret"
            assert resampled.pieces() == final.pieces()
            assert list(resampled.to_move()) == list(final.to_move())
            for mover in resampled.to_move():
                assert resampled.legal_actions(mover), "a resampled state plays on"
    assert final is not None


JUNK_SEATS = [99, -1, None, "0", 1.0]


class _Junk:
    """An object no game knows."""

    def __str__(self) -> str:
        return "junk"


@pytest.mark.parametrize("game,players", CASES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_junk_seats_and_malformed_actions_are_refused_and_change_nothing(game, players, seed):
    """The contract holds for every game: a seat that does not exist, or an
    action object of the wrong shape, is an IllegalAction, never a crash."""
    spec = registry.get(game)
    for index, (state, seat, action) in enumerate(random_steps(spec, players, seed)):
        if index % 5:
            continue
        before = [state.view(v) for v in [None, *range(players)]]
        for junk_seat in JUNK_SEATS:
            with pytest.raises(IllegalAction):
                state.apply(junk_seat, action)
        legal = list(state.legal_actions(seat))
        for junk in malformed_like(action):
            if junk in legal:
                continue  # the nonsense happened to spell a real move
            with pytest.raises(IllegalAction):
                state.apply(seat, junk)
        assert [state.view(v) for v in [None, *range(players)]] == before


def malformed_like(action) -> list:
    """Objects shaped like ``action`` but wrong: None, a stranger, and the
    same dataclass with each field replaced by nonsense."""
    out: list = [None, _Junk(), "L", 3, ()]
    if dataclasses.is_dataclass(action):
        for f in dataclasses.fields(action):
            for bad in (None, "x", ("x", 31), -1, 10**9, (None,)):
                try:
                    out.append(dataclasses.replace(action, **{f.name: bad}))
                except (TypeError, ValueError):
                    continue
    return out
