"""History: the index of finished matches at 10,000 of them.

    python benchmarks/bench_history.py [--matches N] [--repeats R] [--dir FOLDER] [--quick] [--json]

Makes N finished matches (default 10,000) in FOLDER/matches/finished
(default: a folder in the system's temporary folder, kept between runs: the
matches are made once), from seeded bot-only games of every game with easy
(random) bots, written as records with seats taken from a dozen names and
bots; then measures, medians of R repeats (default 5):
- `tablegames stats --json` and `tablegames history --json`, the whole
  command (a new Python process), with the index up to date;
- opening the history when it is up to date (the folder compared with the
  index: no record is read), and the statistics of every player from it,
  and of the most played game (each player's rating in it included);
- every rating worked out anew from the index's rows (what a rebuild adds
  for the ratings, core/ratings.py; rolled back after);
- the index update when a match finishes (history.note_finished, what
  the hook saves.save calls: the record replayed, one transaction);
- a full rebuild of the index from the N records (3 repeats at most), and
  its rate in records per second.

--quick makes its few matches in a new temporary folder (removed after),
unless --dir is given.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, emit_json, median, parser_for, print_table

from tablegames.core import history, registry, saves
from tablegames.core.bots import LEVELS
from tablegames.core.records import MatchRecord, Seat
from tablegames.core.simulate import play_out

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee"]


def make_matches(folder: Path, count: int, seed: int = 1) -> int:
    """``count`` finished records in ``folder``/matches/finished (the ones
    there already are kept): returns how many were made."""
    finished = folder / "matches" / "finished"
    finished.mkdir(parents=True, exist_ok=True)
    have = sum(1 for name in os.listdir(finished) if name.endswith(".json"))
    specs = registry.all_specs()
    rng = random.Random(seed)
    start = time.time() - count * 600  # one match every ten minutes, up to now
    made = 0
    for n in range(have, count):
        spec = specs[n % len(specs)]
        players = rng.randint(spec.min_players, min(spec.max_players, 5))
        names = rng.sample(NAMES, players)
        seats = [Seat(name) if rng.random() < 0.8 else Seat(f"Bot {i + 1}", rng.choice(LEVELS))
                 for i, name in enumerate(names)]
        game_seed = seed * 1_000_003 + n
        out = play_out(spec, ["random"] * players, game_seed, record_actions=True)
        when = start + n * 600
        stamp = time.strftime("%Y-%m-%d %H:%M", time.gmtime(when))
        record = MatchRecord(game=spec.id, seats=seats, seed=game_seed, actions=out.actions, finished=True,
                             id=f"{n:08x}", created=time.strftime("%Y-%m-%d %H:%M", time.gmtime(when - 900)),
                             updated=stamp)
        path = finished / f"{spec.id}-{record.id}.json"
        path.write_text(json.dumps(record.to_json(), indent=1), encoding="utf-8")
        os.utime(path, (when + 30, when + 30))
        made += 1
    return made


def command_seconds(folder: Path, *argv: str) -> float:
    env = dict(os.environ, TABLEGAMES_DATA_DIR=str(folder), PYTHONPATH=str(ROOT))
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "tablegames", *argv], env=env, capture_output=True, text=True)
    took = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"tablegames {' '.join(argv)} failed: {done.stderr.strip()}")
    return took


def remove_index(folder: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(str(history.index_path(folder)) + suffix).unlink(missing_ok=True)


def update_ms(folder: Path, repeats: int) -> tuple[float, float]:
    """Median ms of the index update when a match finishes, and of the
    whole finishing save (saves.save, the hook included)."""
    os.environ["TABLEGAMES_DATA_DIR"] = str(folder)
    spec = registry.get("blind-chicken")
    hooks, finishing = [], []
    saves.on_finished(history.note_finished)  # as the app does (ui/app.py)
    for n in range(repeats):
        out = play_out(spec, ["random"] * 4, 900_000 + n, record_actions=True)
        record = MatchRecord(game=spec.id, seats=[Seat(name) for name in NAMES[:4]], seed=900_000 + n,
                             actions=out.actions[:-1])
        path = saves.save(record)
        record.actions = out.actions
        record.finished = True
        began = time.perf_counter()
        path = saves.save(record, path)
        finishing.append(time.perf_counter() - began)
        began = time.perf_counter()
        history.note_finished(path)  # again: what the hook inside the save cost
        hooks.append(time.perf_counter() - began)
        path.unlink()
    with history.History(folder):
        pass  # the removed records leave the index
    return median(hooks) * 1000, median(finishing) * 1000


def main() -> None:
    parser = parser_for(__doc__, quick={"matches": 20, "repeats": 1, "dir": None})
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "tablegames-bench-history")
    args = parser.parse_args()
    folder: Path = args.dir or Path(tempfile.mkdtemp(prefix="tablegames-bench-history-"))
    try:
        measure(args, folder)
    finally:
        if args.dir is None:
            shutil.rmtree(folder, ignore_errors=True)


def measure(args, folder: Path) -> None:
    began = time.perf_counter()
    made = make_matches(folder, args.matches)
    making = time.perf_counter() - began
    if not args.json:
        print(f"{args.matches:,} finished matches in {folder} ({made:,} made in {making:.1f} s)")

    rebuilds = []
    for _ in range(min(3, args.repeats)):
        remove_index(folder)
        began = time.perf_counter()
        with history.History(folder) as h:
            indexed = len(h.matches())
        rebuilds.append(time.perf_counter() - began)
    opens, stats_calls, game_stats_calls, rerates = [], [], [], []
    for _ in range(args.repeats):
        began = time.perf_counter()
        with history.History(folder) as h:
            opens.append(time.perf_counter() - began)
            began = time.perf_counter()
            players = len(h.stats())
            stats_calls.append(time.perf_counter() - began)
            # One game's statistics, with each player's rating in it.
            game = h.games()[0][0]
            began = time.perf_counter()
            h.stats(game)
            game_stats_calls.append(time.perf_counter() - began)
            # Every rating worked out anew (a rebuild's share; rolled back).
            h._con.execute("BEGIN IMMEDIATE")
            began = time.perf_counter()
            history._write(h._con, (), (), rerate_all=True)
            rerates.append(time.perf_counter() - began)
            h._con.execute("ROLLBACK")
    stats_cmd = [command_seconds(folder, "stats", "--json") for _ in range(args.repeats)]
    history_cmd = [command_seconds(folder, "history", "--json") for _ in range(args.repeats)]
    list_cmd = [command_seconds(folder, "list") for _ in range(args.repeats)]
    hook_ms, save_ms = update_ms(folder, max(args.repeats, 10))

    rebuild = median(rebuilds)
    data = {
        "matches": args.matches, "indexed": indexed, "players": players,
        "stats_command_s": round(median(stats_cmd), 3), "history_command_s": round(median(history_cmd), 3),
        "list_command_s": round(median(list_cmd), 3),
        "open_up_to_date_ms": round(median(opens) * 1000, 1), "stats_call_ms": round(median(stats_calls) * 1000, 1),
        "update_on_finish_ms": round(hook_ms, 2), "finishing_save_ms": round(save_ms, 2),
        "game_stats_call_ms": round(median(game_stats_calls) * 1000, 1),
        "ratings_anew_s": round(median(rerates), 2),
        "rebuild_s": round(rebuild, 2), "rebuild_records_per_s": round(args.matches / rebuild),
        "repeats": args.repeats,
    }
    if args.json:
        emit_json(data)
        return
    print_table(["What", "Median", "Target"], [
        ["tablegames stats --json", f"{data['stats_command_s']:.2f} s", "< 0.5 s"],
        ["tablegames history --json (20 newest)", f"{data['history_command_s']:.2f} s", ""],
        ["tablegames list (Python and the app, for scale)", f"{data['list_command_s']:.2f} s", ""],
        ["open the history, up to date", f"{data['open_up_to_date_ms']:.1f} ms", ""],
        [f"statistics of all {players} players", f"{data['stats_call_ms']:.1f} ms", ""],
        ["statistics of the most played game, ratings included", f"{data['game_stats_call_ms']:.1f} ms", ""],
        [f"every rating worked out anew ({args.matches:,} matches)", f"{data['ratings_anew_s']:.2f} s", ""],
        ["index update when a match finishes", f"{data['update_on_finish_ms']:.2f} ms", "< 20 ms"],
        ["the finishing save, that update included", f"{data['finishing_save_ms']:.2f} ms", ""],
        [f"full rebuild of {args.matches:,} records", f"{rebuild:.1f} s "
         f"({data['rebuild_records_per_s']:,} records/s)", ""],
    ], title=f"History at {args.matches:,} finished matches, medians of {args.repeats} runs")


if __name__ == "__main__":
    main()
