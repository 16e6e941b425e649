"""Blind Business positions: the fields docs/positions.md describes, checked
against each other and the turns played (core/position.py: the shared checks)."""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field as member, fields
from typing import Any, Callable

from tablegames.core.decisions import Decision
from tablegames.core.position import (REQUIRED, Cards, PositionError, Reader, put_away, refuse_if, said, seat_of,
                                      unplaced, whole_numbers)
from tablegames.games.blind_business.cards import (CARD_ID, DECK_SIZE, DISTRICT, DISTRICT_NAMES, DISTRICTS,
                                                   FIRST_TRAINER, HAND_SIZE, NUMBER, OK_TOKENS, PLAYGROUND, REMOVED,
                                                   ROUNDS, TRAINERS)
from tablegames.games.blind_business.rules import BlindBusinessState, district_counts
from tablegames.games.blind_business.vocab import (EMPTY, Adding, Answering, CounterRequesting, Discarding, Peeking,
                                                   Phase, PlacingTrainer, Replying, Requesting, Swapping, Taking)

FIELDS = ("turns_played", "start", "requester", "decision", "to_move", "hands", "areas", "trainers",
          "tokens", "supply", "discards", "deck", "removed", "request", "won", "last_won", "snapshot",
          "trainer", "later", "added", "rows")
REQUEST_FIELDS = ("recipient", "slot", "ok", "answer", "counter_slot", "counter_ok")
ROW_FIELDS = ("seat", "district", "low", "high")
CARDS = Cards.ids(CARD_ID, "cards are ids such as 'PG7', 'BWV', 'TR1'")
_DISTRICT_OF = {name: d for d, name in enumerate(DISTRICT_NAMES)}
_AFTER_WIN = (Phase.ASSIGN, Phase.DISCARD, Phase.SWAP, Phase.PEEK)  # decisions once both cards are won


@dataclass
class _Draft:
    """The state's fields as the builder reads them from the description, checked against each other, then made a
    state by its one constructor (every field here is one of its parameters)."""

    family: bool
    hands: list[list[int]]
    areas: list[list[int]]
    discards: list[int]
    deck: list[int]
    removed: list[int]
    tdist: list[int]
    tokens: list[int]
    supply: int
    turn_no: int
    start: int = 0
    requester: int = 0
    recipient: int | None = None
    slot: int | None = None
    ok: bool = False
    answer: bool | None = None
    cslot: int | None = None
    cok: bool = False
    won_r: int = EMPTY
    won_p: int = EMPTY
    snapshot: list[int] | None = None
    last_won: list[tuple[int, int]] = member(default_factory=list)
    added: tuple[int, int] | None = None
    rows: list[tuple[int, int, int, int]] = member(default_factory=list)
    over: bool = False
    looking: tuple[int, ...] = ()
    due: list[Decision] = member(default_factory=list)

    def __post_init__(self) -> None:
        counts = [district_counts(area, self.tdist) for area in self.areas]
        self.dcount, self.nmask, self.vers = ([count[i] for count in counts] for i in range(3))

    def state(self, names: Sequence[str], seed: int) -> BlindBusinessState:
        """The state itself; the luck to come starts from ``seed``."""
        return BlindBusinessState(names, random.Random(seed), **{f.name: getattr(self, f.name) for f in fields(self)})


