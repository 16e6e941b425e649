"""Blind Chicken positions: the fields docs/positions.md describes, checked against
each other and the match so far (core/position.py: the shared checks)."""

import random
from typing import Any, Mapping, Sequence

from tablegames.core.position import Cards, PositionError, Reader, lists, refuse_if, said
from tablegames.games.blind_chicken.cards import DECK_SIZE, EGGS, LOWEST_CARD, trick_score
from tablegames.games.blind_chicken.rules import BlindChickenState, hand_limit_of
from tablegames.games.blind_chicken.vocab import ASIDE, ORDER, OVER, PLAY, Phase

FIELDS = ("hand_no", "dealer", "hand_scores", "hands", "taken", "trick", "leader", "decision", "to_move")
DECISIONS = {"arrange": ORDER, "play": PLAY, "aside": ASIDE, "none": OVER}
_WORD = {phase: word for word, phase in DECISIONS.items()}


def build_position(names: Sequence[str], options: dict[str, int], description: Mapping[str, Any],
                   seed: int) -> BlindChickenState:
    r = Reader(description, names, FIELDS)
    n, lowest = len(names), LOWEST_CARD[len(names)]
    per = (DECK_SIZE - lowest) // n  # cards dealt to each seat
    cards = Cards.numbered(lowest, DECK_SIZE - 1, f"with {n} players the cards are {lowest}-{DECK_SIZE - 1}")
    phase = DECISIONS[r.word("decision", DECISIONS)]
    dealer = r.seat("dealer", "who dealt this hand")
    hand_no = r.number("hand_no", 1, default=1)
    finished = hand_no if phase == OVER else hand_no - 1
    hand_scores = r.get("hand_scores", [])
    if not isinstance(hand_scores, list) or any(
            not isinstance(row, list) or len(row) != n or any(type(x) is not int or x > 0 for x in row)
            for row in hand_scores):
        raise PositionError(f"'hand_scores' must list each finished hand's {n} minus points (0 or less).")
    refuse_if(len(hand_scores) != finished, f"'hand_scores' must list the {finished} finished hand(s), not "
              f"{len(hand_scores)}.")
    fewest, most = hand_total_range(n)
    for k, row in enumerate(hand_scores, start=1):
        refuse_if(not fewest <= -sum(row) <= most, f"Hand {k} gave {-sum(row)} minus points in all; with {n} players "
                  f"a hand gives {fewest}-{most} (every chicken is taken, one trick at most set aside).")

    hands = r.cards_per_seat("hands", cards, "{}'s hand")
    taken: list[list[tuple[int, ...]]] = []
    for name, tricks in zip(names, r.per_seat("taken", [])):
        refuse_if(not isinstance(tricks, list), f"'taken' must hold a list of tricks per seat, not {said(tricks)}.")
        for i, t in enumerate(tricks):
            refuse_if(len(cards.read(t, f"{name}'s trick {i + 1}")) != n, f"Every taken trick has {n} cards; {name}'s "
                      f"trick {i + 1} has {len(t)}.")
        taken.append([tuple(t) for t in tricks])
    trick = r.cards("trick", cards, [])
    cards.once([*((f"{name}'s hand", h) for name, h in zip(names, hands)),
                *((f"{name}'s tricks", [c for t in ts for c in t]) for name, ts in zip(names, taken)),
                ("the trick", trick)])
    tricks_taken = sum(len(t) for t in taken)
    if tricks_taken == 0:
        leader = r.agrees("leader", (dealer + 1) % n, "the player after the dealer leads the first trick")
    else:
        leader = r.seat("leader", "who took the last trick")
        refuse_if(not taken[leader], f"The leader took the last trick, and {names[leader]} has taken none.")
    refuse_if(phase == ORDER and (tricks_taken or trick), "Hands are arranged before the first trick: no trick may "
              "be taken or played yet.")
    refuse_if(phase != PLAY and trick, "A trick is played only while 'decision' is play.")
    refuse_if(len(trick) >= n, f"A trick of {n} cards is taken at once; the current trick holds at most {n - 1}.")
    played = {(leader + i) % n for i in range(len(trick))}
    for s, hand in enumerate(hands):
        size = per - tricks_taken - (s in played)
        refuse_if(len(hand) != size, f"{names[s]}'s hand has {len(hand)} card(s), not {size}: {per} dealt, "
                  f"{tricks_taken} trick(s) taken{', one card in this trick' if s in played else ''}.")
    refuse_if(phase == PLAY and not any(hands), "No cards are left to play: the hand is over.")
    refuse_if(phase in (ASIDE, OVER) and any(hands), f"'decision' {_WORD[phase]} comes once every card is played.")
    refuse_if(phase == ASIDE and len(taken[leader]) < 2, f"{names[leader]} took the last trick but no earlier one: "
              "there is nothing to set aside.")
    _check_match_goes_on(options, hand_scores, phase == OVER, names)
    for s, tricks in enumerate(taken if phase == OVER else ()):  # the winner of the last may set one aside
        full = sum(trick_score(t) for t in tricks)
        allowed = {full} | ({full - trick_score(t) for t in tricks[:-1]} if s == leader else set())
        refuse_if(hand_scores[-1][s] not in allowed, f"{names[s]}'s last hand scored {hand_scores[-1][s]}, but the "
                  f"tricks taken give {full}.")

    arranging = _to_move(r, phase, leader, trick)
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
        "hand_no": state.hand_no if phase == OVER else state.hand_no + 1, "dealer": who(state.dealer),
        "hand_scores": lists(state.hand_scores), "hands": lists(state.hands),
        "taken": [lists(tricks) for tricks in state.taken], "trick": list(state.trick_cards),
        "leader": who(state.leader), "decision": _WORD[phase]}
    if phase != OVER:
        description["to_move"] = [who(s) for s in state.to_move()] if phase == ORDER else who(state.to_move()[0])
    return description


