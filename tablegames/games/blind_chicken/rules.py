"""Blind Chicken: pure rules (RULINGS.md, "Blind Chicken").

A match is several hands. Each hand: deal, every player privately orders
their hand (a simultaneous phase), then tricks where only the leftmost or
rightmost card may be played; the winner of the last trick may set aside one
earlier trick unscored.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from tablegames.core.game import Event, IllegalAction, Result
from tablegames.games.blind_chicken.cards import (
    DECK_SIZE,
    EGGS,
    LOWEST_CARD,
    card_id,
    trick_score,
)

ORDER, PLAY, ASIDE, OVER = "order", "play", "aside", "over"


@dataclass(frozen=True, slots=True)
class Play:
    side: str  # "L" or "R"

    def __str__(self) -> str:
        return self.side


@dataclass(frozen=True, slots=True)
class Order:
    """Fix the hand's order, left to right."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "order " + " ".join(map(str, self.cards))


@dataclass(frozen=True, slots=True)
class SetAside:
    """Set aside the trick at ``index`` (1-based, in taking order), or none."""

    index: int | None

    def __str__(self) -> str:
        return f"aside {self.index if self.index is not None else 'none'}"


LEFT = Play("L")
RIGHT = Play("R")
_BOTH = (LEFT, RIGHT)
_LEFT_ONLY = (LEFT,)
KEEP_ALL = SetAside(None)


def parse_action(text: str):
    words = text.split()
    head = words[0].lower()
    if len(words) == 1 and head in ("l", "r"):
        return LEFT if head == "l" else RIGHT
    if head == "order" and len(words) > 1:
        return Order(tuple(int(w) for w in words[1:]))
    if head == "aside" and len(words) == 2:
        return KEEP_ALL if words[1].lower() == "none" else SetAside(int(words[1]))
    raise ValueError(text)


