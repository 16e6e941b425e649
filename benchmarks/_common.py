"""Shared helpers for the benchmark scripts (not a test module).

Each script prints a small plain-text table, or one JSON object with
--json. Figures are medians over several repeats, measured on one core.
"""

from __future__ import annotations

import argparse
import dataclasses
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


def pin_to_one_core(quick: bool = False) -> int | None:
    """Keep the measurement on one CPU (less noise from migrations). Not
    with --quick: its figures mean nothing, and quick runs share the
    machine with tests that would all be put on the same CPU."""
    if quick:
        return None
    try:
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[-1]})
        return cpus[-1]
    except (AttributeError, OSError):
        return None


def cores_label(cpu: int | None) -> str:
    """How a table's title says where it ran (``pin_to_one_core``'s answer)."""
    return "one core" if cpu is not None else "not pinned to a core"


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


class BenchParser(argparse.ArgumentParser):
    """An argument parser whose --quick sets small defaults (``quick``):
    options given on the command line still win over them."""

    def __init__(self, *args: Any, quick: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.quick = quick

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        parsed = super().parse_args(args, namespace)
        if parsed.quick and self.quick:
            self.set_defaults(**self.quick)
            parsed = super().parse_args(args, namespace)
        return parsed


def parser_for(doc: str, *, games: bool = False, quick: dict[str, Any] | None = None) -> BenchParser:
    """The arguments every benchmark takes: --json, --quick (a few samples
    through the same code path, in seconds: a smoke test, its figures mean
    nothing; ``quick`` gives the defaults it sets) and with ``games`` a
    repeatable --game to measure only some games."""
    quick = quick or {}
    parser = BenchParser(description=doc.split("\n\n")[0], quick=quick)
    if games:
        parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    # (A default of None stands for "not given"; the docstring says what then.)
    settings = ", ".join(f"--{name.replace('_', '-')} {value}" for name, value in quick.items() if value is not None)
    parser.add_argument("--quick", action="store_true",
                        help="a few samples through the same code path, in seconds (a check that the benchmark "
                             "runs; the figures mean nothing)" + (f": {settings}" if settings else ""))
    return parser


def shorten_search_budget(seconds: float) -> None:
    """For --quick: the hard bot thinks at most ``seconds`` a decision (the
    same search, less of it). Search bots read the default budget when they
    are built, so this applies to every one built after it."""
    from tablegames.core import search

    whole = search.DEFAULT_BUDGET
    search.DEFAULT_BUDGET = dataclasses.replace(
        whole, seconds=seconds, turn_seconds=seconds * whole.turn_seconds / (whole.seconds or 1.0))


def selected_specs(args: argparse.Namespace) -> list:
    """The registered games, or only those named with --game."""
    from tablegames.core import registry

    return [spec for spec in registry.all_specs() if not args.game or spec.id in args.game]
