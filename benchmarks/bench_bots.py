"""Bot decision time per game and level: median and p95 in milliseconds;
and the hard bot's thinking per turn, as players see it.

    python benchmarks/bench_bots.py [--games N] [--search-positions K]
        [--turn-games G] [--turns T] [--quick] [--json]

Positions come from seeded games (random play, so every phase shows up) at
the game's smallest and largest player count. A decision is what the match
controller does for a bot: build the seat's view if the bot needs one, then
choose among the legal actions. The search level (at its default budget)
is timed on K positions spread over the games, and also reports decisions
per second and search iterations per decision.

Thinking per turn: G seeded matches per game and player count (the hard bot
in seat 1, normal bots elsewhere, at the app's default budget) played
through the match controller as the app plays them; a turn is the hard
seat's decisions in a row (nobody else deciding in between), and its
thinking is the time its decisions take (what the app shows as "... is
thinking"), up to T turns a match; with the search iterations of its
decisions that searched (median, fewest). --turn-games 0 skips it.

--quick also caps the hard bot at 0.05 s a decision (the same search, less of it).
"""

from __future__ import annotations

import random
import time

from _common import (cores_label, emit_json, median, parser_for, percentile, pin_to_one_core, print_table,
                     selected_specs, shorten_search_budget)

from tablegames.core.bots import RandomBot
from tablegames.core.match import Match
from tablegames.core.seats import Seat


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
    bot = spec.new_bot(level)
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


def turn_thinking(spec, players: int, games: int, turns: int,
                  seed: int) -> tuple[list[float], list[int], list[int]]:
    """Seconds of thinking per turn of the hard bot in seat 1 and the
    decisions in each turn, over ``games`` matches played as the app plays
    them (Match.bot_turn, decide, play_bot), up to ``turns`` turns a match;
    and the iterations of each decision it searched."""
    seats = [Seat("Hard", "search")] + [Seat(f"Bot {i + 2}", "heuristic") for i in range(players - 1)]
    thinking: list[float] = []
    decisions: list[int] = []
    iterations: list[int] = []
    clock = time.perf_counter
    for g in range(games):
        match = Match.new(spec.id, seats, seed=seed + g, autosave=False)
        hard = match._bots[0]  # to read its iterations
        last = None  # the seat that decided last
        ended = 0
        while not match.is_over():
            turn = match.bot_turn()
            assert turn is not None, "a bot-only match waits for nobody"
            hard.last_iterations = -1  # stays so unless it searches
            start = clock()
            action = turn.decide()
            seconds = clock() - start
            match.play_bot(turn, action)
            if turn.seat == 0 and hard.last_iterations >= 0:
                iterations.append(hard.last_iterations)
            if turn.seat != 0:
                if last == 0:
                    ended += 1
                last = turn.seat
                if ended >= turns:
                    break
                continue
            if last == 0:
                thinking[-1] += seconds
                decisions[-1] += 1
            else:
                thinking.append(seconds)
                decisions.append(1)
            last = 0
    return thinking, decisions, iterations


def spread(found: list, count: int) -> list:
    """``count`` positions evenly spread over ``found`` (every phase shows up)."""
    step = max(1, len(found) // count)
    return found[::step][:count]


def main() -> None:
    parser = parser_for(__doc__, games=True, quick={"games": 1, "search_positions": 1, "turns": 1})
    parser.add_argument("--games", type=int, default=20, help="seeded games per player count (default 20)")
    parser.add_argument("--search-positions", type=int, default=30,
                        help="positions timed for the search level (default 30)")
    parser.add_argument("--turn-games", type=int, default=1,
                        help="matches per game and player count timed for the hard bot's thinking per turn "
                             "(default 1; 0 skips it)")
    parser.add_argument("--turns", type=int, default=40,
                        help="hard bot turns timed per match at most (default 40)")
    args = parser.parse_args()
    cpu = pin_to_one_core(args.quick)
    if args.quick:
        shorten_search_budget(0.05)

    results = []
    for spec in selected_specs(args):
        for players in sorted({spec.min_players, spec.max_players}):
            found = positions(spec, players, args.games, seed=100)
            for level in spec.bots:
                iterations: list[int] = []
                if level == "search" and args.search_positions <= 0:
                    continue
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

    turns = []
    for spec in selected_specs(args) if args.turn_games > 0 else []:
        if "search" not in spec.bots:
            continue
        for players in sorted({spec.min_players, spec.max_players}):
            thinking, decisions, iterations = turn_thinking(spec, players, args.turn_games, args.turns, seed=300)
            several = [t for t, d in zip(thinking, decisions) if d > 1]
            turns.append({
                "game": spec.id,
                "players": players,
                "turns": len(thinking),
                "turns_of_several_decisions": len(several),
                "most_decisions": max(decisions),
                "median_ms": round(1000 * median(thinking), 1),
                "max_ms": round(1000 * max(thinking), 1),
                "median_ms_several": round(1000 * median(several), 1) if several else None,
                "median_iterations": median(iterations) if iterations else None,
                "fewest_iterations": min(iterations) if iterations else None,
            })

    if args.json:
        emit_json({"benchmark": "bots", "cpu_pinned": cpu, "results": results, "turns": turns})
        return
    print_table(
        ["game", "players", "level", "decisions", "median ms", "p95 ms", "max ms", "decisions/s",
         "iterations"],
        [[r["game"], r["players"], r["level"], r["decisions"], f"{r['median_ms']:.3g}", f"{r['p95_ms']:.3g}",
          f"{r['max_ms']:.3g}", f"{r['decisions_per_second']:,}",
          "-" if r["median_iterations"] is None else r["median_iterations"]] for r in results],
        title=f"Bot decision time over positions from {args.games} seeded games per player count, {cores_label(cpu)}",
    )
    if turns:
        print_table(
            ["game", "players", "turns", "of several", "most decisions", "median ms", "max ms",
             "median ms (several)", "iterations", "fewest"],
            [[t["game"], t["players"], t["turns"], t["turns_of_several_decisions"], t["most_decisions"],
              f"{t['median_ms']:.0f}", f"{t['max_ms']:.0f}",
              "-" if t["median_ms_several"] is None else f"{t['median_ms_several']:.0f}",
              "-" if t["median_iterations"] is None else t["median_iterations"],
              "-" if t["fewest_iterations"] is None else t["fewest_iterations"]] for t in turns],
            title=f"Hard bot's thinking per turn (its decisions in a row), {args.turn_games} match(es) per "
                  f"player count against normal bots, default budget, {cores_label(cpu)}",
        )


if __name__ == "__main__":
    main()
