"""Blenders Tricks positions: a described state plays on exactly like the
state it describes, and an impossible position is one clear line."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from tablegames.core import position
from tablegames.core.position import PositionError
from tablegames.games.blenders_tricks.spec import SPEC
from tablegames.games.blenders_tricks.vocab import SPENDS
from tests.games.blenders_tricks.helpers import NAMES as SEATS, build, described, finished_rounds

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def snapshot(state) -> tuple:
    seats = range(state.n)
    over = state.is_over()
    return (state.to_move(), state.phase, state.is_over(),
            [state.view(s) for s in (None, *seats)],
            [[str(a) for a in state.legal_actions(s)] for s in seats],
            None if over else [state.prompt(s) for s in seats],
            [sorted(state.secret_cards(s)) for s in (None, *seats)],
            state.result() if over else None)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_described_position_plays_on_like_the_state_it_describes(players):
    # Many points of seeded random matches; both states then play the same
    # actions to the round's end (later deals come from the seed).
    names = NAMES[:players]
    for seed in range(4):
        state = SPEC.new_game(names, {}, seed)
        rng = random.Random(seed)
        points = 0
        while not state.is_over():
            if state.phase == "spend" or rng.random() < 0.15:  # every token decision: they are rare
                points += 1
                rebuilt = position.build(SPEC, names, json.loads(json.dumps(SPEC.describe_position(state))),
                                         seed=seed)
                assert snapshot(rebuilt) == snapshot(state)
                a, b, play = state.copy(), rebuilt, random.Random(points)
                start = a.round
                while not a.is_over() and a.round == start:
                    seat = play.choice(a.to_move())
                    action = play.choice(a.legal_actions(seat))
                    events_a, events_b = [], []
                    a.apply(seat, action, events_a)
                    b.apply(seat, action, events_b)
                    assert events_a == events_b
                    if a.round == start or a.is_over():
                        assert snapshot(b) == snapshot(a)
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert points > 3
        end = position.build(SPEC, names, SPEC.describe_position(state), seed=seed)
        assert snapshot(end) == snapshot(state), "a finished game describes itself too"


def test_the_example_position_file_builds():
    path = Path(__file__).parent / "positions" / "example.json"
    spec, names, options, seed, description = position.load(path)
    state = position.build(spec, names, description, options, seed)
    assert state.to_move() == (2,) and state.phase == "play"
    assert [str(a) for a in state.legal_actions(2)] == ["play 27", "play 26"]
    assert SPEC.describe_position(state) == {**description, "to_move": ["Cy"]}


def start(**changes) -> dict:
    """A fresh three-player game's description (everyone to pass), then ``changes``."""
    description = described(3)
    description.update(changes)
    return description


def error(description: dict, players: int = 3) -> str:
    with pytest.raises(PositionError) as info:
        build(description, players)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_a_card_twice_is_refused():
    d = start()
    twice = d["hands"][0][0]
    d["hands"][1][0] = twice
    assert error(d) == f"The position has 'S{twice}' 2 time(s); the game has it 1 time(s)."


def test_a_missing_card_is_refused():
    d = {"decision": "play", "leader": "P0", "hands": [[6], [9], [8]], "aside": [1],
         "discard": [c for c in range(2, 40) if c not in (6, 8, 9)]}
    assert error(d) == ("The position is missing 'S40' (1 kind(s) of piece are missing in all); "
                        "every piece must be somewhere.")


def test_a_bad_hand_size_is_refused():
    d = start()
    d["discard"].append(d["hands"][1].pop())
    assert error(d) == "P1 holds 12 card(s); this point of the round needs 13."


def test_a_bad_aside_count_is_refused():
    d = start()
    d["discard"].extend(d["aside"])
    d["aside"] = []
    assert error(d) == "With 3 players 1 card(s) are set aside, not 0."


def test_an_unknown_field_is_refused():
    assert error(start(nuts=[1])).startswith("The position has no field 'nuts' (fields: ")


def test_an_unknown_card_is_refused():
    d = start()
    d["hands"][0][0] = 41
    assert error(d) == "P0's hand: 41 is not a card (cards are 1-40)."


def test_a_bad_seat_is_refused():
    assert error(start(leader="Zed")) == "'leader' must be a player's name or a seat number 1-3, not 'Zed'."


def test_a_missing_required_field_is_refused():
    d = start()
    del d["decision"]
    assert error(d) == "The position needs 'decision' (one of 'pass', 'play', 'claim', 'spend', 'over')."


def test_a_to_move_that_does_not_match_is_refused():
    assert error(start(to_move=["P1"])) == "'to_move' does not match the position: P0, P1, P2 must decide."


