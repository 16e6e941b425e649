"""A bot-only match stopped and resumed from its saved record plays on
exactly as one that never stopped: a seat's bot keeps nothing the record
does not hold (what it gave, dumped or looked at is rebuilt from the seat's
own past), and its randomness comes from the record too."""

from __future__ import annotations

import copy

import pytest

from tablegames.core import registry, search
from tablegames.core.match import Match
from tablegames.core.records import MatchRecord
from tablegames.core.search import Budget
from tablegames.core.seats import Seat

# A fixed iteration budget and no clock: the hard bot decides the same on any machine.
BUDGET = Budget(seconds=None, iterations=24)
SEED = 11
# Where the match is stopped and resumed, as shares of its length.
STOPS = (0.2, 0.45, 0.7, 0.9)


@pytest.fixture(autouse=True)
def fixed_budget(monkeypatch):
    monkeypatch.setattr(search, "DEFAULT_BUDGET", BUDGET)


def _new_record(game: str) -> MatchRecord:
    seats = [Seat("Hard", "search"), Seat("Normal 1", "heuristic"), Seat("Normal 2", "heuristic")]
    return MatchRecord(game=game, seats=seats, seed=SEED,
                       options=registry.get(game).resolve_options(None, len(seats)))


def _play(match: Match, until: int | None = None) -> None:
    while not match.is_over() and (until is None or len(match.record.actions) < until):
        assert match.step_bot(), "a bot-only match stalled"


@pytest.mark.parametrize("game", registry.ids())
def test_a_resumed_bot_match_plays_the_same_moves_as_one_that_never_stopped(game):
    whole = Match(_new_record(game), autosave=False)
    _play(whole)
    expected = whole.record.actions
    assert whole.is_over()

    stops = sorted({max(1, int(share * len(expected))) for share in STOPS})
    record = _new_record(game)
    for stop in stops + [None]:
        # A new Match from the record as saved, as when the app resumes it.
        match = Match(copy.deepcopy(record), autosave=False)
        _play(match, stop)
        played = match.record.actions
        assert played == expected[:len(played)], f"moves differ after resuming at move {len(record.actions)}"
        record = match.record
    assert record.actions == expected
