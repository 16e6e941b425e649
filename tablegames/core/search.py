"""The hard computer player: determinised Monte Carlo search over what the
seat may know, for every game.

Each iteration re-deals everything the seat cannot see (the game's sampler,
from the seat's view and what the seat remembers) and plays every candidate
action out in that re-deal with a fast policy (random moves, the game's
heuristic where that is affordable, or a playout policy of the game's own,
after the heuristic's first answers where those matter most), to the end of
the game or of the current hand or round; or, where a game gives an
evaluation, only one round ahead with the heuristic, scored by it. In a
share of the re-deals a rival may play at random (a table of beginners is
not a table of heuristics); where a game asks for it, the seat itself plays
its playouts as its heuristic, remembering what it did. In a free-form
phase (arranging a hand) the candidates are the heuristic's choice and the
game's variations of it. The heuristic's own choice is played unless
another candidate does clearly better. The bot never sees the real state:
it gets the view and the legal actions like every bot. Decision time is
bounded by a time budget and an iteration cap, whichever comes first;
with the cap binding, a seed gives the same choice. The time is counted
per turn (the seat's decisions in a row, as the match tells it): a trick
won is a card played, a card claimed and a lead, and the table waits for
the turn, not for each of its decisions.
"""

from __future__ import annotations

import copy
import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Collection, Hashable, Mapping, Sequence

from tablegames.core.bots import BaseBot, Bot, RandomBot
from tablegames.core.errors import IllegalAction
from tablegames.core.game import BotFactory, GameSpec, GameState, Result, SearchHooks

# Reward = WIN_WEIGHT x share of the win + the rest x rank among the seats.
WIN_WEIGHT = 0.7
# Standard errors by which the search's best must beat the heuristic's own
# choice to be played instead (SearchBot.confidence).
CONFIDENCE = 1.0
# Re-deals the search's best and the heuristic's choice must both have been
# scored on before the search may overrule it: below that, the standard
# error is itself a guess (one re-deal gives a spread of zero).
MIN_WORLDS = 8
# With more candidates than this, a decision's budget cannot tell them apart
# (a secret pass of two cards from thirteen: 156 pairs, one re-deal each
# before the first cut); the heuristic's choice is played.
MAX_CANDIDATES = 32


@dataclass(frozen=True)
class Budget:
    """At most ``seconds`` (None: no clock) and ``iterations`` per decision,
    and at most ``turn_seconds`` of thinking per turn: each decision may
    take ``turn_share`` of what its turn has left, so a turn of any number
    of decisions stays within it (a lone decision gets that share of the
    whole). The iteration cap is per decision: with no clock, the turns
    change nothing."""

    seconds: float | None = 1.0
    iterations: int = 4000
    turn_seconds: float = 1.2
    turn_share: float = 0.5
    # Actions a playout may take before it is scored as it stands (a guard
    # for games that could run long under random play).
    playout_limit: int = 3000


DEFAULT_BUDGET = Budget()


def reward(result: Result, seat: int) -> float:
    """How good a finished game is for ``seat``, from 0 to 1."""
    winners = len(result.winners) + bool(result.other_winner)
    win = 1 / winners if seat in result.winners else 0.0
    scores = [-s for s in result.scores] if result.lowest_best else result.scores
    return WIN_WEIGHT * win + (1 - WIN_WEIGHT) * _rank(scores, seat)


def stage_reward(standings: Sequence[float], seat: int) -> float:
    """How good the end of a stage (a hand, a round) is for ``seat``, as if
    the game ended with it: ``standings`` are the seats' scores then, the
    highest best."""
    best = max(standings)
    leaders = sum(1 for g in standings if g == best)
    win = 1 / leaders if standings[seat] == best else 0.0
    return WIN_WEIGHT * win + (1 - WIN_WEIGHT) * _rank(standings, seat)


def _rank(scores: Sequence[float], seat: int) -> float:
    """The share of the other seats that ``seat`` beats (ties count half)."""
    others = len(scores) - 1
    if others <= 0:
        return 1.0
    mine = scores[seat]
    beaten = sum(1 for s in scores if s < mine) + 0.5 * (sum(1 for s in scores if s == mine) - 1)
    return beaten / others


