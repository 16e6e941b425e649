"""State copies per second, for every registered game at its smallest and
largest player count (search bots copy thousands of states per decision).

    python benchmarks/bench_copy.py [--positions N] [--repeats R] [--quick] [--json]

Positions are taken along seeded random games (every 5th state); each
repeat copies every position once; the figure is the median over R repeats,
on one core. Also reports sampler calls per second (a state rebuilt from a
seat's view, the other half of a search bot's inner loop).
"""

from __future__ import annotations

import random
import time

from _common import cores_label, emit_json, median, parser_for, pin_to_one_core, print_table, selected_specs



def positions(spec, players: int, count: int) -> list:
    """``count`` states from seeded random games, copied as they were."""
    from tests.harness import random_steps

    out: list = []
    seed = 0
    while len(out) < count:
        for index, (state, _seat, _action) in enumerate(random_steps(spec, players, seed)):
            if index % 5 == 0 and len(out) < count:
                out.append(state.copy())
        seed += 1
    return out


def measure(spec, players: int, count: int, repeats: int) -> dict:
    states = positions(spec, players, count)
    copy_rates, sample_rates = [], []
    views = [(state.view(seat), seat) for state in states for seat in state.to_move()[:1]]
    rng = random.Random(1)
    for _ in range(repeats):
        start = time.perf_counter()
        for state in states:
            state.copy()
        copy_rates.append(len(states) / (time.perf_counter() - start))
        if spec.sample is not None:
            start = time.perf_counter()
            for view, _seat in views:
                spec.sample(view, rng)
            sample_rates.append(len(views) / (time.perf_counter() - start))
    return {
        "game": spec.id,
        "players": players,
        "positions": len(states),
        "copies_per_second": round(median(copy_rates)),
        "samples_per_second": round(median(sample_rates)) if sample_rates else None,
    }


def main() -> None:
    parser = parser_for(__doc__, games=True, quick={"positions": 20, "repeats": 1})
    parser.add_argument("--positions", type=int, default=2000, help="positions per game (default 2000)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats; the median is reported (default 5)")
    args = parser.parse_args()
    cpu = pin_to_one_core(args.quick)
    results = []
    for spec in selected_specs(args):
        for players in sorted({spec.min_players, spec.max_players}):
            results.append(measure(spec, players, args.positions, args.repeats))
    if args.json:
        emit_json({"benchmark": "copy", "cpu_pinned": cpu, "results": results})
        return
    print_table(
        ["Game", "Players", "Copies/s", "Samples/s"],
        [[r["game"], r["players"], f"{r['copies_per_second']:,}",
          "-" if r["samples_per_second"] is None else f"{r['samples_per_second']:,}"] for r in results],
        title=f"State copies and samples per second (median of repeats, {cores_label(cpu)})",
    )


if __name__ == "__main__":
    main()
