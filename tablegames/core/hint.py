"""A hint during play: the move the hard bot suggests to the seat about to
decide, and its chance of winning the match, from what that seat can see.

Off unless the match was started with hints on (``MatchRecord.hints``).
The question (``HintAsk``) holds only the seat's view, its legal moves
and its own earlier decisions (what a bot rebuilt from the record
remembers): never the state, so a hint cannot tell the seat anything its
view does not (the post-game analysis, core/analysis.py, judges a move the
same way). The answer takes the hard bot's time budget: its choice in the
first part, then the chance of the match won after that move, over
re-deals of what the seat cannot see, until the budget is spent.
"""

from __future__ import annotations

import copy
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from tablegames.core import analysis
from tablegames.core.game import GameSpec
from tablegames.core.search import DEFAULT_BUDGET, Budget, SearchBot

__all__ = ["Hint", "HintAsk", "HintBudget", "suggest"]

Decision = tuple[Mapping[str, Any], Sequence[Any], Any]  # (view, legal, action) of one earlier decision


@dataclass(frozen=True)
class HintBudget:
    """How long a hint may think: ``seconds`` in all (None: no clock,
    ``iterations`` playouts for the choice and ``worlds`` re-deals for the
    chance, as tests use), the choice taking ``choice_share`` of it."""

    # Within the hard bot's 1.2 s a turn with the drawing: 1.23 s from the
    # key to the line drawn at 1.2 s of thinking (tmux, real keys).
    seconds: float | None = 1.0
    choice_share: float = 0.6
    iterations: int = DEFAULT_BUDGET.iterations
    worlds: int = 200
    # The fewest re-deals the chance is counted over, even past the clock.
    least_worlds: int = 4


HINT_BUDGET = HintBudget()


@dataclass(frozen=True)
class HintAsk:
    """What a hint is worked out from: the seat's view and legal moves now,
    its own earlier decisions, and a seed (the match's and its length)."""

    spec: GameSpec
    seat: int
    view: Mapping[str, Any]
    legal: Sequence[Any]
    past: Sequence[Decision]
    seed: str


@dataclass(frozen=True)
class Hint:
    seat: int
    move: str  # its notation
    words: str  # the move in a player's words (GameSpec.words_for)
    chance: float  # of winning the match after the move, 0..1
    rule: str | None  # the rules page's section on that kind of move (GameSpec.rule_for)
    view: Mapping[str, Any]  # the view it answers (a screen drops a hint for another)

    def line(self) -> str:
        return f"Hint: {self.words} ({self.chance:.0%} to win)."


def suggest(ask: HintAsk, budget: HintBudget | None = None,
            clock: Callable[[], float] = time.perf_counter) -> Hint:
    """The hard bot's move for the seat and its chance of winning the match
    (within ``HINT_BUDGET`` unless told otherwise; tests set a small one)."""
    start = clock()
    if budget is None:
        budget = HINT_BUDGET
    spec = ask.spec
    # In an order of their own: the rules' order may follow the real deal.
    legal = sorted(ask.legal, key=str)
    bot = spec.new_bot("search")
    assert isinstance(bot, SearchBot), "the hard bot is core/search.py's"
    choice_seconds = None if budget.seconds is None else budget.seconds * budget.choice_share
    bot.budget = Budget(seconds=choice_seconds, iterations=budget.iterations,
                        turn_seconds=choice_seconds or DEFAULT_BUDGET.turn_seconds, turn_share=1.0)
    for seen, allowed, action in ask.past:
        bot.observe(seen, allowed, action)
    memory = copy.deepcopy(bot.remembered()) if bot.remembers else None
    rng = random.Random(ask.seed)
    bot_rng = random.Random(rng.random())
    best = bot.choose(ask.view, legal, bot_rng) if len(legal) > 1 else legal[0]
    chance_rng = random.Random(rng.random())
    deadline = None if budget.seconds is None else start + budget.seconds
    total, worlds = 0.0, 0
    while worlds < budget.worlds:
        if deadline is not None and worlds >= budget.least_worlds and clock() > deadline:
            break
        shares, _ = analysis.chances(spec, ask.view, ask.seat, [best], memory, bot.playout_policy, 1, chance_rng)
        total += shares[0]
        worlds += 1
    return Hint(ask.seat, str(best), spec.words_for(ask.view, best), total / worlds, spec.rule_for(best), ask.view)