class BlindChickenState:
    def __init__(self, names: Sequence[str], options: dict[str, int], seed: int):
        self.names = tuple(names)
        self.n = n = len(names)
        hands_option = options.get("hands", 0)
        self.target = options.get("target", 0)
        if hands_option < 0 and not self.target:
            raise ValueError("With no limit on hands, set a target minus score.")
        self.hand_limit = n if hands_option == 0 else hands_option  # < 0: none
        self.rng = random.Random(seed)
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
        self._movers: tuple[int, ...] = tuple(range(n))
        self.leader = self.turn = (self.dealer + 1) % n
        self.trick_cards: list[int] = []
        self.trick_seats: list[int] = []
        self.taken: list[list[tuple[int, ...]]] = [[] for _ in range(n)]
        self.last_trick: tuple[int, tuple[int, ...]] | None = None

    def _finish_hand(self, aside_seat: int | None, aside_index: int | None, events) -> None:
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
        if events is not None:
            parts = ", ".join(f"{self.names[s]} {hand[s]}" for s in range(self.n))
            events.append(Event(f"Hand {self.hand_no} scored: {parts}."))
        done = self.hand_limit > 0 and self.hand_no >= self.hand_limit
        if self.target and min(self.scores) <= -self.target:
            done = True
        if done:
            self.phase = OVER
            self._movers = ()
            if events is not None:
                events.append(Event("The match is over."))
            return
        self.dealer = (self.dealer + 1) % self.n
        self._deal()
        if events is not None:
            events.append(Event(f"Hand {self.hand_no + 1}: {self.names[self.dealer]} deals; "
                                f"everyone arranges their hand."))

    # ----- the contract
    def to_move(self) -> tuple[int, ...]:
        return self._movers

    def legal_actions(self, seat: int):
        if seat not in self._movers:
            return ()
        if self.phase == PLAY:
            return _BOTH if len(self.hands[seat]) > 1 else _LEFT_ONLY
        if self.phase == ORDER:
            hand = self.hands[seat]
            # Free-form phase: a few canonical orders; any permutation is legal.
            return (Order(tuple(hand)), Order(tuple(sorted(hand))),
                    Order(tuple(sorted(hand, reverse=True))))
        if self.phase == ASIDE:
            earlier = len(self.taken[seat]) - 1
            return (KEEP_ALL,) + tuple(SetAside(i) for i in range(1, earlier + 1))
        return ()

    def apply(self, seat: int, action, events: list[Event] | None = None) -> None:
        phase = self.phase
        if phase == PLAY:
            if seat != self.turn:
                raise IllegalAction(f"It is {self.names[self.turn]}'s turn, not {self.names[seat]}'s.")
            if action is LEFT or action == LEFT:
                card = self.hands[seat].pop(0)
            elif action is RIGHT or action == RIGHT:
                card = self.hands[seat].pop()
            else:
                raise IllegalAction("Play your leftmost (L) or rightmost (R) card.")
            self.trick_cards.append(card)
            self.trick_seats.append(seat)
            if events is not None:
                side = "leftmost" if action == LEFT else "rightmost"
                events.append(Event(f"{self.names[seat]} played {card} ({side})."))
            if len(self.trick_cards) == self.n:
                self._end_trick(events)
            else:
                self.turn = (seat + 1) % self.n
                self._movers = (self.turn,)
            return
        if seat not in self._movers:
            if phase == OVER:
                raise IllegalAction("The match is over.")
            raise IllegalAction(f"{self.names[seat]} has nothing to decide now.")
        if phase == ORDER:
            if not isinstance(action, Order):
                raise IllegalAction("First arrange your hand and confirm the order.")
            if sorted(action.cards) != sorted(self.hands[seat]):
                raise IllegalAction("That order does not hold exactly the cards in your hand.")
            self.hands[seat] = list(action.cards)
            self.ordered[seat] = True
            self._movers = tuple(s for s in self._movers if s != seat)
            if events is not None:
                events.append(Event(f"{self.names[seat]} has arranged their hand."))
            if not self._movers:
                self.phase = PLAY
                self._movers = (self.turn,)
                if events is not None:
                    events.append(Event(f"Everyone is ready. {self.names[self.turn]} leads."))
            return
        if phase == ASIDE:
            if not isinstance(action, SetAside):
                raise IllegalAction("Choose a trick to set aside, or none.")
            earlier = len(self.taken[seat]) - 1
            if action.index is not None and not 1 <= action.index <= earlier:
                raise IllegalAction(f"Choose one of your earlier tricks (1-{earlier}), not the last one.")
            if events is not None:
                if action.index is None:
                    events.append(Event(f"{self.names[seat]} sets no trick aside."))
                else:
                    score = trick_score(self.taken[seat][action.index - 1])
                    events.append(Event(f"{self.names[seat]} sets aside trick {action.index} "
                                        f"({score} points)."))
            aside = None if action.index is None else action.index - 1
            self._finish_hand(seat, aside, events)

    def _end_trick(self, events) -> None:
        cards = self.trick_cards
        best = max(range(self.n), key=cards.__getitem__)
        winner = self.trick_seats[best]
        trick = tuple(cards)
        self.taken[winner].append(trick)
        self.last_trick = (winner, trick)
        self.trick_cards = []
        self.trick_seats = []
        self.leader = self.turn = winner
        if events is not None:
            listed = ", ".join(map(str, trick))
            events.append(Event(f"{self.names[winner]} took the trick with {cards[best]} "
                                f"({listed}): {trick_score(trick)}."))
        if self.hands[winner]:
            self._movers = (winner,)
            return
        # Last trick of the hand: the winner may set aside an earlier trick.
        if len(self.taken[winner]) > 1:
            self.phase = ASIDE
            self._movers = (winner,)
            if events is not None:
                events.append(Event(f"{self.names[winner]} took the last trick and may set "
                                    f"aside one earlier trick."))
        else:
            self._finish_hand(None, None, events)

    def is_over(self) -> bool:
        return self.phase == OVER

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

    def copy(self) -> "BlindChickenState":
        other = object.__new__(BlindChickenState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.scores = list(self.scores)
        other.hand_scores = [list(h) for h in self.hand_scores]
        other.hands = [list(h) for h in self.hands]
        other.ordered = list(self.ordered)
        other.trick_cards = list(self.trick_cards)
        other.trick_seats = list(self.trick_seats)
        other.taken = [list(t) for t in self.taken]
        return other

    def view(self, seat: int | None) -> dict:
        n = self.n
        return {
            "game": "blind-chicken",
            "seat": seat,
            "names": list(self.names),
            "phase": self.phase,
            # The hand being played (the last one once the match is over).
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
            "trick": [[s, card_id(c)] for s, c in zip(self.trick_seats, self.trick_cards)],
            "last_trick": None if self.last_trick is None else {
                "winner": self.last_trick[0],
                "cards": [card_id(c) for c in self.last_trick[1]],
            },
            # Taken tricks lie open: their chickens (and size) are public.
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
        if self.phase == ORDER:
            return "arrange your hand, then confirm it (only the end cards can be played)."
        if self.phase == PLAY:
            return "play your leftmost or rightmost card."
        if self.phase == ASIDE:
            return "you took the last trick: set aside one earlier trick unscored, or none."
        return "the match is over."


def new_state(names: Sequence[str], options: dict[str, int], seed: int) -> BlindChickenState:
    return BlindChickenState(names, options, seed)