def build_position(names: Sequence[str], options: dict[str, int], description: Mapping[str, Any],
                   seed: int) -> BlindBusinessState:
    r = Reader(description, names, FIELDS)
    n = len(names)
    phase = Phase(r.word("decision", (p.value for p in Phase), Phase.ASK.value))
    r.field("hands", list, "each player's four slots")
    hands: list[list[int]] = []
    for s, raw in enumerate(r.per_seat("hands")):
        refuse_if(not isinstance(raw, list) or len(raw) != HAND_SIZE, f"{names[s]}'s hand must be {HAND_SIZE} slots "
                  f"(a card id, or null for an empty slot), not {said(raw)}.")
        hands.append([EMPTY if v is None else CARDS.one(v, f"{names[s]}'s hand") for v in raw])
    areas = r.cards_per_seat("areas", CARDS, "{}'s play area", REQUIRED if "areas" in description else [])
    discards = r.cards("discards", CARDS, [])
    placed = [c for h in hands for c in h if c != EMPTY] + [c for a in areas for c in a] + discards
    removed, deck = r.cards("removed", CARDS, None), r.cards("deck", CARDS, None)
    if deck is not None and removed is None:  # (what no pile holds is put away)
        removed = unplaced(range(DECK_SIZE), placed + deck, None)
    removed, deck = put_away(range(DECK_SIZE), placed, seed, removed, REMOVED[n], deck)
    trainers = r.get("trainers", {})
    refuse_if(not isinstance(trainers, dict), "'trainers' must map a Trainer to its district, e.g. "
              "{\"TR1\": \"boardwalk\"}.")
    tdist = [-1, -1]
    for tid, district in trainers.items():
        t = CARDS.one(tid, "'trainers'")
        refuse_if(t not in TRAINERS, f"'trainers': {tid} is not a Trainer.")
        refuse_if(district not in DISTRICT_NAMES, f"'trainers': {said(district)} is not a district "
                  f"({', '.join(DISTRICT_NAMES)}).")
        refuse_if(not any(t in a for a in areas), f"'trainers': {tid} is assigned but in nobody's play area.")
        tdist[t - FIRST_TRAINER] = _DISTRICT_OF[district]
    tokens = r.numbers_per_seat("tokens")
    refuse_if(sum(tokens) > OK_TOKENS, f"The players hold {sum(tokens)} OK tokens; the game has {OK_TOKENS}.")
    supply = r.number("supply", 0, OK_TOKENS - sum(tokens), OK_TOKENS - sum(tokens))
    state = _Draft(bool(options.get("family", 0)), hands, areas, discards, deck, removed, tdist, tokens, supply,
                   turn_no=r.number("turns_played", 0, ROUNDS[n] * n, 0))
    _turn(state, r, phase)
    _exchange(state, r, phase)
    _decision(state, r, phase)
    _check_won(state, r.names, phase)
    return state.state(names, seed)


def _turn(state: _Draft, r: Reader, phase: Phase) -> None:
    names, n = r.names, r.n
    requester = r.seat_or("requester", r.seat_or("to_move", None) if phase == Phase.ASK else None)
    if requester is None:
        raise PositionError("The position needs 'requester' (whose turn it is).")
    state.requester = requester
    refuse_if(phase == Phase.SETUP and (state.turn_no or any(state.areas) or state.discards),
              "The first look comes before any turn: no turns played, no cards won.")
    # The turn passes to the left; the last turn's requester stays when the deck ends the game.
    ended = phase == Phase.ADD or r.given("added") or (phase == Phase.OVER and "rows" not in r.description
                                                        and state.turn_no)
    back = state.turn_no - (1 if ended else 0)
    state.start = r.agrees("start", (requester - back) % n, f"it is {names[requester]}'s turn after "
                           f"{state.turn_no} turn(s) passing to the left")
    refuse_if(phase == Phase.SETUP and state.start != requester, "At the first look the requester is the start player.")