def claim(trick: list[int]) -> dict:
    return {"decision": "claim", "leader": "P0", "hands": [[6], [9], [8]], "trick": trick}


def test_a_claim_is_built_after_a_trick_with_two_other_non_wild_cards():
    state = build(claim([1, 3, 39]))
    assert state.to_move() == (2,) and [str(a) for a in state.legal_actions(2)] == ["claim 1", "claim 3"]


def test_a_claim_that_cannot_arise_is_refused():
    # With a wild among the others, the winner takes the one other card at once.
    assert error(claim([1, 20, 39])) == "No claim is chosen here: the winner takes the trick's cards at once."


def end_of_round(**more) -> dict:
    """Three players after round 1's last trick (7, 5 and the wild 40):
    Ann claimed the most cards and holds the token."""
    return {"decision": "spend", "leader": "P0", "hands": [[], [], []],
            "claimed": [[1, 4, 13], [2, 3], [7, 5]], "tokens": [1, 0, 0],
            "last_trick": {"plays": [["P0", 7], ["P1", 5], ["P2", 40]], "winner": "P2", "claimed": [7, 5]}, **more}


def test_the_token_holder_decides_first_at_the_rounds_end():
    state = build(end_of_round())
    assert state.to_move() == (0,) and [str(a) for a in state.legal_actions(0)] == [
        "keep", "spend 1", "spend 4", "spend 13"]


def test_a_spend_for_a_player_without_a_token_cannot_arise():
    assert error(end_of_round(spenders=["P1"])).startswith(
        "'spenders' cannot arise: token holders with a claimed card decide in turn from P0 leftwards")


def test_a_holder_of_two_tokens_described_after_spending_one_plays_on_alike():
    # Each token is spent on its own: after the first, the position holds
    # the second choice, over the cards not yet ignored.
    d = end_of_round(round=2, tokens=[2, 0, 0], rounds=finished_rounds(1, 3))
    state = build(d)
    state.apply(0, SPENDS[4])
    assert state.to_move() == (0,) and [str(a) for a in state.legal_actions(0)] == ["keep", "spend 1", "spend 13"]
    description = SPEC.describe_position(state)
    assert description["spenders"] == ["P0"] and description["ignored"][0] == [4]
    rebuilt = build(description)
    assert snapshot(rebuilt) == snapshot(state)
    for s in (state, rebuilt):
        s.apply(0, SPENDS[13])
    assert snapshot(rebuilt) == snapshot(state)
    assert rebuilt.rounds[-1].ignored[0] == (4, 13) and rebuilt.tokens == [0, 0, 0]


def test_a_malformed_description_is_one_clear_line_never_a_traceback():
    junk = [None, 5, "x", [], [[]], {"a": 1}, [1, 2], -1, True, [[1, 2], [3]], [["Ann", 1]], ["Zed"], [41],
            {"Ann": [1, 2]}, {"plays": 3}]
    names = NAMES[:4]
    for seed in range(10):
        state = SPEC.new_game(names, {}, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(160)):
            if state.is_over():
                break
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        description = SPEC.describe_position(state)
        for _ in range(30):
            broken = copy.deepcopy(description)
            key = rng.choice(sorted(broken))
            value = broken[key]
            if isinstance(value, list) and value and rng.random() < 0.5:
                value[rng.randrange(len(value))] = rng.choice(junk)
            else:
                broken[key] = rng.choice(junk)
            try:
                position.build(SPEC, names, broken, seed=1)
            except PositionError as exc:
                assert "\n" not in str(exc)


# ----- what the rounds played so far imply (positions no game can reach)

def after_one_trick(claimed: list[list[int]], plays: list[list[int]], winner: int, took: list[int],
                    **more) -> dict:
    """Three players, round 1, one trick taken (the cards 1, 2 and 3, or as
    ``plays`` says): each holds 12 cards, 40 is set aside."""
    played = [card for _, card in plays]
    rest = [c for c in range(1, 40) if c not in played]
    seat = SEATS.__getitem__  # (a seat in a position is a player's name, or a number from 1)
    return {"decision": "play", "leader": seat(winner), "hands": [rest[0:12], rest[12:24], rest[24:36]],
            "aside": [40], "claimed": claimed,
            "last_trick": {"plays": [[seat(s), c] for s, c in plays], "winner": seat(winner), "claimed": took},
            **more}


FIRST_TRICK = [[0, 1], [1, 2], [2, 3]]  # Cy's 3 wins; the rules let Cy claim 3 and one of 1 or 2


def test_a_position_after_one_trick_as_the_rules_leave_it_builds():
    state = build(after_one_trick([[], [], [3, 1]], FIRST_TRICK, 2, [3, 1]))
    assert state.to_move() == (2,) and state.claimed == [[], [], [3, 1]]


