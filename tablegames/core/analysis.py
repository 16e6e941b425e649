"""Post-game analysis: each human move of a finished match, judged only by
what its player could see.

For each human move the hard bot (core/search.py) is put in the mover's
seat at that moment: it gets the seat's view and legal moves, and is shown
the seat's own earlier decisions (what a bot rebuilt from the record
remembers, core/match.py), never the real hidden cards. Its choice is the
*best* move. Then both the played move and the best are tried in the same
re-deals of what the seat could not see (the game's sampler, from the
seat's view and memory) and played out to the end of the match with the
search's playout policy: the share of those playouts the mover wins (a
shared win counts 1/k) is each move's *chance* of winning the match. When
the played move does at least as well as the bot's choice in those
re-deals, the played move is the best.

A move is marked by how much its chance falls short of the best's (the
drop, in 0..1), with lichess's names and thresholds (its 0.1, 0.2 and 0.3
on winning chances of -1..1, halved onto chances of 0..1):

- inaccuracy: a drop of at least 0.05,
- mistake: at least 0.10,
- blunder: at least 0.15,

and only a drop larger than two standard errors of the paired estimate:
the noise of a small budget is not marked.

The budget is the hard bot's, counted in playouts instead of time:
``seconds`` x 4000 playouts (its 4000 per second of ``core.search.
DEFAULT_BUDGET``) for the bot's choice and at most as many for the two
chances, with no clock, so a record and a budget give the same analysis on
any machine, with any number of workers: every move is seeded from the
record and its place in it.

The chances stop early once they are settled (sequential stopping, on the
playouts' own results, so still the same for a record and a budget): after
at least MIN_WORLDS re-deals, and every BLOCK re-deals after that, the
estimate stops when the standard error of each chance is at most
SETTLED / sqrt(W), W the re-deals the budget allows (at the default budget
0.071 for a move the bot agrees with, W = 200; twice what W re-deals give
an even chance), and, with two candidates, no mark's threshold lies within
NOISE standard errors of the paired drop (more re-deals could not change
the mark). A chance near 0 or 1 (a hand already lost or won) settles in a
few dozen re-deals; a close call or a drop near a threshold uses the whole
budget. (What it saves, game by game: docs/performance.md.)

A move with one legal action is not searched: it is the best, it has no
mark, and its chance is carried from the same seat's judgement before it
(a seat's first move with no choice is searched, for its chance alone).
The bot's choice and the chances do not share re-deals: the best move's
chance measured on the re-deals that chose it would be biased upwards (the
winner's curse), marking played moves for nothing. The record is replayed
once (and once a worker process, its moves coming in order), not once a
move.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import os
import random
import sys
from contextlib import redirect_stderr
from multiprocessing import get_context, resource_tracker
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from dataclasses import asdict, dataclass
from typing import Any, Callable, Mapping, Sequence

from tablegames.core import records, registry
from tablegames.core.bots import Bot
from tablegames.core.errors import IllegalAction
from tablegames.core.game import GameSpec, GameState
from tablegames.core.records import MatchRecord
from tablegames.core.search import DEFAULT_BUDGET, Budget, SearchBot

__all__ = ["MARKS", "DEFAULT_SECONDS", "AnalysisStopped", "Judgement", "analyse", "judge", "human_moves", "iterations_for"]

# (name, least drop), worst first.
MARKS = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
# Standard errors of the paired estimate a drop must exceed to be marked.
NOISE = 2.0
DEFAULT_SECONDS = 0.05
# A playout to the end of the match that has not ended after this many
# actions is scored a loss for the mover (none does in these games).
PLAYOUT_LIMIT = 20_000
# Sequential stopping: the chances are estimated on blocks of BLOCK
# re-deals, at least MIN_WORLDS, until every standard error is at most
# SETTLED / sqrt(the budget's re-deals) (settled_error).
BLOCK = 8
MIN_WORLDS = 24
SETTLED = 1.0


@dataclass(frozen=True)
class Judgement:
    """One human move: what was played, the hard bot's choice and the
    chance of winning the match after each."""

    index: int  # the move's place in the record's actions (0 first)
    player: str
    seat: int
    move: str
    best: str
    played_chance: float
    best_chance: float
    mark: str | None  # "inaccuracy", "mistake", "blunder" or None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def iterations_for(seconds: float) -> int:
    """The playouts of a budget of ``seconds`` of the hard bot."""
    per_second = DEFAULT_BUDGET.iterations / (DEFAULT_BUDGET.seconds or 1.0)
    return max(8, round(seconds * per_second))


def mark_of(drop: float, spread: float) -> str | None:
    """The mark of a move whose chance is ``drop`` below the best's."""
    if drop <= NOISE * spread:
        return None
    return next((name for name, least in MARKS if drop >= least - 1e-12), None)


