"""Nutty Business positions (core/position.py): a state built from a plain
description, and a state described the same way.

The description is a JSON object; seats are written as a player's name (or
seat number, 1 first as at seat setup), lists "per seat" are in seat order, cards are the
codes of the notation (``c2 c3 c5 bank raid customs robbery hideout``; a
card id such as ``c2.1`` is accepted too) and piles are numbered 1 and 2 as
in the notation. Every player owns the same eight cards, so a card is where
its owner put it: in their hand, on one of their piles or face down as
their first card. Fields:

- ``decision`` (required): what is pending now. ``"first card"``: the
  players lay their first cards face down; ``"play"``: the player to move
  plays a card; ``"order"``: both their top cards act and the order matters;
  ``"customs"``: their Contraband gained too little for every Customs and
  they split it; ``"raid"``: their Police Raid picks a rival's two piles;
  ``null``: the game is over.
- ``to_move``: the player whose turn it is (required for a decision of a
  turn; none when the game is over). For ``"first card"`` it may list the
  players still to lay one (they follow from ``first_cards``).
- ``start``: the first player (default: the one the turn order gives,
  counted back from ``to_move`` by the turns begun; at ``"first card"``
  drawn from the seed, as in a new game). The turn passes to the left.
- ``piles`` (required but for ``"first card"``, where they are empty):
  per seat, one or two piles, each a list of cards bottom to top.
- ``first_cards`` (``"first card"`` only): per seat the card laid face
  down, or null for a player still to choose.
- ``hands``: per seat a list of cards (default: each player's cards not on
  a pile nor face down, the only cards they can hold).
- ``nuts``: per seat (default: nobody has any).
- ``supply``: the nuts left (default: 267 less the players' nuts).
- ``ledger``: per seat, where their nuts came from and went, as
  ``{"Contraband": 5, "Police Raids": 1, "Customs received": 0,
  "Robberies": 0, "Customs paid": 2, "Robbed": 0}`` (lines left out are 0);
  it must add up to their nuts. Required when anyone has nuts.
- ``turn_no``: turns begun so far, this one included (default: the cards on
  the piles beyond the first cards, plus one while the turn's card is still
  to play; give it when a Hideout took cards back). Every card on a
  player's piles beyond the first was played in a turn of theirs, and
  their nuts are what their turns can have brought: at most 8 from the
  supply a turn of their own (Contraband 5 and 3 on top), 2 from each rival
  robbed, 2 in Customs from each other player's turn; what one player
  received in Customs or Robberies another paid.
- ``played`` (``"order"``, ``"customs"``, ``"raid"``): the pile the turn's
  card went on (default 1 for a player with one pile).
- ``pending`` (``"customs"``, ``"raid"``): the piles whose top card still
  acts after this decision, in order (default none).
- ``gained`` (``"customs"``): the nuts the Contraband gained (default its
  value; required when the supply is empty, as it may have gained less).

A complete example, the first turn of four players: Ann laid a Police Raid
face down, the others a Customs each. Ann plays a Contraband 2 as her
second pile; it acts first (the order cannot matter: nobody has two piles
to raid) and gains 2 nuts, too few for three officers owed 1 each, so she
chooses whom to pay. Her Police Raid acts next::

    {"decision": "customs", "to_move": "Ann", "start": "Ann", "turn_no": 1,
     "piles": [[["raid"], ["c2"]], [["customs"]], [["customs"]], [["customs"]]],
     "nuts": [2, 0, 0, 0],
     "ledger": [{"Contraband": 2}, {}, {}, {}],
     "played": 2, "pending": [1]}

tests/games/nutty_business/positions/example.json is this position in a
position file (with ``"players": ["Ann", "Bob", "Cy", "Dan"]``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.core.position import (
    PositionError, field, per_seat, said, seat_of, turns_had, unknown_keys, whole_numbers,
)
from tablegames.core.decisions import Decision
from tablegames.core.secret import SecretChoices
from tablegames.games.nutty_business.rules import (
    NuttyState, choose_order, choose_raid, customs_splits, drawn_start, split_customs,
)
from tablegames.games.nutty_business.vocab import (
    C5, CODES, DECISION_KIND, IS_CONTRABAND, KINDS, LEDGER, L_CONTRABAND, L_CUSTOMS_IN, L_CUSTOMS_OUT,
    L_RAID, L_ROBBED, L_ROBBERY_IN, MAX_PILES, RAID, ROBBERY, SUPPLY, VALUE, PlayCard,
    SplitCustoms, owner_of,
)

FIELDS = ("decision", "to_move", "start", "piles", "first_cards", "hands", "nuts", "supply",
          "ledger", "turn_no", "played", "pending", "gained")
FIRST_CARD = "first card"
# A decision inside a turn, after its card was played.
_MID_TURN = ("order", "customs", "raid")
_CARDS = " ".join(CODES)
_DECISIONS = f"{said(FIRST_CARD)}, 'play', 'order', 'customs', 'raid' or null (the game is over)"


def build_position(names: Sequence[str], options: Mapping[str, int],
                   description: Mapping[str, Any], seed: int) -> NuttyState:
    """The state ``description`` describes (PositionError, one line, for
    an impossible one)."""
    unknown_keys(description, FIELDS)
    n = len(names)
    drawn = drawn_start(seed, n)[1]  # the seed draws the first player, as in a new game
    decision = field(description, "decision", (str, type(None)), _DECISIONS)
    if decision is not None and decision not in (FIRST_CARD, "play", *_MID_TURN):
        raise PositionError(f"'decision' must be {_DECISIONS}, not {said(decision)}.")
    setup = decision == FIRST_CARD
    for key, needs in (("first_cards", setup), ("played", decision in _MID_TURN),
                       ("pending", decision in ("customs", "raid")), ("gained", decision == "customs")):
        if not needs and description.get(key) is not None:
            raise PositionError(f"{said(key)} has no place in a position with decision {_said(decision)}.")
    start = seat_of(names, description["start"], "'start'") if "start" in description else drawn

    # ----- the cards: piles, first cards, hands
    first: list[int | None] = [None] * n
    piles: list[list[list[int]]] = [[] for _ in range(n)]
    if setup:
        if _given(description, "piles") and any(per_seat(description, "piles", names)):
            raise PositionError("The piles are empty while the first cards are laid face down.")
        first = [None if c is None else _card(c, s, names, f"{names[s]}'s first card")
                 for s, c in enumerate(per_seat(description, "first_cards", names, None))]
        if all(c is not None for c in first):
            raise PositionError("Every first card is laid, so they are revealed: "
                                "describe the first turn (decision 'play') instead.")
    else:
        piles = [_piles(row, s, names) for s, row in enumerate(per_seat(description, "piles", names))]
    hands = _hands(description, names, piles, first)
    choices: SecretChoices[int] | None = None
    if setup:
        choices = SecretChoices(range(n))
        for s, k in enumerate(first):
            if k is not None:
                choices.choose(s, k)

    # ----- nuts
    nuts = _numbers(description, "nuts", names) if _given(description, "nuts") else [0] * n
    if setup and any(nuts):
        raise PositionError("Nobody has nuts before the first turn.")
    supply = SUPPLY - sum(nuts)
    if supply < 0:
        raise PositionError(f"The players hold {sum(nuts)} nuts; the game has {SUPPLY}.")
    if _given(description, "supply"):
        given = field(description, "supply", int, "the nuts left")
        if given != supply:
            raise PositionError(f"'supply' is {given}, but with the players' {sum(nuts)} nuts it is "
                                f"{supply} (the game has {SUPPLY} nuts).")
    ledger = _ledger(description, nuts, names)

    # ----- whose turn, and where it stands
    turn = _turn(description, decision, first, names, hands)
    played: int | None = None
    pending: list[int] = []
    if decision in _MID_TURN:
        assert turn is not None
        played, pending = _mid_turn(description, decision, turn, piles[turn], names)
    played_cards = sum(len(p) for seat_piles in piles for p in seat_piles) - (0 if setup else n)
    default_turn = played_cards + (decision == "play")
    turn_no = field(description, "turn_no", int) if _given(description, "turn_no") else default_turn
    if turn_no < (0 if setup else 1) or (setup and turn_no):
        raise PositionError(f"'turn_no' cannot be {turn_no} with decision {_said(decision)}.")
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
        # The rules' own questions (who are the officers, whom can the
        # Raid reach, does the order matter) on the table before the
        # decision, then the table with it.
        return made([_turn_decision(made(()), description, decision, turn)])
    return made(())


def _turns_of(start: int, turn_no: int, n: int, seat: int) -> int:
    """The turns ``seat`` has begun: the turn passes left from the start."""
    return turns_had(start, turn_no, n)[seat]


def _hands(description: Mapping[str, Any], names: Sequence[str], piles: list[list[list[int]]],
           first: list[int | None]) -> list[list[int]]:
    """Each player's hand: given, or their cards on no pile nor face down."""
    given_hands = per_seat(description, "hands", names) if _given(description, "hands") else None
    hands = []
    for s in range(len(names)):
        placed = [k for pile in piles[s] for k in pile]
        laid = first[s]
        if laid is not None:
            placed.append(laid)
        _no_twice(placed, s, names, "on their piles or face down")
        rest = [k for k in KINDS if k not in placed]
        if given_hands is None:
            hands.append(rest)
            continue
        row = given_hands[s]
        if not isinstance(row, list):
            raise PositionError(f"{names[s]}'s hand must be a list of cards, not {said(row)}.")
        hand = [_card(c, s, names, f"{names[s]}'s hand") for c in row]
        _no_twice(placed + hand, s, names, "in their hand, on their piles or face down")
        if len(hand) != len(rest):
            lost = [CODES[k] for k in rest if k not in hand]
            raise PositionError(f"{names[s]}'s hand has {_count(len(hand))}, but {len(rest)} of their "
                                f"cards are on no pile: {', '.join(lost)} "
                                f"{'is' if len(lost) == 1 else 'are'} missing.")
        hands.append(sorted(hand))
    return hands