def _exchange(state: _Draft, r: Reader, phase: Phase) -> None:
    """This turn's request and the cards won."""
    names = r.names
    request = r.get("request")
    in_exchange = phase in (Phase.ANSWER, Phase.TAKE, Phase.COUNTER, Phase.REPLY, *_AFTER_WIN)
    needs_request = in_exchange and not (phase == Phase.ASSIGN and _added_trainer(r))
    if request is None:
        refuse_if(needs_request, f"A '{phase.value}' decision needs the turn's 'request'.")
    else:
        refuse_if(phase in (Phase.SETUP, Phase.ASK), f"There is no request yet at '{phase.value}'.")
        refuse_if(not isinstance(request, dict), "'request' must be a JSON object with recipient, slot, ok, answer, "
                                                 "counter_slot and counter_ok.")
        asked = Reader(request, names, REQUEST_FIELDS)
        state.recipient = asked.seat("recipient", "the asked player")
        refuse_if(state.recipient == state.requester, "The requester cannot ask themselves: 'recipient' must be "
                  "another player.")
        state.slot = asked.number("slot", 1, HAND_SIZE) - 1
        state.ok, state.cok = asked.flag("ok"), asked.flag("counter_ok")
        answer = asked.word("answer", ("yes", "no", None), None)
        state.answer = None if answer is None else answer == "yes"
        refuse_if(state.ok and state.answer is not True and phase != Phase.ANSWER, "An ask with an OK token is "
                  "answered yes at once: 'answer' must be \"yes\".")
        state.cslot = asked.number("counter_slot", 1, HAND_SIZE) - 1 if asked.given("counter_slot") else None
    won = r.get("won")
    if won is not None:
        refuse_if(not isinstance(won, list) or len(won) != 2, "'won' must be [the requester's card, the "
                  "recipient's card] (null: not won).")
        state.won_r, state.won_p = (EMPTY if c is None else CARDS.one(c, "'won'") for c in won)
    pairs = [(s, c) for s, c in ((state.requester, state.won_r), (state.recipient, state.won_p)) if c != EMPTY]
    for seat, c in ((s, c) for s, c in pairs if s is not None):  # a card won lies in an area or the discards
        refuse_if(c not in state.areas[seat] and c not in state.discards, f"'won': {CARD_ID[c]} is in neither "
                  f"{names[seat]}'s play area nor the discards.")
    refuse_if(phase in _AFTER_WIN and needs_request and EMPTY in (state.won_r, state.won_p),
              f"A '{phase.value}' decision comes after both cards are won: 'won' needs both.")
    refuse_if(phase == Phase.TAKE and state.won_p == EMPTY, "A 'take' comes after a no: 'won' needs the "
              "recipient's card.")
    last = r.get("last_won")
    if last is None:
        if EMPTY not in (state.won_r, state.won_p) and state.recipient is not None:
            state.last_won = [(state.requester, state.won_r), (state.recipient, state.won_p)]
    else:
        refuse_if(not isinstance(last, list) or not all(isinstance(x, list) and len(x) == 2 for x in last),
                  "'last_won' must be a list of [player, card] pairs.")
        state.last_won = [(seat_of(names, s, "'last_won'"), CARDS.one(c, "'last_won'")) for s, c in last]
        for seat, c in state.last_won:
            refuse_if(c not in state.areas[seat] and c not in state.discards, f"'last_won': {CARD_ID[c]} is in "
                      f"neither {names[seat]}'s play area nor the discards.")
    state.snapshot = whole_numbers(r.get("snapshot"), "'snapshot'", r.n) if r.given("snapshot") else None
    added = r.get("added")
    if added is not None:
        refuse_if(not isinstance(added, list) or len(added) != 2, "'added' must be [player, card].")
        state.added = (seat_of(names, added[0], "'added'"), CARDS.one(added[1], "'added'"))
        refuse_if(state.added[1] not in state.areas[state.added[0]], f"'added': {CARD_ID[state.added[1]]} is not "
                  f"in {names[state.added[0]]}'s play area.")


def _added_trainer(r: Reader) -> bool:
    added = r.get("added")
    return isinstance(added, list) and len(added) == 2 and added[1] == r.get("trainer")


def _decision(state: _Draft, r: Reader, phase: Phase) -> None:
    """The pending decision, checked against what the rules let arise."""
    names, req, p = r.names, state.requester, state.recipient
    refuse_if(phase != Phase.OVER and "rows" in r.description, "'rows' are only for a game over by five in a row "
              "('decision': 'over').")
    given = r.get("to_move")
    if phase == Phase.SETUP:
        refuse_if(given is not None and (not isinstance(given, list) or not given), "'to_move' for the first "
                  "look is the list of players still to look.")
        state.looking = tuple(range(r.n)) if given is None else tuple(sorted(set(r.seats("to_move"))))
        return
    if phase == Phase.OVER:
        _over(state, r)
        return
    simple = {Phase.ASK: (Requesting, req), Phase.ANSWER: (Answering, p), Phase.TAKE: (Taking, req),
              Phase.COUNTER: (CounterRequesting, p), Phase.REPLY: (Replying, req)}
    if phase in simple:
        kind, seat = simple[phase]
        assert seat is not None
        _check_request(state, phase)
        state.due.append(kind(r.agrees("to_move", seat, f"the '{phase.value}' is theirs")))
        return
    seat = r.seat("to_move", f"who decides at '{phase.value}'")
    if phase == Phase.ADD:
        counts = [state.dcount[s][PLAYGROUND] for s in range(r.n)]
        refuse_if(state.family or state.deck or counts[seat] <= max(c for s, c in enumerate(counts) if s != seat),
                  f"'add' comes only with the deck empty, in full rules, to the player with strictly the most "
                  f"playground cards; not {names[seat]}.")
        state.due.append(Adding(seat))
        return
    if phase == Phase.ASSIGN and state.added is not None and state.added[0] == seat and _added_trainer(r):
        t = state.added[1]
        options = tuple(d for d in DISTRICTS if state.dcount[seat][d])
        refuse_if(t not in TRAINERS or state.tdist[t - FIRST_TRAINER] >= 0 or not options or state.deck,
                  "An added Trainer is placed at the end, unassigned, with a district to go to.")
        state.due.append(PlacingTrainer(seat, trainer=t, districts=options, added=True))
        return
    refuse_if(seat not in (req, p), f"A '{phase.value}' decision belongs to the requester or the recipient, not "
                                    f"{names[seat]}.")
    c = state.won_r if seat == req else state.won_p  # the card just won
    if phase == Phase.ASSIGN:
        t = CARDS.one(r.field("trainer", str, "the Trainer to place"), "'trainer'")
        refuse_if(t not in TRAINERS or t not in state.areas[seat] or state.tdist[t - FIRST_TRAINER] >= 0,
                  f"'trainer' must be an unassigned Trainer in {names[seat]}'s play area.")
        if r.get("later") is True:
            d = DISTRICT[c]
            if d < 0 or state.dcount[seat][d] != 1 + sum(1 for x in TRAINERS if state.tdist[x - FIRST_TRAINER] == d
                                                            and x in state.areas[seat]):
                raise PositionError(f"A waiting Trainer joins only the first card of a new district; "
                                    f"{CARD_ID[c]} is not one.")
            state.due.append(PlacingTrainer(seat, trainer=t, districts=(d,), opened=d))
            return
        options = tuple(d for d in DISTRICTS if state.dcount[seat][d])
        refuse_if(t != c or not options, f"{names[seat]} places a Trainer they have just won, with a district to go "
                                         "to (or set 'later').")
        state.due.append(PlacingTrainer(seat, trainer=t, districts=options))
        return
    refuse_if(state.family, f"Family rules have no '{phase.value}' decision.")
    if phase == Phase.DISCARD:
        snap = state.snapshot
        if NUMBER[c] < 10 or snap is None:
            raise PositionError("A discard follows a 10 or 11 just won, with the 'snapshot' of play-area sizes.")
        mine, most = snap[seat], max(x for s, x in enumerate(snap) if s != seat)
        refuse_if(not (mine > most or (NUMBER[c] == 11 and mine == most)), f"{names[seat]}'s {NUMBER[c]} with "
                  f"{mine} cards against {most} makes no discard.")
        state.due.append(Discarding(seat, card=c, count=mine))
        return
    refuse_if(NUMBER[c] != (3 if phase == Phase.SWAP else 4), f"A '{phase.value}' follows a "
              f"{3 if phase == Phase.SWAP else 4} just won, not {CARD_ID[c]}.")
    state.due.append(Swapping(seat, card=c) if phase == Phase.SWAP else Peeking(seat, card=c))


