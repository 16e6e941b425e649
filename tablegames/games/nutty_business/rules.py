"""Nutty Business: pure rules (rulings on its rules page, rules.md).

Setup: every player secretly lays a first card as their first pile; all are
revealed together, with no effect. A turn: play a hand card onto one of your
piles (or start your second), then the top cards of your piles act, in the
order you choose when the order can change anything. Every decision (the
first cards, laid at once; then the card of a turn, the order, a short
Customs payment, a Police Raid's target) waits on the state's decision
queue, and each kind has its handler (``@handles``); the decisions of a
turn all belong to the player whose turn it is.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from tablegames.core.decisions import Decision
from tablegames.core.game import IllegalAction, Result
from tablegames.core.secret import SecretChoices
from tablegames.core.state import BaseState, handles
from tablegames.games.nutty_business.view import NuttyView, build_view
from tablegames.games.nutty_business.vocab import (
    BANK,
    C5,
    CARD_NAMES,
    CUSTOMS,
    HIDEOUT,
    IS_CONTRABAND,
    KINDS,
    L_CONTRABAND,
    L_CUSTOMS_IN,
    L_CUSTOMS_OUT,
    L_RAID,
    L_ROBBED,
    L_ROBBERY_IN,
    LEDGER,
    RAID,
    ROBBERY,
    SUPPLY,
    VALUE,
    Action,
    ChooseFirstCard,
    ChooseOrder,
    ChooseRaid,
    First,
    Pay,
    Phase,
    Play,
    PlayCard,
    Raid,
    SplitCustoms,
    Start,
    card_id,
)

# Cards whose effect acts on your turn while on top (Bank and Customs act in
# other players' turns; a Hideout acts only when played).
_ACTS = tuple(IS_CONTRABAND[k] or k in (RAID, ROBBERY) for k in KINDS)

_START = tuple(Start(k) for k in KINDS)
_PLAY = tuple((Play(k, 0), Play(k, 1)) for k in KINDS)
# The plays of a hand, by the hand (at most the 256 sets of the eight kinds):
# the hot path of random playouts.
_HAND_PLAYS: dict[tuple[int, ...], tuple[Play, ...]] = {}
_FIRST = (First(0), First(1))
_TURN_OF = tuple(PlayCard(s) for s in range(8))
_FIRST_CARD = tuple(ChooseFirstCard(s) for s in range(8))

_ALLOC_CACHE: dict[tuple[int, int, int], tuple[tuple[int, ...], ...]] = {}


def customs_splits(gained: int, owed: int, officers: int) -> tuple[tuple[int, ...], ...]:
    """Every way to pay ``officers`` officers, each owed ``owed``, out of
    ``gained`` nuts when that is not enough for all: the whole gain is paid,
    nobody gets more than owed, and as many officers as possible get at
    least one nut."""
    key = (gained, owed, officers)
    found = _ALLOC_CACHE.get(key)
    if found is None:
        paid = min(officers, gained)
        found = tuple(
            split for split in itertools.product(range(owed + 1), repeat=officers)
            if sum(split) == gained and sum(1 for a in split if a) == paid
        )
        _ALLOC_CACHE[key] = found
    return found


# The piles as the screen and the log name them (the notation counts them 1, 2).
PILE_NAMES = ("A", "B")


def _plural(count: int) -> str:
    return f"{count} nut" if count == 1 else f"{count} nuts"


class NuttyState(BaseState):
    """The state. Log lines are lambdas worded only when someone reads the
    log; on the turn's path they take what they word as defaults, not from
    the enclosing function (a closure makes each such variable a cell, a
    cost every playout would pay). mypy cannot infer a lambda with
    defaults: hence their ``type: ignore[misc]``."""

    DEEP: ClassVar[tuple[str, ...]] = ("hands", "piles", "nuts", "pending", "ledger", "setup")
    FINAL_PHASE: ClassVar[str] = Phase.OVER

    def __init__(self, names: Sequence[str], rng: random.Random, *, start: int, hands: list[list[int]],
                 piles: list[list[list[int]]], nuts: list[int], supply: int, ledger: list[list[int]],
                 setup: SecretChoices[int] | None, turn_no: int,
                 played_pile: int | None = None, pending: list[int] | None = None,
                 due: Iterable[Decision] = ()) -> None:
        """The one way to make a state, from its parts: the new deal
        (``new_state``), the sampler and a described position. ``setup``
        holds the first cards laid so far (None once they are revealed):
        the seats still to lay one decide first, then the ``due``
        decisions of the turn, in order."""
        super().__init__(names, rng)
        self.start = start
        self.hands = hands
        self.piles = piles
        self.nuts = nuts
        self.supply = supply
        self.ledger = ledger
        self.setup = setup
        self.turn_no = turn_no
        self.played_pile = played_pile  # where this turn's card went
        self.pending = [] if pending is None else pending  # piles whose top still acts this turn
        if setup is not None:  # everyone still to lay a first card lays it at once
            self.decisions.push_together(_FIRST_CARD[s] for s in range(self.n) if not setup.has_chosen(s))
        for decision in due:
            self.decisions.push(decision)

    # ----- the contract -------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return Phase(self.due_phase())

    @property
    def turn(self) -> int | None:
        """Whose turn it is (None during setup and at the end): the seat of
        the decision due, as every decision of a turn is the turn player's."""
        if self.setup is not None:
            return None
        d = self.decisions.current()
        return None if d is None else d.seat

    def legal_actions(self, seat: int) -> list[Action]:
        queue = self.decisions
        d = queue.current()  # a turn's one decision: found without a search
        if d is None or d.seat != seat:
            d = queue.due_for(seat)
            if d is None:
                return []
        kind = d.__class__
        if kind is PlayCard:
            hand = tuple(self.hands[seat])
            plays = _HAND_PLAYS.get(hand)
            if plays is None:
                plays = _HAND_PLAYS[hand] = tuple(p for k in hand for p in _PLAY[k])
            return list(plays)
        if kind is ChooseFirstCard:
            return [_START[k] for k in self.hands[seat]]
        if isinstance(d, ChooseOrder):
            return list(_FIRST)
        if isinstance(d, SplitCustoms):
            return [*self._pay_options(d)]
        if isinstance(d, ChooseRaid):
            return [Raid(v, c) for v in d.targets for c in (0, 1)]
        return []

    # ----- setup --------------------------------------------------------------
    def _reveal_first_cards(self, d: ChooseFirstCard) -> None:
        """Everyone has laid a first card: they are revealed, and the first turn begins."""
        setup = self.setup
        assert setup is not None
        for s, kind in setup.reveal().items():
            self.piles[s] = [[kind]]
        self.setup = None
        self.emit(lambda state=self:  # type: ignore[misc]
                  "First cards revealed: {}. They do nothing yet.".format(", ".join(
                      f"{state.names[s]} {CARD_NAMES[state.piles[s][0][0]]}" for s in range(state.n))))
        self._start_turn(self.start)

    @handles(ChooseFirstCard, then=_reveal_first_cards)
    def _on_start(self, d: ChooseFirstCard, action: Any) -> None:
        if not isinstance(action, Start):
            raise IllegalAction("First choose a card to lay face down as your first pile.")
        seat, card = d.seat, action.card
        if type(card) is not int or card not in self.hands[seat]:
            raise IllegalAction("Choose your first card from your hand.")
        setup = self.setup
        assert setup is not None
        setup.choose(seat, card)
        self.decisions.take(seat)
        self.hands[seat].remove(card)
        self.emit(lambda name=self.names[seat]: f"{name} lays a first card face down.")  # type: ignore[misc]
        self.emit(lambda card=card:  # type: ignore[misc]
                  f"You lay your {CARD_NAMES[card]} face down.", audience=(seat,))

    # ----- a turn -------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.turn_no += 1
        self.played_pile = None
        self.pending = []
        self.decisions.push(_TURN_OF[seat])

    @handles(PlayCard)
    def _on_play(self, d: PlayCard, action: Any) -> None:
        if action.__class__ is not Play:
            raise IllegalAction("Play a card from your hand onto one of your piles.")
        seat = d.seat
        card, pile = action.card, action.pile
        hand = self.hands[seat]
        if card.__class__ is not int or card not in hand:
            raise IllegalAction("That card is not in your hand.")
        if pile.__class__ is not int or not 0 <= pile <= 1:
            raise IllegalAction("Choose pile 1 or 2 (2 starts your second pile).")
        piles = self.piles[seat]
        hand.remove(card)
        self.decisions.pop()
        new = pile >= len(piles)
        if new:
            piles.append([card])
            pile = len(piles) - 1
        elif card == HIDEOUT:
            back = piles[pile]
            hand.extend(back)
            hand.sort()
            piles[pile] = [HIDEOUT]
        else:
            piles[pile].append(card)
        self.played_pile = pile
        name = self.names[seat]
        self.emit(lambda name=name, card=card, where=-1 if new else pile:  # type: ignore[misc]
                  f"{name} plays {CARD_NAMES[card]} "
                  f"{'as a new pile' if where < 0 else f'on pile {PILE_NAMES[where]}'}.")
        if card == HIDEOUT and not new:
            self.emit(lambda name=name, back=back:  # type: ignore[misc]
                      f"{name} takes {_cards_text(back)} back into their hand.")
        self._order_effects(seat)

    def _order_effects(self, seat: int) -> None:
        piles = self.piles[seat]
        acts = _ACTS
        if len(piles) == 1:
            self.pending = [0] if acts[piles[0][-1]] else []
        else:
            first, second = acts[piles[0][-1]], acts[piles[1][-1]]
            if first and second:
                if self._order_matters(seat):
                    self.decisions.push(choose_order(seat))
                    return
                # Else the card just played acts first.
                self.pending = [1, 0] if self.played_pile == 1 else [0, 1]
            else:
                self.pending = [0] if first else [1] if second else []
        self._run(seat)

    def _order_matters(self, seat: int) -> bool:
        """Whether applying the two acting top cards in the other order can
        leave anyone with other nuts (asked only then; the rules page, "A
        turn"). Nothing a top card does changes how many piles anyone has, so
        a raid's choices are the same either way; what can differ:

        - Police Raid and Robbery: the raid can cover a rival's Contraband or
          Bank before the Robbery counts that rival's top cards.
        - A Contraband played this turn pays the Customs out of what it just
          gained: a Police Raid first can cover an officer's Customs, or (with
          another Contraband) take a short supply's nuts first so that less is
          gained and paid; a Robbery after the payment can take a nut that an
          officer had not had before it.

        Anything else (a Contraband lying there since an earlier turn with a
        Raid or a Robbery; two Contraband with a full supply) gives every
        player the same nuts in either order: only the results' breakdown
        line of a short supply's last nuts could differ."""
        piles = self.piles[seat]
        tops = (piles[0][-1], piles[1][-1])
        if RAID in tops and ROBBERY in tops:
            return any(self._raid_changes_robbery(victim) for victim in self._raid_targets(seat))
        played = self.played_pile
        assert played is not None
        fresh, other = tops[played], tops[1 - played]
        if not IS_CONTRABAND[fresh] or not self.supply:
            return False
        officers = self._officers(seat)
        if not officers:
            return False
        if other == ROBBERY:
            return any(self._robbery_take(o, self.nuts[o]) < self._robbery_take(o, self.nuts[o] + 1)
                       for o in officers)
        if other == RAID:
            targets = self._raid_targets(seat)
            if not targets:
                return False
            if any(o in targets for o in officers):
                return True
            before = 2 if any(p[-1] == BANK for v in targets for p in self.piles[v]) else 1
        else:
            before = VALUE[other]
        # The other card takes ``before`` nuts from the supply first: does the
        # Contraband then gain less, and pay less than it would have?
        owed = (2 if fresh == C5 else 1) * len(officers)
        alone = min(VALUE[fresh], self.supply)
        after = min(VALUE[fresh], self.supply - min(before, self.supply))
        return after < alone and after < owed

    def _robbery_take(self, victim: int, nuts: int, tops: Sequence[int] | None = None) -> int:
        """What a Robbery takes from ``victim`` holding ``nuts``, with these
        top cards (default: their piles' tops now)."""
        if tops is None:
            tops = [p[-1] for p in self.piles[victim]]
        if BANK in tops:
            return 0
        return min(sum(1 for k in tops if IS_CONTRABAND[k]), 2, nuts)

    def _raid_changes_robbery(self, victim: int) -> bool:
        """Whether a raid on ``victim`` (either pile covered) can change what
        a Robbery takes from them."""
        tops = [p[-1] for p in self.piles[victim]]
        nuts = self.nuts[victim]
        now = self._robbery_take(victim, nuts, tops)
        return any(self._robbery_take(victim, nuts, [top]) != now for top in tops)

    def _go_on(self, d: ChooseOrder | SplitCustoms | ChooseRaid) -> None:
        """A decision inside the turn is answered: the turn goes on with the
        top cards still pending."""
        self._run(d.seat)

    @handles(ChooseOrder, then=_go_on)
    def _on_first(self, d: ChooseOrder, action: Any) -> None:
        if not isinstance(action, First) or type(action.pile) is not int or action.pile not in (0, 1):
            raise IllegalAction("Choose which pile's top card acts first: 1 or 2.")
        seat, pile = d.seat, action.pile
        self.decisions.pop()
        self.pending = [pile, 1 - pile]
        self.emit(lambda: f"{self.names[seat]} applies {CARD_NAMES[self.piles[seat][pile][-1]]} first.")

    def _run(self, seat: int) -> None:
        """Apply the pending top cards until one needs a decision."""
        piles = self.piles[seat]
        while self.pending:
            pile = self.pending.pop(0)
            kind = piles[pile][-1]
            if IS_CONTRABAND[kind]:
                if self._contraband(seat, kind, pile == self.played_pile):
                    return
            elif kind == RAID:
                if self._raid(seat):
                    return
            elif kind == ROBBERY:
                self._robbery(seat)
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        nxt = self.next_seats[seat]
        if self.hands[nxt]:
            # The next turn (as _start_turn, inlined: this is the hot path).
            self.turn_no += 1
            self.played_pile = None
            self.decisions.push(_TURN_OF[nxt])
            return
        # Nothing left to decide: the game is over.
        self.played_pile = None
        self.emit(lambda name=self.names[nxt]:  # type: ignore[misc]
                  f"The turn passes to {name}, who has no cards left: the game is over.")

    # ----- nuts ---------------------------------------------------------------
    def _gain(self, seat: int, amount: int, line: int) -> int:
        got = min(amount, self.supply)
        self.supply -= got
        self.nuts[seat] += got
        self.ledger[seat][line] += got
        return got

    def _give(self, giver: int, taker: int, amount: int, out_line: int, in_line: int) -> None:
        self.nuts[giver] -= amount
        self.nuts[taker] += amount
        self.ledger[giver][out_line] += amount
        self.ledger[taker][in_line] += amount

    def protected(self, seat: int) -> bool:
        """A Bank on top of one of the seat's piles."""
        return any(p[-1] == BANK for p in self.piles[seat])

    def _officers(self, seat: int) -> list[int]:
        """Opponents with an active Customs whom ``seat`` must pay (none
        while ``seat`` has a Bank on top), clockwise from ``seat``."""
        for p in self.piles[seat]:
            if p[-1] == BANK:
                return []
        return self._customs_of_others(seat)

    def _customs_of_others(self, seat: int) -> list[int]:
        """Opponents with an active Customs, clockwise from ``seat``."""
        piles = self.piles
        found = []
        for s in self.others_from[seat]:
            for p in piles[s]:
                if p[-1] == CUSTOMS:
                    found.append(s)
                    break
        return found

    def _raid_targets(self, seat: int) -> tuple[int, ...]:
        piles = self.piles
        return tuple(s for s in self.others_from[seat] if len(piles[s]) == 2)

    def _contraband(self, seat: int, kind: int, fresh: bool) -> bool:
        """True when the Customs payment waits for the player's split."""
        value = VALUE[kind]
        got = value if value <= self.supply else self.supply
        self.supply -= got
        self.nuts[seat] += got
        self.ledger[seat][L_CONTRABAND] += got
        self.emit(lambda name=self.names[seat], got=got, kind=kind:  # type: ignore[misc]
                  f"{name} gains {_plural(got)} from {CARD_NAMES[kind]}"
                  f"{'' if got == VALUE[kind] else ' (all the supply had left)'}.")
        if not fresh or not got:
            return False
        officers = self._customs_of_others(seat)
        if not officers:
            return False
        for p in self.piles[seat]:
            if p[-1] == BANK:
                self.emit(lambda name=self.names[seat]:  # type: ignore[misc]
                          f"{name}'s Bank: no Customs to pay.")
                return False
        owed = 2 if kind == C5 else 1
        if got >= owed * len(officers):
            self._pay_customs(seat, [(s, owed) for s in officers], kind)
            return False
        splits = customs_splits(got, owed, len(officers))
        if len(splits) == 1:
            self._pay_customs(seat, list(zip(officers, splits[0])), kind)
            return False
        self.decisions.push(split_customs(seat, kind, got, officers))
        return True

    def _pay_customs(self, seat: int, amounts: Sequence[tuple[int, int]], kind: int) -> None:
        short = False
        payer = self.names[seat]
        for officer, amount in amounts:
            if not amount:
                short = True
                continue
            self._give(seat, officer, amount, L_CUSTOMS_OUT, L_CUSTOMS_IN)
            payee = self.names[officer]
            self.emit(lambda payer=payer, payee=payee, amount=amount, kind=kind:  # type: ignore[misc]
                      f"{payer} pays {payee} {_plural(amount)}: {payee}'s Customs on {CARD_NAMES[kind]}.")
        if short:
            self.emit(lambda names=self.names, amounts=amounts:  # type: ignore[misc]
                      "Nothing left for {}.".format(", ".join(names[s] for s, a in amounts if not a)))

    def _pay_options(self, d: SplitCustoms) -> list[Pay]:
        officers = [s for s, _ in d.owed]
        return [Pay(tuple(sorted((s, a) for s, a in zip(officers, split) if a)))
                for split in customs_splits(d.gained, d.owed[0][1], len(officers))]

    @handles(SplitCustoms, then=_go_on)
    def _on_pay(self, d: SplitCustoms, action: Any) -> None:
        if not isinstance(action, Pay) or action not in self._pay_options(d):
            names = ", ".join(self.names[s] for s, _ in d.owed)
            raise IllegalAction(
                f"Split your {_plural(d.gained)} among {names}: nobody more than owed, "
                f"as many of them as possible at least 1.")
        seat = d.seat
        self.decisions.pop()
        kind = self.piles[seat][self.played_pile or 0][-1]
        paid = dict(action.amounts)
        self._pay_customs(seat, [(s, paid.get(s, 0)) for s, _ in d.owed], kind)

    def _raid(self, seat: int) -> bool:
        """True when the raid waits for its target."""
        targets = self._raid_targets(seat)
        if not targets:
            self.emit(lambda name=self.names[seat]:  # type: ignore[misc]
                      f"{name}'s Police Raid finds nobody with two piles.")
            return False
        self.decisions.push(choose_raid(seat, targets))
        return True

    @handles(ChooseRaid, then=_go_on)
    def _on_raid(self, d: ChooseRaid, action: Any) -> None:
        if (not isinstance(action, Raid) or action.victim not in d.targets
                or type(action.covered) is not int or action.covered not in (0, 1)):
            names = ", ".join(self.names[s] for s in d.targets)
            raise IllegalAction(f"Raid one of {names} and choose which of their piles is covered.")
        seat = d.seat
        self.decisions.pop()
        victim, covered = action.victim, action.covered
        piles = self.piles[victim]
        under, over = piles[covered], piles[1 - covered]
        top = under[-1]
        self.piles[victim] = [under + over]
        got = self._gain(seat, 2 if top == BANK else 1, L_RAID)
        name, whose = self.names[seat], self.names[victim]
        self.emit(lambda name=name, whose=whose, moved=over[-1], top=top, got=got:  # type: ignore[misc]
                  f"{name}'s Police Raid puts {whose}'s {CARD_NAMES[moved]} pile on their "
                  f"{CARD_NAMES[top]}: {name} gains {_plural(got)}.")

    def _robbery(self, seat: int) -> None:
        robbed = False
        robber = self.names[seat]
        for s in self.others_from[seat]:
            tops = sum(1 for p in self.piles[s] if IS_CONTRABAND[p[-1]])
            if not tops:
                continue
            if self.protected(s):
                self.emit(lambda victim=self.names[s], robber=robber:  # type: ignore[misc]
                          f"{victim}'s Bank keeps {robber}'s Robbery out.")
                continue
            take = min(tops, 2, self.nuts[s])  # as _robbery_take
            if take:
                robbed = True
                self._give(s, seat, take, L_ROBBED, L_ROBBERY_IN)
                victim = self.names[s]
                self.emit(lambda victim=victim, robber=robber, take=take, tops=tops:  # type: ignore[misc]
                          f"{victim} gives {robber} {_plural(take)}: {robber}'s Robbery, "
                          f"{tops} Contraband on top.")
        if not robbed:
            self.emit(lambda robber=robber: f"{robber}'s Robbery takes nothing.")  # type: ignore[misc]

    # ----- the end ------------------------------------------------------------
    def tie_keys(self, seat: int) -> tuple[int, int, int]:
        """Nuts, then Contraband in hand, then Contraband on top."""
        value = VALUE
        return (self.nuts[seat], sum(value[k] for k in self.hands[seat]),
                sum(value[p[-1]] for p in self.piles[seat]))

    def result(self) -> Result:
        n = self.n
        breakdown = []
        for s in range(n):
            lines = tuple((LEDGER[line], -amount if line >= L_CUSTOMS_OUT else amount)
                          for line, amount in enumerate(self.ledger[s]) if amount)
            breakdown.append(lines or (("No nuts", 0),))
        keys = [self.tie_keys(s) for s in range(n)]
        best = max(keys)
        winners = tuple(s for s in range(n) if keys[s] == best)
        tied = [k for k in keys if k[0] == best[0]]
        summary = ""
        if len(tied) > 1:
            if len({k[1] for k in tied}) > 1:
                summary = "Tied on nuts: the highest Contraband total in hand wins."
            elif len({k[2] for k in tied}) > 1:
                summary = "Tied on nuts and in hand: the highest Contraband on top of piles wins."
            else:
                summary = "Tied on nuts, Contraband in hand and on top: the win is shared."
        return Result(scores=tuple(self.nuts), breakdown=tuple(breakdown), winners=winners,
                      summary=summary)

    # ----- what each seat sees ------------------------------------------------
    def view(self, seat: int | None) -> NuttyView:
        return build_view(self, seat)

    def secret_cards(self, seat: int | None) -> set[str]:
        secret = {card_id(k, s) for s in range(self.n) if s != seat for k in self.hands[s]}
        if self.setup is not None:
            for s in range(self.n):
                own = self.setup.own(s)
                if s != seat and own is not None:
                    secret.add(card_id(own, s))
        return secret

    def all_card_ids(self) -> list[str]:
        cards = [card_id(k, s) for s in range(self.n) for k in self.hands[s]]
        cards += [card_id(k, s) for s in range(self.n) for p in self.piles[s] for k in p]
        if self.setup is not None:
            for s in range(self.n):
                own = self.setup.own(s)
                if own is not None:
                    cards.append(card_id(own, s))
        return cards

    def pieces(self) -> Counter[str]:
        found = Counter(self.all_card_ids())
        found["nut"] = self.supply + sum(self.nuts)
        return found

    def prompt(self, seat: int) -> str:
        phase = self.phase
        if phase is Phase.SETUP:
            return "choose your first card; nobody sees it until all have chosen."
        if phase is Phase.OVER:
            return "the game is over."
        d = self.decisions.current()
        if d is None or d.seat != seat:
            return "wait for your turn."
        if isinstance(d, PlayCard):
            if len(self.piles[seat]) < 2:
                return "play a card onto your pile, or start your second pile."
            return "play a card from your hand onto one of your piles."
        if isinstance(d, ChooseOrder):
            return "both your top cards act: choose which acts first."
        if isinstance(d, SplitCustoms):
            # The officers are named in the list of payments.
            return (f"split {_plural(d.gained)} among {len(d.owed)} Customs, "
                    f"as many as possible at least 1.")
        if isinstance(d, ChooseRaid):
            return "Police Raid: pick a rival's two piles and the one to cover."
        return "wait."