def careless_chance(evidence: Sequence[tuple[int, float, float]], prior: float = 0.5) -> float:
    """The chance that a table of rivals plays at random rather than
    carefully, given what they were seen doing: for each kind of move, (how
    many times it was seen, its chance under random play, its chance under
    careful play); before any evidence, ``prior``. A game's
    ``random_rivals`` estimate."""
    log_odds = math.log(prior / (1 - prior)) + sum(
        times * math.log(if_random / if_careful) for times, if_random, if_careful in evidence)
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, log_odds))))


class SearchBot(BaseBot):
    """Flat determinised Monte Carlo over the candidate actions.

    Every candidate is played out in the same re-deals with the same playout
    randomness (common random numbers), so the comparison between candidates
    is not drowned by the luck of the deal; with many candidates, sequential
    halving spends the budget on the better half, round after round. (This
    replaced one re-deal per playout with UCB1 at the root: on 30 seeded
    one-hand games of a trick-taking game at 4 players against normal bots, 100
    playouts a move, the win share went from 26.7% to 30.0% and the mean
    score margin from +0.6 to +2.9, in less time: a copy is cheaper than a
    re-deal.)

    How it searches a game is the game's ``SearchHooks`` (``spec.search``,
    or ``hooks`` given here)."""

    needs_view = True
    # Thinks up to its budget (1.2 s a turn): the app runs it off the UI thread.
    slow = True

    def __init__(self, spec: GameSpec, policy: Callable[[], Bot] | None = None,
                 budget: Budget | None = None, advisor: Callable[[], Bot] | None = None,
                 hooks: SearchHooks | None = None) -> None:
        self._spec = spec
        hooks = hooks if hooks is not None else spec.search
        self.hooks = hooks
        if policy is None:
            playout = hooks.playout
            policy = playout if callable(playout) else (
                advisor if playout == "heuristic" and advisor is not None else RandomBot)
        # In a free-form phase, the game's variations of the heuristic's
        # choice (view, advice) -> actions: the search weighs them against it.
        self._alternatives = hooks.alternatives
        # A game's evaluation of a position for a seat (higher is better):
        # at these player counts a playout looks only one round ahead, with
        # the heuristic in every seat, and is scored by it (look_ahead).
        self._evaluate = hooks.evaluate
        self._evaluate_players = frozenset(hooks.evaluate_players)
        self._policy_factory = policy
        # The heuristic (a factory; playouts make their own from it).
        self._advisor = advisor
        # The heuristic that advises this seat: its choice is the first
        # candidate, and the one played in a free-form phase. One instance
        # for the whole game, shown every view the seat gets, so that it
        # remembers what the seat saw as the normal bot does (a fresh one
        # each decision forgot the hand it looked at). What it remembers
        # comes from the seat's own past only: a bot rebuilt from the
        # match's record is shown it again (``observe``).
        self._adviser = advisor() if advisor is not None else None
        self.remembers = self._adviser is not None and self._adviser.remembers
        # Read when built (not when defined): tests set a fixed budget.
        self.budget = budget if budget is not None else DEFAULT_BUDGET
        # How sure the search must be to overrule the heuristic's choice:
        # the paired gain over it must exceed this many standard errors.
        self.confidence = CONFIDENCE
        self.last_iterations = 0  # for the benchmarks
        # The first decisions of every playout (the answers to the move
        # being judged) are the heuristic's, the rest the fast policy's:
        # where a fast policy cannot tell how a rival answers and the
        # heuristic is too slow for whole playouts.
        self.lead_steps = hooks.lead_steps if advisor is not None else 0
        # The chance that a rival plays at random in a re-deal (each rival,
        # each re-deal): playouts that expect every rival to answer well
        # misjudge a table of careless players (easy bots, beginners). A
        # game may estimate it from what the table has shown so far
        # (view, memory) -> share.
        self.random_rivals = hooks.random_rivals
        # The seat's own moves in the playouts are its adviser's, copied with
        # what it remembers (its hidden gifts): a fresh policy on a re-dealt
        # view has forgotten them and plays the seat more carelessly.
        self.own_memory = hooks.own_memory
        # The game's stages (its spec's ``stage``; see SearchHooks), for the
        # playouts: only a game that also gives its standings stops there.
        stage = spec.stage if hooks.standings is not None else None
        self._stage = stage.number if stage is not None else None
        self._standings = hooks.standings if stage is not None else None
        # The clock the budget is counted on (tests give their own).
        self.clock: Callable[[], float] = time.perf_counter
        # The turn the next decision belongs to (``begin_turn``; None: each
        # decision is a turn of its own) and the seconds it has thought.
        self._turn: Hashable | None = None
        self._thought = 0.0

    def playout_policy(self) -> Bot:
        """A fresh bot of the policy this search plays its playouts with
        (the post-game analysis, core/analysis.py, plays with it too)."""
        return self._policy_factory()

    def observe(self, view: Any, legal: Sequence[Any], action: Any) -> None:
        if self._adviser is not None:
            self._adviser.observe(view, legal, action)

    def remembered(self) -> Any:
        return self._adviser.remembered() if self._adviser is not None else None

    def begin_turn(self, turn: Hashable) -> None:
        """The match names the turn the next decision belongs to: the
        decisions of one turn share its ``Budget.turn_seconds``."""
        if turn != self._turn:
            self._turn, self._thought = turn, 0.0

    def choose(self, view: Mapping[str, Any] | None, legal: Sequence[Any],
               rng: random.Random) -> Any:
        # In an order of its own: the rules' order may follow the real deal
        # (the hidden cards), and two states the seat cannot tell apart must
        # get the same move (core/analysis.py's judge sorts them so too).
        legal = sorted(legal, key=str)
        if len(legal) == 1 or view is None:
            # Nothing to weigh: answered at once, whatever the budget.
            if self._adviser is not None and view is not None:
                self._adviser.choose(view, legal, rng)  # it remembers what it saw
            return legal[0]
        turn = self._turn
        if turn is None:
            self._thought = 0.0
        start = self.clock()
        try:
            return self._choose(view, legal, rng, start)
        finally:
            if self._turn == turn:  # not a turn the match has left meanwhile
                self._thought += self.clock() - start

    def _seconds(self) -> float | None:
        """The seconds this decision may think: its share of what the turn
        has left, and no more than the budget per decision."""
        budget = self.budget
        if budget.seconds is None:
            return None
        left = max(0.0, budget.turn_seconds - self._thought)
        return min(budget.seconds, budget.turn_share * left)

    def _choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random,
                start: float) -> Any:
        # The clock starts now (the heuristic's advice counts too), and stops
        # a little short of the budget: the last playout runs past the check.
        seconds = self._seconds()
        deadline = None if seconds is None else start + 0.97 * seconds
        spec = self._spec
        if spec.sample is None:
            return self._policy_factory().choose(view, legal, rng)
        rng = random.Random(rng.random())  # own stream: reproducible per decision
        candidates = list(legal)
        advice = None
        # An adviser that remembers its own moves is restored to before its
        # advice, and told the move, when the search overrules it.
        before = copy.deepcopy(self._adviser) if self.remembers else None
        if self._adviser is not None:
            advice = self._adviser.choose(view, legal, rng)
            if advice not in candidates:
                # A free-form phase (arranging a hand): the legal list holds
                # only a few examples. A search over them was misled (it
                # picked hands as dealt: 32.5% won against 37.5% for the
                # heuristic's arrangement, 60 seeded one-hand games at 3
                # players), so the candidates are the advice and the game's
                # variations of it, or the advice alone.
                if self._alternatives is None:
                    return advice
                candidates = [advice] + [a for a in self._alternatives(view, advice) if a != advice]
            if len(candidates) > MAX_CANDIDATES:
                return advice
            candidates.remove(advice)
            candidates.insert(0, advice)  # first: it wins ties
        choice = self._paired(spec, view, legal, candidates, rng, deadline, advised=advice is not None,
                              before=before)
        if before is not None and choice != advice:
            self._adviser = before
            before.observe(view, legal, choice)
        return choice

    def _paired(self, spec: GameSpec, view: Mapping[str, Any], legal: Sequence[Any], candidates: list[Any],
                rng: random.Random, deadline: float | None, advised: bool, before: Any = None) -> Any:
        """Sequential halving over ``candidates``, each round on re-deals
        shared by all the candidates still in. With ``advised``, the first
        candidate is the heuristic's choice: it stays in every round, and
        another candidate replaces it only if its gain over it, re-deal by
        re-deal, is clear (``self.confidence`` standard errors)."""
        seat = view["seat"]
        evaluate = self._evaluate
        if evaluate is not None and len(view["names"]) not in self._evaluate_players:
            evaluate = None
        policy = self._policy_factory() if evaluate is None or self._advisor is None else self._advisor()
        lead = self._advisor() if self.lead_steps and self._advisor is not None else None
        sample = spec.sample
        assert sample is not None
        # What the seat remembers beyond its view (its adviser keeps it).
        memory = self._adviser.remembered() if self._adviser is not None and self.remembers else None
        careless_share = self.random_rivals
        if callable(careless_share):
            careless_share = careless_share(view, memory)
        # Per candidate: the adviser as it would be after playing it.
        selves: list[Any] = [None] * len(candidates)
        if self.own_memory and before is not None:
            for index, candidate in enumerate(candidates):
                selves[index] = copy.deepcopy(before)
                selves[index].observe(view, legal, candidate)
        budget = self.budget
        alive = list(range(len(candidates)))
        totals = [0.0] * len(candidates)
        # Per candidate: the sum of squared gains over the first candidate.
        square_gains = [0.0] * len(candidates)
        worlds = 0
        playouts = 0
        # The playouts this decision may make: the cap, or fewer when the
        # clock will run out first (re-estimated as the search goes).
        total = budget.iterations
        started = self.clock()
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        out_of_time = False
        for round_no in range(rounds):
            round_start, done = playouts, 0
            # This round's share of what is left, in whole re-deals.
            while done < max(1, (total - round_start) // ((rounds - round_no) * len(alive))):
                if playouts + len(alive) > total:
                    out_of_time = True
                    break
                world = sample(view, rng) if memory is None else sample(view, rng, memory)
                seed = rng.random()
                careless = frozenset(s for s in range(len(view["names"])) if s != seat
                                     and rng.random() < careless_share) if careless_share else ()
                scores = []
                for index in alive:
                    if deadline is not None and self.clock() > deadline:
                        break  # a re-deal not every candidate was scored on is dropped
                    state = world.copy()
                    try:
                        state.apply(seat, candidates[index])
                    except IllegalAction:
                        # Not legal in this re-deal (the view allowed it, a
                        # sample cannot refuse it in a sound game): a loss.
                        scores.append(0.0)
                        continue
                    if evaluate is not None:
                        scores.append(look_ahead(state, seat, policy, random.Random(seed), evaluate,
                                                 budget.playout_limit))
                    else:
                        own = copy.deepcopy(selves[index]) if selves[index] is not None else None
                        scores.append(_play_out(state, seat, policy, random.Random(seed),
                                                budget.playout_limit, lead, self.lead_steps, careless, own,
                                                self._stage, self._standings))
                if len(scores) < len(alive):
                    out_of_time = True
                    break
                first = scores[0] if alive[0] == 0 else 0.0
                for index, score in zip(alive, scores):
                    totals[index] += score
                    square_gains[index] += (score - first) ** 2
                worlds += 1
                playouts += len(alive)
                done += 1
                if deadline is not None:
                    now = self.clock()
                    rate = (now - started) / playouts
                    total = min(budget.iterations, playouts + int(max(0.0, deadline - now) / rate))
            if out_of_time or len(alive) <= 1:
                break
            # Keep the better half (ties: the earlier candidate, the advice),
            # and the advice.
            ranked = sorted(alive, key=lambda i: (-totals[i], i))
            alive = sorted(set(ranked[:max(1, (len(alive) + 1) // 2)]) | ({0} if advised else set()))
        self.last_iterations = playouts
        best = min(alive, key=lambda i: (-totals[i], i))
        if advised and best != 0 and worlds < MIN_WORLDS:
            best = 0
        elif advised and best != 0:
            # The advice was scored on every re-deal, as was ``best``.
            gain = (totals[best] - totals[0]) / worlds
            spread = math.sqrt(max(0.0, square_gains[best] / worlds - gain * gain) / worlds)
            if gain <= self.confidence * spread:
                best = 0
        return candidates[best]


def _play_out(state: GameState, seat: int, policy: Bot, rng: random.Random, limit: int,
              lead: Bot | None = None, lead_steps: int = 0, careless: Collection[int] = (),
              own: Bot | None = None, stage: Callable[[Any], Hashable] | None = None,
              standings: Callable[[Any], Sequence[float]] | None = None) -> float:
    """Play on with ``policy`` in every seat (it sees only views) and return
    the reward for ``seat``. A game of several scored stages (its spec's
    ``stage``, its hooks' ``standings``) is played only to the end of the current
    stage and judged by the standings then, as if the game ended there:
    later deals add noise, not information. The first ``lead_steps``
    decisions are made by ``lead`` (the heuristic, on views); the
    ``careless`` seats play at random throughout, and ``own`` (if any)
    plays ``seat`` on its views."""
    needs_view = policy.needs_view
    # A policy written for playouts may read the re-deal itself (the
    # search's own imagined state, never the real one): no view to build.
    reads_state = policy.reads_state
    if stage is None or standings is None:
        stage = standings = None
    start_stage = stage(state) if stage is not None else None
    for _ in range(limit):
        movers = state.to_move()
        if not movers:  # the game is over
            return reward(state.result(), seat)
        if stage is not None and standings is not None and stage(state) != start_stage:
            return stage_reward(standings(state), seat)
        mover = movers[0]
        legal = state.legal_actions(mover)
        if lead_steps > 0 and len(legal) > 1:
            lead_steps -= 1
            if mover not in careless and lead is not None:
                state.apply(mover, lead.choose(state.view(mover), legal, rng))
                continue
        if mover in careless:
            state.apply(mover, legal[rng.randrange(len(legal))])
            continue
        if own is not None and mover == seat:
            state.apply(mover, own.choose(state.view(mover), legal, rng))
            continue
        seen = state if reads_state else state.view(mover) if needs_view else None
        state.apply(mover, policy.choose(seen, legal, rng))
    raise RuntimeError("a playout did not end: raise Budget.playout_limit")


def look_ahead(state: GameState, seat: int, policy: Bot, rng: random.Random,
               evaluate: Callable[[Any, int], float], limit: int) -> float:
    """Play on with ``policy`` until ``seat`` is to move again after the
    others have answered (or the game ends), and score that position with
    the game's ``evaluate``. For games whose playouts to the end are too slow
    with the heuristic and meaningless at random: the others' replies are
    what the evaluation alone cannot see."""
    needs_view = policy.needs_view
    others_moved = False
    for _ in range(limit):
        movers = state.to_move()
        if not movers:  # the game is over
            break
        mover = movers[0]
        if mover == seat and others_moved:
            break
        others_moved = others_moved or mover != seat
        legal = state.legal_actions(mover)
        state.apply(mover, policy.choose(state.view(mover) if needs_view else None, legal, rng))
    return evaluate(state, seat)


def bot_levels(heuristic: Callable[[], Bot], *, search: bool = True) -> dict[str, BotFactory]:
    """A game's bots by level: random play, the game's own heuristic and
    (unless ``search`` is False) the search bot, which plays out re-deals
    from the game's sampler as the game's ``SearchHooks`` say, advised by
    the heuristic."""

    def random_bot(spec: GameSpec) -> Bot:
        return RandomBot()

    def heuristic_bot(spec: GameSpec) -> Bot:
        return heuristic()

    def search_bot(spec: GameSpec) -> Bot:
        return SearchBot(spec, advisor=heuristic)

    levels: dict[str, BotFactory] = {"random": random_bot, "heuristic": heuristic_bot}
    if search:
        levels["search"] = search_bot
    return levels
