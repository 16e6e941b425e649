"""Random keys, clicks and resizes through the whole app, checking after
every event that nothing broke (see tests/ui/monkey.py for what is checked).

    python scripts/random_keys.py [--events 20000] [--seed 1] [--runs-of 500]

Runs of ``--runs-of`` events each from a fresh app, seeds counting up from
``--seed``: in turn at the picker, in a match whose players have names that
look like markup, and on the results of such a match. Prints the number of events survived; on a failure,
prints the seed, the event and the last events, and exits with 1. Saves go
to a temporary folder.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=20000, help="events in all (default 20000)")
    parser.add_argument("--seed", type=int, default=1, help="the first run's seed (default 1)")
    parser.add_argument("--runs-of", type=int, default=500, help="events per run (default 500)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        os.environ["TABLEGAMES_DATA_DIR"] = data
        os.chdir(data)  # a palette screenshot lands here, not in the project
        from tests.ui import monkey

        total = monkey.Tally()
        seed = args.seed
        started = time.perf_counter()
        while total.events < args.events:
            count = min(args.runs_of, args.events - total.events)
            start = monkey.STARTS[seed % len(monkey.STARTS)]
            try:
                tally = asyncio.run(monkey.run(seed, count, start=start))
            except monkey.Broken as exc:
                print(f"after {total.events} events without a fault:\n{exc}")
                return 1
            total.add(tally)
            seed += 1
            print(f"\r{total.events} events, {seed - args.seed} runs, {total.apps} app starts, "
                  f"{time.perf_counter() - started:.0f} s", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        print(f"{total.events} random events survived ({seed - args.seed} runs from seed {args.seed}): "
              f"{total.handovers} on handovers, {total.waits_to_pass} waiting to pass, "
              f"{total.results} on results; screens: "
              + ", ".join(f"{name} {count}" for name, count in total.screens.most_common()))
        print("events on each game's screen: "
              + ", ".join(f"{game} {count}" for game, count in sorted(total.games.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
