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
DEFAULT_BUDGET``) for the bot's choice and as many for the two chances,
with no clock, so a record and a budget give the same analysis on any
machine, with any number of workers: every move is seeded from the record
and its place in it.
"""

from __future__ import annotations

import copy
import math
import random
from multiprocessing import get_context
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any, Callable, Mapping, Sequence

from tablegames.core import records, registry
from tablegames.core.bots import Bot
from tablegames.core.errors import IllegalAction
from tablegames.core.game import GameSpec, GameState
from tablegames.core.records import MatchRecord
from tablegames.core.search import DEFAULT_BUDGET, Budget, SearchBot

__all__ = ["MARKS", "DEFAULT_SECONDS", "Judgement", "analyse", "judge", "human_moves", "iterations_for"]

# (name, least drop), worst first.
MARKS = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
# Standard errors of the paired estimate a drop must exceed to be marked.
NOISE = 2.0
DEFAULT_SECONDS = 0.05
# A playout to the end of the match that has not ended after this many
# actions is scored a loss for the mover (none does in these games).
PLAYOUT_LIMIT = 20_000


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
    chances, spread = _chances(spec, view, seat, candidates, memory, bot.playout_policy,
                               max(1, iterations // len(candidates)), random.Random(rng.random()))
    if len(candidates) == 1 or chances[1] <= chances[0]:
        return played, chances[0], chances[0], 0.0
    return best, chances[0], chances[1], spread


def _chances(spec: GameSpec, view: Mapping[str, Any], seat: int, candidates: Sequence[Any], memory: Any,
             policy: Callable[[], Bot], worlds: int, rng: random.Random) -> tuple[list[float], float]:
    """Each candidate's share of wins over the same ``worlds`` re-deals and
    playouts, and the standard error of the second's gain over the first."""
    sample = spec.sample
    assert sample is not None
    totals = [0.0] * len(candidates)
    square_gains = 0.0
    for _ in range(worlds):
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
        if len(shares) > 1:
            square_gains += (shares[1] - shares[0]) ** 2
    chances = [total / worlds for total in totals]
    if len(chances) < 2:
        return chances, 0.0
    gain = chances[1] - chances[0]
    return chances, math.sqrt(max(0.0, square_gains / worlds - gain * gain) / worlds)


# (A hint's chance, core/hint.py, is counted the same way.)
chances = _chances


def _win_share(state: GameState, seat: int, policy: Bot, rng: random.Random) -> float:
    """Play the match out with ``policy`` in every seat (on views, or on
    the re-deal itself for a playout policy that reads it): ``seat``'s
    share of the win."""
    for _ in range(PLAYOUT_LIMIT):
        movers = state.to_move()
        if not movers:
            result = state.result()
            winners = len(result.winners) + bool(result.other_winner)
            return 1 / winners if seat in result.winners else 0.0
        mover = movers[0]
        legal = state.legal_actions(mover)
        seen = state if policy.reads_state else state.view(mover) if policy.needs_view else None
        state.apply(mover, policy.choose(seen, legal, rng))
    return 0.0


def judge_move(record: MatchRecord, index: int, iterations: int) -> Judgement:
    """The judgement of the record's move at ``index`` (a human's)."""
    spec = registry.get(record.game)
    state = records.first_state(record)
    seat = record.actions[index][0]
    past: list[tuple[Mapping[str, Any], Sequence[Any], Any]] = []
    for mover, text in record.actions[:index]:
        action = spec.parse(text)
        if mover == seat:
            past.append((state.view(seat), list(state.legal_actions(seat)), action))
        state.apply(mover, action)
    played = spec.parse(record.actions[index][1])
    best, played_chance, best_chance, spread = judge(
        spec, state, seat, played, past, iterations, f"analysis {record.seed} {index} {iterations}")
    mark = mark_of(best_chance - played_chance, spread) if best != played else None
    return Judgement(index, record.names[seat], seat, str(played), str(best), played_chance, best_chance, mark)


def _judge_job(job: tuple[dict[str, Any], int, int]) -> Judgement:
    # Module-level for the worker processes: a record crosses as its JSON.
    data, index, iterations = job
    return judge_move(records.MatchRecord.from_json(data), index, iterations)


def analyse(record: MatchRecord, seconds: float = DEFAULT_SECONDS, workers: int = 1,
            progress: Callable[[int, int], None] | None = None) -> list[Judgement]:
    """Every human move of a finished match, judged (in ``workers``
    processes; the answer does not depend on how many)."""
    moves = human_moves(record)
    iterations = iterations_for(seconds)
    out: list[Judgement] = []
    if workers <= 1 or len(moves) <= 1:
        for done, index in enumerate(moves, start=1):
            out.append(judge_move(record, index, iterations))
            if progress:
                progress(done, len(moves))
        return out
    data = record.to_json()
    # Fresh processes, not forks: the app calls this from a thread.
    with ProcessPoolExecutor(max_workers=min(workers, len(moves)), mp_context=get_context("spawn")) as pool:
        for done, judgement in enumerate(pool.map(_judge_job, [(data, i, iterations) for i in moves]), start=1):
            out.append(judgement)
            if progress:
                progress(done, len(moves))
    return out
