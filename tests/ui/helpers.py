"""Driving the app in tests: rendered text, waiting for bots, playing by keys."""

from __future__ import annotations

import io
import re
import time
from typing import Callable

from rich.console import Console
from textual.pilot import Pilot

from tablegames.core.match import Match
from tablegames.core.records import Seat
from tests.fixtures.blind_chicken.driver import decide as play_turn
from tablegames.ui.app import TableGamesApp
from tablegames.ui.game_screen import GameScreen
from tablegames.ui.handover import HandoverScreen
from tablegames.ui.results import ResultsScreen

SIZE = (80, 24)


def make_app(match: Match | None = None, **kwargs) -> TableGamesApp:
    kwargs.setdefault("bot_delay", 0)
    kwargs.setdefault("handover_guard", 0)  # tests of the guard itself set it
    app = TableGamesApp(match=match, **kwargs)
    app.animation_level = "none"
    return app


def chicken_match(*seats: Seat, seed: int = 11, hands: int = 1) -> Match:
    return Match.new("blind-chicken", list(seats), {"hands": hands}, seed=seed)


def one_human_in_play_phase(seed: int = 3):
    """Ann against two bots, at her first decision of the play phase."""
    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=seed)
    match.run_bots()
    match.play(match.legal_actions()[0])  # her order
    match.run_bots()
    return match


def screen_text(app: TableGamesApp) -> str:
    """What the terminal shows now, as plain text."""
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(),
                      color_system=None, record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def shown_numbers(text: str) -> set[int]:
    """Whole numbers written on screen (a minus sign makes it a score, not a card)."""
    return {int(m) for m in re.findall(r"(?<![\d-])\d+(?!\d)", text)}


def hand_cards(match: Match, seat: int) -> set[int]:
    """The cards in a seat's hand, read from the state (only tests may)."""
    return {int(card[1:]) for card in match._state.view(seat)["hand"]}


# How long a wait may take before it fails. Only a failure waits this
# long: every wait ends as soon as its condition holds, and a loaded
# machine (two cores, several test processes) may take seconds.
DEADLINE = 60.0


def describe_screen(app: TableGamesApp) -> str:
    """The screen's class and text, for a failure message."""
    try:
        return f"{type(app.screen).__name__}:\n{screen_text(app)}"
    except Exception as error:  # (no screen, or one being torn down)
        return f"(no screen to show: {error!r})"


async def wait_for(pilot: Pilot, condition: Callable[[], object], what: str,
                   timeout: float = DEADLINE) -> None:
    """Let the app run until ``condition()`` holds; fail after ``timeout``
    seconds of wall-clock time, saying what was awaited and what the screen
    showed. The one way tests wait: never a count of pauses, which a loaded
    machine turns into too little time."""
    deadline = time.monotonic() + timeout
    while True:
        await pilot.pause()
        if condition():
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}; the screen is "
                                 f"{describe_screen(pilot.app)}")


async def settle(pilot: Pilot) -> None:
    """Wait until the app waits for input (``TableGamesApp.is_idle``: no
    bot move, worker or screen switch pending), then one more pause so the
    screen shows the result."""
    app = pilot.app
    if isinstance(app, TableGamesApp):
        idle = app.is_idle
    else:  # a bare Textual app (a reproduction of a Textual bug): its workers
        def idle() -> bool:
            return all(worker.is_finished for worker in app.workers)
    await wait_for(pilot, idle, "the app to wait for input (no bot move, worker or screen switch pending)")
    await pilot.pause()


async def wait_until_armed(pilot: Pilot, screen: HandoverScreen) -> None:
    """Wait until the handover takes an Enter (at once when the app's
    guard time is 0)."""
    await wait_for(pilot, lambda: screen.armed, "the handover to arm")


async def play_whole_match(pilot: Pilot, match: Match, decide, *, on_handover, on_game_screen,
                           after_move=None, limit: int = 400) -> int:
    """Drive a match to the results screen through the real screens, with
    keys only, and check what every game shares: each handover passes the
    keyboard to a different human, nobody reaches a game screen without a
    handover, and there is exactly one handover before the first human move
    and one each time the human making the move changes.

    The game's own privacy checks come in as ``on_handover(screen, text)``
    and ``on_game_screen(screen, text, seat)``; ``decide(pilot)`` makes the
    current decision with keys; ``await after_move(pilot, seat, moved)``
    runs right after it (``moved``: whether it made a move). A handover
    gets its Enter once it is armed (the app's guard time). Returns the
    number of handovers."""
    app = pilot.app
    humans = set(match.humans)
    handovers = 0
    keyboard = None  # who confirmed the last handover
    for _ in range(limit):
        await settle(pilot)
        screen = app.screen
        text = screen_text(app)
        if isinstance(screen, ResultsScreen):
            break
        if isinstance(screen, HandoverScreen):
            handovers += 1
            assert screen.next_seat in humans and screen.next_seat != match.at_keyboard
            assert f"Pass the keyboard to {match.names[screen.next_seat]}" in text
            on_handover(screen, text)
            await wait_until_armed(pilot, screen)
            await pilot.press("enter")
            keyboard = screen.next_seat
            continue
        assert isinstance(screen, GameScreen)
        if screen.showing_final_table:
            # A bot's move ended the game: the table as it ended, then Enter.
            assert match.is_over() and "The game is over" in text
            await pilot.press("enter")
            continue
        seat = match.at_keyboard
        if match.pending_pass:
            # The mover's move may still be taken back: their own screen waits,
            # on the public table, for them to pass the keyboard.
            assert seat == keyboard and screen.seat is None and not screen.my_turn()
            assert f"{match.names[seat]}, your move is done" in text
            await pilot.press("enter")
            continue
        assert seat == keyboard and seat in humans and screen.my_turn()
        on_game_screen(screen, text, seat)
        moves = len(match.record.actions)
        await decide(pilot)
        if after_move is not None:
            await after_move(pilot, seat, len(match.record.actions) > moves)
    else:
        raise AssertionError("the match did not reach the results")
    movers = [seat for seat, _ in match.record.actions if seat in humans]
    changes = sum(1 for a, b in zip(movers, movers[1:]) if a != b)
    assert handovers == 1 + changes
    return handovers


__all__ = ["play_whole_match", "wait_until_armed", "wait_for", "describe_screen", "DEADLINE", "SIZE", "make_app", "chicken_match", "screen_text", "shown_numbers", "hand_cards",
           "settle", "play_turn", "one_human_in_play_phase", "HandoverScreen", "ResultsScreen", "GameScreen", "Seat"]
