"""Blind Business scoring, shared by the rules (final result) and the bot
(estimates). Works on play areas grouped by district: ``groups[d]`` lists the
cards counting for district ``d`` (its own cards plus Trainers assigned to
it). Unassigned Trainers count nowhere.
"""

from __future__ import annotations

from typing import Sequence

from tablegames.games.blind_business.cards import (
    BOARDWALK,
    DISTRICT_NAMES,
    DISTRICTS,
    DOWNTOWN,
    NUMBER,
    PLAYGROUND,
    STATION,
)

PAIR_POINTS = 7
LOVERS_POINTS = 5
PASSERS_POINTS = 10
# Bit n set: the number n is present (bit 0: a card without a number).
_LOVERS = (1 << 5) | (1 << 6)
_PASSERS = (1 << 7) | (1 << 8) | (1 << 9)


def bonus_table(district: int, players: int) -> tuple[int, ...]:
    """Points for the 1st, 2nd, ... most cards of a district (full rules).
    The playground's first place earns the add, not points."""
    if district == PLAYGROUND:
        return (0, 10) if players >= 4 else (0,)
    if district == BOARDWALK:
        return (20, 10) if players >= 4 else (10,)
    return ()


def majority_positions(counts: Sequence[int]) -> list[int | None]:
    """The position whose bonus each seat takes: 1 for sole most, 2 for
    second (or tied for most), ...; None with no card of that district.

    Ties take the next lower position: a seat with rank r (1 + how many have
    strictly more) tied with anyone takes position r + 1."""
    out: list[int | None] = []
    for i, c in enumerate(counts):
        if c <= 0:
            out.append(None)
            continue
        above = sum(1 for o in counts if o > c)
        tied = sum(1 for j, o in enumerate(counts) if j != i and o == c)
        out.append(above + 1 + (1 if tied else 0))
    return out


def majority_bonuses(counts: Sequence[int], table: tuple[int, ...]) -> list[int]:
    out = []
    for pos in majority_positions(counts):
        out.append(table[pos - 1] if pos is not None and pos <= len(table) else 0)
    return out


def district_points(cards: Sequence[int], family: bool) -> tuple[int, int, int]:
    """(cards counted for the multiplier, highest number, points) of one
    district. Full rules: a 1 counts twice for the multiplier. Family rules:
    every card once."""
    count = len(cards)
    high = 0
    for c in cards:
        num = NUMBER[c]
        if num > high:
            high = num
        if num == 1 and not family:
            count += 1
    return count, high, count * high


def has_cards(group: Sequence[int], *numbers: int) -> bool:
    nums = {NUMBER[c] for c in group}
    return all(n in nums for n in numbers)


def score_lines(groups_by_seat: Sequence[Sequence[Sequence[int]]], family: bool,
                bonuses: bool = True) -> list[list[tuple[str, int]]]:
    """Every seat's final breakdown: (label, points) lines, district scores
    first, then the bonuses (full rules only; ``bonuses=False`` leaves them
    out, for a game that ended with five in a row before final scoring)."""
    n = len(groups_by_seat)
    lines: list[list[tuple[str, int]]] = [[] for _ in range(n)]
    for s, groups in enumerate(groups_by_seat):
        for d in DISTRICTS:
            group = groups[d]
            if not group:
                continue
            count, high, points = district_points(group, family)
            cards = len(group)
            label = f"{DISTRICT_NAMES[d].capitalize()}: {cards} card{'' if cards == 1 else 's'}"
            if count > cards:
                label += " + 1 (the 1 counts twice)"
            label += f" x {high}" if high else ", no number"
            lines[s].append((label, points))
    if family or not bonuses:
        return lines
    for d, word in ((PLAYGROUND, "playground"), (BOARDWALK, "boardwalk")):
        counts = [len(groups[d]) for groups in groups_by_seat]
        table = bonus_table(d, n)
        positions = majority_positions(counts)
        for s, pos in enumerate(positions):
            if pos is None or pos > len(table) or not table[pos - 1]:
                continue
            tied = any(o == counts[s] for j, o in enumerate(counts) if j != s)
            if pos == 1:
                label = "most cards"
            elif tied:
                label = "tied for most cards (second place's bonus)"
            else:
                label = "second most cards"
            lines[s].append((f"{word.capitalize()}: {label}", table[pos - 1]))
    for s, groups in enumerate(groups_by_seat):
        pairs = min(len(groups[STATION]), len(groups[DOWNTOWN]))
        if pairs:
            lines[s].append((f"Central station + downtown: {pairs} pair{'s' if pairs > 1 else ''} x 7",
                             pairs * PAIR_POINTS))
        for d in DISTRICTS:
            mask = 0
            for c in groups[d]:
                mask |= 1 << NUMBER[c]
            if mask & _LOVERS == _LOVERS:
                lines[s].append((f"Lovers 5+6 ({DISTRICT_NAMES[d]})", LOVERS_POINTS))
            if mask & _PASSERS == _PASSERS:
                lines[s].append((f"Passers-by 7+8+9 ({DISTRICT_NAMES[d]})", PASSERS_POINTS))
    return lines


__all__ = [
    "bonus_table", "majority_positions", "majority_bonuses", "district_points",
    "score_lines",
]
