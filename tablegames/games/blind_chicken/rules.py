"""Blind Chicken's rules (the players' page is rules.md).

A match is several hands. Each hand: deal; every player arranges their hand
in secret (all at once); then tricks in which only the leftmost or
rightmost card may be played; the winner of the last trick may set aside
one earlier trick unscored.

The turn flow is the kit's (core/decisions.py, core/state.py): every point
where a seat must decide is a decision from vocab.py on ``self.decisions``,
and ``apply`` hands an action to the ``@handles`` method of the acting
seat's due decision. A handler checks the action completely first (an
IllegalAction leaves the state unchanged), then changes the state, takes
the decision and pushes the next ones. Who moves and the phase are read
from the queue, never kept on the side.
"""

from __future__ import annotations

import random
from typing import ClassVar, Mapping, Sequence, cast

from tablegames.core.game import IllegalAction, Result
from tablegames.core.state import BaseState, LogLine, handles
from tablegames.core.turns import next_seats
from tablegames.core.words import plural
from tablegames.games.blind_chicken import INFO
from tablegames.games.blind_chicken.cards import DECK_SIZE, LOWEST_CARD, card_id, trick_score
from tablegames.games.blind_chicken.view import BlindChickenView, OpenTrick, build_view, open_trick, open_tricks
from tablegames.games.blind_chicken.vocab import (
    ASIDE,
    KEEP_ALL,
    LEFT,
    ORDER,
    PLAY,
    RIGHT,
    Action,
    Arrange,
    ChooseAside,
    Order,
    Phase,
    PlayEnd,
    SetAside,
)

# Decisions are immutable, so one per seat serves every hand (building a
# frozen dataclass costs more than the rest of a card play).
_PLAY_END = tuple(PlayEnd(seat) for seat in range(INFO.max_players))
_ARRANGE = tuple(Arrange(seat) for seat in range(INFO.max_players))


def check_options(options: dict[str, int], players: int) -> None:
    if options.get("hands", 0) < 0 and not options.get("target", 0):
        raise ValueError("With no limit on hands, set a target minus score.")


