"""Every benchmark in benchmarks/ still runs: its --quick mode (a few
samples through the same code path) goes to the end and prints its table.

A benchmark nobody runs breaks unnoticed (bench_keypress.py stopped at the
handover guard). Each bench_*.py found is run here, so a new one is covered
as soon as it exists; its table's columns are listed below. No figure is
ever checked: timing is what the benchmarks measure, not what tests assert.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
CHROMIUM = "/usr/bin/chromium"

# The columns of each table a benchmark prints, in order; and for some, the
# rows (first column) it must have measured.
TABLES: dict[str, list[list[str]]] = {
    "bench_analysis.py": [["game", "players", "human moves", "whole match s", "per move s", "CPU s per move",
                           "floor CPU s", "x floor"]],
    "bench_bots.py": [
        ["game", "players", "level", "decisions", "median ms", "p95 ms", "max ms", "decisions/s", "iterations"],
        ["game", "players", "turns", "of several", "most decisions", "median ms", "max ms", "median ms (several)",
         "iterations", "fewest"],
    ],
    "bench_copy.py": [["Game", "Players", "Copies/s", "Samples/s"]],
    "bench_hint.py": [["game", "hints", "key to hint median ms", "p95 ms", "hard bot median ms", "p95 ms", "x bot"]],
    "bench_history.py": [["What", "Median", "Target"]],
    "bench_history_screens.py": [["screen", "first complete frame ms", "x picker"]],
    "bench_keypress.py": [["what", "samples", "first frame ms", "complete median ms", "x floor", "p95 ms", "p99 ms",
                           "max ms"]],
    "bench_rules.py": [["game", "players", "games/s", "actions/s", "actions/game"]],
    "bench_rules_ab.py": [["Game", "Players", "Old µs/game", "New µs/game", "New/old"]],
    "bench_saves.py": [["What", "ms (median)"]],
    "bench_screens.py": [["what", "tries", "median ms", "x floor", "p95 ms", "first ms", "CPU median ms"]],
    "bench_serve.py": [["What (ms)", "tablegames median", "p95", "bare app median", "p95", "x floor"]],
    "bench_startup.py": [["case", "first frame ms", "process ms", "peak RSS MiB"]],
    "bench_table.py": [["what", "taps", "median ms", "p95 ms", "x floor"]],
    "bench_strength.py": [
        ["game", "players", "against", "games", "hard share (95% CI)", "x fair", "normal share (95% CI)"],
        ["game", "players", "positions", "median ms", "max ms", "median iterations"],
    ],
}
ROWS: dict[str, list[str]] = {
    "bench_keypress.py": [
        "cursor (right/left)",
        "move card (. and ,)",
        "confirmed move to the complete 'your move is done' screen",
        "Enter there (pass the keyboard) to complete handover",
        "Enter at the handover to complete game screen",
        "floor: a bare Textual app, a key rewrites a line",
        "floor: a bare Textual app, Enter switches screens",
    ],
    "bench_screens.py": [
        "floor: a bare Textual app, a key pushes a screen",
        "picker digit to complete seat setup",
        "seat setup ctrl+s to complete first handover",
        "picker h to complete history",
        "picker s to complete statistics",
        "results r to complete review",
        "review right (a move)",
        "review PgDn (next hand)",
        "review End (last move)",
    ],
    "bench_serve.py": [
        "page open to the first screen",
        "first click (a new process) to the next screen",
        "warm click to the next screen",
        "warm click: in the app, to its last write",
    ],
    "bench_table.py": [
        "cursor tap: to Kim's page",
        "move (Done): to Lee's page",
        "move (Done): to the shared screen",
        "floor: bare app tap to its screen",
    ],
    "bench_rules_ab.py": ["blind-business", "blind-chicken", "blasting-billy", "nutty-business", "blenders-tricks"],
}


def _missing_tool(name: str) -> str | None:
    """Why this benchmark cannot run on this machine, if a tool it needs is
    genuinely absent."""
    if name in ("bench_serve.py", "bench_table.py"):
        if not os.path.exists(CHROMIUM):
            return f"needs Chromium at {CHROMIUM}: apt-get install -y chromium"
        if importlib.util.find_spec("playwright") is None:
            return "needs Playwright: pip install -e '.[test]'"
    if name == "bench_rules_ab.py":
        if shutil.which("git") is None or not (ROOT / ".git").exists():
            return "needs a git checkout (it unpacks the other commit with git archive)"
    return None


def tables(out: str) -> list[tuple[list[str], list[list[str]]]]:
    """The tables in a benchmark's output (``_common.print_table``'s form: a
    header row over a row of dashes under each column, then rows whose
    columns are two spaces apart): (columns, rows)."""
    lines = out.splitlines()
    found = []
    for n in range(1, len(lines)):
        if not lines[n].strip() or set(lines[n]) - {"-", " "}:
            continue
        spans, x = [], 0
        for group in lines[n].split("  "):
            spans.append((x, x + len(group)))
            x += len(group) + 2

        def cells(line: str) -> list[str]:
            return [line[a:b].strip() for a, b in spans[:-1]] + [line[spans[-1][0]:].strip()]

        def is_row(line: str) -> bool:
            return bool(line.strip()) and all(line[b:b + 2].strip() == "" for _a, b in spans[:-1])

        rows = []
        for line in lines[n + 1:]:
            if not is_row(line):
                break
            rows.append(cells(line))
        found.append((cells(lines[n - 1]), rows))
    return found


@pytest.fixture
def short_tmp():
    """A temporary folder for what a benchmark leaves in the system's one
    (TMPDIR), removed after: short, as Chromium's profile under it must be
    (pytest's tmp_path under xdist made Chromium abort at launch)."""
    folder = tempfile.mkdtemp(prefix="tb-")
    yield Path(folder)
    shutil.rmtree(folder, ignore_errors=True)


def run_quick(name: str, *extra: str, folder: Path) -> str:
    env = {**os.environ, "TABLEGAMES_DATA_DIR": str(folder / "data"), "TMPDIR": str(folder)}
    # The timeout only keeps a hung benchmark from hanging the suite.
    done = subprocess.run([sys.executable, str(BENCHMARKS / name), "--quick", *extra], cwd=ROOT, env=env,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=900)
    assert done.returncode == 0, f"{name} --quick {' '.join(extra)} exited {done.returncode}:\n{done.stderr[-3000:]}"
    return done.stdout


def assert_tables(name: str, out: str, expected: list[list[str]]) -> None:
    printed = tables(out)
    headers = [columns for columns, _rows in printed]
    for columns in expected:
        assert columns in headers, f"{name} printed no table with the columns {columns}:\n{out}"
        rows = printed[headers.index(columns)][1]
        assert rows, f"{name}'s table {columns} has no rows:\n{out}"
    labels = {row[0] for _columns, rows in printed for row in rows}
    for label in ROWS.get(name, []):
        assert label in labels, f"{name} measured no {label!r}:\n{out}"


@pytest.mark.parametrize("name", sorted(path.name for path in BENCHMARKS.glob("bench_*.py")))
def test_every_benchmark_runs_its_quick_mode_to_the_end_and_prints_its_table(name, short_tmp):
    assert name in TABLES, f"list the columns of {name}'s table in TABLES ({__file__})"
    reason = _missing_tool(name)
    if reason:
        pytest.skip(reason)
    assert_tables(name, run_quick(name, folder=short_tmp), TABLES[name])


def test_the_rules_ab_counts_instructions_with_valgrind_in_its_quick_mode(short_tmp):
    if shutil.which("valgrind") is None:
        pytest.skip("needs valgrind: apt-get install valgrind")
    reason = _missing_tool("bench_rules_ab.py")
    if reason:
        pytest.skip(reason)
    # One game (the cheapest): each count is a whole Python start under valgrind.
    out = run_quick("bench_rules_ab.py", "--instructions", "--game", "nutty-business", folder=short_tmp)
    columns = TABLES["bench_rules_ab.py"][0] + ["Old instr/game", "New instr/game", "New/old (instr)"]
    printed = tables(out)
    assert [columns] == [header for header, _rows in printed], out
    (_header, rows), = printed
    assert [row[0] for row in rows] == ["nutty-business"], out
    assert all(int(row[5].replace(",", "")) > 0 and int(row[6].replace(",", "")) > 0 for row in rows), out


def test_the_quick_mode_is_a_few_samples_that_options_still_override():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        from _common import parser_for
    finally:
        sys.path.remove(str(BENCHMARKS))
    parser = parser_for("A benchmark.", quick={"games": 2})
    parser.add_argument("--games", type=int, default=200)
    assert parser.parse_args([]).games == 200
    assert parser.parse_args(["--quick"]).games == 2
    assert parser.parse_args(["--quick", "--games", "7"]).games == 7