def _check_turns(names: Sequence[str], hands: list[list[int]], piles: list[list[list[int]]], start: int,
                 turn: int | None, turn_no: int, decision: str | None, given_start: bool) -> int:
    """The start player: whose turn it is follows from it and the turns
    begun, and every card a player has on their piles beyond the first was
    played in a turn of theirs (a Hideout may have taken some back since)."""
    n = len(names)
    if decision is None:
        # The turn passed to a player without cards: the one after the last turn's.
        ends = [s for s in range(n) if not hands[(s + turn_no) % n]]
        if not given_start and start not in ends:
            start = ends[0]  # (the game ends at least at one of them: checked before)
        if start not in ends:
            nxt = (start + turn_no) % n
            raise PositionError(f"After {turn_no} turn(s) from {names[start]} the turn passes to "
                                f"{names[nxt]}, who holds cards: the game is not over.")
    else:
        assert turn is not None
        due = (start + turn_no - 1) % n
        if not given_start:
            start = (turn - turn_no + 1) % n
        elif turn != due:
            raise PositionError(f"Turn {turn_no} from {names[start]} is {names[due]}'s, not "
                                f"{names[turn]}'s: the turn passes to the left.")
    for s in range(n):
        played = _turns_of(start, turn_no, n, s) - (decision == "play" and s == turn)  # (no card yet this turn)
        on_piles = sum(len(p) for p in piles[s]) - 1  # the first card was laid, not played
        if played < on_piles:
            raise PositionError(f"{names[s]} has {on_piles} card(s) on the piles beyond the first card but has "
                                f"played {played} in {turn_no} turn(s) from {names[start]}: a turn "
                                "plays one card.")
    return start