class BlindChickenState(BaseState):
    DEEP = ("scores", "hand_scores", "hands", "trick_cards", "trick_seats", "taken")
    FINAL_PHASE: ClassVar[str] = Phase.OVER

    target: int  # the match ends once someone has this many minus points (0: off)
    hand_limit: int  # the match ends after this many hands (< 0: no limit)
    dealer: int
    hand_no: int  # hands finished so far
    scores: list[int]
    hand_scores: list[list[int]]  # per finished hand, per seat
    hands: list[list[int]]  # each seat's hand, left to right
    played_left: bool = True  # the side of the last card played (for its log line)
    last_arranged: int = 0  # the seat that arranged its hand last (for its log line)
    leader: int  # who leads the current trick (who led the last one, once the hand is over)
    trick_cards: list[int]  # the current trick, in playing order
    trick_seats: list[int]  # who played each of them
    taken: list[list[tuple[int, ...]]]  # each seat's tricks this hand, in taking order
    last_trick: tuple[int, tuple[int, ...]] | None  # (winner, cards) of the last trick taken this hand
    # ``taken`` as the table sees it (view.py), made at the first view of a
    # hand and kept up as tricks are taken; None until then. Immutable, so
    # a copy shares it.
    _open: tuple[tuple[OpenTrick, ...], ...] | None

    def __init__(self, names: Sequence[str], rng: random.Random, *, target: int, hand_limit: int, dealer: int,
                 hand_no: int, hand_scores: list[list[int]], hands: list[list[int]],
                 taken: list[list[tuple[int, ...]]], leader: int, trick: list[int], phase: Phase,
                 arranging: Sequence[int] = ()) -> None:
        """The one way to make a state, from its parts: the new deal
        (``new_state``), the sampler's re-deal (sampler.py) and a described
        position (position.py), which check what they pass. ``hand_no``
        counts the finished hands, ``trick`` holds the current trick's cards
        from its ``leader`` on, ``arranging`` the seats still to arrange
        (phase ORDER). The rest follows from them."""
        super().__init__(names, rng)
        n = self.n
        self.target = target
        self.hand_limit = hand_limit
        self.dealer = dealer
        self.hand_no = hand_no
        # (Copies: the caller's lists, a description's among them, stay as they are.)
        self.hand_scores = list(map(list, hand_scores))
        self.scores = list(map(sum, zip(*hand_scores))) if hand_scores else [0] * n
        self.hands = list(map(list, hands))
        self.taken = list(map(list, taken))
        self._open = None  # (an attribute of every state: a shared-key layout)
        self.leader = leader
        self.trick_cards = list(trick)
        order = self.seats_from(leader)
        self.trick_seats = list(order[:len(trick)])
        # Whoever took the last trick leads the next one (or led the last).
        self.last_trick = (leader, self.taken[leader][-1]) if any(self.taken) else None
        if phase == ORDER:
            self.decisions.push_together([_ARRANGE[seat] for seat in sorted(arranging)])
        elif phase == PLAY:
            self.decisions.push(_PLAY_END[order[len(trick) % n]])
        elif phase == ASIDE:
            self.decisions.push(ChooseAside(leader))

    @property
    def phase(self) -> Phase:
        # The due decision's PHASE is a Phase (vocab.py), the final one too.
        return cast(Phase, self.due_phase())

    def _add_open(self, winner: int, trick: tuple[int, ...]) -> None:
        opened = self._open
        assert opened is not None
        self._open = (*opened[:winner], (*opened[winner], open_trick(trick)), *opened[winner + 1:])

    def open_taken(self) -> tuple[tuple[OpenTrick, ...], ...]:
        opened = self._open
        if opened is None:
            opened = self._open = open_tricks(self.taken)
        return opened

    # ----- the course of a hand
    def _deal(self) -> None:
        """The next hand (the first is dealt by ``new_state``)."""
        n = self.n
        self.hands = deal_hands(self.rng, n)
        self.leader = self.next_seats[self.dealer]
        self.trick_cards = []
        self.trick_seats = []
        self.taken = [[] for _ in range(n)]
        self._open = None
        self.last_trick = None
        self.decisions.push_together(_ARRANGE[:n])

    def _begin_play(self, decision: Arrange) -> None:
        """Everyone has arranged: the leader plays first."""
        self.decisions.push(_PLAY_END[self.leader])
        self.emit(READY)

    @handles(Arrange, then=_begin_play)
    def _arrange(self, decision: Arrange, action: object) -> None:
        seat = decision.seat
        cards = action.cards if isinstance(action, Order) else None
        if not isinstance(cards, tuple) or not all(type(c) is int for c in cards):
            raise IllegalAction("First arrange your hand and confirm the order.")
        if sorted(cards) != sorted(self.hands[seat]):
            raise IllegalAction("That order does not hold exactly the cards in your hand.")
        self.hands[seat] = list(cards)
        self.decisions.take(seat)
        self.last_arranged = seat
        self.emit(ARRANGED)

    @handles(PlayEnd)
    def _play(self, decision: PlayEnd, action: object) -> PlayEnd | ChooseAside | None:
        seat = decision.seat
        # Identity before equality (a Python call): the hot path of every playout.
        if action is LEFT:
            left = True
        elif action is RIGHT:
            left = False
        elif action == LEFT or action == RIGHT:  # an equal copy (a parsed action)
            left = action == LEFT
        else:
            raise IllegalAction("Play your leftmost (L) or rightmost (R) card.")
        card = self.hands[seat].pop(0) if left else self.hands[seat].pop()
        self.played_left = left
        self.trick_cards.append(card)
        self.trick_seats.append(seat)
        self.emit(PLAYED)
        if len(self.trick_cards) == self.n:
            return self._end_trick()
        return _PLAY_END[self.next_seats[seat]]  # the turn passes on (the kit puts it in place)

    def _end_trick(self) -> PlayEnd | ChooseAside | None:
        """Score the trick; the decision due next in place of the card
        played, or None once the hand is over (the turn is then taken)."""
        cards = self.trick_cards
        winner = self.trick_seats[cards.index(max(cards))]  # no two cards are equal
        trick = tuple(cards)
        self.taken[winner].append(trick)
        if self._open is not None:  # (only once the hand has been viewed)
            self._add_open(winner, trick)
        self.last_trick = (winner, trick)
        self.trick_cards = []
        self.trick_seats = []
        self.leader = winner
        self.emit(TAKEN)
        if self.hands[winner]:
            return _PLAY_END[winner]
        if len(self.taken[winner]) > 1:
            # The last trick's winner may set aside one earlier trick.
            self.emit(MAY_SET_ASIDE)
            return ChooseAside(winner)
        self.decisions.pop()  # nothing earlier to set aside: no decision to ask for
        self._finish_hand(None, None)
        return None

    @handles(ChooseAside)
    def _set_aside(self, decision: ChooseAside, action: object) -> None:
        seat = decision.seat
        index = action.index if isinstance(action, SetAside) else "no trick"
        earlier = len(self.taken[seat]) - 1
        if index is not None and (type(index) is not int or not 1 <= index <= earlier):
            raise IllegalAction(f"Choose one of your earlier tricks (1-{earlier}), not the last "
                                f"one, or none.")
        self.decisions.take(seat)
        self.emit(lambda: f"{self.names[seat]} sets no trick aside." if index is None else
                  f"{self.names[seat]} sets aside trick {index} "
                  f"({plural(trick_score(self.taken[seat][index - 1]), 'point')}).")
        self._finish_hand(seat, None if index is None else index - 1)

    def _finish_hand(self, aside_seat: int | None, aside_index: int | None) -> None:
        hand = []
        for seat in range(self.n):
            total = 0
            for i, trick in enumerate(self.taken[seat]):
                if seat == aside_seat and i == aside_index:
                    continue
                total += trick_score(trick)
            hand.append(total)
            self.scores[seat] += total
        self.hand_scores.append(hand)
        self.hand_no += 1
        self.emit(HAND_SCORED)
        done = self.hand_limit > 0 and self.hand_no >= self.hand_limit
        if self.target and min(self.scores) <= -self.target:
            done = True
        if done:  # nothing left to decide: the phase is OVER
            self.emit("The match is over.")
            return
        self.dealer = self.next_seats[self.dealer]
        self._deal()
        self.emit(NEXT_HAND)

    # ----- the contract (core/game.py's GameState)
    def legal_actions(self, seat: int) -> list[Action]:
        kind = self.decisions.due_for(seat).__class__
        if kind is PlayEnd:  # the hot path: a plain turn
            return [LEFT, RIGHT] if len(self.hands[seat]) > 1 else [LEFT]
        if kind is Arrange:
            hand = self.hands[seat]
            # Free-form phase: a few canonical orders; any permutation is legal.
            return [Order(tuple(hand)), Order(tuple(sorted(hand))),
                    Order(tuple(sorted(hand, reverse=True)))]
        if kind is ChooseAside:
            earlier = len(self.taken[seat]) - 1
            return [KEEP_ALL, *(SetAside(i) for i in range(1, earlier + 1))]
        return []

    # The hand on the table ("Hand 2"; the last one once over): the view's
    # count, and the spec's stage (search bots play out only to its end).
    def stage(self) -> int:
        return self.hand_no if self.decisions.current() is None else self.hand_no + 1

    def standings(self) -> tuple[int, ...]:
        return tuple(self.scores)

    def result(self) -> Result:
        breakdown = tuple(
            tuple((f"Hand {h + 1}", self.hand_scores[h][seat]) for h in range(len(self.hand_scores)))
            for seat in range(self.n)
        )
        best = max(self.scores)
        return Result(
            scores=tuple(self.scores),
            breakdown=breakdown,
            winners=tuple(s for s in range(self.n) if self.scores[s] == best),
            summary="Fewest minus points wins.",
        )

    def view(self, seat: int | None) -> BlindChickenView:
        return build_view(self, seat)

    def secret_cards(self, seat: int | None) -> set[str]:
        return {card_id(c) for s in range(self.n) if s != seat for c in self.hands[s]}

    def all_card_ids(self) -> list[str]:
        cards = [c for hand in self.hands for c in hand] + self.trick_cards
        cards += [c for tricks in self.taken for t in tricks for c in t]
        return [card_id(c) for c in cards]

    def prompt(self, seat: int) -> str:
        """At most 64 cells: it follows a 12-character name and ": " on the
        78 cells of an 80-column status line."""
        phase = self.phase
        if phase == ORDER:
            return "arrange your hand, then confirm: only its ends can be played."
        if phase == PLAY:
            return "play your leftmost or rightmost card."
        if phase == ASIDE:
            return "you took the last trick: set aside one trick unscored, or none."
        return "the match is over."


