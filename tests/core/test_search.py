"""The search bot (core/search.py): works from views only, reproducible
under an iteration cap, and always answers with a legal action."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.core import registry
from tablegames.core.bots import BaseBot, RandomBot
from tablegames.core.game import Result, SearchHooks
from tablegames.core.search import (
    MAX_CANDIDATES, MIN_WORLDS, Budget, SearchBot, _play_out, careless_chance, look_ahead, reward,
)
from tests.harness import game_cases, names, random_steps

SEARCHABLE = [(game, n) for game, n in game_cases() if registry.get(game).sample is not None]


def search_bot(game: str, iterations: int, seconds: float | None = None) -> SearchBot:
    spec = registry.get(game)
    return SearchBot(spec, RandomBot, Budget(seconds=seconds, iterations=iterations),
                     advisor=lambda: spec.new_bot("heuristic"))


class _Guarded:
    """The real state, refusing every access while the bot thinks."""

    thinking = False

    def __init__(self, state):
        object.__setattr__(self, "_state", state)

    def __getattr__(self, name):
        if _Guarded.thinking:
            raise AssertionError(f"the bot touched the real state ({name})")
        return getattr(object.__getattribute__(self, "_state"), name)


@pytest.mark.parametrize("game,players", SEARCHABLE[:1] + SEARCHABLE[-1:])
def test_the_search_bot_only_ever_receives_views(game, players):
    spec = registry.get(game)
    guarded = _Guarded(spec.new_game(names(players), None, 5))
    bot = search_bot(game, iterations=6)
    rng = random.Random(1)
    for _ in range(40):
        if guarded.is_over():
            break
        seat = guarded.to_move()[0]
        view, legal = guarded.view(seat), list(guarded.legal_actions(seat))
        _Guarded.thinking = True
        try:
            action = bot.choose(view, legal, rng)
        finally:
            _Guarded.thinking = False
        guarded.apply(seat, action)


@pytest.mark.parametrize("game,players", SEARCHABLE)
def test_the_same_seed_and_iteration_cap_give_the_same_choice(game, players):
    spec = registry.get(game)
    for state, seat, _action in random_steps(spec, players, 3):
        legal = list(state.legal_actions(seat))
        if len(legal) > 1:
            break
    view = state.view(seat)
    first = search_bot(game, 80).choose(view, legal, random.Random(9))
    again = search_bot(game, 80).choose(view, legal, random.Random(9))
    assert first == again


@pytest.mark.parametrize("game,players", SEARCHABLE)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_with_a_tiny_budget_the_search_bot_still_answers_legally_in_every_phase(game, players, seed):
    spec = registry.get(game)
    bot = search_bot(game, iterations=2, seconds=0.0)
    rng = random.Random(seed)
    for index, (state, seat, _action) in enumerate(random_steps(spec, players, seed)):
        if index % 4:
            continue
        legal = list(state.legal_actions(seat))
        choice = bot.choose(state.view(seat), legal, rng)
        probe = state.copy()
        probe.apply(seat, choice)  # raises IllegalAction if the choice were not legal


class _OneMove:
    """A one-move game: action 0 loses, every other action wins."""

    def __init__(self) -> None:
        self.done: int | None = None

    def copy(self) -> "_OneMove":
        return _OneMove()

    def is_over(self) -> bool:
        return self.done is not None

    def to_move(self) -> tuple[int, ...]:
        return () if self.done is not None else (0,)

    def apply(self, seat: int, action: int) -> None:
        self.done = action

    def result(self) -> Result:
        return Result(scores=(1, 0) if self.done else (0, 1), breakdown=((), ()),
                      winners=(0,) if self.done else (1,))


class _Spec:
    search = SearchHooks()
    sample = staticmethod(lambda view, rng: _OneMove())


class _AdvisesTheLosingMove(BaseBot):
    needs_view = True

    def choose(self, view, legal, rng):
        return 0


def _one_move_bot(iterations: int) -> SearchBot:
    return SearchBot(_Spec(), _AdvisesTheLosingMove, Budget(seconds=None, iterations=iterations),
                     advisor=_AdvisesTheLosingMove)


def test_the_search_overrules_the_heuristic_when_its_choice_clearly_loses():
    assert _one_move_bot(iterations=4 * MIN_WORLDS).choose({"seat": 0}, [0, 1], random.Random(1)) == 1


def test_the_search_keeps_the_heuristics_choice_on_too_few_re_deals_to_judge():
    # One re-deal where the advice loses has a spread of zero: no proof.
    bot = _one_move_bot(iterations=2 * (MIN_WORLDS - 1))
    assert bot.choose({"seat": 0}, [0, 1], random.Random(1)) == 0


def test_with_more_candidates_than_it_can_compare_the_search_plays_the_heuristics_choice():
    legal = list(range(MAX_CANDIDATES + 1))
    assert _one_move_bot(iterations=4000).choose({"seat": 0}, legal, random.Random(1)) == 0
    assert _one_move_bot(iterations=4000).choose({"seat": 0}, legal[:MAX_CANDIDATES], random.Random(1)) != 0


def test_where_the_lowest_score_is_best_the_search_ranks_a_smaller_score_higher():
    # Blenders Tricks: the smallest spread wins; among the losers, 5 beats 9.
    result = Result(scores=(3, 9, 5), breakdown=((), (), ()), winners=(0,), lowest_best=True)
    assert reward(result, 0) > reward(result, 2) > reward(result, 1)


class _PlaysTheFirst(BaseBot):
    needs_view = True

    def choose(self, view, legal, rng):
        return legal[0]


class _Taking:
    """Three seats take turns; seat 1 makes two moves a turn."""

    def __init__(self) -> None:
        self.moves: list[int] = []

    def is_over(self) -> bool:
        return len(self.moves) >= 20

    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over() else ((0, 1, 1, 2)[len(self.moves) % 4],)

    def legal_actions(self, seat: int) -> list[int]:
        return [seat]

    def apply(self, seat: int, action: int) -> None:
        self.moves.append(action)

    def view(self, seat: int) -> dict:
        return {"seat": seat}


def test_the_look_ahead_stops_when_the_seat_is_to_move_again_after_the_others_answered():
    state = _Taking()
    state.apply(0, 0)  # our own move, the candidate being judged
    score = look_ahead(state, 0, _PlaysTheFirst(), random.Random(1),
                       lambda s, seat: len(s.moves), limit=100)
    assert state.moves == [0, 1, 1, 2] and score == 4


class _Remembering(BaseBot):
    """An adviser with a memory: the views it saw and the moves it made."""

    needs_view = True

    def __init__(self) -> None:
        self.seen: list[int] = []
        self.moves: list[int] = []

    def choose(self, view, legal, rng):
        self.seen.append(view["turn"])
        self.moves.append(legal[0])
        return legal[0]

    remembers = True

    def observe(self, view, legal, action):
        self.seen.append(view["turn"])
        self.moves.append(action)

    def remembered(self):
        return tuple(self.moves)


def test_the_adviser_remembers_every_view_of_the_game_and_the_moves_the_search_made_instead():
    # The heuristic's memory (the hand a seat looked at, the gifts it made)
    # must survive from one decision to the next, also when a decision had
    # one legal move; and when the search overrules it, it remembers the
    # move that was played, not the one it advised.
    samples: list = []

    class Spec:
        search = SearchHooks()
        @staticmethod
        def sample(view, rng, memory=None):
            samples.append(memory)
            return _OneMove()

    bot = SearchBot(Spec(), _PlaysTheFirst, Budget(seconds=None, iterations=4 * MIN_WORLDS),
                    advisor=_Remembering)
    rng = random.Random(1)
    assert bot.choose({"seat": 0, "turn": 1}, ["only"], rng) == "only"
    assert bot.choose({"seat": 0, "turn": 2}, [0, 1], rng) == 1  # advice 0 loses: overruled
    adviser = bot._adviser
    assert adviser.seen == [1, 2] and adviser.moves == ["only", 1]
    # The re-deals of the second decision kept what the seat remembered then.
    assert samples and all(memory == ("only", 0) for memory in samples)


class _Answers:
    """Two seats alternate for six moves; each picks 0 or 1."""

    def __init__(self) -> None:
        self.moves: list[int] = []

    def is_over(self) -> bool:
        return len(self.moves) >= 6

    def to_move(self) -> tuple[int, ...]:  # nobody once it is over, as the contract says
        return () if self.is_over() else (len(self.moves) % 2,)

    def legal_actions(self, seat: int) -> list[int]:
        return [0, 1]

    def apply(self, seat: int, action: int) -> None:
        self.moves.append(action)

    def view(self, seat: int) -> dict:
        return {"seat": seat}

    def result(self) -> Result:
        return Result(scores=(0, 0), breakdown=((), ()), winners=(0, 1))


class _PlaysTheLast(_PlaysTheFirst):
    def choose(self, view, legal, rng):
        return legal[-1]


def test_the_first_decisions_of_a_playout_are_the_heuristics_and_the_rest_the_fast_policys():
    # How a rival answers the move being judged is the heuristic's call;
    # what follows is played fast.
    state = _Answers()
    _play_out(state, 0, _PlaysTheFirst(), random.Random(1), limit=100, lead=_PlaysTheLast(), lead_steps=3)
    assert state.moves == [1, 1, 1, 0, 0, 0]


class _LongAnswers(_Answers):
    """Two seats alternate for forty moves; each picks 0 to 9."""

    def is_over(self) -> bool:
        return len(self.moves) >= 40

    def legal_actions(self, seat: int) -> list[int]:
        return list(range(10))

    def copy(self) -> "_LongAnswers":
        return _LongAnswers()


def test_a_careless_rival_plays_at_random_in_the_playouts_and_the_others_by_the_policy():
    # Against beginners or easy bots, playouts that expect every rival to
    # answer well misjudge the table: some re-deals let a rival play at random.
    state = _LongAnswers()
    _play_out(state, 0, _PlaysTheFirst(), random.Random(1), limit=100, careless={1})
    assert set(state.moves[0::2]) == {0}
    assert len(set(state.moves[1::2])) > 3


def test_random_rivals_sets_the_share_of_re_deals_where_each_rival_plays_at_random():
    careless_seats: list = []

    def spy(state, seat, policy, rng, limit, lead=None, lead_steps=0, careless=(), own=None, stage=None,
            standings=None):
        careless_seats.append(frozenset(careless))
        return 0.5

    class Spec:
        search = SearchHooks()
        @staticmethod
        def sample(view, rng, memory=None):
            return _LongAnswers()

    view = {"seat": 0, "names": ["A", "B", "C"]}
    for share, expected in ((0.0, 0.0), (1.0, 1.0), (0.5, 0.5)):
        careless_seats.clear()
        bot = SearchBot(Spec(), _PlaysTheFirst, Budget(seconds=None, iterations=2000),
                        hooks=SearchHooks(random_rivals=share))
        with mock.patch("tablegames.core.search._play_out", spy):
            bot.choose(view, [0, 1], random.Random(2))
        assert careless_seats and all(0 not in seats for seats in careless_seats)
        for rival in (1, 2):
            rate = sum(rival in seats for seats in careless_seats) / len(careless_seats)
            assert abs(rate - expected) < 0.1
    # A game's estimate from the view and what the seat remembers.
    asked: list = []

    def estimate(seen, memory):
        asked.append((seen, memory))
        return 1.0

    careless_seats.clear()
    bot = SearchBot(Spec(), _PlaysTheFirst, Budget(seconds=None, iterations=200),
                    advisor=_Remembering, hooks=SearchHooks(random_rivals=estimate))
    bot._adviser.moves = [5]
    with mock.patch("tablegames.core.search._play_out", spy):
        bot.choose({**view, "turn": 1}, [0, 1], random.Random(2))
    assert asked == [({**view, "turn": 1}, (5, 0))]
    assert careless_seats and all(seats == {1, 2} for seats in careless_seats)


def test_in_a_free_form_phase_the_search_weighs_the_games_variations_of_the_advice():
    # Arranging a hand: the legal list holds a few examples only; the search
    # compares the heuristic's choice (0: loses) with the game's variations.
    def variations(view, advice):
        assert advice == 0
        return [2, 0]

    bot = SearchBot(_Spec(), _AdvisesTheLosingMove, Budget(seconds=None, iterations=4 * MIN_WORLDS),
                    advisor=_AdvisesTheLosingMove, hooks=SearchHooks(alternatives=variations))
    assert bot.choose({"seat": 0}, ["an example", "another"], random.Random(1)) == 2
    # Without variations, the advice is played as it is.
    assert _one_move_bot(iterations=4 * MIN_WORLDS).choose({"seat": 0}, ["an example", "another"],
                                                           random.Random(1)) == 0


class _Counting(BaseBot):
    """An adviser that plays how many moves it remembers making."""

    needs_view = True

    def __init__(self) -> None:
        self.moves: list[int] = []

    def choose(self, view, legal, rng):
        self.moves.append(len(self.moves))
        return self.moves[-1]

    remembers = True

    def observe(self, view, legal, action):
        self.moves.append(action)


def _playouts_with(own_memory: bool) -> tuple[list[list[int]], list[int]]:
    """The moves of every playout of one decision by a bot whose adviser
    remembers two moves, and the adviser's memory after it."""
    playouts: list[_Answers] = []

    class Game(_Answers):
        def legal_actions(self, seat: int) -> list[int]:
            return list(range(10))

        def copy(self) -> "Game":
            playouts.append(Game())
            return playouts[-1]

    class Spec:
        search = SearchHooks()
        sample = staticmethod(lambda view, rng, memory=None: Game())

    bot = SearchBot(Spec(), _PlaysTheFirst, Budget(seconds=None, iterations=40),
                    advisor=_Counting, hooks=SearchHooks(own_memory=own_memory))
    bot._adviser.moves = [7, 7]
    bot.choose({"seat": 0, "names": ["A", "B"]}, list(range(10)), random.Random(1))
    return [game.moves for game in playouts], bot._adviser.moves


