"""Which Blind Chicken cards show chickens, and how many eggs.

The rulebook does not list them. This is the one table to swap for another
edition (our ruling, on the rules page rules.md): every card n with n mod 5 == 2 is a chicken, with
1 + (n div 5) mod 4 eggs.
"""

from typing import Iterable

DECK_SIZE = 60


def _eggs(n: int) -> int:
    return 1 + (n // 5) % 4 if n % 5 == 2 else 0


# EGGS[n] is the number of eggs on card n (0 for a card without a chicken).
EGGS: tuple[int, ...] = tuple(_eggs(n) for n in range(DECK_SIZE))
CHICKENS: tuple[int, ...] = tuple(n for n in range(DECK_SIZE) if EGGS[n])

# Lowest card kept in the deck, by player count (3: 0-23 out; 4: 0-11 out).
LOWEST_CARD = {3: 24, 4: 12, 5: 0, 6: 0}


def card_id(n: int) -> str:
    """How a card appears in views (a token no other number can be mistaken for)."""
    return f"C{n}"


def card_number(card_id_text: str) -> int:
    return int(card_id_text[1:])


def trick_score(cards: Iterable[int]) -> int:
    """Minus points of one trick: -(sum of eggs) x (number of chickens)."""
    eggs = 0
    chickens = 0
    for n in cards:
        e = EGGS[n]
        if e:
            eggs += e
            chickens += 1
    return -eggs * chickens
