"""Blind Business positions: a state built from a plain description, and
the description of a state (``GameSpec.build_position`` /
``describe_position``; the file format around it is core/position.py's).

The description is JSON in the game's own words: cards by id ("PG7", "BWV",
"TR1"), seats by player name (or seat number, from 1 as at seat setup),
districts by name. A complete
example, three players: Ann asked Bob for his slot 1, he said no and won
it (a Trainer), and Ann took his slot 3, the playground 11 (tied for the
most cards, she has discarded the playground 5 for it); now Bob places his
Trainer (tests/games/blind_business/positions/example.json holds it as a
position file)::

    {"turns_played": 3, "start": "Ann", "requester": "Ann",
     "decision": "assign", "to_move": "Bob", "trainer": "TR2", "later": false,
     "hands": [["TR1", "BW2", "DT3", "PG3"], [null, "BW3", null, "BW1"],
               ["CS11", "PG9", "BW8", "PG2"]],
     "areas": [["CS7", "PG11"], ["DTV", "BW6", "TR2"], ["DT1", "DT7"]],
     "trainers": {}, "tokens": [0, 0, 0], "supply": 4, "discards": ["PG5"],
     "deck": ["DT4", "CS9", "CS2", "BWV", "CS8", "BW7", "CS10", "DT5", "PG7", "CS5",
              "PG10", "BW5", "BW4", "DT2", "CS4", "DT10", "BW9", "PG4", "PGV", "DT9",
              "PG6", "BW11", "DT6", "PG8"],
     "removed": ["DT11", "CSV", "BW10", "CS1", "DT8", "PG1", "CS3", "CS6"],
     "request": {"recipient": "Bob", "slot": 1, "ok": false, "answer": "no",
                 "counter_slot": null, "counter_ok": false},
     "won": ["PG11", "TR2"], "last_won": [["Ann", "PG11"], ["Bob", "TR2"]],
     "snapshot": [3, 3, 2], "added": null}

The fields (only ``hands`` is always required):

- ``turns_played``: turns finished before this one (default 0). After the
  last turn (``add``, or ``over`` by the empty deck) it counts that one too.
- ``requester``: whose turn it is (default: the seat to move in ``ask``).
  ``start``: the start player (the requester, counted back by the turns
  played, as the turn passes to the left; if given it must agree).
- ``decision``: what is decided now: ``first look``, ``ask`` (the default),
  ``answer``, ``take``, ``counter``, ``reply``, ``assign``, ``discard``,
  ``swap``, ``peek``, ``add`` or ``over``. ``to_move``: who decides, needed
  for ``assign``, ``discard``, ``swap``, ``peek`` and ``add`` (the others
  follow from the request); for ``first look`` the seats still to look
  (default: everyone).
- ``hands``: each seat's four slots, in seat order; null is an empty slot
  (only where a card has left this turn before the refill, or the deck is
  empty). ``areas``: each seat's play area (default: empty).
  ``trainers``: the district of each assigned Trainer, {"TR1": "boardwalk"}.
- ``tokens``: OK tokens per seat (default none); ``supply``: tokens left to
  take (default 4 less those held; spent tokens leave the game).
- ``discards``, ``deck`` (in draw order), ``removed`` (put away unseen):
  by default ``deck`` is every card found nowhere else, and ``removed`` as
  many of them as the rules put away (2 players: 18, 3: 8, 4: 2, 5: 0),
  both chosen by the seed; with ``deck`` given, ``removed`` defaults to the
  cards found nowhere else.
- ``request``: this turn's ask, from ``answer`` on: ``recipient``,
  ``slot`` (1-4), ``ok``, ``answer`` ("yes"/"no"), ``counter_slot``,
  ``counter_ok``. ``won``: the cards won this turn, [requester's,
  recipient's] (null for one not won yet). ``last_won``: the last
  exchange's [seat, card] pairs shown on the table (default: ``won``).
  ``snapshot``: the play-area sizes taken when a 10 or 11 was won (needed
  while its discard check is to come).
- ``trainer`` (``assign``): the Trainer to place; ``later``: true when it
  waited unassigned and may join the district the won card opened.
- ``added``: [seat, card] of the playground majority's add;
  ``rows``: for ``over`` by five in a row, [{"seat", "district", "low", "high"}].

The builder checks what the rules fix at this moment (four slots a hand,
each card once, tokens and supply within the four, a decision the request
and the cards can lead to) and what the turns played imply: two cards won
a turn into the play areas (``turns_played`` must count them), OK tokens
only from 2s won, discards only after a 10 or 11 won, neither in family
rules. It does not check that a deal could have reached the position (a
lesson or a test may put cards away to shorten the deck). The luck to come is the seed's: the rng starts from ``seed``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.core.decisions import Decision
from tablegames.core.position import (
    PositionError, card_list, field, per_seat, said, seat_of, unknown_keys, whole_numbers,
)
from tablegames.games.blind_business.cards import (
    CARD_BY_ID,
    CARD_ID,
    DECK_SIZE,
    DISTRICT,
    DISTRICT_NAMES,
    DISTRICTS,
    FIRST_TRAINER,
    HAND_SIZE,
    NUMBER,
    OK_TOKENS,
    PLAYGROUND,
    REMOVED,
    ROUNDS,
    TRAINERS,
)
from tablegames.games.blind_business.rules import BlindBusinessState, district_counts
from tablegames.games.blind_business.vocab import (
    EMPTY,
    Adding,
    Answering,
    CounterRequesting,
    Discarding,
    Peeking,
    Phase,
    PlacingTrainer,
    Replying,
    Requesting,
    Swapping,
    Taking,
)

FIELDS = ("turns_played", "start", "requester", "decision", "to_move", "hands", "areas", "trainers",
          "tokens", "supply", "discards", "deck", "removed", "request", "won", "last_won", "snapshot",
          "trainer", "later", "added", "rows")
REQUEST_FIELDS = ("recipient", "slot", "ok", "answer", "counter_slot", "counter_ok")
ROW_FIELDS = ("seat", "district", "low", "high")
_DISTRICT_OF = {name: d for d, name in enumerate(DISTRICT_NAMES)}
# Decisions taken after both cards of the exchange are won.
_AFTER_WIN = (Phase.ASSIGN, Phase.DISCARD, Phase.SWAP, Phase.PEEK)


_CARDS_ARE = "cards are ids such as 'PG7', 'BWV', 'TR1'"


def _cards(value: Any, where: str) -> list[int]:
    return card_list(value, where, lambda v: CARD_BY_ID.get(v) if isinstance(v, str) else None, _CARDS_ARE)


def _card(value: Any, where: str) -> int:
    return _cards([value], where)[0]


def _slot(value: Any, what: str) -> int:
    if type(value) is not int or not 1 <= value <= HAND_SIZE:
        raise PositionError(f"{what} must be a slot 1-{HAND_SIZE}, not {said(value)}.")
    return value - 1


def _flag(request: Mapping[str, Any], key: str) -> bool:
    value = request.get(key, False)
    if type(value) is not bool:
        raise PositionError(f"request {said(key)} must be true or false, not {said(value)}.")
    return value


def build_position(names: Sequence[str], options: dict[str, int], description: Mapping[str, Any],
                   seed: int) -> BlindBusinessState:
    """The state ``description`` describes (see the module's docstring);
    PositionError, one line, for anything the rules cannot have."""
    unknown_keys(description, FIELDS)
    n = len(names)
    state = _Draft(names, bool(options.get("family", 0)))
    phase = _phase(description)

    # Cards.
    field(description, "hands", list, "each player's four slots")
    raw_hands = per_seat(description, "hands", names)
    hands: list[list[int]] = []
    for s, raw in enumerate(raw_hands):
        if not isinstance(raw, list) or len(raw) != HAND_SIZE:
            raise PositionError(f"{names[s]}'s hand must be {HAND_SIZE} slots (a card id, or null for an "
                                f"empty slot), not {said(raw)}.")
        hands.append([EMPTY if v is None else _card(v, f"{names[s]}'s hand") for v in raw])
    areas = ([_cards(a, f"{names[s]}'s play area") for s, a in enumerate(per_seat(description, "areas", names))]
             if "areas" in description else [[] for _ in range(n)])
    discards = _cards(description["discards"], "'discards'") if "discards" in description else []
    placed = {c for h in hands for c in h if c != EMPTY} | {c for a in areas for c in a} | set(discards)
    removed = _cards(description["removed"], "'removed'") if "removed" in description else None
    if "deck" in description:
        deck = _cards(description["deck"], "'deck'")
        if removed is None:
            taken = placed | set(deck)
            removed = [c for c in range(DECK_SIZE) if c not in taken]
    else:
        rest = [c for c in range(DECK_SIZE) if c not in placed and (removed is None or c not in removed)]
        random.Random(seed).shuffle(rest)
        if removed is None:
            cut = min(REMOVED[n], len(rest))
            removed, rest = rest[:cut], rest[cut:]
        deck = rest
    state.hands, state.areas, state.discards, state.deck, state.removed = hands, areas, discards, deck, removed

    # Trainers, tokens, counts.
    trainers = description.get("trainers", {})
    if not isinstance(trainers, dict):
        raise PositionError("'trainers' must map a Trainer to its district, e.g. {\"TR1\": \"boardwalk\"}.")
    state.tdist = [-1, -1]
    for tid, district in trainers.items():
        t = _card(tid, "'trainers'")
        if t not in TRAINERS:
            raise PositionError(f"'trainers': {tid} is not a Trainer.")
        if not isinstance(district, str) or district not in _DISTRICT_OF:
            raise PositionError(f"'trainers': {said(district)} is not a district ({', '.join(DISTRICT_NAMES)}).")
        if not any(t in a for a in areas):
            raise PositionError(f"'trainers': {tid} is assigned but in nobody's play area.")
        state.tdist[t - FIRST_TRAINER] = _DISTRICT_OF[district]
    tokens = whole_numbers(per_seat(description, "tokens", names, 0), "'tokens'", n)
    supply = description.get("supply", OK_TOKENS - sum(tokens))
    if type(supply) is not int or supply < 0 or sum(tokens) + supply > OK_TOKENS:
        raise PositionError(f"OK tokens held ({sum(tokens)}) and in the supply ({said(supply)}) must be whole "
                            f"numbers adding up to at most {OK_TOKENS}.")
    state.tokens, state.supply = list(tokens), supply
    state.count_districts()

    # Whose turn.
    played = description.get("turns_played", 0)
    if type(played) is not int or not 0 <= played <= state.turns_total:
        raise PositionError(f"'turns_played' must be a whole number 0-{state.turns_total}, not {said(played)}.")
    state.turn_no = played
    _turn(state, description, phase)
    _exchange(state, description, phase)
    _decision(state, description, phase)
    _check_empty_slots(state, phase)
    _check_cards_won(state)
    _check_abilities(state)
    return state.state(seed)


class _Draft:
    """The state's fields as the builder reads them from the description,
    checked against each other, then made a state by its one constructor."""

    def __init__(self, names: Sequence[str], family: bool) -> None:
        self.names = tuple(names)
        self.n = n = len(names)
        self.family = family
        self.turns_total = ROUNDS[n] * n
        self.start = self.turn_no = self.requester = 0
        self.hands: list[list[int]] = []
        self.areas: list[list[int]] = []
        self.discards: list[int] = []
        self.deck: list[int] = []
        self.removed: list[int] = []
        self.tdist = [-1, -1]
        self.tokens: list[int] = []
        self.supply = 0
        self.dcount: list[list[int]] = []
        self.nmask: list[list[int]] = []
        self.vers: list[list[bool]] = []
        self.clear_request()
        self.snapshot: list[int] | None = None
        self.last_won: list[tuple[int, int]] = []
        self.added: tuple[int, int] | None = None
        self.rows: list[tuple[int, int, int, int]] = []
        self.over = False
        self.looking: tuple[int, ...] = ()
        self.due: list[Decision] = []

    def clear_request(self) -> None:
        self.recipient: int | None = None
        self.slot: int | None = None
        self.ok = False
        self.answer: bool | None = None
        self.cslot: int | None = None
        self.cok = False
        self.won_r = EMPTY
        self.won_p = EMPTY

    def count_districts(self) -> None:
        counts = [district_counts(area, self.tdist) for area in self.areas]
        self.dcount = [c for c, _, _ in counts]
        self.nmask = [m for _, m, _ in counts]
        self.vers = [v for _, _, v in counts]

    def won_card(self, seat: int) -> int:
        return self.won_r if seat == self.requester else self.won_p

    def state(self, seed: int) -> BlindBusinessState:
        """The state itself; the luck to come starts from ``seed``."""
        return BlindBusinessState(
            self.names, random.Random(seed), family=self.family, start=self.start, turn_no=self.turn_no,
            requester=self.requester, hands=self.hands, deck=self.deck, removed=self.removed, areas=self.areas,
            tdist=self.tdist, tokens=self.tokens, supply=self.supply, discards=self.discards,
            recipient=self.recipient, slot=self.slot, ok=self.ok, answer=self.answer, cslot=self.cslot,
            cok=self.cok, won_r=self.won_r, won_p=self.won_p, snapshot=self.snapshot, last_won=self.last_won,
            rows=self.rows, added=self.added, over=self.over, looking=self.looking, due=self.due)


def _phase(description: Mapping[str, Any]) -> Phase:
    word = description.get("decision", Phase.ASK.value)
    try:
        return Phase(word)
    except ValueError:
        raise PositionError(f"'decision' must be one of: {', '.join(p.value for p in Phase)}; "
                            f"not {said(word)}.") from None


def _turn(state: _Draft, description: Mapping[str, Any], phase: Phase) -> None:
    names, n = state.names, state.n
    if "requester" in description:
        requester = seat_of(names, description["requester"], "'requester'")
    elif phase == Phase.ASK and "to_move" in description:
        requester = seat_of(names, description["to_move"], "'to_move'")
    else:
        raise PositionError("The position needs 'requester' (whose turn it is).")
    state.requester = requester
    if phase == Phase.SETUP:
        if state.turn_no or any(state.areas) or state.discards:
            raise PositionError("The first look comes before any turn: no turns played, no cards won.")
    # The turn passes to the left; the last turn's requester stays when the deck ends the game.
    ended = phase == Phase.ADD or description.get("added") is not None or (
        phase == Phase.OVER and "rows" not in description and state.turn_no)
    back = state.turn_no - (1 if ended else 0)
    state.start = (requester - back) % n
    if "start" in description:
        given = seat_of(names, description["start"], "'start'")
        if given != state.start:
            due = names[(given + back) % n]
            raise PositionError(f"After {state.turn_no} turn(s) from {names[given]} it is {due}'s turn, not "
                                f"{names[requester]}'s: the turn passes to the left.")
    if phase == Phase.SETUP and state.start != requester:
        raise PositionError("At the first look the requester is the start player.")


def _exchange(state: _Draft, description: Mapping[str, Any], phase: Phase) -> None:
    """This turn's request and the cards won."""
    names = state.names
    state.clear_request()
    request = description.get("request")
    in_exchange = phase in (Phase.ANSWER, Phase.TAKE, Phase.COUNTER, Phase.REPLY, *_AFTER_WIN)
    needs_request = in_exchange and not (phase == Phase.ASSIGN and _added_trainer(state, description))
    if request is None:
        if needs_request:
            raise PositionError(f"A '{phase.value}' decision needs the turn's 'request'.")
    else:
        if phase in (Phase.SETUP, Phase.ASK):
            raise PositionError(f"There is no request yet at '{phase.value}'.")
        if not isinstance(request, dict):
            raise PositionError("'request' must be a JSON object with recipient, slot, ok, answer, "
                                "counter_slot and counter_ok.")
        unknown_keys(request, REQUEST_FIELDS)
        recipient = seat_of(names, field(request, "recipient", (int, str), "the asked player"), "'recipient'")
        if recipient == state.requester:
            raise PositionError("The requester cannot ask themselves: 'recipient' must be another player.")
        state.recipient = recipient
        state.slot = _slot(field(request, "slot", int, "the asked slot, 1-4"), "request 'slot'")
        state.ok = _flag(request, "ok")
        answer = request.get("answer")
        if answer not in (None, "yes", "no"):
            raise PositionError(f"request 'answer' must be \"yes\", \"no\" or null, not {said(answer)}.")
        state.answer = None if answer is None else answer == "yes"
        if state.ok and state.answer is not True and phase != Phase.ANSWER:
            raise PositionError("An ask with an OK token is answered yes at once: 'answer' must be \"yes\".")
        counter = request.get("counter_slot")
        state.cslot = None if counter is None else _slot(counter, "request 'counter_slot'")
        state.cok = _flag(request, "counter_ok")
    won = description.get("won")
    if won is not None:
        if not isinstance(won, list) or len(won) != 2:
            raise PositionError("'won' must be [the requester's card, the recipient's card] (null: not won).")
        state.won_r = EMPTY if won[0] is None else _card(won[0], "'won'")
        state.won_p = EMPTY if won[1] is None else _card(won[1], "'won'")
        for seat, c in ((state.requester, state.won_r), (state.recipient, state.won_p)):
            if c != EMPTY and seat is not None and c not in state.areas[seat] and c not in state.discards:
                raise PositionError(f"'won': {CARD_ID[c]} is in neither {names[seat]}'s play area nor the "
                                    f"discards.")
    if phase in _AFTER_WIN and needs_request and (state.won_r == EMPTY or state.won_p == EMPTY):
        raise PositionError(f"A '{phase.value}' decision comes after both cards are won: 'won' needs both.")
    if phase == Phase.TAKE and state.won_p == EMPTY:
        raise PositionError("A 'take' comes after a no: 'won' needs the recipient's card.")
    last = description.get("last_won")
    if last is None:
        p = state.recipient
        both = state.won_r != EMPTY and state.won_p != EMPTY and p is not None
        state.last_won = [(state.requester, state.won_r), (p, state.won_p)] if both and p is not None else []
    else:
        if not isinstance(last, list) or not all(isinstance(x, list) and len(x) == 2 for x in last):
            raise PositionError("'last_won' must be a list of [player, card] pairs.")
        state.last_won = [(seat_of(names, s, "'last_won'"), _card(c, "'last_won'")) for s, c in last]
        for seat, c in state.last_won:
            if c not in state.areas[seat] and c not in state.discards:
                raise PositionError(f"'last_won': {CARD_ID[c]} is in neither {names[seat]}'s play area nor the "
                                    "discards.")
    snapshot = description.get("snapshot")
    if snapshot is not None and (not isinstance(snapshot, list) or len(snapshot) != state.n
                                 or not all(type(x) is int and x >= 0 for x in snapshot)):
        raise PositionError("'snapshot' must list each player's play-area size (whole numbers).")
    state.snapshot = None if snapshot is None else list(snapshot)
    added = description.get("added")
    if added is None:
        state.added = None
    else:
        if not isinstance(added, list) or len(added) != 2:
            raise PositionError("'added' must be [player, card].")
        state.added = (seat_of(names, added[0], "'added'"), _card(added[1], "'added'"))
        if state.added[1] not in state.areas[state.added[0]]:
            raise PositionError(f"'added': {CARD_ID[state.added[1]]} is not in {names[state.added[0]]}'s play area.")


def _added_trainer(state: _Draft, description: Mapping[str, Any]) -> bool:
    added = description.get("added")
    return isinstance(added, list) and len(added) == 2 and added[1] == description.get("trainer")


def _decision(state: _Draft, description: Mapping[str, Any], phase: Phase) -> None:
    """The pending decision, checked against what the rules let arise."""
    names = state.names
    r, p = state.requester, state.recipient
    state.over = False
    state.rows = []
    if phase != Phase.OVER and "rows" in description:
        raise PositionError("'rows' are only for a game over by five in a row ('decision': 'over').")
    given = description.get("to_move")
    if phase == Phase.SETUP:
        if given is None:
            state.looking = tuple(range(state.n))
            return
        if not isinstance(given, list) or not given:
            raise PositionError("'to_move' for the first look is the list of players still to look.")
        state.looking = tuple(sorted({seat_of(names, s, "'to_move'") for s in given}))
        return
    if phase == Phase.OVER:
        _over(state, description)
        return
    simple = {Phase.ASK: (Requesting, r), Phase.ANSWER: (Answering, p), Phase.TAKE: (Taking, r),
              Phase.COUNTER: (CounterRequesting, p), Phase.REPLY: (Replying, r)}
    if phase in simple:
        kind, seat = simple[phase]
        assert seat is not None
        if given is not None and seat_of(names, given, "'to_move'") != seat:
            raise PositionError(f"At '{phase.value}' {names[seat]} decides, not {said(given)}.")
        _check_request(state, phase)
        state.due.append(kind(seat))
        return
    if given is None:
        raise PositionError(f"A '{phase.value}' decision needs 'to_move' (who decides).")
    seat = seat_of(names, given, "'to_move'")
    if phase == Phase.ADD:
        counts = [state.dcount[s][PLAYGROUND] for s in range(state.n)]
        if state.family or state.deck or counts[seat] <= max(c for s, c in enumerate(counts) if s != seat):
            raise PositionError(f"'add' comes only with the deck empty, in full rules, to the player with "
                                f"strictly the most playground cards; not {names[seat]}.")
        state.due.append(Adding(seat))
        return
    if phase == Phase.ASSIGN and state.added is not None and state.added[0] == seat \
            and _added_trainer(state, description):
        t = state.added[1]
        options = tuple(d for d in DISTRICTS if state.dcount[seat][d])
        if t not in TRAINERS or state.tdist[t - FIRST_TRAINER] >= 0 or not options or state.deck:
            raise PositionError("An added Trainer is placed at the end, unassigned, with a district to go to.")
        state.due.append(PlacingTrainer(seat, trainer=t, districts=options, added=True))
        return
    if seat not in (r, p):
        raise PositionError(f"A '{phase.value}' decision belongs to the requester or the recipient, not "
                            f"{names[seat]}.")
    c = state.won_card(seat)
    if phase == Phase.ASSIGN:
        t = _card(field(description, "trainer", str, "the Trainer to place"), "'trainer'")
        if t not in TRAINERS or t not in state.areas[seat] or state.tdist[t - FIRST_TRAINER] >= 0:
            raise PositionError(f"'trainer' must be an unassigned Trainer in {names[seat]}'s play area.")
        later = description.get("later", False)
        if later is True:
            d = DISTRICT[c]
            if d < 0 or state.dcount[seat][d] != 1 + sum(1 for x in TRAINERS if state.tdist[x - FIRST_TRAINER] == d
                                                            and x in state.areas[seat]):
                raise PositionError(f"A waiting Trainer joins only the first card of a new district; "
                                    f"{CARD_ID[c]} is not one.")
            state.due.append(PlacingTrainer(seat, trainer=t, districts=(d,), opened=d))
            return
        options = tuple(d for d in DISTRICTS if state.dcount[seat][d])
        if t != c or not options:
            raise PositionError(f"{names[seat]} places a Trainer they have just won, with a district to go "
                                f"to (or set 'later').")
        state.due.append(PlacingTrainer(seat, trainer=t, districts=options))
        return
    if state.family:
        raise PositionError(f"Family rules have no '{phase.value}' decision.")
    if phase == Phase.DISCARD:
        snap = state.snapshot
        if NUMBER[c] < 10 or snap is None:
            raise PositionError("A discard follows a 10 or 11 just won, with the 'snapshot' of play-area sizes.")
        mine = snap[seat]
        most = max(x for s, x in enumerate(snap) if s != seat)
        if not (mine > most or (NUMBER[c] == 11 and mine == most)):
            raise PositionError(f"{names[seat]}'s {NUMBER[c]} with {mine} cards against {most} makes no discard.")
        state.due.append(Discarding(seat, card=c, count=mine))
        return
    if NUMBER[c] != (3 if phase == Phase.SWAP else 4):
        raise PositionError(f"A '{phase.value}' follows a {3 if phase == Phase.SWAP else 4} just won, not "
                            f"{CARD_ID[c]}.")
    if phase == Phase.SWAP:
        state.due.append(Swapping(seat, card=c))
    else:
        state.due.append(Peeking(seat, card=c))


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


def _over(state: _Draft, description: Mapping[str, Any]) -> None:
    state.over = True
    rows = description.get("rows", [])
    if not isinstance(rows, list):
        raise PositionError("'rows' must be a list of {seat, district, low, high}.")
    for row in rows:
        if not isinstance(row, dict):
            raise PositionError("Each of 'rows' is {\"seat\", \"district\", \"low\", \"high\"}.")
        unknown_keys(row, ROW_FIELDS)
        seat = seat_of(state.names, field(row, "seat", (int, str)), "row 'seat'")
        district = field(row, "district", str)
        if district not in _DISTRICT_OF:
            raise PositionError(f"row 'district' must be one of {', '.join(DISTRICT_NAMES)}.")
        low, high = field(row, "low", int), field(row, "high", int)
        d = _DISTRICT_OF[district]
        row_mask = ((1 << 5) - 1) << (low - 1) if 1 <= low <= 7 and high == low + 4 else 0
        missing = bin(row_mask & ~state.nmask[seat][d]).count("1")
        if not row_mask or missing > (1 if state.vers[seat][d] else 0):
            raise PositionError(f"{state.names[seat]} has no five in a row {low}-{high} in the {district}.")
        state.rows.append((seat, d, low, high))
    if not state.rows and state.deck:
        raise PositionError("A game is over by five in a row ('rows') or with the deck empty.")


def _check_cards_won(state: _Draft) -> None:
    """Every turn wins two cards, into the play areas (a 10 or 11 may
    discard one from there): the areas and discards hold those of the turns
    played and this turn's won so far (and the playground card added),
    give or take the last turn's two (counted as played once the deck ends
    the game)."""
    won = (state.won_r != EMPTY) + (state.won_p != EMPTY)
    out = sum(len(a) for a in state.areas) + len(state.discards) - (state.added is not None)
    most = 2 * state.turn_no + won
    if out > most:
        raise PositionError(f"The play areas and discards hold {out} won card(s), more than the {most} that "
                            f"{state.turn_no} turn(s) played and {won} card(s) won this turn give: every turn "
                            "wins two cards.")
    if out < most - 2:
        raise PositionError(f"The play areas and discards hold {out} won card(s), but {state.turn_no} turn(s) "
                            f"played have won at least {most - 2}: every turn wins two cards.")


def _check_abilities(state: _Draft) -> None:
    """OK tokens come from the 2s won, discards from the 10s and 11s won;
    family rules have neither."""
    won = [c for a in state.areas for c in a] + state.discards
    if state.added is not None:
        won.remove(state.added[1])  # (an added card has no ability)
    taken = OK_TOKENS - state.supply - sum(state.tokens)  # spent
    taken += sum(state.tokens)
    twos = sum(1 for c in won if NUMBER[c] == 2)
    if state.family and (taken or state.discards):
        raise PositionError("Family rules have no OK tokens and no discards: the tokens stay in the supply.")
    if taken > twos:
        raise PositionError(f"{taken} OK token(s) have left the supply, but only {twos} 2(s) have been won: "
                            "a token comes from winning a 2.")
    for s, held in enumerate(state.tokens):
        mine = sum(1 for c in state.areas[s] if NUMBER[c] == 2) + sum(1 for c in state.discards if NUMBER[c] == 2)
        if held > mine:
            raise PositionError(f"{state.names[s]} holds {held} OK token(s) but has won {mine} 2(s) at most.")
    high = sum(1 for c in won if NUMBER[c] >= 10)
    if len(state.discards) > high:
        raise PositionError(f"{len(state.discards)} card(s) are discarded, but only {high} 10(s) or 11(s) have "
                            "been won: a discard follows winning one.")


def _check_empty_slots(state: _Draft, phase: Phase) -> None:
    """Empty slots only where a card has left this turn before the refill,
    at the end, or with the deck empty."""
    if not state.deck or phase in (Phase.OVER, Phase.ADD):
        return
    allowed: set[int] = set()
    if phase in (Phase.TAKE, Phase.ASSIGN, Phase.DISCARD):
        allowed = {s for s in (state.requester, state.recipient) if s is not None}
    for s, hand in enumerate(state.hands):
        if EMPTY in hand and s not in allowed:
            raise PositionError(f"{state.names[s]}'s hand has an empty slot, but the refill has filled it "
                                f"(the deck is not empty).")


def describe_position(state: BlindBusinessState) -> dict[str, Any]:
    """The description ``build_position`` takes back (every field written)."""
    names = state.names

    def ids(cards: Sequence[int]) -> list[str]:
        return [CARD_ID[c] for c in cards]

    phase = state.phase
    out: dict[str, Any] = {
        "turns_played": state.turn_no,
        "start": names[state.start],
        "requester": names[state.requester],
        "decision": phase.value,
        "hands": [[None if c == EMPTY else CARD_ID[c] for c in hand] for hand in state.hands],
        "areas": [ids(a) for a in state.areas],
        "trainers": {CARD_ID[t]: DISTRICT_NAMES[state.tdist[t - FIRST_TRAINER]] for t in TRAINERS if state.tdist[t - FIRST_TRAINER] >= 0},
        "tokens": list(state.tokens),
        "supply": state.supply,
        "discards": ids(state.discards),
        "deck": ids(state.deck),
        "removed": ids(state.removed),
        "last_won": [[names[s], CARD_ID[c]] for s, c in state.last_won],
        "snapshot": None if state.snapshot is None else list(state.snapshot),
        "added": None if state.added is None else [names[state.added[0]], CARD_ID[state.added[1]]],
    }
    if state.recipient is not None and state.slot is not None:
        out["request"] = {
            "recipient": names[state.recipient], "slot": state.slot + 1, "ok": state.ok,
            "answer": None if state.answer is None else ("yes" if state.answer else "no"),
            "counter_slot": None if state.cslot is None else state.cslot + 1, "counter_ok": state.cok,
        }
    if state.won_r != EMPTY or state.won_p != EMPTY:
        out["won"] = [None if c == EMPTY else CARD_ID[c] for c in (state.won_r, state.won_p)]
    due = state.decisions.current()
    if phase == Phase.SETUP:
        out["to_move"] = [names[s] for s in state.to_move()]
    elif due is not None:
        out["to_move"] = names[due.seat]
    if isinstance(due, PlacingTrainer):
        out["trainer"] = CARD_ID[due.trainer]
        out["later"] = due.opened >= 0
    if state.rows:
        out["rows"] = [{"seat": names[s], "district": DISTRICT_NAMES[d], "low": low, "high": high}
                       for s, d, low, high in state.rows]
    return out
