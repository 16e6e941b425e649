"""The rules kit (BaseState, DecisionQueue, SecretChoices, Result's winner
who is no seat), through a small test-only game no real game resembles:

Sealed bids. Every seat secretly bids 1-3 chips at once; the bids are
revealed together. The highest single bidder must then decide, inside the
round, whom to give the pot to (a pending decision); a tie sends the pot to
"the bank", a winner who is no seat. Chips are conserved pieces."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from tablegames.core.search import bot_levels
from tablegames.core.decisions import Decision, DecisionQueue
from tablegames.core.game import Event, GameInfo, GameSpec, IllegalAction, Result
from tablegames.core.secret import SecretChoices
from tablegames.core.simulate import simulate
from tablegames.core.state import BaseState, LogLine, handles


@dataclass(frozen=True, slots=True)
class Bid:
    chips: int


@dataclass(frozen=True, slots=True)
class Give:
    to: int


# The model of a game's turn flow: each point where a seat must decide is a
# Decision kind with its phase; the kit's queue says who moves, and routes
# each action to the handler of the acting seat's due decision.
@dataclass(frozen=True, slots=True)
class PlaceBid(Decision):
    PHASE = "bid"


@dataclass(frozen=True, slots=True)
class GivePot(Decision):
    PHASE = "give"
    pot: int


class SealedBids(BaseState):
    DEEP = ("chips", "bids")  # SecretChoices copies itself
    FINAL_PHASE = "over"

    def __init__(self, names, options, seed):
        super().__init__(names, seed)
        self.chips = [5] * self.n
        self.bank = 0
        self.pot = 0
        self.bids: SecretChoices[int] = SecretChoices(range(self.n))
        self.decisions.push_together(PlaceBid(s, reason="bid 1-3 chips") for s in range(self.n))

    def legal_actions(self, seat):
        due = self.due(seat)
        if isinstance(due, GivePot):
            return [Give(s) for s in range(self.n) if s != seat]
        if isinstance(due, PlaceBid):
            return [Bid(c) for c in (1, 2, 3) if c <= self.chips[seat]]
        return []

    @handles(PlaceBid)
    def _bid(self, due: PlaceBid, action: Any) -> None:
        seat = due.seat
        if type(action) is not Bid or action.chips not in (1, 2, 3) or action.chips > self.chips[seat]:
            raise IllegalAction("Bid 1 to 3 of your chips.")
        self.decisions.take(seat)
        self.bids.choose(seat, action.chips)
        self.chips[seat] -= action.chips
        self.pot += action.chips
        self.emit(lambda: f"You bid {action.chips}.", audience=[seat])
        self.emit(lambda: f"{self.names[seat]} has bid.")
        if self.bids.complete:
            self.emit(BIDS_SHOWN)
            bids = self.bids.reveal()
            top = max(bids.values())
            best = [s for s, b in bids.items() if b == top]
            if len(best) == 1:
                self.decisions.push(GivePot(best[0], self.pot, reason="you bid highest"))
            else:
                self.bank, self.pot = self.bank + self.pot, 0

    @handles(GivePot)
    def _give(self, due: GivePot, action: Any) -> None:
        if type(action) is not Give or action.to not in range(self.n) or action.to == due.seat:
            raise IllegalAction("Give the pot to another player.")
        self.decisions.take(due.seat)
        self.chips[action.to] += self.pot
        self.pot = 0
        self.emit(lambda: f"{self.names[due.seat]} gives the pot of {due.pot} to {self.names[action.to]}.")

    @property
    def phase(self) -> str:
        return self.due_phase()

    def is_over(self):
        return not self.decisions

    def result(self):
        lines = tuple((("chips", c),) for c in self.chips)
        if self.bank:
            return Result(tuple(self.chips), lines, (), other_winner="the bank")
        best = max(self.chips)
        return Result(tuple(self.chips), lines, tuple(s for s, c in enumerate(self.chips) if c == best))

    def view(self, seat):
        return {"seat": seat, "chips": list(self.chips), "bank": self.bank, "phase": self.phase,
                "waiting": list(self.bids.waiting()), "my_bid": self.bids.own(seat),
                "bids": self.bids.reveal() if self.bids.complete else None}

    def pieces(self):
        return Counter({"chip": sum(self.chips) + self.bank + self.pot})

    def all_card_ids(self):
        return []


# A line every round writes, worded from the state alone: made once, so a
# playout builds nothing for it (a lambda is built at each call).
@LogLine
def BIDS_SHOWN(state: SealedBids) -> str:
    shown = ", ".join(f"{state.names[s]} {b}" for s, b in sorted(state.bids.reveal().items()))
    return f"The bids: {shown}."


def bids_game(players=3, seed=1) -> SealedBids:
    return SealedBids([f"P{i}" for i in range(players)], {}, seed)


def test_simultaneous_choices_wait_for_every_seat_and_hide_each_choice_until_all_are_in():
    state = bids_game()
    assert state.to_move() == (0, 1, 2)
    state.apply(1, Bid(3))
    assert state.to_move() == (0, 2)
    assert state.view(1)["my_bid"] == 3
    for other in (0, 2, None):
        view = state.view(other)
        assert view["my_bid"] is None and view["bids"] is None
        assert 3 not in view["waiting"] and view["waiting"] == [0, 2]
    state.apply(0, Bid(1))
    assert state.view(0)["bids"] is None  # still one seat to go
    state.apply(2, Bid(2))
    assert state.view(None)["bids"] == {0: 1, 1: 3, 2: 2}  # revealed together


def test_a_seat_cannot_choose_twice_or_out_of_turn():
    state = bids_game()
    state.apply(0, Bid(1))
    with pytest.raises(IllegalAction, match="nothing to decide"):
        state.apply(0, Bid(2))
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply(7, Bid(1))
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply(None, Bid(1))  # type: ignore[arg-type]


def test_a_pending_decision_inside_the_round_is_who_moves_and_what_is_legal():
    state = bids_game()
    for seat, chips in ((0, 1), (1, 3), (2, 2)):
        state.apply(seat, Bid(chips))
    assert state.to_move() == (1,)
    due = state.due(1)
    assert isinstance(due, GivePot) and due.pot == 6 and due.reason == "you bid highest"
    assert state.due(0) is None
    assert state.legal_actions(1) == [Give(0), Give(2)]
    with pytest.raises(IllegalAction, match="Give the pot"):
        state.apply(1, Bid(1))
    state.apply(1, Give(2))
    assert state.is_over() and state.chips == [4, 2, 9]


def test_decision_queue_orders_pushes_after_and_interrupts_before():
    queue: DecisionQueue[Decision] = DecisionQueue()
    queue.push(Decision(0, reason="first"))
    queue.push(Decision(1, reason="second"))
    queue.interrupt(Decision(2, reason="urgent"))
    assert [d.seat for d in queue] == [2, 0, 1]
    assert queue.seats() == (2,)
    with pytest.raises(IllegalAction):
        queue.expect(0)
    assert queue.expect(2).reason == "urgent"
    with pytest.raises(IllegalAction, match="urgent"):
        queue.expect(2, GivePot)
    queue.pop()
    assert queue.seats() == (0,)


def test_a_copy_is_independent_of_the_original():
    state = bids_game()
    state.apply(0, Bid(2))
    twin = state.copy()
    twin.apply(1, Bid(1))
    twin.apply(2, Bid(1))
    assert state.to_move() == (1, 2) and state.chips == [3, 5, 5]
    assert twin.to_move() == (0,) and twin.chips == [3, 4, 4]
    assert twin.rng.getstate() == state.rng.getstate() and twin.rng is not state.rng


def test_events_are_emitted_only_when_someone_listens_and_keep_their_audience():
    state = bids_game()
    events: list[Event] = []
    state.apply(0, Bid(2), events)
    assert [(e.text, e.audience) for e in events] == [
        ("You bid 2.", frozenset({0})), ("P0 has bid.", None)]
    state.apply(1, Bid(1))  # nobody listens: nothing is formatted or kept
    assert not state.logging


def test_chips_are_conserved_as_pieces_through_the_pending_decision():
    state = bids_game()
    start = state.pieces()
    for seat, chips in ((0, 1), (1, 3), (2, 2)):
        state.apply(seat, Bid(chips))
        assert state.pieces() == start
    state.apply(1, Give(0))
    assert state.pieces() == start == Counter({"chip": 15})


def test_a_tie_makes_a_winner_who_is_no_seat_and_simulate_counts_it():
    state = bids_game(players=2)
    state.apply(0, Bid(2))
    state.apply(1, Bid(2))
    result = state.result()
    assert result.winners == () and result.other_winner == "the bank"
    assert result.winner_names(["A", "B"]) == ["the bank"]
    spec = GameSpec(info=GameInfo("sealed-bids", "Sealed Bids", 2, 4, ""), new_state=SealedBids, parse_action=lambda text: None,
                    bots=bot_levels(lambda: None), default_bot="random",  # type: ignore[arg-type,return-value]
                    rules_text=lambda: "")
    sim = simulate(spec, ["random", "random"], games=60, seed=3)
    data = sim.to_json()
    seat_shares = sum(seat["win_share"] for seat in data["seats"])
    bank_share = data["other_winners"]["the bank"]["win_share"]
    assert 0 < bank_share < 1
    assert seat_shares + bank_share == pytest.approx(1.0, abs=1e-3)


def test_a_decision_is_immutable_data():
    due = GivePot(1, 6, reason="you bid highest")
    with pytest.raises(dataclasses.FrozenInstanceError):
        due.pot = 7  # type: ignore[misc]


def test_the_queue_says_who_moves_and_the_phase_is_the_due_decisions():
    state = bids_game()
    assert state.phase == "bid" and state.to_move() == (0, 1, 2)
    for seat, chips in ((2, 1), (0, 3), (1, 2)):
        state.apply(seat, Bid(chips))
    assert state.phase == "give" and state.to_move() == (0,)
    state.apply(0, Give(1))
    assert state.phase == "over" and state.to_move() == () and state.is_over()


def test_a_group_decided_at_once_leaves_the_queue_seat_by_seat_and_what_follows_waits():
    queue: DecisionQueue[Decision] = DecisionQueue()
    queue.push_together([Decision(0), Decision(1), Decision(2)])
    queue.push(Decision(1, reason="after the group"))
    assert queue.seats() == (0, 1, 2) and len(queue) == 4
    assert queue.take(1).reason == "" and queue.seats() == (0, 2)
    assert queue.due_for(1) is None  # its next decision waits for the group
    with pytest.raises(IllegalAction):
        queue.take(1)
    queue.take(2)
    queue.take(0)
    assert queue.seats() == (1,) and queue.expect(1).reason == "after the group"
    twin = queue.copy()
    twin.pop()
    assert queue.seats() == (1,) and twin.seats() == () and not twin


def test_an_action_goes_to_the_handler_of_the_acting_seats_decision():
    state = bids_game()
    with pytest.raises(IllegalAction, match="Bid 1 to 3"):
        state.apply(0, Give(1))  # the bid handler checks it: a bid is due
    for seat, chips in ((0, 1), (1, 3), (2, 2)):
        state.apply(seat, Bid(chips))
    with pytest.raises(IllegalAction, match="P1's turn, not P0's"):
        state.apply(0, Give(1))


def test_a_log_line_given_as_a_lambda_is_worded_only_when_someone_reads_the_log():
    state = bids_game()
    worded: list[str] = []

    def line() -> str:
        worded.append("x")
        return "costly"

    state._events = None
    state.emit(line)
    assert worded == []
    events: list[Event] = []
    state._events = events
    state.emit(line, audience=[1])
    assert worded == ["x"] and [(e.text, e.audience) for e in events] == [("costly", frozenset({1}))]


def test_a_log_line_made_once_is_worded_from_the_state_only_when_someone_reads_the_log():
    worded: list[str] = []

    @LogLine
    def counted(state: SealedBids) -> str:
        worded.append("x")
        return f"{state.names[0]} counted"

    state = bids_game()
    state.emit(counted)  # nobody reads the log
    assert worded == []
    state._events = events = []
    state.emit(counted, audience=[0])
    assert worded == ["x"] and [(e.text, e.audience) for e in events] == [("P0 counted", frozenset({0}))]
    state._events = None
    events = []
    for seat, chips in ((0, 1), (1, 3)):
        state.apply(seat, Bid(chips))
    state.apply(2, Bid(2), events)
    assert "The bids: P0 1, P1 3, P2 2." in [e.text for e in events]


@dataclass(frozen=True, slots=True)
class Say(Decision):
    PHASE = "say"


class Countdown(BaseState):
    """Seats count down from ``start`` in turn; whoever says 1 ends it."""

    def __init__(self, names, start: int) -> None:
        super().__init__(names, 0)
        self.left = start
        self.decisions.push(Say(0))

    @handles(Say)
    def _say(self, due: Say, action: Any) -> Say | None:
        if action != self.left:
            raise IllegalAction(f"Say {self.left}.")
        self.left -= 1
        if self.left:
            return Say((due.seat + 1) % self.n)  # the turn passes on: the kit puts it in place
        self.decisions.take(due.seat)
        return None

    def legal_actions(self, seat):
        return [self.left] if self.due(seat) else []

    def result(self):
        return Result((0,) * self.n, ((),) * self.n, ())

    def view(self, seat):
        return {"left": self.left}

    def all_card_ids(self):
        return []


def test_a_turn_passes_on_when_its_handler_returns_the_next_decision():
    state = Countdown(["A", "B", "C"], 4)
    seen = []
    while not state.is_over():
        (seat,) = state.to_move()
        seen.append((seat, state.due_phase()))
        state.apply(seat, state.legal_actions(seat)[0])
    assert seen == [(0, "say"), (1, "say"), (2, "say"), (0, "say")]
    assert state.to_move() == () and state.due_phase() == "over"
    with pytest.raises(IllegalAction, match="over"):
        state.apply(1, 0)