def _check_ledger(names: Sequence[str], ledger: list[list[int]], start: int, turn_no: int) -> None:
    """Nuts paid to a player were paid by another; nuts from the supply
    come only on a player's own turns, at most 8 a turn (Contraband 5 and 3
    on top), Robberies at most 2 from each rival a turn, Customs at most 2
    from each other player's Contraband."""
    n = len(names)
    for into, out, what in ((L_CUSTOMS_IN, L_CUSTOMS_OUT, "Customs"), (L_ROBBERY_IN, L_ROBBED, "Robberies")):
        got, gave = sum(row[into] for row in ledger), sum(row[out] for row in ledger)
        if got != gave:
            raise PositionError(f"The ledgers show {got} nut(s) received from {what} but {gave} paid: "
                                "every nut one player gets there, another gives.")
    for s, row in enumerate(ledger):
        own = _turns_of(start, turn_no, n, s)
        others = turn_no - own
        for amount, most, what in ((row[L_CONTRABAND] + row[L_RAID], 8 * own, "from the supply"),
                                   (row[L_ROBBERY_IN], 2 * (n - 1) * own, "from Robberies"),
                                   (row[L_CUSTOMS_IN], 2 * others, "from Customs")):
            if amount > most:
                raise PositionError(f"{names[s]} got {amount} nuts {what} in {own} turn(s) of their own out of "
                                    f"{turn_no}; the cards give at most {most}.")


