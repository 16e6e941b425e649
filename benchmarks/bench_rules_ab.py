"""A/B of the rules engine: this checkout against another commit, in one run.

    python benchmarks/bench_rules_ab.py --against COMMIT [--games N] [--repeats R] [--instructions] [--quick]

The other commit's ``tablegames`` is unpacked into a temporary folder (git
archive), this checkout's copied beside it, both compiled alike. For every
game at its smallest and largest player count, old and new play the same
seeded random playouts (core.simulate.play_out, as
bench_rules.py) in fresh processes pinned to one core, alternately, R times
each; the figure is the median CPU time per game and the ratio new/old.
With --instructions each side is also counted by valgrind's callgrind
(deterministic: the same on a loaded machine), minus the start-up's count.

Each side collects its garbage after the warm-up game, so both count their
games from an empty young generation: the start-up leaves a number of young
objects behind that depends on what it imported (87 on 3eca5a9's Blind
Chicken at 3 players, 547 on 3ffeaf4's), and a collection they push into
the counted games is a one-time cost (1.58M instructions there, at the 4th
game) that 10 counted games read as 6% dearer per game. The allocator's
state after the start-up also moves a count by up to 0.7M instructions once,
so the counted games are many (docs/performance.md, "Counting instructions
fairly").

--quick compares HEAD (unless --against is given) at each game's smallest
player count, with a few games and no pinning.
"""

from __future__ import annotations

import compileall
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from _common import ROOT, emit_json, parser_for, print_table, selected_specs

# One side's measurement: CPU seconds per game over N seeded playouts.
CHILD = """
import gc, sys, time
sys.path.insert(0, sys.argv[1])
from tablegames.core import registry
from tablegames.core.simulate import play_out
spec = registry.get(sys.argv[2]); players = int(sys.argv[3]); games = int(sys.argv[4])
levels = ["random"] * players
play_out(spec, levels, 0)  # warm up (also when counting the start-up: N games minus none is N games)
gc.collect()  # both sides count from an empty young generation (see the docstring)
start = time.process_time()
for seed in range(1, games + 1):
    play_out(spec, levels, seed)
print((time.process_time() - start) / max(games, 1))
"""


def unpack(commit: str, folder: Path) -> Path:
    data = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "tablegames"],
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as archive:
        archive.extractall(folder, filter="data")
    return compiled(folder)


def this_checkout(folder: Path) -> Path:
    """A copy of this checkout's ``tablegames`` (uncommitted changes included)."""
    shutil.copytree(ROOT / "tablegames", folder / "tablegames", ignore=shutil.ignore_patterns("__pycache__"))
    return compiled(folder)


def compiled(folder: Path) -> Path:
    """Both sides compiled alike, once: with PYTHONDONTWRITEBYTECODE set a
    child compiles every module it imports, and a start that compiled leaves
    the interpreter in another state: 1.10M against 1.24M instructions a
    Nutty Business game (10 games), a side with .pyc files against one
    without."""
    compileall.compile_dir(str(folder / "tablegames"), quiet=1)
    return folder


def seconds_per_game(tree: Path, game: str, players: int, games: int, pin: bool = True) -> float:
    taskset = ["taskset", "-c", str(_core())] if pin else []
    out = subprocess.run([*taskset, sys.executable, "-c", CHILD, str(tree), game,
                          str(players), str(games)], check=True, capture_output=True, text=True).stdout
    return float(out)


def instructions(tree: Path, game: str, players: int, games: int) -> int:
    def count(n: int) -> int:
        # One fixed hash seed: string hashing moves dict lookups' collisions,
        # and with them the count, by a few percent from run to run.
        run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                              "-c", CHILD, str(tree), game, str(players), str(n)],
                             capture_output=True, text=True, check=True, env=os.environ | {"PYTHONHASHSEED": "0"})
        return int(re.search(r"Collected : (\d+)", run.stderr).group(1))  # type: ignore[union-attr]
    return (count(games) - count(0)) // games


def _core() -> int:
    return sorted(os.sched_getaffinity(0))[-1]


def main() -> None:
    parser = parser_for(__doc__, games=True,
                        quick={"against": "HEAD", "games": 2, "repeats": 1, "instruction_games": 1})
    parser.add_argument("--against", help="the old commit (or branch) to compare with (needed)")
    parser.add_argument("--games", type=int, default=200, help="playouts per measurement (default 200)")
    parser.add_argument("--repeats", type=int, default=5, help="alternating measurements per side (default 5)")
    parser.add_argument("--instructions", action="store_true", help="also count instructions with valgrind")
    parser.add_argument("--instruction-games", type=int,
                        help="playouts counted by valgrind per side (default: a tenth of --games, at least 100)")
    args = parser.parse_args()
    if args.against is None:
        parser.error("--against COMMIT is needed (the commit to compare this checkout with)")
    if args.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind (apt-get install valgrind)")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        old = unpack(args.against, Path(tmp) / "old")
        new = this_checkout(Path(tmp) / "new")
        for spec in selected_specs(args):
            for players in [spec.min_players] if args.quick else sorted({spec.min_players, spec.max_players}):
                times: dict[str, list[float]] = {"old": [], "new": []}
                for _ in range(args.repeats):
                    for side, tree in (("old", old), ("new", new)):
                        times[side].append(seconds_per_game(tree, spec.id, players, args.games, pin=not args.quick))
                old_s, new_s = statistics.median(times["old"]), statistics.median(times["new"])
                row = {"game": spec.id, "players": players, "old_us": round(old_s * 1e6),
                       "new_us": round(new_s * 1e6), "ratio": round(new_s / old_s, 3)}
                if args.instructions:
                    few = args.instruction_games or max(100, args.games // 10)
                    old_i = instructions(old, spec.id, players, few)
                    new_i = instructions(new, spec.id, players, few)
                    row |= {"old_instr": old_i, "new_instr": new_i, "instr_ratio": round(new_i / old_i, 3)}
                rows.append(row)
    if args.json:
        emit_json({"against": args.against, "rows": rows})
        return
    headers = ["Game", "Players", "Old µs/game", "New µs/game", "New/old"]
    table = [[r["game"], r["players"], r["old_us"], r["new_us"], f"{r['ratio']:.3f}"] for r in rows]
    if args.instructions:
        headers += ["Old instr/game", "New instr/game", "New/old (instr)"]
        for line, r in zip(table, rows):
            line += [f"{r['old_instr']:,}", f"{r['new_instr']:,}", f"{r['instr_ratio']:.3f}"]
    print_table(headers, table)


if __name__ == "__main__":
    main()