def test_every_card_claimed_this_round_was_won_in_a_trick():
    assert error(after_one_trick([[], [], [3, 1, 39]], FIRST_TRICK, 2, [3, 1])) == (
        "3 card(s) are claimed this round, but 1 trick(s) taken give at most 2: every claimed card was won "
        "in a trick.")


def test_the_last_tricks_claim_is_the_winners_card_and_one_other():
    assert error(after_one_trick([[], [], [1, 2]], FIRST_TRICK, 2, [1, 2])) == (
        "The last trick's claimed cards [1, 2] cannot be: the winner claims their card and one other non-wild "
        "card, if any.")


def test_a_card_claimed_from_the_last_trick_is_among_its_winners_claimed_cards():
    assert error(after_one_trick([[3, 1], [], []], FIRST_TRICK, 2, [3, 1])) == (
        "P2 claimed [3, 1] from the last trick: they must be among P2's claimed cards.")


def test_a_card_played_to_the_last_trick_is_in_no_hand():
    d = after_one_trick([[], [], [3, 1]], FIRST_TRICK, 2, [3, 1])
    d["hands"][0][0], d["aside"] = 2, [d["hands"][0][0]]
    assert error(d) == "Card 2 was played to the last trick, so it is in no hand, trick or other claim."


def test_the_winner_of_the_last_trick_leads_the_next():
    d = after_one_trick([[], [], [3, 1]], FIRST_TRICK, 2, [3, 1], leader="P0")
    d["hands"] = [d["hands"][2], d["hands"][0], d["hands"][1]]
    assert error(d) == "P2 won the last trick and leads this one, not P0."


def test_wilds_are_never_claimed():
    plays = [[0, 1], [1, 2], [2, 30]]  # Cy's wild 30 wins: Cy claims 1 and 2
    assert build(after_one_trick([[], [], [1, 2]], plays, 2, [1, 2])).claimed[2] == [1, 2]
    assert error(after_one_trick([[], [], [30, 1]], plays, 2, [30, 1])) == (
        "P2 claimed the wild 30 this round: wilds are never claimed.")


def test_no_barley_token_is_held_before_the_first_round_ends():
    assert error(start(tokens=[1, 0, 0])) == (
        "P0 holds 1 barley token(s), but earned 0 and spent 0: a token is earned at a round's end and spent "
        "on an ignored card.")


def test_the_tokens_held_are_those_earned_less_those_spent():
    d = start(round=2, rounds=finished_rounds(1, 3, earner=1), leader="P1", tokens=[1, 0, 0])
    assert error(d).startswith("P0 holds 1 barley token(s), but earned 0 and spent 0")
    assert build({**d, "tokens": [0, 1, 0]}).tokens == [0, 1, 0]


def test_a_finished_rounds_gains_are_the_icons_of_its_claimed_cards():
    rounds = finished_rounds(1, 3)
    rounds[0] = {**rounds[0], "gains": [[1, 0, 0], [0, 0, 0], [0, 0, 0]]}
    assert error(start(round=2, rounds=rounds, tokens=[1, 0, 0], totals=[[1, 0, 0], [0, 0, 0], [0, 0, 0]])) == (
        "P0's gains in round 1 are [1, 0, 0], but their claimed cards give [0, 0, 0].")


def test_the_totals_are_the_finished_rounds_gains_added_up():
    assert error(start(totals=[[5, 5, 5], [0, 0, 0], [0, 0, 0]])) == (
        "P0's totals are [5, 5, 5], but the finished rounds add up to [0, 0, 0].")


def test_a_rounds_token_goes_to_a_player_who_claimed_the_most():
    rounds = [{"gains": [[1, 0, 0], [0, 0, 0], [0, 0, 0]], "ignored": [[], [], []],
               "claimed": [[1], [], []], "earner": "P1"}]
    d = start(round=2, rounds=rounds, leader="P1", tokens=[0, 1, 0], totals=[[1, 0, 0], [0, 0, 0], [0, 0, 0]])
    assert error(d) == "P1 earned the token in round 1 with 0 card(s) claimed; the most claimed was 1."


def test_the_last_rounds_token_earner_leads_the_first_trick_of_the_next():
    d = start(round=2, rounds=finished_rounds(1, 3, earner=1), leader="P0", tokens=[0, 1, 0], decision="play")
    assert error(d) == "P1 earned the last round's token and leads this round's first trick."


def test_a_hand_of_more_cards_than_are_dealt_is_refused_as_such():
    d = start(decision="play")
    d["hands"][0] = d["hands"][0] * 3
    assert error(d) == "P0 holds 39 card(s); with 3 players 13 are dealt."
