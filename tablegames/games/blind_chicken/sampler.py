"""A full Blind Chicken state consistent with one seat's view, for the
search bot and the view-leak audit: what the seat cannot see is re-dealt."""

from __future__ import annotations

import random
from typing import Any, Mapping

from tablegames.games.blind_chicken.bot import arrange
from tablegames.games.blind_chicken.cards import DECK_SIZE, EGGS, LOWEST_CARD, card_number
from tablegames.games.blind_chicken.rules import BlindChickenState
from tablegames.games.blind_chicken.vocab import OVER, Phase


def sample(view: Mapping[str, Any], rng: random.Random, memory: Any = None) -> BlindChickenState:
    """The other hands and the plain (chicken-less) cards of taken tricks
    are re-dealt from the cards the seat has not seen, a rival who has
    arranged but not played in the shape a player gives its hand. A seat's
    view says all it knows, so ``memory`` is not needed."""
    seat = view["seat"]
    n = len(view["names"])
    seed = rng.randrange(2**31)
    phase = Phase(view["phase"])
    trick = [card_number(c) for _, c in view["trick"]]
    last = view["last_trick"]
    last_cards = None if last is None else tuple(card_number(c) for c in last["cards"])
    own = [card_number(c) for c in view["hand"]] if seat is not None else []
    seen = set(own) | set(trick)
    seen |= {card_number(c) for tricks in view["taken"] for t in tricks for c in t["chickens"]}
    if last_cards is not None:
        seen |= set(last_cards)
    unseen = [c for c in range(LOWEST_CARD[n], DECK_SIZE) if c not in seen]
    rng.shuffle(unseen)
    plain = [c for c in unseen if not EGGS[c]]
    taken: list[list[tuple[int, ...]]] = []
    for s in range(n):
        tricks: list[tuple[int, ...]] = []
        for i, t in enumerate(view["taken"][s]):
            if last_cards is not None and s == last["winner"] and i == len(view["taken"][s]) - 1:
                tricks.append(last_cards)  # the last trick lies open
                continue
            chickens = [card_number(c) for c in t["chickens"]]
            fill = [plain.pop() for _ in range(t["size"] - len(chickens))]
            tricks.append(tuple(chickens + fill))
        taken.append(tricks)
    used = {c for tricks in taken for t in tricks for c in t}
    rest = [c for c in unseen if c not in used]
    hands = []
    for s in range(n):
        if s == seat:
            hands.append(list(own))
        else:
            size = view["hand_sizes"][s]
            dealt = rest[:size]
            rest = rest[size:]
            # A rival who has arranged and not played yet holds its hand as
            # the normal player arranges it (bot.py: highest cards at both
            # ends). Once it has played, its ends are cut to what it played
            # from them, which the view does not show: arranging the rest
            # anyway put high cards at ends the history ruled out (docs/bots.md).
            full = size == (DECK_SIZE - LOWEST_CARD[n]) // n
            hands.append(list(arrange(dealt)) if view["ordered"][s] and full else dealt)
    return BlindChickenState(
        view["names"], random.Random(seed), target=view["target"], hand_limit=view["hand_limit"], dealer=view["dealer"],
        hand_no=view["hand_no"] - (0 if phase == OVER else 1), hand_scores=view["hand_scores"],
        hands=hands, taken=taken, leader=view["leader"], trick=trick, phase=phase,
        arranging=[s for s in range(n) if not view["ordered"][s]],
    )
