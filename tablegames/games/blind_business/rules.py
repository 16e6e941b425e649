"""Blind Business: pure rules (RULINGS.md, "Blind Business").

Everyone sees the other players' hands but not their own. A turn is a short
conversation between the requester R and the recipient P; every step is one
seat's decision, so the app's handover screen appears between humans:

    ask p<P> <slot> [ok]   R asks P for a slot (ok: spend an OK token, P must say yes)
    yes / no               P answers (skipped, always yes, after an OK ask)
    take <slot>            after no: R takes one of P's remaining cards
    ask <slot> [ok]        after yes: P asks R for a slot (ok: R must accept)
    accept / reject        R's reply (skipped, always accept, after an OK ask)

Then the won cards' abilities, the requester's card first:

    assign <district> | assign none   a Trainer (also later: an unassigned
                                      Trainer when its owner wins the first
                                      card of a new district)
    discard <card>                    a 10 / 11 owner with the most cards
    (refill to 4, then)
    swap p<seat> | swap none          a 3
    seen                              a 4: a private look at one's own hand
                                      (also the first look during setup)

and at the end ``add <slot> | add none`` for the playground majority.

Decisions made here where the rulebook and RULINGS.md are silent (also on
the rules page):

- An OK token makes the answer automatic: the recipient's "yes" (or the
  requester's "accept") is applied at once, with no extra handover.
- Both cards of an exchange are won together; the 10/11 count is taken then.
  Their immediate abilities (Trainer, 2, 10/11) follow, the requester's card
  first, and then five in a row is checked for both players at once (so it
  is shared when both complete one).
- Spent OK tokens leave the game; a 2 takes one from the supply of 4.
- A majority needs at least one card of that district. The 1 counts once for
  majorities and for the station/downtown pairs.
- The card added by the playground majority gets no "when won" effect: a
  Trainer added this way stays unassigned.
- Family rules: no abilities at all (no Trainer assignment, no OK tokens, no
  discards, swaps or peeks, no district bonuses or playground add); the
  Versatile is a numberless card of its district and does not fill a gap.
  Five in a row with plain numbers still wins.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from tablegames.core.game import Event, IllegalAction, Result
from tablegames.games.blind_business.cards import (
    CARD_ID,
    DECK_SIZE,
    DISTRICT,
    DISTRICT_NAMES,
    DISTRICT_WORDS,
    DISTRICTS,
    HAND_SIZE,
    NUMBER,
    OK_TOKENS,
    PLAYGROUND,
    REMOVED,
    ROUNDS,
    ROW_EXACT,
    ROW_GAP,
    best_run,
    card_from_id,
    card_name,
    district_from_word,
)
from tablegames.games.blind_business.scoring import score_lines

GAME_ID = "blind-business"

# Phases (also the "phase" of a view).
SETUP = "first look"     # everyone privately looks at their dealt hand once
ASK = "ask"              # requester picks a rival and a slot
ANSWER = "answer"        # recipient: yes / no
TAKE = "take"            # requester after "no": one of the recipient's remaining cards
COUNTER = "counter"      # recipient after "yes": a slot of the requester's hand
REPLY = "reply"          # requester: accept / reject
ASSIGN = "assign"        # a Trainer's district
DISCARD = "discard"      # 10 / 11 with the most cards
SWAP = "swap"            # 3: swap hands
PEEK = "peek"            # 4: private look at one's own hand
ADD = "add"              # final scoring: the playground majority adds a card
OVER = "over"

EMPTY = -1
HIDDEN = "back"  # a face-down card in a view's hand

# Steps of the ability queue (used as a stack).
_IMM, _NEWTR, _LATE, _DISC, _CHECK, _REFILL, _POST, _END = range(8)


# ----- actions ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Seen:
    """Done looking at one's own hand (it is shuffled face down again)."""

    def __str__(self) -> str:
        return "seen"


@dataclass(frozen=True, slots=True)
class Ask:
    """The requester asks ``target`` (a seat, 0-based) for ``slot`` (1-4)."""

    target: int
    slot: int
    ok: bool = False

    def __str__(self) -> str:
        return f"ask p{self.target + 1} {self.slot}" + (" ok" if self.ok else "")


@dataclass(frozen=True, slots=True)
class Answer:
    yes: bool

    def __str__(self) -> str:
        return "yes" if self.yes else "no"


@dataclass(frozen=True, slots=True)
class Take:
    slot: int

    def __str__(self) -> str:
        return f"take {self.slot}"


@dataclass(frozen=True, slots=True)
class CounterAsk:
    """The recipient, having said yes, asks the requester for ``slot``."""

    slot: int
    ok: bool = False

    def __str__(self) -> str:
        return f"ask {self.slot}" + (" ok" if self.ok else "")


@dataclass(frozen=True, slots=True)
class Reply:
    accept: bool

    def __str__(self) -> str:
        return "accept" if self.accept else "reject"


@dataclass(frozen=True, slots=True)
class Assign:
    """Put the pending Trainer in ``district``, or leave it unassigned (None)."""

    district: int | None

    def __str__(self) -> str:
        return "assign " + ("none" if self.district is None else DISTRICT_WORDS[self.district])


