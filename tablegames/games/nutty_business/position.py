"""Nutty Business positions: the fields docs/positions.md describes, checked
against each other, the turns begun and the nuts (core/position.py: the shared checks)."""

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.core.decisions import Decision
from tablegames.core.position import PositionError, Reader, refuse_if, said, turns_had, whole_numbers
from tablegames.core.secret import SecretChoices
from tablegames.games.nutty_business.rules import (NuttyState, choose_order, choose_raid, customs_splits, drawn_start,
                                                   split_customs)
from tablegames.games.nutty_business.vocab import (C5, CODES, DECISION_KIND, IS_CONTRABAND, KINDS, LEDGER, L_CONTRABAND,
                                                   L_CUSTOMS_IN, L_CUSTOMS_OUT, L_RAID, L_ROBBED, L_ROBBERY_IN,
                                                   MAX_PILES, RAID, ROBBERY, SUPPLY, VALUE, PlayCard, SplitCustoms,
                                                   owner_of)

FIELDS = ("decision", "to_move", "start", "piles", "first_cards", "hands", "nuts", "supply",
          "ledger", "turn_no", "played", "pending", "gained")
FIRST_CARD = "first card"
_MID_TURN = ("order", "customs", "raid")  # decisions inside a turn, after its card was played
_CARDS = " ".join(CODES)


def build_position(names: Sequence[str], options: Mapping[str, int],
                   description: Mapping[str, Any], seed: int) -> NuttyState:
    r = Reader(description, names, FIELDS)
    n = len(names)
    decision = r.word("decision", (FIRST_CARD, "play", *_MID_TURN, None))
    setup = decision == FIRST_CARD
    for key, needs in (("first_cards", setup), ("played", decision in _MID_TURN),
                       ("pending", decision in ("customs", "raid")), ("gained", decision == "customs")):
        refuse_if(not needs and r.given(key), f"{said(key)} has no place in a position with decision "
                  f"{said(decision)}.")
    start = r.seat_or("start", drawn_start(seed, n)[1])  # (the seed draws the first player, as in a new game)
    first: list[int | None] = [None] * n
    piles: list[list[list[int]]] = [[] for _ in range(n)]
    choices: SecretChoices[int] | None = None
    if setup:
        refuse_if(r.given("piles") and any(r.per_seat("piles")), "The piles are empty while the first cards are laid "
                  "face down.")
        first = [None if c is None else _card(c, s, names, f"{names[s]}'s first card")
                 for s, c in enumerate(r.per_seat("first_cards", None))]
        refuse_if(all(c is not None for c in first), "Every first card is laid, so they are revealed: describe the "
                                                     "first turn (decision 'play') instead.")
        choices = SecretChoices(range(n))
        for s, k in ((s, k) for s, k in enumerate(first) if k is not None):
            choices.choose(s, k)
    else:
        piles = [_piles(row, s, names) for s, row in enumerate(r.per_seat("piles"))]
    hands = _hands(r, piles, first)
    nuts = r.numbers_per_seat("nuts")
    refuse_if(setup and any(nuts), "Nobody has nuts before the first turn.")
    supply = SUPPLY - sum(nuts)
    refuse_if(supply < 0, f"The players hold {sum(nuts)} nuts; the game has {SUPPLY}.")
    refuse_if(r.given("supply") and r.field("supply", int, "the nuts left") != supply, f"'supply' is "
              f"{said(r.get('supply'))}, but with the players' {sum(nuts)} nuts it is {supply} (the game has "
              f"{SUPPLY} nuts).")
    ledger = _ledger(r, nuts)
    turn = _turn(r, decision, first, hands)
    played: int | None = None
    pending: list[int] = []
    if decision in _MID_TURN:
        assert turn is not None
        played, pending = _mid_turn(r, decision, turn, piles[turn])
    played_cards = sum(len(p) for seat_piles in piles for p in seat_piles) - (0 if setup else n)
    turn_no = r.field("turn_no", int) if r.given("turn_no") else played_cards + (decision == "play")
    refuse_if(turn_no < (0 if setup else 1) or (setup and turn_no), f"'turn_no' cannot be {turn_no} with decision "
              f"{said(decision)}.")
    if not setup:
        start = _check_turns(names, hands, piles, start, turn, turn_no, decision, given_start="start" in description)
    _check_ledger(names, ledger, start, turn_no)

    def made(due: Sequence[Decision]) -> NuttyState:
        return NuttyState(names, drawn_start(seed, n)[0], start=start, hands=hands, piles=piles, nuts=nuts,
                          supply=supply, ledger=ledger, setup=choices, turn_no=turn_no,
                          played_pile=played, pending=pending, due=due)

    if decision == "play":
        assert turn is not None
        return made([PlayCard(turn)])
    if decision in _MID_TURN:
        assert turn is not None
        # The rules' questions (the officers, whom a Raid reaches) asked of the table before the decision.
        return made([_turn_decision(made(()), r, decision, turn)])
    return made(())


