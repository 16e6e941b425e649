"""Shared helpers for the benchmark scripts (not a test module).

Each script prints a small plain-text table, or one JSON object with
--json. Figures are medians over several repeats, measured on one core.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Sequence

# Run from a checkout without installing: `python benchmarks/bench_rules.py`.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pin_to_one_core() -> int | None:
    """Keep the measurement on one CPU (less noise from migrations)."""
    try:
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[-1]})
        return cpus[-1]
    except (AttributeError, OSError):
        return None


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "date": time.strftime("%Y-%m-%d"),
        "python": platform.python_version(),
        "platform": platform.platform(terse=True),
        "cpu": cpu,
        "cores": os.cpu_count(),
    }


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (fraction 0-1)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, min(len(ordered), round(fraction * len(ordered) + 0.5)))
    return ordered[rank - 1]


def print_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], title: str = "") -> None:
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    if title:
        print(title)
    for n, row in enumerate(cells):
        print("  ".join(c.rjust(w) if n and _numeric(c) else c.ljust(w) for c, w in zip(row, widths)).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))


def _numeric(text: str) -> bool:
    try:
        float(text.replace(",", "").rstrip("x%"))
        return True
    except ValueError:
        return False


def emit_json(data: dict[str, Any]) -> None:
    print(json.dumps({"machine": machine(), **data}, indent=1))


def parser_for(doc: str, *, games: bool = False) -> argparse.ArgumentParser:
    """The arguments every benchmark takes: --json, and with ``games`` a
    repeatable --game to measure only some games."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    if games:
        parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    return parser


def selected_specs(args: argparse.Namespace) -> list:
    """The registered games, or only those named with --game."""
    from tablegames.core import registry

    return [spec for spec in registry.all_specs() if not args.game or spec.id in args.game]
