"""Properties every registered game must have, over random seeds and random
legal play, for every allowed player count (DESIGN.md, "Tests")."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.core import records, registry
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
def test_random_games_end_and_conserve_cards(game, players, seed):
    spec = registry.get(game)
    state = spec.new_game(names(players), None, seed)
    deck = Counter(state.all_card_ids())
    assert deck and max(deck.values()) == 1, "every card is unique"
    for state, _seat, _action in random_steps(spec, players, seed):
        assert Counter(state.all_card_ids()) == deck, "a card was created or lost"
    assert state.is_over()
    assert Counter(state.all_card_ids()) == deck


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
    assert result.winners, "someone wins (or the win is shared)"
    assert set(result.winners) <= set(range(players))


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
    path = records.save(record)
    replayed = records.replay(records.load(path))
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
