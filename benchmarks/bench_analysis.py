"""The post-game analysis (`tablegames analyse`, core/analysis.py): time per
human move and for a whole 5-player match, on all cores.

    python benchmarks/bench_analysis.py [--records N] [--seconds S] [--workers W] [--players P] [--quick] [--json]

For each game, N finished matches of P players (default 5; fewer where the
game takes fewer) are made with the normal bot's moves in every seat, four
seats human and the fifth a hard bot (its moves are not judged). Each
match is analysed whole at the budget S (default: the command's) in W
processes (default: one per core), no cache: the figure is the median
over the N matches. Per human move: the median of each match's wall time
per human move, and its CPU time per human move (this process and its
workers: what a loaded machine does not change), beside the floor measured
in the same run as CPU time: the hard bot's own choice alone at the same
budget, its mean over the moves timed (an analysis also estimates the
chances, by at most as many playouts again, played to the end of the match
rather than of the hand, and fewer once they are settled: core/analysis.py).
Each match's load average is noted beside it (``uptime``'s first figure
before and after): the wall times are what a loaded machine changes.
"""

from __future__ import annotations

import os
import random
import resource
import time

from _common import emit_json, machine, median, parser_for, print_table, selected_specs


def match(spec, players: int, seed: int):
    from tablegames.core.records import MatchRecord, Seat
    from tablegames.core.simulate import play_out

    out = play_out(spec, ["heuristic"] * players, seed, record_actions=True)
    # All but the last seat human (at 5 players: four).
    seats = [Seat(f"Player {n + 1}") for n in range(players - 1)] + [Seat("Bot", "search")]
    return MatchRecord(game=spec.id, seats=seats, seed=seed, actions=out.actions, finished=True)


def floor_per_move(record, iterations: int, moves: list[int]) -> float:
    """The hard bot's choice alone, at the same budget: its mean CPU s over
    ``moves`` (a forced move, or a hand arranged by its rules of thumb, costs
    it nothing, as the analysis counts it too: a median of a few moves was 0
    in Blenders Tricks)."""
    from tablegames.core import records, registry
    from tablegames.core.search import Budget

    spec = registry.get(record.game)
    times = []
    for index in moves:
        state = records.first_state(record)
        for mover, text in record.actions[:index]:
            state.apply(mover, spec.parse(text))
        seat = record.actions[index][0]
        bot = spec.new_bot("search")
        bot.budget = Budget(seconds=None, iterations=iterations)
        view, legal = state.view(seat), sorted(state.legal_actions(seat), key=str)
        start = time.process_time()
        bot.choose(view, legal, random.Random(index))
        times.append(time.process_time() - start)
    return sum(times) / len(times) if times else 0.0


def measure(spec, records_per_game: int, seconds: float, workers: int, floor_moves: int, seats: int) -> dict:
    from tablegames.core.analysis import analyse, human_moves, iterations_for

    players = max(spec.min_players, min(seats, spec.max_players))
    whole, per_move, cpu_per_move, floors, moves_count, loads = [], [], [], [], [], []
    for seed in range(1, records_per_game + 1):
        record = match(spec, players, seed)
        moves = human_moves(record)
        load = os.getloadavg()[0]
        start, cpu = time.perf_counter(), _cpu()
        analyse(record, seconds, workers)
        elapsed = time.perf_counter() - start
        loads.append((load, os.getloadavg()[0]))
        whole.append(elapsed)
        per_move.append(elapsed / max(1, len(moves)))
        cpu_per_move.append((_cpu() - cpu) / max(1, len(moves)))
        moves_count.append(len(moves))
        step = max(1, len(moves) // max(1, floor_moves))
        floors.append(floor_per_move(record, iterations_for(seconds), moves[::step][:floor_moves]))
    return {
        "game": spec.id, "players": players, "records": records_per_game,
        "human_moves": median(moves_count), "match_s": median(whole), "per_move_s": median(per_move),
        "cpu_per_move_s": median(cpu_per_move), "floor_cpu_s": median(floors),
        "ratio": median(cpu_per_move) / median(floors) if median(floors) else None,
        "match_cpu_s": median([c * n for c, n in zip(cpu_per_move, moves_count)]), "load": loads,
    }


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    from tablegames.core.analysis import DEFAULT_SECONDS
    from tablegames.core.simulate import default_workers

    parser = parser_for(__doc__, games=True, quick={"records": 1, "seconds": 0.002, "floor_moves": 2,
                                                             "players": 3})
    parser.add_argument("--records", type=int, default=3, help="matches per game; the median is reported (default 3)")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                        help=f"the analysis budget per move (default {DEFAULT_SECONDS}, the command's)")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    parser.add_argument("--players", type=int, default=5, help="seats per match (default 5)")
    parser.add_argument("--floor-moves", type=int, default=5, help="moves per match timed for the floor (default 5)")
    args = parser.parse_args()
    workers = args.workers or default_workers()
    results = [measure(spec, args.records, args.seconds, workers, args.floor_moves, args.players) for spec in selected_specs(args)]
    if args.json:
        emit_json({"benchmark": "analysis", "seconds": args.seconds, "workers": workers, "machine": machine(),
                   "results": results})
        return
    print_table(
        ["game", "players", "human moves", "whole match s", "per move s", "CPU s per move", "floor CPU s",
         "x floor"],
        [[r["game"], r["players"], f"{r['human_moves']:.0f}", f"{r['match_s']:.1f}", f"{r['per_move_s']:.3f}",
          f"{r['cpu_per_move_s']:.3f}", f"{r['floor_cpu_s']:.3f}", "-" if r["ratio"] is None else f"{r['ratio']:.2f}"]
         for r in results],
        title=f"Analysis at --seconds {args.seconds:g} on {workers} worker{'s' if workers != 1 else ''} "
              f"(medians of {args.records} match{'es' if args.records != 1 else ''} a game)",
    )
    for r in results:
        print(f"{r['game']}: a whole match {r['match_cpu_s']:.1f} CPU s; load average before-after each match: "
              + ", ".join(f"{a:.1f}-{b:.1f}" for a, b in r["load"]))


if __name__ == "__main__":
    main()
