"""Blind Chicken: pure rules (rulings on its rules page, rules.md).

A match is several hands. Each hand: deal, every player privately orders
their hand (a simultaneous phase), then tricks where only the leftmost or
rightmost card may be played; the winner of the last trick may set aside one
earlier trick unscored.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from tablegames.core.game import IllegalAction, Result
from tablegames.core.state import BaseState
from tablegames.core.words import plural, whole_number
from tablegames.games.blind_chicken.cards import (
    DECK_SIZE,
    EGGS,
    LOWEST_CARD,
    card_id,
    card_number,
    trick_score,
)
from tablegames.games.blind_chicken.vocab import (
    ASIDE,
    KEEP_ALL,
    LEFT,
    ORDER,
    OVER,
    PLAY,
    RIGHT,
    Action,
    BlindChickenView,
    Order,
    Phase,
    Play,
    SetAside,
)

__all__ = ["ASIDE", "KEEP_ALL", "LEFT", "ORDER", "OVER", "PLAY", "RIGHT", "Order", "Play",
           "SetAside", "BlindChickenState", "new_state", "parse_action", "check_options", "sample"]

_BOTH = (LEFT, RIGHT)
_LEFT_ONLY = (LEFT,)


def parse_action(text: str) -> Action:
    words = text.split()
    head = words[0].lower()
    if len(words) == 1 and head in ("l", "r"):
        return LEFT if head == "l" else RIGHT
    if head == "order" and len(words) > 1:
        return Order(tuple(whole_number(w) for w in words[1:]))
    if head == "aside" and len(words) == 2:
        return KEEP_ALL if words[1].lower() == "none" else SetAside(whole_number(words[1]))
    raise ValueError(text)


def check_options(options: dict[str, int], players: int) -> None:
    if options.get("hands", 0) < 0 and not options.get("target", 0):
        raise ValueError("With no limit on hands, set a target minus score.")


class BlindChickenState(BaseState):
    DEEP = ("scores", "hand_scores", "hands", "ordered", "trick_cards", "trick_seats", "taken")

    phase: Phase
    _movers: tuple[int, ...]

    def __init__(self, names: Sequence[str], options: dict[str, int], seed: int):
        super().__init__(names, seed)
        check_options(options, len(names))
        n = self.n
        hands_option = options.get("hands", 0)
        self.target = options.get("target", 0)
        self.hand_limit = n if hands_option == 0 else hands_option  # < 0: none
        self.dealer = self.rng.randrange(n)
        self.hand_no = 0
        self.scores = [0] * n
        self.hand_scores: list[list[int]] = []  # per finished hand, per seat
        self._deal()

    # ----- internals
    def _deal(self) -> None:
        n = self.n
        deck = list(range(LOWEST_CARD[n], DECK_SIZE))
        self.rng.shuffle(deck)
        per = len(deck) // n
        self.hands = [deck[i * per:(i + 1) * per] for i in range(n)]
        self.ordered = [False] * n
        self.phase = ORDER
        self._movers = tuple(range(n))
        self.leader = self.turn = (self.dealer + 1) % n
        self.trick_cards: list[int] = []
        self.trick_seats: list[int] = []
        self.taken: list[list[tuple[int, ...]]] = [[] for _ in range(n)]
        self.last_trick: tuple[int, tuple[int, ...]] | None = None

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
        if self.logging:
            parts = ", ".join(f"{self.names[s]} {hand[s]}" for s in range(self.n))
            self.emit(f"Hand {self.hand_no} scored: {parts}.")
        done = self.hand_limit > 0 and self.hand_no >= self.hand_limit
        if self.target and min(self.scores) <= -self.target:
            done = True
        if done:
            self.phase = OVER
            self._movers = ()
            self.emit("The match is over.")
            return
        self.dealer = (self.dealer + 1) % self.n
        self._deal()
        if self.logging:
            self.emit(f"Hand {self.hand_no + 1}: {self.names[self.dealer]} deals; "
                      f"everyone arranges their hand.")

    # ----- the contract
    def to_move(self) -> tuple[int, ...]:
        return self._movers

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._movers:
            return []
        if self.phase is PLAY:
            return list(_BOTH if len(self.hands[seat]) > 1 else _LEFT_ONLY)
        if self.phase == ORDER:
            hand = self.hands[seat]
            # Free-form phase: a few canonical orders; any permutation is legal.
            return [Order(tuple(hand)), Order(tuple(sorted(hand))),
                    Order(tuple(sorted(hand, reverse=True)))]
        if self.phase == ASIDE:
            earlier = len(self.taken[seat]) - 1
            return [KEEP_ALL, *(SetAside(i) for i in range(1, earlier + 1))]
        return []

    def _apply(self, seat: int, action: Any) -> None:
        if self.phase is PLAY:
            self._play(seat, action)
        elif self.phase is ORDER:
            self._order(seat, action)
        else:
            self._set_aside(seat, action)

    def _play(self, seat: int, action: Any) -> None:
        # Identity first: the hot path of every playout.
        if action is LEFT or action == LEFT:
            card = self.hands[seat].pop(0)
        elif action is RIGHT or action == RIGHT:
            card = self.hands[seat].pop()
        else:
            raise IllegalAction("Play your leftmost (L) or rightmost (R) card.")
        self.trick_cards.append(card)
        self.trick_seats.append(seat)
        if self._events is not None:
            side = "leftmost" if action == LEFT else "rightmost"
            self.emit(f"{self.names[seat]} played {card} ({side}).")
        if len(self.trick_cards) == self.n:
            self._end_trick()
        else:
            self.turn = (seat + 1) % self.n
            self._movers = (self.turn,)

    def _order(self, seat: int, action: Any) -> None:
        cards = action.cards if isinstance(action, Order) else None
        if not isinstance(cards, tuple) or not all(type(c) is int for c in cards):
            raise IllegalAction("First arrange your hand and confirm the order.")
        if sorted(cards) != sorted(self.hands[seat]):
            raise IllegalAction("That order does not hold exactly the cards in your hand.")
        self.hands[seat] = list(cards)
        self.ordered[seat] = True
        self._movers = tuple(s for s in self._movers if s != seat)
        if self._events is not None:
            self.emit(f"{self.names[seat]} has arranged their hand.")
        if not self._movers:
            self.phase = PLAY
            self._movers = (self.turn,)
            if self.logging:
                self.emit(f"Everyone is ready. {self.names[self.turn]} leads.")

    def _set_aside(self, seat: int, action: Any) -> None:
        index = action.index if isinstance(action, SetAside) else "no trick"
        earlier = len(self.taken[seat]) - 1
        if index is not None and (type(index) is not int or not 1 <= index <= earlier):
            raise IllegalAction(f"Choose one of your earlier tricks (1-{earlier}), not the last "
                                f"one, or none.")
        if self.logging:
            if index is None:
                self.emit(f"{self.names[seat]} sets no trick aside.")
            else:
                score = trick_score(self.taken[seat][index - 1])
                self.emit(f"{self.names[seat]} sets aside trick {index} ({plural(score, 'point')}).")
        self._finish_hand(seat, None if index is None else index - 1)

    def _end_trick(self) -> None:
        cards = self.trick_cards
        best = max(range(self.n), key=cards.__getitem__)
        winner = self.trick_seats[best]
        trick = tuple(cards)
        self.taken[winner].append(trick)
        self.last_trick = (winner, trick)
        self.trick_cards = []
        self.trick_seats = []
        self.leader = self.turn = winner
        if self._events is not None:
            listed = ", ".join(map(str, trick))
            self.emit(f"{self.names[winner]} took the trick with {cards[best]} "
                      f"({listed}): {trick_score(trick)}.")
        if self.hands[winner]:
            self._movers = (winner,)
            return
        # Last trick of the hand: the winner may set aside an earlier trick.
        if len(self.taken[winner]) > 1:
            self.phase = ASIDE
            self._movers = (winner,)
            if self._events is not None:
                self.emit(f"{self.names[winner]} took the last trick and may set "
                          f"aside one earlier trick.")
        else:
            self._finish_hand(None, None)

    def is_over(self) -> bool:
        return self.phase == OVER

    # Search bots play out only to the end of the hand (core/search.py).
    def stage(self) -> int:
        return self.hand_no

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
        n = self.n
        return {
            "game": "blind-chicken",
            "seat": seat,
            "names": list(self.names),
            "phase": self.phase.value,
            "hand_no": self.hand_no if self.phase == OVER else self.hand_no + 1,
            "hand_limit": self.hand_limit,
            "target": self.target,
            "dealer": self.dealer,
            "leader": self.leader,
            "turn": self._movers[0] if self.phase in (PLAY, ASIDE) else None,
            "lowest_card": LOWEST_CARD[n],
            "hand": None if seat is None else [card_id(c) for c in self.hands[seat]],
            "hand_sizes": [len(h) for h in self.hands],
            "ordered": list(self.ordered),
            "trick": [(s, card_id(c)) for s, c in zip(self.trick_seats, self.trick_cards)],
            "last_trick": None if self.last_trick is None else {
                "winner": self.last_trick[0],
                "cards": [card_id(c) for c in self.last_trick[1]],
            },
            "taken": [
                [{"size": len(t), "chickens": [card_id(c) for c in t if EGGS[c]],
                  "score": trick_score(t)} for t in self.taken[s]]
                for s in range(n)
            ],
            "scores": list(self.scores),
            "hand_scores": [list(h) for h in self.hand_scores],
        }

    def secret_cards(self, seat: int | None) -> set[str]:
        return {card_id(c) for s in range(self.n) if s != seat for c in self.hands[s]}

    def all_card_ids(self) -> list[str]:
        cards = [c for hand in self.hands for c in hand] + self.trick_cards
        cards += [c for tricks in self.taken for t in tricks for c in t]
        return [card_id(c) for c in cards]

    def prompt(self, seat: int) -> str:
        """At most 64 cells: it follows a 12-character name and ": " on the
        78 cells of an 80-column status line."""
        if self.phase == ORDER:
            return "arrange your hand, then confirm: only its ends can be played."
        if self.phase == PLAY:
            return "play your leftmost or rightmost card."
        if self.phase == ASIDE:
            return "you took the last trick: set aside one trick unscored, or none."
        return "the match is over."


def new_state(names: Sequence[str], options: dict[str, int], seed: int) -> BlindChickenState:
    return BlindChickenState(names, options, seed)


def sample(view: Mapping[str, Any], rng: random.Random, memory: Any = None) -> BlindChickenState:
    """A full state consistent with one seat's view: the other hands and the
    plain (chicken-less) cards of taken tricks are re-dealt from the cards
    that seat has not seen."""
    seat = view["seat"]
    names = view["names"]
    n = len(names)
    state = object.__new__(BlindChickenState)
    BaseState.__init__(state, names, rng.randrange(2**31))
    state.target = view["target"]
    state.hand_limit = view["hand_limit"]
    state.dealer = view["dealer"]
    state.leader = view["leader"]
    state.phase = Phase(view["phase"])
    state.hand_no = view["hand_no"] - (0 if state.phase == OVER else 1)
    state.scores = list(view["scores"])
    state.hand_scores = [list(h) for h in view["hand_scores"]]
    state.ordered = list(view["ordered"])
    state.trick_seats = [s for s, _ in view["trick"]]
    state.trick_cards = [card_number(c) for _, c in view["trick"]]
    last = view["last_trick"]
    state.last_trick = None if last is None else (
        last["winner"], tuple(card_number(c) for c in last["cards"]))
    own = [card_number(c) for c in view["hand"]] if seat is not None else []
    seen = set(own) | set(state.trick_cards)
    seen |= {card_number(c) for tricks in view["taken"] for t in tricks for c in t["chickens"]}
    if state.last_trick is not None:
        seen |= set(state.last_trick[1])
    unseen = [c for c in range(LOWEST_CARD[n], DECK_SIZE) if c not in seen]
    rng.shuffle(unseen)
    plain = [c for c in unseen if not EGGS[c]]
    state.taken = []
    for s in range(n):
        tricks: list[tuple[int, ...]] = []
        for i, t in enumerate(view["taken"][s]):
            if state.last_trick is not None and s == state.last_trick[0] \
                    and i == len(view["taken"][s]) - 1:
                tricks.append(state.last_trick[1])
                continue
            chickens = [card_number(c) for c in t["chickens"]]
            fill = [plain.pop() for _ in range(t["size"] - len(chickens))]
            tricks.append(tuple(chickens + fill))
        state.taken.append(tricks)
    used = {c for tricks in state.taken for t in tricks for c in t}
    rest = [c for c in unseen if c not in used]
    state.hands = []
    for s in range(n):
        if s == seat:
            state.hands.append(list(own))
        else:
            size = view["hand_sizes"][s]
            state.hands.append(rest[:size])
            rest = rest[size:]
    if state.phase == ORDER:
        state._movers = tuple(s for s in range(n) if not state.ordered[s])
    elif state.phase == OVER:
        state._movers = ()
    else:
        state._movers = (view["turn"],)
    state.turn = view["turn"] if view["turn"] is not None else state.leader
    return state
