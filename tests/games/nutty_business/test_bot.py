"""The Nutty Business computer player."""

from __future__ import annotations

import random

import pytest

from tablegames.core.simulate import simulate
from tablegames.games.nutty_business.spec import SPEC
from tablegames.games.nutty_business.bot import HeuristicBot
from tablegames.games.nutty_business.vocab import C5, First, Pay, Raid, Start
from tests.games.nutty_business.helpers import decision_kind, play, table


@pytest.mark.parametrize("players", [2, 5])
def test_heuristic_bot_clearly_beats_random_bots(players):
    sim = simulate(SPEC, ["heuristic"] + ["random"] * (players - 1), games=60, seed=900)
    share = sim.seats[0].wins / sim.games
    assert share >= 1.5 / players, f"heuristic won only {share:.0%} against random bots"
    assert sim.seats[0].total_score > max(s.total_score for s in sim.seats[1:])


def test_bot_lays_a_contraband_5_as_its_first_card():
    state = SPEC.new_game(["A", "B"], {}, 3)
    action = HeuristicBot().choose(state.view(0), state.legal_actions(0), random.Random(0))
    assert action == Start(C5)


def choose(state, seat=0):
    return HeuristicBot().choose(state.view(seat), state.legal_actions(seat), random.Random(0))


def test_bot_raids_the_bank_it_can_cover_for_2_nuts():
    # Covering Lee's Bank brings 2 nuts and leaves Lee unprotected; covering
    # the Hideout would bring 1 and keep the Bank on top.
    state = table(["c2"], ["hideout", "bank"], nuts=[0, 5])
    play(state, "play raid 2")
    assert decision_kind(state) == "raid"
    assert choose(state) == Raid(1, 1)


def test_bot_applies_the_raid_first_when_it_removes_a_customs_from_its_contraband():
    state = table(["raid"], ["customs", "hideout"])
    play(state, "play c5 2")
    assert decision_kind(state) == "order"
    assert choose(state) == First(0)


def test_bot_splits_customs_with_a_legal_payment():
    state = table(["raid"], ["customs"], ["customs"], ["customs"], ["customs"])
    play(state, "play c5 1")
    action = choose(state)
    assert isinstance(action, Pay) and action in state.legal_actions(0)


def test_bot_decides_from_the_view_only_and_never_changes_the_state():
    state = table(["c3"], ["robbery", "c2"], nuts=[4, 4])
    before = state.view(None)
    action = choose(state)
    assert action in state.legal_actions(0)
    assert state.view(None) == before
