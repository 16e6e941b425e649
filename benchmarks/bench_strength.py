"""How strong the hard bot (the search level) is: win shares with 95%
confidence intervals, and its decision time at the default budget.

    python benchmarks/bench_strength.py [--game ID] [--players N] [--games K]
        [--iterations I] [--workers W] [--against normal,easy]
        [--timing-positions P] [--option KEY=VALUE] [--jsonl FILE] [--quick] [--json]

For every game with a hard bot, every player count (or those given with
--players) and every opponent level in --against, it plays K games with the
hard bot in seat 1 and bots of that level elsewhere, then the same K seeds
with a normal bot in seat 1 instead (the normal bot's own share in the same
setting). Games use `tablegames simulate`'s engine: the hard bot searches
exactly I iterations a move, no clock, so the figures are reproducible and
do not depend on W. A shared win counts 1/k to each of k winners; the
interval is Wilson's score interval on K games.

Then the hard bot is timed at its default budget (the app's: up to 1 s and
its iteration cap a move) on P positions spread over seeded random games:
median and maximum decision time. --timing-positions 0 skips it.

Each row is printed (and appended to --jsonl) as soon as it is measured, so
a long run that is stopped keeps what it measured.

--quick: one game per cell at each game's smallest player count (unless
--players is given), and the timing's hard bot capped at 0.05 s a decision.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time

from _common import emit_json, median, parser_for, print_table, selected_specs, shorten_search_budget

from tablegames.core import search
from tablegames.core.bots import SIMULATE_ITERATIONS, level_name
from tablegames.core.simulate import default_workers, simulate

Z95 = 1.96


def wilson(share: float, games: int) -> tuple[float, float]:
    """95% Wilson score interval for a win share over ``games`` games."""
    if games == 0:
        return 0.0, 1.0
    denominator = 1 + Z95**2 / games
    centre = (share + Z95**2 / (2 * games)) / denominator
    half = Z95 * math.sqrt(share * (1 - share) / games + Z95**2 / (4 * games**2)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def seat_one_share(spec, levels: list[str], games: int, seed: int, options: dict, workers: int,
                   iterations: int) -> tuple[float, float]:
    """Seat 1's win share over ``games`` games, and the seconds they took."""
    sim = simulate(spec, levels, games, seed, options=options, workers=workers, iterations=iterations)
    return sim.seats[0].wins / games, sim.seconds


def decision_times(spec, players: int, count: int, seed: int) -> tuple[list[float], list[int]]:
    """The hard bot at its default budget on ``count`` positions spread over
    seeded random games: seconds per decision and iterations searched."""
    from bench_bots import positions, spread

    found = [(state, seat) for state, seat in positions(spec, players, 3, seed)
             if len(state.legal_actions(seat)) > 1]
    bot = spec.new_bot("search")
    bot.budget = search.DEFAULT_BUDGET
    rng = random.Random(seed)
    times, iterations = [], []
    for state, seat in spread(found, count):
        start = time.perf_counter()
        bot.choose(state.view(seat), state.legal_actions(seat), rng)
        times.append(time.perf_counter() - start)
        iterations.append(bot.last_iterations)
    return times, iterations


def main() -> None:
    parser = parser_for(__doc__, games=True, quick={"games": 1, "iterations": 5, "workers": 1,
                                                    "against": "normal", "timing_positions": 1})
    parser.add_argument("--players", type=int, action="append", help="only this player count (repeatable)")
    parser.add_argument("--games", type=int, default=200, help="games per cell (default 200)")
    parser.add_argument("--iterations", type=int, default=SIMULATE_ITERATIONS,
                        help=f"search iterations per move of the hard bot (default {SIMULATE_ITERATIONS})")
    parser.add_argument("--workers", type=int, default=default_workers(),
                        help="processes (default: one per core)")
    parser.add_argument("--against", default="normal,easy", help="opponent levels (default normal,easy)")
    parser.add_argument("--timing-positions", type=int, default=20,
                        help="positions timed at the default budget per game and player count (default 20)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--jsonl", help="append each row to this file as one JSON line")
    args = parser.parse_args()
    if args.quick:
        shorten_search_budget(0.05)
    options = dict(item.split("=", 1) for item in args.option)
    against = [part.strip() for part in args.against.split(",") if part.strip()]

    rows = []
    for spec in selected_specs(args):
        if "search" not in spec.bots:
            continue
        for players in spec.player_range:
            if args.players and players not in args.players:
                continue
            if args.quick and not args.players and players != spec.min_players:
                continue
            resolved = spec.resolve_options(options, players)
            for opponent in against:
                others = [opponent] * (players - 1)
                hard, hard_seconds = seat_one_share(spec, ["hard", *others], args.games, args.seed, resolved,
                                                    args.workers, args.iterations)
                normal, _ = seat_one_share(spec, ["normal", *others], args.games, args.seed, resolved,
                                           args.workers, args.iterations)
                low, high = wilson(hard, args.games)
                n_low, n_high = wilson(normal, args.games)
                row = {
                    "game": spec.id, "players": players, "against": level_name(opponent),
                    "games": args.games, "seeds": [args.seed, args.seed + args.games - 1],
                    "iterations": args.iterations, "options": resolved,
                    "fair_share": round(1 / players, 4),
                    "hard_share": round(hard, 4), "hard_ci95": [round(low, 4), round(high, 4)],
                    "hard_vs_fair": round(hard * players, 2),
                    "normal_share": round(normal, 4), "normal_ci95": [round(n_low, 4), round(n_high, 4)],
                    "seconds": round(hard_seconds, 1),
                }
                rows.append(row)
                _report(row, args.jsonl)
            if args.timing_positions:
                times, iterations = decision_times(spec, players, args.timing_positions, seed=100)
                row = {"game": spec.id, "players": players, "timed_positions": len(times),
                       "budget_seconds": search.DEFAULT_BUDGET.seconds,
                       "budget_iterations": search.DEFAULT_BUDGET.iterations,
                       "median_ms": round(1000 * median(times), 1), "max_ms": round(1000 * max(times), 1),
                       "median_iterations": median(iterations)}
                rows.append(row)
                _report(row, args.jsonl)

    if args.json:
        emit_json({"benchmark": "strength", "rows": rows})
        return
    shares = [r for r in rows if "hard_share" in r]
    print_table(
        ["game", "players", "against", "games", "hard share (95% CI)", "x fair", "normal share (95% CI)"],
        [[r["game"], r["players"], r["against"], r["games"],
          f"{r['hard_share']:.1%} ({r['hard_ci95'][0]:.1%}-{r['hard_ci95'][1]:.1%})", f"{r['hard_vs_fair']}x",
          f"{r['normal_share']:.1%} ({r['normal_ci95'][0]:.1%}-{r['normal_ci95'][1]:.1%})"] for r in shares],
        title=f"Hard bot in seat 1 ({args.iterations} iterations a move) against the others; "
              f"normal bot in seat 1 on the same seeds",
    )
    timed = [r for r in rows if "median_ms" in r]
    if timed:
        print()
        print_table(["game", "players", "positions", "median ms", "max ms", "median iterations"],
                    [[r["game"], r["players"], r["timed_positions"], r["median_ms"], r["max_ms"],
                      r["median_iterations"]] for r in timed],
                    title=f"Hard bot decision time at the default budget ({search.DEFAULT_BUDGET.seconds} s, "
                          f"{search.DEFAULT_BUDGET.iterations} iterations)")


def _report(row: dict, path: str | None) -> None:
    print(json.dumps(row), file=sys.stderr, flush=True)
    if path:
        with open(path, "a") as out:
            out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