def _check_request(state: _Draft, phase: Phase) -> None:
    if phase == Phase.ASK:
        return
    p, slot = state.recipient, state.slot
    assert p is not None and slot is not None
    asked = state.hands[p][slot]
    if phase == Phase.ANSWER:
        if state.ok or state.answer is not None or asked == EMPTY:
            raise PositionError("An 'answer' follows a plain ask (no OK token) for a slot that holds a card.")
    elif phase == Phase.TAKE:
        if state.answer is not False or asked != EMPTY:
            raise PositionError("A 'take' follows a no: the asked slot is empty, its card won by the recipient.")
    elif phase == Phase.COUNTER:
        if state.answer is not True or state.cslot is not None or asked == EMPTY:
            raise PositionError("A 'counter' follows a yes, before the recipient has asked.")
    elif state.answer is not True or state.cslot is None or state.cok:
        raise PositionError("A 'reply' follows a counter-ask without an OK token.")


def _over(state: _Draft, r: Reader) -> None:
    state.over = True
    rows = r.get("rows", [])
    refuse_if(not isinstance(rows, list), "'rows' must be a list of {seat, district, low, high}.")
    for raw in rows:
        refuse_if(not isinstance(raw, dict), "Each of 'rows' is {\"seat\", \"district\", \"low\", \"high\"}.")
        row = Reader(raw, r.names, ROW_FIELDS)
        seat, district = row.seat("seat"), row.word("district", DISTRICT_NAMES)
        low, high, d = row.field("low", int), row.field("high", int), _DISTRICT_OF[district]
        row_mask = ((1 << 5) - 1) << (low - 1) if 1 <= low <= 7 and high == low + 4 else 0
        missing = bin(row_mask & ~state.nmask[seat][d]).count("1")
        refuse_if(not row_mask or missing > (1 if state.vers[seat][d] else 0), f"{r.names[seat]} has no five in a "
                  f"row {low}-{high} in the {district}.")
        state.rows.append((seat, d, low, high))
    refuse_if(not state.rows and state.deck, "A game is over by five in a row ('rows') or with the deck empty.")