def _hands(r: Reader, piles: list[list[list[int]]], first: list[int | None]) -> list[list[int]]:
    """Each player's hand: given, or their cards on no pile nor face down."""
    names = r.names
    given_hands = r.per_seat("hands") if r.given("hands") else None
    hands = []
    for s in range(len(names)):
        placed = [k for pile in piles[s] for k in pile] + [k for k in (first[s],) if k is not None]
        _no_twice(placed, s, names, "on their piles or face down")
        rest = [k for k in KINDS if k not in placed]
        if given_hands is None:
            hands.append(rest)
            continue
        row = given_hands[s]
        refuse_if(not isinstance(row, list), f"{names[s]}'s hand must be a list of cards, not {said(row)}.")
        hand = [_card(c, s, names, f"{names[s]}'s hand") for c in row]
        _no_twice(placed + hand, s, names, "in their hand, on their piles or face down")
        lost = [CODES[k] for k in rest if k not in hand]
        refuse_if(len(hand) != len(rest), f"{names[s]}'s hand has {len(hand)} card{'s' * (len(hand) != 1)}, but "
                  f"{len(rest)} of their cards are on no pile: {', '.join(lost)} {'is' if len(lost) == 1 else 'are'} "
                  "missing.")
        hands.append(sorted(hand))
    return hands


def _check_turns(names: Sequence[str], hands: list[list[int]], piles: list[list[list[int]]], start: int,
                 turn: int | None, turn_no: int, decision: str | None, given_start: bool) -> int:
    """The start player, who with the turns begun gives whose turn it is; each card on a player's piles beyond
    the first was played in a turn of theirs (a Hideout may have taken some back since)."""
    n = len(names)
    if decision is None:
        # The turn passed to a player without cards: the one after the last turn's.
        ends = [s for s in range(n) if not hands[(s + turn_no) % n]]
        if not given_start and start not in ends:
            start = ends[0]  # (the game ends at least at one of them: checked before)
        refuse_if(start not in ends, f"After {turn_no} turn(s) from {names[start]} the turn passes to "
                  f"{names[(start + turn_no) % n]}, who holds cards: the game is not over.")
    else:
        assert turn is not None
        due = (start + turn_no - 1) % n
        if not given_start:
            start = (turn - turn_no + 1) % n
        refuse_if(given_start and turn != due, f"Turn {turn_no} from {names[start]} is {names[due]}'s, not "
                  f"{names[turn]}'s: the turn passes to the left.")
    for s in range(n):
        played = turns_had(start, turn_no, n)[s] - (decision == "play" and s == turn)  # (no card yet this turn)
        on_piles = sum(len(p) for p in piles[s]) - 1  # the first card was laid, not played
        refuse_if(played < on_piles, f"{names[s]} has {on_piles} card(s) on the piles beyond the first card but has "
                                     f"played {played} in {turn_no} turn(s) from {names[start]}: a turn plays one "
                                     "card.")
    return start


def _check_ledger(names: Sequence[str], ledger: list[list[int]], start: int, turn_no: int) -> None:
    """Nuts paid to a player were paid by another; from the supply at most 8 a turn of one's own (Contraband 5
    and 3 on top), from Robberies 2 from each rival, from Customs 2 from each other player's turn."""
    n = len(names)
    for into, out, what in ((L_CUSTOMS_IN, L_CUSTOMS_OUT, "Customs"), (L_ROBBERY_IN, L_ROBBED, "Robberies")):
        got, gave = sum(row[into] for row in ledger), sum(row[out] for row in ledger)
        refuse_if(got != gave, f"The ledgers show {got} nut(s) received from {what} but {gave} paid: every nut one "
                               "player gets there, another gives.")
    for s, row in enumerate(ledger):
        own = turns_had(start, turn_no, n)[s]
        for amount, most, what in ((row[L_CONTRABAND] + row[L_RAID], 8 * own, "from the supply"),
                                   (row[L_ROBBERY_IN], 2 * (n - 1) * own, "from Robberies"),
                                   (row[L_CUSTOMS_IN], 2 * (turn_no - own), "from Customs")):
            refuse_if(amount > most, f"{names[s]} got {amount} nuts {what} in {own} turn(s) of their own out of "
                                     f"{turn_no}; the cards give at most {most}.")


