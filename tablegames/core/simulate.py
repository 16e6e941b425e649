"""Bot-only games without a UI: used by `tablegames simulate`, the
benchmarks and the property tests."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from tablegames.core.bots import SIMULATE_ITERATIONS, level_name, normalise_level
from tablegames.core.game import GameSpec, Result
from tablegames.core.search import Budget, SearchBot


@dataclass
class Playout:
    result: Result
    actions: list[tuple[int, str]]
    action_count: int


def play_out(spec: GameSpec, levels: Sequence[str], seed: int, *, options: dict[str, Any] | None = None,
             record_actions: bool = False, iterations: int | None = None) -> Playout:
    """Play one game to the end with a bot of ``levels[seat]`` in every seat.

    A search bot gets ``iterations`` per decision and no time limit
    (default SIMULATE_ITERATIONS). The hot path builds no views for bots that
    do not need them, formats no events, and copies nothing."""
    names = [f"Seat {i + 1}" for i in range(len(levels))]
    state = spec.new_game(names, options, seed)
    bots = [spec.new_bot(normalise_level(level)) for level in levels]
    budget = Budget(seconds=None, iterations=iterations or SIMULATE_ITERATIONS)
    for bot in bots:
        if isinstance(bot, SearchBot):
            bot.budget = budget
    rng = random.Random(seed ^ 0x5EED)
    actions: list[tuple[int, str]] = []
    count = 0
    while movers := state.to_move():  # nobody to move: the game is over
        seat = movers[0]  # in a simultaneous phase, any order will do
        bot = bots[seat]
        view = state.view(seat) if bot.needs_view else None
        action = bot.choose(view, state.legal_actions(seat), rng)
        state.apply(seat, action)
        count += 1
        if record_actions:
            actions.append((seat, str(action)))
    return Playout(state.result(), actions, count)


@dataclass
class SeatStats:
    bot: str
    wins: float = 0.0
    total_score: float = 0.0


@dataclass
class Simulation:
    game: str
    players: int
    games: int
    seconds: float
    actions: int
    seats: list[SeatStats] = field(default_factory=list)
    # Wins by someone who is no seat (a bandit who takes the loot), by name.
    other_wins: dict[str, float] = field(default_factory=dict)
    workers: int = 1
    iterations: int | None = None  # the search bots' cap, when one plays

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else None,
            "workers": self.workers,
            "search_iterations": self.iterations,
            "actions": self.actions,
            "seats": [
                {
                    "seat": i + 1,
                    "bot": level_name(s.bot),  # as players call it: easy, normal, hard
                    "level": level_name(s.bot),
                    "wins": round(s.wins, 4),
                    "win_share": round(s.wins / self.games, 4) if self.games else 0.0,
                    "mean_score": round(s.total_score / self.games, 3) if self.games else 0.0,
                }
                for i, s in enumerate(self.seats)
            ],
            "other_winners": {
                name: {"wins": round(w, 4), "win_share": round(w / self.games, 4)}
                for name, w in self.other_wins.items()
            },
        }


@dataclass(frozen=True)
class Outcome:
    """What a simulation keeps of one game (small: it crosses processes)."""

    winners: tuple[int, ...]
    other_winner: str
    scores: tuple[float, ...]
    actions: int


def _one_game(game: GameSpec | str, levels: tuple[str, ...], seed: int, options: dict[str, Any] | None,
              iterations: int | None) -> Outcome:
    # Module-level, and in worker processes given the game's id (specs hold
    # lambdas, which do not pickle).
    from tablegames.core import registry

    spec = registry.get(game) if isinstance(game, str) else game
    out = play_out(spec, levels, seed, options=options, iterations=iterations)
    result = out.result
    return Outcome(tuple(result.winners), result.other_winner, tuple(result.scores), out.action_count)


# One game for a worker process: (index, game id, levels, seed, options, iterations).
_Job = tuple[int, str, tuple[str, ...], int, dict[str, Any] | None, int | None]


def _numbered_game(job: _Job) -> tuple[int, Outcome]:
    index, game, levels, seed, options, iterations = job
    return index, _one_game(game, levels, seed, options, iterations)


def _ignore_interrupts() -> None:
    # Ctrl+C reaches the whole process group: the parent alone handles it
    # (it stops the workers), so the workers print no tracebacks.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _registered(spec: GameSpec) -> bool:
    from tablegames.core import registry

    try:
        return registry.get(spec.id) is spec
    except registry.UnknownGame:
        return False


def default_workers() -> int:
    """One worker process per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on every platform
        return max(1, os.cpu_count() or 1)


def simulate(spec: GameSpec, levels: Sequence[str], games: int, seed: int, *,
             options: dict[str, Any] | None = None,
             progress: Callable[[int], None] | None = None,
             workers: int = 1, iterations: int | None = None) -> Simulation:
    """Play ``games`` bot-only games; game ``i`` uses seed ``seed + i``. A
    shared win counts as 1/k for each of the k winners, so win shares add up
    to 1.

    ``workers`` > 1 plays the games in that many processes. The results do
    not depend on it: every game depends only on its seed, search bots run
    on their iteration cap (``iterations``, default SIMULATE_ITERATIONS) and
    no clock, and the games are tallied in seed order."""
    levels = tuple(normalise_level(level) for level in levels)
    spec.check_players(len(levels))
    spec.resolve_options(options, len(levels))
    workers = max(1, min(workers, games))
    if workers > 1 and not _registered(spec):
        workers = 1  # a test's own game: worker processes could not find it
    searching = any(level == "search" for level in levels)
    sim = Simulation(spec.id, len(levels), games, 0.0, 0, [SeatStats(level) for level in levels],
                     workers=workers, iterations=(iterations or SIMULATE_ITERATIONS) if searching else None)
    start = time.perf_counter()
    outcomes: list[Outcome | None] = [None] * games
    if workers == 1:
        for i in range(games):
            outcomes[i] = _one_game(spec, levels, seed + i, options, iterations)
            if progress:
                progress(i + 1)
    else:
        jobs = [(i, spec.id, levels, seed + i, options, iterations) for i in range(games)]
        # Leaving the block (done, Ctrl+C, a failed game) terminates the workers.
        with multiprocessing.Pool(workers, initializer=_ignore_interrupts) as pool:
            for done, (i, finished) in enumerate(pool.imap_unordered(_numbered_game, jobs), start=1):
                outcomes[i] = finished
                if progress:
                    progress(done)
    for maybe in outcomes:
        assert maybe is not None
        outcome = maybe
        sim.actions += outcome.actions
        share = 1 / (len(outcome.winners) + bool(outcome.other_winner))
        for seat in outcome.winners:
            sim.seats[seat].wins += share
        if outcome.other_winner:
            sim.other_wins[outcome.other_winner] = sim.other_wins.get(outcome.other_winner, 0) + share
        for seat, score in enumerate(outcome.scores):
            sim.seats[seat].total_score += score
    sim.seconds = time.perf_counter() - start
    return sim
