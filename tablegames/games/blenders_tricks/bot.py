"""A Blenders Tricks computer player that decides from its view only.

It keeps its blend balanced: it reckons its three suit totals including the
cards claimed this round, and wants to win a trick only when what it would
claim brings those totals closer together. When a win would unbalance it,
it ducks under the trick with its lowest card.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from tablegames.core.bots import BaseBot
from tablegames.core.state import seat_cards

from tablegames.games.blenders_tricks.vocab import (
    DECK,
    ICONS,
    IS_WILD,
    KEEP,
    NO_SUIT,
    NUMBER_OF,
    SUIT,
    Claim,
    Pass,
    Play,
    Spend,
)
from tablegames.games.blenders_tricks.view import View

Totals = tuple[int, int, int]


def balance(t: Sequence[float]) -> float:
    """How good a blend is (higher is better): minus the spread, with a
    small pull towards a higher lowest suit (the tie-break) and towards the
    middle suit sitting between the two others."""
    hi, lo = max(t), min(t)
    mid = sum(t) - hi - lo
    return -(hi - lo) - 0.25 * abs(mid - (hi + lo) / 2) + 0.05 * lo


def add(t: Sequence[float], cards: Sequence[int]) -> list[float]:
    out = list(t)
    for c in cards:
        if not IS_WILD[c]:
            out[SUIT[c]] += ICONS[c]
    return out


def projected(view: View, seat: int) -> list[float]:
    """Totals so far plus this round's claimed cards (minus the cards spent
    tokens ignore)."""
    t: list[float] = [float(x) for x in view["totals"][seat]]
    ignoring = view["ignoring"][seat]
    for cid in view["claimed"][seat]:
        if cid not in ignoring:
            c = NUMBER_OF[cid]
            t[SUIT[c]] += ICONS[c]
    return t


def own(view: View) -> tuple[int, list[int]]:
    """The deciding seat and its hand: a bot decides from its own seat's
    view, which always has both."""
    seat, hand = view["seat"], view["hand"]
    assert seat is not None and hand is not None, "a bot decides from its own seat's view"
    return seat, [NUMBER_OF[c] for c in hand]


def unseen(view: View, hand: Sequence[int]) -> list[int]:
    """Cards this seat has not seen this round (in others' hands, aside or
    the unseen discards)."""
    seen = set(hand)
    seen.update(NUMBER_OF[c] for _, c in seat_cards(view["trick"]))
    for cl in view["claimed"]:
        seen.update(NUMBER_OF[c] for c in cl)
    last = view["last_trick"]
    if last:
        seen.update(NUMBER_OF[c] for _, c in seat_cards(last["plays"]))
    return [c for c in DECK if c not in seen]


class HeuristicBot(BaseBot):
    needs_view = True

    def choose(self, view: View | None, legal: Sequence[Any], rng: random.Random) -> Any:
        assert view is not None
        first = legal[0]
        if len(legal) == 1:
            return first
        if isinstance(first, Play):
            return self._play(view, legal)
        if isinstance(first, Pass):
            return self._pass(view)
        if isinstance(first, Claim):
            seat, _ = own(view)
            t = projected(view, seat)
            best = max(NUMBER_OF[c] for _, c in seat_cards(view["trick"]))
            base = add(t, [best])
            return max(legal, key=lambda a: (balance(add(base, [a.card])), -a.card))
        if isinstance(first, Spend):
            return self._spend(view, legal)
        return first

    # ----- playing a card
    def _play(self, view: View, legal: Sequence[Play]) -> Play:
        seat, hand = own(view)
        n = len(view["names"])
        trick = [NUMBER_OF[c] for _, c in seat_cards(view["trick"])]
        t = projected(view, seat)
        now = balance(t)
        hidden = unseen(view, hand)
        later = n - len(trick) - 1
        others_cards = sum(view["hand_sizes"][s] for s in range(n) if s != seat)
        lead = view["lead_suit"]
        lead = NO_SUIT if lead is None else lead
        top = max(trick) if trick else 0
        best_value = None
        best_play = legal[0]
        for action in legal:
            c = action.card
            if c < top:
                # Cannot win: keep strong cards, shed weak ones.
                value = -0.02 * c
            else:
                p_win = self._p_win(c, lead, hidden, later, others_cards, n)
                gain = self._gain(c, trick, t, lead, later)
                value = p_win * (gain - now) - 0.01 * c
            if best_value is None or value > best_value:
                best_value, best_play = value, action
        return best_play

    @staticmethod
    def _p_win(c: int, lead: int, hidden: list[int], later: int, others_cards: int, n: int) -> float:
        if later == 0:
            return 1.0
        if not hidden:
            return 1.0
        lead_now = SUIT[c] if lead == NO_SUIT else lead
        threats = sum(1 for h in hidden if h > c and (IS_WILD[h] or SUIT[h] == lead_now or lead_now == NO_SUIT))
        stray = sum(1 for h in hidden if h > c) - threats
        # Share of the hidden cards the later players hold, and a chance a
        # holder can (and does) play it.
        held = min(1.0, others_cards / len(hidden)) * later / max(1, n - 1)
        p_each = min(1.0, (threats + 0.3 * stray) / len(hidden) * held * 3.0)
        return max(0.0, 1.0 - p_each)

    @staticmethod
    def _gain(c: int, trick: list[int], t: list[float], lead: int, later: int) -> float:
        """The blend after winning the trick with ``c`` (later cards guessed
        as average cards of the lead suit)."""
        expect: list[float] = list(t)
        if IS_WILD[c]:
            expect = add(expect, trick)
            suit = lead
            if suit == NO_SUIT:
                # The next card sets the suit: spread the guess.
                for s in range(3):
                    expect[s] += 2.0 * later / 3
            else:
                expect[suit] += 2.0 * later
            return balance(expect)
        own = add(expect, [c])
        options = [x for x in trick if not IS_WILD[x]]
        best = balance(own)
        for x in options:
            best = max(best, balance(add(own, [x])))
        if later:
            # A later card of the lead suit might be claimed instead.
            suit = SUIT[c] if lead == NO_SUIT else lead
            alt = list(own)
            alt[suit] += 1.0
            best = max(best, 0.5 * best + 0.5 * balance(alt))
        return best

    # ----- the pass
    def _pass(self, view: View) -> Pass:
        seat, hand = own(view)
        t = projected(view, seat)
        mean = sum(t) / 3

        def keep(c: int) -> float:
            if IS_WILD[c]:
                return 2.0 + c / 40
            surplus = t[SUIT[c]] - mean
            # High cards win tricks: worth keeping in a suit we need, a
            # liability in a suit we have too much of.
            return (c / 40) * (1.0 - 0.3 * surplus) - 0.1 * ICONS[c]

        ranked = sorted(hand, key=keep)
        return Pass(ranked[0], ranked[1])

    # ----- barley token
    def _spend(self, view: View, legal: Sequence[Spend]) -> Spend:
        seat, _ = own(view)
        t = projected(view, seat)
        now = balance(t)
        best, best_value = KEEP, now + (0.0 if view["round"] == 3 else 1.5)
        for action in legal:
            if action.card is None:
                continue
            c = action.card
            after = list(t)
            after[SUIT[c]] -= ICONS[c]
            value = balance(after)
            if value > best_value:
                best, best_value = action, value
        return best