def test_with_own_memory_the_seat_plays_its_playouts_as_its_adviser_remembering_its_moves():
    # Blasting Billy: a fresh heuristic on a re-dealt view has forgotten the
    # cards the seat gave Billy face down; a copy of the seat's own adviser,
    # told the candidate being judged, remembers them.
    playouts, memory = _playouts_with(own_memory=True)
    assert playouts and all(len(moves) == 6 for moves in playouts)
    # The candidate, then the adviser's copy (it remembers 7, 7 and the
    # candidate: it plays 3, then 4); the rival plays by the policy.
    assert {tuple(moves[2::2]) for moves in playouts} == {(3, 4)}
    assert {tuple(moves[1::2]) for moves in playouts} == {(0, 0, 0)}
    assert {moves[0] for moves in playouts} == set(range(10))
    # The playouts played copies: the seat's adviser remembers its advice only.
    assert memory == [7, 7, 2]
    # Without it, the policy plays the seat too.
    playouts, _ = _playouts_with(own_memory=False)
    assert {tuple(moves[2::2]) for moves in playouts} == {(0, 0)}


def test_the_careless_chance_is_even_without_evidence_and_moves_with_each_sign_of_random_play():
    assert careless_chance(()) == 0.5
    assert careless_chance((), prior=0.2) == pytest.approx(0.2), "a game may lean one way before any evidence"
    # A move a random player makes half the time and a careful one a tenth:
    # once seen, odds of 5 to 1 for random play; twice, 25 to 1.
    assert careless_chance(((1, 0.5, 0.1),)) == pytest.approx(5 / 6)
    assert careless_chance(((2, 0.5, 0.1),)) == pytest.approx(25 / 26)
    # The other answer (half against nine tenths) points the other way.
    assert careless_chance(((1, 0.5, 0.9),)) == pytest.approx(5 / 14)
    # Long runs stay a chance, never 0 or 1 exactly.
    assert 0.0 < careless_chance(((1000, 0.5, 0.9),)) < careless_chance(((1000, 0.5, 0.1),)) < 1.0


