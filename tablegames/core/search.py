"""The hard computer player: determinised Monte Carlo search over what the
seat may know, for every game.

Each iteration re-deals everything the seat cannot see (the game's sampler,
from the seat's view only), picks a root action by UCB1, and plays the game
out to the end with a fast policy. The action tried most often wins. The bot
never sees the real state: it gets the view and the legal actions like
every bot. Decision time is bounded by a time budget and an iteration cap,
whichever comes first; with the cap binding, a seed gives the same choice.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from tablegames.core.errors import IllegalAction
from tablegames.core.game import GameSpec, GameState, Result

# Reward = WIN_WEIGHT x share of the win + the rest x rank among the seats.
WIN_WEIGHT = 0.7
EXPLORATION = 0.6


@dataclass(frozen=True)
class Budget:
    """At most ``seconds`` (None: no clock) and ``iterations`` per decision."""

    seconds: float | None = 1.0
    iterations: int = 4000
    # Actions a playout may take before it is scored as it stands (a guard
    # for games that could run long under random play).
    playout_limit: int = 3000


DEFAULT_BUDGET = Budget()


def reward(result: Result, seat: int) -> float:
    """How good a finished game is for ``seat``, from 0 to 1."""
    winners = len(result.winners) + bool(result.other_winner)
    win = 1 / winners if seat in result.winners else 0.0
    return WIN_WEIGHT * win + (1 - WIN_WEIGHT) * _rank(result.scores, seat)


def stage_reward(gains: Sequence[float], seat: int) -> float:
    """How good the end of a stage (a hand) is for ``seat``: judged by what
    each seat gained during it, as if the stage were the whole game."""
    best = max(gains)
    leaders = sum(1 for g in gains if g == best)
    win = 1 / leaders if gains[seat] == best else 0.0
    return WIN_WEIGHT * win + (1 - WIN_WEIGHT) * _rank(gains, seat)


def _rank(scores: Sequence[float], seat: int) -> float:
    """The share of the other seats that ``seat`` beats (ties count half)."""
    others = len(scores) - 1
    if others <= 0:
        return 1.0
    mine = scores[seat]
    beaten = sum(1 for s in scores if s < mine) + 0.5 * (sum(1 for s in scores if s == mine) - 1)
    return beaten / others


class SearchBot:
    """Flat determinised Monte Carlo with UCB1 at the root."""

    needs_view = True

    def __init__(self, spec: Callable[[], GameSpec], policy: Callable[[], Any],
                 budget: Budget = DEFAULT_BUDGET, advisor: Callable[[], Any] | None = None) -> None:
        self._spec = spec
        self._policy_factory = policy
        # The heuristic's own choice is always a candidate: in a free-form
        # phase (arranging a hand) the legal list holds only a few examples.
        self._advisor = advisor
        self.budget = budget
        self.last_iterations = 0  # for the benchmarks

    def choose(self, view: Mapping[str, Any] | None, legal: Sequence[Any],
               rng: random.Random) -> Any:
        if len(legal) == 1 or view is None:
            return legal[0]
        spec = self._spec()
        if spec.sample is None:
            return self._policy_factory().choose(view, legal, rng)
        seat = view["seat"]
        policy = self._policy_factory()
        rng = random.Random(rng.random())  # own stream: reproducible per decision
        if self._advisor is not None:
            advice = self._advisor().choose(view, legal, rng)
            if advice not in legal:
                legal = [*legal, advice]
        visits = [0] * len(legal)
        totals = [0.0] * len(legal)
        budget = self.budget
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        iterations = 0
        while iterations < budget.iterations:
            if deadline is not None and iterations % 8 == 0 and time.perf_counter() > deadline:
                break
            iterations += 1
            index = _ucb(visits, totals, iterations)
            state = spec.sample(view, rng)
            try:
                state.apply(seat, legal[index])
            except IllegalAction:
                # Not legal in this re-deal (the view allowed it, a sample
                # cannot refuse it in a sound game): count it as a loss.
                visits[index] += 1
                continue
            totals[index] += _play_out(state, seat, policy, rng, budget.playout_limit)
            visits[index] += 1
        self.last_iterations = iterations
        best = max(range(len(legal)), key=lambda i: (visits[i], totals[i]))
        return legal[best]


def _ucb(visits: list[int], totals: list[float], iteration: int) -> int:
    for i, v in enumerate(visits):
        if v == 0:
            return i
    log_n = math.log(iteration)
    return max(range(len(visits)),
               key=lambda i: totals[i] / visits[i] + EXPLORATION * math.sqrt(log_n / visits[i]))


def _play_out(state: GameState, seat: int, policy: Any, rng: random.Random, limit: int) -> float:
    """Play on with ``policy`` in every seat (it sees only views) and return
    the reward for ``seat``. A game whose state has ``stage()`` and
    ``standings()`` (several scored hands) is played only to the end of the
    current stage: later deals add noise, not information."""
    needs_view = getattr(policy, "needs_view", False)
    stage = getattr(state, "stage", None)
    standings = getattr(state, "standings", None)
    start_stage = stage() if stage is not None else None
    start = standings() if standings is not None else None
    for _ in range(limit):
        if state.is_over():
            return reward(state.result(), seat)
        if stage is not None and start is not None and stage() != start_stage:
            assert standings is not None
            return stage_reward([b - a for a, b in zip(start, standings())], seat)
        mover = state.to_move()[0]
        legal = state.legal_actions(mover)
        state.apply(mover, policy.choose(state.view(mover) if needs_view else None, legal, rng))
    raise RuntimeError("a playout did not end: raise Budget.playout_limit")
