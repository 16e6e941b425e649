"""The kit's turn order and what follows a decision (core/turns.py,
core/state.py, core/decisions.py), through a small test-only game:

Round the table. A round is every seat in turn from the leader, queued when
it begins (``refill``); then everyone votes at once whether to play another
round (a group), and the round's tally follows the last vote (a ``then``
step). A seat that calls "out" leaves the table and is passed over from the
next round on. A "double" makes the seat confirm it (a decision of its own
pushed by the answer), and the tally waits for that confirmation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tablegames.core.decisions import Decision, DecisionQueue
from tablegames.core.errors import IllegalAction
from tablegames.core.state import BaseState, handles


@dataclass(frozen=True, slots=True)
class Turn(Decision):
    PHASE = "turn"


@dataclass(frozen=True, slots=True)
class Vote(Decision):
    PHASE = "vote"


@dataclass(frozen=True, slots=True)
class Confirm(Decision):
    PHASE = "confirm"


class RoundTable(BaseState):
    DEEP = ("played", "out", "tallies")

    def __init__(self, players: int, leader: int = 0) -> None:
        super().__init__([f"P{i}" for i in range(players)], 1)
        self.leader = leader
        self.played: list[int] = []
        self.out: set[int] = set()
        self.tallies: list[int] = []
        self.more = 0
        self._round()

    def _round(self) -> None:
        order = [s for s in self.seats_from(self.leader) if s not in self.out]
        self.decisions.refill(Turn(s) for s in order)

    @handles(Turn)
    def _turn(self, d: Turn, action: Any) -> None:
        if action not in ("play", "out"):
            raise IllegalAction("play or out")
        self.decisions.take(d.seat)
        self.played.append(d.seat)
        if action == "out":
            self.out.add(d.seat)
        if not self.decisions:
            self.decisions.push_together(Vote(s) for s in range(self.n))

    def _tally(self, d: Vote | Confirm) -> None:
        self.tallies.append(self.more)
        self.more = 0
        nxt = self.next_seat(self.leader, skip=self.out)
        if nxt is not None:
            self.leader = nxt
            self._round()

    @handles(Vote, then=_tally)
    def _vote(self, d: Vote, action: Any) -> None:
        if action not in ("more", "stop", "double"):
            raise IllegalAction("more, stop or double")
        self.decisions.take(d.seat)
        self.more += action != "stop"
        if action == "double":
            self.decisions.push(Confirm(d.seat))

    @handles(Confirm, then=_tally)
    def _confirm(self, d: Confirm, action: Any) -> None:
        self.decisions.take(d.seat)
        self.more += 1

    def view(self, seat: int | None) -> dict[str, Any]:
        return {}

    def all_card_ids(self) -> list[str]:
        return []


def play_round(state: RoundTable, actions: dict[int, str] | None = None) -> None:
    while state.due_phase() == "turn":
        seat = state.to_move()[0]
        state.apply(seat, (actions or {}).get(seat, "play"))


# ----- round the table

@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_the_next_seat_is_the_left_neighbour_and_the_last_seat_passes_to_the_first(players):
    state = RoundTable(players)
    assert [state.next_seat(s) for s in range(players)] == [*range(1, players), 0]
    assert list(state.next_seats) == [*range(1, players), 0]


def test_the_next_seat_passes_over_the_seats_skipped():
    state = RoundTable(5)
    assert state.next_seat(1, skip={2, 3}) == 4
    assert state.next_seat(3, skip={4, 0}) == 1  # round past the last seat
    assert state.next_seat(2, skip={0, 1, 3, 4}) == 2  # only the seat itself is left
    assert state.next_seat(2, skip=range(5)) is None  # nobody is left


def test_seats_in_playing_order_start_at_the_seat_asked_and_neighbours_sit_either_side():
    state = RoundTable(4)
    assert state.seats_from(2) == (2, 3, 0, 1)
    assert state.others_from[2] == (3, 0, 1)
    assert state.neighbours(0) == (1, 3)
    assert RoundTable(2).neighbours(1) == (0, 0)


# ----- refilling the queue

def test_a_refilled_round_plays_every_seat_in_turn_from_the_leader():
    state = RoundTable(4, leader=2)
    movers = []
    while state.due_phase() == "turn":
        movers.append(state.to_move())
        state.apply(movers[-1][0], "play")
    assert movers == [(2,), (3,), (0,), (1,)]
    assert state.to_move() == (0, 1, 2, 3)  # then everyone votes at once


def test_a_refill_refuses_while_a_decision_is_pending():
    queue: DecisionQueue[Decision] = DecisionQueue([Turn(0)])
    with pytest.raises(ValueError, match="still pending"):
        queue.refill([Turn(1)])
    assert [d.seat for d in queue] == [0]  # nothing is lost


def test_a_refill_after_a_copy_leaves_the_original_queue_alone():
    state = RoundTable(3)
    state.apply(0, "play")
    twin = state.copy()
    play_round(twin)
    for seat in range(3):
        twin.apply(seat, "more")
    assert twin.to_move() == (1,) and len(twin.decisions) == 3  # the next round, refilled
    assert state.to_move() == (1,) and [d.seat for d in state.decisions] == [1, 2]
    assert state.tallies == [] and twin.tallies == [3]


# ----- the step after a decision

def test_the_step_after_a_group_runs_once_the_last_seat_has_answered_and_not_before():
    state = RoundTable(3)
    play_round(state)
    state.apply(0, "more")
    state.apply(2, "stop")
    assert state.tallies == [] and state.to_move() == (1,)
    state.apply(1, "more")
    assert state.tallies == [2]
    assert state.to_move() == (1,) and state.due_phase() == "turn"  # the next round, led by seat 1


def test_the_step_waits_for_a_decision_the_answer_put_due():
    state = RoundTable(2)
    play_round(state)
    state.apply(0, "stop")
    state.apply(1, "double")  # the last vote, but seat 1 must confirm first
    assert state.tallies == [] and state.to_move() == (1,) and state.due_phase() == "confirm"
    state.apply(1, "yes")
    assert state.tallies == [2]


def test_a_refused_answer_runs_no_step():
    state = RoundTable(2)
    play_round(state)
    state.apply(0, "stop")
    with pytest.raises(IllegalAction):
        state.apply(1, "maybe")
    assert state.tallies == [] and state.to_move() == (1,)


def test_the_next_round_passes_over_a_seat_that_left():
    state = RoundTable(3)
    play_round(state, {1: "out"})
    for seat in range(3):
        state.apply(seat, "more")
    # The lead passes from seat 0 over seat 1 (out) to seat 2; seat 1 plays no more.
    movers = []
    while state.due_phase() == "turn":
        movers.append(state.to_move()[0])
        state.apply(movers[-1], "play")
    assert movers == [2, 0]
