"""The review's analysis key (``a``): the post-game analysis of the match
(core/analysis.py) run off the UI thread, on every core, with a progress
bar on the message line, read from beside the record when it was made
before (core/analysis_cache.py); once there, each judged move's line in
the log says what the hard bot thought of it (the mark and the better
move)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from textual.worker import get_current_worker

from tablegames.core import analysis_cache
from tablegames.core.analysis import DEFAULT_SECONDS, AnalysisStopped, Judgement, analyse
from tablegames.core.seats import shown
from tablegames.core.simulate import default_workers

if TYPE_CHECKING:
    from textual.app import App

    from tablegames.core.game import GameSpec

    from tablegames.core.records import MatchRecord

BAR_WIDTH = 20


def workers() -> int:
    """The processes the review's analysis runs in: one per core."""
    return default_workers()


class _Stopped(Exception):
    """The analysis was given up (the app closed)."""


def progress_line(done: int, total: int, ascii: bool) -> str:
    """"Analysing: [#####.....] 12 of 40 moves"."""
    full, empty = ("#", ".") if ascii else ("█", "░")
    filled = round(BAR_WIDTH * done / total) if total else 0
    return f"Analysing the match: {full * filled}{empty * (BAR_WIDTH - filled)} {done} of {total} moves"


def judgement_line(judgement: Judgement, spec: GameSpec | None = None, names: Sequence[str] = ()) -> str:
    """The analysis of one move, as a line under its lines in the log (the
    better move in a player's words when the game's ``spec`` is given)."""
    chance = f"{judgement.played_chance:.0%} to win"
    if judgement.best == judgement.move:
        return f"  Analysis: {shown(judgement.player)}'s move was the hard bot's choice ({chance})."
    mark = f"{judgement.mark}: " if judgement.mark else ""
    words = spec.words_for({"names": list(names)}, judgement.best) if spec is not None else f"play {judgement.best}"
    return (f"  Analysis: {mark}the hard bot would {shown(words)} "
            f"({judgement.best_chance:.0%}; this move {chance}).")


def cached(path: Path | None, record_bytes: bytes | None) -> list[Judgement] | None:
    if path is None or record_bytes is None:
        return None
    return analysis_cache.load(path, analysis_cache.cache_key(record_bytes, DEFAULT_SECONDS))


def run(app: App[Any], record: MatchRecord, path: Path | None, record_bytes: bytes | None,
        progress: Callable[[int, int], None], done: Callable[[list[Judgement]], None]) -> None:
    """Analyse from a thread of the app's, in a worker process a core
    (stepping through the review switches screens: the analysis goes on);
    ``progress`` and ``done`` are called on the UI thread. The workers are
    started fresh ('spawn': no fork of a process with threads) with their
    standard streams on the null device (core/analysis.py's ``_quiet``):
    the terminal is the app's."""

    def work() -> None:
        worker = get_current_worker()

        def closing() -> bool:
            return worker.is_cancelled or not app.is_running

        def step(n: int, total: int) -> None:
            if closing():  # stop at this move
                raise _Stopped
            app.call_from_thread(progress, n, total)

        try:
            moves = analyse(record, DEFAULT_SECONDS, workers(), step, stop=closing)
        except (_Stopped, AnalysisStopped):
            return
        if path is not None and record_bytes is not None:
            analysis_cache.store(path, analysis_cache.cache_key(record_bytes, DEFAULT_SECONDS), moves)
        app.call_from_thread(done, moves)

    app.run_worker(work, thread=True, group="analysis", exclusive=True)


def chance_chart(record: MatchRecord, moves: dict[int, Judgement]
                 ) -> tuple[list[str], list[tuple[float, ...]], tuple[float, ...]]:
    """Each human player's winning chance through the match, in percent,
    for the review's chart: (names, one point per judged move in match
    order, each player's value before it). A player's line starts at the
    fair share and moves at each of their judged moves (the played move's
    chance); the others keep their last."""
    humans = [seat for seat, each in enumerate(record.seats) if each.bot is None]
    fair = 100 / len(record.seats)
    now = {seat: fair for seat in humans}
    points = []
    for index in sorted(moves):
        judged = moves[index]
        now[judged.seat] = 100 * judged.played_chance
        points.append(tuple(now[seat] for seat in humans))
    return [shown(record.seats[seat].name) for seat in humans], points, tuple(fair for _ in humans)


# A marked move's line in the log ends with the mark, as chess annotates.
MARK_SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def marked_lines(lines: list[tuple[int, str]], moves: dict[int, Judgement]) -> list[str]:
    """The log's lines (each with the move that wrote it), the last line of
    each marked move ending with its mark: "Kim plays 37. ?? blunder"."""
    last_of = {move: n for n, (move, _) in enumerate(lines)}
    out = []
    for n, (move, text) in enumerate(lines):
        judged = moves.get(move)
        if judged is not None and judged.mark and last_of.get(move) == n:
            text = f"{text} {MARK_SIGNS.get(judged.mark, '?')} {judged.mark}"
        out.append(text)
    return out
