"""Blind Chicken positions: a state built from a plain description, and the
description of a state (core/position.py holds the file format and the
checks every game shares).

The description, in seat order, with cards as their numbers (as the
notation writes them, ``order 30 12 45``) and seats as a player's name or
seat number (from 1, as at seat setup: ``"dealer": 3`` is the third player). A three-player match in its second hand: Cy took the last
trick and led 30, Ann is to play::

    {
      "hand_no": 2,
      "dealer": "Cy",
      "hand_scores": [[-3, -18, 0]],
      "hands": [[51, 49, 48, 47, 45, 40, 36], [50, 46, 41, 39, 38, 37, 34],
                [31, 33, 35, 42, 43, 44]],
      "taken": [[], [[55, 28, 59], [57, 27, 56]],
                [[24, 25, 58], [26, 54, 29], [53, 32, 52]]],
      "trick": [30],
      "leader": "Cy",
      "decision": "play",
      "to_move": "Ann"
    }

- ``hands`` (required): each seat's hand, left to right.
- ``dealer`` (required): who dealt this hand.
- ``hand_no``: the hand being played, from 1 (the last one once the match
  is over); default 1.
- ``hand_scores``: each finished hand's minus points, per seat; default
  none. Their sums are the scores. A hand hands out what its chickens
  cost: at least their eggs bar one trick set aside, at most all of them
  in the costliest tricks (``hand_total_range``).
- ``taken``: each seat's tricks this hand in taking order, each trick's
  cards in playing order; default none.
- ``trick``: the current trick's cards in playing order; default none.
- ``leader``: who leads the current trick (who took the last one); while
  no trick is taken it is the player after the dealer, the default.
- ``decision`` (required): ``"arrange"`` (hands are being arranged),
  ``"play"``, ``"aside"`` (the last trick's winner may set an earlier
  trick aside) or ``"none"`` (the match is over).
- ``to_move``: who decides: the seats still arranging (default: all), or
  the one seat to play or set aside (it follows from the leader and the
  trick; if given it must agree).

Every card of the deck for the player count lies in exactly one hand, taken
trick or the current trick. The hands after this one are dealt from the
seed, so a built state plays on exactly like the described one to the end
of its hand (and to the end of the match in its last hand).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from tablegames.core.position import (
    PositionError, card_list, each_card_once, field, per_seat, said, seat_of, unknown_keys,
)
from tablegames.games.blind_chicken.cards import DECK_SIZE, EGGS, LOWEST_CARD, trick_score
import random

from tablegames.games.blind_chicken.rules import BlindChickenState, hand_limit_of
from tablegames.games.blind_chicken.vocab import ASIDE, ORDER, OVER, PLAY, Phase

FIELDS = ("hand_no", "dealer", "hand_scores", "hands", "taken", "trick", "leader", "decision", "to_move")
DECISIONS = {"arrange": ORDER, "play": PLAY, "aside": ASIDE, "none": OVER}
_WORD = {phase: word for word, phase in DECISIONS.items()}


def build_position(names: Sequence[str], options: dict[str, int], description: Mapping[str, Any],
                   seed: int) -> BlindChickenState:
    """The state ``description`` describes; PositionError (one line) for one
    that is malformed or cannot arise."""
    unknown_keys(description, FIELDS)
    n = len(names)
    lowest = LOWEST_CARD[n]
    per = (DECK_SIZE - lowest) // n  # cards dealt to each seat

    def seat(value: Any, what: str) -> int:
        return seat_of(names, value, what)

    def cards(value: Any, what: str) -> list[int]:
        return card_list(value, what, lambda c: c if type(c) is int and lowest <= c < DECK_SIZE else None,
                         f"with {n} players the cards are {lowest}-{DECK_SIZE - 1}")

    phase = DECISIONS.get(field(description, "decision", str, "arrange, play, aside or none"))
    if phase is None:
        raise PositionError(f"'decision' must be one of {', '.join(DECISIONS)}, "
                            f"not {said(description['decision'])}.")
    dealer = seat(field(description, "dealer", (int, str), "who dealt this hand"), "'dealer'")
    hand_no = description.get("hand_no", 1)
    if type(hand_no) is not int or hand_no < 1:
        raise PositionError(f"'hand_no' must be a whole number from 1, not {said(hand_no)}.")
    finished = hand_no if phase == OVER else hand_no - 1
    hand_scores = description.get("hand_scores", [])
    if not isinstance(hand_scores, list) or any(
            not isinstance(row, list) or len(row) != n or any(type(x) is not int or x > 0 for x in row)
            for row in hand_scores):
        raise PositionError(f"'hand_scores' must list each finished hand's {n} minus points (0 or less).")
    if len(hand_scores) != finished:
        raise PositionError(f"'hand_scores' must list the {finished} finished hand(s), not {len(hand_scores)}.")
    _check_hand_totals(hand_scores, n)

    hands = [cards(h, f"{names[s]}'s hand") for s, h in enumerate(per_seat(description, "hands", names))]
    taken: list[list[tuple[int, ...]]] = []
    for s, tricks in enumerate(per_seat(description, "taken", names, default=[])):
        if not isinstance(tricks, list):
            raise PositionError(f"'taken' must hold a list of tricks per seat, not {said(tricks)}.")
        for i, t in enumerate(tricks):
            if len(cards(t, f"{names[s]}'s trick {i + 1}")) != n:
                raise PositionError(f"Every taken trick has {n} cards; {names[s]}'s trick {i + 1} has {len(t)}.")
        taken.append([tuple(t) for t in tricks])
    trick = cards(description.get("trick", []), "'trick'")
    each_card_once([*((f"{names[s]}'s hand", h) for s, h in enumerate(hands)),
                    *((f"{names[s]}'s tricks", [c for t in ts for c in t]) for s, ts in enumerate(taken)),
                    ("the trick", trick)], lambda card: f"Card {card}")

    tricks_taken = sum(len(t) for t in taken)
    after_dealer = (dealer + 1) % n
    if tricks_taken == 0:
        leader = seat(description["leader"], "'leader'") if "leader" in description else after_dealer
        if leader != after_dealer:
            raise PositionError(f"The player after the dealer leads the first trick: {names[after_dealer]}, "
                                f"not {names[leader]}.")
    else:
        leader = seat(field(description, "leader", (int, str), "who took the last trick"), "'leader'")
        if not taken[leader]:
            raise PositionError(f"The leader took the last trick, and {names[leader]} has taken none.")

    if phase == ORDER and (tricks_taken or trick):
        raise PositionError("Hands are arranged before the first trick: no trick may be taken or played yet.")
    if phase != PLAY and trick:
        raise PositionError("A trick is played only while 'decision' is play.")
    if len(trick) >= n:
        raise PositionError(f"A trick of {n} cards is taken at once; the current trick holds at most {n - 1}.")
    played = {(leader + i) % n for i in range(len(trick))}
    for s, hand in enumerate(hands):
        size = per - tricks_taken - (s in played)
        if len(hand) != size:
            raise PositionError(f"{names[s]}'s hand has {len(hand)} card(s), not {size}: {per} dealt, "
                                f"{tricks_taken} trick(s) taken{', one card in this trick' if s in played else ''}.")
    if phase == PLAY and not any(hands):
        raise PositionError("No cards are left to play: the hand is over.")
    if phase in (ASIDE, OVER) and any(hands):
        raise PositionError(f"'decision' {_WORD[phase]} comes once every card is played.")
    if phase == ASIDE and len(taken[leader]) < 2:
        raise PositionError(f"{names[leader]} took the last trick but no earlier one: there is nothing to set aside.")
    _check_match_goes_on(options, hand_scores, phase == OVER, names)
    if phase == OVER:
        _check_last_hand_scored(hand_scores[-1], taken, leader, names)

    arranging = _to_move(description, phase, names, leader, trick)
    return BlindChickenState(names, random.Random(seed), target=options.get("target", 0),
                             hand_limit=hand_limit_of(options, n), dealer=dealer, hand_no=finished,
                             hand_scores=hand_scores, hands=hands, taken=taken, leader=leader, trick=trick,
                             phase=phase, arranging=arranging)


def describe_position(state: BlindChickenState) -> dict[str, Any]:
    """``state`` as build_position takes it back."""
    names = state.names
    # A name says more than a number, unless two players share it.
    who: Any = (lambda s: names[s]) if len(set(names)) == len(names) else (lambda s: s + 1)
    phase = state.phase
    description: dict[str, Any] = {
        "hand_no": state.hand_no if phase == OVER else state.hand_no + 1,
        "dealer": who(state.dealer),
        "hand_scores": [list(h) for h in state.hand_scores],
        "hands": [list(h) for h in state.hands],
        "taken": [[list(t) for t in tricks] for tricks in state.taken],
        "trick": list(state.trick_cards),
        "leader": who(state.leader),
        "decision": _WORD[phase],
    }
    movers = state.to_move()
    if phase == ORDER:
        description["to_move"] = [who(s) for s in movers]
    elif phase != OVER:
        description["to_move"] = who(movers[0])
    return description


# ----- checks
def hand_total_range(n: int) -> tuple[int, int]:
    """The fewest and the most minus points a hand can hand out in all, with
    ``n`` players. Most: one player takes every chicken, the costliest
    together (a trick costs its eggs times its chickens: the eggs sorted,
    in tricks of n). Fewest: every trick but the one set aside costs at
    least its eggs, and the one set aside holds at most the n biggest."""
    eggs = sorted((EGGS[c] for c in range(LOWEST_CARD[n], DECK_SIZE) if EGGS[c]), reverse=True)
    most = sum(sum(group) * len(group) for group in (eggs[i:i + n] for i in range(0, len(eggs), n)))
    return sum(eggs) - sum(eggs[:n]), most


def _check_hand_totals(hand_scores: list[list[int]], n: int) -> None:
    fewest, most = hand_total_range(n)
    for k, row in enumerate(hand_scores, start=1):
        if not fewest <= -sum(row) <= most:
            raise PositionError(f"Hand {k} gave {-sum(row)} minus points in all; with {n} players a hand gives "
                                f"{fewest}-{most} (every chicken is taken, one trick at most set aside).")


def _check_match_goes_on(options: Mapping[str, int], hand_scores: list[list[int]], over: bool,
                         names: Sequence[str]) -> None:
    """The match ends after the first hand that reaches the hand limit or
    the target: not before the hands described, and after them if over."""
    limit, target = hand_limit_of(options, len(names)), options.get("target", 0)
    rules = f"{f'{limit} hand(s)' if limit > 0 else 'no hand limit'}, {f'target {target}' if target else 'no target'}"
    totals = [0] * len(names)
    for k, row in enumerate(hand_scores, start=1):
        totals = [t + x for t, x in zip(totals, row)]
        ends = (limit > 0 and k >= limit) or bool(target and min(totals) <= -target)
        last = k == len(hand_scores)
        if ends and not (over and last):
            raise PositionError(f"The match ended after hand {k} ({rules}): it cannot go on.")
        if over and last and not ends:
            raise PositionError(f"The match is not over after hand {k} ({rules}).")
    if over and not hand_scores:
        raise PositionError("A match is over only after its last hand is scored: 'hand_scores' is empty.")


def _check_last_hand_scored(scores: list[int], taken: list[list[tuple[int, ...]]], winner: int,
                            names: Sequence[str]) -> None:
    """A finished hand scores every taken trick, but the last trick's
    winner may have set one earlier trick aside."""
    for s, tricks in enumerate(taken):
        full = sum(trick_score(t) for t in tricks)
        allowed = {full} | ({full - trick_score(t) for t in tricks[:-1]} if s == winner else set())
        if scores[s] not in allowed:
            raise PositionError(f"{names[s]}'s last hand scored {scores[s]}, but the tricks taken give {full}.")


def _to_move(description: Mapping[str, Any], phase: Phase, names: Sequence[str], leader: int,
             trick: list[int]) -> list[int]:
    """The seats still arranging (phase ORDER); for the other decisions,
    checks that a given ``to_move`` is the one seat the rules name."""
    n = len(names)
    given = description.get("to_move")
    if phase == ORDER:
        if given is None:
            return list(range(n))
        seats = [seat_of(names, g, "'to_move'") for g in (given if isinstance(given, list) else [given])]
        if not seats or len(set(seats)) != len(seats):
            raise PositionError("'to_move' must name each seat still arranging once.")
        return seats
    if given is None:
        return []
    if phase == OVER:
        raise PositionError("Nobody is to move once the match is over.")
    mover = seat_of(names, given, "'to_move'")
    due = (leader + len(trick)) % n if phase == PLAY else leader
    if mover != due:
        raise PositionError(f"It is {names[due]}'s {'turn' if phase == PLAY else 'choice'}, not {names[mover]}'s.")
    return []