# The log's lines, worded from the state only when someone reads the log
# (made once: a playout builds nothing for them, where a lambda is built at
# each call).
@LogLine
def ARRANGED(state: BlindChickenState) -> str:
    return f"{state.names[state.last_arranged]} has arranged their hand."


@LogLine
def READY(state: BlindChickenState) -> str:
    return f"Everyone is ready. {state.names[state.leader]} leads."


@LogLine
def PLAYED(state: BlindChickenState) -> str:
    return (f"{state.names[state.trick_seats[-1]]} played {state.trick_cards[-1]} "
            f"({'leftmost' if state.played_left else 'rightmost'}).")


@LogLine
def TAKEN(state: BlindChickenState) -> str:
    assert state.last_trick is not None
    winner, trick = state.last_trick
    return (f"{state.names[winner]} took the trick with {max(trick)} "
            f"({', '.join(map(str, trick))}): {trick_score(trick)}.")


@LogLine
def MAY_SET_ASIDE(state: BlindChickenState) -> str:
    return f"{state.names[state.leader]} took the last trick and may set aside one earlier trick."


@LogLine
def HAND_SCORED(state: BlindChickenState) -> str:
    hand = state.hand_scores[-1]
    return f"Hand {state.hand_no} scored: {', '.join(f'{state.names[s]} {hand[s]}' for s in range(state.n))}."


