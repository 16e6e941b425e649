"""The Blenders Tricks computer player."""

from __future__ import annotations

import random

import pytest

from tablegames.core import registry
from tablegames.core.simulate import simulate
from tablegames.games.blenders_tricks.bot import HeuristicBot
from tablegames.games.blenders_tricks.vocab import CLAIMS, KEEP, PLAYS, SPENDS, Pass
from tests.games.blenders_tricks.helpers import new, play, playing

SPEC = registry.get("blenders-tricks")


def choose(state, seat):
    return HeuristicBot().choose(state.view(seat), state.legal_actions(seat), random.Random(0))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_bot_clearly_beats_random_bots(players):
    sim = simulate(SPEC, ["heuristic"] + ["random"] * (players - 1), games=150, seed=2000)
    share = sim.seats[0].wins / sim.games
    assert share >= 1.5 / players, f"heuristic won only {share:.0%} against random bots"
    assert sim.seats[0].total_score < min(s.total_score for s in sim.seats[1:]), "a smaller spread"


def test_bot_claims_the_card_of_the_suit_it_lacks():
    state = playing([[1, 6], [3, 9], [39, 8]])
    state.totals[2] = [10, 2, 12]  # Common Oak is far behind
    play(state, 1, 3, 39)  # 39 (Mizunara) wins; 1 is White, 3 Mizunara
    assert choose(state, 2) == CLAIMS[1], "White 1 hurts less than another Mizunara card"


def test_bot_ducks_a_trick_that_would_unbalance_it():
    # White Oak is led; the bot has far too much White, holds a high and a
    # low White card: it plays low rather than take White cards.
    state = playing([[37, 2], [4, 34], [7, 3]], leader=0)
    state.totals[1] = [20, 5, 5]
    play(state, 37)
    assert choose(state, 1) == PLAYS[4]


def test_bot_wins_a_trick_that_balances_it():
    state = playing([[28, 2], [9, 31], [7, 3]], leader=0)
    state.totals[1] = [2, 12, 12]  # needs White badly
    play(state, 28)
    assert choose(state, 1) == PLAYS[31]


def test_bot_keeps_its_wilds_in_the_pass():
    passed_wilds = 0
    held_wilds = 0
    for seed in range(10):
        state = new(4, seed=seed)
        for seat in range(4):
            held_wilds += sum(1 for c in state.hands[seat] if c % 10 == 0)
            action = choose(state, seat)
            assert isinstance(action, Pass)
            passed_wilds += sum(1 for c in (action.left, action.right) if c % 10 == 0)
            state.apply(seat, action)
    assert held_wilds > 20 and passed_wilds == 0


def test_bot_spends_a_token_in_the_last_round_when_it_narrows_the_spread():
    from tests.games.blenders_tricks.test_rules import round_end

    state = round_end([[1, 4, 13], [2, 3], []], [[7], [5], [40]], round=3)
    state.totals[0] = [10, 12, 12]
    play(state, 7, 5, 40)
    # P0 claimed White 1, 4 and 13 (4 icons): 14/12/12 with them. Ignoring
    # the 4 (2 icons) gives 12/12/12.
    assert choose(state, 0) == SPENDS[4]


def test_bot_keeps_a_token_when_spending_would_not_help():
    from tests.games.blenders_tricks.test_rules import round_end

    state = round_end([[1, 4, 13], [2, 3], []], [[7], [5], [40]], round=3)
    state.totals[0] = [2, 12, 12]
    play(state, 7, 5, 40)
    assert choose(state, 0) == KEEP


def test_bot_plays_only_legal_moves_from_its_view_in_whole_games():
    for seed in range(5):
        state = SPEC.new_game(["A", "B", "C", "D", "E"], None, seed)
        bot = HeuristicBot()
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            action = bot.choose(state.view(seat), state.legal_actions(seat), rng)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)


def test_hard_bot_playouts_end_with_the_round_judged_by_the_smallest_spread():
    # A round is a stage: the search stops there and ranks seats by their
    # blends (core/search.py), the smallest spread first.
    state = playing([[1], [3], [2]], round=2, totals=[[5, 5, 5], [9, 0, 4], [6, 5, 7]])
    assert state.stage() == 2
    assert state.standings() == (0, -9, -2)
    play(state, 1, 3, 2)
    while state.stage() == 2:
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.stage() == 3, "the next round is the next stage"
