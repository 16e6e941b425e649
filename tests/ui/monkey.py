"""Random keys, clicks and resizes through the real app, with what must
always hold checked after every event.

Used by ``tests/ui/test_random_keys.py`` (a short run in the suite) and by
``scripts/random_keys.py`` (a long run that prints how many events the app
survived).

Most keys are drawn from the keys that mean something on the screen at hand
(its footer and the focused widget's bindings), so runs get through the
picker, seat setup, whole matches of every game, handovers, the rules, the
command palette and the results; the others are junk: any key, typed
brackets (a name like ``[/]``), bursts sent without waiting, clicks anywhere
and terminal sizes from 60x20 to 200x60.

After every event:
- no exception;
- at most one screen of each kind on the stack, and at most one of the
  match screens (setup, game, handover, results);
- the "too small" notice is on top exactly when the terminal is below 80x24;
- the save on disk equals the match in memory;
- a handover never opens while the last move may still be taken back.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from textual import events
from textual.command import CommandPalette
from textual.pilot import OutOfBounds, Pilot
from textual.screen import Screen

from tablegames.core import records, saves
from tablegames.core.match import Match
from tablegames.ui.app import MIN_HEIGHT, MIN_WIDTH, TableGamesApp
from tablegames.ui.game_screen import GameScreen
from tablegames.ui.handover import HandoverScreen
from tablegames.ui.picker import PickerScreen
from tablegames.ui.results import ResultsScreen
from tablegames.ui.rules_screen import RulesScreen
from tablegames.ui.seat_setup import SetupScreen
from tablegames.ui.too_small import TooSmallScreen
from tests.ui.helpers import wait_for

JUNK_KEYS = (
    "enter", "escape", "tab", "shift+tab", "space", "backspace", "delete", "up", "down", "left",
    "right", "home", "end", "pageup", "pagedown", "shift+left", "shift+right", "question_mark",
    "ctrl+p", "ctrl+s", "u", "q", "n", "y", "a", "r", "o", "s", "l", "p", "comma", "full_stop",
    "left_square_bracket", "right_square_bracket", "slash", "1", "2", "3", "4", "5", "9", "f1",
)
# Typed into a name or seed field: brackets make names that look like markup.
TYPED = ("left_square_bracket", "right_square_bracket", "slash", "a", "b", "x", "1", "backspace")
BURSTS = (("ctrl+p", "pagedown"), ("ctrl+p", "pageup"), ("ctrl+p", "ctrl+p"), ("enter", "enter"),
          ("escape", "ctrl+p", "down", "enter"), ("question_mark", "escape"), ("u", "enter"))
SMALL_SIZES = ((60, 20), (79, 24), (80, 23), (70, 30), (120, 22))
BIG_SIZES = ((80, 24), (80, 24), (81, 25), (100, 30), (120, 40), (200, 60))
NEVER = {"ctrl+q", "ctrl+c", "ctrl+z"}  # quit or suspend the whole app


@dataclass
class Tally:
    """What a run went through."""

    events: int = 0
    apps: int = 0  # app starts (a quit from the picker or a palette starts a new one)
    screens: Counter[str] = field(default_factory=Counter)
    games: Counter[str] = field(default_factory=Counter)  # game id -> events on its screens
    handovers: int = 0
    waits_to_pass: int = 0  # events while a finished move waited for Enter or u
    results: int = 0

    def add(self, other: "Tally") -> None:
        self.events += other.events
        self.apps += other.apps
        self.screens += other.screens
        self.games += other.games
        self.handovers += other.handovers
        self.waits_to_pass += other.waits_to_pass
        self.results += other.results


class Broken(AssertionError):
    """An invariant failed (or the app raised) after an event."""


def kind(screen: Screen) -> str:
    for cls, name in ((TooSmallScreen, "too small"), (CommandPalette, "palette"),
                      (RulesScreen, "rules"), (PickerScreen, "picker"), (SetupScreen, "setup"),
                      (HandoverScreen, "handover"), (ResultsScreen, "results"), (GameScreen, "game")):
        if isinstance(screen, cls):
            return name
    return type(screen).__name__


MATCH_KINDS = {"setup", "game", "handover", "results"}


def current_match(app: TableGamesApp) -> Match | None:
    for screen in reversed(app.screen_stack):
        match = getattr(screen, "match", None)
        if isinstance(match, Match):
            return match
    return None


def check(app: TableGamesApp) -> None:
    """What must hold after every event (raises Broken)."""
    if app._exception is not None:
        raise Broken(f"the app raised {type(app._exception).__name__}: {app._exception}")
    stack = app.screen_stack
    kinds = Counter(kind(screen) for screen in stack)
    doubled = [name for name, count in kinds.items() if count > 1]
    if doubled or sum(kinds[k] for k in MATCH_KINDS) > 1:
        raise Broken(f"several screens of a kind on the stack: {[kind(s) for s in stack]}")
    width, height = app.size
    small = width < MIN_WIDTH or height < MIN_HEIGHT
    if small != isinstance(app.screen, TooSmallScreen):
        raise Broken(f"at {width}x{height} the top screen is {kind(app.screen)} "
                     f"(stack {[kind(s) for s in stack]})")
    match = current_match(app)
    if match is None:
        return
    if isinstance(app.screen, HandoverScreen) and match.can_take_back():
        raise Broken("a handover opened while the last move may still be taken back")
    if match.save_path is None:
        if any(match.record.seats[seat].is_human for seat, _ in match.record.actions):
            raise Broken("a human has moved but the match was never saved")
        return
    saved = saves.load(match.save_path).to_json()
    memory = match.record.to_json()
    for stamp in ("created", "updated"):
        saved.pop(stamp, None)
        memory.pop(stamp, None)
    if saved != memory:
        raise Broken(f"the save differs from the match in memory:\n{saved}\n{memory}")


def meaningful_keys(app: TableGamesApp) -> list[str]:
    """Keys bound on the screen at hand and its focused widget (not the quits)."""
    keys: list[str] = []
    for _, bindings in app.screen._modal_binding_chain:
        for key in bindings.key_to_bindings:
            if key not in NEVER:
                keys.append(key)
    return keys or list(JUNK_KEYS)


def notice_is_right(app: TableGamesApp) -> bool:
    width, height = app.size
    return (width < MIN_WIDTH or height < MIN_HEIGHT) == isinstance(app.screen, TooSmallScreen)


async def settle(pilot: Pilot) -> None:
    """Let the app catch up with the event (two pauses: the run does not
    wait for the bots, so keys keep coming while they move), then wait
    until the too-small notice is where it belongs (the size check runs
    after a refresh) or the app has ended."""
    app = pilot.app
    await pilot.pause()
    await pilot.pause()
    await wait_for(pilot, lambda: notice_is_right(app) or app.return_code is not None
                   or app._exception is not None, "the too-small notice to follow the size")


def send_now(app: TableGamesApp, keys: tuple[str, ...]) -> None:
    """Keys back to back, without waiting for the app in between."""
    driver = app._driver
    assert driver is not None
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        driver.send_message(event)


async def one_event(pilot: Pilot, rng: random.Random, history: list[str]) -> None:
    app = pilot.app
    roll = rng.random()
    focused = app.focused
    typing = focused is not None and type(focused).__name__ == "Input"
    small = not notice_is_right(app) or isinstance(app.screen, TooSmallScreen)
    if roll < (0.2 if small else 0.05):
        width, height = rng.choice(SMALL_SIZES if rng.random() < 0.3 else BIG_SIZES)
        history.append(f"resize {width}x{height}")
        await pilot.resize_terminal(width, height)
    elif roll < 0.13:
        width, height = app.size
        x, y = rng.randrange(width), rng.randrange(height)
        times = 2 if rng.random() < 0.3 else 1
        history.append(f"click {x},{y}" + (" twice" if times == 2 else ""))
        try:
            await pilot.click(offset=(x, y), times=times)
        except OutOfBounds:
            pass
    elif roll < 0.16:
        burst = rng.choice(BURSTS)
        history.append("burst " + " ".join(burst))
        send_now(app, burst)
    else:
        if typing and rng.random() < 0.5:
            key = rng.choice(TYPED)
        elif rng.random() < 0.8:
            key = rng.choice(meaningful_keys(app))
        else:
            key = rng.choice(JUNK_KEYS)
        if key == "q" and isinstance(app.screen, (PickerScreen, ResultsScreen)) and rng.random() < 0.9:
            key = "escape"  # quitting the app is allowed, but rarely: it ends the run's app
        history.append(key)
        await pilot.press(key)


def tally_screen(app: TableGamesApp, tally: Tally) -> None:
    screen = app.screen
    tally.screens[kind(screen)] += 1
    match = current_match(app)
    if isinstance(screen, GameScreen):
        tally.games[screen.match.spec.id] += 1
    if isinstance(screen, HandoverScreen):
        tally.handovers += 1
    if isinstance(screen, ResultsScreen):
        tally.results += 1
    if match is not None and match.pending_pass:
        tally.waits_to_pass += 1


async def run(seed: int, events: int, *, start: Callable[[], Match] | None = None,
              size: tuple[int, int] = (80, 24), history_length: int = 40) -> Tally:
    """``events`` random events from a fresh app at the picker (or in the
    match ``start()`` builds); a new app starts whenever one quits. Raises
    Broken with the last events and the seed."""
    rng = random.Random(seed)
    tally = Tally()
    history: list[str] = []
    while tally.events < events:
        app = TableGamesApp(match=start() if start else None, bot_delay=0)
        app.animation_level = "none"
        tally.apps += 1
        try:
            async with app.run_test(size=size) as pilot:
                await settle(pilot)
                check(app)
                tally_screen(app, tally)
                while tally.events < events and app.is_running and app.return_code is None:
                    await one_event(pilot, rng, history)
                    tally.events += 1
                    await settle(pilot)
                    if app.return_code is not None and app._exception is None:
                        break  # quit normally: start again
                    check(app)
                    tally_screen(app, tally)
        except Broken as exc:
            raise Broken(f"seed {seed}, event {tally.events}: {exc}\n"
                         f"last events: {' | '.join(history[-history_length:])}") from None
        except Exception as exc:
            raise Broken(f"seed {seed}, event {tally.events}: {type(exc).__name__}: {exc}\n"
                         f"last events: {' | '.join(history[-history_length:])}") from exc
    return tally


def markup_names_match() -> Match:
    """A Blind Business match (two humans and a bot) whose names look like
    markup: every screen must print them as typed."""
    seats = [records.Seat("[/]"), records.Seat("a[/a]"), records.Seat("[b]Bot", "random")]
    return Match.new("blind-business", seats, None, seed=3)


def finished_markup_names_match() -> Match:
    """A finished Blind Chicken match (two humans and a bot, names that look
    like markup): runs from it start on the results."""
    seats = [records.Seat("[/]"), records.Seat("a[/a]"), records.Seat("[b]", "random")]
    match = Match.new("blind-chicken", seats, None, seed=4)
    while not match.is_over():
        match.run_bots()
        if match.is_over():
            break
        if match.pending_pass:
            match.confirm_pass()
        if match.needs_handover():
            match.take_keyboard(match.next_human())
        match.play(match.legal_actions()[0])
    return match


STARTS: tuple[Callable[[], Match] | None, ...] = (None, markup_names_match, finished_markup_names_match)
