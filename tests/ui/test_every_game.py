"""The one whole match by keys of every registered game, through the real
screens, with every per-match check plugged in as an observer:

- the handover rules every game shares (``play_whole_match``): each
  handover passes the keyboard to another human, one before the first human
  move and one each time the mover changes, nobody's screen without one;
- each game screen draws the view of the seat at the keyboard, no other;
- the game's own privacy and screen checks (``Watch`` in
  tests/fixtures/<game>/whole_match.py: what a handover may show, whose
  cards a screen draws, what the results say);
- stray Enters never show the next hand (``StrayEnters``): the app runs with
  a handover guard until a move followed by one Enter 50 ms later, and one
  followed by ten Enters within half a second, have each met a handover
  that held.

The game's fixtures choose the table (``new_match``, two humans and a bot
by default) and its key driver (tests/fixtures/<game>/driver.py) the keys."""

from __future__ import annotations

from types import ModuleType

import pytest

from tablegames.core import registry
from tablegames.core.game import GameSpec
from tablegames.core.match import Match
from tablegames.ui.app import HANDOVER_GUARD
from tests.fixtures import all_scenes, driver_of, fixture_module
from tests.ui.helpers import (SIZE, GameScreen, HandoverScreen, ResultsScreen, Seat, make_app,
                              play_whole_match, screen_text, settle, wait_until_armed)

DRIVEN = [spec for spec in registry.all_specs() if driver_of(spec) is not None]


def two_humans_and_a_bot(spec: GameSpec, seed: int) -> Match:
    """Ann and Ben (humans) and Cid (the default bot); more bots if the game
    needs more players, no bot if it takes only two."""
    players = max(min(3, spec.max_players), spec.min_players)
    names = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
    seats = [Seat(names[0]), Seat(names[1])] + [Seat(name, spec.default_bot) for name in names[2:players]]
    return Match.new(spec.id, seats, {}, seed=seed, autosave=False)


def test_every_registered_game_with_scenes_also_has_a_driver():
    # A game that shows up in screenshots is also played through by keys here.
    assert {spec.id for spec, _ in all_scenes()} <= {spec.id for spec in DRIVEN}


class SeatsView:
    """The screen draws the view of the seat at the keyboard, no other, and
    both humans play."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.seen: set[int] = set()

    def on_handover(self, screen, text: str) -> None:
        # Nobody's view is drawn before the next human confirms.
        assert screen.next_seat not in (None, self.match.at_keyboard)

    def on_game_screen(self, screen, text: str, seat: int) -> None:
        assert screen.seat == seat and screen.view == self.match.view() and screen.view.get("seat") == seat
        self.seen.add(seat)


def next_humans_hand_is_hidden(app, match: Match, mover: int) -> None:
    """Nobody but the mover has the keyboard, and no game screen draws a
    seat other than the mover's."""
    assert match.at_keyboard == mover
    screen = app.screen
    if isinstance(screen, GameScreen):
        assert screen.seat in (None, mover)
    if isinstance(screen, HandoverScreen):
        # It says whether it is armed yet.
        assert ("press Enter" if screen.armed else "One moment") in screen_text(app)


class StrayEnters:
    """A stray Enter never shows the next hand. A handover is armed only
    after it has been on screen for the guard time with no key for half of
    it; every key before that is dropped. Right after a human move, Enter 50
    ms later; once that has met a handover, ten Enters within half a second
    after a later move. Whenever the keyboard must pass, the next human's
    view stays off the screen until an Enter pressed once the handover is
    armed. Then the guard goes off, so the rest of the match runs fast."""

    BURSTS = ([0.05], [0.05] + [0.045] * 9)
    # Four times the app's guard: on a loaded machine the Enters' gaps
    # stretch, and a gap of half the guard would arm the handover mid-burst
    # (as it should: that Enter is no longer stray).
    GUARD = 4 * HANDOVER_GUARD

    def __init__(self, match: Match) -> None:
        self.match = match
        self.left = list(self.BURSTS)

    async def after_move(self, pilot, mover: int, moved: bool) -> None:
        app, match = pilot.app, self.match
        if not self.left or not moved or match.is_over():
            return
        for gap in self.left[0]:
            await pilot.pause(gap)
            await pilot.press("enter")
            if match.at_keyboard == mover and not match.is_over():
                next_humans_hand_is_hidden(app, match, mover)
        await settle(pilot)
        if not isinstance(app.screen, HandoverScreen):
            return  # no handover met: the same Enters after the next move
        # The stray Enters met a handover and it held: the next player gets
        # the keyboard only with an Enter once it is armed.
        handover = app.screen
        next_humans_hand_is_hidden(app, match, mover)
        await wait_until_armed(pilot, handover)
        assert "press Enter" in screen_text(app)
        next_humans_hand_is_hidden(app, match, mover)
        self.left.pop(0)
        if not self.left:
            app.handover_guard = 0


def whole_match_of(spec: GameSpec) -> ModuleType | None:
    return fixture_module(spec, "whole_match")


@pytest.mark.parametrize("spec", DRIVEN, ids=[spec.id for spec in DRIVEN])
async def test_a_whole_match_with_two_humans_and_a_bot_by_keys_keeps_the_handover_rules(spec):
    part = whole_match_of(spec)
    match = part.new_match() if part is not None else two_humans_and_a_bot(spec, seed=1)
    watch = part.Watch(match) if part is not None else None
    decide = getattr(watch, "decide", None) or driver_of(spec)
    observers = [SeatsView(match)] + ([watch] if watch is not None else [])
    guard = StrayEnters(match)

    def on_handover(screen, text):
        for observer in observers:
            observer.on_handover(screen, text)

    def on_game_screen(screen, text, seat):
        for observer in observers:
            observer.on_game_screen(screen, text, seat)

    app = make_app(match, handover_guard=StrayEnters.GUARD, ascii=getattr(part, "ASCII", False))
    async with app.run_test(size=SIZE) as pilot:
        handovers = await play_whole_match(pilot, match, decide, on_handover=on_handover,
                                           on_game_screen=on_game_screen, after_move=guard.after_move)
        assert isinstance(app.screen, ResultsScreen) and match.is_over()
        assert f"{spec.title}:" in screen_text(app)
        if watch is not None:
            await watch.at_results(pilot, handovers)
    assert observers[0].seen == set(match.humans)  # both humans played
    assert handovers >= 2
    assert not guard.left, "stray Enters met a handover after a move, both times"
