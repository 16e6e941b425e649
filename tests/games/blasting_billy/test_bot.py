"""The Blasting Billy computer player."""

import random

import pytest

from tablegames.core import registry
from tablegames.core.simulate import simulate
from tablegames.games.blasting_billy.bot import CAREFUL_CLAIMS, HeuristicBot, careless_share, claims_likelihood
from tablegames.games.blasting_billy.vocab import CARD_ID, Remembered, Where, parse_action
from tests.games.blasting_billy.helpers import position

SPEC = registry.get("blasting-billy")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_bot_wins_at_least_one_and_a_half_times_its_fair_share_against_random_bots(players):
    sim = simulate(SPEC, ["heuristic"] + ["random"] * (players - 1), games=150, seed=500)
    share = sim.seats[0].wins / sim.games
    assert share >= 1.5 / players, f"heuristic won {share:.0%} at {players} (fair: {1 / players:.0%})"


def choose(bot, state, seat=0):
    return bot.choose(state.view(seat), state.legal_actions(seat), random.Random(0))


def test_bot_claims_a_high_card_where_billy_holds_plenty():
    # Billy already has six gold cards; the bot holds G9 and two low cards.
    state = position(2, hands=["G9 B0 C0", "D1 D2 D3"], deck="J1 J2 J3",
                     billy={"G": "G10 G8 G7 G6 G5 G4"})
    assert str(choose(HeuristicBot(), state)) == "claim G9"


def test_bot_never_claims_what_would_put_it_above_an_empty_billy_column():
    # Billy has no banknotes and few can still come: claiming B10 is suicide.
    state = position(2, hands=["B10 C0 D0", "D1 D2 D3"], deck="J1",
                     loot=[{"B": "B9"}, {}], billy={"G": "G1"}, box="B1 B2 B3 B4 B5 B6 B7 B8")
    action = choose(HeuristicBot(), state)
    assert str(action) != "claim B10"


def test_bot_remembers_the_cards_it_gave_billy():
    # Turn 1: the bot (16 points of banknotes to lose) gives Billy its G10.
    state = position(2, hands=["G10 B0 C0", "D1 D2 D3"], deck="J1 J2 J3 J4 G8",
                     loot=[{"B": "B9 B7"}, {}], billy={"B": "B10 B8 B6"})
    bot = HeuristicBot()
    first = choose(bot, state)
    assert str(first) == "billy G10"
    state.apply(0, first)
    state.apply(1, parse_action("dump D1"))
    # Turn 2: it drew G8. Billy's only gold card shows as a back, but the bot
    # remembers it is its own 10, so an 8 is safe to claim.
    assert "G8" in state.view(0)["hand"]
    assert str(choose(bot, state)) == "claim G8"
    # The same position for a bot that did not see that gift: too risky.
    assert str(choose(HeuristicBot(), state)) != "claim G8"


def test_bot_remembers_a_gift_to_billy_it_did_not_advise():
    # The hard bot overrules its heuristic and gives Billy the G10: told of
    # the move, the heuristic remembers that gift as if it had chosen it.
    state = position(2, hands=["G10 B0 C0", "D1 D2 D3"], deck="J1 J2 J3 J4 G8",
                     loot=[{"B": "B9 B7"}, {}], billy={"B": "B10 B8 B6"})
    bot = HeuristicBot()
    gift = parse_action("billy G10")
    bot.observe(state.view(0), state.legal_actions(0), gift)
    state.apply(0, gift)
    state.apply(1, parse_action("dump D1"))
    assert str(choose(bot, state)) == "claim G8"


def test_bot_plays_a_legal_move_from_every_seat_view_in_a_whole_game():
    state = SPEC.new_game(["A", "B", "C", "D"], {}, 17)
    bots = [HeuristicBot() for _ in range(4)]
    rng = random.Random(0)
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal, rng)
        assert action in legal
        state.apply(seat, action)


def test_bot_forgets_its_gifts_when_a_new_game_starts():
    bot = HeuristicBot()
    state = position(2, hands=["G10 B0 C0", "D1 D2 D3"], deck="J1 J2 J3 J4 G8",
                     loot=[{"B": "B9 B7"}, {}], billy={"B": "B10 B8 B6"})
    state.apply(0, choose(bot, state))
    assert bot.memory(state.view(0)).gifts
    fresh = SPEC.new_game(["A", "B"], {}, 3)
    assert not bot.memory(fresh.view(0)).gifts


