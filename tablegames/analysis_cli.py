"""`tablegames analyse FILE`: every human move of a finished match judged
by the hard bot from the mover's own view (core/analysis.py), cached
beside the record (core/analysis_cache.py). Registered by tablegames/cli.py,
which reports its errors."""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any, Callable

from tablegames.core.seats import shown
from tablegames.core.words import plural

ANALYSE_EPILOG = """\
examples:
  tablegames analyse ~/.local/share/tablegames/matches/finished/blind-chicken-1a2b3c4d.json
  tablegames analyse FILE --json --seconds 0.5 --workers 2

For each human move: what was played, what the hard bot would play from that
player's view at that moment (it never sees the hidden cards: it searches
re-deals of what the player could not see), and the chance of winning the
match after each, from the same re-deals. A move whose chance falls short of
the best's by 0.05 is an inaccuracy, by 0.10 a mistake, by 0.15 a blunder
(lichess's thresholds; a drop within the estimate's noise is not marked).
Bots' moves are not judged; a move with no choice is not searched (it keeps
its player's chance). The budget is the hard bot's per move, counted in
playouts (S x 4000, no clock; the chances stop sooner once they are settled):
the same record and --seconds give the same analysis on any machine and with
any --workers. The result is kept
beside the record (a dot file): a second run is instant."""

MAX_SECONDS = 60.0


def add_parser(sub: Any) -> None:
    from tablegames.core.analysis import DEFAULT_SECONDS

    ana = sub.add_parser("analyse", aliases=["analyze"], help="judge every human move of a finished match",
                         formatter_class=argparse.RawDescriptionHelpFormatter, epilog=ANALYSE_EPILOG,
                         description="Judge every human move of a finished match by the hard bot's search "
                                     "from the mover's view: the better move, and each one's chance of "
                                     "winning the match.")
    ana.add_argument("file", metavar="FILE", help="a finished match record (.json)")
    ana.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    ana.add_argument("--seconds", metavar="S", default=str(DEFAULT_SECONDS),
                     help=f"the hard bot's budget per move, counted as S x 4000 playouts (default: "
                          f"{DEFAULT_SECONDS}; up to {MAX_SECONDS:g})")
    ana.add_argument("--workers", metavar="N", help="moves judged at once, in N processes: 1 to the number "
                                                    "of cores (default: one per core); the result does not depend on it")


def _seconds(text: str) -> float:
    from tablegames.cli_common import CliError
    from tablegames.core.seats import quoted

    try:
        value = float(text.strip())
    except ValueError:
        value = math.nan
    if not (0 < value <= MAX_SECONDS):
        raise CliError(f"--seconds must be a number above 0 and at most {MAX_SECONDS:g}, not {quoted(text, 24)}.")
    return value


def cmd_analyse(args: argparse.Namespace) -> int:
    from tablegames import cli_common
    from tablegames.core import analysis_cache, records, registry, saves
    from tablegames.core.simulate import default_workers

    seconds = _seconds(args.seconds)
    cores = default_workers()
    workers = (cores if args.workers is None else
               cli_common.whole_flag("--workers", args.workers, 1, cores, f" (one per core: this machine lets it use {cores})"))
    try:
        record = saves.load(args.file)  # read, checked and replayed
        raw = Path(args.file).read_bytes()
    except records.RecordError as exc:
        raise cli_common.CliError(f"Cannot analyse {exc}") from None
    except OSError as exc:
        raise cli_common.CliError(f"Cannot analyse {shown(str(args.file))}: {exc.strerror or 'it cannot be read'}.") from None
    if not record.finished or not records.replay(record).is_over():
        raise cli_common.CliError(f"Cannot analyse {shown(str(args.file))}: the match is not finished (only a finished "
                           f"match is analysed: its hidden cards are no secret any more).")
    key = analysis_cache.cache_key(raw, seconds)
    moves = analysis_cache.load(Path(args.file), key)
    if moves is None:
        moves = _run(record, seconds, workers, show_progress=not args.json and sys.stderr.isatty())
        analysis_cache.store(Path(args.file), key, moves)
    if args.json:
        print(json.dumps({"file": str(args.file), "game": record.game, "seconds": seconds,
                          "moves": [{"player": m.player, "seat": m.seat, "move": m.move, "best": m.best,
                                     "played_chance": m.played_chance, "best_chance": m.best_chance,
                                     "mark": m.mark, "index": m.index} for m in moves]}))
        return cli_common.OK
    spec = registry.get(record.game)
    out = sys.stdout
    out.write(f"{spec.title}: {len(moves)} human move{'s' if len(moves) != 1 else ''} judged "
              f"(the hard bot's {seconds:g} s a move, from each player's own view)\n")
    for m in moves:
        line = (f"{m.index + 1:>4}. {shown(m.player)}: {shown(m.move)} "
                f"(chance {m.played_chance:.0%})")
        if m.best != m.move:
            line += f"; better {shown(m.best)} ({m.best_chance:.0%})"
        if m.mark:
            line += f"  {m.mark.upper()}"
        out.write(line + "\n")
    marked: dict[str, int] = {}
    for m in moves:
        if m.mark:
            marked[m.mark] = marked.get(m.mark, 0) + 1
    counts = ", ".join(plural(marked.get(name, 0), name, "inaccuracies" if name == "inaccuracy" else None)
                       for name in ("inaccuracy", "mistake", "blunder"))
    out.write(f"Marked: {counts}.\n")
    return cli_common.OK


def _run(record: Any, seconds: float, workers: int, show_progress: bool) -> Any:
    from tablegames.core.analysis import analyse

    if not show_progress:
        return analyse(record, seconds, workers)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from tablegames import cli_common

    with Progress(TextColumn("Analysing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=cli_common.console(stderr=True), transient=True) as bar:
        task = bar.add_task("moves", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return analyse(record, seconds, workers, progress)


COMMANDS: dict[str | None, Callable[[argparse.Namespace], int]] = {"analyse": cmd_analyse, "analyze": cmd_analyse}