@dataclass(frozen=True, slots=True)
class Discard:
    card: int

    def __str__(self) -> str:
        return f"discard {CARD_ID[self.card]}"


@dataclass(frozen=True, slots=True)
class Swap:
    target: int | None

    def __str__(self) -> str:
        return "swap " + ("none" if self.target is None else f"p{self.target + 1}")


@dataclass(frozen=True, slots=True)
class Add:
    slot: int | None

    def __str__(self) -> str:
        return "add " + ("none" if self.slot is None else str(self.slot))


SEEN = Seen()
YES, NO = Answer(True), Answer(False)
ACCEPT, REJECT = Reply(True), Reply(False)
KEEP_HAND = Swap(None)
ADD_NONE = Add(None)
UNASSIGNED = Assign(None)
_SEEN_ONLY = (SEEN,)
_YES_NO = (YES, NO)
_ACCEPT_REJECT = (ACCEPT, REJECT)
_TAKES = tuple(Take(s) for s in range(1, HAND_SIZE + 1))
_COUNTER_PLAIN = tuple(CounterAsk(s) for s in range(1, HAND_SIZE + 1))
_COUNTER_OK = _COUNTER_PLAIN + tuple(CounterAsk(s, True) for s in range(1, HAND_SIZE + 1))
_ASSIGN = tuple(Assign(d) for d in DISTRICTS)


def _seat_number(word: str) -> int:
    """'p2' or '2' (1-based, as players count seats) -> seat 1 (0-based)."""
    w = word.lower()
    if w.startswith("p"):
        w = w[1:]
    number = int(w)
    if number < 1:
        raise ValueError(word)
    return number - 1


def parse_action(text: str):
    """Notation -> action; ValueError/KeyError on nonsense."""
    words = text.lower().split()
    if not words:
        raise ValueError(text)
    head, args = words[0], words[1:]
    ok = bool(args) and args[-1] == "ok"
    if ok:
        args = args[:-1]
    if ok and head != "ask":
        raise ValueError(text)
    if head == "seen" and not args:
        return SEEN
    if head in ("yes", "no") and not args:
        return YES if head == "yes" else NO
    if head in ("accept", "reject") and not args:
        return ACCEPT if head == "accept" else REJECT
    if head == "ask" and len(args) == 2:
        return Ask(_seat_number(args[0]), int(args[1]), ok)
    if head == "ask" and len(args) == 1:
        return CounterAsk(int(args[0]), ok)
    if head == "take" and len(args) == 1:
        return Take(int(args[0]))
    if head == "assign" and args:
        word = " ".join(args)
        return UNASSIGNED if word == "none" else Assign(district_from_word(word))
    if head == "discard" and len(args) == 1:
        return Discard(card_from_id(args[0]))
    if head == "swap" and len(args) == 1:
        return KEEP_HAND if args[0] == "none" else Swap(_seat_number(args[0]))
    if head == "add" and len(args) == 1:
        return ADD_NONE if args[0] == "none" else Add(int(args[0]))
    raise ValueError(text)


# ----- the state -------------------------------------------------------------

