"""The Blind Chicken computer player."""

import random

from tablegames.core import registry
from tablegames.core.simulate import simulate
from tablegames.games.blind_chicken.bot import HeuristicBot
from tablegames.games.blind_chicken.vocab import KEEP_ALL, LEFT, RIGHT, SetAside

SPEC = registry.get("blind-chicken")


def test_heuristic_bot_clearly_beats_random_bots():
    sim = simulate(SPEC, ["heuristic", "random", "random", "random"], games=200, seed=1000)
    share = sim.seats[0].wins / sim.games
    assert share > 0.4, f"heuristic won only {share:.0%} against three random bots (fair: 25%)"
    assert sim.seats[0].total_score > max(s.total_score for s in sim.seats[1:])


def test_bot_arranges_a_legal_order_from_its_view():
    state = SPEC.new_game(["A", "B", "C"], {}, 3)
    action = HeuristicBot().choose(state.view(0), state.legal_actions(0), random.Random(0))
    state.apply(0, action)
    assert sorted(state.hands[0]) == sorted(action.cards)


def test_bot_sets_aside_its_costliest_earlier_trick():
    view = {"seat": 0, "taken": [[{"score": -2}, {"score": -14}, {"score": 0}, {"score": -4}]]}
    legal = (KEEP_ALL, SetAside(1), SetAside(2), SetAside(3))
    assert HeuristicBot().choose(view, legal, random.Random(0)) == SetAside(2)


def test_bot_sheds_a_chicken_under_a_higher_card():
    # Trick so far: 59 (cannot be beaten). The bot holds 57 (4 eggs) at the
    # right end and 40 at the left: it gives the chicken away.
    view = {"seat": 1, "names": ["A", "B", "C"], "hand": ["C40", "C33", "C57"],
            "trick": [[0, "C59"]], "taken": [[], [], []], "last_trick": None, "lowest_card": 24}
    assert HeuristicBot().choose(view, (LEFT, RIGHT), random.Random(0)) == RIGHT


def test_bot_ducks_rather_than_take_a_chicken_as_last_to_play():
    view = {"seat": 2, "names": ["A", "B", "C"], "hand": ["C58", "C33", "C25"],
            "trick": [[0, "C52"], [1, "C47"]], "taken": [[], [], []], "last_trick": None,
            "lowest_card": 24}
    assert HeuristicBot().choose(view, (LEFT, RIGHT), random.Random(0)) == RIGHT


def test_the_hard_bot_weighs_arrangements_near_the_heuristics_against_it():
    from tablegames.games.blind_chicken.bot import nearby_orders
    from tablegames.games.blind_chicken.vocab import Order

    state = SPEC.new_game(["A", "B", "C"], {}, 3)
    advice = HeuristicBot().choose(state.view(0), state.legal_actions(0), random.Random(0))
    orders = nearby_orders(state.view(0), advice)
    hand = sorted(advice.cards)
    assert all(sorted(order.cards) == hand for order in orders)
    assert len(set(orders)) == len(orders) and advice not in orders
    cards = advice.cards
    assert Order(cards[1:2] + cards[0:1] + cards[2:]) in orders  # the two leftmost swapped
    assert Order(tuple(hand)) in orders and Order(tuple(hand[::-1])) in orders