def hand_total_range(n: int) -> tuple[int, int]:
    """The fewest and the most minus points a hand can hand out in all, with ``n`` players. Most: one player takes
    every chicken, the costliest together (a trick costs its eggs times its chickens: the eggs sorted, in tricks
    of n). Fewest: every trick but the one set aside costs at least its eggs, and the one set aside holds at most
    the n biggest."""
    eggs = sorted((EGGS[c] for c in range(LOWEST_CARD[n], DECK_SIZE) if EGGS[c]), reverse=True)
    most = sum(sum(group) * len(group) for group in (eggs[i:i + n] for i in range(0, len(eggs), n)))
    return sum(eggs) - sum(eggs[:n]), most


def _check_match_goes_on(options: Mapping[str, int], hand_scores: list[list[int]], over: bool,
                         names: Sequence[str]) -> None:
    """The match ends after the first hand that reaches the hand limit or the target."""
    limit, target = hand_limit_of(options, len(names)), options.get("target", 0)
    rules = f"{f'{limit} hand(s)' if limit > 0 else 'no hand limit'}, {f'target {target}' if target else 'no target'}"
    totals = [0] * len(names)
    for k, row in enumerate(hand_scores, start=1):
        totals = [t + x for t, x in zip(totals, row)]
        ends = (limit > 0 and k >= limit) or bool(target and min(totals) <= -target)
        last = k == len(hand_scores)
        refuse_if(ends and not (over and last), f"The match ended after hand {k} ({rules}): it cannot go on.")
        refuse_if(over and last and not ends, f"The match is not over after hand {k} ({rules}).")
    refuse_if(over and not hand_scores, "A match is over only after its last hand is scored: 'hand_scores' is empty.")


def _to_move(r: Reader, phase: Phase, leader: int, trick: list[int]) -> list[int]:
    """The seats still arranging (ORDER); else checks a given ``to_move`` is the one seat the rules name."""
    given = r.get("to_move")
    if phase == ORDER:
        if given is None:
            return list(range(r.n))
        seats = r.seats("to_move")
        refuse_if(not seats or len(set(seats)) != len(seats), "'to_move' must name each seat still arranging once.")
        return seats
    if given is None:
        return []
    refuse_if(phase == OVER, "Nobody is to move once the match is over.")
    r.agrees("to_move", (leader + len(trick)) % r.n if phase == PLAY else leader,
             f"it is their {'turn' if phase == PLAY else 'choice'}")
    return []
