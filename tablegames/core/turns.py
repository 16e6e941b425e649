"""Who comes after whom round the table, worked out once per table size.

Play passes clockwise, to the left: the seat after seat ``s`` of an
``n``-seat table is ``s + 1``, the last seat's is seat 0. ``BaseState``
(core/state.py) holds these tables, so a game asks the state who is next
and never does the arithmetic itself; they are tuples shared by every
state of that size, read on the hottest paths at the cost of a lookup.
"""

from __future__ import annotations

from functools import cache


@cache
def next_seats(n: int) -> tuple[int, ...]:
    """``next_seats(n)[s]``: the seat after ``s`` clockwise (its left neighbour)."""
    return tuple(range(1, n)) + (0,) if n else ()


@cache
def others_from(n: int) -> tuple[tuple[int, ...], ...]:
    """``others_from(n)[s]``: every seat but ``s``, clockwise from the one after it."""
    return tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n))