def _turn(description: Mapping[str, Any], decision: str | None, first: list[int | None],
          names: Sequence[str], hands: list[list[int]]) -> int | None:
    """Whose turn it is (None at the first cards and once the game is
    over), checked against who is to move."""
    n = len(names)
    to_move = description.get("to_move")
    if decision == FIRST_CARD:
        waiting = [s for s in range(n) if first[s] is None]
        if to_move is not None:
            listed = to_move if isinstance(to_move, list) else [to_move]
            if sorted(seat_of(names, who, "'to_move'") for who in listed) != waiting:
                raise PositionError("'to_move' must list the players without a first card: "
                                    f"{', '.join(names[s] for s in waiting)}.")
        return None
    if decision is None:
        if to_move is not None:
            raise PositionError("Nobody is to move in a finished game: leave 'to_move' out.")
        if all(hands):
            raise PositionError("The game ends only when the turn reaches a player without "
                                "cards: somebody's hand must be empty.")
        return None
    if to_move is None:
        raise PositionError(f"The position needs 'to_move' (whose turn it is) for decision {said(decision)}.")
    seat = seat_of(names, to_move, "'to_move'")
    if not hands[seat] and decision == "play":
        raise PositionError(f"{names[seat]} has no cards left: the game would be over.")
    return seat


def _mid_turn(description: Mapping[str, Any], decision: str, seat: int, piles: list[list[int]],
              names: Sequence[str]) -> tuple[int, list[int]]:
    """The pile played this turn and the piles still to act after the
    decision."""
    if _given(description, "played"):
        played = field(description, "played", int, "the pile the turn's card went on") - 1
        if not 0 <= played < len(piles):
            raise PositionError(f"'played' must be one of {names[seat]}'s piles, 1-{len(piles)}.")
    elif len(piles) == 1:
        played = 0
    else:
        raise PositionError(f"The position needs 'played' (which of {names[seat]}'s piles the "
                            "turn's card went on).")
    if decision == "order":
        return played, []
    tops = [p[-1] for p in piles]
    acts = [IS_CONTRABAND[k] or k in (RAID, ROBBERY) for k in tops]
    name = names[seat]
    # The card deciding now lies on top of ``now``; ``pending`` follows it.
    if decision == "raid":
        if RAID not in tops:
            raise PositionError(f"{name} has no Police Raid on top of a pile.")
        now = tops.index(RAID)
    else:
        now = played
    pending = []
    if _given(description, "pending"):
        pending = [p - 1 for p in _numbers(description, "pending", None)]
        if pending and (pending != [1 - now] or len(piles) < 2 or not acts[1 - now]):
            raise PositionError(f"'pending' may list only {name}'s other pile, and only if its top "
                                "card acts.")
    return played, pending