def _turn(r: Reader, decision: str | None, first: list[int | None], hands: list[list[int]]) -> int | None:
    """Whose turn it is (None at the first cards and once the game is over), checked against who is to move."""
    names, to_move = r.names, r.get("to_move")
    if decision == FIRST_CARD:
        waiting = [s for s in range(r.n) if first[s] is None]
        refuse_if(to_move is not None and sorted(r.seats("to_move")) != waiting, "'to_move' must list the players "
                  f"without a first card: {', '.join(names[s] for s in waiting)}.")
        return None
    if decision is None:
        refuse_if(to_move is not None, "Nobody is to move in a finished game: leave 'to_move' out.")
        refuse_if(all(hands), "The game ends only when the turn reaches a player without cards: somebody's hand must "
                              "be empty.")
        return None
    seat = r.seat("to_move", f"whose turn it is, for decision {said(decision)}")
    refuse_if(not hands[seat] and decision == "play", f"{names[seat]} has no cards left: the game would be over.")
    return seat


def _mid_turn(r: Reader, decision: str, seat: int, piles: list[list[int]]) -> tuple[int, list[int]]:
    """The pile played this turn and the piles still to act after the decision."""
    name = r.names[seat]
    played = r.number("played", 1, len(piles), 1 if len(piles) == 1 else None) - 1  # (one of the player's piles)
    if decision == "order":
        return played, []
    tops = [p[-1] for p in piles]
    acts = [IS_CONTRABAND[k] or k in (RAID, ROBBERY) for k in tops]
    # The card deciding now lies on top of ``now``; ``pending`` follows it.
    refuse_if(decision == "raid" and RAID not in tops, f"{name} has no Police Raid on top of a pile.")
    now = tops.index(RAID) if decision == "raid" else played
    pending = [p - 1 for p in whole_numbers(r.get("pending") or [], "'pending'")]
    refuse_if(pending and (pending != [1 - now] or len(piles) < 2 or not acts[1 - now]), "'pending' may list "
              f"only {name}'s other pile, and only if its top card acts.")
    return played, pending


def _turn_decision(table: NuttyState, r: Reader, decision: str, seat: int) -> Decision:
    """The decision the turn stops at, if the rules can stop there: asked of ``table``, the position before it."""
    piles, name = table.piles[seat], table.names[seat]
    tops = [p[-1] for p in piles]
    if decision == "order":
        refuse_if(len(piles) < 2 or not all(IS_CONTRABAND[k] or k in (RAID, ROBBERY) for k in tops)
                  or not table._order_matters(seat), f"{name} is asked which top card acts first only when both act "
                  "and the order can change somebody's nuts.")
        return choose_order(seat)
    if decision == "raid":
        targets = table._raid_targets(seat)
        refuse_if(not targets, f"{name}'s Police Raid has nobody with two piles to raid.")
        return choose_raid(seat, targets)
    played = table.played_pile
    assert played is not None
    kind = tops[played]
    refuse_if(not IS_CONTRABAND[kind], f"Customs are paid on a Contraband just played: {name}'s pile {played + 1} has "
                                       f"{CODES[kind]} on top.")
    officers = table._officers(seat)
    refuse_if(not officers, f"{name} owes no Customs (nobody else has one on top, or {name} has a Bank on top).")
    gained = VALUE[kind] if not r.given("gained") else r.field("gained", int, "the nuts the Contraband gained")
    refuse_if(not r.given("gained") and not table.supply, "The supply is empty: the position needs 'gained' (what "
              "the Contraband gained before it ran out).")
    owed = 2 if kind == C5 else 1
    refuse_if(not 0 < gained <= VALUE[kind] or (table.supply and gained != VALUE[kind]) or gained > table.nuts[seat]
              or gained >= owed * len(officers) or len(customs_splits(gained, owed, len(officers))) < 2,
              f"{name} splits Customs only when the gain (here {gained}) was too little to pay every officer and can "
              "be split more than one way.")
    return split_customs(seat, kind, gained, officers)


