"""Blenders Tricks: pure rules (rulings on its rules page, rules.md).

Three rounds. Each round: deal; everyone secretly passes one card to the left
and one to the right (revealed together); tricks with must-follow, wilds
always playable, highest number wins; the winner claims cards; at the
round's end the barley token goes to whoever claimed most, token holders may
spend tokens to ignore cards (one card per token, each spent on its own),
and each suit's cask icons are added to the player's three totals. After
round 3 the smallest spread wins.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import partial
from itertools import permutations
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from tablegames.core.decisions import DecisionQueue
from tablegames.core.game import IllegalAction, Result
from tablegames.core.secret import SecretChoices
from tablegames.core.state import BaseState, LogLine, handles
from tablegames.games.blenders_tricks.view import View, build_view
from tablegames.games.blenders_tricks.vocab import (
    CARD_IDS,
    CLAIMS,
    DECK,
    HAND_SIZE,
    ICONS,
    IS_WILD,
    KEEP,
    NO_SUIT,
    PASS_CHOICES,
    PASSES,
    TRICK_TURNS,
    PLAYS,
    ROUNDS,
    SPENDS,
    SUIT,
    SUIT_LETTERS,
    SUIT_NAMES,
    SUITS,
    TOKENS,
    WILDS,
    BlendersDecision,
    Claim,
    ClaimChoice,
    Pass,
    PassChoice,
    Phase,
    Play,
    PlayTurn,
    Spend,
    SpendChoice,
)

PASS, PLAY, CLAIM, SPEND = Phase.PASS, Phase.PLAY, Phase.CLAIM, Phase.SPEND
CLAIM_REASON = "the trick's winner claims a second card"
SPEND_REASON = "each barley token may ignore one card"


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A finished round, per seat: icons added per suit, the cards tokens
    ignored (one token each), the cards claimed; and who earned the token."""

    gains: tuple[tuple[int, int, int], ...]
    ignored: tuple[tuple[int, ...], ...]
    claimed: tuple[tuple[int, ...], ...]
    earner: int


# The last trick taken: its (seat, card) plays in order, its winner, the cards claimed.
LastTrick = tuple[tuple[tuple[int, int], ...], int, tuple[int, ...]]


def lead_suit_of(cards: Sequence[int]) -> int:
    """The trick's lead suit: the suit of its first non-wild card (NO_SUIT
    while only wilds, or nothing, have been played)."""
    for card in cards:
        if not IS_WILD[card]:
            return SUIT[card]
    return NO_SUIT


