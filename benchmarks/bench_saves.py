"""Saves: what a durable save costs per move, and how fast the picker lists
many saved matches.

    python benchmarks/bench_saves.py [--saves N] [--repeats R] [--dir FOLDER] [--quick] [--json]

Save: one Blind Chicken match (4 random bots, 1 hand) saved after every move
with saves.save, once as shipped (the temporary file and the folder
fsynced) and once with fsync turned off, in FOLDER (default: a new folder
in the system's temporary folder; pass a folder on the disk your data
directory lives on for the figure that matters). Median milliseconds per
save.

Listing: N saved matches (default 1,000), listed by resumable.unfinished()
(what the picker runs on every return) and by the picker screen itself
(resumable.unfinished() plus filling the list), medians of R repeats:
- N finished matches (they live in matches/finished/, whose records the
  listing never reads: it only looks at the names) plus 5 unfinished ones;
- N unfinished matches, the first listing of a run (every record read,
  checked and replayed), the same without the replays (what the replays
  cost), and a return to the picker (unchanged files are not read again);
- the one-off first listing after an upgrade, when N finished matches saved
  by an older version sit in matches/ and are replayed once and moved out.
The unfinished matches are the longest to replay: Blind Chicken at its
default length (4 players, 3 hands), one move before the end.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import tempfile
import time
from pathlib import Path

from _common import emit_json, median, parser_for, pin_to_one_core, print_table

from tablegames.core import paths, records, registry, resumable, saves
from tablegames.core.records import MatchRecord, Seat
from tablegames.core.simulate import play_out

GAME = "blind-chicken"


def a_match(seed: int, moves: int | None = None, hands: int = 1) -> MatchRecord:
    options = {"hands": hands}
    out = play_out(registry.get(GAME), ["random"] * 4, seed, options=options, record_actions=True)
    actions = out.actions if moves is None else out.actions[:moves]
    return MatchRecord(game=GAME, seats=[Seat("Ann"), Seat("Ben"), Seat("Cid", "random"), Seat("Dee", "random")],
                       seed=seed, options=options, actions=actions, finished=moves is None)


def save_cost(folder: Path, fsync: bool) -> tuple[float, int]:
    """Median ms per save over one whole match, saved after every move."""
    full = a_match(7)
    record = MatchRecord(game=GAME, seats=full.seats, seed=full.seed, options=full.options)
    path = folder / "bench-save.json"
    real = os.fsync
    if not fsync:
        os.fsync = lambda fd: None  # type: ignore[assignment]
    try:
        times = []
        for action in full.actions:
            record.actions.append(action)
            start = time.perf_counter()
            saves.save(record, path)
            times.append(time.perf_counter() - start)
    finally:
        os.fsync = real
    return median(times) * 1000, len(times)


def fill(data: Path, finished: int, unfinished: int, legacy: bool = False) -> None:
    """``finished`` finished matches (in matches/finished/, or in matches/
    with ``legacy``) and ``unfinished`` ones, as the app saves them."""
    if data.exists():
        shutil.rmtree(data)
    os.environ["TABLEGAMES_DATA_DIR"] = str(data)
    done = a_match(3)
    half = a_match(4, moves=-1, hands=3)  # one move before the end of a long match
    for i in range(finished):
        done.id = f"done{i:05d}"
        if legacy:
            path = paths.matches_dir() / f"{GAME}-{done.id}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(done.to_json(), indent=1))
        else:
            saves.save(done)
    for i in range(unfinished):
        half.id = f"open{i:05d}"
        saves.save(half)


class _NotOver:
    def is_over(self) -> bool:
        return False


def time_listing(repeats: int, cold: bool, replay: bool = True) -> float:
    times = []
    real = records.replay
    if not replay:
        records.replay = lambda record, events=None: _NotOver()  # type: ignore[assignment,return-value]
    try:
        for _ in range(repeats):
            if cold:
                resumable._listed.clear()
            start = time.perf_counter()
            resumable.unfinished()
            times.append(time.perf_counter() - start)
    finally:
        records.replay = real
    return median(times) * 1000


def time_picker(repeats: int) -> float:
    """The picker's own listing (records plus the option list), on returns."""
    from tablegames.ui.app import TableGamesApp
    from tablegames.ui.picker import PickerScreen

    times: list[float] = []

    async def run() -> None:
        app = TableGamesApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            picker = app.screen
            assert isinstance(picker, PickerScreen)
            for _ in range(repeats):
                start = time.perf_counter()
                picker.load_saves()
                times.append(time.perf_counter() - start)
                await pilot.pause()

    asyncio.run(run())
    return median(times) * 1000


def main() -> None:
    parser = parser_for(__doc__, quick={"saves": 10, "repeats": 1})
    parser.add_argument("--saves", type=int, default=1000, help="saved matches to list (default 1000)")
    parser.add_argument("--repeats", type=int, default=7, help="repeats per listing figure (default 7)")
    parser.add_argument("--dir", help="folder to measure saving in (default: a temporary folder)")
    args = parser.parse_args()
    cpu = pin_to_one_core(args.quick)
    n = args.saves
    results: dict[str, float | int] = {}
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        base = Path(tmp)
        folder = base / "save"
        folder.mkdir()
        results["save_ms_fsync"], results["saves_per_match"] = save_cost(folder, fsync=True)
        results["save_ms_no_fsync"], _ = save_cost(folder, fsync=False)
        data = base / "data"
        fill(data, finished=n, unfinished=5)
        results["list_finished_ms"] = time_listing(args.repeats, cold=True)
        results["picker_finished_ms"] = time_picker(args.repeats)
        fill(data, finished=0, unfinished=n)
        results["list_unfinished_first_ms"] = time_listing(args.repeats, cold=True)
        results["list_unfinished_first_no_replay_ms"] = time_listing(args.repeats, cold=True, replay=False)
        results["list_unfinished_return_ms"] = time_listing(args.repeats, cold=False)
        results["picker_unfinished_return_ms"] = time_picker(args.repeats)
        fill(data, finished=n, unfinished=0, legacy=True)
        resumable._listed.clear()
        start = time.perf_counter()
        resumable.unfinished()
        results["upgrade_once_ms"] = (time.perf_counter() - start) * 1000
        assert not list(paths.matches_dir().glob("*.json"))
    if args.json:
        emit_json({"benchmark": "saves", "cpu_pinned": cpu, "saves": n, "results": results})
        return
    rows = [
        ["save after a move, fsynced (as shipped)", f"{results['save_ms_fsync']:.2f}"],
        ["save after a move, no fsync", f"{results['save_ms_no_fsync']:.2f}"],
        [f"list: {n:,} finished + 5 unfinished", f"{results['list_finished_ms']:.1f}"],
        [f"picker: {n:,} finished + 5 unfinished", f"{results['picker_finished_ms']:.1f}"],
        [f"list: {n:,} unfinished, first listing", f"{results['list_unfinished_first_ms']:.1f}"],
        [f"  the same without replaying them", f"{results['list_unfinished_first_no_replay_ms']:.1f}"],
        [f"list: {n:,} unfinished, return to picker", f"{results['list_unfinished_return_ms']:.1f}"],
        [f"picker: {n:,} unfinished, return", f"{results['picker_unfinished_return_ms']:.1f}"],
        [f"upgrade: {n:,} old finished saves moved out, once", f"{results['upgrade_once_ms']:.0f}"],
    ]
    print_table(["What", "ms (median)"], rows,
                title=f"Saves ({results['saves_per_match']} saves per match; listing medians of {args.repeats})")


if __name__ == "__main__":
    main()