# The decisions a turn can stop at, worded as the rules push them (the
# position builder, position.py, pushes the same).

def choose_order(seat: int) -> ChooseOrder:
    return ChooseOrder(seat, reason="both your top cards act")


def split_customs(seat: int, kind: int, gained: int, officers: Sequence[int]) -> SplitCustoms:
    """``kind``, just played, gained ``gained``: too little for ``officers``."""
    owed = 2 if kind == C5 else 1
    return SplitCustoms(seat, gained=gained, owed=tuple((s, owed) for s in officers),
                        reason=f"{CARD_NAMES[kind]} gained {_plural(gained)}, not enough for every officer")


def choose_raid(seat: int, targets: tuple[int, ...]) -> ChooseRaid:
    return ChooseRaid(seat, targets=targets, reason="your Police Raid must stack a rival's two piles")


def _cards_text(kinds: Sequence[int]) -> str:
    return ", ".join(CARD_NAMES[k] for k in kinds)


def drawn_start(seed: int, n: int) -> tuple[random.Random, int]:
    """A new game's one draw, the first player: (the rng after it, the seat)."""
    rng = random.Random(seed)
    return rng, rng.randrange(n)


def new_state(names: Sequence[str], options: Mapping[str, int], seed: int) -> NuttyState:
    """A new game: everyone holds the eight cards; first cards to lay."""
    n = len(names)
    rng, start = drawn_start(seed, n)
    return NuttyState(names, rng, start=start, hands=[list(KINDS) for _ in range(n)], piles=[[] for _ in range(n)],
                      nuts=[0] * n, supply=SUPPLY, ledger=[[0] * len(LEDGER) for _ in range(n)],
                      setup=SecretChoices(range(n)), turn_no=0)


__all__ = ["NuttyState", "new_state", "drawn_start", "customs_splits", "choose_order", "split_customs", "choose_raid"]
