"""Bot decision time per game and level: median and p95 in milliseconds.

    python benchmarks/bench_bots.py [--games N] [--json]

Positions come from seeded games (random play, so every phase shows up) at
the game's smallest and largest player count. A decision is what the match
controller does for a bot: build the seat's view if the bot needs one, then
choose among the legal actions.
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


def decision_times(spec, level: str, found: list) -> list[float]:
    bot = spec.bots[level]()
    rng = random.Random(7)
    times = []
    clock = time.perf_counter_ns
    for state, seat in found:
        start = clock()
        view = state.view(seat) if bot.needs_view else None
        bot.choose(view, state.legal_actions(seat), rng)
        times.append((clock() - start) / 1e6)
    return times


def main() -> None:
    parser = parser_for(__doc__, games=True)
    parser.add_argument("--games", type=int, default=20, help="seeded games per player count (default 20)")
    args = parser.parse_args()
    cpu = pin_to_one_core()

    results = []
    for spec in selected_specs(args):
        for players in sorted({spec.min_players, spec.max_players}):
            found = positions(spec, players, args.games, seed=100)
            for level in spec.bots:
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
                })

    if args.json:
        emit_json({"benchmark": "bots", "cpu_pinned": cpu, "results": results})
        return
    print_table(
        ["game", "players", "level", "decisions", "median ms", "p95 ms", "max ms"],
        [[r["game"], r["players"], r["level"], r["decisions"], f"{r['median_ms']:.3g}", f"{r['p95_ms']:.3g}",
          f"{r['max_ms']:.3g}"] for r in results],
        title=f"Bot decision time over positions from {args.games} seeded games per player count, one core",
    )


if __name__ == "__main__":
    main()
