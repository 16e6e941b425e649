"""The Blind Business computer player."""

import json
import random

from tablegames.core.simulate import simulate
from tablegames.games.blind_business.spec import SPEC
from tablegames.games.blind_business.bot import HeuristicBot
from tablegames.games.blind_business.cards import CARD_ID
from tablegames.games.blind_business.vocab import (
    ADD, DISCARD, Add, Ask, Discard, Take,
)
from tests.games.blind_business.helpers import built, ids, play, position


def decide(state, seat=None, bot=None):
    """The bot's choice from a JSON round trip of its view (nothing else)."""
    seat = state.to_move()[0] if seat is None else seat
    view = json.loads(json.dumps(state.view(seat)))
    return (bot or HeuristicBot()).choose(view, state.legal_actions(seat), random.Random(0))


def test_heuristic_bot_clearly_beats_random_bots_two_players():
    sim = simulate(SPEC, ["heuristic", "random"], games=100, seed=500)
    share = sim.seats[0].wins / sim.games
    assert share > 0.75, f"heuristic won only {share:.0%} against a random bot (fair: 50%)"


def test_heuristic_bot_clearly_beats_random_bots_four_players():
    sim = simulate(SPEC, ["random", "heuristic", "random", "random"], games=100, seed=900)
    share = sim.seats[1].wins / sim.games
    assert share > 0.4, f"heuristic won only {share:.0%} against three random bots (fair: 25%)"
    assert sim.seats[1].total_score > max(s.total_score for i, s in enumerate(sim.seats) if i != 1)


def test_bot_asks_with_an_ok_token_for_the_card_that_completes_its_five_in_a_row():
    state = position(2, hands=[["BW5", "BW6", "CS7", "DT8"], ["PG9", "CS8", "DT9", "BW9"]],
                     areas=[["PG5", "PG6", "PG7", "PG8", "CS2"], []], tokens=[1, 0])
    assert decide(state) == Ask(1, 1, True)


def test_bot_takes_the_card_that_completes_its_five_in_a_row():
    state = position(2, hands=[["BW5", "BW6", "CS7", "DT8"], ["CS9", "DT9", "PG9", "BW9"]],
                     areas=[["PG5", "PG6", "PG7", "PG8"], []])
    play(state, "ask p2 1", "no")
    assert decide(state) == Take(3)


def test_bot_discards_its_least_useful_card():
    state = position(2, hands=[["BW5", "BW6", "CS7", "DT8"], ["PG10", "DT9", "CS9", "BW9"]],
                     areas=[["PG9", "PG8", "PG7", "CS2"], []])
    play(state, "ask p2 2", "no", "take 1")
    assert state.phase == DISCARD
    assert decide(state) == Discard(ids(["CS2"])[0])


def test_bot_adds_the_playground_card_that_wins():
    state = position(2, hands=[["BW9", "PG7", "DT8", "BW7"], ["BW5", "CS6", "DT7", "CS9"]],
                     areas=[["PG5", "PG6", "PG8", "PG9"], []], deck=["BW8", "DT6"])
    play(state, "ask p2 1", "no", "take 2")
    assert state.phase == ADD
    assert decide(state) == Add(2)


def test_bot_remembers_its_first_look_but_never_sees_its_hand_afterwards():
    state = SPEC.new_game(["A", "B"], {}, 4)
    bot = HeuristicBot()
    seen_faces = {c for c in state.hands[0]}
    state.apply(0, decide(state, 0, bot))
    assert bot.known == seen_faces
    state.apply(1, decide(state, 1))
    view = state.view(0)
    assert all(x == "back" for x in view["hands"][0])
    assert not {CARD_ID[c] for c in state.hands[0]} & set(json.dumps(view).split('"'))


def test_bot_plays_whole_games_in_every_seat_and_count():
    for players in range(2, 6):
        sim = simulate(SPEC, ["heuristic"] * players, games=3, seed=players)
        assert sim.games == 3


