"""Rules engine speed: random playouts per second and actions per second,
for every registered game at its smallest and largest player count.

    python benchmarks/bench_rules.py [--games N] [--repeats R] [--all-counts] [--quick] [--json]

Each repeat plays N whole games with random bots in every seat (no views,
no events, no copies: core.simulate.play_out's lean path); the figure is the
median over R repeats, on one core.
"""

from __future__ import annotations

import time

from _common import cores_label, emit_json, median, parser_for, pin_to_one_core, print_table, selected_specs

from tablegames.core.simulate import play_out


def measure(spec, players: int, games: int, repeats: int) -> dict:
    levels = ["random"] * players
    play_out(spec, levels, 0)  # warm up
    rates, action_rates = [], []
    for r in range(repeats):
        seed0 = 1000 * r
        actions = 0
        start = time.perf_counter()
        for i in range(games):
            actions += play_out(spec, levels, seed0 + i).action_count
        seconds = time.perf_counter() - start
        rates.append(games / seconds)
        action_rates.append(actions / seconds)
    return {
        "game": spec.id,
        "players": players,
        "games_per_repeat": games,
        "repeats": repeats,
        "games_per_second": round(median(rates), 1),
        "actions_per_second": round(median(action_rates)),
        "actions_per_game": round(sum(play_out(spec, levels, i).action_count for i in range(20)) / 20, 1),
    }


def main() -> None:
    parser = parser_for(__doc__, games=True, quick={"games": 3, "repeats": 1})
    parser.add_argument("--games", type=int, default=200, help="games per repeat (default 200)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats; the median is reported (default 5)")
    parser.add_argument("--all-counts", action="store_true", help="every player count, not just the extremes")
    args = parser.parse_args()
    cpu = pin_to_one_core(args.quick)

    results = []
    for spec in selected_specs(args):
        counts = list(spec.player_range) if args.all_counts else sorted({spec.min_players, spec.max_players})
        for players in counts:
            results.append(measure(spec, players, args.games, args.repeats))

    if args.json:
        emit_json({"benchmark": "rules", "cpu_pinned": cpu, "results": results})
        return
    print_table(
        ["game", "players", "games/s", "actions/s", "actions/game"],
        [[r["game"], r["players"], f"{r['games_per_second']:,.0f}", f"{r['actions_per_second']:,}",
          r["actions_per_game"]] for r in results],
        title=f"Random playouts, median of {args.repeats} x {args.games} games, {cores_label(cpu)}",
    )


if __name__ == "__main__":
    main()