def test_one_bot_playing_every_seat_keeps_a_memory_per_seat():
    bot = HeuristicBot()
    state = position(2, hands=["G10 B0 C0", "D10 D2 D3"], deck="J1 J2 J3 J4 G8",
                     loot=[{"B": "B9 B7"}, {"D": "D9"}], billy={"B": "B10 B8 B6"})
    state.apply(0, choose(bot, state, 0))
    state.apply(1, choose(bot, state, 1))
    gifts = [CARD_ID[c] for c in bot.memory(state.view(0)).gifts]
    assert gifts == ["G10"]
    assert "G10" not in [CARD_ID[c] for c in bot.memory(state.view(1)).gifts]


def _table_where_rivals(where: Where, turns: int):
    """Three seats: seat 0 dumps every card, the rivals all play ``where``."""
    state = SPEC.new_game(["A", "B", "C"], {}, 4)
    dumps: list[int] = []
    for _ in range(turns):
        seat = state.to_move()[0]
        action = next(a for a in state.legal_actions(seat) if a.where is (Where.DUMP if seat == 0 else where))
        if seat == 0:
            dumps.append(action.card)
        state.apply(seat, action)
    return state.view(0), Remembered(dumps=tuple(dumps))


def test_the_hard_bot_judges_how_carelessly_its_rivals_play_by_what_they_claim_and_dump():
    # The search lets that share of its rivals play at random in its
    # re-deals. A careful player claims its first card, and dumps few of the
    # cards it does not claim; a random player claims a third of its cards,
    # whenever, and dumps half of the rest. Before anyone has played: even.
    assert careless_share(*_table_where_rivals(Where.CLAIM, 0)) == pytest.approx(0.5)
    # One round: the rivals opened by giving Billy their cards, or by
    # claiming them.
    assert careless_share(*_table_where_rivals(Where.BILLY, 3)) > 0.9
    assert careless_share(*_table_where_rivals(Where.CLAIM, 3)) < 0.2
    assert careless_share(*_table_where_rivals(Where.DUMP, 12)) > 0.99
    # The seat's own dumps (it remembers them) say nothing of its rivals:
    # taken for theirs, they would make a careful table look careless.
    view, memory = _table_where_rivals(Where.CLAIM, 12)
    assert careless_share(view, memory) < 0.01
    assert careless_share(view, Remembered()) > 0.1


def test_the_hard_bot_finds_easy_bots_careless_and_normal_bots_careful():
    for rivals, low, high in (("random", 0.8, 1.0), ("heuristic", 0.0, 0.2)):
        shares = []
        for seed in range(10):
            state = SPEC.new_game(["A", "B", "C", "D", "E"], {}, seed)
            bots = [HeuristicBot()] + [SPEC.new_bot(rivals) for _ in range(4)]
            rng = random.Random(seed)
            turns = 0
            while turns < 5:
                seat = state.to_move()[0]
                view = state.view(seat)
                if seat == 0:
                    turns += 1
                    if turns == 5:  # its fifth turn: the rivals made some 16 moves
                        shares.append(careless_share(view, bots[0].remembered()))
                state.apply(seat, bots[seat].choose(view, state.legal_actions(seat), rng))
        assert low <= sum(shares) / len(shares) <= high, (rivals, shares)


def test_the_chance_of_a_number_of_claims_follows_the_chance_of_each_card():
    # A random player: the binomial; its chances over 0-4 claims add up.
    assert claims_likelihood(4, 1, [1 / 3]) == pytest.approx(4 * (1 / 3) * (2 / 3) ** 3)
    assert sum(claims_likelihood(4, c, CAREFUL_CLAIMS) for c in range(5)) == pytest.approx(1.0)
    # A careful player's first card is a claim: none claimed in one move is
    # rare for it, a third of the time for a random player.
    assert claims_likelihood(1, 0, CAREFUL_CLAIMS) == pytest.approx(1 - CAREFUL_CLAIMS[0])
    assert claims_likelihood(1, 0, CAREFUL_CLAIMS) < claims_likelihood(1, 0, [1 / 3]) / 10