def trick_winner_claims(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(the winning card, the other cards it may claim). A wild winner takes
    every non-wild card (no choice); a non-wild winner takes one of the
    other non-wild cards."""
    best = max(cards)
    return best, tuple([c for c in cards if c != best and not IS_WILD[c]])


class BlendersState(BaseState):
    FINAL_PHASE: ClassVar[str] = Phase.OVER
    DEEP: ClassVar[tuple[str, ...]] = (
        "hands", "aside", "discard", "received", "trick_seats", "trick_cards", "claimed",
        "ignored", "totals", "tokens", "rounds", "choices",
    )

    decisions: DecisionQueue[BlendersDecision]

    def __init__(self, names: Sequence[str], rng: random.Random, *, round: int, totals: list[list[int]],
                 tokens: list[int], rounds: list[RoundRecord], leader: int, hands: list[list[int]],
                 aside: list[int], discard: list[int], received: list[list[int]], claimed: list[list[int]],
                 ignored: list[list[int]], trick: list[int], last_trick: LastTrick | None, earner: int | None,
                 choices: SecretChoices[Pass] | None, due: Iterable[BlendersDecision] = ()) -> None:
        """The one way to make a state, from its parts: the new deal
        (``new_state``), the sampler's re-deal and a described position.
        ``trick`` holds the current trick's cards from its ``leader`` on;
        ``choices`` the passes chosen so far (None once they are
        delivered): the seats still to choose are due first, then the
        ``due`` decisions in order (the trick's turns, a claim, the
        spends)."""
        super().__init__(names, rng)
        n = self.n
        self.round = round
        self.totals = totals
        self.tokens = tokens
        self.supply = TOKENS - sum(tokens)
        self.rounds = rounds
        self.leader = leader
        self.hands = hands
        self.aside = aside
        self.discard = discard
        self.received = received
        self.claimed = claimed
        self.ignored = ignored  # cards spent tokens ignore
        self.trick_cards = trick
        self.trick_seats = [(leader + i) % n for i in range(len(trick))]
        self.lead = lead_suit_of(trick)
        self.last_trick = last_trick
        self.earner = earner
        # The passes chosen so far (the queue says who is still choosing).
        self.choices = choices
        if choices is not None:
            self.decisions.push_together(PASS_CHOICES[s] for s in range(n) if not choices.has_chosen(s))
        for decision in due:
            self.decisions.push(decision)

    # What is due is the queue's: the phase and whose card is due come from it.
    @property
    def phase(self) -> Phase:
        """The due decision's phase (over when nothing is pending)."""
        return Phase(self.due_phase())

    @property
    def turn(self) -> int | None:
        """Whose card is due (in the play phase)."""
        d = self.decisions.current()
        return d.seat if d.__class__ is PlayTurn else None

    # ----- round flow
    def _deal(self) -> None:
        """The next round's deal (the first is ``new_state``'s)."""
        n = self.n
        self.hands, self.aside = deal_round(self.rng, n)
        self.discard = []
        self.received = [[] for _ in range(n)]
        self.claimed = [[] for _ in range(n)]
        self.ignored = [[] for _ in range(n)]
        self.trick_seats = []
        self.trick_cards = []
        self.lead = NO_SUIT
        self.last_trick = None
        self.earner = None
        self.choices = SecretChoices(range(n))
        self.decisions.push_together(PASS_CHOICES[:n])

    def _deliver_passes(self, last: PassChoice) -> None:
        """Everyone has chosen (``last`` was the last choice): the passed
        cards change hands together and the trick begins."""
        assert self.choices is not None
        chosen = self.choices.reveal()
        n = self.n
        hands = self.hands
        for seat, p in chosen.items():
            hands[seat].remove(p.left)
            hands[seat].remove(p.right)
        for seat, p in chosen.items():
            left, right = self.neighbours(seat)
            hands[left].append(p.left)
            hands[right].append(p.right)
            self.received[left].append(p.left)
            self.received[right].append(p.right)
        self.choices = None
        self._lead_trick()
        for seat in range(n):
            self.emit(partial(self._received_line, chosen, seat), (seat,))
        self.emit(lambda: f"The passed cards are delivered. {self.names[self.leader]} leads.")

    def _received_line(self, chosen: Mapping[int, Pass], seat: int) -> str:
        names = self.names
        left, right = self.neighbours(seat)  # the right one passed left to seat, the left one right
        return (f"You received {chosen[right].left} from {names[right]} and "
                f"{chosen[left].right} from {names[left]}.")

    def _lead_trick(self) -> None:
        """Queue the trick's turns, the leader's first (nothing else is pending)."""
        self.decisions.refill(TRICK_TURNS[self.n][self.leader])

    def _end_trick(self) -> None:
        cards = self.trick_cards
        best, others = trick_winner_claims(cards)
        winner = self.trick_seats[cards.index(best)]  # the highest number wins
        if IS_WILD[best]:
            self._finish_trick(winner, others)
        elif len(others) <= 1:
            self._finish_trick(winner, (best,) + others)
        else:
            self.decisions.push(ClaimChoice(winner, others, reason=CLAIM_REASON))
            self.emit(self._claim_line)

    def _finish_trick(self, winner: int, taken: tuple[int, ...]) -> None:
        cards = self.trick_cards
        self.claimed[winner].extend(taken)
        for card in cards:
            if card not in taken:
                self.discard.append(card)
        self.last_trick = (tuple(zip(self.trick_seats, cards)), winner, taken)
        self.emit(self._trick_line)
        self.trick_seats = []
        self.trick_cards = []
        self.lead = NO_SUIT
        if self.hands[winner]:
            self.leader = winner
            self._lead_trick()
        else:
            self._end_round()

    def _claim_line(self) -> str:
        """The log line of a trick whose winner picks a card to claim."""
        best = max(self.trick_cards)
        return (f"{self.names[self.trick_seats[self.trick_cards.index(best)]]} wins the trick with {best} "
                "and picks a card to claim.")

    def _trick_line(self) -> str:
        """The log line of the trick just taken (worded only for a log)."""
        assert self.last_trick is not None
        plays, winner, taken = self.last_trick
        got = ", ".join(map(str, taken)) if taken else "nothing (wilds are never claimed)"
        return f"{self.names[winner]} takes the trick with {max(c for _, c in plays)} and claims {got}."

    def _end_round(self) -> None:
        n = self.n
        counts = [len(c) for c in self.claimed]
        most = max(counts)
        tied = [s for s in range(n) if counts[s] == most]
        assert self.last_trick is not None
        last = dict(self.last_trick[0])
        earner = max(tied, key=last.__getitem__)  # tie: the higher card in the last trick
        self.earner = earner
        self.tokens[earner] += 1
        self.supply -= 1
        self.emit(lambda: f"{self.names[earner]} claimed the most cards ({most}) and earns a barley token"
                  f"{'' if len(tied) == 1 else f' (a tie, broken by their {last[earner]} in the last trick)'}.")
        for seat in self.seats_from(earner):
            if self.tokens[seat] and self.claimed[seat]:
                self.decisions.push(SpendChoice(seat, tuple(self.claimed[seat]),
                                                reason=SPEND_REASON))
        if not self.decisions:
            self._score_round()

    def _score_round(self) -> None:
        n = self.n
        gains = []
        for seat in range(n):
            g = [0, 0, 0]
            skip = self.ignored[seat]
            for card in self.claimed[seat]:
                if card not in skip:
                    g[SUIT[card]] += ICONS[card]
            total = self.totals[seat]
            total[0] += g[0]
            total[1] += g[1]
            total[2] += g[2]
            gains.append((g[0], g[1], g[2]))
        earner = self.earner
        assert earner is not None
        self.rounds.append(RoundRecord(tuple(gains), tuple(tuple(i) for i in self.ignored),
                                       tuple(tuple(c) for c in self.claimed), earner))
        self.emit(lambda: f"Round {self.round} scored ({'/'.join(SUIT_LETTERS)}): " + "; ".join(
            f"{self.names[s]} +" + "/".join(str(x) for x in gains[s]) for s in range(n)) + ".")
        if self.round == ROUNDS:
            self.emit("The game is over.")  # nothing pending: the phase is over
            return
        self.round += 1
        self.leader = earner  # the token earner leads the next round
        self._deal()
        self.emit(lambda: f"Round {self.round}: new hands. Everyone picks two cards to pass; "
                  f"{self.names[earner]} will lead.")

    # ----- the contract
    def legal_actions(self, seat: int) -> list[Any]:
        d = self.decisions.due_for(seat)
        kind = d.__class__
        if kind is PlayTurn:
            hand = self.hands[seat]
            lead = self.lead
            if lead != NO_SUIT:
                suit = SUIT
                for c in hand:
                    if suit[c] == lead:  # must follow (wilds always allowed)
                        return [PLAYS[c] for c in hand if suit[c] == lead or c in WILDS]
            return list(map(PLAYS.__getitem__, hand))
        if kind is PassChoice:
            row = PASSES
            return [row[a][b] for a, b in permutations(self.hands[seat], 2)]
        if kind is ClaimChoice:
            assert isinstance(d, ClaimChoice)
            return [CLAIMS[c] for c in d.options]
        if kind is SpendChoice:
            assert isinstance(d, SpendChoice)
            return [KEEP] + [SPENDS[c] for c in d.cards]
        return []

    def playable(self, seat: int) -> frozenset[int]:
        """The cards ``seat`` may play now, its legal plays' (must-follow is
        ``legal_actions``'): none unless its card is due. The view's, for
        the screen."""
        if self.decisions.due_for(seat).__class__ is not PlayTurn:
            return frozenset()
        return frozenset(action.card for action in self.legal_actions(seat))

    @handles(PlayTurn)
    def _play(self, decision: PlayTurn, action: Any) -> None:
        seat = decision.seat
        if type(action) is not Play:
            raise IllegalAction("Play a card from your hand (play N).")
        card = action.card
        hand = self.hands[seat]
        if type(card) is not int or card not in hand:
            raise IllegalAction(f"You do not hold {card!r}.")
        lead = self.lead
        if lead != NO_SUIT and SUIT[card] != lead and not IS_WILD[card]:
            for c in hand:
                if SUIT[c] == lead:
                    raise IllegalAction(f"Follow suit: play a {SUIT_NAMES[lead]} card (or a wild).")
        self.decisions.take(seat)
        hand.remove(card)
        self.trick_seats.append(seat)
        self.trick_cards.append(card)
        if lead == NO_SUIT and not IS_WILD[card]:
            self.lead = SUIT[card]
        self.emit(PLAYED)
        if len(self.trick_cards) == self.n:
            self._end_trick()

    @handles(PassChoice, then=_deliver_passes)
    def _pass(self, decision: PassChoice, action: Any) -> None:
        seat = decision.seat
        choices = self.choices
        assert choices is not None
        if type(action) is not Pass:
            raise IllegalAction("Choose a card for your left neighbour and one for your right (pass L R).")
        left, right = action.left, action.right
        hand = self.hands[seat]
        for card in (left, right):
            if type(card) is not int or card not in hand:
                raise IllegalAction(f"You do not hold {card!r}.")
        if left == right:
            raise IllegalAction("Pass two different cards: one to the left, one to the right.")
        choices.choose(seat, action)
        self.decisions.take(seat)
        self.emit(lambda: f"{self.names[seat]} has chosen the cards to pass.")

    @handles(ClaimChoice)
    def _claim(self, decision: ClaimChoice, action: Any) -> None:
        if type(action) is not Claim or type(action.card) is not int or action.card not in decision.options:
            options = ", ".join(map(str, decision.options))
            raise IllegalAction(f"Claim one of the trick's other non-wild cards: {options}.")
        self.decisions.pop()
        best = max(self.trick_cards)
        self._finish_trick(decision.seat, (best, action.card))

    def _all_spent(self, decision: SpendChoice) -> None:
        """Every token holder has spent or kept their tokens: the round is scored."""
        self._score_round()

    @handles(SpendChoice, then=_all_spent)
    def _spend(self, decision: SpendChoice, action: Any) -> None:
        seat = decision.seat
        if type(action) is not Spend or (action.card is not None and (type(action.card) is not int
                                                                      or action.card not in decision.cards)):
            raise IllegalAction("Spend a token on one card you claimed this round (spend N), or keep it (keep).")
        self.decisions.pop()
        card = action.card
        if card is not None:
            # Each token is spent on its own: a holder with another token
            # (and another claimed card) chooses again.
            self.tokens[seat] -= 1
            self.supply += 1
            self.ignored[seat].append(card)
            self.emit(lambda: f"{self.names[seat]} spends a barley token to ignore {self.describe(card)}.")
            left = tuple(c for c in decision.cards if c != card)
            if self.tokens[seat] and left:
                self.decisions.interrupt(SpendChoice(seat, left, reason=SPEND_REASON))
        else:
            held = self.tokens[seat]
            self.emit(lambda: f"{self.names[seat]} keeps "
                      f"{'their barley token' if held == 1 else f'their {held} barley tokens'}.")

    @staticmethod
    def describe(card: int) -> str:
        if IS_WILD[card]:
            return f"{card} (wild)"
        return f"{card} ({SUIT_NAMES[SUIT[card]]}, {ICONS[card]} icon{'s' if ICONS[card] > 1 else ''})"

    def is_over(self) -> bool:
        return len(self.rounds) == ROUNDS  # the third round is scored

    # The round on the table: the view's count, and the spec's stage (search
    # bots play out only to its end, judged by the blends then: the
    # smallest spread first).
    def stage(self) -> int:
        return self.round

    def standings(self) -> tuple[int, ...]:
        return tuple(-self.spread(s) for s in range(self.n))

    def spread(self, seat: int) -> int:
        t = self.totals[seat]
        return max(t) - min(t)

    def spread_words(self, seat: int) -> str:
        """"W 30  C 21  M 25: highest 30 minus lowest 21": how a spread comes about."""
        t = self.totals[seat]
        suits = "  ".join(f"{SUIT_LETTERS[i]} {t[i]}" for i in SUITS)
        return f"{suits}: highest {max(t)} minus lowest {min(t)}"

    def last_round_words(self) -> str:
        """The last round's claims, icons and tokens (its scoring ends the
        game, so the results screen tells it)."""
        done = self.rounds[-1]
        parts = []
        for seat, name in enumerate(self.names):
            cards = " ".join(map(str, done.claimed[seat])) or "nothing"
            gains = "/".join(f"+{g}" for g in done.gains[seat])
            spent = done.ignored[seat]
            tokens = f", token{'s' if len(spent) > 1 else ''} on {', '.join(map(str, spent))}" if spent else ""
            parts.append(f"{name} claimed {cards} ({gains}{tokens})")
        return (f"Round {len(self.rounds)} ({'/'.join(SUIT_LETTERS)}): " + "; ".join(parts)
                + f". {self.names[done.earner]} earned its barley token.")

    def result(self) -> Result:
        n = self.n
        spreads = [self.spread(s) for s in range(n)]
        lows = [min(self.totals[s]) for s in range(n)]
        best = min(spreads)
        tied = [s for s in range(n) if spreads[s] == best]
        top_low = max(lows[s] for s in tied)
        winners = tuple(s for s in tied if lows[s] == top_low)
        # One line per player, the spread itself: the suit totals are
        # positive, so the lowest one is named in the label, never shown as
        # a negative number (lines must add up to the score).
        breakdown = tuple(((self.spread_words(s), spreads[s]),) for s in range(n))
        letters = "/".join(SUIT_LETTERS)
        totals = ", ".join(f"{self.names[s]} " + "/".join(map(str, self.totals[s])) for s in range(n))
        summary = f"Suit totals ({letters}): {totals}."
        if self.rounds:
            summary += "\n" + self.last_round_words()
        return Result(scores=tuple(spreads), breakdown=breakdown, winners=winners, summary=summary,
                      lowest_best=True)

    def view(self, seat: int | None) -> View:
        return build_view(self, seat)

    def secret_cards(self, seat: int | None) -> set[str]:
        ids = CARD_IDS
        secret = {ids[c] for s in range(self.n) if s != seat for c in self.hands[s]}
        secret.update(ids[c] for c in self.aside)
        shown = {c for _, c in self.last_trick[0]} if self.last_trick else set()
        secret.update(ids[c] for c in self.discard if c not in shown)
        return secret

    def all_card_ids(self) -> list[str]:
        cards = [c for h in self.hands for c in h] + self.aside + self.discard + self.trick_cards
        cards += [c for cl in self.claimed for c in cl]
        return [CARD_IDS[c] for c in cards]

    def pieces(self) -> Counter[str]:
        pieces = Counter(self.all_card_ids())
        pieces["barley token"] = sum(self.tokens) + self.supply
        return pieces

    def prompt(self, seat: int) -> str:
        phase = self.phase
        names = self.names
        if phase is PASS:
            left, right = (names[s] for s in self.neighbours(seat))
            return f"pass a card left to {left} and one right to {right}."
        if phase is PLAY:
            if not self.trick_cards:
                return "lead any card."
            if self.lead == NO_SUIT:
                return "only wilds so far: any card (a non-wild sets the lead suit)."
            return f"play a card: {SUIT_NAMES[self.lead]} if you have one (a wild always)."
        if phase is CLAIM:
            return "you won the trick: claim one more of its non-wild cards."
        if phase is SPEND:
            held = self.tokens[seat]
            if held > 1:
                return f"spend one of your {held} barley tokens on a card, or keep them."
            return "spend a barley token to ignore a card of this round, or keep it."
        return "the game is over."


# The line of every card played (the hot path), worded only for a log.
@LogLine
def PLAYED(state: BlendersState) -> str:
    return f"{state.names[state.trick_seats[-1]]} plays {state.describe(state.trick_cards[-1])}."


def deal_round(rng: random.Random, n: int) -> tuple[list[list[int]], list[int]]:
    """A round's deal: the hands and the cards set aside unseen."""
    deck = list(DECK)
    rng.shuffle(deck)
    size = HAND_SIZE[n]
    return [deck[i * size:(i + 1) * size] for i in range(n)], deck[n * size:]


def first_deal(seed: int, n: int) -> tuple[random.Random, int, list[list[int]], list[int]]:
    """A new game's draws: (the rng after them, the first leader, the hands,
    the aside). A position's later rounds are dealt from the same rng, as in
    a new game with its seed (and in records saved from positions)."""
    if n not in HAND_SIZE:
        raise ValueError(f"Blenders Tricks takes 3-5 players, not {n}.")
    rng = random.Random(seed)
    leader = rng.randrange(n)  # round 1: a random first player
    hands, aside = deal_round(rng, n)
    return rng, leader, hands, aside


def new_state(names: Sequence[str], options: Mapping[str, int], seed: int) -> BlendersState:
    n = len(names)
    rng, leader, hands, aside = first_deal(seed, n)
    return BlendersState(names, rng, round=1, totals=[[0, 0, 0] for _ in range(n)], tokens=[0] * n, rounds=[],
                         leader=leader, hands=hands, aside=aside, discard=[], received=[[] for _ in range(n)],
                         claimed=[[] for _ in range(n)], ignored=[[] for _ in range(n)], trick=[],
                         last_trick=None, earner=None, choices=SecretChoices(range(n)))
