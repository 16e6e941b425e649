"""Bot decision time per game and level: median and p95 in milliseconds.

    python benchmarks/bench_bots.py [--games N] [--search-positions K] [--json]

Positions come from seeded games (random play, so every phase shows up) at
the game's smallest and largest player count. A decision is what the match
controller does for a bot: build the seat's view if the bot needs one, then
choose among the legal actions. The search level (at its default budget,
up to 1 s a decision) is timed on K positions spread over the games, and
also reports decisions per second and search iterations per decision.
"""

from __future__ import annotations

import random
import time

from _common import emit_json, median, parser_for, percentile, pin_to_one_core, print_table, selected_specs

from tablegames.core.bots import RandomBot


def positions(spec, players: int, games: int, seed: int) -> list:
    """(state, seat) pairs: a copy of the state at every decision."""
    found = []
    chooser = RandomBot()
    for g in range(games):
        state = spec.new_game([f"Seat {i + 1}" for i in range(players)], None, seed + g)
        rng = random.Random(seed + g)
        while not state.is_over():
            seat = state.to_move()[0]
            found.append((state.copy(), seat))
            state.apply(seat, chooser.choose(None, state.legal_actions(seat), rng))
    return found


def decision_times(spec, level: str, found: list, iterations: list[int] | None = None) -> list[float]:
    bot = spec.bots[level]()
    rng = random.Random(7)
    times = []
    clock = time.perf_counter_ns
    for state, seat in found:
        start = clock()
        view = state.view(seat) if bot.needs_view else None
        legal = state.legal_actions(seat)
        bot.choose(view, legal, rng)
        times.append((clock() - start) / 1e6)
        if iterations is not None and len(legal) > 1:
            iterations.append(getattr(bot, "last_iterations", 0))
    return times


def spread(found: list, count: int) -> list:
    """``count`` positions evenly spread over ``found`` (every phase shows up)."""
    step = max(1, len(found) // count)
    return found[::step][:count]


def main() -> None:
    parser = parser_for(__doc__, games=True)
    parser.add_argument("--games", type=int, default=20, help="seeded games per player count (default 20)")
    parser.add_argument("--search-positions", type=int, default=30,
                        help="positions timed for the search level (default 30)")
    args = parser.parse_args()
    cpu = pin_to_one_core()

    results = []
    for spec in selected_specs(args):
        for players in sorted({spec.min_players, spec.max_players}):
            found = positions(spec, players, args.games, seed=100)
            for level in spec.bots:
                iterations: list[int] = []
                if level == "search":
                    times = decision_times(spec, level, spread(found, args.search_positions), iterations)
                else:
                    decision_times(spec, level, found[:50])  # warm up
                    times = decision_times(spec, level, found)
                results.append({
                    "game": spec.id,
                    "players": players,
                    "level": level,
                    "decisions": len(times),
                    "median_ms": round(median(times), 5),
                    "p95_ms": round(percentile(times, 0.95), 5),
                    "max_ms": round(max(times), 3),
                    "decisions_per_second": round(1000 * len(times) / sum(times), 1),
                    "median_iterations": median(iterations) if iterations else None,
                })

    if args.json:
        emit_json({"benchmark": "bots", "cpu_pinned": cpu, "results": results})
        return
    print_table(
        ["game", "players", "level", "decisions", "median ms", "p95 ms", "max ms", "decisions/s",
         "iterations"],
        [[r["game"], r["players"], r["level"], r["decisions"], f"{r['median_ms']:.3g}", f"{r['p95_ms']:.3g}",
          f"{r['max_ms']:.3g}", f"{r['decisions_per_second']:,}",
          "-" if r["median_iterations"] is None else r["median_iterations"]] for r in results],
        title=f"Bot decision time over positions from {args.games} seeded games per player count, one core",
    )


if __name__ == "__main__":
    main()