@LogLine
def NEXT_HAND(state: BlindChickenState) -> str:
    return f"Hand {state.hand_no + 1}: {state.names[state.dealer]} deals; everyone arranges their hand."


def deal_hands(rng: random.Random, n: int) -> list[list[int]]:
    """A hand's deal: the deck for ``n`` players shuffled, in equal hands."""
    deck = list(range(LOWEST_CARD[n], DECK_SIZE))
    rng.shuffle(deck)
    per = len(deck) // n
    return [deck[i * per:(i + 1) * per] for i in range(n)]


def hand_limit_of(options: Mapping[str, int], n: int) -> int:
    """The match's hand limit as the option sets it (0: one hand per
    player; < 0: no limit)."""
    hands = options.get("hands", 0)
    return n if hands == 0 else hands


def new_state(names: Sequence[str], options: dict[str, int], seed: int) -> BlindChickenState:
    """A new match: a dealer drawn, the first hand dealt, all to arrange."""
    n = len(names)
    check_options(options, n)
    rng = random.Random(seed)
    dealer = rng.randrange(n)
    hands = deal_hands(rng, n)
    return BlindChickenState(names, rng, target=options.get("target", 0), hand_limit=hand_limit_of(options, n),
                             dealer=dealer, hand_no=0, hand_scores=[], hands=hands, taken=[[] for _ in range(n)],
                             leader=next_seats(n)[dealer], trick=[], phase=ORDER, arranging=range(n))
