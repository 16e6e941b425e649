"""Nutty Business positions: a described state plays on exactly like the
one it was taken from, and an impossible description is refused with one
clear line (position.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tablegames.core import position
from tablegames.core.position import PositionError
from tablegames.games.nutty_business.rules import NuttyState
from tablegames.games.nutty_business.spec import SPEC
from tests.games.nutty_business.helpers import build, decision_kind, play, share_the_supply

EXAMPLE = Path(__file__).parent / "positions" / "example.json"
KIM_LEE = ["Kim", "Lee"]
# Kim to play her first turn: her Contraband 2 and Lee's Customs are the first cards.
TURN = {"decision": "play", "to_move": "Kim", "piles": [[["c2"]], [["customs"]]]}


def everything(state: NuttyState) -> tuple[Any, ...]:
    """All a player or a bot can tell about the state."""
    seats = range(state.n)
    return (state.to_move(), state.phase, state.is_over(),
            [state.view(s) for s in [None, *seats]],
            [[str(a) for a in state.legal_actions(s)] for s in seats],
            [state.prompt(s) for s in seats], state.pieces(),
            [state.secret_cards(s) for s in [None, *seats]])


def rebuilt(state: NuttyState, seed: int = 99) -> NuttyState:
    """``state`` described, through JSON, and built back."""
    description = json.loads(json.dumps(position.describe(SPEC, state)))
    again = position.build(SPEC, state.names, description, seed=seed)
    assert isinstance(again, NuttyState)
    return again


def assert_plays_on_alike(state: NuttyState, other: NuttyState, rng: random.Random,
                          moves: int | None) -> list[str | None]:
    """The same actions (``moves`` of them, or to the end) give the same
    log, the same views and prompts, and the same result. Returns the
    decisions met on the way."""
    state = state.copy()
    met = []
    for _ in range(10**4 if moves is None else moves + 1):
        assert everything(other) == everything(state)
        met.append(decision_kind(state))
        if state.is_over():
            assert other.result() == state.result()
            break
        seat = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        logs: tuple[list[Any], list[Any]] = ([], [])
        state.apply(seat, action, logs[0])
        other.apply(seat, action, logs[1])
        assert logs[0] == logs[1]
    return met


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_described_position_plays_on_exactly_like_the_game_it_was_taken_from(players):
    rng = random.Random(players)
    names = [f"P{i}" for i in range(players)]
    for seed in range(8):
        state = SPEC.new_game(names, None, seed)
        point = 0
        while True:
            # Every point a few moves on; now and then to the very end.
            assert_plays_on_alike(state, rebuilt(state), rng, None if point % 9 == 0 else 3)
            if state.is_over():
                break
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            point += 1


def test_a_described_position_with_a_short_supply_plays_on_alike():
    """Random positions with the supply nearly gone (so that the Customs
    splits and the orders it can make matter are reached) survive the
    round trip too."""
    rng = random.Random(5)
    met: list[str | None] = []
    for game in range(60):
        players = rng.randint(3, 5)
        state = SPEC.new_game([f"P{i}" for i in range(players)], None, game)
        while not state.is_over():
            if decision_kind(state) == "play" and rng.random() < 0.2:
                extra = state.supply - rng.randint(0, 6)
                description = share_the_supply(position.describe(SPEC, state), extra, players)
                short = position.build(SPEC, state.names, description, seed=game)
                assert isinstance(short, NuttyState)
                met += assert_plays_on_alike(short, rebuilt(short), rng, 6)
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert met.count("customs") >= 10 and met.count("order") >= 20, met


def test_the_example_position_file_is_a_customs_split_after_a_first_turn():
    spec, names, options, seed, description = position.load(EXAMPLE)
    state = position.build(spec, names, description, options, seed)
    assert isinstance(state, NuttyState)
    assert decision_kind(state) == "customs" and state.to_move() == (0,)
    assert sorted(str(a) for a in state.legal_actions(0)) == ["pay 2=1 3=1", "pay 2=1 4=1",
                                                              "pay 3=1 4=1"]
    play(state, "pay 2=1 4=1")
    assert state.nuts == [0, 1, 0, 1] and state.to_move() == (1,), "the raid found nobody"
    assert position.describe(spec, position.build(spec, names, description, options, seed)) == {
        **description, "hands": [["c3", "c5", "bank", "customs", "robbery", "hideout"]]
        + [["c2", "c3", "c5", "bank", "raid", "robbery", "hideout"]] * 3,
        "supply": 265, "gained": 2}


def test_a_position_from_the_first_cards_hides_them_until_all_are_laid():
    state = build({"decision": "first card", "first_cards": [None, "bank"], "start": "Lee"}, KIM_LEE)
    assert state.to_move() == (0,) and state.view(0)["chosen"] == [False, True]
    assert "bank.1" not in str(state.view(0)) and state.view(1)["first_card"] == "bank.1"
    play(state, "start c5")
    assert state.view(None)["piles"] == [[["c5.0"]], [["bank.1"]]] and state.to_move() == (1,)


# ----- impossible positions: one line each ------------------------------------------

def refused(description: dict[str, Any], names: list[str] = KIM_LEE) -> str:
    with pytest.raises(PositionError) as caught:
        build(description, names)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_position_a_card_twice_is_refused():
    assert refused({**TURN, "piles": [[["c2", "bank"], ["c2"]], [["customs"]]]}) == (
        "Kim's c2 is there twice (on their piles or face down); each player has one of each card.")


def test_position_a_missing_card_is_refused():
    hands = [["c3", "c5", "bank", "raid", "customs", "robbery"],
             ["c2", "c3", "c5", "bank", "raid", "robbery", "hideout"]]
    assert refused({**TURN, "hands": hands}) == (
        "Kim's hand has 6 cards, but 7 of their cards are on no pile: hideout is missing.")


def test_position_a_bad_hand_size_is_refused():
    hands = [["c3"], ["c2", "c3", "c5", "bank", "raid", "robbery", "hideout"]]
    assert refused({**TURN, "hands": hands}) == (
        "Kim's hand has 1 card, but 7 of their cards are on no pile: c5, bank, raid, customs, "
        "robbery, hideout are missing.")


def test_position_more_than_two_piles_is_refused():
    assert refused({**TURN, "piles": [[["c2"], ["c3"], ["c5"]], [["customs"]]]}) == (
        "Kim has 3 piles; a player has at most 2.")


def test_position_an_unknown_card_or_another_player_s_card_is_refused():
    assert refused({**TURN, "piles": [[["c4"]], [["customs"]]]}) == (
        "Unknown card 'c4' in Kim's pile 1 (cards: c2 c3 c5 bank raid customs robbery hideout).")
    assert refused({**TURN, "piles": [[["c2.1"]], [["customs"]]]}) == (
        "'c2.1' in Kim's pile 1 is not Kim's card: a player's cards never change owner.")


def test_position_an_unknown_field_is_refused():
    assert refused({**TURN, "nut": [1, 2]}) == (
        "The position has no field 'nut' (fields: decision, first_cards, gained, hands, ledger, "
        "nuts, pending, piles, played, start, supply, to_move, turn_no).")


def test_position_a_bad_seat_is_refused():
    assert refused({**TURN, "to_move": "Max"}) == (
        "'to_move' must be a player's name or a seat number 1-2, not 'Max'.")
    assert refused({**TURN, "to_move": 3}) == (
        "'to_move' must be a player's name or a seat number 1-2, not 3.")


def test_position_nuts_that_do_not_add_up_are_refused():
    assert refused({**TURN, "nuts": [3, 0], "ledger": [{"Contraband": 2}, {}]}) == (
        "Kim's ledger adds up to 2 nuts, but they have 3.")
    assert refused({**TURN, "supply": 100}) == (
        "'supply' is 100, but with the players' 0 nuts it is 267 (the game has 267 nuts).")


def test_position_an_order_question_that_cannot_arise_is_refused():
    # Two Contraband with a full supply: either order gives the same nuts.
    assert refused({**TURN, "decision": "order", "piles": [[["c2"], ["c3"]], [["customs"]]],
                    "played": 2}) == (
        "Kim is asked which top card acts first only when both act and the order can change "
        "somebody's nuts.")


def test_position_a_customs_split_that_cannot_arise_is_refused():
    # A Contraband 3 pays Lee's one Customs in full: nothing to split.
    assert refused({**TURN, "decision": "customs", "piles": [[["c2"], ["c3"]], [["customs"]]],
                    "played": 2, "nuts": [5, 0], "ledger": [{"Contraband": 5}, {}]}) == (
        "Kim splits Customs only when the gain (here 3) was too little to pay every officer and "
        "can be split more than one way.")


def test_position_a_police_raid_without_a_target_is_refused():
    assert refused({**TURN, "decision": "raid", "piles": [[["c2"], ["raid"]], [["customs"]]],
                    "played": 2}) == "Kim's Police Raid has nobody with two piles to raid."


def test_position_a_finished_game_needs_a_player_without_cards():
    assert refused({**TURN, "decision": None, "to_move": None}) == (
        "The game ends only when the turn reaches a player without cards: somebody's hand must "
        "be empty.")


def test_position_a_turn_needs_the_player_to_move():
    assert refused({k: v for k, v in TURN.items() if k != "to_move"}) == (
        "The position needs 'to_move' (whose turn it is, for decision 'play').")


# ----- what the turns played so far imply (positions no game can reach)

def after_turns(turn_no: int, to_move: str, *, start: str | None = "Kim", nuts=(0, 0), ledger=None,
                piles=None) -> dict[str, Any]:
    """Kim and Lee ``turn_no`` turns into the game, each with a Contraband 2
    first card and the cards the turns played on top."""
    description: dict[str, Any] = {
        "decision": "play", "to_move": to_move, "turn_no": turn_no,
        "piles": piles or [[["c2", "c3", "c5"][:1 + turn_no // 2]], [["c2", "c3", "c5"][:1 + (turn_no - 1) // 2]]],
        "nuts": list(nuts), "ledger": ledger or [{"Contraband": x} for x in nuts]}
    if start is not None:
        description["start"] = start
    return description


def test_position_the_turn_passes_to_the_left_from_the_start_player():
    assert build(after_turns(3, "Kim"), KIM_LEE).turn == 0
    assert refused(after_turns(3, "Lee")) == "Turn 3 from Kim is Kim's, not Lee's: the turn passes to the left."


def test_position_without_a_start_player_the_turn_order_gives_it():
    assert build(after_turns(3, "Kim", start=None), KIM_LEE).start == 0
    assert build(after_turns(2, "Lee", start=None), KIM_LEE).start == 0
    # Lee to play turn 3: Lee started, so Kim has had one turn, not two.
    piles = [[["c2", "c3", "c5"]], [["c2"]]]
    assert refused(after_turns(3, "Lee", start=None, piles=piles)) == (
        "Kim has 2 card(s) on the piles beyond the first card but has played 1 in 3 turn(s) from Lee: a turn "
        "plays one card.")


def test_position_every_card_on_the_piles_beyond_the_first_was_played_in_a_turn():
    piles = [[["c2", "c3", "c5", "bank"]], [["c2"]]]
    assert refused(after_turns(1, "Kim", piles=piles)) == (
        "Kim has 3 card(s) on the piles beyond the first card but has played 0 in 1 turn(s) from Kim: a turn "
        "plays one card.")


def test_position_nuts_from_the_supply_come_at_most_8_a_turn():
    # Turn 7, Kim to play: Kim has begun 4 turns, Lee 3 (Contraband 5 and 3 on top give 8).
    assert refused(after_turns(7, "Kim", nuts=(200, 0))) == (
        "Kim got 200 nuts from the supply in 4 turn(s) of their own out of 7; the cards give at most 32.")
    assert refused(after_turns(7, "Kim", nuts=(0, 25))).startswith("Lee got 25 nuts from the supply in 3 turn(s)")
    assert build(after_turns(7, "Kim", nuts=(32, 24)), KIM_LEE).nuts == [32, 24]


def test_position_customs_and_robberies_received_were_paid_by_another_player():
    ledger = [{"Contraband": 2}, {"Customs received": 1}]
    assert refused(after_turns(3, "Kim", nuts=(2, 1), ledger=ledger)) == (
        "The ledgers show 1 nut(s) received from Customs but 0 paid: every nut one player gets there, another "
        "gives.")
    ledger = [{"Contraband": 3, "Customs paid": 1}, {"Customs received": 1}]
    assert build(after_turns(3, "Kim", nuts=(2, 1), ledger=ledger), KIM_LEE).nuts == [2, 1]
    ledger = [{"Robbed": 1, "Contraband": 3}, {"Robberies": 2}]
    assert refused(after_turns(3, "Kim", nuts=(2, 2), ledger=ledger)).startswith(
        "The ledgers show 2 nut(s) received from Robberies but 1 paid")


def test_position_customs_come_at_most_2_nuts_from_each_other_players_turn():
    ledger = [{"Contraband": 10, "Customs paid": 5}, {"Customs received": 5}]
    assert refused(after_turns(3, "Kim", nuts=(5, 5), ledger=ledger)) == (
        "Lee got 5 nuts from Customs in 1 turn(s) of their own out of 3; the cards give at most 4.")


def test_position_a_finished_game_ends_when_the_turn_reaches_the_player_without_cards():
    # After turn 14 from Kim the turn passes to Kim (Lee played the 14th turn).
    everything = ["c3", "c5", "bank", "raid", "customs", "robbery", "hideout"]
    over = {"decision": None, "turn_no": 14, "start": "Kim", "hands": [[], ["c2"]],
            "piles": [[["c2", *everything]], [everything]]}
    assert build(over, KIM_LEE).is_over()
    assert refused({**over, "start": "Lee"}) == (
        "After 14 turn(s) from Lee the turn passes to Lee, who holds cards: the game is not over.")
