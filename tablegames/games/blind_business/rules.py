"""Blind Business: pure rules (rulings on its rules page, rules.md).

Everyone sees the other players' hands but not their own. A turn is a short
conversation between the requester R and the recipient P; every step is one
seat's decision on the state's ``DecisionQueue`` (the decision kinds, the
actions and their notation are in ``vocab.py``), so the
app's handover screen appears between humans:

    ask p<P> <slot> [ok]   R asks P for a slot (ok: spend an OK token, P must say yes)
    yes / no               P answers (skipped, always yes, after an OK ask)
    take <slot>            after no: R takes one of P's remaining cards
    ask <slot> [ok]        after yes: P asks R for a slot (ok: R must accept)
    accept / reject        R's reply (skipped, always accept, after an OK ask)

Then the won cards' abilities run, the requester's card first; a step that
needs a choice puts a decision on the queue and stops, and once it is
answered the step its handler names (``then``) carries on from there (the
view lists the steps still to come as the public ``agenda``):

    assign <district> | assign none   a Trainer (also later: an unassigned
                                      Trainer when its owner wins the first
                                      card of a new district)
    discard <card>                    a 10 / 11 owner with the most cards
    (refill to 4, then)
    swap p<seat> | swap none          a 3
    seen                              a 4: a private look at one's own hand
                                      (also the first look during setup)

and at the end ``add <slot> | add none`` for the playground majority (an
added Trainer is then placed like any Trainer).

Decisions made here where the rulebook and our rulings (rules.md) are silent (also on
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
- The card added by the playground majority gets no "when won" effect (2, 3,
  4, 10, 11, nor a waiting Trainer joining its district); an added Trainer
  is placed like any Trainer.
- Family rules (the rulebook's basic game): no numbered-card or district
  abilities (no OK tokens, discards, swaps or peeks, no district bonuses or
  playground add; a 1 counts once), but the Trainer is still placed in a
  row and the Versatile still fills a gap for five in a row.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import Any, ClassVar

from tablegames.core.decisions import Decision
from tablegames.core.game import IllegalAction, Result
from tablegames.core.state import BaseState, handles
from tablegames.games.blind_business import view as _view
from tablegames.games.blind_business.view import BusinessView
from tablegames.games.blind_business.cards import (
    DECK_SIZE,
    DISTRICT,
    DISTRICT_NAMES,
    DISTRICT_WORDS,
    DISTRICTS,
    FIRST_TRAINER,
    HAND_SIZE,
    NUMBER,
    OK_TOKENS,
    PLAYGROUND,
    REMOVED,
    ROUNDS,
    ROW_EXACT,
    ROW_GAP,
    TRAINERS,
    best_run,
    card_name,
)
from tablegames.games.blind_business.scoring import score_lines
from tablegames.games.blind_business.vocab import (
    ACCEPT_REJECT,
    ADD_NONE,
    ASK_TABLE,
    ASSIGNS,
    COUNTER_OK,
    COUNTER_PLAIN,
    EMPTY,
    KEEP_HAND,
    SEEN,
    SEEN_ONLY,
    TAKES,
    UNASSIGNED,
    YES_NO,
    Action,
    Add,
    Adding,
    Answer,
    Answering,
    Ask,
    Assign,
    CounterAsk,
    CounterRequesting,
    Discard,
    Discarding,
    FirstLook,
    Peeking,
    Phase,
    PlacingTrainer,
    Reply,
    Replying,
    Requesting,
    Swap,
    Swapping,
    Take,
    Taking,
)


def district_counts(area: Sequence[int], tdist: Sequence[int]) -> tuple[list[int], list[int], list[bool]]:
    """A play area by district: the cards counting there (Trainers assigned
    included), the numbers present (bits), whether a Versatile is held."""
    counts = [0] * 4
    masks = [0] * 4
    vers = [False] * 4
    for c in area:
        d = DISTRICT[c]
        if d < 0:
            d = tdist[c - FIRST_TRAINER]
            if d >= 0:
                counts[d] += 1
            continue
        counts[d] += 1
        num = NUMBER[c]
        if num:
            masks[d] |= 1 << (num - 1)
        else:
            vers[d] = True
    return counts, masks, vers


class BlindBusinessState(BaseState):
    # The mutable attributes, copied by copy(). ``removed``, ``snapshot``
    # and ``last_won`` are lists too but are only ever replaced whole, never
    # changed in place, so copies share them.
    DEEP: ClassVar[tuple[str, ...]] = (
        "hands", "areas", "tdist", "tokens", "deck", "discards", "rows", "dcount", "nmask", "vers",
    )
    FINAL_PHASE: ClassVar[str] = Phase.OVER

    def __init__(self, names: Sequence[str], rng: random.Random, *, family: bool, start: int, turn_no: int,
                 requester: int, hands: list[list[int]], deck: list[int], removed: list[int],
                 areas: list[list[int]], tdist: list[int], tokens: list[int], supply: int, discards: list[int],
                 recipient: int | None = None, slot: int | None = None, ok: bool = False,
                 answer: bool | None = None, cslot: int | None = None, cok: bool = False,
                 won_r: int = EMPTY, won_p: int = EMPTY, snapshot: list[int] | None = None,
                 last_won: list[tuple[int, int]] | None = None, rows: list[tuple[int, int, int, int]] | None = None,
                 added: tuple[int, int] | None = None, over: bool = False, looking: Sequence[int] = (),
                 due: Sequence[Decision] = ()) -> None:
        """The one way to make a state, from its parts: the new deal
        (``new_state``), the sampler and a described position. The request
        of this turn is ``recipient`` to ``cok`` and the cards won so far
        (``won_r``, ``won_p``); ``looking`` the seats still at their first
        look (they decide at once), then the ``due`` decisions in order.
        What the play areas count follows from them."""
        super().__init__(names, rng)
        n = self.n
        self.family = family
        self._asks = ASK_TABLE[n]
        self.start = start
        self.removed = removed
        self.hands = hands
        self.deck = deck
        self.areas = areas
        # District of each Trainer while in a play area (-1: unassigned).
        self.tdist = tdist
        self.tokens = tokens
        self.supply = supply
        self.discards = discards
        self.turns_total = ROUNDS[n] * n
        self.turn_no = turn_no
        self.requester = requester
        self.recipient: int | None = recipient
        self.slot: int | None = slot        # 0-based slot asked of the recipient
        self.ok = ok
        self.answer: bool | None = answer
        self.cslot: int | None = cslot      # 0-based slot asked of the requester
        self.cok = cok
        self.won_r = won_r
        self.won_p = won_p
        self.snapshot = snapshot  # area sizes for 10/11
        self.last_won = [] if last_won is None else last_won
        self.rows = [] if rows is None else rows  # (seat, district, low, high)
        self.row_winners: tuple[int, ...] = tuple(sorted({row[0] for row in self.rows}))
        self.added = added  # (seat, card) from the playground add
        self.over = over
        self._result: Result | None = None
        # Per seat and district: cards counting there (Trainers assigned
        # included, each card once), numbers present (bits), Versatile held.
        # Counted once here (no zeroed lists recounted: every game pays this).
        counted = [district_counts(area, tdist) for area in areas]
        self.dcount: list[list[int]] = [counts for counts, _, _ in counted]
        self.nmask: list[list[int]] = [masks for _, masks, _ in counted]
        self.vers: list[list[bool]] = [vers for _, _, vers in counted]
        # Seats that see their own hand's faces right now.
        self.peeking: tuple[int, ...] = tuple(looking) + tuple(
            d.seat for d in due if isinstance(d, (Peeking, Adding)))
        self.decisions.push_together(_FIRST_LOOK[s] for s in looking)
        for decision in due:
            self.decisions.push(decision)

    def clear_request(self) -> None:
        self.recipient = None
        self.slot = None
        self.ok = False
        self.answer = None
        self.cslot = None
        self.cok = False
        self.won_r = EMPTY
        self.won_p = EMPTY

    @property
    def phase(self) -> Phase:
        return Phase(self.due_phase())

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

    def recount(self, seat: int) -> None:
        self.dcount[seat], self.nmask[seat], self.vers[seat] = district_counts(self.areas[seat], self.tdist)

    def _row(self, seat: int) -> tuple[int, int, int] | None:
        """(district, low, high) of a five-in-a-row of ``seat``, or None
        (the Versatile fills one gap, in family rules too)."""
        masks = self.nmask[seat]
        vers = self.vers[seat]
        for d in DISTRICTS:
            m = masks[d]
            if ROW_EXACT[m] or (vers[d] and ROW_GAP[m]):
                run = best_run(m, vers[d])
                assert run is not None
                return d, run[0], run[1]
        return None

    def groups(self, seat: int) -> list[list[int]]:
        """The seat's play area by district (Trainers assigned included)."""
        out: list[list[int]] = [[], [], [], []]
        for c in self.areas[seat]:
            d = DISTRICT[c]
            if d < 0:
                d = self.tdist[c - FIRST_TRAINER]
            if d >= 0:
                out[d].append(c)
        return out

    def _draw(self) -> int:
        # A random card of the deck (the rng moves: the match controller
        # treats an action that drew a card as one that cannot be taken back).
        deck = self.deck
        # rng.randrange(len(deck)) without its argument checks: the same
        # number from the same rng state (saved records replay), faster.
        i = self.rng._randbelow(len(deck))  # type: ignore[attr-defined]
        deck[i], deck[-1] = deck[-1], deck[i]
        return deck.pop()

    def won_card(self, seat: int) -> int:
        """The card ``seat`` won in this turn's exchange (requester or recipient)."""
        return self.won_r if seat == self.requester else self.won_p

    # ----- the contract
    def is_over(self) -> bool:
        return self.over

    def legal_actions(self, seat: int) -> list[Action]:
        # A new list each call (the tables behind it are shared tuples).
        queue = self.decisions
        d = queue.current()
        if d is not None and d.seat != seat:
            d = queue.due_for(seat)  # the first look: every seat at once
        kind = type(d)
        if kind is Requesting:
            return list(self._asks[seat][self.tokens[seat] > 0])
        if kind is Answering:
            return list(YES_NO)
        if kind is Taking:
            assert self.recipient is not None and self.slot is not None
            hand = self.hands[self.recipient]
            if hand.count(EMPTY) == 1:  # only the slot the recipient won
                return list(_TAKES_BUT[self.slot])
            return [TAKES[i] for i in range(HAND_SIZE) if hand[i] != EMPTY]
        if kind is CounterRequesting:
            return list(COUNTER_OK if self.tokens[seat] else COUNTER_PLAIN)
        if kind is Replying:
            return list(ACCEPT_REJECT)
        if kind is FirstLook or kind is Peeking:
            return list(SEEN_ONLY)
        if isinstance(d, PlacingTrainer):
            return [*(ASSIGNS[x] for x in d.districts), UNASSIGNED]
        if kind is Discarding:
            return [Discard(c) for c in self.areas[seat]]
        if kind is Swapping:
            return [*(Swap(s) for s in range(self.n) if s != seat), KEEP_HAND]
        if kind is Adding:
            hand = self.hands[seat]
            return [*(Add(i + 1) for i in range(HAND_SIZE) if hand[i] != EMPTY), ADD_NONE]
        return []

    # ----- setup and peeks
    def _look(self, d: FirstLook | Peeking, action: Any) -> None:
        """``d``'s seat has looked at their hand: it is shuffled face down."""
        if action != SEEN:
            raise IllegalAction("Look at your cards, then confirm with 'seen'.")
        seat = d.seat
        hand = self.hands[seat]
        # Private, and without the faces: after a look the screen shows
        # only slots (rules.md); what you saw is yours to remember.
        self.emit(lambda: f"You looked at your hand ({sum(1 for c in hand if c != EMPTY)} cards), "
                          f"{self.names[seat]}: remember them.", (seat,))
        self.rng.shuffle(hand)
        self.peeking = tuple(s for s in self.peeking if s != seat)
        self.decisions.take(seat)

    def _start_turn(self, _: Decision | None = None) -> None:
        """The requester's turn begins (also the step after everyone's first look)."""
        self.clear_request()
        self.decisions.push(_REQUESTING[self.requester])
        self.emit(self._round_line)

    @handles(FirstLook, then=_start_turn)
    def _on_first_look(self, d: FirstLook, action: Any) -> None:
        # Every seat looks at once; the first turn follows the last look.
        self._look(d, action)
        seat = d.seat
        self.emit(lambda: f"{self.names[seat]} has looked at their cards; they are shuffled face down.")

    # ----- the exchange
    @handles(Requesting)
    def _on_ask(self, d: Requesting, action: Any) -> None:
        seat = d.seat
        if type(action) is not Ask:
            raise IllegalAction("Ask another player for a card: choose a player and a slot.")
        target, slot = action.target, action.slot
        if type(target) is not int or not 0 <= target < self.n or target == seat:
            raise IllegalAction("Ask one of the other players.")
        if type(slot) is not int or not 1 <= slot <= HAND_SIZE or self.hands[target][slot - 1] == EMPTY:
            raise IllegalAction(f"{self.names[target]} has no card in slot {slot}; "
                                f"choose a slot from 1 to {HAND_SIZE}.")
        if type(action.ok) is not bool:
            raise IllegalAction("Say whether you spend an OK token ('ok') or not.")
        if action.ok and not self.tokens[seat]:
            raise IllegalAction("You have no OK token to spend.")
        self.recipient = target
        self.slot = slot - 1
        self.ok = action.ok
        queue = self.decisions
        queue.take(seat)
        if action.ok:
            self.tokens[seat] -= 1
            self.answer = True
            queue.push(_COUNTER_REQUESTING[target])
            self.emit(self._ok_ask_line)
            self.emit(self._forced_yes_line)
            return
        queue.push(_ANSWERING[target])
        self.emit(self._ask_line)

    @handles(Answering)
    def _on_answer(self, d: Answering, action: Any) -> None:
        if type(action) is not Answer or type(action.yes) is not bool:
            raise IllegalAction(f"Answer yes or no to {self.names[self.requester]}'s request.")
        seat = d.seat
        self.answer = action.yes
        r = self.requester
        queue = self.decisions
        queue.take(seat)
        if action.yes:
            queue.push(_COUNTER_REQUESTING[seat])
            self.emit(self._yes_line)
            return
        slot = self.slot
        assert slot is not None
        hand = self.hands[seat]
        c = hand[slot]
        hand[slot] = EMPTY
        self.won_p = c
        self._place(seat, c)
        queue.push(_TAKING[r])
        self.emit(self._no_line)

    @handles(Taking)
    def _on_take(self, d: Taking, action: Any) -> None:
        p = self.recipient
        assert p is not None
        hand = self.hands[p]
        if type(action) is not Take:
            raise IllegalAction(f"Take one of {self.names[p]}'s remaining cards: choose a slot.")
        slot = action.slot
        if type(slot) is not int or not 1 <= slot <= HAND_SIZE or hand[slot - 1] == EMPTY:
            left = ", ".join(str(i + 1) for i in range(HAND_SIZE) if hand[i] != EMPTY)
            raise IllegalAction(f"Choose one of {self.names[p]}'s remaining slots ({left}).")
        seat = d.seat
        self.decisions.take(seat)
        c = hand[slot - 1]
        hand[slot - 1] = EMPTY
        self.won_r = c
        self._place(seat, c)
        self.emit(partial(self._take_line, slot))
        self._resolve()

    @handles(CounterRequesting)
    def _on_counter(self, d: CounterRequesting, action: Any) -> None:
        r = self.requester
        if type(action) is not CounterAsk:
            raise IllegalAction(f"Ask {self.names[r]} for one of their cards: choose a slot.")
        slot = action.slot
        if type(slot) is not int or not 1 <= slot <= HAND_SIZE or self.hands[r][slot - 1] == EMPTY:
            raise IllegalAction(f"Choose one of {self.names[r]}'s slots, 1 to {HAND_SIZE}.")
        if type(action.ok) is not bool:
            raise IllegalAction("Say whether you spend an OK token ('ok') or not.")
        seat = d.seat
        if action.ok and not self.tokens[seat]:
            raise IllegalAction("You have no OK token to spend.")
        self.cslot = slot - 1
        self.cok = action.ok
        queue = self.decisions
        queue.take(seat)
        if action.ok:
            self.tokens[seat] -= 1
            self.emit(self._ok_counter_line)
            self._exchange(True)
            return
        queue.push(_REPLYING[r])
        self.emit(self._counter_line)

    @handles(Replying)
    def _on_reply(self, d: Replying, action: Any) -> None:
        if type(action) is not Reply or type(action.accept) is not bool:
            raise IllegalAction("Accept (each wins the card they asked for) or reject "
                                "(each wins their own card the other asked for).")
        self.decisions.take(d.seat)
        self._exchange(action.accept)

    def _exchange(self, accept: bool) -> None:
        r, p = self.requester, self.recipient
        assert p is not None and self.slot is not None and self.cslot is not None
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
        self.emit(self._accept_line if accept else self._reject_line)
        self._resolve()

    # The exchange's log lines, worded from the request only when someone
    # reads the log (emit calls them; playouts never do).
    def _round_line(self) -> str:
        return (f"Round {self.turn_no // self.n + 1} of {self.turns_total // self.n}: "
                f"{self.names[self.requester]} asks.")

    def _who(self) -> tuple[str, str]:
        """The requester's and the recipient's names."""
        assert self.recipient is not None
        return self.names[self.requester], self.names[self.recipient]

    def _ask_line(self) -> str:
        r, p = self._who()
        return f"{r} asks {p} for slot {(self.slot or 0) + 1}."

    def _ok_ask_line(self) -> str:
        r, p = self._who()
        return f"{r} asks {p} for slot {(self.slot or 0) + 1} with an OK token: {p} must say yes."

    def _forced_yes_line(self) -> str:
        r, p = self._who()
        return f"{p} says yes (forced) and now asks {r} for a card."

    def _yes_line(self) -> str:
        r, p = self._who()
        return f"{p} answers yes and now asks {r} for a card."

    def _no_line(self) -> str:
        r, p = self._who()
        return (f"{p} answers no and wins {card_name(self.won_p)} (slot {(self.slot or 0) + 1}). "
                f"{r} takes another of their cards.")

    def _take_line(self, slot: int) -> str:
        r, p = self._who()
        return f"{r} takes {card_name(self.won_r)} from {p}'s slot {slot}."

    def _counter_line(self) -> str:
        r, p = self._who()
        return f"{p} asks {r} for slot {(self.cslot or 0) + 1}."

    def _ok_counter_line(self) -> str:
        r, p = self._who()
        return f"{p} asks {r} for slot {(self.cslot or 0) + 1} with an OK token: {r} must accept."

    def _accept_line(self) -> str:
        r, p = self._who()
        how = "must accept" if self.cok else "accepts"
        return f"{r} {how}: {r} wins {card_name(self.won_r)}, {p} wins {card_name(self.won_p)}."

    def _reject_line(self) -> str:
        r, p = self._who()
        return (f"{r} rejects: each wins their own card that the other asked for: "
                f"{r} wins {card_name(self.won_r)}, {p} wins {card_name(self.won_p)}.")

    # ----- abilities
    # Both cards are won together; then, in this order (rules.md): the
    # requester's card's ability, the recipient's, the five-in-a-row check,
    # the refill, the requester's 3 or 4, the recipient's, the next turn.
    # Each step that needs a choice pushes a decision and returns; once it
    # is answered, the step its handler names (``then``) carries on from
    # the step after it (the decision says whose card it was: the
    # requester's or the recipient's).
    def _resolve(self) -> None:
        r, p = self.requester, self.recipient
        assert p is not None
        rc, pc = self.won_r, self.won_p
        self.last_won = [(r, rc), (p, pc)]
        self.snapshot = None
        if not self.family and (NUMBER[rc] >= 10 or NUMBER[pc] >= 10):
            self.snapshot = [len(a) for a in self.areas]
        if self._ability(r, rc) or self._ability(p, pc):
            return
        self._after_abilities()

    def _card_done(self, d: Decision) -> None:
        """After a decision: the ability of the card ``d``'s seat won is
        done; the recipient's card next, or the checks after both."""
        if d.seat == self.requester:
            p = self.recipient
            assert p is not None
            if self._ability(p, self.won_p):
                return
        self._after_abilities()

    def _ability(self, seat: int, c: int) -> bool:
        """The "when won" ability of ``seat``'s card ``c``; True when a
        decision now waits."""
        d = DISTRICT[c]
        if d < 0:
            return self._offer_trainer(seat, c)
        num = NUMBER[c]
        if num == 2 and not self.family:
            self._two(seat)
        # First card of a new district: an unassigned Trainer may join it.
        if self.dcount[seat][d] == 1 and self._late_trainer(seat, FIRST_TRAINER, d):
            return True
        return num >= 10 and self._discard_check(seat, c)

    def _two(self, seat: int) -> None:
        """A 2: an OK token from the supply, while any is left."""
        if self.supply:
            self.supply -= 1
            self.tokens[seat] += 1
            self.emit(lambda: f"{self.names[seat]}'s 2: takes an OK token ({self.supply} left).")
        else:
            self.emit(lambda: f"{self.names[seat]}'s 2: no OK token is left.")

    def _late_trainer(self, seat: int, first: int, district: int) -> bool:
        """Offer ``seat``'s unassigned Trainers (from ``first`` on) the
        district it just opened; True when a decision now waits."""
        area = self.areas[seat]
        for t in TRAINERS:
            if t >= first and self.tdist[t - FIRST_TRAINER] < 0 and t in area:
                self.decisions.push(PlacingTrainer(seat, trainer=t, districts=(district,), opened=district))
                self.emit(lambda: f"{self.names[seat]} won the first {DISTRICT_NAMES[district]} card and "
                                  f"may assign their unassigned Trainer there.")
                return True
        return False

    def _discard_check(self, seat: int, c: int) -> bool:
        """A 10 / 11 (``c``; not in family rules): discard with the most
        cards; True when a decision now waits."""
        num = NUMBER[c]
        if self.family or num < 10:
            return False
        snap = self.snapshot
        assert snap is not None
        mine = snap[seat]
        most = max(x for s, x in enumerate(snap) if s != seat)
        if mine > most or (num == 11 and mine == most):
            self.decisions.push(Discarding(seat, card=c, count=mine))
            self.emit(lambda: f"{self.names[seat]}'s {num}: {mine} cards is the most, so "
                              f"{self.names[seat]} must discard a card from their play area.")
            return True
        self.emit(lambda: f"{self.names[seat]}'s {num}: {mine} card{'' if mine == 1 else 's'} "
                          f"is not {'strictly the most' if num == 10 else 'the most'}, so no discard.")
        return False

    def _after_abilities(self) -> None:
        # Five in a row: only the districts of this exchange's two cards can
        # have come to a row (a row elsewhere would have ended the game).
        r, p = self.requester, self.recipient
        assert p is not None
        winners = []
        for who, won in ((r, self.won_r), (p, self.won_p)):
            d = DISTRICT[won]
            if d < 0:
                continue
            m = self.nmask[who][d]
            if ROW_EXACT[m] or (self.vers[who][d] and ROW_GAP[m]):
                run = best_run(m, self.vers[who][d])
                assert run is not None
                winners.append(who)
                self.rows.append((who, d, run[0], run[1]))
        if winners:
            self._end_with_rows(tuple(winners))
            return
        # The refill: both back up to four, unseen.
        drawn = []
        for who in (r, p):
            hand = self.hands[who]
            if EMPTY in hand:
                for i in range(HAND_SIZE):
                    if hand[i] == EMPTY and self.deck:
                        hand[i] = self._draw()
                        drawn.append(who)
        if drawn:
            self.emit(partial(self._refill_line, drawn))
        if self.family or (NUMBER[self.won_r] not in _THREE_FOUR and NUMBER[self.won_p] not in _THREE_FOUR):
            self._end_turn()
        else:
            self._after_refill(-1)

    def _refill_line(self, drawn: list[int]) -> str:
        seats = list(dict.fromkeys(drawn))
        drawers = " and ".join(self.names[s] for s in seats)
        verb = "draws" if len(seats) == 1 else "draw"
        return (f"{drawers} {verb} back up to {HAND_SIZE} without looking "
                f"({len(self.deck)} cards left in the deck).")

    def _after_refill(self, done: int) -> None:
        """The 3s and 4s won this turn, the requester's first; ``done``: the
        seat whose 3 or 4 has just been played (-1: none yet)."""
        if not self.family:
            r, p = self.requester, self.recipient
            assert p is not None
            if done < 0 and NUMBER[self.won_r] in _THREE_FOUR:
                self._three_or_four(r, self.won_r)
                return
            if done != p and NUMBER[self.won_p] in _THREE_FOUR:
                self._three_or_four(p, self.won_p)
                return
        self._end_turn()

    def _three_or_four_done(self, d: Swapping | Peeking) -> None:
        """The 3 or 4 of ``d``'s seat has been played: the other one of this
        turn next, or the next turn."""
        self._after_refill(d.seat)

    @handles(Peeking, then=_three_or_four_done)
    def _on_peek(self, d: Peeking, action: Any) -> None:
        self._look(d, action)
        seat = d.seat
        self.emit(lambda: f"{self.names[seat]} has looked at their hand; it is shuffled again.")

    def _three_or_four(self, seat: int, c: int) -> None:
        if NUMBER[c] == 3:
            self.decisions.push(Swapping(seat, card=c))
            self.emit(lambda: f"{self.names[seat]}'s 3: {self.names[seat]} may swap hands with another "
                              f"player.")
        else:
            self.peeking = (seat,)
            self.decisions.push(Peeking(seat, card=c))
            self.emit(lambda: f"{self.names[seat]}'s 4: {self.names[seat]} looks at their own hand in "
                              f"private.")

    def _end_turn(self) -> None:
        self.turn_no += 1
        if not self.deck:
            self._final()
            return
        self.requester = self.next_seats[self.requester]
        self._start_turn()

    def _offer_trainer(self, seat: int, t: int, added: bool = False) -> bool:
        """A Trainer just placed in ``seat``'s play area: ask where it goes
        (True), or say it waits when its owner has no district yet."""
        options = tuple(d for d in DISTRICTS if self.dcount[seat][d])
        if not options:
            self.emit(lambda: f"{self.names[seat]} has no district yet: the Trainer stays unassigned "
                              f"for now.")
            return False
        self.decisions.push(PlacingTrainer(seat, trainer=t, districts=options, added=added))
        self.emit(lambda: f"{self.names[seat]} assigns the Trainer "
                          f"({', '.join(DISTRICT_NAMES[d] for d in options)}, or leaves it unassigned).")
        return True

    def _trainer_placed(self, d: PlacingTrainer) -> None:
        """The Trainer of ``d`` is assigned (or left unassigned): what its
        placing interrupted goes on."""
        if d.added:
            self._finish()
            return
        if d.opened >= 0:
            # Joining a new district: the other waiting Trainer next, then
            # the won card's discard check.
            seat = d.seat
            c = self.won_card(seat)
            if self._late_trainer(seat, d.trainer + 1, d.opened) or self._discard_check(seat, c):
                return
        self._card_done(d)

    @handles(PlacingTrainer, then=_trainer_placed)
    def _on_assign(self, d: PlacingTrainer, action: Any) -> None:
        if type(action) is not Assign:
            raise IllegalAction("Choose a district for the Trainer, or 'assign none'.")
        if action.district is not None and (type(action.district) is not int
                                            or action.district not in d.districts):
            where = ", ".join(DISTRICT_WORDS[x] for x in d.districts)
            raise IllegalAction(f"The Trainer can go to: {where} (or none).")
        seat = d.seat
        self.decisions.take(seat)
        district = action.district
        if district is None:
            self.emit(lambda: f"{self.names[seat]} leaves the Trainer unassigned.")
        else:
            self.tdist[d.trainer - FIRST_TRAINER] = district
            self.dcount[seat][district] += 1
            self.emit(lambda: f"{self.names[seat]} assigns the Trainer to the {DISTRICT_NAMES[district]}.")

    @handles(Discarding, then=_card_done)
    def _on_discard(self, d: Discarding, action: Any) -> None:
        if type(action) is not Discard:
            raise IllegalAction("Choose a card of your play area to discard.")
        seat = d.seat
        area = self.areas[seat]
        if type(action.card) is not int or action.card not in area:
            raise IllegalAction("Discard a card from your own play area.")
        self.decisions.take(seat)
        c = action.card
        area.remove(c)
        self.discards.append(c)
        if c >= FIRST_TRAINER:
            self.tdist[c - FIRST_TRAINER] = -1
        self.recount(seat)
        self.emit(lambda: f"{self.names[seat]} discards {card_name(c)}.")

    @handles(Swapping, then=_three_or_four_done)
    def _on_swap(self, d: Swapping, action: Any) -> None:
        if type(action) is not Swap:
            raise IllegalAction("Choose a player to swap hands with, or 'swap none'.")
        seat = d.seat
        target = action.target
        if target is not None and (type(target) is not int or not 0 <= target < self.n or target == seat):
            raise IllegalAction("Swap with one of the other players, or keep your hand.")
        self.decisions.take(seat)
        if target is None:
            self.emit(lambda: f"{self.names[seat]} keeps their hand.")
        else:
            hands = self.hands
            hands[seat], hands[target] = hands[target], hands[seat]
            self.rng.shuffle(hands[seat])
            self.rng.shuffle(hands[target])
            self.emit(lambda: f"{self.names[seat]} swaps hands with {self.names[target]}; "
                              f"both hands are shuffled.")

    # ----- the end
    def _end_with_rows(self, winners: tuple[int, ...]) -> None:
        self.row_winners = winners
        self._game_over()
        for row in self.rows:
            self.emit(partial(self._row_line, row))

    def _row_line(self, row: tuple[int, int, int, int]) -> str:
        seat, d, low, high = row
        return f"{self.names[seat]} has five in a row in the {DISTRICT_NAMES[d]} ({low}-{high}) and wins at once!"

    def _game_over(self) -> None:
        self.over = True
        self.peeking = ()
        self.decisions.clear()

    def _final(self) -> None:
        self.emit("The deck is empty: final scoring.")
        if not self.family:
            counts = [self.dcount[s][PLAYGROUND] for s in range(self.n)]
            best = max(counts)
            if best > 0 and counts.count(best) == 1:
                seat = counts.index(best)
                self.peeking = (seat,)
                self.decisions.push(Adding(seat))
                self.emit(lambda: f"{self.names[seat]} has the most playground cards and looks at their "
                                  f"hand to add one card to their play area.")
                return
            self.emit("Nobody has strictly the most playground cards: no card is added.")
        self._finish()

    @handles(Adding)
    def _on_add(self, d: Adding, action: Any) -> None:
        if type(action) is not Add:
            raise IllegalAction("Choose a slot to add to your play area, or 'add none'.")
        seat = d.seat
        hand = self.hands[seat]
        slot = action.slot
        if slot is not None and (type(slot) is not int or not 1 <= slot <= HAND_SIZE
                                 or hand[slot - 1] == EMPTY):
            raise IllegalAction(f"Choose a slot from 1 to {HAND_SIZE}, or 'add none'.")
        self.decisions.take(seat)
        self.peeking = ()
        if slot is None:
            self.emit(lambda: f"{self.names[seat]} adds no card.")
            self._finish()
            return
        c = hand[slot - 1]
        hand[slot - 1] = EMPTY
        self._place(seat, c)
        self.added = (seat, c)
        self.emit(lambda: f"{self.names[seat]} adds {card_name(c)} to their play area.")
        if DISTRICT[c] < 0:
            # An added Trainer is placed like any Trainer (rules.md); its
            # handler then finishes the game.
            if not self._offer_trainer(seat, c, added=True):
                self._finish()
            return
        row = self._row(seat)
        if row is not None:
            self.rows.append((seat, *row))
            self._end_with_rows((seat,))
            return
        self._finish()

    def _finish(self) -> None:
        self._game_over()
        self.emit(self._final_line)

    def _final_line(self) -> str:
        res = self.result()
        parts = ", ".join(f"{self.names[s]} {res.scores[s]}" for s in range(self.n))
        return f"Final scores: {parts}. {res.summary}"


    def result(self) -> Result:
        if self._result is not None and self.over:
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
        if self.over:
            self._result = result
        return result

    # ----- views and privacy
    def sees_own_hand(self, seat: int | None) -> bool:
        return seat is not None and seat in self.peeking

    def view(self, seat: int | None) -> BusinessView:
        return _view.build_view(self, seat)

    def stage(self) -> int:
        """The round of turns on the table (the last one once over): the
        view's count, and the spec's stage."""
        n = self.n
        return min(self.turn_no // n + 1, self.turns_total // n)

    def secret_cards(self, seat: int | None) -> set[str]:
        return _view.secret_cards(self, seat)

    def all_card_ids(self) -> list[str]:
        return _view.all_card_ids(self)

    def prompt(self, seat: int) -> str:
        return _view.prompt(self, seat)


_THREE_FOUR = (3, 4)

# The takes after a "no" when only the asked slot (0-based) is empty.
_TAKES_BUT = tuple(tuple(TAKES[i] for i in range(HAND_SIZE) if i != slot) for slot in range(HAND_SIZE))

# One decision object per kind and seat for the first look and the exchange
# (they carry no data; decisions are immutable, so states share them).
_FIRST_LOOK = tuple(FirstLook(s) for s in range(5))
_REQUESTING = tuple(Requesting(s) for s in range(5))
_ANSWERING = tuple(Answering(s) for s in range(5))
_TAKING = tuple(Taking(s) for s in range(5))
_COUNTER_REQUESTING = tuple(CounterRequesting(s) for s in range(5))
_REPLYING = tuple(Replying(s) for s in range(5))

def new_state(names: Sequence[str], options: dict[str, int], seed: int) -> BlindBusinessState:
    """A new game: a start player drawn, cards put away unseen, four dealt
    to each; everyone first looks at their own hand."""
    n = len(names)
    if n not in REMOVED:
        raise ValueError(f"Blind Business takes 2-5 players, not {n}.")
    rng = random.Random(seed)
    start = rng.randrange(n)
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    cut = REMOVED[n]
    removed, deck = deck[:cut], deck[cut:]
    return BlindBusinessState(
        names, rng, family=bool(options.get("family", 0)), start=start, turn_no=0, requester=start,
        hands=[deck[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(n)], deck=deck[n * HAND_SIZE:],
        removed=removed, areas=[[] for _ in range(n)], tdist=[-1, -1], tokens=[0] * n, supply=OK_TOKENS,
        discards=[], looking=range(n))