def human_moves(record: MatchRecord) -> list[int]:
    """The places in the record's actions of the moves made by humans."""
    return [index for index, (seat, _) in enumerate(record.actions) if record.seats[seat].bot is None]


def judge(spec: GameSpec, state: GameState, seat: int, played: Any,
          past: Sequence[tuple[Mapping[str, Any], Sequence[Any], Any]], iterations: int,
          seed: str) -> tuple[Any, float, float, float]:
    """The hard bot's choice for ``seat`` in ``state`` and the chances of
    winning the match after ``played`` and after it: (best, played chance,
    best chance, standard error of their difference). Reads of ``state``
    only the seat's view and legal moves; ``past`` is the seat's own
    earlier decisions (view, legal, action)."""
    view = state.view(seat)
    # In an order of their own: the rules' order may follow the real deal.
    legal = sorted(state.legal_actions(seat), key=str)
    bot = spec.new_bot("search")
    assert isinstance(bot, SearchBot), "the hard bot is core/search.py's"
    bot.budget = Budget(seconds=None, iterations=iterations)
    for seen, allowed, action in past:
        bot.observe(seen, allowed, action)
    memory = copy.deepcopy(bot.remembered()) if bot.remembers else None
    rng = random.Random(seed)
    bot_rng = random.Random(rng.random())
    best = bot.choose(view, legal, bot_rng) if len(legal) > 1 else played
    candidates = [played] if best == played else [played, best]
    found, spread = chances(spec, view, seat, candidates, memory, bot.playout_policy,
                            max(1, iterations // len(candidates)), random.Random(rng.random()))
    if len(candidates) == 1 or found[1] <= found[0]:
        return played, found[0], found[0], 0.0
    return best, found[0], found[1], spread


def chances(spec: GameSpec, view: Mapping[str, Any], seat: int, candidates: Sequence[Any], memory: Any,
            policy: Callable[[], Bot], worlds: int, rng: random.Random) -> tuple[list[float], float]:
    """(Also a hint's chance, core/hint.py.) Each candidate's share of wins over the same re-deals and playouts
    (at most ``worlds``: fewer once the estimate is settled), and the
    standard error of the second's gain over the first."""
    sample = spec.sample
    assert sample is not None
    totals = [0.0] * len(candidates)
    squares = [0.0] * len(candidates)
    square_gains = 0.0
    target = settled_error(worlds)
    done = 0
    while done < worlds:
        world = sample(view, rng) if memory is None else sample(view, rng, memory)
        seed = rng.random()
        shares = []
        for candidate in candidates:
            state = world.copy()
            try:
                state.apply(seat, candidate)
            except IllegalAction:
                shares.append(0.0)  # not legal in this re-deal (a sound sampler never does it)
                continue
            shares.append(_win_share(state, seat, policy(), random.Random(seed)))
        for index, share in enumerate(shares):
            totals[index] += share
            squares[index] += share * share
        if len(shares) > 1:
            square_gains += (shares[1] - shares[0]) ** 2
        done += 1
        if done >= MIN_WORLDS and done % BLOCK == 0 and done < worlds:
            errors = [_error(total, square, done) for total, square in zip(totals, squares)]
            if max(errors) <= target and (len(shares) < 2 or _mark_settled(
                    (totals[1] - totals[0]) / done, _error(totals[1] - totals[0], square_gains, done))):
                break
    means = [total / done for total in totals]
    if len(means) < 2:
        return means, 0.0
    return means, _error(totals[1] - totals[0], square_gains, done)


def settled_error(worlds: int) -> float:
    """The standard error at which a chance estimated on at most ``worlds``
    re-deals is settled: SETTLED / sqrt(worlds)."""
    return SETTLED / math.sqrt(worlds)


def _mark_settled(gain: float, spread: float) -> bool:
    """Whether more re-deals could not change the mark of a move ``gain``
    below the best: no threshold lies within NOISE standard errors of it."""
    low, high = gain - NOISE * spread, gain + NOISE * spread
    return not any(low < least < high for _, least in MARKS)


def _error(total: float, square: float, n: int) -> float:
    """The standard error of a mean of ``n`` values of this sum and sum of squares."""
    mean = total / n
    return math.sqrt(max(0.0, square / n - mean * mean) / n)


def _win_share(state: GameState, seat: int, policy: Bot, rng: random.Random) -> float:
    """Play the match out with ``policy`` in every seat (on views, or on
    the re-deal itself for a playout policy that reads it): ``seat``'s
    share of the win. A move with no choice is made without asking."""
    reads_state, needs_view = policy.reads_state, policy.needs_view
    to_move, legal_actions, apply, choose = state.to_move, state.legal_actions, state.apply, policy.choose
    for _ in range(PLAYOUT_LIMIT):
        movers = to_move()
        if not movers:
            result = state.result()
            winners = len(result.winners) + bool(result.other_winner)
            return 1 / winners if seat in result.winners else 0.0
        mover = movers[0]
        legal = legal_actions(mover)
        if len(legal) == 1:
            apply(mover, legal[0])
            continue
        seen = state if reads_state else state.view(mover) if needs_view else None
        apply(mover, choose(seen, legal, rng))
    return 0.0


class _Replay:
    """A record stepped through once: the state before a move and each
    human seat's decisions so far (view, legal, action), for the moves in
    increasing order (an earlier one starts it again)."""

    def __init__(self, record: MatchRecord) -> None:
        self.record = record
        self.spec = registry.get(record.game)
        self._humans = frozenset(seat for seat, s in enumerate(record.seats) if s.bot is None)
        self._restart()

    def _restart(self) -> None:
        self.state = records.first_state(self.record)
        self.at = 0
        self.past: dict[int, list[tuple[Mapping[str, Any], Sequence[Any], Any]]] = {s: [] for s in self._humans}

    def before(self, index: int) -> GameState:
        """The state before the record's move at ``index``."""
        if index < self.at:
            self._restart()
        state, spec, actions = self.state, self.spec, self.record.actions
        while self.at < index:
            mover, text = actions[self.at]
            action = spec.parse(text)
            if mover in self._humans:
                self.past[mover].append((state.view(mover), list(state.legal_actions(mover)), action))
            state.apply(mover, action)
            self.at += 1
        return state


def _judged(replay: _Replay, index: int, iterations: int) -> Judgement:
    """The judgement of the record's move at ``index`` (a human's), by search."""
    record, spec = replay.record, replay.spec
    state = replay.before(index)
    seat = record.actions[index][0]
    played = spec.parse(record.actions[index][1])
    best, played_chance, best_chance, spread = judge(
        spec, state, seat, played, replay.past[seat], iterations, f"analysis {record.seed} {index} {iterations}")
    mark = mark_of(best_chance - played_chance, spread) if best != played else None
    return Judgement(index, record.names[seat], seat, str(played), str(best), played_chance, best_chance, mark)


def judge_move(record: MatchRecord, index: int, iterations: int) -> Judgement:
    """The judgement of the record's move at ``index`` (a human's), by
    search (even a move with no choice: ``analyse`` carries those)."""
    return _judged(_Replay(record), index, iterations)


def plan(record: MatchRecord) -> tuple[list[int], dict[int, int]]:
    """The human moves to search, and the moves with no choice whose
    chance is carried: each from the same seat's judgement before it
    (searched or carried itself). A seat's first move with no choice is
    searched (its chance alone: it has nothing to carry)."""
    replay = _Replay(record)
    searched: list[int] = []
    carried: dict[int, int] = {}
    last: dict[int, int] = {}
    for index in human_moves(record):
        seat = record.actions[index][0]
        state = replay.before(index)
        if seat in last and len(state.legal_actions(seat)) == 1:
            carried[index] = last[seat]
        else:
            searched.append(index)
        last[seat] = index
    return searched, carried


# The record a worker process has stepped through (its moves come in
# increasing order: one replay a worker, not one a move).
_CURSOR: tuple[str, _Replay] | None = None


def _quiet() -> None:
    """A worker's standard streams go nowhere: it is started from a
    terminal app (the review) whose screen is not the worker's to write."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)


def _start_tracker() -> None:
    """Start multiprocessing's resource tracker (a process beside the
    workers) on the null device when this process's standard error has no
    file: in a Textual app it is the app's capture (fileno -1), which the
    tracker's start refuses ('bad value(s) in fds_to_keep')."""
    try:
        usable = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if not usable:
        with open(os.devnull, "w") as null, redirect_stderr(null):
            resource_tracker.ensure_running()


def _judge_job(job: tuple[str, dict[str, Any], int, int]) -> Judgement:
    # Module-level for the worker processes: a record crosses as its JSON.
    global _CURSOR
    key, data, index, iterations = job
    if _CURSOR is None or _CURSOR[0] != key:
        _CURSOR = (key, _Replay(records.MatchRecord.from_json(data)))
    return _judged(_CURSOR[1], index, iterations)


class AnalysisStopped(Exception):
    """``stop()`` said to give up while the workers judged."""


# How often a wait for a worker's answer asks ``stop()``.
STOP_POLL_SECONDS = 0.2


def _result(future: Future[Judgement], stop: Callable[[], bool] | None) -> Judgement:
    """The worker's judgement, asking ``stop()`` while it is awaited."""
    while True:
        try:
            return future.result(timeout=None if stop is None else STOP_POLL_SECONDS)
        except FuturesTimeout:
            if stop is not None and stop():
                raise AnalysisStopped from None


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """No move more judged: the queued ones are cancelled, and the workers
    (which would first finish the moves already handed to them, minutes of
    CPU on a busy machine) are ended now."""
    processes = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def analyse(record: MatchRecord, seconds: float = DEFAULT_SECONDS, workers: int = 1,
            progress: Callable[[int, int], None] | None = None,
            stop: Callable[[], bool] | None = None) -> list[Judgement]:
    """Every human move of a finished match, judged (in ``workers``
    processes; the answer does not depend on how many). ``progress`` may
    raise to give up after a move; ``stop()`` true gives up while the
    workers judge (AnalysisStopped), and their processes end at once."""
    moves = human_moves(record)
    spec = registry.get(record.game)
    iterations = iterations_for(seconds)
    searched, carried = plan(record)
    found: dict[int, Judgement] = {}
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress:
            progress(done, len(moves))

    if progress:
        progress(0, len(moves))
    for index in moves:
        if index in carried:  # no search: counted at once
            step()
    if workers <= 1 or len(searched) <= 1:
        replay = _Replay(record)
        for index in searched:
            found[index] = _judged(replay, index, iterations)
            step()
    else:
        data = record.to_json()
        key = hashlib.blake2b(json.dumps(data, sort_keys=True).encode(), digest_size=16).hexdigest()
        # Fresh processes, not forks: the app calls this from a thread.
        _start_tracker()
        pool = ProcessPoolExecutor(max_workers=min(workers, len(searched)), mp_context=get_context("spawn"),
                                   initializer=_quiet)
        try:
            futures = [pool.submit(_judge_job, (key, data, index, iterations)) for index in searched]
            for index, future in zip(searched, futures):
                found[index] = _result(future, stop)
                step()
        except BaseException:
            # Given up (the app closed, a worker failed): no move more is
            # judged, not even those already handed to a worker.
            _stop_pool(pool)
            raise
        pool.shutdown()
    for index in moves:
        if index in carried:
            source = found[carried[index]]
            seat, text = record.actions[index]
            move = str(spec.parse(text))
            found[index] = Judgement(index, record.names[seat], seat, move, move,
                                     source.played_chance, source.played_chance, None)
    return [found[index] for index in moves]
