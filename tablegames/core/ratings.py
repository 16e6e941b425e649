"""Ratings: one OpenSkill rating per player and game (the ``openskill``
package's Plackett-Luce model, a free-for-all of one-seat teams, ties
allowed), moved by each finished match in match order.

A rating is a belief about a player's skill: ``mu`` (25 at the start) and
its uncertainty ``sigma`` (25/3 at the start, shrinking as matches are
played). What is shown is the conservative ``ordinal``, mu - 3 sigma: 0 for
a new player, and rising only as the results make a high skill likely.

A match's order of finish: the winners first (level with each other), then
the seats still in ahead of those who were out (those out are level), then
by the final score in the game's own order; equal places are ties. This is
the order head to head uses (core/history.py).

A player who sat twice in one match (two bots of one level) is rated as
two seats from the same rating, and keeps the mean of the two results.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from openskill.models import PlackettLuce

__all__ = ["Rating", "START", "finish_places", "rate"]

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating, mu - 3 sigma (0 for a new player)."""
        return self.mu - 3 * self.sigma


START = Rating(_MODEL.mu, _MODEL.sigma)


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished match, as ratings read it."""

    key: str  # the player (core/history.py's PlayerKey.key)
    score: float
    won: bool
    out: bool


def finish_places(seats: Sequence[SeatResult], lowest_best: bool) -> list[int]:
    """Each seat's place (0 first; equal places are ties)."""
    def order(seat: SeatResult) -> tuple[bool, bool, float]:
        return (not seat.won, seat.out, 0.0 if seat.won or seat.out else
                (seat.score if lowest_best else -seat.score))
    orders = [order(seat) for seat in seats]
    ranked = sorted(set(orders))
    return [ranked.index(value) for value in orders]


def rate(seats: Sequence[SeatResult], lowest_best: bool, before: dict[str, Rating]) -> dict[str, Rating]:
    """The ratings of the match's players after it (``before``: their
    ratings going in; a player not in it starts at ``START``)."""
    teams = [[_MODEL.rating(mu=before.get(seat.key, START).mu, sigma=before.get(seat.key, START).sigma)]
             for seat in seats]
    if len(teams) < 2:
        return {seat.key: before.get(seat.key, START) for seat in seats}
    places = finish_places(seats, lowest_best)
    rated = _MODEL.rate(teams, ranks=[float(place) for place in places])
    gathered: dict[str, list[Rating]] = {}
    for seat, team in zip(seats, rated):
        gathered.setdefault(seat.key, []).append(Rating(float(team[0].mu), float(team[0].sigma)))
    return {key: Rating(sum(r.mu for r in got) / len(got), sum(r.sigma for r in got) / len(got))
            for key, got in gathered.items()}