class BlindBusinessState:
    def __init__(self, names: Sequence[str], options: dict[str, int], seed: int):
        self.names = tuple(names)
        self.n = n = len(self.names)
        if n not in REMOVED:
            raise ValueError(f"Blind Business takes 2-5 players, not {n}.")
        self.family = bool(options.get("family", 0))
        self.rng = rng = random.Random(seed)
        self.start = rng.randrange(n)
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        cut = REMOVED[n]
        self.removed = deck[:cut]
        deck = deck[cut:]
        self.hands = [deck[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(n)]
        self.deck = deck[n * HAND_SIZE:]
        self.areas: list[list[int]] = [[] for _ in range(n)]
        # District of each Trainer while in a play area (-1: unassigned).
        self.tdist = [-1, -1]
        self.tokens = [0] * n
        self.supply = OK_TOKENS
        self.discards: list[int] = []
        self.turns_total = ROUNDS[n] * n
        self.turn_no = 0
        self.requester = self.start
        self._clear_request()
        self.steps: list[tuple] = []
        self.ctx: tuple | None = None  # the pending ability decision
        self.snapshot: list[int] | None = None  # area sizes for 10/11
        self.last_won: list[tuple[int, int]] = []
        self.row_winners: tuple[int, ...] = ()
        self.rows: list[tuple[int, int, int, int]] = []  # (seat, district, low, high)
        self.added: tuple[int, int] | None = None  # (seat, card) from the playground add
        self._result: Result | None = None
        # Per seat and district: cards counting there (Trainers assigned
        # included, each card once), numbers present (bits), Versatile held.
        self.dcount = [[0] * 4 for _ in range(n)]
        self.nmask = [[0] * 4 for _ in range(n)]
        self.vers = [[False] * 4 for _ in range(n)]
        self.phase = SETUP
        self._movers: tuple[int, ...] = tuple(range(n))
        # Seats that see their own hand's faces right now.
        self.peeking: tuple[int, ...] = tuple(range(n))

    def _clear_request(self) -> None:
        self.recipient: int | None = None
        self.slot: int | None = None        # 0-based slot asked of the recipient
        self.ok = False
        self.answer: bool | None = None
        self.cslot: int | None = None       # 0-based slot asked of the requester
        self.cok = False
        self.won_r = EMPTY
        self.won_p = EMPTY

    # ----- play areas
    def _place(self, seat: int, c: int) -> None:
        self.areas[seat].append(c)
        d = DISTRICT[c]
        if d >= 0:
            self.dcount[seat][d] += 1
            num = NUMBER[c]
            if num:
                self.nmask[seat][d] |= 1 << (num - 1)
            else:
                self.vers[seat][d] = True

    def _recount(self, seat: int) -> None:
        counts = [0] * 4
        masks = [0] * 4
        vers = [False] * 4
        for c in self.areas[seat]:
            d = DISTRICT[c]
            if d < 0:
                d = self.tdist[c - 48]
                if d >= 0:
                    counts[d] += 1
                continue
            counts[d] += 1
            num = NUMBER[c]
            if num:
                masks[d] |= 1 << (num - 1)
            else:
                vers[d] = True
        self.dcount[seat] = counts
        self.nmask[seat] = masks
        self.vers[seat] = vers

    def _row(self, seat: int) -> tuple[int, int, int] | None:
        """(district, low, high) of a five-in-a-row of ``seat``, or None."""
        masks = self.nmask[seat]
        vers = self.vers[seat]
        for d in DISTRICTS:
            m = masks[d]
            if ROW_EXACT[m] or (vers[d] and not self.family and ROW_GAP[m]):
                low, high = best_run(m, vers[d] and not self.family)
                return d, low, high
        return None

    def groups(self, seat: int) -> list[list[int]]:
        """The seat's play area by district (Trainers assigned included)."""
        out: list[list[int]] = [[], [], [], []]
        for c in self.areas[seat]:
            d = DISTRICT[c]
            if d < 0:
                d = -1 if self.family else self.tdist[c - 48]
            if d >= 0:
                out[d].append(c)
        return out

    def _draw(self) -> int:
        # A random card of the deck (the rng moves: the match controller
        # treats an action that drew a card as one that cannot be taken back).
        deck = self.deck
        i = self.rng.randrange(len(deck))
        deck[i], deck[-1] = deck[-1], deck[i]
        return deck.pop()

    # ----- the contract
    def to_move(self) -> tuple[int, ...]:
        return self._movers

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: int):
        if seat not in self._movers:
            return ()
        phase = self.phase
        if phase == ASK:
            return _ask_actions(self.n, seat, self.tokens[seat] > 0)
        if phase == ANSWER:
            return _YES_NO
        if phase == TAKE:
            hand = self.hands[self.recipient]
            return tuple(_TAKES[i] for i in range(HAND_SIZE) if hand[i] != EMPTY)
        if phase == COUNTER:
            return _COUNTER_OK if self.tokens[seat] else _COUNTER_PLAIN
        if phase == REPLY:
            return _ACCEPT_REJECT
        if phase in (SETUP, PEEK):
            return _SEEN_ONLY
        if phase == ASSIGN:
            return tuple(_ASSIGN[d] for d in self.ctx[-1]) + (UNASSIGNED,)
        if phase == DISCARD:
            return tuple(Discard(c) for c in self.areas[seat])
        if phase == SWAP:
            return tuple(Swap(s) for s in range(self.n) if s != seat) + (KEEP_HAND,)
        if phase == ADD:
            return tuple(Add(i + 1) for i in range(HAND_SIZE) if self.hands[seat][i] != EMPTY) + (ADD_NONE,)
        return ()

    def apply(self, seat: int, action, events: list[Event] | None = None) -> None:
        if type(seat) is not int or seat not in self._movers:
            raise IllegalAction(self._not_now(seat))
        _HANDLERS[self.phase](self, seat, action, events)

    def _not_now(self, seat) -> str:
        if self.phase == OVER:
            return "The game is over."
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            return "There is no such player."
        waiting = " and ".join(self.names[s] for s in self._movers)
        return f"It is {waiting}'s decision, not {self.names[seat]}'s."

    # ----- setup and peeks
    def _on_seen(self, seat: int, action, events) -> None:
        if action != SEEN:
            raise IllegalAction("Look at your cards, then confirm with 'seen'.")
        hand = self.hands[seat]
        if events is not None:
            # Private, and without the faces: after a look the screen shows
            # only slots (RULINGS.md); what you saw is yours to remember.
            count = sum(1 for c in hand if c != EMPTY)
            events.append(Event(f"You looked at your hand ({count} cards), {self.names[seat]}: "
                                f"remember them.",
                                frozenset((seat,))))
        self.rng.shuffle(hand)
        self.peeking = tuple(s for s in self.peeking if s != seat)
        if self.phase == PEEK:
            if events is not None:
                events.append(Event(f"{self.names[seat]} has looked at their hand; it is shuffled again."))
            self.ctx = None
            self._run(events)
            return
        self._movers = tuple(s for s in self._movers if s != seat)
        if events is not None:
            events.append(Event(f"{self.names[seat]} has looked at their cards; they are shuffled face down."))
        if not self._movers:
            self._start_turn(events)

    def _start_turn(self, events) -> None:
        self.phase = ASK
        self._clear_request()
        self._movers = (self.requester,)
        if events is not None:
            rnd = self.turn_no // self.n + 1
            events.append(Event(f"Round {rnd} of {self.turns_total // self.n}: "
                                f"{self.names[self.requester]} asks."))

    # ----- the exchange
    def _on_ask(self, seat: int, action, events) -> None:
        if type(action) is not Ask or type(action.ok) is not bool:
            raise IllegalAction("Ask another player for a card: choose a player and a slot.")
        target, slot = action.target, action.slot
        if not (isinstance(target, int) and 0 <= target < self.n) or target == seat:
            raise IllegalAction("Ask one of the other players.")
        if not (isinstance(slot, int) and 1 <= slot <= HAND_SIZE) or self.hands[target][slot - 1] == EMPTY:
            raise IllegalAction(f"{self.names[target]} has no card in slot {slot}; choose a slot from 1 to {HAND_SIZE}.")
        if action.ok and not self.tokens[seat]:
            raise IllegalAction("You have no OK token to spend.")
        self.recipient = target
        self.slot = slot - 1
        self.ok = action.ok
        if action.ok:
            self.tokens[seat] -= 1
            self.answer = True
            self.phase = COUNTER
            self._movers = (target,)
            if events is not None:
                events.append(Event(f"{self.names[seat]} asks {self.names[target]} for slot {slot} "
                                    f"with an OK token: {self.names[target]} must say yes."))
                events.append(Event(f"{self.names[target]} says yes (forced) and now asks "
                                    f"{self.names[seat]} for a card."))
            return
        self.phase = ANSWER
        self._movers = (target,)
        if events is not None:
            events.append(Event(f"{self.names[seat]} asks {self.names[target]} for slot {slot}."))

    def _on_answer(self, seat: int, action, events) -> None:
        if type(action) is not Answer or type(action.yes) is not bool:
            raise IllegalAction(f"Answer yes or no to {self.names[self.requester]}'s request.")
        self.answer = action.yes
        r = self.requester
        if action.yes:
            self.phase = COUNTER
            self._movers = (seat,)
            if events is not None:
                events.append(Event(f"{self.names[seat]} answers yes and now asks {self.names[r]} for a card."))
            return
        hand = self.hands[seat]
        c = hand[self.slot]
        hand[self.slot] = EMPTY
        self.won_p = c
        self._place(seat, c)
        self.phase = TAKE
        self._movers = (r,)
        if events is not None:
            events.append(Event(f"{self.names[seat]} answers no and wins {card_name(c)} "
                                f"(slot {self.slot + 1}). {self.names[r]} takes another of their cards."))

    def _on_take(self, seat: int, action, events) -> None:
        p = self.recipient
        hand = self.hands[p]
        if type(action) is not Take:
            raise IllegalAction(f"Take one of {self.names[p]}'s remaining cards: choose a slot.")
        slot = action.slot
        if not (isinstance(slot, int) and 1 <= slot <= HAND_SIZE) or hand[slot - 1] == EMPTY:
            left = ", ".join(str(i + 1) for i in range(HAND_SIZE) if hand[i] != EMPTY)
            raise IllegalAction(f"Choose one of {self.names[p]}'s remaining slots ({left}).")
        c = hand[slot - 1]
        hand[slot - 1] = EMPTY
        self.won_r = c
        self._place(seat, c)
        if events is not None:
            events.append(Event(f"{self.names[seat]} takes {card_name(c)} from {self.names[p]}'s slot {slot}."))
        self._resolve(events)

    def _on_counter(self, seat: int, action, events) -> None:
        r = self.requester
        if type(action) is not CounterAsk or type(action.ok) is not bool:
            raise IllegalAction(f"Ask {self.names[r]} for one of their cards: choose a slot.")
        slot = action.slot
        if not (isinstance(slot, int) and 1 <= slot <= HAND_SIZE) or self.hands[r][slot - 1] == EMPTY:
            raise IllegalAction(f"Choose one of {self.names[r]}'s slots, 1 to {HAND_SIZE}.")
        if action.ok and not self.tokens[seat]:
            raise IllegalAction("You have no OK token to spend.")
        self.cslot = slot - 1
        self.cok = action.ok
        if action.ok:
            self.tokens[seat] -= 1
            if events is not None:
                events.append(Event(f"{self.names[seat]} asks {self.names[r]} for slot {slot} "
                                    f"with an OK token: {self.names[r]} must accept."))
            self._exchange(True, seat, events)
            return
        self.phase = REPLY
        self._movers = (r,)
        if events is not None:
            events.append(Event(f"{self.names[seat]} asks {self.names[r]} for slot {slot}."))

    def _on_reply(self, seat: int, action, events) -> None:
        if type(action) is not Reply or type(action.accept) is not bool:
            raise IllegalAction("Accept (each wins the card they asked for) or reject "
                                "(each wins their own card the other asked for).")
        self._exchange(action.accept, seat, events)

    def _exchange(self, accept: bool, actor: int, events) -> None:
        r, p = self.requester, self.recipient
        rh, ph = self.hands[r], self.hands[p]
        from_p, from_r = ph[self.slot], rh[self.cslot]
        ph[self.slot] = EMPTY
        rh[self.cslot] = EMPTY
        if accept:
            self.won_r, self.won_p = from_p, from_r
        else:
            self.won_r, self.won_p = from_r, from_p
        self._place(r, self.won_r)
        self._place(p, self.won_p)
        if events is not None:
            names = self.names
            if accept:
                how = "must accept" if self.cok else "accepts"
                events.append(Event(f"{names[r]} {how}: {names[r]} wins {card_name(from_p)}, "
                                    f"{names[p]} wins {card_name(from_r)}."))
            else:
                events.append(Event(f"{names[r]} rejects: each wins their own card that the other "
                                    f"asked for: {names[r]} wins {card_name(from_r)}, "
                                    f"{names[p]} wins {card_name(from_p)}."))
        self._resolve(events)

    # ----- abilities
    def _resolve(self, events) -> None:
        """Both cards are won: queue their abilities (requester's card first),
        the five-in-a-row check, the refill and the after-refill abilities."""
        r, p = self.requester, self.recipient
        rc, pc = self.won_r, self.won_p
        self.last_won = [(r, rc), (p, pc)]
        self.phase = "resolve"
        self._movers = ()
        self.snapshot = None
        if not self.family and (NUMBER[rc] >= 10 or NUMBER[pc] >= 10):
            self.snapshot = [len(a) for a in self.areas]
        # A stack: the last pushed is done first.
        steps = [(_END,)]
        if not self.family:
            if NUMBER[pc] in (3, 4):
                steps.append((_POST, p, pc))
            if NUMBER[rc] in (3, 4):
                steps.append((_POST, r, rc))
        steps += [(_REFILL,), (_CHECK,)]
        if not self.family:
            steps += [(_IMM, p, pc), (_IMM, r, rc)]
        self.steps = steps
        self._run(events)

    def _run(self, events) -> None:
        steps = self.steps
        names = self.names
        while steps:
            step = steps.pop()
            kind = step[0]
            if kind == _IMM:
                _, seat, c = step
                d = DISTRICT[c]
                if d < 0:
                    steps.append((_NEWTR, seat, c))
                    continue
                num = NUMBER[c]
                if num >= 10:
                    steps.append((_DISC, seat, c))
                elif num == 2:
                    if self.supply:
                        self.supply -= 1
                        self.tokens[seat] += 1
                        if events is not None:
                            events.append(Event(f"{names[seat]}'s 2: takes an OK token "
                                                f"({self.supply} left)."))
                    elif events is not None:
                        events.append(Event(f"{names[seat]}'s 2: no OK token is left."))
                if self.dcount[seat][d] == 1:
                    # First card of a new district: an unassigned Trainer may join it.
                    area = self.areas[seat]
                    for t in (49, 48):
                        if self.tdist[t - 48] < 0 and t in area:
                            steps.append((_LATE, seat, t, d))
                continue
            if kind == _NEWTR:
                _, seat, t = step
                options = tuple(d for d in DISTRICTS if self.dcount[seat][d])
                if not options:
                    if events is not None:
                        events.append(Event(f"{names[seat]} has no district yet: the Trainer stays "
                                            f"unassigned for now."))
                    continue
                self._decide(ASSIGN, seat, step + (options,), events)
                return
            if kind == _LATE:
                _, seat, t, d = step
                if self.tdist[t - 48] >= 0 or t not in self.areas[seat]:
                    continue
                self._decide(ASSIGN, seat, step + ((d,),), events)
                return
            if kind == _DISC:
                _, seat, c = step
                snap = self.snapshot
                mine = snap[seat]
                most = max(x for s, x in enumerate(snap) if s != seat)
                if mine > most or (NUMBER[c] == 11 and mine == most):
                    self._decide(DISCARD, seat, step, events)
                    return
                if events is not None:
                    rule = "strictly the most" if NUMBER[c] == 10 else "the most"
                    events.append(Event(f"{names[seat]}'s {NUMBER[c]}: {mine} cards is not {rule}, "
                                        f"so no discard."))
                continue
            if kind == _CHECK:
                winners = []
                for seat in (self.requester, self.recipient):
                    row = self._row(seat)
                    if row is not None:
                        winners.append(seat)
                        self.rows.append((seat, *row))
                if winners:
                    steps.clear()
                    self._end_with_rows(tuple(winners), events)
                    return
                continue
            if kind == _REFILL:
                drawn = []
                for seat in (self.requester, self.recipient):
                    hand = self.hands[seat]
                    for i in range(HAND_SIZE):
                        if hand[i] == EMPTY and self.deck:
                            hand[i] = self._draw()
                            drawn.append(seat)
                if events is not None and drawn:
                    seats = list(dict.fromkeys(drawn))
                    who = " and ".join(names[s] for s in seats)
                    verb = "draws" if len(seats) == 1 else "draw"
                    events.append(Event(f"{who} {verb} back up to {HAND_SIZE} without looking "
                                        f"({len(self.deck)} cards left in the deck)."))
                continue
            if kind == _POST:
                _, seat, c = step
                if NUMBER[c] == 3:
                    self._decide(SWAP, seat, step, events)
                else:
                    self.peeking = (seat,)
                    self._decide(PEEK, seat, step, events)
                return
            if kind == _END:
                self.turn_no += 1
                self.ctx = None
                if not self.deck:
                    self._final(events)
                    return
                self.requester = (self.requester + 1) % self.n
                self._start_turn(events)
                return

    def _decide(self, phase: str, seat: int, ctx: tuple, events) -> None:
        self.phase = phase
        self.ctx = ctx
        self._movers = (seat,)
        if events is None:
            return
        name = self.names[seat]
        if phase == ASSIGN:
            where = ", ".join(DISTRICT_NAMES[d] for d in ctx[-1])
            if ctx[0] == _LATE:
                events.append(Event(f"{name} won the first {DISTRICT_NAMES[ctx[3]]} card and may "
                                    f"assign their unassigned Trainer there."))
            else:
                events.append(Event(f"{name} assigns the Trainer ({where}, or leaves it unassigned)."))
        elif phase == DISCARD:
            c = ctx[2]
            snap = self.snapshot
            events.append(Event(f"{name}'s {NUMBER[c]}: {snap[seat]} cards is the most, so "
                                f"{name} must discard a card from their play area."))
        elif phase == SWAP:
            events.append(Event(f"{name}'s 3: {name} may swap hands with another player."))
        elif phase == PEEK:
            events.append(Event(f"{name}'s 4: {name} looks at their own hand in private."))

    def _on_assign(self, seat: int, action, events) -> None:
        if type(action) is not Assign:
            raise IllegalAction("Choose a district for the Trainer, or 'assign none'.")
        options = self.ctx[-1]
        t = self.ctx[2]
        if action.district is not None and action.district not in options:
            where = ", ".join(DISTRICT_WORDS[d] for d in options)
            raise IllegalAction(f"The Trainer can go to: {where} (or none).")
        if action.district is None:
            if events is not None:
                events.append(Event(f"{self.names[seat]} leaves the Trainer unassigned."))
        else:
            self.tdist[t - 48] = action.district
            self.dcount[seat][action.district] += 1
            if events is not None:
                events.append(Event(f"{self.names[seat]} assigns the Trainer to the "
                                    f"{DISTRICT_NAMES[action.district]}."))
        self.ctx = None
        self._run(events)

    def _on_discard(self, seat: int, action, events) -> None:
        if type(action) is not Discard:
            raise IllegalAction("Choose a card of your play area to discard.")
        area = self.areas[seat]
        if action.card not in area:
            raise IllegalAction("Discard a card from your own play area.")
        c = action.card
        area.remove(c)
        self.discards.append(c)
        if c >= 48:
            self.tdist[c - 48] = -1
        self._recount(seat)
        if events is not None:
            events.append(Event(f"{self.names[seat]} discards {card_name(c)}."))
        self.ctx = None
        self._run(events)

    def _on_swap(self, seat: int, action, events) -> None:
        if type(action) is not Swap:
            raise IllegalAction("Choose a player to swap hands with, or 'swap none'.")
        target = action.target
        if target is not None and (not isinstance(target, int) or not 0 <= target < self.n or target == seat):
            raise IllegalAction("Swap with one of the other players, or keep your hand.")
        if target is None:
            if events is not None:
                events.append(Event(f"{self.names[seat]} keeps their hand."))
        else:
            hands = self.hands
            hands[seat], hands[target] = hands[target], hands[seat]
            self.rng.shuffle(hands[seat])
            self.rng.shuffle(hands[target])
            if events is not None:
                events.append(Event(f"{self.names[seat]} swaps hands with {self.names[target]}; "
                                    f"both hands are shuffled."))
        self.ctx = None
        self._run(events)

    # ----- the end
    def _end_with_rows(self, winners: tuple[int, ...], events) -> None:
        self.row_winners = winners
        self.phase = OVER
        self._movers = ()
        self.peeking = ()
        if events is not None:
            for seat, d, low, high in self.rows:
                events.append(Event(f"{self.names[seat]} has five in a row in the {DISTRICT_NAMES[d]} "
                                    f"({low}-{high}) and wins at once!"))

    def _final(self, events) -> None:
        if events is not None:
            events.append(Event("The deck is empty: final scoring."))
        if not self.family:
            counts = [self.dcount[s][PLAYGROUND] for s in range(self.n)]
            best = max(counts)
            if best > 0 and counts.count(best) == 1:
                seat = counts.index(best)
                self.phase = ADD
                self.ctx = (ADD, seat)
                self._movers = (seat,)
                self.peeking = (seat,)
                if events is not None:
                    events.append(Event(f"{self.names[seat]} has the most playground cards and looks "
                                        f"at their hand to add one card to their play area."))
                return
            if events is not None:
                events.append(Event("Nobody has strictly the most playground cards: no card is added."))
        self._finish(events)

    def _on_add(self, seat: int, action, events) -> None:
        if type(action) is not Add:
            raise IllegalAction("Choose a slot to add to your play area, or 'add none'.")
        hand = self.hands[seat]
        slot = action.slot
        if slot is not None and (not isinstance(slot, int) or not 1 <= slot <= HAND_SIZE
                                 or hand[slot - 1] == EMPTY):
            raise IllegalAction(f"Choose a slot from 1 to {HAND_SIZE}, or 'add none'.")
        self.peeking = ()
        if slot is None:
            if events is not None:
                events.append(Event(f"{self.names[seat]} adds no card."))
            self._finish(events)
            return
        c = hand[slot - 1]
        hand[slot - 1] = EMPTY
        self._place(seat, c)
        self.added = (seat, c)
        if events is not None:
            events.append(Event(f"{self.names[seat]} adds {card_name(c)} to their play area."))
        row = self._row(seat)
        if row is not None:
            self.rows.append((seat, *row))
            self._end_with_rows((seat,), events)
            return
        self._finish(events)

    def _finish(self, events) -> None:
        self.phase = OVER
        self._movers = ()
        self.peeking = ()
        self.ctx = None
        if events is not None:
            res = self.result()
            parts = ", ".join(f"{self.names[s]} {res.scores[s]}" for s in range(self.n))
            events.append(Event(f"Final scores: {parts}. {res.summary}"))

    def result(self) -> Result:
        if self._result is not None and self.phase == OVER:
            return self._result
        n = self.n
        groups = [self.groups(s) for s in range(n)]
        if self.row_winners:
            lines = score_lines(groups, self.family, bonuses=False)
            for seat, d, low, high in self.rows:
                lines[seat].append((f"Five in a row: {DISTRICT_NAMES[d]} {low}-{high}, wins outright", 0))
            scores = tuple(sum(p for _, p in seat_lines) for seat_lines in lines)
            winners = tuple(sorted(self.row_winners))
            who = " and ".join(self.names[s] for s in winners)
            summary = (f"{who} {'win' if len(winners) > 1 else 'wins'} with five in a row; "
                       f"the points are shown for information only.")
        else:
            lines = score_lines(groups, self.family)
            scores = tuple(sum(p for _, p in seat_lines) for seat_lines in lines)
            best = max(scores)
            winners = tuple(s for s in range(n) if scores[s] == best)
            who = " and ".join(self.names[s] for s in winners)
            summary = f"{who} {'share the win' if len(winners) > 1 else 'wins'} with {best} points."
        result = Result(
            scores=scores,
            breakdown=tuple(tuple(seat_lines) for seat_lines in lines),
            winners=winners,
            summary=summary,
        )
        if self.phase == OVER:
            self._result = result
        return result

    # ----- copies, views, privacy
    def copy(self) -> "BlindBusinessState":
        other = object.__new__(BlindBusinessState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.hands = [list(h) for h in self.hands]
        other.areas = [list(a) for a in self.areas]
        other.tdist = list(self.tdist)
        other.tokens = list(self.tokens)
        other.deck = list(self.deck)
        other.removed = list(self.removed)
        other.discards = list(self.discards)
        other.steps = list(self.steps)
        other.snapshot = None if self.snapshot is None else list(self.snapshot)
        other.last_won = list(self.last_won)
        other.rows = list(self.rows)
        other.dcount = [list(x) for x in self.dcount]
        other.nmask = [list(x) for x in self.nmask]
        other.vers = [list(x) for x in self.vers]
        return other

    def sees_own_hand(self, seat: int | None) -> bool:
        return seat is not None and seat in self.peeking

    def view(self, seat: int | None) -> dict:
        n = self.n
        hands = []
        for s in range(n):
            visible = seat is not None and (s != seat or seat in self.peeking)
            hands.append([None if c == EMPTY else (CARD_ID[c] if visible else HIDDEN)
                          for c in self.hands[s]])
        areas = []
        for s in range(n):
            grouped = {name: [] for name in DISTRICT_NAMES}
            grouped["unassigned"] = []
            for c in sorted(self.areas[s], key=_area_order):
                d = DISTRICT[c]
                if d < 0:
                    d = -1 if self.family else self.tdist[c - 48]
                grouped["unassigned" if d < 0 else DISTRICT_NAMES[d]].append(CARD_ID[c])
            areas.append(grouped)
        request = None
        if self.recipient is not None:
            request = {
                "requester": self.requester,
                "recipient": self.recipient,
                "slot": self.slot + 1,
                "ok": self.ok,
                "answer": None if self.answer is None else ("yes" if self.answer else "no"),
                "counter_slot": None if self.cslot is None else self.cslot + 1,
                "counter_ok": self.cok,
                # After a "no": the card the recipient won (now in their play area).
                "recipient_won": None if self.answer is not False or self.won_p == EMPTY
                else CARD_ID[self.won_p],
            }
        decision = None
        ctx = self.ctx
        if self.phase == ASSIGN:
            decision = {"kind": "assign", "seat": ctx[1], "trainer": CARD_ID[ctx[2]],
                        "districts": [DISTRICT_NAMES[d] for d in ctx[-1]],
                        "later": ctx[0] == _LATE}
        elif self.phase == DISCARD:
            decision = {"kind": "discard", "seat": ctx[1], "because": CARD_ID[ctx[2]]}
        elif self.phase in (SWAP, PEEK):
            decision = {"kind": self.phase, "seat": ctx[1], "because": CARD_ID[ctx[2]]}
        elif self.phase == ADD:
            decision = {"kind": "add", "seat": ctx[1]}
        groups = [self.groups(s) for s in range(n)]
        points = [sum(p for _, p in lines) for lines in score_lines(groups, self.family, bonuses=False)]
        return {
            "game": GAME_ID,
            "seat": seat,
            "names": list(self.names),
            "family": self.family,
            "phase": self.phase,
            "to_move": list(self._movers),
            "start": self.start,
            "round": min(self.turn_no // n + 1, self.turns_total // n),
            "rounds": self.turns_total // n,
            "turn": min(self.turn_no + 1, self.turns_total),
            "turns": self.turns_total,
            "requester": None if self.phase == SETUP else self.requester,
            "request": request,
            "decision": decision,
            # Own hand: face-down slots ("back") except during a private look.
            "hands": hands,
            "sees_own_hand": self.sees_own_hand(seat),
            "areas": areas,
            "area_sizes": [len(a) for a in self.areas],
            "points": points,
            "tokens": list(self.tokens),
            "token_supply": self.supply,
            "deck": len(self.deck),
            "removed": len(self.removed),
            "discards": [CARD_ID[c] for c in self.discards],
            "last_won": [[s, CARD_ID[c]] for s, c in self.last_won],
            "added": None if self.added is None else [self.added[0], CARD_ID[self.added[1]]],
            "rows": [{"seat": s, "district": DISTRICT_NAMES[d], "low": low, "high": high}
                     for s, d, low, high in self.rows],
            "winners": list(self.result().winners) if self.phase == OVER else None,
        }

    def secret_cards(self, seat: int | None) -> set[str]:
        secret = {CARD_ID[c] for c in self.deck}
        secret.update(CARD_ID[c] for c in self.removed)
        for s in range(self.n):
            if seat is None or (s == seat and seat not in self.peeking):
                secret.update(CARD_ID[c] for c in self.hands[s] if c != EMPTY)
        return secret

    def pieces(self) -> Counter[str]:
        return Counter(self.all_card_ids())

    def all_card_ids(self) -> list[str]:
        cards = [c for h in self.hands for c in h if c != EMPTY]
        cards += [c for a in self.areas for c in a]
        cards += self.deck + self.removed + self.discards
        return [CARD_ID[c] for c in cards]

    def prompt(self, seat: int) -> str:
        phase = self.phase
        names = self.names
        r, p = self.requester, self.recipient
        if phase == SETUP:
            return "look at your four cards, then confirm: they are shuffled face down for good."
        if phase == ASK:
            extra = " (an OK token forces a yes)" if self.tokens[seat] else ""
            return f"ask another player for one of their cards: choose a player and a slot{extra}."
        if phase == ANSWER:
            return (f"{names[r]} asks for your slot {self.slot + 1}. Yes: you then ask for one of "
                    f"theirs. No: you win it, and {names[r]} takes another of your cards.")
        if phase == TAKE:
            return f"{names[p]} said no: take one of {names[p]}'s remaining cards."
        if phase == COUNTER:
            extra = " (an OK token forces an accept)" if self.tokens[seat] else ""
            return f"ask {names[r]} for one of their cards: choose a slot{extra}."
        if phase == REPLY:
            return (f"{names[p]} asks for your slot {self.cslot + 1}. Accept: you win their slot "
                    f"{self.slot + 1}, they win yours. Reject: each wins their own asked card.")
        if phase == ASSIGN:
            where = ", ".join(DISTRICT_NAMES[d] for d in self.ctx[-1])
            return f"assign your Trainer to a district ({where}) or leave it unassigned."
        if phase == DISCARD:
            return "you have the most cards: discard one card from your play area."
        if phase == SWAP:
            return "your 3: swap hands with another player, or keep yours."
        if phase == PEEK:
            return "your 4: look at your hand, then confirm (it is shuffled again)."
        if phase == ADD:
            return "you have the most playground cards: add one card of your hand to your play area, or none."
        return "the game is over."


def _area_order(c: int) -> tuple[int, int]:
    d = DISTRICT[c]
    if d < 0:
        return (4, c)
    return (d, NUMBER[c] if NUMBER[c] else 12)


_ASK_CACHE: dict[tuple[int, int, bool], tuple[Ask, ...]] = {}


def _ask_actions(n: int, seat: int, ok: bool) -> tuple[Ask, ...]:
    key = (n, seat, ok)
    found = _ASK_CACHE.get(key)
    if found is None:
        found = tuple(Ask(t, s) for t in range(n) if t != seat for s in range(1, HAND_SIZE + 1))
        if ok:
            found += tuple(Ask(t, s, True) for t in range(n) if t != seat for s in range(1, HAND_SIZE + 1))
        _ASK_CACHE[key] = found
    return found


_HANDLERS = {
    SETUP: BlindBusinessState._on_seen,
    PEEK: BlindBusinessState._on_seen,
    ASK: BlindBusinessState._on_ask,
    ANSWER: BlindBusinessState._on_answer,
    TAKE: BlindBusinessState._on_take,
    COUNTER: BlindBusinessState._on_counter,
    REPLY: BlindBusinessState._on_reply,
    ASSIGN: BlindBusinessState._on_assign,
    DISCARD: BlindBusinessState._on_discard,
    SWAP: BlindBusinessState._on_swap,
    ADD: BlindBusinessState._on_add,
}


def new_state(names: Sequence[str], options: dict[str, int], seed: int) -> BlindBusinessState:
    return BlindBusinessState(names, options, seed)