def _turn_decision(table: NuttyState, description: Mapping[str, Any], decision: str, seat: int) -> Decision:
    """The decision the turn stops at, if the rules can stop there: asked
    of ``table``, the position before it."""
    piles = table.piles[seat]
    tops = [p[-1] for p in piles]
    name = table.names[seat]
    if decision == "order":
        if len(piles) < 2 or not all(IS_CONTRABAND[k] or k in (RAID, ROBBERY) for k in tops) \
                or not table._order_matters(seat):
            raise PositionError(f"{name} is asked which top card acts first only when both act and "
                                "the order can change somebody's nuts.")
        return choose_order(seat)
    if decision == "raid":
        targets = table._raid_targets(seat)
        if not targets:
            raise PositionError(f"{name}'s Police Raid has nobody with two piles to raid.")
        return choose_raid(seat, targets)
    played = table.played_pile
    assert played is not None
    kind = tops[played]
    if not IS_CONTRABAND[kind]:
        raise PositionError(f"Customs are paid on a Contraband just played: {name}'s pile "
                            f"{played + 1} has {CODES[kind]} on top.")
    officers = table._officers(seat)
    if not officers:
        raise PositionError(f"{name} owes no Customs (nobody else has one on top, or "
                            f"{name} has a Bank on top).")
    gained = VALUE[kind]
    if _given(description, "gained"):
        gained = field(description, "gained", int, "the nuts the Contraband gained")
    elif not table.supply:
        raise PositionError("The supply is empty: the position needs 'gained' (what the Contraband "
                            "gained before it ran out).")
    owed = 2 if kind == C5 else 1
    if (not 0 < gained <= VALUE[kind] or (table.supply and gained != VALUE[kind])
            or gained > table.nuts[seat] or gained >= owed * len(officers)
            or len(customs_splits(gained, owed, len(officers))) < 2):
        raise PositionError(f"{name} splits Customs only when the gain (here {gained}) was too little "
                            f"to pay every officer and can be split more than one way.")
    return split_customs(seat, kind, gained, officers)


def describe_position(state: NuttyState) -> dict[str, Any]:
    """The description ``build_position`` takes back (see above)."""
    names = state.names
    n = state.n
    setup = state.setup
    d = state.decisions.current()
    out: dict[str, Any] = {}
    if setup is not None:
        out["decision"] = FIRST_CARD
        out["to_move"] = [names[s] for s in state.to_move()]
    elif d is None:
        out["decision"] = None
    else:
        out["decision"] = DECISION_KIND[type(d)]
        out["to_move"] = names[d.seat]
    out["start"] = names[state.start]
    out["turn_no"] = state.turn_no
    out["piles"] = [[[CODES[k] for k in pile] for pile in state.piles[s]] for s in range(n)]
    if setup is not None:
        out["first_cards"] = [None if (k := setup.own(s)) is None else CODES[k] for s in range(n)]
    out["hands"] = [[CODES[k] for k in state.hands[s]] for s in range(n)]
    out["nuts"] = list(state.nuts)
    out["supply"] = state.supply
    out["ledger"] = [{LEDGER[i]: a for i, a in enumerate(row) if a} for row in state.ledger]
    if out["decision"] in _MID_TURN:
        assert state.played_pile is not None
        out["played"] = state.played_pile + 1
        if out["decision"] != "order":
            out["pending"] = [p + 1 for p in state.pending]
    if isinstance(d, SplitCustoms):
        out["gained"] = d.gained
    return out