def _check_won(state: _Draft, names: Sequence[str], phase: Phase) -> None:
    """Every turn wins two cards, into the play areas (a 10 or 11 may discard one from there): the areas and
    discards hold those of the turns played and this turn's won so far (and the playground card added), give or
    take the last turn's two (counted as played once the deck ends the game). OK tokens come from the 2s won,
    discards from the 10s and 11s won; family rules have neither. Empty slots only where a card has left this turn
    before the refill, at the end, or with the deck empty."""
    won_now = (state.won_r != EMPTY) + (state.won_p != EMPTY)
    out = sum(len(a) for a in state.areas) + len(state.discards) - (state.added is not None)
    most = 2 * state.turn_no + won_now
    refuse_if(out > most, f"The play areas and discards hold {out} won card(s), more than the {most} that "
              f"{state.turn_no} turn(s) played and {won_now} card(s) won this turn give: every turn wins two cards.")
    refuse_if(out < most - 2, f"The play areas and discards hold {out} won card(s), but {state.turn_no} turn(s) "
              f"played have won at least {most - 2}: every turn wins two cards.")
    won = [c for a in state.areas for c in a] + state.discards
    if state.added is not None:
        won.remove(state.added[1])  # (an added card has no ability)
    taken = OK_TOKENS - state.supply  # held or spent
    twos = sum(1 for c in won if NUMBER[c] == 2)
    refuse_if(state.family and (taken or state.discards), "Family rules have no OK tokens and no discards: the "
              "tokens stay in the supply.")
    refuse_if(taken > twos, f"{taken} OK token(s) have left the supply, but only {twos} 2(s) have been won: a token "
              "comes from winning a 2.")
    for s, held in enumerate(state.tokens):
        mine = sum(1 for c in state.areas[s] if NUMBER[c] == 2) + sum(1 for c in state.discards if NUMBER[c] == 2)
        refuse_if(held > mine, f"{names[s]} holds {held} OK token(s) but has won {mine} 2(s) at most.")
    high = sum(1 for c in won if NUMBER[c] >= 10)
    refuse_if(len(state.discards) > high, f"{len(state.discards)} card(s) are discarded, but only {high} 10(s) or "
              "11(s) have been won: a discard follows winning one.")
    refill = state.deck and phase not in (Phase.OVER, Phase.ADD)
    left = (state.requester, state.recipient) if phase in (Phase.TAKE, Phase.ASSIGN, Phase.DISCARD) else ()
    for s, hand in enumerate(state.hands):
        refuse_if(refill and EMPTY in hand and s not in left, f"{names[s]}'s hand has an empty slot, but the refill "
                  "has filled it (the deck is not empty).")


def describe_position(state: BlindBusinessState) -> dict[str, Any]:
    """The description ``build_position`` takes back (every field written)."""
    names, phase, due = state.names, state.phase, state.decisions.current()
    won: Callable[[int], str | None] = lambda c: None if c == EMPTY else CARD_ID[c]
    out: dict[str, Any] = {
        "turns_played": state.turn_no, "start": names[state.start], "requester": names[state.requester],
        "decision": phase.value, "hands": [[won(c) for c in hand] for hand in state.hands],
        "areas": [CARDS.out(a) for a in state.areas],
        "trainers": {CARD_ID[t]: DISTRICT_NAMES[d] for t, d in zip(TRAINERS, state.tdist) if d >= 0},
        "tokens": list(state.tokens), "supply": state.supply, "discards": CARDS.out(state.discards),
        "deck": CARDS.out(state.deck), "removed": CARDS.out(state.removed),
        "last_won": [[names[s], CARD_ID[c]] for s, c in state.last_won],
        "snapshot": None if state.snapshot is None else list(state.snapshot),
        "added": None if state.added is None else [names[state.added[0]], CARD_ID[state.added[1]]]}
    if state.recipient is not None and state.slot is not None:
        out["request"] = {
            "recipient": names[state.recipient], "slot": state.slot + 1, "ok": state.ok,
            "answer": None if state.answer is None else ("yes" if state.answer else "no"),
            "counter_slot": None if state.cslot is None else state.cslot + 1, "counter_ok": state.cok}
    if state.won_r != EMPTY or state.won_p != EMPTY:
        out["won"] = [won(state.won_r), won(state.won_p)]
    if phase == Phase.SETUP:
        out["to_move"] = [names[s] for s in state.to_move()]
    elif due is not None:
        out["to_move"] = names[due.seat]
    if isinstance(due, PlacingTrainer):
        out["trainer"], out["later"] = CARD_ID[due.trainer], due.opened >= 0
    if state.rows:
        out["rows"] = [{"seat": names[s], "district": DISTRICT_NAMES[d], "low": low, "high": high}
                       for s, d, low, high in state.rows]
    return out