def describe_position(state: NuttyState) -> dict[str, Any]:
    """The description ``build_position`` takes back (docs/positions.md)."""
    names, setup, d = state.names, state.setup, state.decisions.current()
    decision = FIRST_CARD if setup is not None else None if d is None else DECISION_KIND[type(d)]
    out: dict[str, Any] = {"decision": decision}
    if setup is not None or d is not None:
        out["to_move"] = names[d.seat] if setup is None and d is not None else [names[s] for s in state.to_move()]
    out.update(start=names[state.start], turn_no=state.turn_no,
               piles=[[[CODES[k] for k in pile] for pile in piles] for piles in state.piles])
    if setup is not None:
        out["first_cards"] = [None if (k := setup.own(s)) is None else CODES[k] for s in range(state.n)]
    out.update(hands=[[CODES[k] for k in hand] for hand in state.hands], nuts=list(state.nuts),
               supply=state.supply, ledger=[{LEDGER[i]: a for i, a in enumerate(row) if a} for row in state.ledger])
    if decision in _MID_TURN:
        assert state.played_pile is not None
        out["played"] = state.played_pile + 1
        if decision != "order":
            out["pending"] = [p + 1 for p in state.pending]
    if isinstance(d, SplitCustoms):
        out["gained"] = d.gained
    return out


def _card(value: Any, seat: int, names: Sequence[str], where: str) -> int:
    refuse_if(not isinstance(value, str), f"A card in {where} must be a card's code ({_CARDS}), not {said(value)}.")
    code, _, owner = value.lower().partition(".")
    refuse_if(code not in CODES, f"Unknown card {said(value)} in {where} (cards: {_CARDS}).")
    if owner:
        try:
            whose = owner_of(value)
        except ValueError:
            whose = -1
        refuse_if(whose != seat, f"{said(value)} in {where} is not {names[seat]}'s card: a player's cards never "
                                 "change owner.")
    return CODES.index(code)


def _piles(row: Any, seat: int, names: Sequence[str]) -> list[list[int]]:
    name = names[seat]
    refuse_if(not isinstance(row, list) or not all(isinstance(p, list) for p in row), f"{name}'s piles must be a "
              "list of piles, each a list of cards.")
    refuse_if(not row, f"{name} has no pile: every first card is a pile once revealed.")
    refuse_if(len(row) > MAX_PILES, f"{name} has {len(row)} piles; a player has at most {MAX_PILES}.")
    piles = []
    for i, pile in enumerate(row, 1):
        refuse_if(not pile, f"{name}'s pile {i} is empty; a pile has at least one card.")
        piles.append([_card(c, seat, names, f"{name}'s pile {i}") for c in pile])
    return piles


def _no_twice(kinds: list[int], seat: int, names: Sequence[str], where: str) -> None:
    for k in kinds:
        refuse_if(kinds.count(k) > 1, f"{names[seat]}'s {CODES[k]} is there twice ({where}); each player has one of "
                                      "each card.")


def _ledger(r: Reader, nuts: list[int]) -> list[list[int]]:
    names = r.names
    if not r.given("ledger"):
        refuse_if(any(nuts), "The position needs 'ledger' (per seat, where their nuts came from, e.g. "
                             "{\"Contraband\": 5}) once anyone has nuts.")
        return [[0] * len(LEDGER) for _ in nuts]
    ledger = []
    for s, row in enumerate(r.per_seat("ledger")):
        refuse_if(not isinstance(row, dict), f"{names[s]}'s ledger must be a JSON object of lines and nuts.")
        unknown = sorted(set(row) - set(LEDGER))
        if unknown:
            raise PositionError(f"{names[s]}'s ledger has no line {said(unknown[0])} (lines: {', '.join(LEDGER)}).")
        line = [row.get(name, 0) for name in LEDGER]
        refuse_if(any(type(a) is not int or a < 0 for a in line), f"{names[s]}'s ledger lines must be whole numbers "
                  "0 or more.")
        total = sum(line[:L_CUSTOMS_OUT]) - sum(line[L_CUSTOMS_OUT:])
        refuse_if(total != nuts[s], f"{names[s]}'s ledger adds up to {total} nuts, but they have {nuts[s]}.")
        ledger.append(line)
    return ledger