# ----- reading the description ------------------------------------------------

def _said(decision: str | None) -> str:
    return "null" if decision is None else repr(decision)


def _count(cards: int) -> str:
    return "1 card" if cards == 1 else f"{cards} cards"


def _given(description: Mapping[str, Any], key: str) -> bool:
    return description.get(key) is not None


def _numbers(description: Mapping[str, Any], key: str, names: Sequence[str] | None) -> list[int]:
    """Whole numbers 0 or more: one per seat (``names``), or a list of any length."""
    if names is None:
        return whole_numbers(field(description, key, list), said(key))
    return whole_numbers(per_seat(description, key, names), said(key), len(names))


def _card(value: Any, seat: int, names: Sequence[str], where: str) -> int:
    if not isinstance(value, str):
        raise PositionError(f"A card in {where} must be a card's code ({_CARDS}), not {said(value)}.")
    code, _, owner = value.lower().partition(".")
    if code not in CODES:
        raise PositionError(f"Unknown card {said(value)} in {where} (cards: {_CARDS}).")
    if owner:
        try:
            whose = owner_of(value)
        except ValueError:
            whose = -1
        if whose != seat:
            raise PositionError(f"{said(value)} in {where} is not {names[seat]}'s card: a player's "
                                "cards never change owner.")
    return CODES.index(code)


def _piles(row: Any, seat: int, names: Sequence[str]) -> list[list[int]]:
    name = names[seat]
    if not isinstance(row, list) or not all(isinstance(p, list) for p in row):
        raise PositionError(f"{name}'s piles must be a list of piles, each a list of cards.")
    if not row:
        raise PositionError(f"{name} has no pile: every first card is a pile once revealed.")
    if len(row) > MAX_PILES:
        raise PositionError(f"{name} has {len(row)} piles; a player has at most {MAX_PILES}.")
    piles = []
    for i, pile in enumerate(row, 1):
        if not pile:
            raise PositionError(f"{name}'s pile {i} is empty; a pile has at least one card.")
        piles.append([_card(c, seat, names, f"{name}'s pile {i}") for c in pile])
    return piles


def _no_twice(kinds: list[int], seat: int, names: Sequence[str], where: str) -> None:
    for k in kinds:
        if kinds.count(k) > 1:
            raise PositionError(f"{names[seat]}'s {CODES[k]} is there twice ({where}); each player "
                                "has one of each card.")


def _ledger(description: Mapping[str, Any], nuts: list[int], names: Sequence[str]) -> list[list[int]]:
    if not _given(description, "ledger"):
        if any(nuts):
            raise PositionError("The position needs 'ledger' (per seat, where their nuts came from, "
                                "e.g. {\"Contraband\": 5}) once anyone has nuts.")
        return [[0] * len(LEDGER) for _ in nuts]
    rows = per_seat(description, "ledger", names)
    ledger = []
    for s, row in enumerate(rows):
        if not isinstance(row, dict):
            raise PositionError(f"{names[s]}'s ledger must be a JSON object of lines and nuts.")
        unknown = sorted(set(row) - set(LEDGER))
        if unknown:
            raise PositionError(f"{names[s]}'s ledger has no line {said(unknown[0])} "
                                f"(lines: {', '.join(LEDGER)}).")
        line = [row.get(name, 0) for name in LEDGER]
        if any(type(a) is not int or a < 0 for a in line):
            raise PositionError(f"{names[s]}'s ledger lines must be whole numbers 0 or more.")
        total = sum(line[:L_CUSTOMS_OUT]) - sum(line[L_CUSTOMS_OUT:])
        if total != nuts[s]:
            raise PositionError(f"{names[s]}'s ledger adds up to {total} nuts, but they have "
                                f"{nuts[s]}.")
        ledger.append(line)
    return ledger