def test_after_a_swap_it_did_not_advise_the_bot_remembers_the_hand_it_took():
    # The hard bot overrules its heuristic's advice and swaps with player 3:
    # the heuristic must then remember player 3's hand as its own (it saw it).
    from tablegames.games.blind_business.vocab import Swap

    # P0 has just won a 3 (CS3) from P1 and refilled: P0 may swap hands.
    state = built(3, {
        "requester": "P0", "decision": "swap", "to_move": "P0",
        "hands": [["PG2", "DT4", "BW4", "CS5"], ["PG3", "BW11", "CS2", "DT2"], ["BW7", "BW8", "CS9", "DT9"]],
        "areas": [["CS3"], ["PG4"], []],
        "request": {"recipient": "P1", "slot": 1, "answer": "yes", "counter_slot": 2},
        "won": ["CS3", "PG4"],
    })
    assert state.phase == "swap" and state.to_move() == (0,)
    bot = HeuristicBot()
    view = json.loads(json.dumps(state.view(0)))
    bot.observe(view, state.legal_actions(0), Swap(2))
    assert bot.remembered().cards == {"BW7", "BW8", "CS9", "DT9"}


def test_the_bot_remembers_how_its_rivals_answered_its_asks_and_replied_to_its_counter_asks():
    from tablegames.games.blind_business.bot import careless_share

    bot = HeuristicBot()
    # Seat 0 asks seat 1, who says no: seat 0 sees the answer when it takes.
    state = position(2, hands=[["PG2", "CS3", "DT4", "BW4"], ["PG3", "BW11", "CS2", "DT2"]])
    play(state, "ask p2 1", "no")
    state.apply(0, decide(state, 0, bot))
    assert (bot.remembered().yes_answers, bot.remembered().no_answers) == (0, 1)
    # Seat 1 asks seat 0, who says yes and counter-asks; seat 1 accepts: at
    # its next view seat 0 sees it won the card it asked for.
    while state.to_move() != (1,) or state.view(1)["phase"] != "ask":
        mover = state.to_move()[0]
        state.apply(mover, decide(state, mover, bot if mover == 0 else None))
    play(state, "ask p1 1", "yes")
    state.apply(0, decide(state, 0, bot))  # a plain counter-ask (no token)
    play(state, "accept")
    while 0 not in state.to_move():
        mover = state.to_move()[0]
        state.apply(mover, decide(state, mover))
    decide(state, 0, bot)
    memory = bot.remembered()
    assert (memory.accepted, memory.rejected) == (1, 0)
    # A no and an accept: now more likely from a random player than a careful one.
    assert careless_share(state.view(0), memory) > 0.5


def test_the_hard_bot_judges_how_carelessly_its_rivals_play_by_their_answers_and_replies():
    from tablegames.games.blind_business.bot import careless_share
    from tablegames.games.blind_business.vocab import Remembered

    view = position(2).view(0)
    before = careless_share(view, Remembered())
    assert 0.0 < before < 0.5, "before anyone answered: more likely careful, but not surely"
    careful = careless_share(view, Remembered(yes_answers=5, no_answers=1, rejected=4))
    careless = careless_share(view, Remembered(yes_answers=2, no_answers=4, accepted=2, rejected=2))
    assert careful < 0.1 < 0.9 < careless
    # The cards it remembers are no evidence either way.
    assert careless_share(view, Remembered(cards=frozenset({"PG2", "CS3"}))) == before


def test_the_hard_bot_finds_easy_bots_careless_and_normal_bots_careful():
    from tablegames.games.blind_business.bot import careless_share

    for rivals, low, high in (("random", 0.5, 1.0), ("heuristic", 0.0, 0.15)):
        shares = []
        for seed in range(10):
            state = SPEC.new_game(["A", "B"], {}, seed)
            bots = [HeuristicBot(), SPEC.new_bot(rivals)]
            rng = random.Random(seed)
            while state.view(0)["turn"] <= state.view(0)["turns"] * 2 // 3 and not state.is_over():
                seat = state.to_move()[0]
                view = state.view(seat)
                state.apply(seat, bots[seat].choose(view, state.legal_actions(seat), rng))
            shares.append(careless_share(state.view(0), bots[0].remembered()))
        assert low <= sum(shares) / len(shares) <= high, (rivals, shares)