class _FakeClock:
    """A clock that moves only when a re-deal is dealt (a hundredth of a
    second each): the budget is counted in re-deals, not in real time."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _timed_bot(clock: _FakeClock) -> SearchBot:
    class Spec:
        search = SearchHooks()
        @staticmethod
        def sample(view, rng):
            clock.now += 0.01
            return _OneMove()

    bot = SearchBot(Spec(), _AdvisesTheLosingMove,
                    Budget(seconds=1.0, iterations=10**9, turn_seconds=1.2), advisor=_AdvisesTheLosingMove)
    bot.clock = clock
    return bot


def _thinks(bot: SearchBot, clock: _FakeClock) -> float:
    start = clock.now
    bot.choose({"seat": 0}, [0, 1], random.Random(1))
    return clock.now - start


def test_the_decisions_of_one_turn_share_its_time_budget():
    # Play, claim and lead in a row (a trick won): the table waits for the
    # turn, so the three together stay within one turn's budget.
    clock = _FakeClock()
    bot = _timed_bot(clock)
    bot.begin_turn(7)
    turn = [_thinks(bot, clock) for _ in range(3)]
    assert sum(turn) <= bot.budget.turn_seconds
    assert turn[0] > turn[1] > turn[2] > 0  # each still weighs its choice
    # The next turn has the whole budget again; a bot the match says
    # nothing to counts each decision as a turn of its own.
    bot.begin_turn(9)
    assert _thinks(bot, clock) == pytest.approx(turn[0], abs=0.011)
    alone = _timed_bot(clock)
    assert [_thinks(alone, clock) for _ in range(3)] == pytest.approx([turn[0]] * 3, abs=0.011)


def test_a_single_legal_action_is_played_without_searching():
    class NoRedeals:
        search = SearchHooks()
        @staticmethod
        def sample(view, rng):
            raise AssertionError("the bot searched a forced move")

    def no_clock() -> float:
        raise AssertionError("the bot timed a forced move")

    bot = SearchBot(NoRedeals(), _AdvisesTheLosingMove, Budget(seconds=1.0),
                    advisor=_AdvisesTheLosingMove)
    bot.clock = no_clock
    assert bot.choose({"seat": 0}, [5], random.Random(1)) == 5


class _Recording(BaseBot):
    """Wraps a bot: notes the turn the match names for each decision."""

    needs_view = True

    def __init__(self, bot, seat: int, turns: list) -> None:
        self.bot, self.seat, self.turns = bot, seat, turns

    def begin_turn(self, turn) -> None:
        self.turns.append((self.seat, turn))

    def choose(self, view, legal, rng):
        return self.bot.choose(view, legal, rng)


def test_the_match_names_one_turn_for_a_bots_decisions_in_a_row():
    from tablegames.core.match import Match
    from tablegames.core.seats import Seat

    # Blenders Tricks: whoever wins a trick claims a card and leads, in a row.
    game = "blenders-tricks"
    match = Match.new(game, [Seat(f"Bot {i}", "heuristic") for i in range(3)], seed=5, autosave=False)
    turns: list = []
    match._bots = {seat: _Recording(bot, seat, turns) for seat, bot in match._bots.items()}
    while not match.is_over():
        match.step_bot()
    seats = [seat for seat, _ in match.record.actions]
    assert [seat for seat, _ in turns] == seats
    keys = [key for _, key in turns]
    for i in range(1, len(seats)):
        # The same turn exactly while the same seat goes on deciding.
        assert (keys[i] == keys[i - 1]) == (seats[i] == seats[i - 1])
    assert any(a == b == c for a, b, c in zip(seats, seats[1:], seats[2:]))  # a turn of three was seen
    assert len(set(keys)) == sum(1 for i in range(len(seats)) if i == 0 or seats[i] != seats[i - 1])


def test_a_turn_taken_back_and_played_again_is_a_new_turn():
    from tablegames.core.bots import turn_key

    # Seat 1 moved (change 1): seat 0's turn is named 1, and stays so
    # after its first decision (change 2).
    assert turn_key([(1, "a")], 0, changes=1) == 1
    assert turn_key([(1, "a"), (0, "b")], 0, changes=2) == 1
    # Had seat 1 taken its move back (change 2) and played it again
    # (change 3) while seat 0 thought, seat 0's turn is a new one.
    assert turn_key([(1, "a")], 0, changes=3) == 3


def test_no_core_module_imports_itself_back_through_others():
    """The core's modules import in layers (bots, then game, then search,
    registry, records, match...): no circle through their module-level
    imports, those made only for type checking included (a circle there
    is one for mypy and for a reader). Imports deferred into a function
    body are left out: they run when called, once every module is loaded."""
    import ast
    from pathlib import Path

    import tablegames.core

    folder = Path(tablegames.core.__file__).parent
    graph: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found: set[str] = set()
        todo: list[ast.AST] = list(tree.body)
        while todo:
            node = todo.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == "tablegames.core":
                    found |= {alias.name for alias in node.names}
                elif node.module.startswith("tablegames.core."):
                    found.add(node.module.split(".")[2])
            elif isinstance(node, ast.Import):
                found |= {a.name.split(".")[2] for a in node.names if a.name.startswith("tablegames.core.")}
            else:
                todo += list(ast.iter_child_nodes(node))
        graph[path.stem] = found & {p.stem for p in folder.glob("*.py")}

    def circle_from(start: str) -> list[str] | None:
        stack = [(start, [start])]
        seen: set[str] = set()
        while stack:
            module, path = stack.pop()
            for nxt in graph[module]:
                if nxt == start:
                    return path + [start]
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, path + [nxt]))
        return None

    circles = [circle for module in sorted(graph) if (circle := circle_from(module))]
    assert not circles, "import circle: " + " -> ".join(circles[0])


@pytest.mark.parametrize("module", sorted(
    p.stem for p in __import__("pathlib").Path(__import__("tablegames.core").core.__file__).parent.glob("*.py")
    if p.stem != "__init__"))
def test_each_core_module_imports_alone_in_a_fresh_interpreter(module):
    import subprocess
    import sys

    code = f"import importlib; importlib.import_module('tablegames.core.{module}')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr.strip().splitlines()[-1:]


@pytest.mark.parametrize("game", sorted({game for game, _ in SEARCHABLE}))
def test_two_states_the_seat_cannot_tell_apart_get_the_same_move_from_the_hard_bot(game):
    # The twin is the game's own re-deal from the seat's view: the same view,
    # other hidden cards, and the legal moves in the order its rules give.
    # The hard bot's answer may depend on what the seat sees, not on that order.
    spec = registry.get(game)
    players = min(n for g, n in SEARCHABLE if g == game)
    compared = 0
    for seed in range(1, 6):
        for step, (state, seat, _action) in enumerate(random_steps(spec, players, seed)):
            legal = list(state.legal_actions(seat))
            if step % 3 or len(legal) < 2:
                continue
            view = state.view(seat)
            twin = spec.sample(view, random.Random(seed * 1000 + step))
            if twin.view(seat) != view:
                continue
            twin_legal = list(twin.legal_actions(seat))
            if sorted(map(str, twin_legal)) != sorted(map(str, legal)):
                continue
            first = search_bot(game, 24).choose(view, legal, random.Random(step))
            second = search_bot(game, 24).choose(twin.view(seat), twin_legal, random.Random(step))
            assert str(first) == str(second), (seed, step)
            compared += 1
            if compared >= 12:
                return
    assert compared >= 4, "too few positions with a twin to compare"
