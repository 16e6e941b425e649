"""Bot-only games without a UI: used by `tablegames simulate`, the
benchmarks and the property tests."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from tablegames.core.bots import normalise_level
from tablegames.core.game import GameSpec, Result


@dataclass
class Playout:
    result: Result
    actions: list[tuple[int, str]]
    action_count: int


def play_out(spec: GameSpec, levels: Sequence[str], seed: int, *, options: dict | None = None,
             record_actions: bool = False) -> Playout:
    """Play one game to the end with a bot of ``levels[seat]`` in every seat.

    The hot path builds no views for bots that do not need them, formats no
    events, and copies nothing."""
    names = [f"Seat {i + 1}" for i in range(len(levels))]
    state = spec.new_game(names, options, seed)
    bots = [spec.bots[normalise_level(level)]() for level in levels]
    rng = random.Random(seed ^ 0x5EED)
    actions: list[tuple[int, str]] = []
    count = 0
    while not state.is_over():
        seat = state.to_move()[0]  # in a simultaneous phase, any order will do
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
    # Wins by someone who is no seat (Blasting Billy's Billy), by name.
    other_wins: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else None,
            "actions": self.actions,
            "seats": [
                {
                    "seat": i + 1,
                    "bot": s.bot,
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


def simulate(spec: GameSpec, levels: Sequence[str], games: int, seed: int, *,
             options: dict | None = None,
             progress: Callable[[int], None] | None = None) -> Simulation:
    """Play ``games`` bot-only games. A shared win counts as 1/k for each of
    the k winners, so win shares add up to 1."""
    levels = [normalise_level(level) for level in levels]
    spec.check_players(len(levels))
    spec.resolve_options(options, len(levels))
    sim = Simulation(spec.id, len(levels), games, 0.0, 0, [SeatStats(level) for level in levels])
    start = time.perf_counter()
    for i in range(games):
        out = play_out(spec, levels, seed + i, options=options)
        sim.actions += out.action_count
        result = out.result
        share = 1 / (len(result.winners) + bool(result.other_winner))
        for seat in result.winners:
            sim.seats[seat].wins += share
        if result.other_winner:
            sim.other_wins[result.other_winner] = sim.other_wins.get(result.other_winner, 0) + share
        for seat, score in enumerate(out.result.scores):
            sim.seats[seat].total_score += score
        if progress:
            progress(i + 1)
    sim.seconds = time.perf_counter() - start
    return sim
